"""The public functions take the counts the command line takes, and refuse anything else with a usage error."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

import mb
import mb.errors
from tests.conftest import SPEC

EXECUTED = SPEC / "examples-executed.jsonl"


@pytest.mark.parametrize("jobs", ["auto", 1, 2])
def test_evaluate_takes_auto_or_a_number_of_processes(jobs: int | str) -> None:
    assert mb.evaluate(EXECUTED, judge="lexical", jobs=jobs).summary.total == 3


@pytest.mark.parametrize("name", ["metrics", "require"])
def test_evaluate_refuses_a_string_of_metrics_rather_than_read_its_letters(name: str) -> None:
    with pytest.raises(mb.ConfigError, match=rf"^{name} is a list of metrics, e.g. \['similarity'\], got the string"):
        mb.evaluate(EXECUTED, judge="lexical", **{name: "similarity"})


def test_metrics_none_as_a_string_is_refused_with_what_asks_for_no_metric() -> None:
    with pytest.raises(mb.ConfigError, match=r"e\.g\. \[\] for none, got the string 'none'") as caught:
        mb.evaluate(EXECUTED, judge="lexical", metrics="none")
    assert "['none']" not in str(caught.value)
    assert mb.evaluate(EXECUTED, judge="lexical", metrics=[]).results[0].metrics == {}  # what the hint gives


@pytest.mark.parametrize("jobs", [0, -3, 2.5, "many", True, None])
def test_evaluate_refuses_other_jobs_with_a_usage_error(jobs: object) -> None:
    with pytest.raises(mb.ConfigError, match=r"^jobs must be auto or a whole number of at least 1, got ") as caught:
        mb.evaluate(EXECUTED, judge="lexical", jobs=jobs)  # type: ignore[arg-type]
    assert caught.value.__context__ is None, "no unrelated exception is chained to it"


@pytest.mark.parametrize("concurrency", [0, 2.5, "4"])
def test_run_refuses_a_concurrency_that_is_no_whole_number_from_1(concurrency: object) -> None:
    expected = r"^concurrency must be a whole number of at least 1 and at most 10000, got "
    with pytest.raises(mb.ConfigError, match=expected):
        mb.run(EXECUTED, lambda messages: "ok", concurrency=concurrency)  # type: ignore[arg-type]


def test_a_script_without_the_main_guard_is_told_and_its_work_done_once(tmp_path: Path) -> None:
    script = tmp_path / "score.py"
    script.write_text(
        "import mb\n"
        f"result = mb.evaluate({str(EXECUTED)!r}, judge='lexical', jobs=2)\n"
        "print('evaluated', result.summary.total, flush=True)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert done.stdout == "evaluated 3\n"
    assert 'keep the script\'s top-level code under `if __name__ == "__main__":`' in done.stderr
    assert "mb.errors.ConfigError" in done.stderr


@pytest.mark.parametrize("concurrency", [0, 2.5, "4"])
def test_a_ray_agent_refuses_such_a_concurrency_before_it_starts_actors(concurrency: object) -> None:
    from mb.runner import RayAgent

    with pytest.raises(mb.ConfigError, match=r"^concurrency must be a whole number of at least 1, got "):
        RayAgent(lambda messages: "ok", types.ModuleType("ray"), concurrency=concurrency)  # type: ignore[arg-type]


@pytest.mark.parametrize("concurrency", [0, 2.5, "4", True])
def test_the_llm_judge_refuses_such_a_concurrency(concurrency: object) -> None:
    from mb.judges import LLMJudge

    with pytest.raises(mb.errors.JudgeConfigError, match="max_concurrency must be a whole number of at least 1"):
        LLMJudge("m", base_url="http://127.0.0.1:9", max_concurrency=concurrency, cache=False)  # type: ignore[arg-type]


@pytest.mark.parametrize("missing", [True, False])
def test_an_input_file_that_cannot_be_read_is_an_input_error_of_mb(tmp_path: Path, missing: bool) -> None:
    source = tmp_path / ("nope.jsonl" if missing else "")
    for call in (lambda: mb.evaluate(source), lambda: mb.run(source, lambda _: "hi", output=tmp_path / "o.jsonl")):
        with pytest.raises(mb.InputError, match=r"No such file|Is a directory") as caught:
            call()
        builtin = FileNotFoundError if missing else IsADirectoryError  # what it always was, too
        assert isinstance(caught.value, builtin)
        assert caught.value.filename == str(source)
