"""Calls a response writes as text instead of making them."""

from __future__ import annotations

import pytest

from mb.entities.outputs import written_calls


@pytest.mark.parametrize(
    ("response", "tools", "names"),
    [
        ("Thought: remove it.\nAction: delete_account\nAction Input: u1", (), ["delete_account"]),
        (
            "Thought: remove it.\r\nAction: delete_account\r\nAction Input: u1\r\nObservation: ok",
            (),
            ["delete_account"],
        ),
        ("Action: delete_account\nObservation: account u1 deleted\nFinal Answer: done.", (), ["delete_account"]),
        # a last line "Action: <word>" is a step only when the word is a tool's name
        ("Your ticket is open.\nAction: escalate", {"escalate"}, ["escalate"]),
        ("Your ticket is open.\nAction: escalate", (), []),
        ("Refund request R-9\nAction: Approved", (), []),
        ("Your plan is basic.\n\nAction: None.", (), []),
        ("Thought: done.\nAction: none\nAction Input: -", (), []),
    ],
)
def test_react_steps(response: str, tools: set[str] | tuple[()], names: list[str]) -> None:
    steps, code = written_calls(response, tools)
    assert [name for _, name, _ in steps] == names
    assert code == []
