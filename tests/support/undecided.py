"""Lines and a judge that make undecided verdicts: a free_text argument or a response that says ``maybe`` is one
the judge cannot tell."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mb.judges.base import JudgeRequest, JudgeTask, Verdict

__all__ = ["LINES", "STATUSES", "UnsureJudge", "search_line"]

_SEMANTIC = (JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY)


class UnsureJudge:
    """Equivalence and similarity by keyword: ``maybe`` is undecided, ``wrong`` fails, ``broken`` is a judge
    failure, anything else passes (all with a calibrated confidence)."""

    name = "unsure"

    def __init__(self, *, decided: bool = False) -> None:
        self.decided = decided
        """Decide ``maybe`` as a pass instead (a judge that is never undecided)."""

    def supports(self, task: JudgeTask) -> bool:
        return task in _SEMANTIC

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        return [self._one(request.candidate) for request in requests]

    def _one(self, text: str) -> Verdict:
        if "broken" in text:
            return Verdict(0.0, "broken", self.name, error="the judge broke")
        if "wrong" in text:
            return Verdict(0.1, "a different goal", self.name, confidence=0.95)
        if "maybe" in text and not self.decided:
            return Verdict(0.6, "cannot tell", self.name, confidence=0.55, undecided=True)
        return Verdict(1.0, "the same goal", self.name, confidence=0.95)


def search_line(
    query: str, *, limit: int = 5, response: str = "", expected_response: str | None = None
) -> dict[str, Any]:
    """An executed line asking for a search of the weather in Paris (``query`` free text, ``limit`` 5)."""
    expectations: dict[str, Any] = {
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "search",
                "parameters": [
                    {"param": "query", "matcher": {"match_as": "free_text", "value": "weather in Paris"}},
                    {"param": "limit", "matcher": {"match_as": "equality", "value": 5}},
                ],
            }
        ]
    }
    if expected_response is not None:
        expectations["expected_response"] = expected_response
    return {
        "inputs": {"messages": [{"role": "user", "content": "What is the weather in Paris?"}]},
        "expectations": expectations,
        "outputs": {
            "response": response or "It is sunny in Paris.",
            "trace": [
                {"event": "tool_call", "id": "c1", "tool": "search", "params": {"query": query, "limit": limit}},
                {"event": "tool_result", "id": "c1", "result": "sunny"},
            ],
        },
    }


LINES = [
    search_line("Paris weather today"),  # 1 passed
    search_line("maybe Paris"),  # 2 undecided (free_text)
    search_line("wrong city"),  # 3 failed
    search_line("maybe Paris", limit=7),  # 4 failed: a failure outweighs an undecided check
    search_line("Paris weather", response="maybe sunny", expected_response="Sunny in Paris."),  # 5 undecided (response)
    search_line(
        "broken query", response="maybe sunny", expected_response="Sunny in Paris."
    ),  # 6 error outweighs undecided
]
STATUSES = ["passed", "undecided", "failed", "failed", "undecided", "error"]
for number, document in enumerate(LINES, 1):  # each line its own example (hashes join runs in mb compare)
    document["inputs"]["messages"][0]["content"] += f" (case {number})"
