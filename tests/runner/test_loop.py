"""The run loop through the Python API: order, outputs completed by the runner, errors as data, retries."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import anyio
import pytest

import mb
from mb.entities import Citation, Environment, Example, Outputs, ToolCall
from mb.io import LineError, Problem
from mb.io._typos import KeyWarning
from mb.runner import OutputExistsError, SilentProgress, TransientAgentError, example_hash, run
from mb.runner._errors import partial_run


def example(text: str, **inputs: Any) -> dict[str, Any]:
    return {"inputs": {"messages": [{"role": "user", "content": text}], **inputs}, "expectations": {}}


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_benchmark(path: Path, documents: list[Any]) -> Path:
    path.write_text("".join((d if isinstance(d, str) else json.dumps(d)) + "\n" for d in documents))
    return path


def test_examples_come_back_in_input_order_while_the_file_is_in_completion_order(tmp_path: Path) -> None:
    output = tmp_path / "executed.jsonl"

    async def agent(messages: list[dict[str, str]]) -> str:
        index = int(messages[-1]["content"])
        with anyio.fail_after(60):  # the even examples finish only once the file holds example 1
            while index % 2 == 0 and "answer 1" not in (output.read_text() if output.exists() else ""):
                await anyio.sleep(0.005)
        return f"answer {index}"

    examples, summary = run([example(str(i)) for i in range(6)], agent, output=output, concurrency=3)
    assert [e.outputs.response for e in examples if e.outputs] == [f"answer {i}" for i in range(6)]
    written = [line["outputs"]["response"] for line in lines(output)]
    assert sorted(written) == sorted(f"answer {i}" for i in range(6))
    assert written[0] == "answer 1"  # the first to finish, not the first in the benchmark
    assert (summary.total, summary.ran, summary.skipped, summary.error_count) == (6, 6, 0, 0)


def test_each_line_is_the_example_plus_outputs_and_its_hash(tmp_path: Path) -> None:
    document = example("hello", tools=["search"]) | {"id": "ex-1"}
    output = tmp_path / "out.jsonl"
    run([document], lambda messages: "hi", output=output)
    [line] = lines(output)
    assert line["inputs"] == document["inputs"]
    assert line["id"] == "ex-1"
    assert line["example_hash"] == example_hash(Example.model_validate(document))
    assert line["outputs"]["response"] == "hi"
    assert isinstance(line["outputs"]["latency_ms"], float)
    assert line["outputs"]["latency_ms"] >= 0
    assert Example.model_validate(line).outputs is not None


@pytest.mark.parametrize(
    ("answer", "traced"),
    [
        ("Done.", False),
        (Outputs(response="Done."), False),
        (Outputs.model_validate({"response": "Done."}), False),
        (Outputs(response="Done.", trace=[]), True),
    ],
    ids=["str", "Outputs", "validated", "empty trace"],
)
def test_outputs_without_a_trace_are_written_without_one_and_cannot_pass_a_forbidden_tool(
    tmp_path: Path, answer: Any, traced: bool
) -> None:
    document = example("Close my account") | {
        "expectations": {"extended_assertions": [{"assert_that": "tool_not_called", "tool": "delete_account"}]}
    }
    output = tmp_path / "out.jsonl"
    executed, _ = run([document], lambda messages: answer, output=output)
    [line] = lines(output)
    assert ("trace" in line["outputs"]) is traced
    for source in (output, executed):  # the file `mb eval` reads, and what `mb.run` gave
        (result,) = mb.evaluate(source, judge="lexical", metrics=[]).results
        assert result.status == ("passed" if traced else "error"), result.failure_reasons()


def test_user_time_is_the_local_time_the_request_is_sent_with_its_offset() -> None:
    before = datetime.now().astimezone()
    [executed], _ = run([example("x")], lambda messages: "ok")
    after = datetime.now().astimezone()
    assert executed.outputs is not None
    assert executed.outputs.environment is not None
    user_time = executed.outputs.environment.user_time
    assert user_time is not None
    assert user_time.utcoffset() == before.utcoffset()
    assert before <= user_time <= after


def test_a_fixed_user_time_is_used_and_given_to_the_agent() -> None:
    fixed = datetime(2024, 2, 1, 9, 15, tzinfo=timezone(timedelta(hours=1)))
    seen: list[datetime] = []

    def agent(messages: list[dict[str, str]], user_time: datetime) -> str:
        seen.append(user_time)
        return "ok"

    executed, _ = run([example("a"), example("b")], agent, user_time=fixed)
    assert seen == [fixed, fixed]
    assert [e.outputs.environment.user_time for e in executed if e.outputs and e.outputs.environment] == [fixed] * 2


def test_a_user_time_given_as_iso_text_is_read_and_a_bad_one_refused() -> None:
    from mb.errors import ConfigError

    seen: list[datetime] = []

    def agent(messages: list[dict[str, str]], user_time: datetime) -> str:
        seen.append(user_time)
        return "ok"

    run([example("a")], agent, user_time="2024-02-01T09:15:00+01:00")
    assert seen == [datetime(2024, 2, 1, 9, 15, tzinfo=timezone(timedelta(hours=1)))]
    for bad in ("next tuesday", 1706775300):
        with pytest.raises(ConfigError, match="user_time"):
            run([example("a")], agent, user_time=bad)  # type: ignore[arg-type]
    assert len(seen) == 1


def test_a_user_time_set_by_the_agent_is_kept() -> None:
    own = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)

    def agent(messages: list[dict[str, str]]) -> Outputs:
        return Outputs(response="ok", environment=Environment(user_time=own, locale="fr-FR"))

    [executed], _ = run([example("x")], agent, user_time=datetime(2024, 1, 1, tzinfo=UTC))
    assert executed.outputs is not None
    assert executed.outputs.environment is not None
    assert executed.outputs.environment.user_time == own
    assert executed.outputs.environment.model_extra == {"locale": "fr-FR"}


def test_agent_failures_become_error_lines_and_the_run_goes_on(tmp_path: Path) -> None:
    def agent(messages: list[dict[str, str]]) -> Any:
        kind = messages[-1]["content"]
        if kind == "raise":
            raise ValueError("no idea")
        if kind == "garbage":
            return 42
        if kind == "invalid":
            outputs = Outputs(response="see doc_9")
            outputs.citations = [Citation(document_id="doc_9", span_from=0, span_to=3)]  # nothing retrieved doc_9
            return outputs
        return "fine"

    output = tmp_path / "out.jsonl"
    kinds = ["raise", "fine", "garbage", "invalid"]
    examples, summary = run([example(k) for k in kinds], agent, output=output)
    by_kind = {line["inputs"]["messages"][0]["content"]: line["outputs"] for line in lines(output)}
    assert by_kind["fine"]["response"] == "fine"
    assert "error" not in by_kind["fine"]
    assert by_kind["raise"]["response"] == ""
    assert by_kind["raise"]["error"] == {"type": "ValueError", "message": "no idea", "transient": False}
    assert by_kind["garbage"]["error"]["type"] == "AgentOutputError"
    assert "int" in by_kind["garbage"]["error"]["message"]
    assert by_kind["invalid"]["error"]["type"] == "AgentOutputError"
    assert "doc_9" in by_kind["invalid"]["error"]["message"]
    assert all("user_time" in o["environment"] and "latency_ms" in o for o in by_kind.values())
    assert dict(summary.errors) == {"ValueError": 1, "AgentOutputError": 2}
    assert summary.ran == 4
    assert len(examples) == 4


def test_a_slow_agent_times_out_into_an_error_line() -> None:
    async def agent(messages: list[dict[str, str]]) -> str:
        if messages[-1]["content"] == "slow":
            await anyio.sleep(10)
        return "quick"

    executed, summary = run([example("slow"), example("fast")], agent, timeout=0.2)
    slow, fast = (e.outputs for e in executed)
    assert slow is not None
    assert fast is not None
    assert slow.model_extra is not None
    assert slow.model_extra["error"]["type"] == "TimeoutError"
    assert "0.2 s" in slow.model_extra["error"]["message"]
    assert fast.response == "quick"
    assert dict(summary.errors) == {"TimeoutError": 1}


def test_transient_errors_are_retried_until_the_agent_succeeds() -> None:
    attempts: list[str] = []

    def agent(messages: list[dict[str, str]]) -> str:
        attempts.append(messages[-1]["content"])
        if len(attempts) < 3:
            raise TransientAgentError("rate limited", retry_after=0)
        return "finally"

    [executed], summary = run([example("x")], agent, retries=2, backoff=0)
    assert executed.outputs is not None
    assert executed.outputs.response == "finally"
    assert len(attempts) == 3
    assert summary.retried == 2
    assert summary.error_count == 0


def test_an_exception_marked_transient_is_retried_and_reported_transient_when_retries_run_out() -> None:
    attempts = 0

    class Overloaded(Exception):
        transient = True

    def agent(messages: list[dict[str, str]]) -> str:
        nonlocal attempts
        attempts += 1
        raise Overloaded("server busy")

    [executed], summary = run([example("x")], agent, retries=1, backoff=0)
    assert attempts == 2
    assert executed.outputs is not None
    assert executed.outputs.model_extra is not None
    assert executed.outputs.model_extra["error"] == {"type": "Overloaded", "message": "server busy", "transient": True}
    assert summary.retried == 1


def test_other_errors_are_not_retried() -> None:
    attempts = 0

    def agent(messages: list[dict[str, str]]) -> str:
        nonlocal attempts
        attempts += 1
        raise KeyError("missing")

    run([example("x")], agent, retries=5, backoff=0)
    assert attempts == 1


@pytest.mark.parametrize("repeats", [1, 2])
def test_invalid_benchmark_lines_are_counted_and_written_as_errors_for_eval(tmp_path: Path, repeats: int) -> None:
    benchmark = write_benchmark(
        tmp_path / "bench.jsonl",
        [example("one"), '{"inputs": {"messages": []}, "expectations": {}}', "{not json", example("two")],
    )
    output = tmp_path / "out.jsonl"
    examples, summary = run(benchmark, lambda messages: "ok", output=output, repeats=repeats, sort=True)
    assert [e.line for e in summary.invalid] == [2, 3]
    assert str(summary.invalid[0]).startswith(f"{benchmark}:2: $.inputs.messages: ")
    assert summary.total == 2 * repeats
    assert len(examples) == 2 * repeats
    assert len(lines(output)) == 4 * repeats
    results = mb.evaluate(output)
    assert (results.summary.total, results.summary.errors) == (4 * repeats, 2 * repeats)
    errors = [result.error for result in results.results if result.error]
    assert (
        errors[0]
        == f"invalid line: $: not run, {benchmark}:2 is invalid: $.inputs.messages: must have at least 1 item(s), got 0"
    )
    assert errors[-1].startswith(f"invalid line: $: not run, {benchmark}:3 is invalid: $: invalid JSON: ")


@pytest.mark.parametrize("repeats", [1, 2])
def test_evaluating_what_run_returns_gives_the_results_of_its_sorted_output(tmp_path: Path, repeats: int) -> None:
    """Each benchmark line not run is an error in its place, as in the output `mb run --sort` writes: line N of the
    results is the same whether `mb.evaluate` reads that file or takes what `mb.run` returned."""
    benchmark = write_benchmark(
        tmp_path / "bench.jsonl", [example("one"), "{not json", example("two"), '{"inputs": {}}', example("three")]
    )
    output = tmp_path / "out.jsonl"
    returned = run(benchmark, lambda messages: "ok", output=output, repeats=repeats, sort=True)
    from_file = mb.evaluate(output, judge="lexical").results
    for evaluated in (mb.evaluate(returned, judge="lexical"), mb.evaluate(returned.examples, judge="lexical")):
        assert (evaluated.summary.total, evaluated.summary.errors) == (5 * repeats, 2 * repeats), "as `mb eval` counts"
        seen = [(r.line, r.status, r.error, r.example_hash, r.repeat) for r in evaluated.results]
        assert seen == [(r.line, r.status, r.error, r.example_hash, r.repeat) for r in from_file]
    assert from_file[repeats].error is not None
    assert from_file[repeats].error.startswith(f"invalid line: $: not run, {benchmark}:2 is invalid: $: invalid JSON")


def test_an_invalid_line_of_a_file_whose_name_is_not_utf8_is_written_too(tmp_path: Path) -> None:
    benchmark = write_benchmark(tmp_path / "bench\udcff.jsonl", [example("one"), "{not json"])
    output = tmp_path / "out.jsonl"
    run(benchmark, lambda messages: "ok", output=output)
    [error] = [result.error for result in mb.evaluate(output).results if result.error]
    assert error.startswith(f"invalid line: $: not run, {tmp_path}/bench\\udcff.jsonl:2 is invalid: $: invalid JSON")


def test_line_errors_and_dicts_are_accepted_as_benchmark_items() -> None:
    error = LineError("bench.jsonl", 3, (Problem("$", "broken"),))
    examples, summary = run([example("a"), error, Example.model_validate(example("b"))], lambda m: "ok")
    assert len(examples) == 2
    assert summary.invalid == [error]


def test_an_existing_output_is_refused_unless_overwritten(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    output.write_text('{"previous": "run"}\n')
    with pytest.raises(OutputExistsError, match=r"resume=True.*overwrite=True"):
        run([example("x")], lambda m: "new", output=output)
    assert output.read_text() == '{"previous": "run"}\n'
    run([example("x")], lambda m: "new", output=output, overwrite=True)
    assert [line["outputs"]["response"] for line in lines(output)] == ["new"]


def test_an_empty_existing_output_is_simply_reused(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    output.write_text("\n")
    run([example("x")], lambda m: "new", output=output)
    assert len(lines(output)) == 1


def test_sync_agents_run_concurrently_up_to_the_limit() -> None:
    import threading

    lock = threading.Lock()
    running = peak = 0
    three_at_once = threading.Barrier(3, timeout=60)  # passed only by three calls running together

    def agent(messages: list[dict[str, str]]) -> str:
        nonlocal running, peak
        with lock:
            running += 1
            peak = max(peak, running)
        three_at_once.wait()
        with lock:
            running -= 1
        return "ok"

    _, summary = run([example(str(i)) for i in range(12)], agent, concurrency=3)
    assert summary.errors == {}
    assert peak == 3


def test_without_collect_nothing_is_kept_in_memory(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    examples, summary = run([example(str(i)) for i in range(5)], lambda m: "ok", output=output, collect=False)
    assert examples == []
    assert summary.ran == 5
    assert len(lines(output)) == 5


def test_sort_rewrites_the_output_in_input_order(tmp_path: Path) -> None:
    order = list(range(8))

    async def agent(messages: list[dict[str, str]]) -> str:
        await anyio.sleep(random.random() / 50)
        return messages[-1]["content"]

    documents = [example(str(i)) for i in order] + [example("3")]  # a duplicate example too
    output = tmp_path / "out.jsonl"
    run(documents, agent, output=output, concurrency=4, sort=True)
    assert [line["outputs"]["response"] for line in lines(output)] == [str(i) for i in order] + ["3"]
    assert not list(tmp_path.glob(".*.tmp"))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="concurrency"):
        run([example("x")], lambda m: "ok", concurrency=0)
    with pytest.raises(ValueError, match="output file"):
        run([example("x")], lambda m: "ok", resume=True)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("timeout", float("nan"), "timeout must be a positive number of seconds, got nan"),
        ("backoff", float("nan"), "backoff must be 0 or more seconds, got nan"),
        ("concurrency", 10**20, "concurrency must be a whole number of at least 1 and at most 10000"),
    ],
)
def test_values_that_would_break_or_stall_the_run_are_refused(option: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        run([example("x")], lambda m: "ok", **{option: value})


@pytest.mark.parametrize(
    ("answer", "path", "message"),
    [
        (lambda: "bad \ud800 text", "$.outputs.response", "lone surrogate \\ud800"),
        (
            lambda: Outputs(
                response="ok", trace=[{"event": "tool_call", "id": "c", "tool": "t", "params": {"n": 2**70}}]
            ),
            "$.outputs.trace[0].params.n",
            "out of range",
        ),
        (
            lambda: Outputs(
                response="ok", trace=[{"event": "tool_call", "id": "c", "tool": "t", "params": {"x": [[[[[[]]]]]]}}]
            ),
            "$",
            "nest",
        ),
        (lambda: "x" * 3000, "$", "over the limit of 2000"),
        (
            lambda: Outputs(
                response="ok", trace=[{"event": "tool_call", "id": "c", "tool": "t", "params": {"n": 10**5000}}]
            ),
            "$.outputs.trace[0].params.n",
            "integer 100000000000...(5001 digits) out of range",
        ),
        (  # never written as null: a missing matcher would pass on it
            lambda: Outputs(
                response="ok", trace=[{"event": "tool_call", "id": "c", "tool": "t", "params": {"x": float("nan")}}]
            ),
            "$.outputs.trace[0].params.x",
            "NaN is not a JSON number",
        ),
        (
            lambda: Outputs(
                response="ok", trace=[{"event": "tool_call", "id": "c", "tool": "t", "params": {"x": [float("inf")]}}]
            ),
            "$.outputs.trace[0].params.x[0]",
            "too large for a 64-bit float",
        ),
        (  # a tool's result too (a framework adapter gives what the tool returned)
            lambda: Outputs(
                response="ok",
                trace=[
                    {"event": "tool_call", "id": "c", "tool": "t", "params": {}},
                    {"event": "tool_result", "id": "c", "result": {"temperature": float("nan")}},
                ],
            ),
            "$.outputs.trace[1].result.temperature",
            "NaN is not a JSON number",
        ),
    ],
    ids=[
        "lone-surrogate",
        "huge-integer",
        "too-deep",
        "too-long",
        "integer-too-long-to-print",
        "nan",
        "infinity",
        "nan-in-a-tool-result",
    ],
)
def test_outputs_no_command_could_read_back_become_an_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: Any, path: str, message: str
) -> None:
    import mb.io._limits as limits

    monkeypatch.setattr(limits, "MAX_DEPTH", 8)
    output = tmp_path / "out.jsonl"
    documents = [example("first"), example("second")]
    examples, summary = run(
        documents,
        lambda messages: answer() if messages[-1]["content"] == "first" else "fine",
        output=output,
        max_line_bytes=2000,
    )
    written = lines(output)  # every line is JSON again
    assert len(written) == 2
    failed = next(line for line in written if line["inputs"]["messages"][0]["content"] == "first")
    assert failed["outputs"]["error"]["type"] == "AgentOutputError"
    assert path in failed["outputs"]["error"]["message"]
    assert message in failed["outputs"]["error"]["message"]
    assert failed["outputs"]["environment"]["user_time"]
    assert isinstance(failed["outputs"]["latency_ms"], float)
    assert (summary.error_count, summary.ran) == (1, 2)
    assert examples[0].outputs is not None
    assert examples[0].outputs.error is not None
    from mb.io import read_examples

    assert all(not isinstance(item, LineError) for item in read_examples(output, max_line_bytes=2000))


def test_an_agent_calling_sys_exit_is_an_agent_error_not_the_end_of_the_run(tmp_path: Path) -> None:
    import sys

    def agent(messages: list[dict[str, str]]) -> str:
        if messages[-1]["content"] == "first":
            sys.exit(3)
        return "fine"

    output = tmp_path / "out.jsonl"
    _, summary = run([example("first"), example("second")], agent, output=output)
    written = {line["inputs"]["messages"][0]["content"]: line["outputs"] for line in lines(output)}
    assert written["first"]["error"]["type"] == "SystemExit"
    assert written["second"]["response"] == "fine"
    assert summary.error_count == 1


def test_a_failed_attempt_whose_partial_trace_is_invalid_is_still_an_error_line(tmp_path: Path) -> None:
    from mb.runner._errors import partial_run

    def agent(messages: list[dict[str, str]]) -> str:
        recorded = partial_run()
        assert recorded is not None
        recorded.trace.append({"type": "tool_call", "tool": "search"})  # not an event the format knows
        raise RuntimeError("the model went away")

    output = tmp_path / "out.jsonl"
    _, summary = run([example("a"), example("b")], agent, output=output)
    assert summary.errors["RuntimeError"] == 2
    lines = [json.loads(line) for line in output.read_text().splitlines()]
    assert len(lines) == 2
    for line in lines:
        assert "the model went away" in line["outputs"]["error"]["message"]
        assert "partial run was left out" in line["outputs"]["error"]["message"]
        assert "trace" not in line["outputs"] or line["outputs"]["trace"] == []


@pytest.mark.filterwarnings("error::UserWarning")  # nor a serializer's warning printed beside them
def test_invalid_outputs_of_an_agent_are_one_line_reasons_naming_the_field(tmp_path: Path) -> None:
    bad_call = {"event": "tool_call", "id": "c1", "tool": "get_weather", "params": "Paris"}

    def agent(messages: list[dict[str, str]]) -> Any:
        kind = messages[-1]["content"]
        if kind == "validated":  # the agent's own validation fails
            return Outputs.model_validate({"response": "x", "trace": [bad_call]})
        if kind == "built":
            return Outputs(response="x", trace=[ToolCall(id="c1", tool="get_weather", params="Paris")])  # type: ignore[arg-type]
        if kind == "constructed":  # built without validation: validated by the runner
            return Outputs.model_construct(response="x", trace=[bad_call])
        if kind == "partial":  # what the failed attempt recorded is not a trace
            recorded = partial_run()
            assert recorded is not None
            recorded.trace.append(bad_call)
            raise RuntimeError("the model went away")
        return None

    kinds = ["validated", "built", "constructed", "partial", "none"]
    output = tmp_path / "out.jsonl"
    run([example(k) for k in kinds], agent, output=output)
    errors = {line["inputs"]["messages"][0]["content"]: line["outputs"]["error"] for line in lines(output)}
    expected = 'params: expected an object, got a string ("Paris")'
    assert errors["validated"]["message"] == f"$.outputs.trace[0].{expected}"
    assert errors["built"]["message"] == f"ToolCall.{expected}"
    assert errors["constructed"]["message"] == f"the agent returned invalid outputs: $.outputs.trace[0].{expected}"
    assert errors["partial"]["message"] == (
        f"the model went away (its partial run was left out: $.outputs.trace[0].{expected})"
    )
    assert errors["none"]["message"] == (
        "the agent returned NoneType (None); expected Outputs, its JSON form (a dict) or str"
    )


def test_a_dict_an_agent_returns_is_read_as_outputs_as_the_pytest_helper_reads_it(tmp_path: Path) -> None:
    call = {"event": "tool_call", "id": "c1", "tool": "get_weather", "params": {"city": "Paris"}}
    answers = {"traced": {"response": "Sunny", "trace": [call]}, "untraced": {"response": "Sunny"}, "other": {"a": 1}}
    output = tmp_path / "out.jsonl"
    run([example(k) for k in answers], lambda messages: answers[messages[-1]["content"]], output=output)
    recorded = {line["inputs"]["messages"][0]["content"]: line["outputs"] for line in lines(output)}
    assert recorded["traced"]["trace"] == [call]
    assert "error" not in recorded["traced"]
    assert recorded["untraced"]["response"] == "Sunny"
    assert "trace" not in recorded["untraced"]
    assert (
        recorded["other"]["error"]["message"]
        == "the agent returned invalid outputs: $.outputs.response: required field is missing"
    )


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("this exception cannot be printed")


class _BrokenTransient(Exception):
    @property
    def transient(self) -> bool:
        raise ValueError("no transient flag here")


@pytest.mark.parametrize("failure", [_Unprintable, _BrokenTransient], ids=["str-raises", "transient-raises"])
def test_an_exception_that_cannot_be_inspected_is_still_its_example_s_error(
    tmp_path: Path, failure: type[Exception]
) -> None:
    def agent(messages: list[dict[str, str]]) -> str:
        if messages[-1]["content"] == "first":
            raise failure()
        return "fine"

    output = tmp_path / "out.jsonl"
    _, summary = run([example("first"), example("second")], agent, output=output)
    written = {line["inputs"]["messages"][0]["content"]: line["outputs"] for line in lines(output)}
    assert written["first"]["error"]["type"] == failure.__name__
    assert written["first"]["error"]["transient"] is False
    assert written["second"]["response"] == "fine"
    assert (summary.ran, summary.error_count) == (2, 1)


def test_an_error_message_that_is_not_unicode_text_keeps_the_agent_s_error(tmp_path: Path) -> None:
    def agent(messages: list[dict[str, str]]) -> str:
        raise RuntimeError("bad byte " + chr(0xD800) + " from the model")

    output = tmp_path / "out.jsonl"
    _, summary = run([example("first")], agent, output=output)
    [line] = lines(output)
    assert line["outputs"]["error"]["type"] == "RuntimeError"
    assert line["outputs"]["error"]["message"] == "bad byte \\ud800 from the model"
    assert dict(summary.errors) == {"RuntimeError": 1}


def test_a_failed_example_whose_error_line_cannot_be_written_counts_one_error(tmp_path: Path) -> None:
    from mb.entities import ToolCall
    from mb.runner._errors import partial_run

    def agent(messages: list[dict[str, str]]) -> str:
        recorded = partial_run()
        assert recorded is not None
        recorded.trace.append(ToolCall(id="1", tool="search", params={"q": "bad " + chr(0xD800)}))
        raise RuntimeError("the model went away")

    output = tmp_path / "out.jsonl"
    _, summary = run([example("a")], agent, output=output)
    [line] = lines(output)
    assert line["outputs"]["error"]["type"] == "RuntimeError"
    assert line["outputs"]["error"]["message"].startswith("the model went away (its partial run was left out: ")
    assert (summary.ran, summary.error_count) == (1, 1)


def test_a_failed_example_whose_partial_run_makes_its_line_too_long_counts_one_error(tmp_path: Path) -> None:
    from mb.entities import ToolCall
    from mb.runner._errors import partial_run

    def agent(messages: list[dict[str, str]]) -> str:
        recorded = partial_run()
        assert recorded is not None
        recorded.trace.append(ToolCall(id="1", tool="search", params={"q": "x" * 1200}))
        raise RuntimeError("the model went away")

    output = tmp_path / "out.jsonl"  # the outputs alone fit in a line, not with the example's own 1,000 characters
    _, summary = run([example("a" * 1000)], agent, output=output, max_line_bytes=2000)
    [line] = lines(output)
    assert line["outputs"]["error"]["type"] == "AgentOutputError"
    assert (summary.ran, summary.error_count) == (1, 1)
    assert dict(summary.errors) == {"AgentOutputError": 1}


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        ({"type": "QuotaExceeded", "message": "no credits left", "transient": False}, "QuotaExceeded"),
        ("oops", "AgentError"),
    ],
)
def test_outputs_in_which_the_agent_reports_its_own_error_count_as_an_agent_error(error: Any, kind: str) -> None:
    def agent(messages: list[dict[str, str]]) -> Outputs:
        if messages[-1]["content"] == "first":
            return Outputs.model_validate({"response": "", "error": error})
        return Outputs(response="fine")

    _, summary = run([example("first"), example("second")], agent)
    assert (summary.ran, summary.error_count) == (2, 1)
    assert dict(summary.errors) == {kind: 1}
    assert "first agent error(s)" in summary.describe()


def test_a_self_reported_error_whose_line_cannot_be_written_counts_one_error(tmp_path: Path) -> None:
    def agent(messages: list[dict[str, str]]) -> Outputs:
        return Outputs.model_validate({"response": "bad " + chr(0xD800), "error": "oops"})

    output = tmp_path / "out.jsonl"
    _, summary = run([example("first")], agent, output=output)
    [line] = lines(output)
    assert line["outputs"]["error"]["type"] == "AgentOutputError"
    assert dict(summary.errors) == {"AgentOutputError": 1}


def test_run_inside_an_event_loop_says_to_await_arun() -> None:
    from mb.errors import ConfigError

    async def inside() -> None:
        with pytest.raises(ConfigError, match=r"await mb\.arun"):
            run([example("a")], lambda messages: "x")

    anyio.run(inside)


def test_the_unknown_keys_of_the_first_lines_come_as_they_are_read_in_line_order(tmp_path: Path) -> None:
    class Events(SilentProgress):
        def __init__(self) -> None:
            self.events: list[int | str] = []  # the line of each warning; "done" for each example done

        def warning(self, warning: KeyWarning) -> None:
            if warning.key:  # an unknown key (each line also checks nothing)
                self.events.append(warning.line)

        def advance(self, *, error: bool = False) -> None:
            self.events.append("done")

    async def agent(messages: list[dict[str, str]]) -> str:
        await anyio.sleep(random.uniform(0, 0.01))
        return "ok"

    documents = [example(str(i)) | {"expectations": {"expected_tools": ["x"]}} for i in range(40)]
    benchmark = write_benchmark(tmp_path / "bench.jsonl", [*documents[:5], "", *documents[5:]])  # line 6 blank
    progress = Events()
    run(benchmark, agent, output=tmp_path / "out.jsonl", concurrency=8, progress=progress, key_warnings=30)
    warned = [event for event in progress.events if event != "done"]
    assert warned == [line for line in range(1, 31) if line != 6]
    assert progress.events[0] == 1, "the first line's warning comes before any example is done"
    assert progress.events.count("done") == 40
    unasked = Events()
    run(benchmark, agent, output=tmp_path / "again.jsonl", progress=unasked)
    assert unasked.events == ["done"] * 40, "no warnings unless asked for"


def test_a_progress_object_without_a_warning_method_still_runs_when_warnings_are_asked_for(tmp_path: Path) -> None:
    class Counting:  # the events a progress object may choose to take: here no ``warning``
        def __init__(self) -> None:
            self.done = 0

        def start(self, total: int | None) -> None:
            return

        def advance(self, *, error: bool = False) -> None:
            self.done += 1

        def invalid(self, error: LineError) -> None:
            return

        def message(self, text: str) -> None:
            return

        def stop(self) -> None:
            return

    documents = [example(str(i)) | {"expectations": {"expected_tools": ["x"]}} for i in range(6)]
    benchmark = write_benchmark(tmp_path / "bench.jsonl", documents)
    progress = Counting()
    result = run(benchmark, lambda messages: "ok", output=tmp_path / "out.jsonl", progress=progress, key_warnings=10)
    assert progress.done == 6
    assert len(lines(tmp_path / "out.jsonl")) == 6
    assert not result.summary.interrupted
