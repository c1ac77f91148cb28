"""The HTML report of an output document: the page it is written as, and the figures, names, cells and details its
data carries (no browser; tests/browser drive the page itself)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from mb.formats.m365 import html_report
from mb.formats.m365.report_html import report_data
from mb.formats.m365.rows import document_counts

from .helpers import fixture
from .html_tree import parse

RULES = fixture("example-output-status-rules.json")
HOSTILE = "<script>alert('x')</script> & \"quoted\" <img src=x onerror=alert(2)> </script>"


def _embedded(page: str) -> dict[str, Any]:
    """The data the page embeds, read back as the page reads it."""
    tree = parse(page)
    (element,) = [s for s in tree.all("script") if s.attrs.get("id") == "mb-data"]
    assert element.attrs["data-encoding"] == "json"
    data: dict[str, Any] = json.loads(element.text())
    return data


def test_the_page_is_the_report_page_self_contained_with_the_document_as_data() -> None:
    text = html_report(RULES)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text), "no external asset"
    assert "<link" not in text
    assert "@import" not in text
    assert "default-src 'none'" in text
    page = parse(text)
    scripts = page.all("script")
    assert [s.attrs.get("type") for s in scripts] == ["application/json", None], "the data, then the one script"
    script = scripts[1].text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script, f"the script never turns text into markup ({sink})"
    data = _embedded(text)
    assert data["kind"] == "m365"
    assert data == {**report_data(RULES), "generated_at": data["generated_at"]}


def test_hostile_text_in_every_field_stays_inside_the_data_element() -> None:
    document = copy.deepcopy(RULES)
    first = document["items"][0]
    first["prompt"] = first["response"] = first["expected_response"] = HOSTILE
    first["scores"]["relevance"]["reason"] = HOSTILE
    first["extensions"]["name"] = HOSTILE
    document["items"][3]["scores"]["coherence"]["error"] = "Evaluator failed: " + HOSTILE
    document["items"][6]["name"] = HOSTILE
    document["metadata"]["agentName"] = HOSTILE
    text = html_report(document, title=HOSTILE)
    page = parse(text)
    assert len(page.all("script")) == 2, "no script element comes from the data"
    assert not page.all("img")
    assert "<script>alert" not in text
    assert "</script> " not in text
    data = _embedded(text)
    row = data["rows"][0]
    assert (row["prompt"], row["response"], row["expected"], row["label"]) == (HOSTILE,) * 4
    assert row["verdicts"][0]["reason"] == HOSTILE
    assert HOSTILE in data["rows"][3]["problems"][0]["text"]
    assert data["threads"]["7"]["name"] == HOSTILE
    assert HOSTILE in data["subtitle"]
    assert data["title"] == HOSTILE


def test_the_figures_equal_the_document_counts() -> None:
    data = report_data(RULES)
    counts = document_counts(RULES)
    assert data["counts"]["items"] == counts.items == {"pass": 1, "fail": 2, "partial": 3, "error": 2}
    assert (data["counts"]["total_items"], data["counts"]["threads"], data["counts"]["total_rows"]) == (8, 2, 12)
    assert data["counts"]["rows"] == counts.rows
    assert [row["status"] for row in data["rows"]].count("partial") == counts.rows["partial"]


def test_each_evaluator_has_its_counts_threshold_and_mean() -> None:
    found = {e["key"]: e for e in report_data(RULES)["evaluators"]}
    # relevance: 5 pass, 3 fail, 1 errored; coherence: 3 / 3 / 3 (turns count one by one).
    assert found["relevance"]["counts"] == {"pass": 5, "fail": 3, "error": 1, "none": 0}
    assert found["coherence"]["counts"] == {"pass": 3, "fail": 3, "error": 3, "none": 0}
    assert (found["relevance"]["threshold"], found["relevance"]["mean"]) == ("3", 3.5)
    assert [e["name"] for e in report_data(RULES)["evaluators"]] == ["Relevance", "Coherence"]


def test_names_come_from_threads_item_names_and_test_ids() -> None:
    document = copy.deepcopy(RULES)
    document["items"][0]["extensions"].update(name="Graph basics", testId="REG-001", category="knowledge")
    document["items"][1]["extensions"].update(testId="REG-002")
    rows = report_data(document)["rows"]
    assert (rows[0]["label"], rows[0]["tags"]) == ("Graph basics", ["REG-001", "knowledge"])
    assert (rows[1]["label"], rows[1]["tags"]) == ("REG-002", []), "a testId that is the name is not repeated"
    turn = rows[7]
    assert (turn["item"], turn["turn"], turn["label"]) == (7, 2, "Seattle trip planning — mixed turn outcomes")
    assert report_data(document)["threads"]["7"]["turns"] == 3
    assert not any(row["label"] for row in report_data({"items": [{"prompt": "Hi", "scores": {}}]})["rows"])


def test_a_repeated_evaluator_error_is_listed_once_per_item() -> None:
    document = copy.deepcopy(RULES)
    same = "Evaluator failed: Connection timeout to Azure OpenAI endpoint after 30s"
    document["items"][4]["scores"]["relevance"]["error"] = same
    document["items"][4]["scores"]["coherence"]["error"] = same
    row = report_data(document)["rows"][4]
    assert row["problems"] == [{"outcome": "error", "names": ["Relevance", "Coherence"], "text": same}]
    assert [cell["outcome"] for cell in row["scores"]] == ["error", "error"]
    assert row["verdicts"] == []
    assert row["error"] == "Agent response obtained. 2 of 2 evaluators failed to run."


def test_evaluators_not_run_are_counted_apart_from_errors() -> None:
    document = copy.deepcopy(RULES)
    document["items"][4]["scores"]["relevance"]["error"] = "Evaluator not run: nothing to ground on"
    document["items"][0]["scores"]["relevance"]["threshold"] = 4
    document["items"][0]["extensions"]["morganabench"] = {
        "skipped": [{"evaluator": "RetrievalQuery", "reason": "no MorganaBench counterpart"}]
    }
    data = report_data(document)
    relevance = data["evaluators"][0]
    assert (relevance["counts"]["error"], relevance["counts"]["none"]) == (0, 1)
    assert relevance["threshold"] == "3 to 4"
    assert data["rows"][4]["scores"][0]["outcome"] == "none"
    first = data["rows"][0]
    not_run = {"outcome": "none", "names": ["RetrievalQuery"], "text": "Evaluator not run: no MorganaBench counterpart"}
    assert not_run in first["problems"]
    assert first["skipped"] == 1


def test_rows_hold_full_texts_and_every_verdict_with_threshold_and_reason() -> None:
    row = report_data(RULES)["rows"][1]
    item = RULES["items"][1]
    assert [row["prompt"], row["expected"], row["response"]] == [
        item["prompt"],
        item["expected_response"],
        item["response"],
    ]
    verdicts = [(v["name"], v["result"], v["value"], v["threshold"], v["reason"]) for v in row["verdicts"]]
    assert verdicts == [
        ("Relevance", "fail", "2", "3", "Response is factually incorrect."),
        ("Coherence", "fail", "2", "3", "Response contains an internal contradiction."),
    ]
    assert row["scores"][0] == {"outcome": "fail", "value": "2", "threshold": "3", "number": 2.0}


def test_rows_carry_their_status_and_sort_numbers() -> None:
    data = report_data(RULES)
    rows = data["rows"]
    assert [r["status"] for r in rows][:6] == ["pass", "fail", "fail", "partial", "partial", "error"]
    assert rows[3]["scores"][0]["number"] == 1
    assert rows[3]["scores"][1]["number"] is None, "an errored score has no sort value"
    assert [c["key"] for c in data["columns"]] == ["relevance", "coherence"]
    assert sorted(data["threads"]) == ["7", "8"]
    assert data["threads"]["8"]["summary"] == "3 turns: 1 pass, 0 fail, 0 partial, 2 error"


def test_an_empty_document_and_an_item_without_status_have_their_own_words() -> None:
    assert report_data({"items": []})["rows"] == []
    (row,) = report_data({"items": [{"prompt": "Hi", "scores": {}}]})["rows"]
    assert row["status"] == "none"


def test_a_citations_score_lists_its_citations_and_format() -> None:
    row = report_data(fixture("example-output-v1.1.0.json"))["rows"][0]
    (citations,) = [v for v in row["verdicts"] if v["name"] == "Citations"]
    assert (citations["result"], citations["value"], citations["threshold"]) == ("pass", "2", "1")
    assert citations["format"] == "bracket"
    assert [(c["index"], c["text"], c["source"]) for c in citations["citations"]] == [
        ("1", "Microsoft Graph is a unified API endpoint", "https://learn.microsoft.com/graph/overview"),
        ("2", "Access data and intelligence in Microsoft 365", "https://learn.microsoft.com/graph/use-the-api"),
    ]
