"""``mb run --repeats K``: each example K times, resumable; ``mb eval`` then reports pass@k, pass^k and flakiness."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Inputs, Outputs
from mb.runner import run
from mb.stats import wilson_interval

PATTERNS = {"A": "PPP", "B": "PFF", "C": "FFF", "D": "FPP"}
"""Per question, whether trial 1, 2, 3 passes: A always, B once, C never, D twice."""


def _example(question: str) -> dict[str, Any]:
    return {
        "inputs": {"messages": [{"role": "user", "content": question}]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "search",
                    "parameters": [{"param": "q", "matcher": {"match_as": "equality", "value": question}}],
                }
            ]
        },
    }


BENCHMARK = [_example(question) for question in PATTERNS]


class FlakyAgent:
    """Deterministic by example and trial: trial n of a question (counted per question) follows its pattern."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()

    def __call__(self, inputs: Inputs) -> Outputs:
        question = inputs.messages[-1].content
        self.calls[question] += 1
        trial = self.calls[question]
        passes = PATTERNS[question][(trial - 1) % 3] == "P"
        call = {"event": "tool_call", "id": "c1", "tool": "search", "params": {"q": question if passes else "?"}}
        return Outputs.model_validate({"response": "ok", "trace": [call]})


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_each_example_runs_k_times_with_its_trial_recorded(tmp_path: Path) -> None:
    output = tmp_path / "executed.jsonl"
    agent = FlakyAgent()
    _, summary = run(BENCHMARK, agent, output=output, repeats=3, concurrency=1)
    assert summary.ran == 12
    assert agent.calls == Counter(dict.fromkeys(PATTERNS, 3))
    lines = _lines(output)
    assert [(line["inputs"]["messages"][0]["content"], line["repeat"]) for line in lines] == [
        (q, r) for q in PATTERNS for r in (1, 2, 3)
    ]
    assert len({line["example_hash"] for line in lines}) == 4
    with pytest.raises(ValueError, match="repeats must be 1 or more"):
        run(BENCHMARK, agent, repeats=0)


def test_resuming_runs_each_missing_trial_exactly_once(tmp_path: Path) -> None:
    output = tmp_path / "executed.jsonl"
    run(BENCHMARK[:2], FlakyAgent(), output=output, repeats=2, concurrency=1)  # a run stopped early
    agent = FlakyAgent()
    _, summary = run(BENCHMARK, agent, output=output, repeats=3, resume=True, concurrency=2)
    assert (summary.skipped, summary.ran) == (4, 8)
    assert agent.calls == Counter({"A": 1, "B": 1, "C": 3, "D": 3})
    trials = Counter((line["inputs"]["messages"][0]["content"], line["repeat"]) for line in _lines(output))
    assert trials == Counter({(q, r): 1 for q in PATTERNS for r in (1, 2, 3)})
    again = FlakyAgent()
    _, summary = run(BENCHMARK, again, output=output, repeats=3, resume=True)
    assert (summary.skipped, summary.ran, sum(again.calls.values())) == (12, 0, 0)


@pytest.mark.parametrize(("first", "then"), [(1, 3), (3, 1), (3, 2)])
def test_resuming_with_other_repeats_is_refused_before_anything_changes(tmp_path: Path, first: int, then: int) -> None:
    output = tmp_path / "executed.jsonl"
    run(BENCHMARK, FlakyAgent(), output=output, repeats=first, concurrency=1)
    before = output.read_bytes()
    result = CliRunner().invoke(
        main,
        ["run", "-", "--agent", f"{__name__}:FlakyAgent", "-o", str(output), "--resume", "--repeats", str(then), "-q"],
        input="".join(json.dumps(example) + "\n" for example in BENCHMARK),
    )
    assert result.exit_code == 2, result.output
    assert "this run asks for" in result.output
    assert "resume with the repeats the output was started with" in result.output
    assert output.read_bytes() == before  # no duplicate trial appended


def test_eval_reports_pass_at_k_pass_hat_k_and_flaky_examples(tmp_path: Path) -> None:
    benchmark = tmp_path / "bench.jsonl"
    benchmark.write_text("".join(json.dumps(e) + "\n" for e in BENCHMARK), encoding="utf-8")
    executed = tmp_path / "executed.jsonl"
    FLAKY.calls.clear()
    args = ["run", str(benchmark), "--agent", f"{__name__}:FLAKY", "-o", str(executed), "--repeats", "3"]
    ran = CliRunner().invoke(main, [*args, "--concurrency", "1", "-q"])
    assert ran.exit_code == 0, ran.output
    result = CliRunner().invoke(main, ["eval", str(executed), "--judge", "lexical", "-q", "--format", "json"])
    assert result.exit_code == 0, result.output
    repeats = json.loads(result.stdout)["repeats"]
    assert repeats["max_trials"] == 3
    # by hand: c = 3, 1, 0, 2 passes of n = 3 trials
    # pass@k = mean of 1 - C(n-c, k)/C(n, k); pass^k = mean of C(c, k)/C(n, k)
    assert repeats["pass_at_k"] == pytest.approx({"1": 0.5, "2": 2 / 3, "3": 0.75}, abs=1e-6)
    assert repeats["pass_hat_k"] == pytest.approx({"1": 0.5, "2": 1 / 3, "3": 0.25}, abs=1e-6)
    assert [(e["line"], e["passed"], e["trials"]) for e in repeats["examples"]] == [
        (1, 3, 3),
        (4, 1, 3),
        (7, 0, 3),
        (10, 2, 3),
    ]
    assert [e["line"] for e in repeats["flaky"]] == [4, 10]
    # 6 of 12 trials passed, but the trials of one example are not independent: the interval is that of 4 examples
    summary = json.loads(result.stdout)
    assert (summary["passed"], summary["total"]) == (6, 12)
    assert summary["pass_rate_interval"] == pytest.approx(list(wilson_interval(2, 4)))
    table = CliRunner().invoke(main, ["eval", str(executed), "--judge", "lexical"])
    assert "Reliability over 3 trial(s) of 4 example(s)" in table.stdout
    assert "2 flaky example(s)" in table.stdout
    assert "line 4: 1/3 trials passed" in table.stdout


FLAKY = FlakyAgent()
"""The agent ``mb run --agent`` loads for the command-line test."""
