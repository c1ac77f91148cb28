"""The local judge with the real MiniLM model (loaded once for the module, offline)."""

from __future__ import annotations

import socket

import anyio
import pytest

from mb.judges import Judge, JudgeRequest, JudgeTask, LocalJudge

pytestmark = pytest.mark.slow

EQ, SIM, SUP = JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY, JudgeTask.SUPPORT
CHUNK = (
    "The X200 laptop weighs 1.2 kg and offers up to 18 hours of battery life. It has two USB-C ports and a "
    "14-inch display. It does not include an optical drive."
)


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    """The judge, its model loaded while any network connection would fail the load."""

    def no_network(*args: object, **kwargs: object) -> None:
        raise OSError("network access during model load")

    local = LocalJudge(batch_size=32)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket.socket, "connect", no_network)
        patch.setattr(socket, "create_connection", no_network)
        [verdict] = local.judge_sync([JudgeRequest(EQ, "warm", "up")])
    assert verdict.error is None, verdict.error
    return local


def test_is_a_judge_for_the_three_text_tasks(judge: LocalJudge) -> None:
    assert isinstance(judge, Judge)
    assert judge.name == "local"
    assert {task for task in JudgeTask if judge.supports(task)} == {EQ, SIM, SUP}


@pytest.mark.parametrize(
    ("task", "candidate", "reference"),
    [
        (EQ, "purchase a new laptop charger", "buy a replacement charger for my laptop"),
        (EQ, "weather forecast Paris tomorrow", "tomorrow's weather in Paris"),
        (
            SIM,
            "Your flight to Denver is delayed by 45 minutes.",
            "Your flight to Denver has been delayed by 45 minutes.",
        ),
        (SUP, "It has two USB-C ports and a 14-inch display.", CHUNK),
        (SUP, "The X200 laptop weighs 1.2 kg and offers up to 18 hours of battery life.", CHUNK),
    ],
)
def test_paraphrases_pass(judge: LocalJudge, task: JudgeTask, candidate: str, reference: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(task, candidate, reference)])
    assert verdict.passed, verdict.reason
    assert "cosine" in verdict.reason


@pytest.mark.parametrize(
    "span", ["Battery life is up to 18 hours.", "There is no optical drive.", "It has two USB-C ports."]
)
def test_a_reworded_span_is_undecided_however_close_its_cosine(judge: LocalJudge, span: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SUP, span, CHUNK)])
    assert verdict.undecided, verdict.reason
    assert not verdict.passed
    assert "cosine" in verdict.reason


@pytest.mark.parametrize(
    ("task", "candidate", "reference", "guard"),
    [
        (EQ, "5 items", "6 items", "numbers guard"),
        (SIM, "The store is not open on Sundays.", "The store is open on Sundays.", "negation guard"),
        (EQ, "King Charles III biography", "King George VI biography", "entities guard"),
        (EQ, "weather in Paris", "weather in London", "entities guard"),
        (SUP, "The X200 weighs 1.5 kg.", CHUNK, "numbers guard"),
        (SUP, "It includes an optical drive.", CHUNK, "negation guard"),
    ],
)
def test_guards_fail_near_misses_and_say_which_fired(
    judge: LocalJudge, task: JudgeTask, candidate: str, reference: str, guard: str
) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(task, candidate, reference)])
    assert not verdict.passed
    assert verdict.score <= 0.25
    assert guard in verdict.reason


@pytest.mark.parametrize("task", [EQ, SIM])
def test_a_day_word_only_the_expected_text_says_is_undecided_not_a_different_number(
    judge: LocalJudge, task: JudgeTask
) -> None:
    """A day word said once changes what is said, no number; "today" / "tomorrow" and unrelated texts still fail."""
    left_out, other_day, unrelated = judge.judge_sync(
        [
            JudgeRequest(task, "Hi! How can I help?", "Hello! How can I help you today?"),
            JudgeRequest(task, "see you today", "see you tomorrow"),
            JudgeRequest(task, "translate hello to Spanish", "stock market news today"),
        ]
    )
    assert left_out.undecided, left_out.reason
    assert "only the reference says 'today'" in left_out.reason
    assert "guard fired" not in left_out.reason
    assert not other_day.passed
    assert not other_day.undecided
    assert "numbers guard fired" in other_day.reason
    assert not unrelated.passed
    assert not unrelated.undecided


def test_batch_verdicts_come_back_in_order(judge: LocalJudge) -> None:
    requests = [
        JudgeRequest(EQ, "recipe for chocolate chip cookies", "chocolate chip cookie recipe"),
        JudgeRequest(EQ, "hiking boots", "mortgage rates"),
        JudgeRequest(JudgeTask.COHERENCE, "A response."),
        JudgeRequest(SIM, "Paris is the capital of France", "Paris is the capital of France."),
        JudgeRequest(SIM, "The weather tomorrow will be sunny.", "I've reset your password."),
        JudgeRequest(EQ, "", "expected text"),
    ]
    verdicts = anyio.run(judge.judge, requests)
    assert [v.passed for v in verdicts] == [True, False, False, True, False, False]
    assert verdicts[2].error is not None
    assert "coherence" in verdicts[2].error
    assert verdicts[5].reason == "the candidate text is empty"
    assert all(v.judge == "local" and 0.0 <= v.score <= 1.0 for v in verdicts)


def test_long_texts_are_embedded_in_pieces(judge: LocalJudge) -> None:
    sentence = "The quarterly report shows steady growth in every region and lower costs across the company. "
    long_text = sentence * 40
    [verdict] = judge.judge_sync([JudgeRequest(SIM, long_text, long_text.replace("steady growth", "steady growth,"))])
    assert verdict.passed


def test_a_score_does_not_depend_on_the_questions_judged_with_it() -> None:
    """Each worker of a run judges its own blocks: a pair's score must be the one it gets in any other batch, or
    results would change with the number of workers."""
    pairs = [
        ("book a table for two at noon", "reserve a table for 2 people at 12pm"),
        ("send the quarterly budget report to dana", "email Dana the Q3 budget numbers"),
        ("the flight leaves on friday morning", "departure is friday am"),
    ]
    others = [
        (f"note number {n} about the {word} plans", f"the {word} plans, note {n}")
        for n in range(40)
        for word in ("travel", "office")
    ]
    requests = [JudgeRequest(EQ, candidate, reference) for candidate, reference in pairs]
    crowd = [JudgeRequest(task, candidate, reference) for candidate, reference in others for task in (EQ, SIM)]
    alone = [LocalJudge().judge_sync([request])[0].score for request in requests]
    together = LocalJudge(batch_size=16).judge_sync([*crowd[:25], *requests, *crowd[25:]])[25 : 25 + len(requests)]
    assert [verdict.score for verdict in together] == alone
