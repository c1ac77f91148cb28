"""The pytest plugin: a benchmark as parametrized tests, and ``pytest --mb-eval`` over an executed benchmark."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from mb.judges import Verdict

# Before any pytester exists: an in-process run drops the modules first imported inside it, and numpy cannot be
# imported twice in one process (a local-judge test run after these would fail); absent, nothing to protect.
with contextlib.suppress(ImportError):
    import numpy  # noqa: F401

CONTRACT = "undecided" in {field.name for field in dataclasses.fields(Verdict)}


def _line(request: str, tool: str, city: str, outputs: dict[str, Any] | None = None) -> dict[str, Any]:
    line: dict[str, Any] = {
        "inputs": {"messages": [{"role": "user", "content": request}]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": tool,
                    "parameters": [{"param": "city", "matcher": {"match_as": "equality", "value": city}}],
                }
            ]
        },
    }
    if outputs is not None:
        line["outputs"] = outputs
    return line


def _call(tool: str, city: str) -> dict[str, Any]:
    return {"response": "Done.", "trace": [{"event": "tool_call", "id": "c1", "tool": tool, "params": {"city": city}}]}


def _write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.fixture
def plugin_run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A pytester whose runs load the plugin explicitly, whether or not its entry point is installed."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    return pytester


def test_a_parametrized_benchmark_fails_exactly_the_example_the_agent_gets_wrong(plugin_run: pytest.Pytester) -> None:
    _write(
        plugin_run.path / "bench.jsonl",
        [_line("What is the weather in Paris?", "weather", "Paris"), _line("And in Rome, please?", "weather", "Rome")],
    )
    plugin_run.makepyfile(
        test_agent="""
        import pytest
        import mb.testing
        from mb.entities import Outputs

        def agent(inputs):  # gets every city but Rome right
            city = "Paris" if "Paris" in inputs.messages[-1].content else "Milan"
            call = {"event": "tool_call", "id": "c1", "tool": "weather", "params": {"city": city}}
            return Outputs.model_validate({"response": "Sunny.", "trace": [call]})

        @pytest.mark.parametrize("example", mb.testing.examples("bench.jsonl"))
        def test_agent(example):
            mb.testing.assert_example(example, agent(example.inputs), judge="lexical")
        """
    )
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider")
    run.assert_outcomes(passed=1, failed=1)
    run.stdout.fnmatch_lines(["FAILED test_agent.py::test_agent[[]line 2: And in Rome, please?[]] - *"])
    failure = run.stdout.str().split("FAILURES", 1)[1]
    assert "example 'And in Rome, please?' failed" in failure
    assert 'tool_called weather: call c1 does not match: city: expected "Rome", got "Milan"' in failure
    assert "src/mb/" not in failure  # the test's own line, not MorganaBench's frames
    assert "anyio" not in failure  # nor the event loop's


def test_mb_eval_collects_an_executed_benchmark_one_test_per_example(plugin_run: pytest.Pytester) -> None:
    executed = _write(
        plugin_run.path / "executed.jsonl",
        [
            _line("Weather in Paris?", "weather", "Paris", _call("weather", "Paris")),
            _line("Weather in Rome?", "weather", "Rome", _call("weather", "Milan")),
            _line("Weather in Oslo?", "weather", "Oslo", _call("weather", "Oslo")),
        ],
    )
    run = plugin_run.runpytest(
        "-p", "mb.testing.plugin", "-p", "no:cacheprovider", "--mb-eval", str(executed), "--mb-judge", "lexical", "-v"
    )
    run.assert_outcomes(passed=2, failed=1)
    run.stdout.fnmatch_lines(["*executed.jsonl::line 2: Weather in Rome? FAILED*"])
    failure = run.stdout.str().split("FAILURES", 1)[1]
    assert "line 2 ('Weather in Rome?') failed" in failure
    assert "tool_called weather" in failure
    assert "Traceback" not in failure


def test_mb_eval_reports_an_example_that_could_not_be_evaluated_as_an_error_not_a_failure(
    plugin_run: pytest.Pytester,
) -> None:
    failed_agent = {"response": "", "error": {"type": "TimeoutError", "message": "no answer within 5 s"}}
    executed = _write(
        plugin_run.path / "executed.jsonl",
        [
            _line("Hi", "weather", "Paris", _call("weather", "Paris")),
            _line("Rome?", "weather", "Rome", _call("weather", "Milan")),
            _line("Oslo?", "weather", "Oslo", failed_agent),
            {**_line("Facts?", "weather", "Oslo", {"response": "Done."}), "expectations": {"expected_facts": ["x"]}},
        ],
    )
    with executed.open("a") as stream:
        stream.write("{oops\n")
    junit = plugin_run.path / "junit.xml"
    run = plugin_run.runpytest(
        "-p", "mb.testing.plugin", "-p", "no:cacheprovider", "--mb-eval", str(executed), f"--junitxml={junit}", "-v"
    )
    run.assert_outcomes(passed=1, failed=2, errors=2)  # the undecided example is never a pass
    run.stdout.fnmatch_lines(["*line 4: Facts? FAILED*"])
    output = run.stdout.str()
    assert "line 3 ('Oslo?') error\n  error: agent error: TimeoutError: no answer within 5 s" in output
    assert "line 5 error\n  error: invalid line: $: invalid JSON" in output
    assert "Traceback" not in output
    assert "src/mb/" not in output
    assert 'errors="2" failures="2"' in junit.read_text()


def test_mb_eval_on_a_benchmark_never_executed_gives_each_example_the_reason_without_a_traceback(
    plugin_run: pytest.Pytester,
) -> None:
    benchmark = _write(plugin_run.path / "benchmark.jsonl", [_line("Hi", "weather", "Paris"), _line("Rome?", "w", "R")])
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider", "--mb-eval", str(benchmark))
    run.assert_outcomes(errors=2)
    run.stdout.fnmatch_lines(
        [
            "*ERROR at setup of benchmark.jsonl:1*",
            "*outputs: required in an executed benchmark*",
            "*ERROR at setup of benchmark.jsonl:2*",
            "*outputs: required in an executed benchmark*",
        ]
    )
    output = run.stdout.str()
    assert "NothingToEvaluateError" not in output
    assert "src/mb/" not in output


def test_without_mb_eval_the_plugin_leaves_a_project_alone(plugin_run: pytest.Pytester) -> None:
    plugin_run.makepyfile(test_plain="def test_ok():\n    assert True\n")
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider")
    run.assert_outcomes(passed=1)


def test_a_missing_benchmark_is_a_usage_error(plugin_run: pytest.Pytester) -> None:
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "--mb-eval", "nowhere.jsonl")
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    assert "--mb-eval: no such file" in run.stderr.str()


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--mb-judge", "lexcal"], "unknown judge 'lexcal'"),
        (["--mb-require", "citation"], "unknown metric 'citation'"),
        (
            ["--mb-require", "similarity=5", "--mb-require", "similarity=3"],
            "metric 'similarity' is required more than once (similarity=5, similarity=3)",
        ),
    ],
)
def test_a_wrong_judge_or_metric_is_one_usage_error(plugin_run: pytest.Pytester, options: list[str], says: str) -> None:
    executed = _write(plugin_run.path / "executed.jsonl", [_line("Hi", "weather", "Paris", _call("weather", "Paris"))])
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "--mb-eval", str(executed), *options)
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    assert says in run.stderr.str()
    assert "Traceback" not in run.stdout.str() + run.stderr.str()


def test_an_invalid_benchmark_line_stops_collection_with_its_place(plugin_run: pytest.Pytester) -> None:
    (plugin_run.path / "bench.jsonl").write_text(
        '{"inputs": {"messages": [{"role": "user", "content": "Hi"}]}, "expectations": {"guidelines": 3}}\n'
    )
    plugin_run.makepyfile(
        test_agent="""
        import pytest
        import mb.testing

        @pytest.mark.parametrize("example", mb.testing.examples("bench.jsonl"))
        def test_agent(example):
            pass
        """
    )
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider")
    run.assert_outcomes(errors=1)
    run.stdout.fnmatch_lines(["*invalid benchmark line: bench.jsonl:1: $.expectations.guidelines*"])


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "cannot read the benchmark 'bench.jsonl'*: No such file or directory"),
        ("", "the benchmark 'bench.jsonl' holds no example*"),
        ("\n  \n", "the benchmark 'bench.jsonl' holds no example*"),
    ],
)
def test_a_benchmark_missing_or_without_examples_stops_collection(
    plugin_run: pytest.Pytester, content: str | None, says: str
) -> None:
    if content is not None:
        (plugin_run.path / "bench.jsonl").write_text(content)
    plugin_run.makepyfile(
        test_agent="""
        import pytest
        import mb.testing

        @pytest.mark.parametrize("example", mb.testing.examples("bench.jsonl"))
        def test_agent(example):
            pass
        """
    )
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider")
    run.assert_outcomes(errors=1)
    run.stdout.fnmatch_lines([f"*{says}"])
    assert "another exception occurred" not in run.stdout.str()


@pytest.mark.parametrize("content", ["", "\n  \n"])
def test_mb_eval_of_a_file_without_examples_is_a_collection_error(plugin_run: pytest.Pytester, content: str) -> None:
    executed = _write(plugin_run.path / "executed.jsonl", [_line("Hi", "weather", "Paris", _call("weather", "Paris"))])
    (plugin_run.path / "empty.jsonl").write_text(content)
    run = plugin_run.runpytest(
        "-p", "mb.testing.plugin", "-p", "no:cacheprovider", "--mb-eval", str(executed), "--mb-eval", "empty.jsonl"
    )
    run.assert_outcomes(errors=1)
    assert run.ret == pytest.ExitCode.INTERRUPTED
    run.stdout.fnmatch_lines(["*empty.jsonl: holds no example (it is empty or blank)*"])


def test_assert_example_with_an_unknown_judge_says_so_without_the_engine_s_traceback(
    plugin_run: pytest.Pytester,
) -> None:
    plugin_run.makepyfile(
        test_agent="""
        import mb.testing
        from mb.entities import Example

        def test_agent():
            inputs = {"messages": [{"role": "user", "content": "Hi"}]}
            example = Example.model_validate({"inputs": inputs, "expectations": {}})
            mb.testing.assert_example(example, "Hello.", judge="lexicl")
        """
    )
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    run.stdout.fnmatch_lines(["E * unknown judge 'lexicl'*"])
    assert "factory.py" not in run.stdout.str()


@pytest.mark.skipif(not CONTRACT, reason="three-valued verdicts (Verdict.undecided) are not in this build yet")
@pytest.mark.parametrize(("mode", "outcome"), [("fail", {"failed": 1}), ("xfail", {"xfailed": 1})])
def test_an_undecided_verdict_fails_or_is_xfail_on_request(
    plugin_run: pytest.Pytester, mode: str, outcome: dict[str, int]
) -> None:
    _write(
        plugin_run.path / "bench.jsonl",
        [{**_line("Hi", "weather", "Paris"), "expectations": {"expected_facts": ["x"]}}],
    )
    plugin_run.makepyfile(
        test_agent=f"""
        import pytest
        import mb.testing
        from mb.judges import JudgeTask, Verdict

        class Unsure:
            name = "unsure"
            def supports(self, task):
                return task is JudgeTask.SUPPORT
            async def judge(self, requests):
                return [Verdict(0.6, "out of domain", "unsure", undecided=True) for _ in requests]

        @pytest.mark.parametrize("example", mb.testing.examples("bench.jsonl"))
        def test_agent(example):
            mb.testing.assert_example(example, "It is x.", judge=Unsure(), undecided={mode!r})
        """
    )
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider", "-rxf")
    run.assert_outcomes(**outcome)
    assert "undecided" in run.stdout.str()


def test_outputs_that_are_not_outputs_fail_naming_the_example(plugin_run: pytest.Pytester) -> None:
    _write(plugin_run.path / "bench.jsonl", [_line("Weather in Paris?", "weather", "Paris")])
    plugin_run.makepyfile(
        test_agent="""
        import pytest
        import mb.testing

        @pytest.mark.parametrize("outputs", [None, {"trace": []}], ids=["nothing", "no response"])
        @pytest.mark.parametrize("example", mb.testing.examples("bench.jsonl"))
        def test_agent(example, outputs):
            mb.testing.assert_example(example, outputs, judge="lexical")
        """
    )
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "no:cacheprovider")
    run.assert_outcomes(failed=2)
    failure = run.stdout.str().split("FAILURES", 1)[1]
    assert "AssertionError: example 'Weather in Paris?': the agent's outputs are not valid: $.outputs: " in failure
    assert "the agent's outputs are not valid: $.outputs.response: required field is missing" in failure
    assert "src/mb/" not in failure


def test_mb_eval_runs_only_the_example_named_by_its_node_id(plugin_run: pytest.Pytester) -> None:
    executed = _write(
        plugin_run.path / "executed.jsonl",
        [
            _line("Weather in Paris?", "weather", "Paris", _call("weather", "Paris")),
            _line("Weather in Rome?", "weather", "Rome", _call("weather", "Milan")),
        ],
    )
    plugin_run.makepyfile(test_plain="def test_ok():\n    assert True\n")
    options = ["-p", "mb.testing.plugin", "-p", "no:cacheprovider", "--mb-eval", str(executed), "--mb-judge", "lexical"]
    run = plugin_run.runpytest(*options, "executed.jsonl::line 1: Weather in Paris?")
    run.assert_outcomes(passed=1)  # as pytest printed it, to run that example again: not the whole benchmark
    run = plugin_run.runpytest(*options, "test_plain.py")
    run.assert_outcomes(passed=2, failed=1)  # other tests named: the benchmark is added to them


def test_assert_example_in_an_async_test_says_to_await_aassert_example(plugin_run: pytest.Pytester) -> None:
    _write(plugin_run.path / "bench.jsonl", [_line("Weather in Paris?", "weather", "Paris")])
    plugin_run.makepyfile(
        test_agent="""
        import pytest
        import mb.testing

        @pytest.mark.anyio
        @pytest.mark.parametrize("anyio_backend", ["asyncio"])
        @pytest.mark.parametrize("example", mb.testing.examples("bench.jsonl"))
        async def test_agent(example, anyio_backend):
            mb.testing.assert_example(example, "Sunny.", judge="lexical")
        """
    )
    run = plugin_run.runpytest("-p", "mb.testing.plugin", "-p", "anyio", "-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    run.stdout.fnmatch_lines(
        ["*assert_example cannot score inside an event loop: in an async test, await aassert_example"]
    )


def test_mb_eval_never_passes_an_example_that_checks_nothing(plugin_run: pytest.Pytester) -> None:
    unread = {**_line("Capital?", "weather", "Paris", {"response": "Rome.", "trace": []}), "expectations": {}}
    unread["expectations"] = {"expected_output": "Paris"}  # read by other tools, not by MorganaBench
    executed = _write(plugin_run.path / "executed.jsonl", [unread])
    junit = plugin_run.path / "junit.xml"
    run = plugin_run.runpytest(
        "-p", "mb.testing.plugin", "-p", "no:cacheprovider", "--mb-eval", str(executed), f"--junitxml={junit}"
    )
    run.assert_outcomes(failed=1)
    assert "expectations.expected_output is not read (did you mean expected_response?)" in run.stdout.str()
    assert 'failures="1"' in junit.read_text()
