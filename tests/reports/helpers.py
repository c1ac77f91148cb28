"""Shared helpers of the report tests: executed benchmarks with known content, their results, the page's data."""

from __future__ import annotations

import base64
import copy
import gzip
import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from mb.cli import main
from mb.data import example_lines

HOSTILE = '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> \u2028 & done'
"""A response that would run script if the page inserted it as markup or let it end the data element."""

FLIP_LINE = 9
"""The line of the bundled examples (convert_currency) that :func:`flipped` makes fail."""


def bundled() -> list[dict[str, Any]]:
    """The bundled executed examples (eleven lines; line 11 fails, line 3 cites a span past its response)."""
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
