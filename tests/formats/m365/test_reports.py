"""CSV and HTML reports of an output document, and the choice of format by extension."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from mb.formats.m365 import csv_report, report_format, write_report

from .helpers import fixture

RULES = fixture("example-output-status-rules.json")


def _csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_has_one_row_per_item_or_turn_and_value_result_and_reason_per_score() -> None:
    rows = _csv_rows(csv_report(RULES))
    assert len(rows) == 6 + 3 + 3
    assert list(rows[0])[:8] == ["item", "turn", "name", "prompt", "expected_response", "response", "status", "error"]
    assert list(rows[0])[8:] == [
        *("relevance", "relevance_result", "relevance_reason"),
        *("coherence", "coherence_result", "coherence_reason"),
        "skipped",
    ]
    assert rows[1]["relevance"] == "2"
    assert rows[1]["relevance_result"] == "fail"
    assert rows[1]["relevance_reason"] == "Response is factually incorrect."
    assert rows[1]["status"] == "fail"
    crash = rows[3]
    assert crash["status"] == "partial"
    assert crash["coherence_result"] == "error"
    assert crash["coherence"] == "Evaluator failed: Connection timeout to Azure OpenAI endpoint after 30s"
    assert crash["error"] == "Agent response obtained. 1 of 2 evaluators failed to run."
    turns = [row for row in rows if row["item"] == "8"]
    assert [row["turn"] for row in turns] == ["1", "2", "3"]
    assert turns[0]["name"] == "Conversation that aborted mid-thread"
    assert turns[2]["error"] == "Turn not attempted: preceding turn failed"


def test_csv_quotes_commas_newlines_and_lists_skipped_evaluators() -> None:
    document = {
        "items": [
            {
                "prompt": 'Say "hi",\nthen stop',
                "response": "hi",
                "status": "pass",
                "scores": {"exactMatch": {"match": True, "result": "pass"}},
                "extensions": {"morganabench": {"skipped": [{"evaluator": "Relevance", "reason": "needs an LLM"}]}},
            }
        ]
    }
    (row,) = _csv_rows(csv_report(document))
    assert row["prompt"] == 'Say "hi",\nthen stop'
    assert row["exactMatch"] == "true"
    assert row["exactMatch_result"] == "pass"
    assert row["skipped"] == "Relevance: needs an LLM"


@pytest.mark.parametrize(
    ("name", "kind"), [("r.json", "json"), ("r.CSV", "csv"), ("r.html", "html"), ("r.htm", "html"), ("r.txt", None)]
)
def test_format_by_extension(name: str, kind: str | None) -> None:
    assert report_format(name) == kind


def test_write_report_writes_each_format(tmp_path: Path) -> None:
    assert write_report(RULES, tmp_path / "a" / "r.json") == "json"
    assert json.loads((tmp_path / "a" / "r.json").read_text(encoding="utf-8")) == RULES
    write_report(RULES, tmp_path / "r.csv")
    assert (tmp_path / "r.csv").read_bytes().startswith(b"\xef\xbb\xbfitem,turn,")
    write_report(RULES, tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    with pytest.raises(ValueError, match="unknown report format"):
        write_report(RULES, tmp_path / "r.txt")
