"""The data a report page shows, assembled row by row: figures, a compact examples table, detail blocks.

The examples table is columnar (one list per column, repeated strings replaced by indexes into shared lists) so
that 100,000 rows stay small and quick to parse. The drill-down data of each example (its result row and its
executed line, both as JSON text) is grouped in blocks of :data:`BLOCK_SIZE` examples that the page decodes only
when one of their examples is opened; blocks are compressed once the data grows past what plain JSON should carry.
"""

from __future__ import annotations

from typing import Any

import orjson

from ...evaluation import SummaryBuilder
from ...results import ExampleResult, Summary
from ...results_format import RunRecord
from ._load import ExecutedLine, Row, number_or_none
from ._page import AUTO_GZIP_BYTES, Embedding, pack

__all__ = ["BLOCK_SIZE", "BlockStore", "Interner", "RunBuilder"]

BLOCK_SIZE = 1000
"""Examples per detail block."""

_REASON_CHARS = 240
_REQUEST_CHARS = 200
_STATUS_CODE = {"passed": 0, "failed": 1, "error": 2, "undecided": 3}
_COLUMNS = (
    "line",
    "status",
    "score",
    "cats",
    "tools",
    "matchers",
    "reason",
    "request",
    "ex",
    "latency",
    "tokens",
    "repeat",
)


class Interner(dict[str, int]):
    """Indexes of strings in a shared list (the keys, in the order first seen): each distinct string is stored once."""

    def __call__(self, value: str) -> int:
        return self.setdefault(value, len(self))


class BlockStore:
    """The detail blocks of every run: JSON text, or gzip+base64 text once compressed. With no embedding chosen,
    blocks stay plain until their total passes :data:`AUTO_GZIP_BYTES`, then all are compressed."""

    def __init__(self, embedding: Embedding | None) -> None:
        self.embedding = embedding
        self.runs: list[list[bytes | str]] = []
        self._plain = 0

    def new_run(self) -> int:
        """Start the blocks of another run; its index."""
        self.runs.append([])
        return len(self.runs) - 1

    def add(self, run: int, data: bytes) -> None:
        """Keep a block (the JSON text of its entries) of run ``run``."""
        if self.embedding == "gzip":
            self.runs[run].append(pack(data))
            return
        self.runs[run].append(data)
        self._plain += len(data)
        if self.embedding is None and self._plain > AUTO_GZIP_BYTES:
            self.embedding = "gzip"
            self.runs = [[pack(b) if isinstance(b, bytes) else b for b in blocks] for blocks in self.runs]

    @property
    def chosen(self) -> Embedding:
        """The embedding of the page."""
        return self.embedding or "json"

    def blocks(self, run: int) -> list[Any]:
        """The blocks of run ``run`` as the page data holds them."""
        return [orjson.Fragment(b) if isinstance(b, bytes) else b for b in self.runs[run]]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _tokens(row: dict[str, Any]) -> int | None:
    usage = row.get("usage")
    if not isinstance(usage, dict):
        return None
    total = usage.get("total_tokens")
    if isinstance(total, int):
        return total
    counts = [part for key in ("input_tokens", "output_tokens") if isinstance(part := usage.get(key), int)]
    return sum(counts) if counts else None


class RunBuilder:
    """The page data of one run, fed one row at a time."""

    def __init__(
        self,
        name: str,
        record: RunRecord,
        executed: str | None,
        strings: dict[str, Interner],
        example_ids: Interner,
        store: BlockStore,
        *,
        keep_results: bool = False,
    ) -> None:
        self.name = name
        self.record = record
        self.executed = executed
        self.results: list[ExampleResult] = []
        """The rows as models, when ``keep_results`` (for comparisons)."""
        self._keep = keep_results
        self._strings = strings
        self._ids = example_ids
        self._store = store
        self._run = store.new_run()
        self._summary = SummaryBuilder()
        self._columns: dict[str, list[Any]] = {key: [] for key in _COLUMNS}
        self._metrics: dict[str, list[float | None]] = {}
        self._pending: list[bytes] = []
        self._count = 0

    def add(self, row: Row, line: ExecutedLine | None) -> None:
        """Add one result row and the executed line it scores (None when not at hand)."""
        data, columns, strings = row.data, self._columns, self._strings
        self._summary.add(data)
        if self._keep:
            self.results.append(row.result)
        columns["line"].append(data["line"])
        columns["status"].append(_STATUS_CODE[data["status"]])
        columns["score"].append(round(float(data["score"]), 4))
        parameters = [p for a in data["assertions"] for p in a["parameters"]]
        columns["cats"].append([strings["cats"](f"{k}={v}") for k, v in data["categories"].items()])
        tools = (
            line.tools if line is not None else tuple(dict.fromkeys(a["tool"] for a in data["assertions"] if a["tool"]))
        )
        columns["tools"].append([strings["tools"](str(name)) for name in tools])
        columns["matchers"].append(
            [strings["matchers"](name) for name in dict.fromkeys(p["match_as"] for p in parameters)]
        )
        reason = row.result.error or next(iter(row.result.failure_reasons()), "")
        columns["reason"].append(_clip(" ".join(reason.split()), _REASON_CHARS))
        columns["request"].append(_clip(line.request, _REQUEST_CHARS) if line is not None else "")
        key = data.get("example_hash")
        columns["ex"].append(self._ids(key) if isinstance(key, str) else -1)
        columns["latency"].append(line.latency_ms if line is not None else None)
        columns["tokens"].append(_tokens(data))
        repeat = data.get("repeat")
        columns["repeat"].append(repeat if isinstance(repeat, int) else None)
        for name, metric in data["metrics"].items():
            if metric["status"] == "skipped":
                continue
            values = self._metrics.setdefault(name, [])
            values.extend([None] * (self._count - len(values)))
            values.append(number_or_none(metric.get("value")))
        self._count += 1
        self._pending.append(b'{"r":' + row.raw + b',"x":' + (line.raw if line is not None else b"null") + b"}")
        if len(self._pending) == BLOCK_SIZE:
            self._flush()

    @property
    def count(self) -> int:
        """Rows added so far."""
        return self._count

    def _flush(self) -> None:
        if self._pending:
            self._store.add(self._run, b"[" + b",".join(self._pending) + b"]")
            self._pending = []

    def summary(self) -> Summary:
        """The summary ``mb eval`` printed for this run: recomputed from the rows, with the token use, prices and
        cost the run record kept (``mb eval --prices`` priced them when it ran)."""
        summary = self._summary.build(self.record.judge.name)
        if self.record.agent_usage is not None:
            summary.agent_usage = self.record.agent_usage
        summary.judge_usage = self.record.judge_usage
        summary.cost = self.record.cost
        return summary

    def finish(self) -> dict[str, Any]:
        """The run's page data (its blocks filled in when the page is assembled: see :meth:`BlockStore.blocks`)."""
        self._flush()
        for values in self._metrics.values():
            values.extend([None] * (self._count - len(values)))
        columns = dict(self._columns)
        if all(repeat is None for repeat in columns["repeat"]):
            del columns["repeat"]  # a run without trials: the page shows no trial column
        return {
            "name": self.name,
            "record": self.record.model_dump(mode="json"),
            "summary": self.summary().model_dump(mode="json"),
            "executed": self.executed,
            "count": self._count,
            "columns": columns,
            "metrics": self._metrics,
            "block_run": self._run,
        }
