"""On realistic lines (the benchmark's generator: a user time of its own per line, date_time groups, e-mails,
equality, missing and optional parameters) mixed with bad ones, ``mb eval`` scoring blocks of lines without the judge
(as its workers do) writes, byte for byte, what evaluating every line with the judge writes, and counts the same
summary."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import orjson

from mb.evaluation import SummaryBuilder
from mb.evaluation._engine import aiter_rows, make_evaluator
from mb.evaluation._workers import aiter_scored
from mb.io._reader import iter_records
from mb.results import Summary

BENCH = Path(__file__).resolve().parents[2] / "bench" / "evaluate.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_bench_evaluate", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _spoil(document: dict[str, Any], kind: int) -> bytes | None:
    """A bad or unusual variant of a line (None: keep it as generated)."""
    outputs, expectations = document["outputs"], document["expectations"]
    first = expectations["assertions"][0]
    if kind == 0:
        return orjson.dumps(document)[:200]  # cut short: not JSON
    if kind == 1:
        outputs["trace"][0]["params"] = "not an object"
    elif kind == 2:
        outputs["environment"]["user_time"] = "yesterday-ish"
    elif kind == 3:
        outputs["error"] = {"type": "TimeoutError", "message": "the agent timed out"}
    elif kind == 4:
        first["parameters"].append({"param": "note", "matcher": {"match_as": "date_time", "value": "the ides of zork"}})
    elif kind == 5:
        expectations["assertions"].append({"assert_that": "no_tool_called"})
        document["inputs"]["tools"] = ["search"]
    elif kind == 6:
        outputs["trace"].append({"event": "tool_result", "id": "ghost", "result": None})
        document["inputs"]["metadata"] = {"categories": {"team": "a"}}
    elif kind == 7:
        del document["outputs"]
    elif kind == 8:
        document.update(example_hash="0" * 64, repeat=2)
        outputs["usage"] = {"input_tokens": 5, "output_tokens": 7, "model": "m"}
    elif kind == 9:
        first["parameters"][0]["matcher"]["stray"] = None
        document["inputs"]["kept"] = 1
    elif kind == 10:
        outputs["environment"]["user_time"] = None
    else:
        return None
    return orjson.dumps(document)


def _lines(count: int) -> Iterator[bytes]:
    rng = random.Random(11)
    for line in _bench().realistic_lines(count, seed=3, date_share=0.3):
        kind = rng.randrange(40)  # about a quarter of the lines spoilt, one kind in 40 each
        spoilt = _spoil(orjson.loads(line), kind)
        yield line if spoilt is None else spoilt + b"\n"
        if kind == 39:
            yield b"\n"  # a blank line


async def _fast(path: Path) -> tuple[bytes, Summary]:
    evaluator = make_evaluator("lexical", [], ())
    summary = SummaryBuilder()
    data: list[bytes] = []
    async for batch in aiter_scored(path, evaluator, jobs=1):
        data.append(batch.data)
        summary.merge(batch.summary)
    return b"".join(data), summary.build("lexical")


async def _models(path: Path) -> tuple[bytes, Summary]:
    """Every valid line built into the data model and evaluated through it."""
    evaluator = make_evaluator("lexical", [], ())
    summary = SummaryBuilder()
    data: list[bytes] = []
    async for rows in aiter_rows(iter_records(path, executed=True), evaluator):
        for row in rows:
            summary.add(row)
            data.append(orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE))
    return b"".join(data), summary.build("lexical")


def test_blocks_scored_by_the_engine_write_what_evaluating_each_example_writes(tmp_path: Path) -> None:
    path = tmp_path / "realistic.jsonl"
    path.write_bytes(b"".join(_lines(400)))
    fast, fast_summary = anyio.run(_fast, path)
    full, full_summary = anyio.run(_models, path)
    for number, (one, other) in enumerate(zip(fast.splitlines(), full.splitlines(), strict=True), start=1):
        assert one == other, f"result {number} differs"
    assert fast == full
    assert fast_summary == full_summary
    assert fast_summary.total == sum(1 for line in path.read_bytes().splitlines() if line.strip())
    assert fast_summary.passed > 0
    assert fast_summary.failed > 0
    assert fast_summary.errors > 0
    assert fast_summary.by_matcher["date_time"].total > 50
