"""Evaluate one executed example, given answers to its judge requests (see ``_engine`` for how they are obtained)."""

from __future__ import annotations

import ast
import json
import re
from collections import deque
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .._redact import redact
from ..entities import Example, Outputs, ToolCall, ToolResult
from ..entities._misspelt import NOTHING_EXPECTED
from ..entities._misspelt import names_expected_response as _answer
from ..entities.outputs import Request, reported_error, requested_calls, unread_calls, written_calls, written_steps
from ..matching import MatchContext
from ..matching._names import letters, words
from ..matching.assertions import CallSpec, assertion_rows, assertion_spec, call_spec
from ..matching.extended import all_assertion_rows, may_be_tool, name_forms, same_tool
from ..matching.grounded import Sources
from ..matching.trace_checks import check_row, orphan_results_row, tool_restriction_row
from ..metrics import METRIC_NAMES, METRICS, citations, judged, retrieval, text_match
from ..metrics._base import skipped, threshold_of
from ..results import CheckResult, ExampleResult, Status, item_status
from ._response_checks import response_expectation_rows
from .plan import MetricPlan

__all__ = [
    "NOTHING_CHECKED",
    "Row",
    "agent_failure",
    "built_in_metrics_only",
    "error_result",
    "evaluate_with",
    "failure_entry",
    "without_checks",
]


Row = dict[str, Any]
"""An :class:`ExampleResult` as JSON (``ExampleResult.model_validate(row)`` gives the model)."""


def result_row(
    line: int,
    status: Status,
    score: float,
    assertions: list[Row],
    checks: list[Row],
    metrics: dict[str, Row],
    error: str | None,
    categories: dict[str, str],
) -> Row:
    """An example result as JSON, fields in the model's order (so a written line does not depend on the path)."""
    return {
        "line": line,
        "passed": status == "passed",
        "status": status,
        "score": score,
        "assertions": assertions,
        "checks": checks,
        "metrics": metrics,
        "error": error,
        "categories": categories,
        "example_hash": None,  # the three fields taken from the line itself are set by whoever has the line
        "repeat": None,
        "usage": None,
        "request": None,
        "latency_ms": None,
    }


def error_result(line: int, message: str, categories: dict[str, str] | None = None) -> Row:
    """The result of a line that could not be evaluated (invalid line, agent error)."""
    return result_row(line, "error", 0.0, [], [], {}, message, categories or {})


def failure_entry(row: Mapping[str, Any]) -> tuple[int, str, str]:
    """``(line, status, first reason)`` of a result that did not pass, for reports."""
    return row["line"], row["status"], _first_reason(row)


def _first_reason(row: Mapping[str, Any]) -> str:
    """The row's error, else the reason of its first item whose status is the row's (see :func:`item_status`)."""
    if row["error"]:
        return str(row["error"])
    named = [(f"{a['assert_that']} {a['tool']}" if a["tool"] else a["assert_that"], a) for a in row["assertions"]]
    named += [(c["name"], c) for c in row["checks"] if c["gating"]]
    named += [  # a metric left unscored is an error of the row already
        (n, {**m, "undecided": m["details"].get("undecided")})
        for n, m in row["metrics"].items()
        if m["gating"] and m["passed"] is False
    ]
    for name, item in named:
        if item_status(item["passed"], item.get("error"), item.get("undecided")) == row["status"]:
            return f"{name}: {item['reason']}"
    return "did not pass"


def agent_failure(example: Example) -> str | None:
    """What the runner recorded in ``outputs.error`` (``"<type>: <message>"``); None when the agent did not fail."""
    reported = None if example.outputs is None else reported_error(example.outputs)
    # another tool's runner may have kept a key its agent's error quoted
    return None if reported is None else redact(": ".join(part for part in reported if part))


def _verdict(
    assertions: Sequence[Row], checks: Sequence[Row], metrics: dict[str, Row]
) -> tuple[Status, float, str | None]:
    """(status, score, error message) from the gating items: failed > error > undecided > passed.

    An item a judge could not decide with confidence (``undecided``) never passes: with no failure and no error, it
    makes the example ``undecided``.
    """
    scores: list[float] = []
    found: set[Status] = set()  # failed or undecided, among the items that are not errors
    errors: list[str] = []
    for assertion in assertions:
        scores.append(1.0 if assertion["passed"] else _assertion_score(assertion))
        if assertion["error"] is not None:
            what = assertion["assert_that"] if assertion["tool"] is None else f"on {assertion['tool']!r}"
            errors.append(f"assertion {what} not judged: {assertion['error']}")
        elif not assertion["passed"]:
            found.add("undecided" if assertion.get("undecided") else "failed")
    for check in checks:
        if check["gating"]:
            unsure = bool(check.get("undecided"))  # its score is the judge's, no share met: it counts 0
            scores.append(check["score"] if check["score"] is not None and not unsure else float(check["passed"]))
            if check["error"] is not None:
                errors.append(f"{check['name']} not judged: {check['error']}")
            elif unsure or not check["passed"]:
                found.add("undecided" if unsure else "failed")
    for name, metric in metrics.items():
        if metric["gating"]:
            scores.append(1.0 if metric["passed"] else 0.0)
            unsure = bool(metric["details"].get("undecided"))
            if metric["status"] != "ok":  # skipped for any reason, or failed: no score, so no pass
                errors.append(f"required metric {name} not scored: {metric['reason']}")
            elif unsure or not metric["passed"]:
                found.add("undecided" if unsure else "failed")
    score = sum(scores, 0.0) / len(scores) if scores else 1.0
    if "failed" in found:
        return "failed", score, None
    if errors:  # each distinct message once: a judge failure can leave many assertions without a verdict
        return "error", score, "; ".join(dict.fromkeys(errors))
    return "undecided" if found else "passed", score, None


def _assertion_score(assertion: Row) -> float:
    parameters = assertion["parameters"]
    return sum(1 for parameter in parameters if parameter["passed"]) / len(parameters) if parameters else 0.0


def _finish(
    line: int, assertions: list[Row], checks: list[Row], metrics: dict[str, Row], categories: dict[str, str]
) -> Row:
    status, score, error = _verdict(assertions, checks, metrics)
    rounded = score if score == 1.0 else round(score, 4)  # round(1.0, 4) is 1.0: most results skip the call
    return result_row(line, status, rounded, assertions, checks, metrics, error, categories)


def without_checks(result: ExampleResult, names: Collection[str]) -> ExampleResult:
    """``result`` without its checks named in ``names``, its verdict and score taken again from the items left (an
    example that could not be evaluated keeps its error)."""
    row = result.model_dump()
    checks = [check for check in row["checks"] if check["name"] not in names]
    if result.error is not None:
        return result.model_copy(update={"checks": [CheckResult.model_validate(check) for check in checks]})
    return ExampleResult.model_validate(
        {**row, **_finish(result.line, row["assertions"], checks, row["metrics"], row["categories"])}
    )


def evaluate_with(example: Example, line: int, ctx: MatchContext, plan: MetricPlan) -> Row:
    """Evaluate an executed example; judge requests are answered by ``ctx.oracle``."""
    categories = dict(example.inputs.metadata.categories or {}) if example.inputs.metadata else {}
    outputs = example.outputs
    if outputs is None:
        return error_result(line, "not executed: the line has no outputs (run an agent over it first)", categories)
    failure = agent_failure(example)
    if failure is not None:
        return error_result(line, f"agent error: {failure}", categories)

    calls = [call_spec(call) for call in outputs.tool_calls()]
    published = [assertion_spec(a) for a in example.expectations.assertions]
    extended = example.expectations.extended_assertions
    if extended:
        listed = {tool.casefold() for tool in example.inputs.tools or []}
        ordered = any(said.assert_that == "tool_order" for said in extended)
        steps = written_steps(outputs.response, listed) if ordered else []
        written: list[CallSpec] = [(f"written {number}", name, {}) for number, (_, name, _) in enumerate(steps, 1)]
        assertions = all_assertion_rows(published, extended, calls, ctx, *_grounding(example), written)
    else:
        assertions = assertion_rows(published, calls, ctx)
    checks: list[Row] = []
    if example.inputs.tools is not None:
        checks.append(tool_restriction_row(example.inputs.tools, calls))
    orphans = orphan_results_row(outputs)
    if orphans is not None:
        checks.append(orphans)

    metrics: dict[str, Row] = {}
    for spec, gating in plan.specs_for(example):
        metric = METRICS[spec.name]
        if gating and not metric.applies(example):  # not scored: an error, as any required metric with no score
            result = skipped(f"not applicable to this example (it has no {metric.needs})", threshold_of(spec))
        else:
            result = metric.compute(example, ctx, spec)
        metrics[spec.name] = result.model_dump(mode="json") | ({"gating": True} if gating else {})
    expected = example.expectations.expected_response
    if expected is not None and not expected.strip():  # the schema allows it, but it leaves nothing to compare
        empty = "expected_response is empty: nothing to compare"
        checks.append(check_row("expected_response", False, empty, None, empty))
    elif expected:
        similarity = metrics.get("similarity")
        if similarity is None:
            similarity = METRICS["similarity"].compute(example, ctx, plan.similarity_spec()).model_dump(mode="json")
        checks.append(_expected_response_check(similarity))
    checks += response_expectation_rows(example, ctx)
    if (
        not assertions
        and all(c["name"] in _TRACE_CHECKS for c in checks)
        and not any(m["gating"] for m in metrics.values())
    ):
        checks.append(_nothing_checked(example))
    known = {
        tool.casefold()
        for tool in [
            *(example.inputs.tools or []),
            *(tool for said in extended for tool in _tools(said)),
            *(spec[0] for spec in published if spec[0]),
        ]
    }
    asked = [None] * len(published) + list(extended)
    breakable = any(
        row["passed"] and row.get("assert_that") in _UNTRACED and getattr(said, "max", 0) is not None
        for row, said in zip(assertions, asked, strict=True)
    )
    passing = any(row["passed"] for row in [*assertions, *checks])
    untold = _calls_untold(outputs, known, breakable, example.inputs.tools is not None) if passing else None
    if untold is not None:
        why, nested, code = untold
        apart = code and example.inputs.tools is not None and not _mentions(outputs.response, known)
        assertions = [
            _untraced(row, why, nested, said, code, apart) for row, said in zip(assertions, asked, strict=True)
        ]
        checks = [_untraced(row, why, nested, None, code) for row in checks]
    return _finish(line, assertions, checks, metrics, categories)


_CUT = dict.fromkeys(("truncated", "incomplete", "partial", "hasmore", "stoppedearly", "laststep"), True)
_CUT |= dict.fromkeys(("cancelled", "canceled", "timedout", "aborted", "interrupted", "interrupt"), True)
_CUT |= dict.fromkeys(("complete", "completed", "finished", "done"), False)
"""Keys (folded: letters and digits, lower case; ``is`` before ``complete`` too) that say the trace is cut short
(``stopped_early: true``, ``done: false``, LangGraph's ``is_last_step: true``) when set so: at the top of ``outputs``
or directly under a key naming the trace (``trace_metadata.truncated``) or the run (``run_info.cancelled``), or naming
the run themselves (``trace_truncated``); not below (``run.history.has_more``, ``turns[1].complete``), nor directly
under ``metadata`` or ``state`` but those of :data:`_OWN`."""
_ENDS = ("status", "stopreason", "finishreason", "stoppedreason", "terminationreason", "reason", "donereason")
_STOPPED = ("length", "maxtokens", "maxoutputtokens", "incomplete", "contextwindowexceeded", "malformedfunctioncall")
"""What a key of :data:`_ENDS` (``status``, ``stop_reason``, ``finish_reason``...) says (folded) where the flags of
:data:`_CUT` are read when the run's last output was cut short (``finish_reason: "length"``, ``response.status:
"incomplete"``, ``incomplete_details.reason: "max_output_tokens"``) or a maximum reached (``"Maximum number of turns 5
reached."``); such a key naming a step limit, or an ``error`` or ``exception`` saying one was reached, says so at any
depth. A completion's ``choices`` or ``candidates`` are read where the completion is
(``raw_response.choices[0].finish_reason``), a ``response`` or ``output`` where the flags are read when it is an
executor's fixed text for a run stopped at its limit (:data:`_LIMIT_TEXTS`). Anthropic's
``model_context_window_exceeded`` and Gemini's ``MALFORMED_FUNCTION_CALL`` (a call not made) so too; a refusal is
an end (the calls made are all recorded)."""
_HALTED: tuple[str, ...] = ("cancel", "timeout", "timedout", "abort", "interrupt", "deadline", "expired")
_HALTED += ("inprogress", "queued", "pauseturn")
_UNFINISHED: tuple[str, ...] = ("requiresaction", "failed", "running", "pending", "paused", "stopped")
_UNFINISHED += ("terminated", "killed", "externaltermination", "handoffto", "inputrequired", "authrequired")
"""What a key of :data:`_ENDS` or an ``error`` or ``exception`` starts with (folded), where the flags of
:data:`_CUT` are read when the run did not finish (``status: "cancelled"``, ``"timed_out"``,
``"in_progress"``, Anthropic's ``stop_reason: "pause_turn"``, AutoGen's ``"Timeout of 30 seconds reached"``,
``run.error: "TimeoutError: ..."``; not ``reason: "refund: the flight was cancelled"``,
``error: "rate limit exceeded, recovered"``, ``error: "hit a timeout; retried OK"``); a key of :data:`_ENDS` (not
an error) those of :data:`_UNFINISHED` too (OpenAI's ``status: "requires_action"``, ``"failed"``, ``"paused"``,
A2A's ``"input-required"``, AutoGen's ``"External termination requested"``, ``"Handoff to user from 'assistant'
detected."``: the run waits). A code of one word (``user_cancelled``, ``run_timed_out``, ``ERROR_TIMEOUT``) says so
with any of its words starting one."""
_STAMPS = frozenset({"cancelledat", "canceledat", "failedat"})
"""Keys of the time a run was cancelled or failed (OpenAI Assistants' ``cancelled_at``): set, it did not finish."""
_PENDING = frozenset({"interrupt", "next"})
"""Keys holding, as a non-empty list, what a run still waits for: LangGraph's ``__interrupt__`` and ``next``."""
_MAXIMUM = frozenset({"max", "maximum", "limit"})
_CHOICES = ("choices", "candidates")
_LIMIT_TEXTS = frozenset(
    {"agentstoppedduetoiterationlimitortimelimit", "agentstoppedduetomaxiterations"}
    | {"sorryneedmorestepstoprocessthisrequest"}  # LangGraph's agent out of steps
)
_RUN = frozenset({"trace", "run", "agent", "steps", "iterations", "turns"})
"""Words of a key that name the trace or the run (``trace_truncated``, ``agent_incomplete``)."""
_UNDER = frozenset(
    {"run", "agent", "execution", "response", "raw", "taskresult", "llmoutput", "generationinfo", "incompletedetails"}
)
_ABOUT = frozenset({"info", "metadata", "meta", "state", "status", "details", "stats", "raw", "last", "final"})
"""Words of a key naming the run (of :data:`_UNDER`, one at least, and :data:`_ABOUT`), or such a key whole
(``task_result``, ``llm_output``, ``generation_info``, ``incomplete_details``), under which ``truncated``,
``incomplete``, ``partial`` or ``complete: false`` say the trace is cut short (``run_info.truncated``,
``agent_state.complete``, ``metadata.run.incomplete``; not ``run.has_more``, ``agent_output.truncated``)."""
_LIMITS = ("maxiteration", "maxstep", "maxturn", "iterationlimit", "steplimit", "turnlimit", "recursionlimit")
"""What a key (``max_steps_reached``, ``reached_max_steps``) or a ``status``, ``stop_reason`` or ``finish_reason``
(``"max_iterations"``, ``"max_turns_exceeded"``) says (folded) when the run stopped at a step limit."""
_REACHED = frozenset({"reached", "exceeded", "hit", "exhausted", "stopped"})
"""Words that make a step limit's key (``max_steps_reached: true``) or text (``"max_turns exceeded"``) say it was
reached: a key without one holds a setting (``max_turns: 1``, ``step_limit_enabled: true``)."""


def _says(flag: Any, yes: bool = True) -> bool:
    """Whether ``flag`` says yes (or no, with ``yes`` false): ``true``, ``"yes"``, ``1``."""
    said = ("true", "yes", "1") if yes else ("false", "no", "0")
    return flag == int(yes) or (isinstance(flag, str) and flag.strip().casefold() in said)


@lru_cache(maxsize=4096)  # the same few keys on every line
def _cached_words(key: str) -> tuple[str, ...]:
    return tuple(words(key))


def _key_words(key: str) -> tuple[str, ...]:
    """The :func:`~mb.matching._names.words` of a key of ``outputs``, kept for the next lines unless it is long."""
    return _cached_words(key) if len(key) <= 200 else tuple(words(key))


def _says_cut(key: str, value: Any, trace: bool | None) -> bool:
    """Whether ``key: value`` says the trace is cut short; ``trace`` at the top or directly under a key naming the
    trace, ``None`` directly under one naming the run (:data:`_UNDER`): not ``has_more`` there (paging)."""
    split = _key_words(key)
    folded = "".join(split)
    if folded in ("error", "exception"):  # ``run.error: "GraphRecursionError: Recursion limit of 25 reached..."``
        limit = isinstance(value, str) and any(limit in letters(value) for limit in _LIMITS)
        head = re.sub(r"\A\s*(?:\w+\.)+", "", value) if isinstance(value, str) else ""  # ``asyncio.CancelledError``
        halted = trace is not False and letters(head).startswith(_HALTED)
        return halted or (limit and bool(_REACHED & set(words(value))))  # ``run.error: "TimeoutError: ..."``
    if folded in ("response", "output"):
        return trace is not False and isinstance(value, str) and letters(value) in _LIMIT_TEXTS
    if "dropped" in split and _RECORDS & set(split):  # OpenTelemetry's ``dropped_events_count: 2``: calls may be lost
        return value is True or (isinstance(value, (int, float)) and value > 0) or _says(value)
    if folded == "tripwiretriggered":  # a guardrail stopped the run (OpenAI Agents)
        return _says(value)
    if key == "__interrupt__":  # LangGraph's, anywhere
        return bool(value)
    if folded == "interruptions":  # OpenAI Agents' tools waiting for approval, anywhere
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        return any(isinstance(item, dict) and item.get("type") == "tool_approval_item" for item in items)
    own = next((at for at, word in enumerate(split) if word not in _RUN | {"execution"}), 0)
    run = trace is not False or own > 0  # ``run_status``, ``agentStatus``: the run's, wherever they are
    named = "".join(split[own:])
    if any(end in _ENDS for end in (named, named[:-1], named[:-2])):  # ``finish_reasons``
        stopped = _LIMITS + (_STOPPED if run else ())
        ends: tuple[str, ...] = _HALTED + _UNFINISHED if run else ()
        for said in value if isinstance(value, list) else [value]:  # ``finish_reasons: ["stop", "length"]``
            if not isinstance(said, str):
                continue
            heard = set(words(said)) if run else set()
            if _MAXIMUM & heard and _REACHED & heard:  # ``stop_reason: "Maximum number of messages 10 reached"``
                return True
            if any(limit in letters(said) for limit in stopped) or letters(said).startswith(ends):
                return True
            code = words(said) if len(said) <= 64 and not said.strip().count(" ") else []  # ``run_timed_out``
            if any("".join(code[at:]).startswith(ends) for at in range(1, len(code))):
                return True
        return False
    if any(limit in folded for limit in _LIMITS):
        if _REACHED & set(split) or (value is True and folded.rstrip("s") in _LIMITS):  # ``recursion_limit: true``
            return _says(value)
        return isinstance(value, str) and bool(_REACHED & set(words(value)))
    rest = "".join(word for word in split if word not in _RUN).removeprefix("is")
    if rest in ("remaining", "left") and trace is not False and _RUN & set(split):  # LangGraph's ``remaining_steps``
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value < 2  # below 2: out of steps
    flag = _CUT.get(rest)
    cut = trace is True or bool(_RUN & set(split)) or (trace is None and rest != "hasmore")
    if rest in _STAMPS:  # ``cancelled_at: 1718000000``
        return cut and value not in (None, "", 0)
    if folded in _PENDING and isinstance(value, list):  # ``__interrupt__: [...]``, ``next: ["tools"]``
        return cut and bool(value)
    return cut and flag is not None and _says(value, flag)


def _own_flag(key: Any, value: Any) -> bool:
    """Whether ``key: value``, directly under ``outputs.metadata`` or ``outputs.state``, is a flag of the run saying
    it was cut short (:data:`_OWN`): not a status, ``done`` or ``cancelled`` (of an order, a to-do item...)."""
    return isinstance(key, str) and "".join(words(key)).removeprefix("is") in _OWN and _says(value)


_OWN = frozenset({"partial", "truncated", "incomplete", "laststep"})
"""The flags (folded, ``is`` dropped) read directly under ``outputs.metadata`` or ``outputs.state`` (LangGraph's
``is_last_step``); other keys there may be business data."""
_RECORDS = frozenset({"span", "spans", "event", "events", "attribute", "attributes", "link", "links"})
"""What a ``dropped`` key counts that may hold calls (OpenTelemetry's ``dropped_events_count``); not
``packets_dropped``."""


def _unfinished(data: Mapping[Any, Any], top: bool = False, event: bool = False) -> str | None:
    """The key of ``data`` saying it is a run, task or turn not finished in its framework's own shape: an A2A task or
    status update (``kind: "task"`` or ``"status-update"``; at the top of ``outputs`` a ``contextId`` too) whose
    ``status`` (below the top, of A2A's ``TaskStatus`` fields alone) has a ``state`` not done (:data:`_A2A`,
    ``failed``); an OpenAI run, run step or response (:data:`_OBJECTS`, ``object: "response"`` with an id
    ``resp_...``) whose ``status`` says so as a run's; a LangGraph state snapshot (``values`` beside
    ``config.configurable`` of a thread or checkpoint) whose ``next`` or ``interrupts`` (its own or its tasks') is not
    empty; a Google ADK event (``outputs`` or, below, one with an ``author``) with ``turn_complete: false`` (not a
    game's). ``top``: ``data`` is ``outputs``; ``event``: ``data`` is the ``response`` of a Responses or Realtime
    stream's event (``type: "response.*"``), a response whatever its id."""
    kind = data.get("kind") in ("task", "status-update")
    if kind or (top and any("".join(_key_words(key)) == "contextid" for key in data if isinstance(key, str))):
        status = status if isinstance(status := data.get("status"), dict) else {}
        state = status.get("state") if top or status.keys() <= _STATUS else None  # not ``{"state": ..., "owner": ...}``
        if isinstance(state, str) and letters(state).removeprefix("taskstate") in _A2A | {"failed"}:
            return "status.state"
    made = data.get("object")
    openai = made in _OBJECTS or (made == "response" and (event or str(data.get("id")).startswith("resp_")))
    if openai and _says_cut("status", data.get("status"), True):
        return "status"
    if data.get("turn_complete", data.get("turnComplete")) is False and (top or isinstance(data.get("author"), str)):
        return "turn_complete" if "turn_complete" in data else "turnComplete"
    config = data.get("config")
    thread = config.get("configurable") if isinstance(config, dict) else None
    if "values" in data and isinstance(thread, dict) and not _THREAD.isdisjoint(thread):
        tasks = tasks if isinstance(tasks := data.get("tasks"), list) else []
        held = [data.get("interrupts")] + [task.get("interrupts") for task in tasks if isinstance(task, dict)]
        if isinstance(data.get("next"), list) and data["next"]:
            return "next"
        if any(isinstance(said, list) and said for said in held):
            return "interrupts"
    return None


_OBJECTS = ("thread.run", "thread.run.step", "realtime.response")
"""OpenAI's ``object`` of an Assistants run, a run's step and a Realtime response (a Responses one: ``response``
with an id ``resp_...``; a survey's response is not)."""
_THREAD = frozenset({"thread_id", "checkpoint_id"})
_STATUS = frozenset({"state", "message", "timestamp"})
"""The keys of a LangGraph state snapshot's ``config.configurable``, of A2A's ``TaskStatus``."""


def _run_id(data: Mapping[Any, Any], event: bool = False) -> str | None:
    """The id of the run, task or turn ``data`` is in its framework's own shape (:func:`_unfinished`): an A2A task's
    ``id`` or a status update's ``taskId``, an OpenAI run's, run step's or response's ``id``, a Google ADK event's
    ``invocation_id``, a LangGraph snapshot's ``thread_id``; None for any other dictionary. ``event``: ``data`` is
    the ``response`` of a stream's event (:func:`_unfinished`), without an id one run (``""``)."""
    kind, made = data.get("kind"), data.get("object")
    config = data.get("config")
    thread = config.get("configurable") if isinstance(config, dict) else None
    if event and made in ("response", "realtime.response"):
        found = data.get("id", "")
    elif kind == "task" or made in _OBJECTS or (made == "response" and str(data.get("id")).startswith("resp_")):
        found = data.get("id")
    elif kind == "status-update":
        found = data.get("taskId", data.get("task_id"))
    elif isinstance(data.get("author"), str):
        found = data.get("invocation_id", data.get("invocationId"))
    else:
        found = thread.get("thread_id") if "values" in data and isinstance(thread, dict) else None
    return str(found) if isinstance(found, (str, int)) and not isinstance(found, bool) else None


def _framed(data: Mapping[Any, Any]) -> bool:
    """Whether ``data``, below the top of ``outputs``, has beside its shape (:func:`_unfinished`) a field its
    framework makes mandatory, which business data in the same shape (a board's ``kind: "task"`` cards, a survey's
    ``resp_...`` answers, a form's ``values`` and ``next``) lacks: an A2A task's or status update's ``contextId``, a
    Responses ``response``'s ``model``, ``output`` or ``incomplete_details``, a LangGraph snapshot's ``checkpoint_id``
    or ``checkpoint_ns`` in ``config.configurable``, or ``created_at``, ``metadata``, ``parent_config`` or
    ``tasks``."""
    if data.get("kind") in ("task", "status-update"):
        return "contextId" in data or "context_id" in data
    if data.get("object") == "response":
        return not _RESPONSE.isdisjoint(data)
    if "values" in data and isinstance(config := data.get("config"), dict):
        thread = config.get("configurable")
        return not _SNAPSHOT.isdisjoint(data) or (isinstance(thread, dict) and not _CHECKPOINT.isdisjoint(thread))
    return True


_RESPONSE = frozenset({"model", "output", "incomplete_details"})
_SNAPSHOT = frozenset({"created_at", "createdAt", "metadata", "parent_config", "parentConfig", "tasks"})
_CHECKPOINT = frozenset({"checkpoint_id", "checkpoint_ns"})
"""Keys of an OpenAI Responses ``response``, of a LangGraph state snapshot beside ``values``, ``next`` and
``config``, of its ``config.configurable``."""


def _independent(data: list[Any], newest_first: bool) -> tuple[str | None, bool]:
    """The path of a run, task or turn not finished among the items of ``data`` (or, one key down, what they wrap:
    ``result`` of a JSON-RPC answer, ``response`` of an event) when they hold two or more with distinct ids
    (:func:`_run_id`), one at least with its framework's mandatory fields (:func:`_framed`; a ``response`` wrapped
    in a ``response.*`` event so too): each is a run of its own, read by its newest item (:func:`_unfinished`).
    Items sharing one id or carrying none are a stream or a history, read by the list's newest item alone
    (:func:`_cut_key`); but when that item is none of a run's (an A2A artifact or message, an Assistants message), by
    the run's newest one. Second: whether ``data`` holds runs so, its older items superseded."""
    runs: dict[str, tuple[str, Mapping[Any, Any], bool]] = {}
    framed, held_last = False, -1
    for index, item in enumerate(data):
        held, typed = [("", item)] if isinstance(item, dict) else [], False
        if held and _run_id(item) is None:
            typed = str(item.get("type")).startswith("response.")
            held = [(f"{key}.", value) for key, value in item.items() if isinstance(value, dict)]
        for key, shape in held:
            event = typed and key == "response."
            if (found := _run_id(shape, event)) is not None:
                framed, held_last = framed or event or _framed(shape), index
                if not (newest_first and found in runs):
                    runs[found] = (f"{index}.{key}", shape, event)
    if not framed or (len(runs) < 2 and (newest_first or held_last == len(data) - 1)):
        return None, framed  # a stream or a history: read by its newest item (:func:`_cut_key`)
    cut = ((path, _unfinished(shape, event=event)) for path, shape, event in runs.values())
    return next((f"{path}{said}" for path, said in cut if said is not None), None), True


_FLAGS = 4
"""How many objects down the keys of ``outputs`` are read for flags saying the trace is cut short
(:func:`_says_cut`); a run in its framework's own shape (:func:`_unfinished`) is read down to :data:`_SHAPES`."""
_SHAPES = 16
_PAUSES = frozenset({"__interrupt__", "interruptions"})
"""Keys of LangGraph and OpenAI Agents holding what a run waits for, read down to :data:`_SHAPES` too."""
_GOING = frozenset({"queued", "inprogress", "running", "pending", "requiresaction"})
"""A run's ``status`` (folded) on its way, which a list's newer item (``response.completed`` after
``response.created``) supersedes: read on the newest item alone; a ``cancelled`` or ``incomplete`` one stays."""


def _cut_key(
    data: Any, trace: bool | None = True, depth: int = _SHAPES, last: bool | None = True, first: bool = False
) -> str | None:
    """The key (as a path) of ``data`` (the keys of ``outputs`` but the trace) saying the trace is cut short:
    :func:`_says_cut` :data:`_FLAGS` objects down at most (``trace_truncated``, ``metadata.max_steps_reached``,
    ``trace_metadata.truncated``; not ``metadata.output_info.truncated``: a text cut, not the trace), a run not
    finished (:func:`_unfinished`, ``result.status.state`` of an A2A task working) ``depth`` objects down at most. Of
    a list (a stream, a history) only the newest item (``last``) is read for :func:`_unfinished`: the last, the first
    (``first``) of OpenAI's ``object: "list"`` and of LangGraph's snapshots (both newest first); but every run of
    its own in it (:func:`_independent`). ``last`` None: ``data`` is in an older item of a run's stream, where a
    status on its way (:data:`_GOING`) is superseded."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    snapshots = isinstance(data, list) and bool(data) and isinstance(data[0], dict) and "values" in data[0]
    newest = 0 if first or snapshots else len(data) - 1
    listed = isinstance(data, dict) and data.get("object") == "list"
    found, streamed = (
        _independent(data, first or snapshots) if isinstance(data, list) and last and depth else (None, False)
    )
    if found is not None:
        return found
    flags, older = depth > _SHAPES - _FLAGS, None if streamed else False
    for key, value in items if depth else ():
        going = (
            last is None and trace is None and key == "status" and isinstance(value, str) and letters(value) in _GOING
        )
        if isinstance(key, str) and (flags or key in _PAUSES) and not going and _says_cut(key, value, trace):
            return key
        split = _key_words(key) if isinstance(key, str) else ()
        end = last and (not isinstance(key, int) or key == newest or older)
        shaped = end and isinstance(value, dict) and (flags or _framed(value))
        if shaped and (found := _unfinished(value)) is not None:
            return f"{key}.{found}"
        run = "".join(split) in _UNDER or (bool(_UNDER & set(split)) and set(split) <= _UNDER | _ABOUT)
        under = True if "trace" in split else None if run else False
        own = flags and trace is True and not run and bool(split) and set(split) <= _ABOUT and isinstance(value, dict)
        if own and (flag := next((k for k, said in value.items() if _own_flag(k, said)), None)) is not None:
            return f"{key}.{flag}"  # ``metadata.partial``: the run's own flag, not a business field's status
        if isinstance(value, list) and "".join(split) in _CHOICES:  # each choice read as the completion holding it
            cut = ((index, _cut_key(item, trace, depth - 1)) for index, item in enumerate(value))
            if (found := next((f"{index}.{path}" for index, path in cut if path is not None), None)) is not None:
                return f"{key}.{found}"
        elif isinstance(value, (dict, list)) and (found := _cut_key(value, under, depth - 1, end, listed)) is not None:
            return f"{key}.{found}"
    return None


_A2A = frozenset({"submitted", "working", "inputrequired", "authrequired", "canceled", "cancelled", "rejected"})
"""A2A's task states but ``completed`` (folded, ``TASK_STATE_`` dropped): the ``state`` of an A2A task's ``status``
so says the task is not done (:func:`_unfinished`); a bare ``status: "submitted"`` is an expense form's, a loan's."""
_STOPS = frozenset({"stopped", "halted", "killed", "terminated", "preempted", "cancelrequested"})
"""Flags of a key at the top of ``outputs`` naming the run (:data:`_RUN`: ``run_killed``, ``agent_stopped``) saying,
true, it was stopped; alone (``stopped``, ``terminated``) they may be a machine's, a contract's."""
_SPENDS = frozenset({"tool", "tools", "token", "tokens", "model", "request", "requests", "call", "calls"})
_SPENDS |= {"turn", "turns", "step", "steps", "iteration", "iterations"}
_BOUNDS, _COUNTED = _MAXIMUM | {"budget"}, _MAXIMUM | {"budget", "call", "calls", "request", "requests"} | _REACHED
"""The words of a key at the top of ``outputs`` saying, true, a limit of the run was reached: one of
:data:`_REACHED`, ``max``, ``limit`` or ``budget``, one of tools, tokens, turns, steps, iterations or model, and only
these and ``call`` or ``request`` (``max_tool_calls_reached``, ``token_budget_exceeded``, ``model_request_limit_hit``;
not ``request_limit_reached``, ``budget_exceeded``, ``cost_limit_exceeded``, ``deadline_reached``: a business
object's)."""


def _top_cut(extra: Mapping[str, Any]) -> str | None:
    """The key at the top of ``outputs`` (never below: business data) saying the run was stopped (:data:`_STOPS`) or
    reached a limit of what it spends (:data:`_SPENDS`), or None."""
    for key, value in extra.items():
        split = [word for word in _key_words(key) if word not in ("is", "was")]
        heard = set(split)
        limit = (
            bool(_REACHED & heard and _BOUNDS & heard and heard - _COUNTED) and heard <= _REACHED | _BOUNDS | _SPENDS
        )
        stops = bool(_RUN & heard) and "".join(word for word in split if word not in _RUN) in _STOPS
        if (stops or limit) and _says(value):
            return key
    return None


def _calls_untold(
    outputs: Outputs, tools: Collection[str], read: bool = True, listed: bool = False
) -> tuple[str, list[Request] | None, bool] | None:
    """Why the calls of ``outputs.trace`` may not be all the calls made, and the calls left out when they can be read
    (None when they cannot): no trace key at all (an empty list says no call was made), calls recorded in another key
    of ``outputs``; then, told apart (the calls made may be more, never fewer), a key saying the trace was cut short
    (:func:`_cut_key`), calls the response writes as text (:func:`~mb.entities.outputs.written_calls`: Python code or,
    when the line lists its tools (``listed``), a ReAct step, flagged true when none may be one of ``tools``
    (:func:`~mb.matching.extended.may_be_tool`) nor names ``functions.``: it may call no tool) and calls in a
    tool's result (a nested agent's calls, read when they are in a shape of calls:
    :func:`~mb.entities.outputs.requested_calls`). None when they are all. A written call of a tool the trace records
    is that call, not one more; the response is read only when ``read`` (an assertion a call more would break)."""
    extra = {"response": outputs.response, **(outputs.model_extra or {})}
    unread = [key for key, held in unread_calls(extra).items() if held]
    if unread:
        hides = "is a tool call" if unread[:1] == ["response"] else "is not read"
        return f"outputs.{unread[0]} {hides} (calls go in outputs.trace)", None, False
    if "trace" not in outputs.model_fields_set:
        return "outputs.trace is absent", None, False
    if (key := _unfinished(extra, top=True) or _cut_key(extra) or _top_cut(extra)) is not None:
        return f"outputs.{key} says the trace may be cut short", [], False
    try:
        steps, code = written_calls(outputs.response, tools) if read else ([], [])
    except ValueError as error:
        return f"outputs.response cannot be read for calls it writes ({error})", None, False
    if steps or code:  # a written call may be one the trace records
        recorded = _recorder([event for event in outputs.trace if isinstance(event, ToolCall)])
        steps, code = ([call for call in found if not recorded(call, found is code)] for found in (steps, code))
    nested = [(e.id, requested_calls(e.result, 6, strict=True)) for e in outputs.trace if isinstance(e, ToolResult)]
    held = [(call_id, calls) for call_id, calls in nested if calls]
    why = [f"the result of call {held[0][0]!r} holds tool calls of its own"] if held else []
    if steps or code:
        shown = ", ".join(dict.fromkeys(name for _, name, _ in [*steps, *code]))
        why.insert(0, f"outputs.response writes a call the trace does not record ({shown})")
    if not why:
        return None
    named = any(
        _TOOLSPACE.match(name) or any(may_be_tool(name, tool) or _argues(said, tool) for tool in tools)
        for _, name, said in code + steps
    )
    more = [*steps, *code, *(call for _, calls in held for call in calls)]
    return "; ".join(why), more, bool(code or steps) and not (held or named or (steps and not listed))


def _recorder(made: list[ToolCall]) -> Callable[[Request, bool], bool]:
    """Whether a written call is one of the calls ``made`` (each is one written call at most, the first in the trace):
    the same tool (:func:`_names`) with the same arguments, read as values (Python literals in code, the second
    argument true; JSON, or a bare value equal to the call's only argument, in a ReAct step). Arguments not so read
    are another call's. The calls are found by their tool's name and arguments, each written call in a time that
    does not grow with the trace."""
    places: dict[tuple[str, str], deque[int]] = {}
    named: dict[str, set[str]] = {}
    for place, event in enumerate(made):
        params = event.params
        for key in {_key(params, "="), _key(next(iter(params.values())), "1") if len(params) == 1 else None} - {None}:
            places.setdefault((event.tool, str(key)), deque()).append(place)
        for form in {event.tool, *name_forms(event.tool)}:
            named.setdefault(form, set()).add(event.tool)
    used: set[int] = set()

    def recorded(call: Request, code: bool) -> bool:
        said, name = _values(call[2], code), call[1]
        forms = {form for part in {name, *name.split(".")} for form in (part, *name_forms(part))}
        tools = {tool for form in forms for tool in named.get(form, ()) if _names(name, tool)}
        keys = {_key(said, "="), _key(said, "1")} - {None} if said is not None else set()
        first = None
        for found in (places[tool, str(key)] for tool in tools for key in keys if (tool, str(key)) in places):
            while found and found[0] in used:
                found.popleft()
            first = found[0] if found and (first is None or found[0] < first) else first
        if first is not None:
            used.add(first)
        return first is not None

    return recorded


def _key(value: Any, how: str) -> str | None:
    """``value`` as JSON (``how`` first: ``=`` for all the arguments, ``1`` for the only one) when it reads back
    equal (not a tuple, nor a dictionary with keys other than strings): None else."""
    try:
        shown = json.dumps(value, sort_keys=True)
        return how + shown if json.loads(shown) == value and type(json.loads(shown)) is type(value) else None
    except (TypeError, ValueError, RecursionError):
        return None


def _values(arguments: str, code: bool) -> Any:
    """The value of a written call's ``arguments`` (:func:`_recorder`): None when they cannot be read."""
    if not code:
        try:
            return json.loads(arguments) if arguments.strip() else {}
        except ValueError:
            return arguments.strip()
    try:
        call = ast.parse(f"f({arguments})", mode="eval").body
        if not isinstance(call, ast.Call):
            return None
        named = {part.arg: ast.literal_eval(part.value) for part in call.keywords if part.arg is not None}
        if len(named) == len(call.keywords) and not call.args:
            return named
        return ast.literal_eval(call.args[0]) if len(call.args) == 1 and not call.keywords else None
    except (SyntaxError, ValueError, TypeError, RecursionError, MemoryError):
        return None


_TOOLSPACE = re.compile(r"(?:functions|tools|default_api)\.")
"""What a call written as Python starts with when it names a tool (``functions.delete_account("u1")``)."""


NOTHING_CHECKED = "expectations"
"""The check of a line that checks nothing: undecided, never a pass."""
_TRACE_CHECKS = frozenset({"tools_restriction", "orphan_tool_results"})
"""The checks made whatever the expectations: ``inputs.tools`` often lists the tools the agent is given, no check."""


def _nothing_checked(example: Example) -> Row:
    """A line with no assertion, expected response, fact, guideline or required metric would pass whatever the
    response: it is undecided, naming the keys that look like an expected answer but are not read."""
    extra = example.expectations.model_extra or {}
    unread = [f"expectations.{key} is not read (did you mean expected_response?)" for key in extra if _answer(key)]
    reason = "; ".join([f"nothing checked: {NOTHING_EXPECTED}, nor a required metric", *unread])
    return check_row(NOTHING_CHECKED, False, reason, None, None, undecided=True)


_UNTRACED = {
    "tool_not_called": "that {tool!r} was not called",
    "no_tool_called": "that no tool was called",
    "tool_call_count": "how many calls were made",
    "tool_order": "the order of the calls",
    "tools_restriction": "that every call uses an allowed tool",
}
"""What a line without ``outputs.trace`` leaves untold, by the assertion or check that no call made would break."""


def _tools(asked: Any) -> list[str]:
    """The tools an extended assertion names."""
    return [tool for tool in getattr(asked, "tools", None) or [getattr(asked, "tool", None)] if tool]


def _untraced(
    row: Row, why: str, more: list[Request] | None, asked: Any, code: bool = False, listed: bool = False
) -> Row:
    """A passing assertion or check that a call would break (``tool_not_called``, ``no_tool_called``, a count's most,
    ``tool_order``, the tools restriction) is not decided on a line whose calls are not all in ``outputs.trace``
    (``why``): an error, not a pass. Where the trace only may miss calls (``more``: the calls of a nested agent, or
    none read of a cut-short trace), only an assertion (``asked``) that a call more would break is: not the tools
    restriction (of the agent's own calls) nor a count without ``max``, and not one whose tools no call in ``more``
    may be (:func:`~mb.matching.extended.may_be_tool`, :func:`_argues`), nor, when they may be ``code`` rather than
    tool calls, one naming no tool (``no_tool_called``; a count of any tool when ``listed``: the line lists its
    tools and the response names none of them, :func:`_mentions`)."""
    kind = row.get("assert_that") or row.get("name") or ""
    told = _UNTRACED.get(kind)
    if not row["passed"] or told is None:
        return row
    if more is not None:
        tools = _tools(asked)
        if kind == "tools_restriction" or (kind == "tool_call_count" and getattr(asked, "max", None) is None):
            return row
        naming = any(
            may_be_tool(name, tool) or _argues(arguments, tool) for tool in tools for _, name, arguments in more
        )
        if more and not naming and (code if kind == "no_tool_called" else tools or (code and listed)):
            return row
    reason = f"{why}: cannot tell " + told.format(tool=row.get("tool"))
    return {**row, "passed": False, "reason": reason, "error": reason} | ({"score": 0.0} if "score" in row else {})


def _mentions(response: str, tools: Collection[str]) -> bool:
    """Whether ``response`` has one of ``tools`` as a word (``sf = search_flights``, ``map(search_flights, days)``):
    the code it writes may then call it under another name."""
    said = {letters(word) for word in re.findall(r"[^\W\d]\w*", response)}
    return any(not said.isdisjoint(name_forms(tool)) for tool in tools)


def _names(name: str, tool: str) -> bool:
    """Whether a call written ``name`` may be a call of ``tool`` (:func:`~mb.matching.extended.same_tool`): the
    name, or a part of a dotted one (``client.delete_account``, ``delete_account.invoke``, ``functions.search``),
    unless that part is one word on another object (``re.search``, ``requests.get`` are not the tool ``search``)."""
    parts = name.split(".")
    return (
        same_tool(name, tool)
        if len(parts) == 1
        else any(same_tool(part, tool) and (len(words(part)) > 1 or bool(_TOOLSPACE.match(name))) for part in parts)
    )


def _argues(arguments: str, tool: str) -> bool:
    """Whether a call's ``arguments`` name ``tool``: as a whole quoted name (``getattr(api, "delete_account")``) or a
    call (``Action Input: delete_account('u1')`` of a code tool)."""
    arguments = arguments if isinstance(arguments, str) else json.dumps(arguments, default=str)
    said = re.findall(r"""['"]([^\W\d]\w*)['"]|([^\W\d][\w.]*)\s*\(""", arguments)
    return any(_names(quoted or called, tool) for quoted, called in said)


def _grounding(example: Example) -> tuple[Sources, list[int], dict[str, int]]:
    """What ``grounded`` matchers read: the user messages and tool results, and how many results
    precede each call; the ``tool`` messages of the conversation (results of an earlier turn) precede every call.
    Then, by call id, how many calls were made before its first result came (what ``tool_order`` reads)."""
    assert example.outputs is not None
    results: list[Any] = [message.content for message in example.inputs.messages if message.role == "tool"]
    before: list[int] = []
    answered: dict[str, int] = {}
    for event in example.outputs.trace:
        if isinstance(event, ToolResult):
            results.append(event.result)
            answered.setdefault(event.id, len(before))
        elif isinstance(event, ToolCall):
            before.append(len(results))
    users = [message.content for message in example.inputs.messages if message.role == "user"]
    return Sources(users, results), before, answered


_BUILT_IN_METRICS = {  # each built-in metric is the attribute of its name of the module defining it
    name: getattr(module, name)
    for module in (text_match, judged, citations, retrieval)
    for name in METRIC_NAMES
    if hasattr(module, name)
}


def built_in_metrics_only() -> bool:
    """Whether the registry holds the built-in metrics and no other (none replaced, removed or added)."""
    # the same names, each holding its built-in metric (identity, not dataclass equality)
    return METRICS.keys() == _BUILT_IN_METRICS.keys() and all(METRICS[n] is m for n, m in _BUILT_IN_METRICS.items())


def _expected_response_check(similarity: Row) -> Row:
    """The ``expected_response`` check from the similarity metric; below a required grade above the default pass mark
    (``--require similarity=5``), the reason says the grade reached and the grade required."""
    if similarity["status"] == "error":
        return check_row("expected_response", False, similarity["reason"], 0.0, similarity["reason"])
    undecided = bool(similarity["details"].get("undecided"))
    passed = bool(similarity["passed"]) and not undecided
    value = similarity["value"] or 1.0
    judge = f" ({similarity['judge']} judge)" if similarity["judge"] else ""
    verb = "may or may not match" if undecided else "matches" if passed else "does not match"
    reason = f"the response {verb} the expected response in meaning: {similarity['reason']}{judge}"
    required = similarity["threshold"] or 0.0
    if not passed and not undecided and value < required and required > (judged.similarity.default_threshold or 0.0):
        reached = f"{value:g}/5, below the {required:g} required"
        reason = f"the response's similarity to the expected response is {reached}: {similarity['reason']}{judge}"
    return check_row("expected_response", passed, reason, round((value - 1.0) / 4.0, 4), None, undecided)
