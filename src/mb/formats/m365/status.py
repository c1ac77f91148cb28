"""Status of an item or turn (pass / fail / partial / error) and thread summaries, as the output format fixes them.

Per item or turn:

1. the agent request failed: ``error``, with ``{"code": "agentRequestFailed", "message": "Agent request failed: ..."}``
   (no evaluator is attempted, ``response`` is ``""`` and ``scores`` is ``{}``);
2. a preceding turn of the thread failed: ``error``, ``{"code": "turnSkipped", ...}`` (the turn is not attempted);
3. at least one evaluator ran and errored: ``partial``, ``{"code": "evaluatorsFailed", "message": "Agent response
   obtained. X of Y evaluators failed to run."}``;
4. nothing applies (an empty ``evaluators`` with ``replace``, empty ``default_evaluators``, no MorganaBench
   expectations): ``partial``, with
   the ``evaluatorsFailed`` code and ``Agent response obtained. No evaluator applies: nothing was evaluated.`` (nothing
   checked is no pass; ``error`` is kept for an agent that did not respond);
5. otherwise any evaluator failed: ``fail``, even beside evaluators that were not run (``Evaluator not run: ...``:
   not applicable, or no LLM judge configured), which cannot undo a failure; else an evaluator not run leaves it
   ``partial``; else ``pass``. The error object counts the errored evaluators whenever there are some.

``partial`` is the format's status of an answer that was not fully evaluated, never a partial pass. When what kept
the item from a verdict is only evaluators not run or left undecided by the judge (none that crashed), the message
says so after the format's sentence, naming them: ``Agent response obtained. 2 of 2 evaluators failed to run. Not
scored: relevance, coherence not run.``

A thread is ``error`` when any turn errored, else ``partial`` when any turn is partial, else ``fail`` when any
failed, else ``pass``; its summary counts the turns of each status.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from .scores import NOT_RUN_PREFIX, UNDECIDED_PREFIX

__all__ = ["Status", "agent_failure", "item_status", "skipped_turn", "thread_summary"]

Status = Literal["pass", "fail", "partial", "error"]

_BY_SEVERITY: tuple[Status, ...] = ("error", "partial", "fail")
"""The statuses that decide a thread's overall status, the first present winning (else ``pass``)."""

AGENT_REQUEST_FAILED = "agentRequestFailed"
"""Error code: the agent did not respond."""

TURN_SKIPPED = "turnSkipped"
"""Error code: a turn not attempted because a preceding turn of its thread failed."""

EVALUATORS_FAILED = "evaluatorsFailed"
"""Error code: the agent responded but some evaluators could not run."""


def agent_failure(cause: str) -> tuple[Status, dict[str, str]]:
    """Status and error object of an item or turn whose agent request failed (``cause`` says why)."""
    return "error", {"code": AGENT_REQUEST_FAILED, "message": f"Agent request failed: {cause or 'unknown error'}"}


def skipped_turn() -> tuple[Status, dict[str, str]]:
    """Status and error object of a turn not attempted because a preceding turn failed."""
    return "error", {"code": TURN_SKIPPED, "message": "Turn not attempted: preceding turn failed"}


def item_status(scores: Mapping[str, Any]) -> tuple[Status, dict[str, str] | None]:
    """Status and error object (None when there is none) of an item or turn that the agent answered.

    ``scores`` is the entry's ``scores`` object: every entry whose ``result`` is ``"error"`` is an evaluator that
    failed to run; a ``"fail"`` result is a failed verdict.
    """
    entries = {key: entry if isinstance(entry, Mapping) else {} for key, entry in scores.items()}
    if not entries:
        message = "Agent response obtained. No evaluator applies: nothing was evaluated."
        return "partial", {"code": EVALUATORS_FAILED, "message": message}
    results = [entry.get("result") for entry in entries.values()]
    errors = {key: str(entry.get("error", "")) for key, entry in entries.items() if entry.get("result") == "error"}
    message = f"Agent response obtained. {len(errors)} of {len(results)} evaluators failed to run."
    ran_and_errored = any(not text.startswith(NOT_RUN_PREFIX) for text in errors.values())
    if not ran_and_errored and any(result == "fail" for result in results):
        return "fail", {"code": EVALUATORS_FAILED, "message": message} if errors else None
    if not errors:
        return "pass", None
    if not any(not text.startswith((NOT_RUN_PREFIX, UNDECIDED_PREFIX)) for text in errors.values()):
        groups = (
            (", ".join(key for key, text in errors.items() if text.startswith(prefix)), what)
            for prefix, what in ((NOT_RUN_PREFIX, "not run"), (UNDECIDED_PREFIX, "undecided by the judge"))
        )
        message += " Not scored: " + "; ".join(f"{names} {what}" for names, what in groups if names) + "."
    return "partial", {"code": EVALUATORS_FAILED, "message": message}


def thread_summary(statuses: Sequence[Status]) -> dict[str, Any]:
    """The ``summary`` object of a thread whose turns have ``statuses`` (in order)."""
    counts = {status: sum(1 for s in statuses if s == status) for status in ("pass", "fail", "partial", "error")}
    overall = next((status for status in _BY_SEVERITY if counts[status]), "pass")
    return {
        "turns_total": len(statuses),
        "turns_passed": counts["pass"],
        "turns_failed": counts["fail"],
        "turns_partial": counts["partial"],
        "turns_errored": counts["error"],
        "overall_status": overall,
    }
