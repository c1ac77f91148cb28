"""Trace conversion reads each request and its tool's name a bounded number of times, however many chat spans
record requests."""

from __future__ import annotations

import json
from typing import Any

import pytest

import mb.formats.traces._common as common
from mb._json_text import distinct_id
from mb.entities import ToolCall, ToolResult
from mb.formats.traces import SourceTrace, Step, build_outputs


def _nested(count: int) -> SourceTrace:
    """Chat spans each inside the last, each requesting its own call; the innermost also records the outermost's
    request again (one answer recorded twice), and a tool span runs the last request."""
    steps = [
        Step("chat", i, f"s{i}", name="llm", output_text="ok", requested=[(f"c{i}", "search", json.dumps({"q": i}))])
        for i in range(count)
    ]
    steps[-1].requested.append(("c0", "crm.search", '{"q": 0}'))
    steps.append(Step("tool", count, "t", name="search", call_id=f"c{count - 1}", result='{"ok": true}'))
    parents = {f"s{i}": f"s{i - 1}" for i in range(1, count)} | {"t": "s0"}
    return SourceTrace("t1", "test", start=1_700_000_000_000_000_000, steps=steps, parent_of=parents)


def _counted(function: Any, work: list[str]) -> Any:
    def counted(*args: Any, **kwargs: Any) -> Any:
        work.append(function.__name__)
        return function(*args, **kwargs)

    return counted


@pytest.mark.parametrize("count", [100, 400])
def test_nested_chat_spans_read_each_request_a_bounded_number_of_times(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    work: list[str] = []
    for name in ("loads_maybe", "same_tool", "tool_keys"):  # reading arguments, comparing tool names
        real = getattr(common, name, None)
        if real is not None:
            monkeypatch.setattr(common, name, _counted(real, work))
    outputs = build_outputs(_nested(count), named=("search",))
    calls = [event for event in outputs.trace or [] if isinstance(event, ToolCall)]
    assert [call.id for call in calls] == [f"c{i}" for i in range(count)]  # the repeated request is no new call
    assert [call.params for call in calls[:2]] == [{"q": 0}, {"q": 1}]
    results = [event for event in outputs.trace or [] if isinstance(event, ToolResult)]
    assert [result.id for result in results] == [f"c{count - 1}"]
    assert len(work) < 20 * count


class _Ids(dict[str, int]):
    """Ids handed out, counting the look-ups made in them."""

    looks = 0

    def __contains__(self, key: object) -> bool:
        type(self).looks += 1
        return super().__contains__(key)


def test_an_id_reused_many_times_gets_its_next_number_in_bounded_work() -> None:
    used = _Ids()
    given = [distinct_id(call_id, used) for call_id in ["c#3", *["c"] * 2000, "c#3"]]
    assert given[:5] == ["c#3", "c", "c#2", "c#4", "c#5"]  # c#3 was taken first
    assert given[-2:] == ["c#2001", "c#3#2"]
    assert _Ids.looks < 3 * len(given)
