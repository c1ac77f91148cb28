"""Shared pieces of the trace-import tests: a benchmark, the CLI runs, and the ``mb eval`` round trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from mb._hashing import example_hash
from mb.cli import main
from mb.entities import Example

WEATHER: dict[str, Any] = {
    "inputs": {
        "messages": [{"role": "user", "content": "What is the weather in Paris tomorrow?"}],
        "tools": ["weather"],
    },
    "expectations": {
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "weather",
                "parameters": [
                    {"param": "city", "matcher": {"match_as": "equality", "value": "Paris"}},
                    {"param": "day", "matcher": {"match_as": "date_time", "value": "tomorrow"}},
                ],
            }
        ]
    },
}
CAPITAL: dict[str, Any] = {
    "inputs": {"messages": [{"role": "user", "content": "What is the capital of France?"}]},
    "expectations": {"assertions": [{"assert_that": "no_tool_called"}]},
}


def hash_of(document: dict[str, Any]) -> str:
    """The example hash the runner gives this benchmark line."""
    return example_hash(Example.model_validate(document))


def write_benchmark(path: Path, *documents: dict[str, Any]) -> Path:
    """A benchmark file of the given lines."""
    path.write_text("".join(json.dumps(document) + "\n" for document in documents))
    return path


def import_traces(source: str, traces: Path, benchmark: Path, output: Path, *extra: str) -> Result:
    """``mb import traces`` through the CLI."""
    args = ["import", "traces", "--from", source, str(traces), "--benchmark", str(benchmark), "-o", str(output)]
    return CliRunner().invoke(main, [*args, *extra])


def executed_lines(path: Path) -> list[dict[str, Any]]:
    """The lines of an executed benchmark."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def evaluate(executed: Path, tmp_path: Path) -> tuple[Result, list[dict[str, Any]]]:
    """``mb eval`` on an executed benchmark (lexical judge): the run and its result rows; the file also
    passes ``mb validate --executed``."""
    checked = CliRunner().invoke(main, ["validate", "--executed", str(executed)])
    assert checked.exit_code == 0, checked.output
    results = tmp_path / "results.jsonl"
    run = CliRunner().invoke(main, ["eval", "--judge", "lexical", "-q", str(executed), "-o", str(results)])
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert "mb_results" in rows[0]  # the run record comes first
    return run, rows[1:]
