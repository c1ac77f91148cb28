"""Shared helpers of the report tests: executed benchmarks with known content, their results, the page's data."""

from __future__ import annotations

import base64
import copy
import gzip
import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import orjson
from click.testing import CliRunner

from mb.cli import main
from mb.data import example_lines
from mb.results_format import RunCounts, RunRecord

HOSTILE = '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> \u2028 & done'
"""A response that would run script if the page inserted it as markup or let it end the data element."""

FLIP_LINE = 9
"""The line of the bundled examples (convert_currency) that :func:`flipped` makes fail."""


def bundled() -> list[dict[str, Any]]:
    """The bundled executed examples (eleven lines; the lexical judge leaves lines 2, 10 and 11 undecided, line 3 cites
    a span past its response)."""
    return [copy.deepcopy(document) for document in example_lines(executed=True)]


def hostile() -> dict[str, Any]:
    """An executed line whose request, response and tool arguments hold markup."""
    return {
        "inputs": {"messages": [{"role": "user", "content": "Find <b>bold</b> </script> please"}], "tools": ["search"]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "search",
                    "parameters": [{"param": "query", "matcher": {"match_as": "equality", "value": "<script>x"}}],
                }
            ]
        },
        "outputs": {
            "response": HOSTILE,
            "trace": [{"event": "tool_call", "id": "h1", "tool": "search", "params": {"query": "<script>y"}}],
        },
    }


def flipped(documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy where line :data:`FLIP_LINE` converts 999 instead of 100 (its assertions then fail)."""
    changed = copy.deepcopy(documents)
    for event in changed[FLIP_LINE - 1]["outputs"]["trace"]:
        if event.get("event") == "tool_call":
            event["params"]["amount"] = 999
    return changed


def write_jsonl(path: Path, documents: list[dict[str, Any]]) -> Path:
    """Write documents as JSONL and return the path."""
    path.write_text("".join(json.dumps(document) + "\n" for document in documents), encoding="utf-8")
    return path


def evaluate(executed: Path, results: Path) -> dict[str, Any]:
    """``mb eval --judge lexical`` of ``executed`` into ``results``; the summary it printed (``--format json``)."""
    outcome = CliRunner().invoke(
        main, ["eval", "--judge", "lexical", "-q", "--format", "json", str(executed), "-o", str(results)]
    )
    assert outcome.exit_code == 0, outcome.output
    summary: dict[str, Any] = json.loads(outcome.stdout)
    return summary


_DATA = re.compile(rb'<script type="application/json" id="mb-data" data-encoding="(\w+)">(.*?)</script>', re.S)


def page_data(page: bytes) -> dict[str, Any]:
    """The data embedded in a report page, decoded as the page decodes it (detail blocks included)."""
    found = _DATA.search(page)
    assert found is not None, "the page has no data element"
    encoding, body = found.group(1), found.group(2)
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(body)) if encoding == b"gzip" else body)
    for run in data["runs"]:
        run["blocks"] = [
            json.loads(gzip.decompress(base64.b64decode(block))) if isinstance(block, str) else block
            for block in run["blocks"]
        ]
    return data


_TOOLS = ("search", "send_email", "calendar", "create_ticket", "lookup_order", "convert_currency")
_MATCHERS = ("equality", "email", "missing", "optional", "date_time", "free_text")


def synthetic_rows(count: int, seed: int = 5) -> list[bytes]:
    """``count`` result lines as ``mb eval`` writes them (run record first), varied: statuses, tools, matchers,
    categories, scores, token use and reasons differ from row to row."""
    rng = random.Random(seed)
    lines: list[bytes] = []
    for line in range(1, count + 1):
        status = rng.choices(("passed", "failed", "error"), (80, 17, 3))[0]
        assertions = []
        for index in range(rng.randint(1, 3)):
            tool = rng.choice(_TOOLS)
            passed = status == "passed" or index > 0
            parameters = [
                {"params": [f"p{k}"], "match_as": rng.choice(_MATCHERS), "passed": passed, "score": float(passed),
                 "reason": "got the expected value" if passed else f"expected {rng.randint(1, 99)}, got {line}",
                 "error": None, "confidence": None}
                for k in range(rng.randint(1, 3))
            ]  # fmt: skip
            assertions.append(
                {"assert_that": "tool_called", "tool": tool, "passed": passed, "call_id": f"c{line}_{index}",
                 "reason": "satisfied" if passed else f"call c{line}_{index} to '{tool}' does not match",
                 "parameters": parameters, "error": None}
            )  # fmt: skip
        row = {
            "line": line, "passed": status == "passed", "status": status,
            "score": 1.0 if status == "passed" else round(rng.random(), 2), "assertions": assertions, "checks": [],
            "metrics": {"similarity": {"status": "ok", "value": rng.randint(1, 5), "passed": True, "threshold": 3,
                                       "reason": "graded", "judge": "lexical", "gating": False, "details": {}}},
            "error": f"agent failed on line {line}" if status == "error" else None,
            "categories": {"topic": rng.choice(("billing", "travel", "support", "scheduling")),
                           "difficulty": rng.choice(("easy", "medium", "hard"))},
            "example_hash": hashlib.sha256(str(line).encode()).hexdigest(),
            "usage": {"input_tokens": rng.randint(50, 4000), "output_tokens": rng.randint(5, 600)},
        }  # fmt: skip
        lines.append(orjson.dumps(row))
    return recounted(lines)


def recounted(rows: list[bytes]) -> list[bytes]:
    """``rows`` (result lines) after a run record whose counts are theirs, as ``mb eval`` writes it."""
    statuses = [orjson.loads(row)["status"] for row in rows]
    counts = RunCounts(
        total=len(rows),
        passed=statuses.count("passed"),
        failed=statuses.count("failed"),
        errors=statuses.count("error"),
        undecided=statuses.count("undecided"),
    )
    return [json.dumps({"mb_results": RunRecord(counts=counts).model_dump(mode="json")}).encode(), *rows]


def write_synthetic_results(path: Path, count: int) -> Path:
    """Write :func:`synthetic_rows` to ``path``."""
    path.write_bytes(b"\n".join(synthetic_rows(count)) + b"\n")
    return path
