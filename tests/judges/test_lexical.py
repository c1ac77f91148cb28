"""The lexical judge: overlap-based verdicts with calibrated boundaries, guards, and failures as data."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from mb.judges import Judge, JudgeRequest, JudgeTask, LexicalJudge
from mb.judges._doubts import substitution
from mb.judges._scoring import scaled
from mb.judges.lexical import LEXICAL_THRESHOLDS

EQ, SIM, SUP = JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY, JudgeTask.SUPPORT
DATA = Path(__file__).resolve().parents[1] / "data" / "judge_calibration.jsonl"


@pytest.fixture
def judge() -> LexicalJudge:
    return LexicalJudge()


def test_is_a_judge_for_the_three_text_tasks(judge: LexicalJudge) -> None:
    assert isinstance(judge, Judge)
    assert judge.name == "lexical"
    assert {task for task in JudgeTask if judge.supports(task)} == {EQ, SIM, SUP}


def test_scaled_puts_the_threshold_on_the_boundary() -> None:
    assert scaled(0.3, 0.3) == 0.5
    assert scaled(0.0, 0.3) == 0.0
    assert scaled(1.0, 0.3) == 1.0
    assert scaled(0.29, 0.3) < 0.5 < scaled(0.31, 0.3)
    assert scaled(float("nan"), 0.3) == 0.0
    assert scaled(1.7, 0.3) == 1.0


def test_reworded_argument_passes_and_the_reason_states_the_overlap(judge: LexicalJudge) -> None:
    [verdict] = judge.judge_sync(
        [JudgeRequest(EQ, "chocolate chip cookie recipe", "recipe for chocolate chip cookies")]
    )
    assert verdict.passed
    assert verdict.error is None
    assert "word overlap 1.00" in verdict.reason
    assert verdict.reason.startswith("same goal")


def test_unrelated_texts_fail(judge: LexicalJudge) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SIM, "Paris is the capital of France.", "Your order has shipped.")])
    assert not verdict.passed
    assert 0.0 <= verdict.score < 0.5
    assert verdict.reason.startswith("different meaning")


@pytest.mark.parametrize(
    ("candidate", "reference", "guard"),
    [
        ("book a table for 4", "book a table for 5", "numbers guard"),
        ("The report is ready", "The report is not ready", "negation guard"),
        ("weather in Paris", "weather in London", "entities guard"),
    ],
)
def test_near_identical_texts_fail_when_a_guard_fires(
    judge: LexicalJudge, candidate: str, reference: str, guard: str
) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert not verdict.passed
    assert verdict.score <= 0.25
    assert guard in verdict.reason


def test_support_measures_containment_of_the_span(judge: LexicalJudge) -> None:
    chunk = "The link expires after 24 hours. Refunds are issued within 5 business days."
    supported, unsupported = judge.judge_sync(
        [JudgeRequest(SUP, "The link expires after 24 hours.", chunk), JudgeRequest(SUP, "Bees dance.", chunk)]
    )
    assert supported.passed
    assert "of the span's words in the chunk" in supported.reason
    assert not unsupported.passed
    assert not unsupported.undecided


def test_support_is_undecided_when_the_chunk_lacks_a_word_of_the_span(judge: LexicalJudge) -> None:
    chunk = "The link expires after 24 hours. Refunds are issued within 5 business days."
    [verdict] = judge.judge_sync([JudgeRequest(SUP, "The reset link expires after 24 hours.", chunk)])
    assert verdict.undecided
    assert not verdict.passed
    assert verdict.reason.startswith(
        "undecided: wording guard fired (no sentence of the chunk says exactly 'The reset link expires after 24 hours.'"
    )


def test_unsupported_task_is_an_error_verdict_in_place(judge: LexicalJudge) -> None:
    verdicts = judge.judge_sync(
        [JudgeRequest(EQ, "a", "a"), JudgeRequest(JudgeTask.COHERENCE, "text"), JudgeRequest(EQ, "b c", "x y")]
    )
    assert [v.error is None for v in verdicts] == [True, False, True]
    assert verdicts[1].error is not None
    assert "coherence" in verdicts[1].error
    assert verdicts[1].score == 0.0
    assert not verdicts[1].passed


def test_thresholds_can_be_overridden(judge: LexicalJudge) -> None:
    request = JudgeRequest(SIM, "The cat sat on the mat.", "A cat was sitting on a rug.")
    strict = LexicalJudge(thresholds={"similarity": 0.99})
    assert judge.judge_sync([request])[0].score > strict.judge_sync([request])[0].score


def test_async_judge_returns_the_same_verdicts(judge: LexicalJudge) -> None:
    requests = [JudgeRequest(EQ, "5 items", "6 items"), JudgeRequest(EQ, "five items", "5 items")]
    assert anyio.run(judge.judge, requests) == judge.judge_sync(requests)


def test_accuracy_on_the_labelled_pairs_stays_high(judge: LexicalJudge) -> None:
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    requests = [JudgeRequest(JudgeTask(r["task"]), r["candidate"], r["reference"]) for r in rows]
    verdicts = judge.judge_sync(requests)
    decided = [(v, r) for v, r in zip(verdicts, rows, strict=True) if not v.undecided]
    assert sum(v.passed == r["label"] for v, r in decided) / len(decided) >= 0.9
    banded = [r["label"] for v, r in decided if v.passed and r["task"] != "support"]
    assert sum(banded) / len(banded) >= 0.9  # an equivalence or similarity the judge passes is right
    assert set(LEXICAL_THRESHOLDS) == {EQ, SIM, SUP}


@pytest.mark.parametrize("task", [JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY])
@pytest.mark.parametrize(
    "candidate",
    ["I cannot help with geography.", "The weather is nice today.", "Sure, I will schedule the design review."],
)
def test_texts_sharing_no_content_word_never_match(task: JudgeTask, candidate: str) -> None:
    (verdict,) = LexicalJudge().judge_sync([JudgeRequest(task, candidate, "Paris is the capital of France.")])
    assert not verdict.passed
    assert "word overlap 0.00" in verdict.reason


UNTELLABLE = [
    ("A man in a red coat rides a bike.", "A man on a red bike rides in a coat."),
    ("She is writing on a whiteboard.", "She is writing."),
    ("Ana is the manager of Ben.", "The manager of Ana is Ben."),
    ("What does a flu rash look like?", "How soon does a flu rash appear?"),
    ("y", "yes"),  # a letter may be another answer
]
"""Responses sharing most words with the expected response but not saying the same: reordered roles, an added
qualifier, a swapped relation, another question."""


def _executed(response: str, expected: str, query: str, expected_query: str) -> dict[str, object]:
    """One executed line: a search whose query is checked as free text, and a response against its expected one."""
    parameter = {"param": "query", "matcher": {"match_as": "free_text", "value": expected_query}}
    return {
        "inputs": {"messages": [{"role": "user", "content": "Find it."}], "tools": ["search"]},
        "expectations": {
            "expected_response": expected,
            "assertions": [{"assert_that": "tool_called", "tool": "search", "parameters": [parameter]}],
        },
        "outputs": {
            "response": response,
            "trace": [
                {"event": "tool_call", "id": "c1", "tool": "search", "params": {"query": query}},
                {"event": "tool_result", "id": "c1", "result": {"status": "ok"}},
            ],
        },
    }


def _statuses(tmp_path: Path, lines: list[dict[str, object]]) -> list[str]:
    from click.testing import CliRunner

    from mb.cli import main

    source, output = tmp_path / "executed.jsonl", tmp_path / "results.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["eval", str(source), "--judge", "lexical", "--metrics", "none", "-o", str(output)]
    )
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line)["status"] for line in output.read_text(encoding="utf-8").splitlines()[1:]]


def test_mb_eval_never_passes_a_response_that_shares_words_but_may_say_another_thing(tmp_path: Path) -> None:
    lines = [_executed(response, expected, "weather", "weather") for response, expected in UNTELLABLE]
    assert set(_statuses(tmp_path, lines)) <= {"undecided", "failed"}


def test_mb_eval_never_passes_a_free_text_argument_with_roles_swapped(tmp_path: Path) -> None:
    swaps = [
        ("Ana is the manager of Ben", "The manager of Ana is Ben"),
        ("flights from Paris to Rome", "flights from Rome to Paris"),
    ]
    lines = [_executed("Done.", "Done.", query, expected) for query, expected in swaps]
    assert set(_statuses(tmp_path, lines)) <= {"undecided", "failed"}


def test_mb_eval_passes_the_same_statement_and_fails_a_changed_number(tmp_path: Path) -> None:
    lines = [
        _executed("Ana manages Ben.", "Ana manages Ben.", "weather in Paris", "weather in Paris"),
        _executed("Ben is managed by Ana.", "Ana manages Ben.", "Ana manages Ben", "Ben is managed by Ana"),
        _executed("I booked 3 tables.", "I booked 4 tables.", "weather", "weather"),
    ]
    assert _statuses(tmp_path, lines) == ["passed", "passed", "failed"]


@pytest.mark.parametrize("task", [EQ, SIM])
@pytest.mark.parametrize(("candidate", "reference"), UNTELLABLE)
def test_a_pair_sharing_words_but_maybe_not_the_meaning_is_undecided(
    judge: LexicalJudge, task: JudgeTask, candidate: str, reference: str
) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(task, candidate, reference)])
    assert verdict.undecided, verdict.reason
    assert not verdict.passed


def test_overlap_between_the_thresholds_is_undecided_and_below_the_lower_one_fails(judge: LexicalJudge) -> None:
    between, below = judge.judge_sync(
        [
            JudgeRequest(
                SIM,
                "I've scheduled the design review for next Friday at 2pm.",
                "Sure, I will schedule the design review.",
            ),
            JudgeRequest(SIM, "The weather is nice today.", "Sure, I will schedule the design review."),
        ]
    )
    assert between.undecided
    assert "passes from 0.90, fails below 0.25" in between.reason
    assert not below.undecided
    assert not below.passed


@pytest.mark.parametrize(
    ("candidate", "reference", "quoted"),
    [
        ("The Ministry is raising taxes", "The Ministry is lowering taxes", "differs ('raising' / 'lowering')"),
        ("She is writing.", "She is writing on a Whiteboard.", "leaves out 'Whiteboard'"),
        ("Lewis Carter introduced Lewis", "Carter introduced Lewis", "says 'Lewis' more times"),
        ("Tim defeated Tom", "Tom defeated Tim", "'Tom' and 'Tim' exchange roles around 'defeated'"),
    ],
)
def test_reasons_quote_the_words_as_the_texts_write_them(
    judge: LexicalJudge, candidate: str, reference: str, quoted: str
) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SIM, candidate, reference)])
    assert quoted in verdict.reason


def test_a_replaced_word_is_quoted_as_written_not_as_its_stem() -> None:
    assert substitution("meet on Thursday", "meet on the 3rd") == (
        "one word differs ('Thursday' / '3rd'): a synonym or another meaning"
    )
