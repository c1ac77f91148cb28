"""The HTML report of an output document: structure, figures, names, details and escaping (no browser)."""

from __future__ import annotations

import copy
import re
from typing import Any

from mb.formats.m365 import html_report
from mb.formats.m365.rows import document_counts

from .helpers import fixture
from .html_tree import Node, parse

RULES = fixture("example-output-status-rules.json")
HOSTILE = "<script>alert('x')</script> & \"quoted\" <img src=x onerror=alert(2)>"


def _page(document: Any) -> Node:
    return parse(html_report(document))


def _groups(page: Node) -> list[Node]:
    return page.all("tbody", "row")


def test_the_page_is_self_contained_and_runs_only_its_own_scripts() -> None:
    text = html_report(RULES)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text), "no external asset"
    assert "<link" not in text
    assert "@import" not in text
    page = parse(text)
    scripts = page.all("script")
    assert len(scripts) == 2
    assert all(not s.attrs for s in scripts), "inline scripts only"
    assert len(page.all("style")) == 1
    script = scripts[1].text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script, f"the script never turns text into markup ({sink})"


def test_hostile_text_in_every_field_is_escaped_text() -> None:
    document = copy.deepcopy(RULES)
    first = document["items"][0]
    first["prompt"] = first["response"] = first["expected_response"] = HOSTILE
    first["scores"]["relevance"]["reason"] = HOSTILE
    first["extensions"]["name"] = HOSTILE
    document["items"][3]["scores"]["coherence"]["error"] = "Evaluator failed: " + HOSTILE
    document["items"][6]["name"] = HOSTILE
    document["metadata"]["agentName"] = HOSTILE
    text = html_report(document)
    page = parse(text)
    assert len(page.all("script")) == 2, "no script element comes from the data"
    assert not page.all("img")
    assert "onerror=alert(2)>" not in text.replace("onerror=alert(2)&gt;", "")
    group = _groups(page)[0]
    assert group.one("td", "prompt").text() == HOSTILE
    assert group.one("td", "response").text() == HOSTILE
    assert group.one("td", "c-name").text() == HOSTILE
    assert group.attrs["data-name"] == HOSTILE
    assert HOSTILE in group.all("td", "reason")[0].text()
    assert HOSTILE in _groups(page)[3].one("ul", "problems").text()
    assert HOSTILE in page.all("tbody", "thread")[0].text()
    assert HOSTILE in page.all("p", "meta")[0].text()


def test_summary_cards_equal_the_document_counts() -> None:
    page = _page(RULES)
    counts = document_counts(RULES)
    cards = {card.attrs["data-count"]: int(card.one("b").text()) for card in page.all("div", "card")}
    assert cards == {"items": 8, "threads": 2, **counts.items}
    assert (cards["pass"], cards["fail"], cards["partial"], cards["error"]) == (1, 2, 3, 2)
    rows = {span.attrs["data-rows"]: int(span.text()) for span in page.all("span") if "data-rows" in span.attrs}
    assert rows == {"total": 12, **counts.rows}
    assert [g.attrs["data-status"] for g in _groups(page)].count("partial") == counts.rows["partial"]


def test_each_evaluator_has_its_counts_mean_and_a_bar() -> None:
    page = _page(RULES)
    table = page.one("table", "evaluators")
    found = {}
    for row in table.one("tbody").all("tr"):
        cells = {td.attrs["data-k"]: td.text() for td in row.all("td") if "data-k" in td.attrs}
        found[row.attrs["data-evaluator"]] = cells
        bar = row.one("svg", "bar")
        kinds = [rect.attrs["class"] for rect in bar.all("rect")][1:]
        widths = [float(rect.attrs["width"]) for rect in bar.all("rect")][1:]
        assert kinds == [k for k in ("pass", "fail", "error") if int(cells[k])]
        assert abs(sum(widths) - float(bar.attrs["width"])) < 0.05
    # relevance: 5 pass, 3 fail, 1 errored; coherence: 3 / 3 / 3 (turns count one by one).
    expected = {"pass": "5", "fail": "3", "error": "1", "none": "0", "threshold": "3", "mean": "3.50"}
    assert found["relevance"] == expected
    assert found["coherence"] == {**expected, "pass": "3", "error": "3"}


def test_name_column_is_dropped_when_no_item_has_a_name() -> None:
    document = {"items": [{"prompt": "Hi", "response": "Hello", "status": "pass", "scores": {}}]}
    page = _page(document)
    headers = [th.text().strip(" ↕") for th in page.one("table", "results").all("thead")[0].all("th")]
    assert headers == ["#", "Prompt", "Expected", "Response", "Status"]
    assert not page.all("td", "c-name")


def test_names_come_from_threads_item_names_and_test_ids() -> None:
    document = copy.deepcopy(RULES)
    document["items"][0]["extensions"].update(name="Graph basics", testId="REG-001", category="knowledge")
    document["items"][1]["extensions"].update(testId="REG-002")
    page = _page(document)
    groups = _groups(page)
    headers = [th.text().strip(" ↕") for th in page.one("table", "results").all("thead")[0].all("th")]
    assert headers[:6] == ["#", "Name", "Prompt", "Expected", "Response", "Status"]
    first = groups[0].one("td", "c-name")
    assert first.children[0] == "Graph basics"
    assert [t.text() for t in first.all("span", "tag")] == ["REG-001", "knowledge"]
    assert groups[1].one("td", "c-name").children[0] == "REG-002"
    assert not groups[1].all("span", "tag"), "a testId that is the name is not repeated"
    turn = groups[7]
    assert turn.attrs["data-thread"] == "7"
    assert turn.one("td", "c-name").text() == "Seattle trip planning — mixed turn outcomesturn 2 of 3"


def test_a_repeated_evaluator_error_is_shown_once_per_item() -> None:
    document = copy.deepcopy(RULES)
    same = "Evaluator failed: Connection timeout to Azure OpenAI endpoint after 30s"
    document["items"][4]["scores"]["relevance"]["error"] = same
    document["items"][4]["scores"]["coherence"]["error"] = same
    group = _groups(_page(document))[4]
    assert group.text().count(same) == 1
    (problem,) = [li for li in group.one("ul", "problems").all("li") if same in li.text()]
    assert problem.one("b").text() == "Relevance, Coherence"
    assert [td.text() for td in group.all("td", "c-score")] == ["error", "error"]
    item_error = "Agent response obtained. 2 of 2 evaluators failed to run."
    assert group.one("td", "c-status").text().count(item_error) == 1
    assert group.text().count(item_error) == 1


def test_evaluators_not_run_are_counted_apart_from_errors() -> None:
    document = copy.deepcopy(RULES)
    document["items"][4]["scores"]["relevance"]["error"] = "Evaluator not run: nothing to ground on"
    document["items"][0]["scores"]["relevance"]["threshold"] = 4
    document["items"][0]["extensions"]["morganabench"] = {
        "skipped": [{"evaluator": "RetrievalQuery", "reason": "no MorganaBench counterpart"}]
    }
    page = _page(document)
    relevance = next(
        r for r in page.one("table", "evaluators").all("tr") if r.attrs.get("data-evaluator") == "relevance"
    )
    cells = {td.attrs["data-k"]: td.text() for td in relevance.all("td") if "data-k" in td.attrs}
    assert (cells["error"], cells["none"]) == ("0", "1")
    assert cells["threshold"] == "3 to 4"
    groups = _groups(page)
    assert groups[4].all("td", "c-score")[0].text() == "not run"
    assert "RetrievalQuery: Evaluator not run: no MorganaBench counterpart" in groups[0].one("ul", "problems").text()
    assert "1 evaluator(s) not run" in groups[0].one("td", "c-status").text()


def test_rows_hold_full_texts_and_details_every_score_with_threshold_and_reason() -> None:
    group = _groups(_page(RULES))[1]
    item = RULES["items"][1]
    texts = [group.one("td", kind).one("div", "clamp").text() for kind in ("prompt", "expected", "response")]
    assert texts == [item["prompt"], item["expected_response"], item["response"]], "clamped on screen, never cut"
    detail = group.one("tr", "detail")
    rows = [[c.text() for c in tr.children if isinstance(c, Node)] for tr in detail.one("table", "scores").all("tr")]
    assert rows[0] == ["Evaluator", "Result", "Score", "Threshold", "Reason"]
    assert rows[1] == ["Relevance", "fail", "2", "3", "Response is factually incorrect."]
    assert rows[2] == ["Coherence", "fail", "2", "3", "Response contains an internal contradiction."]


def test_a_long_report_shows_its_first_page_of_rows() -> None:
    document = {"items": [{"prompt": f"Question {n}", "status": "pass", "scores": {}} for n in range(450)]}
    page = _page(document)
    table = page.one("table", "results")
    page_rows = int(table.attrs["data-page"])
    assert 0 < page_rows < 450
    later = [int(g.attrs["data-order"]) for g in _groups(page) if "later" in g.classes]
    assert later == list(range(page_rows + 1, 451))
    (more,) = [b for b in page.all("button") if b.attrs.get("id") == "more-rows"]
    assert "hidden" in more.attrs
    assert ".js tbody.later{display:none}" in page.one("style").text()


def test_rows_carry_their_sort_and_filter_keys() -> None:
    page = _page(RULES)
    groups = _groups(page)
    assert [g.attrs["data-order"] for g in groups] == [str(n) for n in range(1, 13)]
    assert [g.attrs["data-status"] for g in groups][:6] == ["pass", "fail", "fail", "partial", "partial", "error"]
    sortable = [
        th.attrs["data-sort"]
        for th in page.one("table", "results").all("thead")[0].all("th")
        if "data-sort" in th.attrs
    ]
    assert sortable == ["order", "name", "status", "score0", "score1"]
    assert groups[3].attrs["data-score0"] == "1"
    assert "data-score1" not in groups[3].attrs, "an errored score has no sort value"
    assert [box.attrs["value"] for box in page.all("input") if box.attrs.get("type") == "checkbox"] == [
        "pass",
        "fail",
        "partial",
        "error",
    ]
    headings = page.all("tbody", "thread")
    assert [h.attrs["data-thread"] for h in headings] == ["7", "8"]
    assert "3 turns: 1 pass, 0 fail, 0 partial, 2 error" in headings[1].text()


def test_only_long_tokens_may_break_inside_a_word() -> None:
    url = "https://contoso.sharepoint.com/sites/ProjectCentral/Shared%20Documents/Forms/AllItems.aspx"
    document = {"items": [{"prompt": f"Scheduled meetings are listed at {url} daily", "status": "pass", "scores": {}}]}
    prompt = _groups(_page(document))[0].one("td", "prompt")
    assert [span.text() for span in prompt.all("span", "long")] == [url]
    assert prompt.text() == f"Scheduled meetings are listed at {url} daily"
    style = parse(html_report(document)).one("style").text()
    assert "overflow-wrap:anywhere" in style
    assert [s.strip() for s in re.findall(r"([^{}]+)\{[^}]*overflow-wrap:anywhere", style)] == [".long"]


def test_an_empty_document_and_an_item_without_status_have_their_own_words() -> None:
    empty = _page({"items": []})
    assert not _groups(empty)
    assert [p.text() for p in empty.all("p") if p.attrs.get("id") == "no-rows"] == ["The document has no items."]
    page = _page({"items": [{"prompt": "Hi", "scores": {}}]})
    (group,) = _groups(page)
    assert group.attrs["data-status"] == "none"
    assert group.one("td", "c-status").text() == "no status"
    assert [box.attrs["value"] for box in page.all("input") if box.attrs.get("type") == "checkbox"] == ["none"]
    assert not [p for p in page.all("p") if p.attrs.get("id") == "no-rows"]


def test_a_citations_score_lists_its_citations_and_format() -> None:
    document = fixture("example-output-v1.1.0.json")
    group = _groups(_page(document))[0]
    (row,) = [
        tr for tr in group.one("table", "scores").all("tr") if tr.all("th") and tr.all("th")[0].text() == "Citations"
    ]
    cells = [c.text() for c in row.children if isinstance(c, Node)]
    assert cells[:4] == ["Citations", "pass", "2", "1"]
    assert [li.text() for li in row.one("ul", "cited").all("li")] == [
        "[1] Microsoft Graph is a unified API endpoint — https://learn.microsoft.com/graph/overview",
        "[2] Access data and intelligence in Microsoft 365 — https://learn.microsoft.com/graph/use-the-api",
    ]
    assert "citation format: bracket" in cells[4]
