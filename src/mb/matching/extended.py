"""Published and extended assertions over a trace, as one list of :class:`~mb.results.AssertionResult` rows.

Published ``tool_called`` assertions and extended ones share one optimal assignment to distinct calls
(:func:`~mb.matching.assertions.assertion_rows`); ``tool_not_called``, ``tool_order`` and ``tool_call_count`` read the
sequence of calls. Rows come in the order of ``assertions``, then of ``extended_assertions``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from ..entities.extended import (
    ExtendedAssertion,
    ExtendedToolCallAssertion,
    ToolCallCountAssertion,
    ToolNotCalledAssertion,
    ToolOrderAssertion,
)
from ..io._limits import written_json
from ._context import MatchContext
from ._names import letters, words
from ._names import shown_name as _shown
from .assertions import MAX_PARAMETER_CHECKS, AssertionSpec, CallSpec, assertion_row, assertion_rows
from .grounded import Grounds, Sources
from .parameters import parameter_spec

__all__ = ["all_assertion_rows", "may_be_tool", "name_forms", "same_tool", "tool_keys"]

Row = dict[str, Any]


def called_spec(assertion: ExtendedToolCallAssertion) -> AssertionSpec:
    """The spec of an extended ``tool_called`` assertion: its parameters and, when ``closed``, a last check that the
    call passes no other parameter (a ``closed`` row in the results)."""
    parameters = [parameter_spec(parameter) for parameter in assertion.parameters]
    if assertion.closed:
        named = list(dict.fromkeys(name for names, _, _ in parameters for name in names))
        parameters.append((named, True, ("closed", None, None)))
    return assertion.tool, parameters


def _row(kind: str, tool: str | None, passed: bool, call_id: str | None, reason: str, error: str | None = None) -> Row:
    return {**assertion_row(tool, passed, call_id, reason, [], error), "assert_that": kind}


def _sequence(calls: Sequence[CallSpec]) -> str:
    if not calls:
        return "the trace has no tool call"
    shown = ", ".join(f"{tool}({call_id})" for call_id, tool, _ in calls[:8])
    return "calls: " + shown + (f", ... ({len(calls)} in all)" if len(calls) > 8 else "")


_NAMESPACE = re.compile(r"[./:]|__")
"""What separates a namespace from a tool's name."""

_Names = dict[str, tuple[str, str]]
"""Each distinct call name with its folded forms (:func:`name_forms`), computed once per example."""


@lru_cache(maxsize=4096)
def name_forms(name: str) -> tuple[str, str]:
    """The letters and digits of ``name`` (:func:`~mb.matching._names.letters`), and those of its last segment."""
    name = unicodedata.normalize("NFKC", name)
    return letters(name), letters(_NAMESPACE.split(name)[-1])


def _names(calls: Sequence[CallSpec]) -> _Names:
    return {name: name_forms(name) for name in dict.fromkeys(call[1] for call in calls)}


def _alike_names(names: _Names, tool: str) -> set[str]:
    """The call names that may be ``tool`` under another spelling: the same letters and digits ignoring case, width
    and separators (``Delete_Account``, ``deleteAccount``, ``delete-account ``, in fullwidth letters, with a zero-width
    space inside), or a namespace in front of one of them
    (``functions.delete_account``, ``mcp__server__delete_account``). Such a call fails ``tool_not_called``, counts
    towards a count's ``max`` and breaks an order; only the exact name counts towards ``min`` or takes a turn."""
    wanted = name_forms(tool)
    return {name for name, forms in names.items() if _same_forms(forms, wanted)} | ({tool} & names.keys())


def _same_forms(name: tuple[str, str], tool: tuple[str, str]) -> bool:
    (whole, last), (wanted, wanted_last) = name, tool
    return (bool(whole) and whole in (wanted, wanted_last)) or (bool(wanted) and last == wanted)


def same_tool(name: str, other: str) -> bool:
    """Whether two names may name one tool, by the rule of :func:`_alike_names` (the same letters and digits, or
    one of them with a namespace in front of the other): ``crm.delete`` and ``billing.delete`` are two tools."""
    return name == other or _same_forms(name_forms(name), name_forms(other))


def tool_keys(name: str, *, query: bool = False) -> set[tuple[str, str]]:
    """Keys that file a name for :func:`same_tool` lookups: ``same_tool(a, b)`` (``a`` and ``b`` not empty) holds
    exactly when ``tool_keys(a, query=True)`` and ``tool_keys(b)`` share a key."""
    whole, last = name_forms(name)
    if query:
        return {("=", name), ("w", whole), ("l", whole), ("w", last)} - {("w", ""), ("l", "")}
    return {("=", name), ("w", whole), ("l", last)} - {("w", ""), ("l", "")}


def _runs(split: Sequence[str], longest: int) -> frozenset[str]:
    """The letters of every run of consecutive words ``split`` (:func:`~mb.matching._names.words` of a name) with at
    most ``longest`` letters: ``mcp_srv_delete_account`` has ``deleteaccount``, ``srvdelete``, ``mcp`` ... (at most
    :func:`_most_runs`)."""
    runs = set[str]()
    for start in range(len(split)):
        run, end = split[start], start + 1
        while len(run) <= longest:
            runs.add(run)
            if end == len(split):
                break
            run, end = run + split[end], end + 1
    return frozenset(runs)


def _most_runs(words: int, longest: int) -> int:
    """How many runs :func:`_runs` may make of so many words: a word has at least one letter."""
    most = min(words, longest)
    return words * most - most * (most - 1) // 2


@lru_cache(maxsize=4096)  # call names repeat across assertions and lines
def _name_runs(name: str, longest: int) -> frozenset[str]:
    return _runs(words(name), longest)


def _unsure_names(names: _Names, tool: str, alike: set[str]) -> list[str]:
    """The call names, not ``alike``, some run of whose words (:func:`_runs`) has the letters of ``tool``:
    ``mcp_srv_delete_account``, ``srv-delete-account``, ``mcpSrvDeleteAccount``, ``delete_account@srv``, or another
    tool (``soft_delete_account``). Neither a pass nor a failure of an assertion that the tool was not called (or at
    most so many times, or not before its turn): it cannot tell."""
    return [name for name in names if name not in alike and may_be_tool(name, tool)]


def may_be_tool(name: str, tool: str) -> bool:
    """Whether a call named ``name`` may be ``tool``: :func:`same_tool`, or some run of its words (:func:`_runs`)
    has the letters of ``tool`` (``api.delete``, ``bulk_delete``, ``delete_account_v2`` for ``delete_account``)."""
    wanted = letters(tool)
    return same_tool(name, tool) or (bool(wanted) and wanted in _name_runs(name, len(wanted)))


def _unsure_row(kind: str, tool: str, calls: Sequence[CallSpec], unsure: Sequence[str], told: str) -> Row:
    """An error naming the calls that may be ``tool`` with a prefix or suffix (:func:`_unsure_names`)."""
    shown = ", ".join(f"{_shown(call[1])} ({call[0]})" for call in calls if call[1] in unsure)
    reason = f"cannot tell {told}: {shown} may be {tool!r} with a prefix or suffix (name the tools in inputs.tools)"
    return _row(kind, tool, False, next(call[0] for call in calls if call[1] in unsure), reason, reason)


_Relays = dict[str, dict[str, str]]
"""By call id, the runs of words (:func:`_runs`) of the texts in the call's arguments, each with its first text."""


def _texts(params: Any, prose: list[str] | None = None) -> set[str]:
    """The texts of a call's arguments that may name a tool to call: every key, and of every string the first word
    (before any ``(``) of plain prose (``"delete_account --user u1"`` whole; not ``"Your refund request was
    received"``), the whole of code or a command (a text with a bracket, ``=``, ``/``, ``;``, ``|``, ``&``, a
    backtick or a line break, or under a key such as ``command``, ``code``, ``script``: ``"result = await
    delete_account(user='u1')"``, ``"cd /app && delete_account u1"``);
    JSON text is read as the value it writes. Each string read goes in ``prose`` too."""
    texts: set[str] = set()
    stack: list[tuple[str, Any]] = [("", params)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict):
            texts.update(value)
            stack.extend(value.items())
        elif isinstance(value, list):
            stack.extend((key, item) for item in value)
        elif isinstance(value, str) and (written := written_json(value)) is not None:
            stack.append((key, written))
            continue
        if isinstance(value, str) and prose is not None:
            prose.append(value)
        if isinstance(value, str) and (_CODE.search(value) or _RUNS.search(key)):
            texts.add(value)
        elif isinstance(value, str) and (head := value.split(maxsplit=1)):
            texts.add(head[0])
    return texts


_CODE = re.compile(r"[()\[\]{}<>=/;|&`\n$]|--")
"""What makes a text code or a command rather than prose (:func:`_texts`)."""
_RUNS = re.compile(r"command|cmd|code|script|shell|exec|run", re.IGNORECASE)
"""What names a key whose text is run (``{"command": "python manage.py delete_account u1"}``)."""


def _relays(calls: Sequence[CallSpec], longest: int, work: int) -> _Relays | None:
    """The runs of the texts each call's arguments hold (and, under ``""``, the text of all the strings of a call
    handing a task to another agent: :func:`_hands`), or None once the work passes the checks' limit."""
    relays: _Relays = {}
    for call_id, name, params in calls:
        named: dict[str, str] = {}
        prose: list[str] | None = [] if _hands(name) else None
        for text in _texts(params, prose):
            split = words(text)
            work += 1 + _most_runs(len(split), longest)
            if work > MAX_PARAMETER_CHECKS:
                return None
            for run in _runs(split, longest):
                named.setdefault(run, text)
        if prose:
            named[""] = " ".join(prose)
            work += len(prose)
            if work > MAX_PARAMETER_CHECKS:
                return None
        if named:
            relays[call_id] = named
    return relays


def _relayed(relays: _Relays, call: CallSpec, tool: str) -> str | None:
    """The text in ``call``'s arguments that names ``tool`` as a call's name would (its letters, or those of its last
    segment, as a run of the text's words): the call may invoke it (a dispatcher's ``recipient_name``, ``call_tool``'s
    ``name``, ``{"action": "delete_account"}``, ``"delete_account(user='u1')"``, a key, JSON text)."""
    named = relays.get(call[0], {})
    return next((named[form] for form in name_forms(tool) if form in named), None)


def _relay_row(kind: str, tool: str, call: CallSpec, text: str, how: str, told: str) -> Row:
    """An error naming a call that may call ``tool`` (:func:`_passing`): ``how`` it does."""
    text = text if len(text) <= 80 else text[:77] + "..."
    reason = f"cannot tell {told}: {_shown(call[1])} ({call[0]}) {how.format(_shown(text))}: it may call it"
    return _row(kind, tool, False, call[0], reason, reason)


_AGENTS = frozenset({"agent", "agents", "subagent", "coworker", "worker", "workers", "crew", "expert", "specialist"})
_PEOPLE = frozenset({"human", "humans", "person", "representative", "operator", "staff", "user"})
"""Who a ``transfer_to_...`` call hands to that is no agent (``transfer_to_human_agents``: a person)."""
_ASKS = frozenset({"ask", "call", "invoke", "run", "consult", "message", "send", "route", "forward", "kickoff"})
_ASSIGNS = frozenset({"assign", "dispatch", "enqueue", "submit", "spawn"})
_TASKS = frozenset({"task", "tasks", "job", "jobs", "work"})
"""A call's name of whose words the first is one of :data:`_ASKS` or :data:`_ASSIGNS` and the last of :data:`_AGENTS`
(of :data:`_TASKS` too after :data:`_ASSIGNS`, or no other word after ``assign`` or ``dispatch``), naming no person,
hands a task to another agent or a worker (``ask_billing_agent``, ``Ask question to coworker``, ``route_to_agent``,
``dispatch``, ``assign_task``, ``spawn_agent``, ``enqueue_task``, ``assign_to_worker``, ``kickoff_crew``,
``ask_expert``; not ``call_agent_api``, ``ask_human_agent``, ``dispatch_driver``, ``assign_ticket``, ``submit``)."""


_KEEPS = frozenset({"get", "list", "find", "search", "lookup", "fetch", "create", "add", "new", "delete", "remove"})
_KEEPS |= {"update", "set", "edit", "register", "describe", "parse", "rate", "contact", "hire"}
_KEEPS |= {"live", "estate", "customs", "field", "secret", "insurance"}
"""First words of a name ``<word>_agent`` that keep or find an agent rather than ask one (``get_agent``,
``create_agent``) or name a person's trade (``live_agent``, ``estate_agent``, ``customs_agent``, ``insurance_agent``);
any other (``research_agent``, ``billing_agent``, ``travel_agent``, the tool of an agent used as a tool) hands it a
task."""


def _hands(name: str) -> bool:
    """Whether a call named ``name`` hands a task to another agent: ``Task``, a name whose first word is
    ``delegate...`` or ``handoff`` (``hand off``), with the word ``subagent``, ``transfer to ...`` (not to a person:
    ``transfer_to_human``), or :data:`_ASKS` and :data:`_ASSIGNS`; not ``get_handoff_history``, ``list_delegates``,
    ``query_agent_logs``."""
    split = words(name)
    first, rest = (split[0], split[1:]) if split else ("", [])
    return (
        split == ["task"]
        or first.startswith("delegat")
        or first == "handoff"
        or "subagent" in split
        or split[:2] == ["hand", "off"]
        or (split[:2] == ["transfer", "to"] and not _PEOPLE & set(split))
        or (first in _ASKS | _ASSIGNS and bool(rest) and rest[-1] in _AGENTS and not _PEOPLE & set(split))
        or split == ["agent"]
        or (rest == ["agent"] and first not in _KEEPS | _PEOPLE)
        or (
            first in _ASSIGNS
            and (rest[-1:] or [first])[0] in _TASKS | {"assign", "dispatch"}
            and not _PEOPLE & set(split)
        )
    )


_VERB = ("", "e", "s", "es", "d", "ed", "ing", "ion", "ions", "led", "ling", "lation", "ation")
"""The endings a tool's first word (a verb: ``delete``, ``cancel``) may take in a task (``deleting``, ``deletion``,
``cancelled``); the other words (``account``) a plural's only."""
_NOUN = ("", "e", "s", "es")


def _passing(calls: Sequence[CallSpec], relays: _Relays, tool: str) -> tuple[CallSpec, str, str] | None:
    """A call of ``calls`` that may call ``tool``, the text of its arguments that says so and how: one whose arguments
    name it (:func:`_relayed`), or one handing another agent a task (:func:`_hands`) whose words say each word of the
    tool's name of three letters or more (``"Please delete the accounts of u1"`` for ``delete_account``; not
    ``"the delegate list of the accounting meeting"``): the agent asked may call it."""
    for call in calls:
        if (text := _relayed(relays, call, tool)) is not None:
            return call, text, "passes {} in its arguments"
    wanted = [(word.removesuffix("e"), _NOUN if at else _VERB) for at, word in enumerate(words(tool)) if len(word) > 2]
    for call in calls if wanted else ():
        said = set(words(relays.get(call[0], {}).get("", "")))
        if all(any(word[: len(stem)] == stem and word[len(stem) :] in ends for word in said) for stem, ends in wanted):
            return call, relays[call[0]][""], "hands another agent the task {}"
    return None


def _spelling(made: Sequence[CallSpec], tool: str) -> tuple[int, str]:
    """How many of the calls among ``made`` are not named exactly ``tool``, and their names (``'X', 'Y'``)."""
    other = [call[1] for call in made if call[1] != tool]
    return len(other), ", ".join(_shown(name) for name in dict.fromkeys(other))


def _not_called(assertion: ToolNotCalledAssertion, calls: Sequence[CallSpec], known: _Names, relays: _Relays) -> Row:
    names = _alike_names(known, assertion.tool)
    made = [call for call in calls if call[1] in names]
    unsure = [] if made else _unsure_names(known, assertion.tool, names)
    told = f"that {assertion.tool!r} was not called"
    if unsure:
        return _unsure_row("tool_not_called", assertion.tool, calls, unsure, told)
    if not made and (passing := _passing(calls, relays, assertion.tool)):
        return _relay_row("tool_not_called", assertion.tool, *passing, told)
    if not made:
        return _row("tool_not_called", assertion.tool, True, None, f"no call to {assertion.tool!r}")
    ids = ", ".join(call[0] for call in made[:5]) + (", ..." if len(made) > 5 else "")
    other, spelt = _spelling(made, assertion.tool)
    spelling = f", {other} of them named {spelt}" if other else ""
    reason = f"expected no call to {assertion.tool!r}, got {len(made)} ({ids}){spelling}"
    return _row("tool_not_called", assertion.tool, False, made[0][0], reason)


def _order(
    assertion: ToolOrderAssertion,
    calls: Sequence[CallSpec],
    known: _Names,
    relays: _Relays,
    answered: Mapping[str, int] | None,
) -> Row:
    """Some call of each tool in turn, and no call of a tool before its turn: a booking before any search fails, even
    when a search and another booking follow (a tool's turn is its earliest place in the list). A call made before
    the result of the one it must follow came (``answered``: by call id, how many calls were made before its result)
    ran beside it, not after it: undecided; so is one after a call whose result the trace lacks (with ``answered``
    None, nothing is known of the results)."""
    answered_at = (answered or {}).get
    tools = assertion.tools
    exact: dict[str, int] = {}  # the earliest place of each tool, of its letters and of its last segment's letters
    whole: dict[str, int] = {}
    last: dict[str, int] = {}
    for place, tool in enumerate(tools):
        wanted, wanted_last = name_forms(tool)
        exact.setdefault(tool, place)
        if wanted:
            whole.setdefault(wanted, place)
            last.setdefault(wanted_last, place)
    turn: dict[str, int] = {}  # the earliest place of the tools a call's name may be (as in :func:`_alike_names`)
    for name, (folded, name_last) in known.items():
        places = [exact.get(name)]
        if folded:
            places += [whole.get(folded), last.get(folded), whole.get(name_last)]
        found_places = [place for place in places if place is not None]
        if found_places:
            turn[name] = min(found_places)
    first: dict[str, int] = {}  # the earliest place of each tool's letters
    for place, tool in enumerate(tools):
        if letters(tool):
            first.setdefault(letters(tool), place)
    maybe: dict[str, int] = {}  # the earliest place of the tools a call's name may be with a prefix or suffix
    for name in known:
        held = [first[run] for run in _name_runs(name, len(name)) if run in first] if name not in turn else []
        if held:
            maybe[name] = min(held)

    found: list[CallSpec] = []  # the earliest call of each tool in turn: a later choice never helps
    early: CallSpec | None = None
    doubt: CallSpec | None = None  # the first call that may be a tool before its turn
    relay: tuple[CallSpec, int] | None = None  # the first call that passes a tool's name before its turn, and its turn
    named_at: dict[str, int] = {}  # the latest place of the tools each name form is a form of (:func:`_relayed`)
    for place, tool in enumerate(tools):
        named_at.update(dict.fromkeys(name_forms(tool), place))
    for call in calls:
        named = [named_at[run] for run in relays.get(call[0], {}) if run in named_at] if relay is None else []
        if named and max(named) > len(found):  # every tool it names, not only the earliest
            relay = (call, max(named))
        if len(found) < len(tools) and call[1] == tools[len(found)]:
            found.append(call)
        elif turn.get(call[1], -1) > len(found):
            early = call
            break
        elif doubt is None and maybe.get(call[1], -1) > len(found):
            doubt = call
    expected = " then ".join(repr(tool) for tool in tools)
    if doubt is not None and early is None and len(found) == len(tools):
        tool = tools[maybe[doubt[1]]]
        return _unsure_row("tool_order", tool, calls, [doubt[1]], f"that the calls came in order {expected}")
    if relay is not None and early is None and len(found) == len(tools):
        (call, place), told = relay, f"that the calls came in order {expected}"
        text = str(_relayed(relays, call, tools[place]))
        return _relay_row("tool_order", tools[place], call, text, "passes {} in its arguments", told)
    if early is None and len(found) == len(tools):
        shown = ", ".join(f"{tool}({call_id})" for call_id, tool, _ in found)
        made = {call[0]: index for index, call in enumerate(calls)}  # how many calls came before each
        never = -1 if answered is None else len(calls)  # a result not in the trace came after every call, if ever
        beside = next((pair for pair in pairwise(found) if answered_at(pair[0][0], never) > made[pair[1][0]]), None)
        if beside is None:
            return _row("tool_order", None, True, found[-1][0], f"calls in order: {shown}")
        (before_id, before, _), (then_id, then, _) = beside
        why = f"it was called before the result of {before_id} came, beside it (calls in parallel; "
        if before_id not in (answered or {}):
            why = f"the trace holds no result of {before_id}, so it may have been called beside it ("
        reason = f"cannot tell that {then}({then_id}) came after {before}({before_id}): {why}{_sequence(calls)})"
        return {**_row("tool_order", None, False, then_id, reason), "undecided": True}
    if early is not None:
        after = f" after {found[-1][1]}({found[-1][0]}) but" if found else ""
        reason = f"{early[1]}({early[0]}) came{after} before any call to {tools[len(found)]!r}"
        reason = f"expected calls to {expected} in this order: {reason} ({_sequence(calls)})"
        return _row("tool_order", None, False, early[0], reason)
    missing = tools[len(found)]
    reason = f"no call to {missing!r}"
    if found and any(call[1] == missing for call in calls):  # called, but only before
        reason += f" after {found[-1][1]}({found[-1][0]})"
    reason = f"expected calls to {expected} in this order: {reason} ({_sequence(calls)})"
    return _row("tool_order", None, False, None, reason)


def _written_order(row: Row, assertion: ToolOrderAssertion, written: Sequence[CallSpec]) -> Row:
    """A passing order is undecided when the ReAct steps the response writes (``written``) break it: the order
    recorded may not be the one the agent followed."""
    said = _order(assertion, written, _names(written), {}, None)
    if said["passed"] or said["error"] or said["call_id"] is None:  # no step before its turn
        return row
    reason = f"cannot tell the order of the calls: outputs.response writes its calls in another order: {said['reason']}"
    return {**row, "passed": False, "reason": reason, "undecided": True}


def _count(assertion: ToolCallCountAssertion, calls: Sequence[CallSpec], known: _Names, relays: _Relays) -> Row:
    """The calls named exactly ``tool`` count towards ``min``; those that may be it under another spelling count too
    towards ``max`` (a doubt never helps a count pass)."""
    tool = assertion.tool
    names = set() if tool is None else _alike_names(known, tool)
    made = list(calls) if tool is None else [call for call in calls if call[1] in names]
    exact = len(made) if tool is None else sum(1 for call in made if call[1] == tool)
    low, high = assertion.min or 0, assertion.max
    what = "tool calls" if tool is None else f"calls to {tool!r}"
    bounds = f"at least {low}" if high is None else f"exactly {low}" if low == high else f"between {low} and {high}"
    passed = low <= exact and (high is None or len(made) <= high)
    count = len(made)
    reason = f"{count} {what if count != 1 else what.replace('calls', 'call', 1)}"
    if tool is not None and exact != count:
        reason = (
            f"{exact} call{'s' if exact != 1 else ''} named exactly {tool!r}, {count - exact} more under another "
            f"spelling ({_spelling(made, tool)[1]}) counted towards the most only ({count} in all)"
        )
    reason += f", expected {bounds}"
    if tool is not None and high is not None and passed:
        told = f"whether the calls to {tool!r} are {bounds} ({count} counted)"
        unsure = _unsure_names(known, tool, names)
        if unsure and count + sum(1 for call in calls if call[1] in unsure) > high:
            return _unsure_row("tool_call_count", tool, calls, unsure, told)
        # a call naming it in its arguments may call it any number of times
        if passing := _passing([call for call in calls if call[1] not in names], relays, tool):
            return _relay_row("tool_call_count", tool, *passing, told)
    return _row("tool_call_count", tool, passed, None, reason if passed else f"{reason} ({_sequence(calls)})")


def all_assertion_rows(
    published: Sequence[AssertionSpec],
    extended: Sequence[ExtendedAssertion],
    calls: Sequence[CallSpec],
    ctx: MatchContext,
    sources: Sources | None = None,
    results_before: Sequence[int] = (),
    answered: Mapping[str, int] | None = None,
    written: Sequence[CallSpec] = (),
) -> list[Row]:
    """The rows of the published assertions, then of the extended ones. ``sources`` and ``results_before`` (the
    number of tool results before each call) are what ``grounded`` matchers read; without them a ``grounded``
    check is an error. ``answered`` gives, by call id, how many calls were made before its result came, ``written``
    the steps the response writes (``tool_order`` reads both)."""
    called = [assertion for assertion in extended if isinstance(assertion, ExtendedToolCallAssertion)]
    earlier = [(call_id, params, before) for (call_id, _, params), before in zip(calls, results_before, strict=False)]

    @cache  # one context per call, shared by the assertions checked against it
    def context(index: int) -> MatchContext:
        grounds = None if sources is None else Grounds(sources, results_before[index], earlier, index)
        return replace(ctx, grounds=grounds)

    rows = assertion_rows([*published, *(called_spec(a) for a in called)], calls, ctx, context if called else None)
    out, shared = rows[: len(published)], iter(rows[len(published) :])
    checks = (len(extended) - len(called)) * len(calls)
    why = (
        f"the example asks for {checks:,} checks of tool_not_called, tool_order and tool_call_count assertions against "
        f"calls (each against every call), over the limit of {MAX_PARAMETER_CHECKS:,}: split it into smaller examples"
    )
    tools = [tool for a in extended for tool in getattr(a, "tools", None) or [getattr(a, "tool", None)] if tool]
    found = (
        _relays(calls, max(map(len, map(letters, tools)), default=0), checks)
        if 0 < checks <= MAX_PARAMETER_CHECKS
        else {}
    )
    if found is None:  # counted with the checks: a line of many long arguments ends quickly
        why = f"the calls' arguments hold too many words to compare, over the limit of {MAX_PARAMETER_CHECKS:,}"
        checks = MAX_PARAMETER_CHECKS + 1
    relays = found or {}
    known = _names(calls) if 0 < checks <= MAX_PARAMETER_CHECKS else {}
    for assertion in extended:
        if isinstance(assertion, ExtendedToolCallAssertion):
            out.append(next(shared))
        elif checks > MAX_PARAMETER_CHECKS:
            tool = getattr(assertion, "tool", None)
            out.append(_row(assertion.assert_that, tool, False, None, f"not checked: {why}", why))
        elif isinstance(assertion, ToolNotCalledAssertion):
            out.append(_not_called(assertion, calls, known, relays))
        elif isinstance(assertion, ToolOrderAssertion):
            row = _order(assertion, calls, known, relays, answered)
            out.append(_written_order(row, assertion, written) if row["passed"] and written else row)
        else:
            out.append(_count(assertion, calls, known, relays))
    return out
