"""An expected response or a free-text argument restated with words that may hedge or retract it ("..., I guess",
"... by mistake") is never passed by an offline judge; the same statement after a greeting passes."""

from __future__ import annotations

from typing import Any

import pytest

from mb.entities import Example
from mb.evaluation import evaluate

JUDGES = ["lexical", pytest.param("local", marks=pytest.mark.slow)]


def _response(response: str, expected: str) -> dict[str, Any]:
    return {
        "inputs": {"messages": [{"role": "user", "content": "Book it"}]},
        "expectations": {"expected_response": expected},
        "outputs": {"response": response},
    }


def _argument(text: str, expected: str) -> dict[str, Any]:
    matcher = {"match_as": "free_text", "value": expected}
    assertion = {"assert_that": "tool_called", "tool": "notify", "parameters": [{"param": "text", "matcher": matcher}]}
    call = {"event": "tool_call", "id": "1", "tool": "notify", "params": {"text": text}}
    return {
        "inputs": {"messages": [{"role": "user", "content": "Reset my password"}]},
        "expectations": {"assertions": [assertion]},
        "outputs": {"response": "ok", "trace": [call]},
    }


@pytest.mark.parametrize("judge", JUDGES)
def test_a_hedged_or_retracted_restatement_is_never_passed(judge: str) -> None:
    documents = [
        _response("I've booked a table for two at 7pm, I guess.", "I've booked a table for two at 7pm."),
        _response("I've booked a table for two at 7pm, maybe.", "I've booked a table for two at 7pm."),
        _response("The invoice was sent to the client (in theory).", "The invoice was sent to the client."),
        _argument("Your password has been reset by mistake.", "Your password has been reset."),
        _argument("Your password has been reset for now.", "Your password has been reset."),
    ]
    run = evaluate([Example.model_validate(document) for document in documents], judge=judge, metrics=[])
    assert [result.status for result in run.results] == ["undecided"] * len(documents)


@pytest.mark.parametrize("judge", JUDGES)
def test_a_greeting_before_the_expected_response_changes_nothing(judge: str) -> None:
    document = _response("Sure! I've booked a table for two at 7pm.", "I've booked a table for two at 7pm.")
    [result] = evaluate([Example.model_validate(document)], judge=judge, metrics=[]).results
    assert result.status == "passed"
