"""A date phrase the grammar does not understand goes to a judge that answers date questions, else is an error."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from mb.judges._prompts import PROMPTS, messages_for
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.matching import MatchContext
from mb.matching.parameters import parameter_row

U = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))
SPEC = (["when"], False, ("date_time", "the feast of saint blurple", None))


class FakeJudge:
    """Answers date questions with a fixed verdict and remembers what it was asked."""

    def __init__(self, score: float, error: str | None = None) -> None:
        self.asked: list[JudgeRequest] = []
        self.verdict = Verdict(score, "the argument is that feast day", "llm:fake", error)

    def __call__(self, request: JudgeRequest) -> Verdict:
        self.asked.append(request)
        return self.verdict


def test_a_date_capable_judge_decides_an_unread_phrase() -> None:
    judge = FakeJudge(1.0)
    row = parameter_row(SPEC, {"when": "2013-03-01"}, MatchContext(judge, U, lambda task: True))
    assert row["passed"] is True
    assert row["error"] is None
    assert "'blurple'" in row["reason"]  # the grammar's reason stays visible
    (request,) = judge.asked
    assert request == JudgeRequest(JudgeTask.DATE, "2013-03-01", "the feast of saint blurple", U.isoformat())


def test_the_judge_can_say_no() -> None:
    row = parameter_row(SPEC, {"when": "2013-03-01"}, MatchContext(FakeJudge(0.0), U, lambda task: True))
    assert row["passed"] is False
    assert row["error"] is None


def test_a_failing_judge_is_an_error_not_a_verdict() -> None:
    row = parameter_row(SPEC, {"when": "2013-03-01"}, MatchContext(FakeJudge(0.0, "timeout"), U, lambda task: True))
    assert row["passed"] is False
    assert row["error"] == "timeout"


def test_without_a_date_judge_the_words_not_understood_are_an_error() -> None:
    judge = FakeJudge(1.0)
    supports = lambda task: task is not JudgeTask.DATE  # noqa: E731 - a lexical or local judge
    row = parameter_row(SPEC, {"when": "2013-03-01"}, MatchContext(judge, U, supports))
    assert row["passed"] is False
    assert "'blurple'" in row["error"]
    assert judge.asked == []


def test_understood_phrases_never_reach_the_judge() -> None:
    judge = FakeJudge(1.0)
    spec = (["when"], False, ("date_time", "tomorrow at 9am", None))
    row = parameter_row(spec, {"when": "2013-02-13T10:00:00-02:00"}, MatchContext(judge, U, lambda task: True))
    assert row["passed"] is False
    assert judge.asked == []


def test_the_date_prompt_shows_the_phrase_the_user_time_and_the_argument() -> None:
    request = JudgeRequest(JudgeTask.DATE, "2013-03-01", "the feast of saint blurple", U.isoformat())
    user = messages_for([request])[1]["content"]
    assert "<user_time>\n2013-02-12T04:30:00-02:00\n</user_time>" in user
    assert "<expected_phrase>\nthe feast of saint blurple\n</expected_phrase>" in user
    assert "<argument>\n2013-03-01\n</argument>" in user
    assert PROMPTS[JudgeTask.DATE].version == "date/2"
