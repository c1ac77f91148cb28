"""The demo agent: the tool calls it makes (dates computed from user_time), its retrieval and citations."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from mb.data import example_lines
from mb.entities import Inputs, Outputs, RetrievalResults, ToolCall, ToolResult
from mb.runner import load_agent, run

ROOT = Path(__file__).resolve().parents[2]
agent = load_agent(f"{ROOT / 'examples' / 'demo_agent.py'}:agent")
PLUS_ONE = timezone(timedelta(hours=1))


def ask(text: str, when: datetime, tools: list[str] | None = None, history: tuple[str, ...] = ()) -> Outputs:
    """The agent's outputs for ``text``, after ``history`` (alternating user and assistant turns)."""
    messages = [{"role": ("user", "assistant")[i % 2], "content": turn} for i, turn in enumerate(history)]
    messages.append({"role": "user", "content": text})
    result = agent(Inputs.model_validate({"messages": messages}), tools=tools, user_time=when)
    assert isinstance(result, Outputs)
    return result


def calls(outputs: Outputs) -> list[tuple[str, dict[str, Any]]]:
    return [(event.tool, event.params) for event in outputs.trace if isinstance(event, ToolCall)]


THURSDAY = datetime(2024, 2, 1, 9, 15, tzinfo=PLUS_ONE)
TUESDAY = datetime(2024, 5, 28, 11, 0, tzinfo=timezone(timedelta(hours=-7)))


def test_next_friday_is_computed_from_the_request_time_and_unknown_attendees_are_left_out() -> None:
    outputs = ask("Schedule a design review next Friday at 2pm with Alex at HQ.", THURSDAY, ["calendar"])
    assert calls(outputs) == [
        (
            "calendar",
            {
                "title": "Design review",
                "start_time": "2024-02-09T14:00:00+01:00",
                "end_time": "2024-02-09T15:00:00+01:00",
                "location": "HQ",
            },
        )
    ]
    assert outputs.response == (
        "Sure, I scheduled the design review for Friday, February 9 at 2:00 PM at HQ. "
        "Only people in your contacts can be invited, so I left Alex out."
    )
    [retrieval] = [event for event in outputs.trace if isinstance(event, RetrievalResults)]
    assert "policy-42" in [chunk.id for chunk in retrieval.outputs]  # the meeting policy was consulted
    [citation] = outputs.citations or []
    cited = outputs.response[citation.span_from : citation.span_to]
    assert (citation.document_id, cited) == ("policy-42", "Only people in your contacts can be invited")
    call, result = outputs.trace[1:]
    assert isinstance(call, ToolCall)
    assert isinstance(result, ToolResult)
    assert result.id == call.id == "call_1"


def test_tomorrow_crosses_month_and_year_boundaries() -> None:
    new_year_eve = datetime(2024, 12, 31, 22, 0, tzinfo=PLUS_ONE)
    outputs = ask("Remind me tomorrow at 9am to call the bank.", new_year_eve)
    assert calls(outputs) == [("create_reminder", {"when": "2025-01-01T09:00:00+01:00", "text": "call the bank"})]
    assert outputs.response == "I'll remind you tomorrow at 9:00 AM to call the bank."


def test_this_friday_in_the_evening() -> None:
    outputs = ask("Book a table for four this Friday at 7:30 in the evening.", TUESDAY)
    assert calls(outputs) == [("book_table", {"date": "2024-05-31", "time": "19:30", "party_size": 4})]


@pytest.mark.parametrize(("when", "year"), [(TUESDAY, 2024), (datetime(2024, 7, 1, tzinfo=PLUS_ONE), 2025)])
def test_a_date_without_year_is_the_next_one_to_come_and_a_range_keeps_both_ends(when: datetime, year: int) -> None:
    outputs = ask("Block my calendar on June 3rd from 3pm to 4:30pm for focus time.", when)
    offset = when.isoformat()[-6:]
    assert outputs.response.startswith("I blocked ")
    assert outputs.response.endswith(", June 3 from 3:00 PM to 4:30 PM for focus time.")
    assert calls(outputs) == [
        (
            "calendar",
            {
                "title": "Focus time",
                "start_time": f"{year}-06-03T15:00:00{offset}",
                "end_time": f"{year}-06-03T16:30:00{offset}",
            },
        )
    ]


def test_email_uses_the_address_book_priority_and_the_drive() -> None:
    outputs = ask("Email the Q3 report to Dana Scully, high priority.", THURSDAY, ["send_email"])
    assert calls(outputs) == [
        (
            "send_email",
            {"to": "dana.scully@example.com", "subject": "Q3 report", "priority": 1, "attachments": "q3-report.pdf"},
        )
    ]


def test_a_tool_outside_the_allowed_ones_is_not_called() -> None:
    outputs = ask("Email the Q3 report to Dana Scully, high priority.", THURSDAY, ["calendar"])
    assert calls(outputs) == []
    assert "can't" in outputs.response


def test_two_conversions_are_two_calls_with_their_own_results() -> None:
    outputs = ask("How much is 100 US dollars in euros and in pounds?", THURSDAY)
    assert [(e.event, e.id) for e in outputs.trace if not isinstance(e, RetrievalResults)] == [
        ("tool_call", "call_1"),
        ("tool_result", "call_1"),
        ("tool_call", "call_2"),
        ("tool_result", "call_2"),
    ]
    assert calls(outputs) == [
        ("convert_currency", {"amount": 100, "from": "USD", "to": "EUR"}),
        ("convert_currency", {"amount": 100, "from": "USD", "to": "GBP"}),
    ]
    assert outputs.response == "100 USD is about 92 EUR and 79 GBP."


def test_a_question_is_answered_from_retrieved_chunks_with_a_valid_citation() -> None:
    outputs = ask("What is the capital of France?", THURSDAY)
    retrieved = outputs.retrieved_chunks()
    assert retrieved[0].id == "doc_1"
    assert outputs.response == "Paris is the capital and most populous city of France."
    [citation] = outputs.citations or []
    assert citation.document_id == "doc_1"
    assert (citation.span_from, citation.span_to) == (0, len(outputs.response))
    assert outputs.response[citation.span_from : citation.span_to] in retrieved[0].page_content


def test_a_yes_no_question_in_a_conversation_cites_only_the_evidence() -> None:
    history = ("I'm planning a 3-day trip to Paris. Give me a short itinerary.", "Day 1: Louvre. Day 3: Versailles.")
    outputs = ask("Is Versailles inside Paris?", THURSDAY, history=history)
    conclusion = "No. Versailles is outside Paris. "
    assert outputs.response.startswith(conclusion + "Versailles is a commune")
    [citation] = outputs.citations or []
    assert citation.document_id == "doc_geo_1"
    assert (citation.span_from, citation.span_to) == (len(conclusion), len(outputs.response))
    cited = outputs.response[citation.span_from : citation.span_to]
    assert cited in outputs.retrieved_chunks()[0].page_content
    assert calls(outputs) == []


def test_who_is_resolves_the_entity_then_searches_the_web_for_it() -> None:
    outputs = ask("Who is the King of England?", THURSDAY, ["search"])
    assert [event.event for event in outputs.trace] == ["retriever", "tool_call", "tool_result"]
    assert calls(outputs) == [("search", {"query": "King Charles III", "limit": 5})]
    assert outputs.response.startswith("King Charles III is the current monarch of the United Kingdom")


def test_thanks_needs_no_tool() -> None:
    outputs = ask("Thanks, that's all for today!", THURSDAY)
    assert outputs.trace == []
    assert outputs.response == "You're welcome! Have a great day."


def test_the_bundled_benchmark_runs_without_errors_and_calls_every_asserted_tool() -> None:
    executed, summary = run(list(example_lines(executed=False)), agent, user_time=THURSDAY)
    assert summary.error_count == 0
    assert summary.ran == len(executed) > 0
    for example in executed:
        assert example.outputs is not None
        called = [event.tool for event in example.outputs.tool_calls()]
        for assertion in example.expectations.assertions:
            if assertion.assert_that == "no_tool_called":
                assert called == [], example.inputs.messages[-1].content
            else:
                assert assertion.tool in called, example.inputs.messages[-1].content
        if example.inputs.tools is not None:
            assert set(called) <= set(example.inputs.tools)
        for citation in example.outputs.citations or []:
            assert 0 <= citation.span_from < citation.span_to <= len(example.outputs.response)
