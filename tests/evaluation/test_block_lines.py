"""The fast path's block of lines: split as the line reader splits a stream, scored with the collector paused."""

from __future__ import annotations

import gc
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mb.data import example_lines
from mb.evaluation import _parallel as parallel
from mb.evaluation._example import MetricPlan
from mb.io._lines import read_lines

_pieces = st.lists(
    st.one_of(
        st.sampled_from([b"", b" ", b"\r", b"\t \r", b'{"a": 1}', b' {"b": 2} \r', b"x" * 12, b"\xef\xbb\xbfy"]),
        st.binary(max_size=16).map(lambda data: data.replace(b"\n", b"")),
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(_pieces, st.booleans(), st.integers(1, 14), st.integers(1, 5))
def test_a_block_splits_into_the_lines_the_stream_reader_gives(
    pieces: list[bytes], ended: bool, limit: int, first: int
) -> None:
    block = b"\n".join(pieces) + (b"\n" if ended else b"")
    expected = list(read_lines(io.BytesIO(block), limit, first))
    assert list(parallel._block_lines(block, limit, first)) == expected
    assert list(parallel._lines(first, block, limit)) == expected


def test_a_block_is_scored_with_the_collector_paused_and_restored() -> None:
    lines = _executed_lines()
    block = b"\n".join([*lines, b"{not json", b"  "])
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            parts, count, summary, _ = parallel._score(MetricPlan((), ()), frozenset(), 1, block, 10, 1 << 20)
            assert gc.isenabled() is enabled
        finally:
            gc.enable()
        assert count == len(lines) + 1  # the blank line is no line
        assert parts[-1] == (len(lines) + 1, b"{not json")  # left to the parent, in order
        taken = sum(part.count(b"\n") for part in parts if isinstance(part, bytes))
        assert taken == summary.build().total > 0


def _executed_lines() -> list[bytes]:
    """The published executed examples without their expected responses (those need a judge)."""
    lines = []
    for line in example_lines(executed=True):
        line["expectations"].pop("expected_response", None)
        lines.append(json.dumps(line).encode())
    return lines
