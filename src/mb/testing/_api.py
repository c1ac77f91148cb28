"""The functions of :mod:`mb.testing`: examples as pytest parameters, and assertions on an agent's outputs."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache, partial
from typing import Any, Literal

import anyio
import pytest
from pydantic import ValidationError

from .._hashing import request_of
from ..entities import Environment, Example, Outputs
from ..errors import MBError
from ..evaluation import evaluate_example, resolve_judge
from ..io import iter_records, validation_reason
from ..judges import Judge
from ..metrics import MetricSpec
from ..results import ExampleResult

__all__ = ["aassert_example", "assert_example", "examples", "failure_message"]

Undecided = Literal["fail", "xfail"]
"""What an undecided verdict does in a test: fail it (with the reason), or mark it ``xfail``."""

_ID_LENGTH = 50
"""The longest request shown in a test id, in characters."""


def example_id(line: int, example: Example | None) -> str:
    """A readable test id: the line and the start of the example's last user message."""
    request = request_of(example) if example is not None else None
    if not request:
        return f"line {line}"
    short = request if len(request) <= _ID_LENGTH else request[: _ID_LENGTH - 1].rstrip() + "…"
    return f"line {line}: {short}"


def examples(path: str | os.PathLike[str], *, executed: bool = False) -> list[Any]:
    """One ``pytest.param(example, id=...)`` per example of a benchmark file, for ``@pytest.mark.parametrize``.

    Ids are the line and the start of the request. An invalid line stops collection with its file, line and
    problem (a benchmark with a broken line is not tested in part), and so does a file that cannot be read or holds
    no example (no test would run). ``executed=True`` requires outputs on every line.
    """
    params, problem = [], ""
    try:
        for record in iter_records(path, executed=executed):
            if record.error is not None:
                pytest.fail(f"invalid benchmark line: {record.error}", pytrace=False)
            params.append(pytest.param(record.example, id=example_id(record.line, record.example)))
    except OSError as exc:
        problem = f"cannot read the benchmark {os.fspath(path)!r} (in {os.getcwd()}): {exc.strerror or exc}"
    if problem or not params:  # outside the handler: pytest shows the reason alone
        pytest.fail(problem or f"the benchmark {os.fspath(path)!r} holds no example", pytrace=False)
    return params


def with_outputs(example: Example, outputs: Outputs | Mapping[str, Any] | str) -> Example:
    """``example`` executed: its outputs are an agent's ``Outputs``, their JSON form, or the response alone. A
    missing ``user_time`` is now, as ``mb run`` records it. Anything else fails the test, naming the example."""
    __tracebackhide__ = True
    if isinstance(outputs, str):
        made = Outputs(response=outputs)  # as `mb run` records a bare response: no trace
    else:
        data = outputs.line_data() if isinstance(outputs, Outputs) else outputs
        try:
            made = Outputs.model_validate(data)
        except ValidationError as error:
            problems = validation_reason(error, data)
            raise AssertionError(
                f"example {request_of(example)!r}: the agent's outputs are not valid: {problems}"
            ) from None
    if made.environment is None or made.environment.user_time is None:
        made.environment = made.environment or Environment()
        made.environment.user_time = datetime.now().astimezone()
    return example.model_copy(update={"outputs": made})


@cache
def _named_judge(name: str) -> Judge:
    """One judge per name for the test session (the local judge loads its model once)."""
    return resolve_judge(name)


def _judge(judge: Judge | str) -> Judge:
    """The judge named (resolved once per session), or given; a wrong name raises its error without the engine's
    traceback."""
    __tracebackhide__ = True
    try:
        return _named_judge(judge) if isinstance(judge, str) else judge
    except MBError as error:
        raise error.with_traceback(None) from None


def failure_message(result: ExampleResult, *, line: bool = True) -> str:
    """Why an example did not pass: its status, then one line per failed or undecided item (assertion and its
    parameters, check, required metric) or the error that stopped its evaluation. ``line``: name the example by its
    line as well as its request."""
    request = repr(result.request) if result.request else ""
    name = f"line {result.line}" + (f" ({request})" if request else "") if line else f"example {request}".strip()
    lines = [f"{name} {result.status}"]
    if result.error:
        lines.append(f"  error: {result.error}")
    for assertion in result.assertions:
        if not assertion.passed:
            named = f"{assertion.assert_that} {assertion.tool}" if assertion.tool else assertion.assert_that
            lines.append(f"  {named}: {assertion.reason}")
            for parameter in assertion.parameters:
                if not parameter.passed and parameter.score is not None and parameter.reason not in assertion.reason:
                    lines.append(f"    {', '.join(parameter.params)} ({parameter.match_as}): {parameter.reason}")
    for check in result.checks:
        if check.gating and not check.passed:
            lines.append(f"  {check.name}: {check.reason}")
    for metric_name, metric in result.metrics.items():
        if metric.gating and not metric.passed:
            lines.append(f"  required metric {metric_name} ({metric.status}): {metric.reason}")
    return "\n".join(lines)


def check_result(result: ExampleResult, undecided: Undecided = "fail", *, line: bool = True) -> ExampleResult:
    """``result`` when it passed; else :func:`pytest.xfail` for an undecided verdict when ``undecided="xfail"``, or
    :class:`AssertionError` with :func:`failure_message`."""
    __tracebackhide__ = True
    if undecided not in ("fail", "xfail"):
        raise ValueError(f"undecided must be 'fail' or 'xfail', not {undecided!r}")
    if result.passed:
        return result
    status: str = result.status  # "undecided": neither passed nor failed, a judge could not tell
    if status == "undecided" and undecided == "xfail":
        pytest.xfail(failure_message(result, line=line))
    raise AssertionError(failure_message(result, line=line))


def assert_example(
    example: Example,
    outputs: Outputs | Mapping[str, Any] | str,
    *,
    judge: Judge | str = "auto",
    metrics: Sequence[str | MetricSpec] | None = None,
    require: Sequence[str | MetricSpec] = (),
    undecided: Undecided = "fail",
) -> ExampleResult:
    """Score an agent's ``outputs`` for ``example`` (as ``mb eval`` does) and return the result when it passes.

    Raises :class:`AssertionError` listing the reasons (each failed assertion and parameter, check and required
    metric) when it does not. An undecided verdict fails too, or is marked ``xfail`` with ``undecided="xfail"``.
    In an async test use :func:`aassert_example`.
    """
    __tracebackhide__ = True
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:  # an async test: anyio.run would only say that a loop is already running
        raise RuntimeError("assert_example cannot score inside an event loop: in an async test, await aassert_example")
    executed = with_outputs(example, outputs)
    scoring = partial(evaluate_example, executed, judge=_judge(judge), metrics=metrics, require=require)
    return check_result(anyio.run(scoring), undecided, line=False)  # raised outside the event loop: a short traceback


async def aassert_example(
    example: Example,
    outputs: Outputs | Mapping[str, Any] | str,
    *,
    judge: Judge | str = "auto",
    metrics: Sequence[str | MetricSpec] | None = None,
    require: Sequence[str | MetricSpec] = (),
    undecided: Undecided = "fail",
) -> ExampleResult:
    """:func:`assert_example` for async tests (pytest-asyncio, anyio): awaits the judge in the test's event loop."""
    __tracebackhide__ = True
    executed = with_outputs(example, outputs)
    result = await evaluate_example(executed, judge=_judge(judge), metrics=metrics, require=require)
    return check_result(result, undecided, line=False)
