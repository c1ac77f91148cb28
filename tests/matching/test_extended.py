"""Extended assertions over a trace: each kind and matcher passes and fails; tool_called shares the assignment."""

from __future__ import annotations

import time
from typing import Any

import pytest

from mb.entities import Example, Expectations, ToolCallAssertion
from mb.entities._regex import compile_pattern
from mb.evaluation import evaluate
from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext
from mb.matching.assertions import CallSpec, assertion_spec
from mb.matching.extended import all_assertion_rows
from mb.matching.grounded import Grounds, Sources, match_grounded

Row = dict[str, Any]


def _oracle(request: JudgeRequest) -> Verdict:
    raise AssertionError("no judge is asked")


CTX = MatchContext(_oracle)


def _rows(
    extended: list[dict[str, Any]],
    trace: list[tuple[str, Any]],
    *,
    published: list[dict[str, Any]] | None = None,
    user: str = "Book the cheapest flight to Paris for 2 people, budget $1,200.",
) -> list[Row]:
    """``trace``: ``("call", (id, tool, params))`` and ``("result", value)`` events in order."""
    expectations = Expectations.model_validate({"assertions": published or [], "extended_assertions": extended})
    calls: list[CallSpec] = []
    results: list[Any] = []
    before: list[int] = []
    for kind, event in trace:
        if kind == "call":
            calls.append(event)
            before.append(len(results))
        else:
            results.append(event)
    specs = [assertion_spec(a) for a in expectations.assertions]
    return all_assertion_rows(specs, expectations.extended_assertions, calls, CTX, Sources([user], results), before)


def _one(matcher: dict[str, Any], value: Any, trace: list[tuple[str, Any]] | None = None) -> Row:
    """The parameter row of ``matcher`` on a single call ``c9`` to ``t`` passing ``p=value``."""
    params = {} if value is ... else {"p": value}
    events = [*(trace or []), ("call", ("c9", "t", params))]
    assertion = {"assert_that": "tool_called", "tool": "t", "parameters": [{"param": "p", "matcher": matcher}]}
    row = _rows([assertion], events)[0]
    assert row["parameters"][0]["match_as"] == matcher["match_as"]
    return row["parameters"][0]


SEARCH = ("call", ("c1", "search", {"to": "Paris"}))
RESULT = ("result", {"flights": [{"id": "FL-123", "price": 120.0, "seats_left": 4}]})
BOOK = ("call", ("c2", "book", {"flight_id": "FL-123", "seats": 2}))


def test_tool_not_called() -> None:
    rule = [{"assert_that": "tool_not_called", "tool": "delete_account"}]
    assert _rows(rule, [SEARCH, BOOK])[0]["passed"] is True
    failed = _rows(rule, [SEARCH, ("call", ("c3", "delete_account", {}))])[0]
    assert (failed["passed"], failed["call_id"]) == (False, "c3")
    assert "expected no call to 'delete_account', got 1 (c3)" in failed["reason"]


def test_tool_order() -> None:
    rule = [{"assert_that": "tool_order", "tools": ["search", "book"]}]
    assert _rows(rule, [SEARCH, RESULT, BOOK])[0]["passed"] is True
    # a later search does not help a book that came first
    reversed_ = _rows(rule, [("call", ("c0", "book", {})), SEARCH])[0]
    assert reversed_["passed"] is False
    assert "book(c0) came before any call to 'search'" in reversed_["reason"]
    never = _rows(rule, [SEARCH])[0]
    assert never["passed"] is False
    assert "no call to 'book'" in never["reason"]


def test_tool_order_fails_a_call_made_before_its_turn_even_when_repeated_later() -> None:
    rule = [{"assert_that": "tool_order", "tools": ["search", "book"]}]
    early = _rows(rule, [("call", ("c0", "book", {})), SEARCH, RESULT, BOOK])[0]
    assert early["passed"] is False
    assert "book(c0) came before any call to 'search'" in early["reason"]
    # repeats of a tool whose turn has come do not break the order
    assert _rows(rule, [SEARCH, SEARCH, BOOK, SEARCH, BOOK])[0]["passed"] is True
    chain = [{"assert_that": "tool_order", "tools": ["search", "book", "pay"]}]
    pay = ("call", ("c3", "pay", {}))
    assert _rows(chain, [SEARCH, pay, BOOK, pay])[0]["passed"] is False
    assert _rows(chain, [SEARCH, BOOK, pay, SEARCH])[0]["passed"] is True
    # a tool listed twice: its first turn is its earliest place in the list
    twice = [{"assert_that": "tool_order", "tools": ["search", "book", "search"]}]
    assert _rows(twice, [SEARCH, SEARCH, BOOK, SEARCH])[0]["passed"] is True
    assert _rows(twice, [SEARCH, BOOK])[0]["passed"] is False


def _event(kind: str, call_id: str, tool: str = "") -> dict[str, Any]:
    if kind == "call":
        return {"event": "tool_call", "id": call_id, "tool": tool, "params": {}}
    return {"event": "tool_result", "id": call_id, "result": {"ok": True}}


@pytest.mark.parametrize(
    ("trace", "status"),
    [
        ([("call", "c1", "search"), ("result", "c1"), ("call", "c2", "book"), ("result", "c2")], "passed"),
        ([("call", "c1", "search"), ("call", "c2", "book")], "undecided"),  # no result: they may have overlapped
        ([("call", "c1", "search"), ("call", "c2", "book"), ("result", "c2")], "undecided"),
        ([("call", "c1", "search"), ("result", "c1"), ("call", "c2", "book")], "passed"),
        ([("call", "c1", "search"), ("call", "c2", "book"), ("result", "c1"), ("result", "c2")], "undecided"),
        ([("call", "c1", "search"), ("call", "c2", "book"), ("result", "c2"), ("result", "c1")], "undecided"),
        ([("call", "c2", "book"), ("call", "c1", "search"), ("result", "c1"), ("result", "c2")], "failed"),
    ],
)
def test_a_call_made_before_the_result_of_the_one_it_must_follow_leaves_an_order_undecided(
    trace: list[tuple[str, ...]], status: str
) -> None:
    line = {
        "inputs": {"messages": [{"role": "user", "content": "Book the cheapest flight."}]},
        "expectations": {"extended_assertions": [{"assert_that": "tool_order", "tools": ["search", "book"]}]},
        "outputs": {"response": "Booked.", "trace": [_event(*event) for event in trace]},
    }
    result = evaluate([Example.model_validate(line)], judge="lexical", metrics=[]).results[0]
    assert result.status == status, result.assertions[0].reason
    if status == "undecided":
        reason = result.assertions[0].reason
        assert "cannot tell that book(c2) came after search(c1)" in reason
        assert "before the result of c1 came" in reason or "the trace holds no result of c1" in reason


def test_tool_call_count() -> None:
    at_most_two = [{"assert_that": "tool_call_count", "tool": "search", "max": 2}]
    assert _rows(at_most_two, [SEARCH, SEARCH])[0]["passed"] is True
    three = _rows(at_most_two, [SEARCH, SEARCH, SEARCH])[0]
    assert three["passed"] is False
    assert three["reason"].startswith("3 calls to 'search', expected between 0 and 2")
    exactly_one_call = [{"assert_that": "tool_call_count", "min": 1, "max": 1}]  # all tools
    assert _rows(exactly_one_call, [BOOK])[0]["passed"] is True
    assert _rows(exactly_one_call, [])[0]["passed"] is False


@pytest.mark.parametrize(
    "name",
    [
        "Delete_Account",
        "delete_account ",
        "functions.delete_account",
        "deleteAccount",
        "delete-account",
        "\uff44\uff45\uff4c\uff45\uff54\uff45_account",  # fullwidth letters
        "functions\uff0edelete_account",  # a fullwidth full stop before the name
        "delete\u200b_account",  # a zero-width space inside
    ],
)
def test_a_call_named_like_a_forbidden_or_counted_tool_is_not_ignored(name: str) -> None:
    variant = ("call", ("c7", name, {}))
    never = _rows([{"assert_that": "tool_not_called", "tool": "delete_account"}], [SEARCH, variant])[0]
    assert (never["passed"], never["call_id"]) == (False, "c7")
    assert repr(name) in never["reason"]
    at_most_one = [{"assert_that": "tool_call_count", "tool": "delete_account", "max": 1}]
    assert _rows(at_most_one, [("call", ("c6", "delete_account", {})), variant])[0]["passed"] is False
    at_least_two = [{"assert_that": "tool_call_count", "tool": "delete_account", "min": 2}]
    assert _rows(at_least_two, [("call", ("c6", "delete_account", {})), variant])[0]["passed"] is False
    order = [{"assert_that": "tool_order", "tools": ["search", "delete_account"]}]
    assert _rows(order, [variant, SEARCH, ("call", ("c8", "delete_account", {}))])[0]["passed"] is False


@pytest.mark.parametrize(
    "name",
    [
        "delete_accounts",
        "delete_amount",
        "\u0443\u0434\u0430\u043b\u0438\u0442\u044c_\u0430\u043a\u0430\u0443\u043d\u0442",  # Cyrillic only, as long
    ],
)
def test_a_name_of_other_letters_is_another_tool(name: str) -> None:
    never = _rows([{"assert_that": "tool_not_called", "tool": "delete_account"}], [("call", ("c7", name, {}))])[0]
    assert never["passed"] is True, never["reason"]


@pytest.mark.parametrize(
    ("tool", "name"),
    [("sha", "sha256"), ("md", "md5sum"), ("gpt", "gpt4_summarize"), ("md", "get_md5")],
)
def test_digits_after_a_short_word_do_not_split_it(tool: str, name: str) -> None:
    never = _rows([{"assert_that": "tool_not_called", "tool": tool}], [("call", ("c7", name, {}))])[0]
    assert never["passed"] is True, never["reason"]


@pytest.mark.parametrize(
    "name",
    [
        "mcp_srv_delete_account",
        "srv-delete_account",
        "delete_account@srv",
        "delete_account.v2",
        "MCP_Srv_Delete_Account",
        "srv_delete_account_v2",
        "srv-delete-account",
        "mcpSrvDeleteAccount",
        "srv_deleteAccount",
        "soft_delete_account",  # maybe another tool: still no proof that delete_account was not called
        "delete_account2",  # digits after letters are a word of their own
        "deleteAccount2",
        "delete_account2fa",
    ],
)
def test_a_call_holding_a_forbidden_name_with_a_prefix_or_suffix_is_no_pass(name: str) -> None:
    variant = ("call", ("c7", name, {}))
    never = _rows([{"assert_that": "tool_not_called", "tool": "delete_account"}], [SEARCH, variant])[0]
    assert (never["passed"], never["call_id"]) == (False, "c7")
    assert never["error"] == never["reason"]
    assert never["reason"].startswith(f"cannot tell that 'delete_account' was not called: {name!r} (c7) may be")
    none = _rows([{"assert_that": "tool_call_count", "tool": "delete_account", "max": 0}], [variant])[0]
    assert none["passed"] is False
    assert none["error"].startswith("cannot tell whether the calls to 'delete_account' are exactly 0 (0 counted)")
    at_most_one = [{"assert_that": "tool_call_count", "tool": "delete_account", "max": 1}]
    assert _rows(at_most_one, [variant])[0]["passed"] is True  # one call at most, whichever tool it is
    once = ("call", ("c6", "delete_account", {}))
    more = _rows(at_most_one, [once, variant])[0]
    assert (more["passed"], more["error"] is not None) == (False, True)
    # a positive assertion is satisfied by the exact name only
    called = _rows([{"assert_that": "tool_called", "tool": "delete_account", "parameters": []}], [variant])[0]
    assert called["passed"] is False
    assert called["error"] is None
    at_least_one = [{"assert_that": "tool_call_count", "tool": "delete_account", "min": 1}]
    assert _rows(at_least_one, [variant])[0]["passed"] is False


@pytest.mark.parametrize("name", ["srv_book_flight", "srv-book-flight", "mcpSrvBookFlight"])
def test_a_call_that_may_be_a_tool_with_a_prefix_before_its_turn_leaves_an_order_undecided(name: str) -> None:
    order = [{"assert_that": "tool_order", "tools": ["search_flights", "book_flight"]}]
    search, book = ("call", ("c2", "search_flights", {})), ("call", ("c3", "book_flight", {}))
    early = _rows(order, [("call", ("c1", name, {})), search, book])[0]
    assert (early["passed"], early["call_id"], early["error"] is not None) == (False, "c1", True)
    assert f"{name!r} (c1) may be 'book_flight'" in early["error"]
    assert _rows(order, [search, ("call", ("c1", name, {})), book])[0]["passed"] is True  # in its turn


PARALLEL = {"tool_uses": [{"recipient_name": "functions.delete_account", "parameters": {}}]}


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("multi_tool_use.parallel", PARALLEL),
        ("call_tool", {"name": "delete_account", "arguments": {}}),
        ("execute", {"tool_name": "Delete-Account", "args": {"user": "u1"}}),
        ("run", {"steps": [{"function": {"name": "delete_account"}}]}),
    ],
)
def test_a_call_passing_a_tools_name_in_its_arguments_may_call_it(name: str, params: dict[str, Any]) -> None:
    """A dispatcher (``multi_tool_use.parallel``, an MCP ``call_tool``) calls the tool its arguments name: no proof
    that the tool was not called, nor called at most so many times, nor not before its turn."""
    relay = ("call", ("c7", name, params))
    never = _rows([{"assert_that": "tool_not_called", "tool": "delete_account"}], [SEARCH, relay])[0]
    assert (never["passed"], never["call_id"], never["error"] == never["reason"]) == (False, "c7", True)
    assert never["reason"].startswith("cannot tell that 'delete_account' was not called: ")
    assert f"{name!r} (c7) passes" in never["reason"]
    none = _rows([{"assert_that": "tool_call_count", "tool": "delete_account", "max": 0}], [relay])[0]
    assert (none["passed"], none["error"] is not None) == (False, True)
    twice = ("call", ("c7", "multi_tool_use.parallel", {"tool_uses": [PARALLEL["tool_uses"][0]] * 2}))
    once = _rows([{"assert_that": "tool_call_count", "tool": "delete_account", "max": 1}], [twice])[0]
    assert (once["passed"], once["error"] is not None) == (False, True)  # it may call it twice
    order = [{"assert_that": "tool_order", "tools": ["search", "delete_account"]}]
    early = _rows(order, [relay, SEARCH, ("call", ("c8", "delete_account", {}))])[0]
    assert (early["passed"], early["call_id"], early["error"] is not None) == (False, "c7", True)
    assert _rows(order, [SEARCH, relay, ("call", ("c8", "delete_account", {}))])[0]["passed"] is True  # in its turn
    # another tool's name is no call
    other = ("call", ("c7", "call_tool", {"name": "search.py", "query": "refund"}))
    assert _rows([{"assert_that": "tool_not_called", "tool": "delete_account"}], [other])[0]["passed"] is True


@pytest.mark.parametrize(
    "params",
    [
        {"action": "delete_account", "action_input": {"user": "u1"}},
        {"tool": {"id": "delete_account"}},
        {"method": "mcp_srv_delete_account"},
        {"command": "delete_account(user='u1')"},
        {"command": "delete_account --user u1"},
        {"command": "python manage.py delete_account u1"},
        {"command": "cd /app && delete_account --user u1"},
        {"code": "result = await delete_account(user='u1')"},
        {"code": "import tools\ntools.delete_account('u1')"},
        {"text": 'Action: delete_account\nAction Input: {"user": "u1"}'},
        {"text": '<tool_call>{"name": "delete_account"}</tool_call>'},
        {"calls": {"delete_account": {}}},
        {"tool_uses": '[{"recipient_name": "functions.delete_account"}]'},
        {"a": [[[[[[[[[[{"b": "DeleteAccount"}]]]]]]]]]]},
    ],
)
def test_any_text_in_a_calls_arguments_that_names_a_tool_may_call_it(params: dict[str, Any]) -> None:
    relay = ("call", ("c7", "agent_step", params))
    never = _rows([{"assert_that": "tool_not_called", "tool": "delete_account"}], [relay])[0]
    assert (never["passed"], never["call_id"], never["error"] is not None) == (False, "c7", True)
    most = _rows([{"assert_that": "tool_call_count", "tool": "delete_account", "max": 3}], [relay])[0]
    assert (most["passed"], most["error"] is not None) == (False, True)
    called = _rows([{"assert_that": "tool_call_count", "tool": "delete_account", "min": 1}], [relay])[0]
    assert called["passed"] is False


def test_a_call_naming_an_earlier_and_a_later_tool_leaves_an_order_undecided() -> None:
    order = [{"assert_that": "tool_order", "tools": ["search", "book", "pay"]}]
    both = (
        "call",
        ("c2", "multi_tool_use.parallel", {"tool_uses": [{"recipient_name": "search"}, {"recipient_name": "pay"}]}),
    )
    calls = [SEARCH, both, ("call", ("c3", "book", {})), ("call", ("c4", "pay", {}))]
    row = _rows(order, calls)[0]
    assert (row["passed"], row["call_id"], row["error"] is not None) == (False, "c2", True)
    assert "'pay'" in row["reason"]


def test_arguments_too_long_to_compare_are_an_error_of_the_example() -> None:
    huge = ("call", ("c1", "run", {"names": [f"word{i} other{i}" for i in range(150_000)]}))
    row = _rows([{"assert_that": "tool_not_called", "tool": "delete_account"}], [huge])[0]
    assert (row["passed"], row["error"] is not None) == (False, True)
    assert "too many words" in row["error"]


@pytest.mark.parametrize(
    "params",
    [
        {"body": "Your refund request was received and will be processed."},
        {"note": "the customer will search the FAQ first"},
        {"body": "Dear customer, " + " ".join(["refund"] * 20_000)},  # long, and no error for its length
    ],
)
def test_prose_that_says_a_tool_s_words_is_no_call_of_it(params: dict[str, Any]) -> None:
    prose = ("call", ("c1", "send_email", params))
    for tool in ("refund", "search"):
        row = _rows([{"assert_that": "tool_not_called", "tool": tool}], [prose])[0]
        assert (row["passed"], row["error"]) == (True, None), row["reason"]


def test_a_reason_shows_a_name_outside_ascii_escaped() -> None:
    never = _rows([{"assert_that": "tool_not_called", "tool": "delete"}], [("call", ("c7", "\uff44elete", {}))])[0]
    assert never["passed"] is False
    assert never["reason"].endswith("1 of them named '\uff44elete' ('\\uff44elete')")


@pytest.mark.parametrize(
    ("forbidden", "called"),
    [
        ("\u4e88\u7d04\u3092\u3068\u308b", "\u4e88\u7d04\u3092\u898b\u308b"),
        ("get_date", "get_\u0434\u0430\u0442\u0430"),
    ],
)
def test_names_in_other_scripts_are_other_tools(forbidden: str, called: str) -> None:
    never = _rows([{"assert_that": "tool_not_called", "tool": forbidden}], [("call", ("c1", called, {}))])[0]
    assert never["passed"] is True, never["reason"]
    order = [{"assert_that": "tool_order", "tools": [called, forbidden]}]
    calls = [("call", ("c1", forbidden, {})), ("call", ("c2", called, {})), ("call", ("c3", forbidden, {}))]
    assert _rows(order, calls)[0]["passed"] is False


@pytest.mark.parametrize("name", ["CC", "cc ", "c_c", "\uff43\uff43"])  # the last in fullwidth letters
@pytest.mark.parametrize("published", [True, False])
def test_a_parameter_that_must_be_absent_is_not_absent_under_another_spelling(name: str, published: bool) -> None:
    parameters = [
        {"param": "to", "matcher": {"match_as": "equality", "value": "ann@example.com"}},
        {"param": "cc", "matcher": {"match_as": "missing"}},
    ]
    assertion = {"assert_that": "tool_called", "tool": "send", "parameters": parameters}
    call = ("call", ("c1", "send", {"to": "ann@example.com", name: "eve@example.com"}))
    (row,) = _rows([], [call], published=[assertion]) if published else _rows([assertion], [call])
    assert row["passed"] is False
    cc = row["parameters"][1]
    assert cc["passed"] is False
    assert cc["reason"] == f"expected no value, got {name!r}: \"eve@example.com\", which may be 'cc' spelt otherwise"
    call = ("call", ("c1", "send", {"to": "ann@example.com", "cc": None, name: "eve@example.com"}))
    assert _rows([assertion], [call])[0]["passed"] is False
    both = {"to": "ann@example.com", "cc": "bob@example.com", name: "eve@example.com"}
    reason = _rows([assertion], [("call", ("c1", "send", both))])[0]["parameters"][1]["reason"]
    assert reason.startswith('expected no value, got "bob@example.com"')  # the value under the name is named first
    assert reason.endswith(f"(the call passes {name!r}: \"eve@example.com\": only the exact name 'cc' is read)")
    # a null under another spelling is as absent as a null under the name
    assert _rows([assertion], [("call", ("c1", "send", {"to": "ann@example.com", name: None}))])[0]["passed"]


def test_an_optional_parameter_is_not_absent_under_another_spelling() -> None:
    parameters = [
        {"param": "cc", "matcher": {"match_as": "optional", "default": {"match_as": "equality", "value": "boss@x.com"}}}
    ]
    assertion = {"assert_that": "tool_called", "tool": "send", "parameters": parameters}
    (row,) = _rows([assertion], [("call", ("c1", "send", {"CC": "eve@evil.com"}))])
    assert row["passed"] is False
    assert row["parameters"][0]["reason"] == (
        "the call passes 'CC': \"eve@evil.com\", which may be 'cc' spelt otherwise and is not checked"
    )
    both = {"cc": "boss@x.com", "CC": "eve@evil.com"}  # the tool may read either
    assert _rows([assertion], [("call", ("c1", "send", both))])[0]["passed"] is False
    assert _rows([assertion], [("call", ("c1", "send", {"cc": "boss@x.com"}))])[0]["passed"]
    assert _rows([assertion], [("call", ("c1", "send", {}))])[0]["passed"]


@pytest.mark.parametrize(
    "matcher",
    [
        {"match_as": "equality", "value": "a"},
        {"match_as": "regex", "pattern": "a"},
        {"match_as": "any_of", "values": ["a"]},
        {"match_as": "optional", "default": {"match_as": "equality", "value": "a"}},
    ],
)
@pytest.mark.parametrize("other", ["To", "to ", "TO"])
def test_a_check_that_would_pass_fails_when_the_call_passes_the_parameter_under_another_spelling_too(
    matcher: dict[str, Any], other: str
) -> None:
    assertion = {"assert_that": "tool_called", "tool": "f", "parameters": [{"param": "to", "matcher": matcher}]}
    (row,) = _rows([assertion], [("call", ("c1", "f", {"to": "a", other: "b"}))])
    assert row["passed"] is False
    assert row["parameters"][0]["reason"] == (
        f"the call passes {other!r}: \"b\", which may be 'to' spelt otherwise and is not checked"
    )
    assert _rows([assertion], [("call", ("c1", "f", {"to": "a"}))])[0]["passed"]


def test_an_optional_group_is_not_absent_when_a_parameter_of_it_is_passed_under_another_spelling() -> None:
    default = {"match_as": "date_time", "value": "tomorrow"}
    group = {"params": ["start", "end"], "matcher": {"match_as": "optional", "default": default}}
    assertion = {"assert_that": "tool_called", "tool": "f", "parameters": [group]}
    (row,) = _rows([], [("call", ("c1", "f", {"Start": "1999-01-01"}))], published=[assertion])
    assert row["passed"] is False
    assert row["parameters"][0]["reason"] == (
        "the call passes 'Start': \"1999-01-01\", which may be 'start' spelt otherwise and is not checked"
    )
    assert _rows([], [("call", ("c1", "f", {}))], published=[assertion])[0]["passed"]


def test_a_required_parameter_under_another_spelling_is_not_read_and_the_reason_says_so() -> None:
    parameters = [{"param": "to", "matcher": {"match_as": "equality", "value": "ann@example.com"}}]
    assertion = {"assert_that": "tool_called", "tool": "send", "parameters": parameters}
    (row,) = _rows([assertion], [("call", ("c1", "send", {"To": "ann@example.com"}))])
    assert row["passed"] is False
    assert row["parameters"][0]["reason"] == (
        "expected \"ann@example.com\" (string), got nothing (the parameter is absent) (the call passes 'To': "
        "\"ann@example.com\": only the exact name 'to' is read)"
    )


def test_an_order_of_namespaced_tools_is_broken_by_a_bare_call_before_its_turn() -> None:
    order = [{"assert_that": "tool_order", "tools": ["search", "Functions.Book"]}]
    early = _rows(order, [("call", ("c0", "book", {})), SEARCH, ("call", ("c2", "Functions.Book", {}))])[0]
    assert early["passed"] is False
    assert "book(c0) came before any call to 'search'" in early["reason"]
    assert _rows(order, [SEARCH, ("call", ("c0", "book", {})), ("call", ("c2", "Functions.Book", {}))])[0]["passed"]


def test_a_long_order_over_many_distinct_calls_is_decided_in_linear_time() -> None:
    tools = [f"tool_{i}" for i in range(20_000)]
    calls = [("call", (f"c{i}", f"other_{i}", {})) for i in range(20_000)]
    started = time.monotonic()
    rows = _rows([{"assert_that": "tool_order", "tools": tools}], [*calls, ("call", ("z", "Tool_19999", {}))])
    assert time.monotonic() - started < 20  # each tool against each call took close to a minute
    assert rows[0]["passed"] is False
    assert "Tool_19999(z) came before any call to 'tool_0'" in rows[0]["reason"]


def test_a_count_reason_says_how_many_calls_have_the_exact_name_and_how_many_another_spelling() -> None:
    web = ("call", ("c1", "web.search", {}))
    at_least_one = _rows([{"assert_that": "tool_call_count", "tool": "search", "min": 1}], [web])[0]
    assert at_least_one["passed"] is False
    assert at_least_one["reason"].startswith(
        "0 calls named exactly 'search', 1 more under another spelling ('web.search') counted towards the most only "
        "(1 in all), expected at least 1"
    )
    at_most_one = _rows([{"assert_that": "tool_call_count", "tool": "search", "max": 1}], [web, SEARCH])[0]
    assert at_most_one["passed"] is False
    assert at_most_one["reason"].startswith("1 call named exactly 'search', 1 more under another spelling")
    assert "(2 in all), expected between 0 and 1" in at_most_one["reason"]


def test_tools_that_only_share_a_last_segment_stay_apart() -> None:
    never = [{"assert_that": "tool_not_called", "tool": "users.delete"}]
    assert _rows(never, [("call", ("c1", "files.delete", {}))])[0]["passed"] is True
    assert _rows(never, [("call", ("c1", "Users.Delete", {}))])[0]["passed"] is False


def test_closed_tool_called() -> None:
    rule = [
        {
            "assert_that": "tool_called",
            "tool": "book",
            "closed": True,
            "parameters": [{"param": "flight_id", "matcher": {"match_as": "equality", "value": "FL-123"}}],
        }
    ]
    ok = _rows(rule, [("call", ("c2", "book", {"flight_id": "FL-123", "note": None}))])[0]
    assert ok["passed"] is True
    assert [p["match_as"] for p in ok["parameters"]] == ["equality", "closed"]
    extra = _rows(rule, [("call", ("c2", "book", {"flight_id": "FL-123", "delete_history": True}))])[0]
    assert extra["passed"] is False
    assert (
        "closed: the call passes parameter(s) the closed assertion does not name: delete_history=true"
        in (extra["reason"])
    )
    # the same call passes the assertion when it is not closed
    rule[0]["closed"] = False
    assert _rows(rule, [("call", ("c2", "book", {"flight_id": "FL-123", "delete_history": True}))])[0]["passed"]


@pytest.mark.parametrize(
    ("matcher", "value", "passed"),
    [
        ({"match_as": "any_of", "values": [2, "2", "two"]}, 2.0, True),
        ({"match_as": "any_of", "values": [2, "2", "two"]}, "two", True),
        ({"match_as": "any_of", "values": [2, "two"]}, "2", False),
        ({"match_as": "any_of", "values": [1]}, True, False),  # booleans equal only booleans
        ({"match_as": "any_of", "values": [["a", "b"]]}, ["a", "b"], True),
        ({"match_as": "number", "value": 120, "tolerance": 0.5}, 120.4, True),
        ({"match_as": "number", "value": 120, "tolerance": 0.5}, 121, False),
        ({"match_as": "number", "value": 200, "relative": 0.01}, 198, True),
        ({"match_as": "number", "value": 200, "relative": 0.01}, 197.9, False),
        ({"match_as": "number", "value": 120}, "120", False),  # a string is not a number
        # numbers are compared as written, not as 64-bit floats: no rounding passes a wrong id or fails 1.1 - 1.0
        ({"match_as": "number", "value": 9007199254740993}, 9007199254740992.0, False),
        # from 2**53 on, a float stands for every number rounding to it: 9007199254740993.0 is read as
        # 9007199254740992.0, so neither an integer nor a tolerance below the spacing of floats there can tell
        ({"match_as": "number", "value": 9007199254740992}, 9007199254740992.0, False),
        ({"match_as": "number", "value": 1e17}, 1e17, False),
        ({"match_as": "number", "value": 9007199254740992, "tolerance": 1}, 9007199254740992.0, True),
        ({"match_as": "number", "value": 1e17, "tolerance": 16}, 1e17, True),
        ({"match_as": "number", "value": 4503599627370495.5}, 4503599627370495.5, True),  # below 2**53: as written
        ({"match_as": "any_of", "values": [9007199254740992]}, 9007199254740992.0, False),
        ({"match_as": "any_of", "values": [[1, 9007199254740992]]}, [1, 9007199254740992.0], False),
        ({"match_as": "any_of", "values": [9007199254740992, 5]}, 9007199254740992, True),
        ({"match_as": "number", "value": 1234567890123456789, "tolerance": 0.5}, 1234567890123456788, False),
        ({"match_as": "number", "value": 1.0, "tolerance": 0.1}, 1.1, True),
        ({"match_as": "number", "value": 100, "relative": 0.001}, 100.1, True),
        ({"match_as": "number", "value": 0.3}, 0.30000000000000004, False),
        ({"match_as": "regex", "pattern": "FL-[0-9]{3}"}, "FL-123", True),
        ({"match_as": "regex", "pattern": "FL-[0-9]{3}"}, "FL-1234", False),  # the whole value
        ({"match_as": "regex", "pattern": "FL-[0-9]{3}"}, "xFL-123", False),
        ({"match_as": "regex", "pattern": "(?i)fl-\\d+"}, "FL-9", True),
        ({"match_as": "regex", "pattern": "(?i)[^a]+"}, "bcd", True),
        ({"match_as": "regex", "pattern": "(?i)[^a]+"}, "bAc", False),  # a class ignores case before it is negated
        ({"match_as": "regex", "pattern": "\\d+"}, 123, False),  # only strings
    ],
)
def test_value_matchers(matcher: dict[str, Any], value: Any, passed: bool) -> None:
    row = _one(matcher, value)
    assert row["passed"] is passed, row["reason"]
    assert row["error"] is None


def test_absent_arguments_fail_unless_optional() -> None:
    for matcher in (
        {"match_as": "any_of", "values": [1]},
        {"match_as": "number", "value": 1},
        {"match_as": "regex", "pattern": "a"},
        {"match_as": "grounded"},
    ):
        assert _one(matcher, ...)["passed"] is False
        assert _one({"match_as": "optional", "default": matcher}, ...)["passed"] is True


@pytest.mark.parametrize(
    ("value", "where", "passed"),
    [
        ("FL-123", None, True),  # from the tool result
        ("fl-123", None, True),  # letter case is ignored
        ("FL-999", None, False),  # hallucinated
        ("FL-12", None, False),  # part of a longer id
        ("Paris", "user", True),
        ("FL-123", "user", False),  # only in a tool result
        ("Paris", "tool_results", False),  # only in the user message
        (2, "user", True),  # "for 2 people"
        (1200, "user", True),  # "$1,200"
        (120, "tool_results", True),  # 120.0 in the result
        (12, None, False),
        (["FL-123", "Paris"], None, True),
        (["FL-123", "Rome"], None, False),
        ("", None, False),
        (True, None, False),
    ],
)
def test_grounded(value: Any, where: str | None, passed: bool) -> None:
    matcher: dict[str, Any] = {"match_as": "grounded"} if where is None else {"match_as": "grounded", "from": where}
    row = _one(matcher, value, [SEARCH, RESULT])
    assert row["passed"] is passed, row["reason"]


@pytest.mark.parametrize(
    ("value", "result", "passed"),
    [
        # a 19-digit id is not grounded by its neighbour (as 64-bit floats they are the same number)
        (1234567890123456788, {"order_id": 1234567890123456789}, False),
        (1234567890123456788, {"note": "order 1234567890123456789 shipped"}, False),
        (1234567890123456789, {"note": "order 1234567890123456789 shipped"}, True),
        (1234567890123456789, {"order_id": 1234567890123456789}, True),
        # part of a longer id or number: joined by a hyphen or a dot, or the digits of a decimal or of thousands
        ("FL-12", {"id": "FL-12-3"}, False),
        ("12-3", {"id": "FL-12-3"}, False),
        ("1", {"price": 1.5}, False),
        ("5", {"price": "$1.5"}, False),
        ("1", {"total": "1,200"}, False),
        ("example", {"site": "example.com"}, False),
        (2, {"id": "FL-2"}, False),
        ("FL-12", {"ids": "FL-12, FL-13."}, True),
        ("FL-13", {"ids": "FL-12, FL-13."}, True),
        ("1.5", {"price": 1.5}, True),
        ("120", {"price": 120.0}, True),  # a string that writes a number is grounded by that number
        ("1200", {"total": "$1,200"}, True),
        ("12", {"price": 120.0}, False),
        ("0012", {"order": 12}, False),  # an id with a leading zero is not the number
        (12, {"order": "order 0012"}, False),
        # a part of a longer token (word characters joined by "-", ".", "/", ":") is not the value, as text or number
        ("42", {"ticket": "TCK-2024-0042"}, False),
        ("142", {"phone": "555-0142"}, False),
        ("3", {"flight": "FL-12-3"}, False),
        ("15", {"date": "2024-03-15"}, False),
        (15, {"date": "2024-03-15"}, False),
        (20, {"pages": "10-20"}, False),
        (20, {"pages": "10\u201320"}, False),  # an en dash joins as the hyphen does
        ("10", {"pages": "10\u201320"}, False),
        (20, {"pages": "10\u201020"}, False),  # the Unicode hyphen
        ("10\u201320", {"pages": "10-20"}, True),
        (20, {"pages": "10\u201420"}, False),  # every dash (em, figure) and the minus sign join as the hyphen
        (10, {"pages": "10\u201220"}, False),
        (20, {"pages": "10\u221220"}, False),
        (-5, {"delta": "down \u22125"}, True),
        (20, {"price": "$10-$20"}, False),  # a hyphen joins across a currency sign
        ("10", {"price": "\u20ac10\u2013\u20ac20"}, False),
        ("$20", {"price": "$10-$20"}, False),
        ("$20", {"price": "$10 or $20"}, True),
        # an exponent is part of its number: no number of its own
        (300, {"a": 1.5e300}, False),
        ("21", {"a": 1e21}, False),
        (10, {"note": "5e+10"}, False),
        (10, {"note": "5E+10 units"}, False),
        (10, {"note": "5e-10"}, False),
        ("5e", {"note": "5e+10"}, False),
        ("5e+10", {"note": "about 5e+10"}, True),
        (10, {"note": "5 + 10"}, True),
        ("12", {"time": "12:30"}, False),
        ("5", {"rating": "4/5"}, False),
        (12, {"ip": "10.0.0.12"}, False),
        ("-5", {"range": "10-5"}, False),
        ("5", {"delta": "-5"}, False),
        ("FL-", {"id": "FL-12"}, False),
        ("12", {"id": "#12"}, True),
        (-5, {"delta": "down -5 today"}, True),
        # digits are digits when int() reads them alike, but only as a whole token
        ("12", {"id": "\uff11\uff12"}, True),
        (12, {"id": "\u0661\u0662"}, True),
        ("12", {"id": "FL-\uff11\uff12"}, False),
        # a value with no letter or digit is in almost any text: never grounded
        ("-", {"range": "a - b"}, False),
        ("...", {"text": "wait..."}, False),
        # a zero-width or other format character (category Cf) inside a token does not split it
        ("AB", {"id": "AB\u200bCD"}, False),
        ("CD", {"id": "AB\u00adCD"}, False),
        (12, {"id": "12\u200b34"}, False),
        ("ABCD", {"id": "AB\u200bCD"}, True),
        ("AB\u2060CD", {"id": "ABCD"}, True),
        # composed and decomposed spellings of the same text are the same (NFC on both sides)
        ("caf\u00e9", {"name": "Cafe\u0301 de Flore"}, True),
        ("cafe\u0301", {"name": "Caf\u00e9 de Flore"}, True),
        ("cafe", {"name": "Cafe\u0301 de Flore"}, False),
        # a combining mark (Unicode Mn, Mc, Me) belongs to its token
        ("\u0930\u093e\u092e", {"title": "\u0930\u093e\u092e\u093e\u092f\u0923 \u092a\u0922\u093c\u094b"}, False),
        ("\u0930\u093e\u092e", {"title": "\u0930\u093e\u092e \u092a\u0922\u093c\u094b"}, True),
        ("ab", {"id": "ab\u0301c"}, False),
        ("FL-12", {"id": "FL-12\u0301"}, False),
        (12, {"id": "12\u0301"}, False),
        ("e\u0331", {"id": "e\u0331 x"}, True),
        # a sign is part of a number only at the start of a token
        ("+5", {"sum": "1+5"}, False),
        ("+5", {"delta": "(+5)"}, True),
        # an "@" joins too: a part of an e-mail address grounds nothing
        ("ana", {"email": "ana@x.com"}, False),
        ("x.com", {"email": "ana@x.com"}, False),
        ("ana@x.com", {"email": "ana@x.com"}, True),
        ("ana", {"email": "ana+work@x.com"}, False),
        ("work", {"email": "ana+work@x.com"}, False),
        ("ana+work@x.com", {"email": "ana+work@x.com"}, True),
        ("ana", {"note": "ana+bob went"}, True),
        ("ana", {"handle": "ping @ana"}, True),
        ("ana", {"email": "ana@mail.example.org"}, False),
        # but not before a version, a digest or a time: a package and its version are each grounded
        ("lodash", {"note": "Install lodash@4.17.21"}, True),
        ("4.17.21", {"note": "Install lodash@4.17.21"}, True),
        ("18.2.0", {"note": "Pin react@18.2.0."}, True),
        ("nginx", {"note": "Pull nginx@sha256:abc123"}, True),
        ("5pm", {"note": "Book the room for team@5pm."}, True),
        # each part of a URL's path and query is a text of its own, unless it is digits alone
        ("ORD-77", {"url": "https://shop.example/orders/ORD-77"}, True),
        (12345, {"link": "See https://shop.example/orders/12345?ref=mail."}, False),
        ("12345", {"link": "See https://shop.example/orders/12345?ref=mail."}, False),
        (800, {"link": "https://cdn.example/img/800/600/photo.jpg"}, False),
        ("12", {"link": "https://news.example/2026/05/12/story"}, False),
        ("42", {"link": "https://api.example/v1/users/42/orders"}, False),
        # but a query's value that is itself a URL or a path: a place to go to next, not data
        ("ORD-31", {"link": "https://x.example/r?to=https://y.example/orders/ORD-31"}, False),
        ("ORD-31", {"link": "https://shop.example/login?next=/orders/ORD-31&lang=en"}, False),
        ("ORD-31", {"link": "https://shop.example/login?return_to=%2Forders%2FORD-31"}, False),
        ("ORD-77", {"link": "https://shop.example/track?order=ORD-77&next=/home"}, True),
        ("ORD-77", {"link": "https://shop.example/track?note=order%20ORD-77"}, True),
        ("mail", {"link": "See https://shop.example/orders/12345?ref=mail."}, True),
        ("77", {"url": "https://shop.example/orders/ORD-77"}, False),
        ("15", {"path": "reports/03/15/2024"}, False),
    ],
)
def test_grounded_values_are_whole_ids_and_exact_numbers(value: Any, result: Any, passed: bool) -> None:
    row = _one({"match_as": "grounded", "from": "tool_results"}, value, [SEARCH, ("result", result)])
    assert row["passed"] is passed, row["reason"]


def test_grounded_reads_only_the_results_before_the_call() -> None:
    rule = [
        {
            "assert_that": "tool_called",
            "tool": "book",
            "parameters": [{"param": "flight_id", "matcher": {"match_as": "grounded", "from": "tool_results"}}],
        }
    ]
    assert _rows(rule, [SEARCH, RESULT, BOOK])[0]["passed"] is True
    early = _rows(rule, [SEARCH, BOOK, RESULT])[0]
    assert early["passed"] is False
    assert "does not occur in the 0 tool result(s) before the call" in early["reason"]


def test_a_value_the_agent_made_up_is_not_grounded_by_a_result_that_echoes_it() -> None:
    rule = [
        {
            "assert_that": "tool_called",
            "tool": "book",
            "parameters": [{"param": "flight_id", "matcher": {"match_as": "grounded"}}],
        }
    ]
    lookup = ("call", ("c1", "get_flight", {"id": "FL-999"}))
    echo = ("result", {"message": "flight FL-999 not found"})
    book = ("call", ("c2", "book", {"flight_id": "FL-999"}))
    made_up = _rows(rule, [lookup, echo, book])[0]
    assert made_up["passed"] is False
    assert "first passed by the agent itself (call c1)" in made_up["reason"]
    # a value the agent read before passing it stays grounded when a later result echoes it
    seen = [SEARCH, RESULT, ("call", ("c3", "get_flight", {"id": "FL-123"})), ("result", {"id": "FL-123"}), BOOK]
    assert _rows(rule, seen)[0]["passed"] is True
    # so does one from the user's message ("Paris"), looked up first
    paris = [*rule]
    paris[0] = {**rule[0], "parameters": [{"param": "to", "matcher": {"match_as": "grounded"}}]}
    trace = [SEARCH, ("result", {"to": "Paris"}), ("call", ("c2", "book", {"to": "Paris"}))]
    assert _rows(paris, trace)[0]["passed"] is True
    # an array is grounded only when no item is the agent's own
    ids = [{**rule[0], "parameters": [{"param": "ids", "matcher": {"match_as": "grounded"}}]}]
    trace = [SEARCH, RESULT, lookup, echo, ("call", ("c4", "book", {"ids": ["FL-123", "FL-999"]}))]
    assert _rows(ids, trace)[0]["passed"] is False
    trace = [SEARCH, RESULT, lookup, echo, ("call", ("c4", "book", {"ids": [["FL-123"], ["FL-999"]]}))]
    assert _rows(ids, trace)[0]["passed"] is False


@pytest.mark.parametrize(
    ("earlier", "value", "result"),
    [
        (4521.0, "4521", "order 4521 on hold"),
        ("4,521", "4521", "order 4521 on hold"),
        ("4521", 4521, "order 4521 on hold"),
        (12.5, "12.50", "price 12.50 on hold"),
        ("FL-999", "fl-999", "flight FL-999 on hold"),
    ],
)
def test_an_echoed_value_is_the_agents_own_however_it_was_written(earlier: Any, value: Any, result: str) -> None:
    # the earlier calls are searched with the comparison that grounds a value: by value for numbers, whole tokens
    rule = [
        {
            "assert_that": "tool_called",
            "tool": "book",
            "parameters": [{"param": "n", "matcher": {"match_as": "grounded"}}],
        }
    ]
    trace = [
        ("call", ("c1", "lookup", {"n": earlier})),
        ("result", {"msg": result}),
        ("call", ("c2", "book", {"n": value})),
    ]
    row = _rows(rule, trace)[0]
    assert row["passed"] is False
    assert "first passed by the agent itself (call c1)" in row["reason"]
    # a part of a longer token in an earlier call is not the value: a result that shows it grounds it
    trace[0] = ("call", ("c1", "lookup", {"n": f"TCK-{earlier}-7"}))
    assert _rows(rule, trace)[0]["passed"] is True


def test_published_and_extended_tool_called_share_one_assignment() -> None:
    # The published assertion accepts either call; the extended one only c1. A greedy pass that gave c1 to the
    # published assertion would fail the extended one: the shared assignment satisfies both.
    published = [ToolCallAssertion(tool="search").model_dump(mode="json")]
    extended = [
        {
            "assert_that": "tool_called",
            "tool": "search",
            "parameters": [{"param": "to", "matcher": {"match_as": "any_of", "values": ["Paris"]}}],
        }
    ]
    trace = [SEARCH, ("call", ("c5", "search", {"to": "Rome"}))]
    rows = _rows(extended, trace, published=published)
    assert [(r["passed"], r["call_id"]) for r in rows] == [(True, "c5"), (True, "c1")]
    # with one call only, the two assertions compete for it: one of them fails, saying the call is taken
    rows = _rows(extended, [SEARCH], published=published)
    assert sorted(r["passed"] for r in rows) == [False, True]
    assert "already used by another assertion" in rows[1]["reason"]


def test_rows_keep_the_order_published_then_extended() -> None:
    published = [{"assert_that": "no_tool_called"}]
    extended = [
        {"assert_that": "tool_call_count", "max": 0},
        {"assert_that": "tool_called", "tool": "search"},
        {"assert_that": "tool_not_called", "tool": "search"},
    ]
    rows = _rows(extended, [], published=published)
    kinds = [(r["assert_that"], r["passed"]) for r in rows]
    assert kinds == [
        ("no_tool_called", True),
        ("tool_call_count", True),
        ("tool_called", False),
        ("tool_not_called", True),
    ]


@pytest.mark.parametrize(
    ("pattern", "value", "passed"),
    [
        ("\\d+", "\u0661\u0662\u0663", False),  # Arabic-Indic digits
        ("\\d+", "\uff11\uff12", False),  # fullwidth digits
        ("\\w+", "caf\u00e9", False),
        ("\\W", "\u00e9", True),
        ("\\D", "\u0661", True),
        ("(?i)k", "\u212a", False),  # the Kelvin sign
        ("(?i)s", "\u017f", False),  # the long s
        ("(?i)k", "K", True),
        ("(?i)\u00e9", "\u00c9", True),
        ("\\d{5}", "02139", True),
        ("\\s", "\u00a0", True),
    ],
)
def test_digit_and_word_classes_and_ignoring_case_are_those_of_json_schema(
    pattern: str, value: str, passed: bool
) -> None:
    assert compile_pattern(pattern).fullmatch(value) is passed


def test_a_catastrophic_pattern_ends_quickly() -> None:
    # (a+)+$ and (a|a)*b backtrack exponentially in a backtracking engine; here each character costs the same
    started = time.monotonic()
    for pattern in ("(a+)+b", "(a|a)*b", "(a*)*b", "(?:a|aa)+b"):
        assert compile_pattern(pattern).fullmatch("a" * 5000) is False
    assert time.monotonic() - started < 20  # exponential backtracking would not end at all


def test_a_value_too_long_for_the_pattern_is_an_error_not_a_verdict() -> None:
    row = _one({"match_as": "regex", "pattern": "(a|b)+c{0,50}"}, "a" * 20_000)
    assert row["passed"] is False
    assert row["error"] is not None
    assert "too long for this pattern" in row["error"]


def test_sequence_assertions_past_the_check_limit_are_errors_not_verdicts() -> None:
    calls = [("call", (f"c{i}", "search", {})) for i in range(1_000)]
    rules: list[dict[str, Any]] = [{"assert_that": "tool_not_called", "tool": f"t{i}"} for i in range(150)]
    rules += [{"assert_that": "tool_call_count", "tool": "search", "max": 5000} for _ in range(50)]
    rules.append({"assert_that": "tool_order", "tools": ["search"]})
    rows = _rows(rules, calls)
    assert len(rows) == 201
    for row in rows:
        assert row["passed"] is False
        assert "201,000 checks" in row["error"]
    fewer = _rows(rules[:100], calls)  # 100,000 checks: within the limit, each decided
    assert all(row["passed"] and row["error"] is None for row in fewer)


_LOOKUP = {"event": "tool_call", "id": "c1", "tool": "search", "params": {"to": "Paris"}}
_BOOK = {"event": "tool_call", "id": "c2", "tool": "book", "params": {"flight_id": "FL-777"}}


@pytest.mark.parametrize(
    ("result", "grounded"),
    [
        ({"result": {"error": "rate limited; cached flight FL-777 may be stale"}}, False),
        ({"result": {"isError": True, "content": [{"type": "text", "text": "no seats on FL-777"}]}}, False),
        ({"result": {"is_error": True, "detail": "FL-777 is cancelled"}}, False),
        ({"result": {"error": None, "flights": ["FL-777"]}}, True),  # no error: a result like any
        ({"result": {"error": "", "flights": ["FL-777"]}}, True),
        ({"result": {"error": "None", "flights": ["FL-777"]}}, True),  # text saying there is none
        ({"result": {"error": "null", "flights": ["FL-777"]}}, True),
        ({"result": {"error": " false ", "flights": ["FL-777"]}}, True),
        ({"result": {"error": "None", "status": "ok", "flights": ["FL-777"]}}, True),
        ({"result": {"error": "False", "code": "E_BUSY", "flights": ["FL-777"]}}, False),  # the code says what failed
        ({"result": {"error": "None", "warning": "data stale", "flights": ["FL-777"]}}, False),
        ({"result": {"error": "NONE", "flights": ["FL-777"]}}, False),  # not a spelling of none
        # words that data says too are read in what the tool itself says (None: it may be a failure, undecided), not
        # in the records it lists
        ({"result": {"flights": [{"id": "FL-777", "notes": "Pets not allowed in the cabin."}]}}, True),
        ({"result": {"flights": [{"id": "FL-777", "smoking_prohibited": True}]}}, True),
        ({"result": {"hosts": [{"name": "FL-777", "status": "unreachable"}]}}, True),
        ({"result": {"checks": [{"id": "FL-777", "ok": "no"}]}}, True),
        ({"result": {"content": [{"type": "text", "text": "FL-777 (over 8 kg not allowed)"}], "isError": False}}, True),
        ({"result": "Rate limit exceeded: cached flight FL-777 may be stale"}, None),
        ({"result": {"status": "unreachable", "flights": ["FL-777"]}}, None),
        ({"result": {"message": "Too many requests; cached FL-777", "flights": ["FL-777"]}}, None),
        ({"result": {"ok": "no", "flights": ["FL-777"]}}, None),
        ({"result": {"rate_limited": True, "flights": ["FL-777"]}}, None),
        ({"result": {"is_error": False, "seats": "FL-777 has seats"}}, True),
        ({"result": {"is_error": "true", "seats": "FL-777 has seats"}}, False),  # the flag written as text
        ({"result": {"is_error": "false", "seats": "FL-777 has seats"}}, True),
        ({"result": {"result": {"error": "FL-777 is stale"}}}, False),  # one level down, as a wrapper puts it
        ({"result": '{"error": "FL-777 is stale"}'}, False),  # the same object as JSON text
        ({"result": {"status": "ok", "errors": [], "flights": ["FL-777"]}}, True),
        ({"result": {"status": "flight FL-777 found"}}, True),
        ({"result": {"success": True, "flights": ["FL-777"]}}, True),
        ({"result": {"status_code": 200, "flights": ["FL-777"]}}, True),
        ({"result": {"data": {"a": {"b": {"error": "x"}}}, "flights": ["FL-777"]}}, True),  # three levels down
        # data that only names errors or a status is no failure
        ({"result": {"error_rate": 0.02, "error_count": 0, "flights": ["FL-777"]}}, True),
        ({"result": {"status": "active", "code": "FL-777", "default": "FL-777"}}, True),
        ({"result": {"status": 200, "state": "CA", "zip_code": 94103, "flights": ["FL-777"]}}, True),
        ({"result": {"status": "transferred", "is_error": "false", "failed": False, "flights": ["FL-777"]}}, True),
    ],
)
def test_the_text_of_a_failed_tool_call_grounds_nothing(result: dict[str, Any], grounded: bool | None) -> None:
    for where in ("tool_results", None):
        matcher = {"match_as": "grounded"} | ({"from": where} if where else {})
        assertion = {
            "assert_that": "tool_called",
            "tool": "book",
            "parameters": [{"param": "flight_id", "matcher": matcher}],
        }
        example = Example.model_validate(
            {
                "inputs": {"messages": [{"role": "user", "content": "Book me a flight to Paris."}]},
                "expectations": {"extended_assertions": [assertion]},
                "outputs": {
                    "response": "Booked.",
                    "trace": [_LOOKUP, {"event": "tool_result", "id": "c1", **result}, _BOOK],
                },
            }
        )
        (row,) = evaluate([example], judge="lexical", metrics=[]).results[0].assertions
        assert row.passed is (grounded is True), row.reason
        if grounded is False:
            assert '"FL-777" occurs only in the error of a failed tool call' in row.parameters[0].reason
        if grounded is None:
            assert "may be a failure" in row.parameters[0].reason
    # a successful result after the failed call grounds the value
    retried = [_LOOKUP, {"event": "tool_result", "id": "c1", "result": {"error": "FL-777?"}}, {**_LOOKUP, "id": "c3"}]
    retried += [{"event": "tool_result", "id": "c3", "result": {"flights": ["FL-777"]}}, _BOOK]
    line = {
        "inputs": {"messages": [{"role": "user", "content": "Book me a flight to Paris."}]},
        "expectations": {
            "extended_assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "book",
                    "parameters": [{"param": "flight_id", "matcher": {"match_as": "grounded"}}],
                }
            ]
        },
        "outputs": {"response": "Booked.", "trace": retried},
    }
    assert evaluate([Example.model_validate(line)], judge="lexical", metrics=[]).results[0].assertions[0].passed


@pytest.mark.parametrize(
    "result",
    [
        {"payment_id": "FL-777", "status": "failed"},  # a record of a failed payment, or a failed lookup
        {"status": "error", "message": "FL-777 not found"},
        {"status": "Error ", "message": "FL-777 not found"},
        {"status": "failure", "message": "FL-777 not found"},
        {"errors": ["FL-777 not found"]},
        {"success": False, "message": "FL-777 not found"},
        {"ok": False, "message": "FL-777 not found"},
        {"status_code": 404, "message": "FL-777 not found"},
        {"data": {"error": "FL-777 not found"}},
        {"data": {"lookup": {"error": "FL-777 not found"}}},  # two levels down
        [{"error": "FL-777 not found"}],
        {"result": {"status": "failed", "id": "FL-777"}},
        '{"id": "FL-777", "status": "Failed"}',
        # any key naming a failure, in any letter case or separators, set to text, true or a non-empty object
        {"Error": "FL-777 not found"},
        {"ERROR": "FL-777 not found"},
        {"IsError": True, "text": "FL-777"},
        {"errorMessage": "FL-777 not found"},
        {"error_code": "E42", "detail": "FL-777"},
        {"exception": "KeyError: FL-777"},
        {"faultString": "FL-777 not found"},
        {"failed": True, "id": "FL-777"},
        {"errors": "FL-777 not found"},
        {"errors": {"id": "FL-777 not found"}},
        {"Success": False, "id": "FL-777"},
        # a status from 400 to 599, as a number or text, or a word of failure
        {"status": 500, "id": "FL-777"},
        {"status": "500", "id": "FL-777"},
        {"status_code": "500", "id": "FL-777"},
        {"statusCode": 503, "id": "FL-777"},
        {"httpStatus": 404, "id": "FL-777"},
        {"code": 500, "id": "FL-777"},
        {"status": "fail", "id": "FL-777"},
        {"status": "errored", "id": "FL-777"},
        {"status": "timeout", "id": "FL-777"},
        {"status": "ERR", "id": "FL-777"},
        {"status": "FAILED_PRECONDITION", "id": "FL-777"},
        {"state": "permissionDenied", "id": "FL-777"},
        # JSON text after a prefix, in a fence, in MCP's text parts or under another key
        'Tool returned: {"error": "FL-777 not found"}',
        '```json\n{"error": "FL-777 not found"}\n```',
        {"content": [{"type": "text", "text": '{"error": "FL-777 not found"}'}]},
        ['{"error": "FL-777 not found"}'],
        {"body": '{"error": "FL-777 not found"}'},
        # text whose first line says a failure, as tools and frameworks report one
        "Error: flight FL-777 not found",
        "An error occurred while running the tool. Please try again. Error: FL-777 not found",
        "HTTP 500 Internal Server Error: FL-777",
        "Traceback (most recent call last):\n  KeyError: 'FL-777'",
        "Failed to book FL-777",
        "ToolException: FL-777 is sold out",
        # a word or phrase of failure, whole, on any line, or in text inside an object
        "Invalid flight id FL-777",
        "Not found: FL-777",
        "404 Not Found FL-777",
        "Could not find flight FL-777",
        "Permission denied for FL-777",
        "Request timed out: FL-777",
        "Unauthorized: FL-777",
        "HTTPError 500: FL-777",
        "Tool output:\nError: FL-777 not found",
        {"content": [{"type": "text", "text": "Error: FL-777 not found"}]},
        {"output": "Error: FL-777 not found"},
        {"status": "NOT_FOUND", "id": "FL-777"},
        "Unable to find flight FL-777",
        "Flight FL-777 does not exist",
        "HTTP 404 FL-777",
        "No. Error: FL-777 cannot be booked",
        "FATAL: FL-777 disk full",
        {"status": "rejected", "id": "FL-777"},
        {"errmsg": "card declined", "id": "FL-777"},
        {"errorcode": "E42", "id": "FL-777"},
        "Flight FL-777 doesn't exist",
        "Can't find FL-777",
        "FL-777 isn't available",
        "Rate limit exceeded. Cached: FL-777",
        "429 Too Many Requests (FL-777)",
        "Rate limited; last known FL-777",
        "Upstream unreachable; last known FL-777",
        "Tool crashed while loading FL-777",
        "Access to FL-777 is not allowed",
        "Operation not permitted for FL-777",
        "Booking FL-777 is prohibited",
        {"ok": "no", "id": "FL-777"},
        {"ok": "0", "id": "FL-777"},
        {"status": "KO", "id": "FL-777"},
        {"status": "throttled", "id": "FL-777"},
        {"state": "expired", "id": "FL-777"},
        {"message": "Service overloaded; cached FL-777"},
        {"detail": "Account suspended", "id": "FL-777"},
        "connect ECONNREFUSED 10.0.0.1:443 (FL-777)",
        "ETIMEDOUT while booking FL-777",
        {"status": "RESOURCE_EXHAUSTED", "id": "FL-777"},
        {"code": "UNAUTHENTICATED", "id": "FL-777"},
        "Service busy, please try again later. Last: FL-777",
        "Session expired (FL-777)",
        # a call denied for lack of money, credits or quota
        "Not enough funds to search. Cached: FL-777",
        "You do not have enough credits; last seen FL-777",
        "You have run out of credits. FL-777 from cache",
        {"message": "Out of funds (FL-777 cached)"},
        {"status": "insufficient_quota", "id": "FL-777"},
        "Your credits have been exhausted. FL-777",
        {"detail": "Funds depleted", "id": "FL-777"},
        "Oops, not enough credits to hold FL-777.",
        "Sorry - out of credits. FL-777 not held.",
        "Account u1 has run out of credits; FL-777 held",
        "Hmm, you do not have enough funds for FL-777.",
        "402 Payment Required: FL-777 on hold",
        "Credit limit reached; FL-777 held for 1h",
        "You've hit your billing hard limit. FL-777 cached",
        "Usage cap hit for this month. FL-777 cached",
        "Your plan's quota is used up; FL-777 not booked",
    ],
)
def test_a_value_only_in_a_result_that_may_be_a_failure_is_undecided(result: Any) -> None:
    call = ("call", ("c2", "book", {"flight_id": "FL-777"}))
    for where in ("tool_results", None):
        matcher = {"match_as": "grounded"} | ({"from": where} if where else {})
        called = [
            {"assert_that": "tool_called", "tool": "book", "parameters": [{"param": "flight_id", "matcher": matcher}]}
        ]
        row = _rows(called, [("call", ("c1", "search", {})), ("result", result), call])[0]
        assert (row["passed"], row["undecided"]) == (False, True), row["reason"]
        assert "may be a failure" in row["reason"]
        ok = _rows(called, [("result", result), ("result", {"flights": ["FL-777"]}), call])[0]
        assert ok["passed"] is True, ok["reason"]  # also in a result that succeeded


@pytest.mark.parametrize(
    "result",
    [
        "Errors: 0 found. Flight FL-777 confirmed",
        "No errors. FL-777 booked",
        "Exceptional deal on FL-777",
        "Failover route FL-777",
        "Fault-tolerant booking of FL-777",
        "Errand service FL-777",
        {"flights": ["FL-777"], "note": "error-free"},
        {"errand_id": "E1", "flights": ["FL-777"]},
        {"faultTolerant": True, "failover": True, "flights": ["FL-777"]},
        "Flight FL-777 confirmed, 404 seats left",
        # words of failure said of a listed record, not by the tool itself
        {"flights": [{"id": "FL-777", "status": "suspended"}, {"id": "FL-778", "status": "expired"}]},
        {"items": [{"id": "FL-777", "ok": "0", "state": "KO"}]},
        {"flights": ["FL-777"], "status": "ok"},
        "FL-777 has enough seats; vegan meal out of stock",
        {"flights": ["FL-777"], "note": "Out of season fare; enough funds on the card"},
        {"flights": ["FL-777"], "credits_left": 40, "quota_used": 12},
        "Funds reached your account on May 2. Flight FL-777 is paid.",
        "Your credits reached 1,000 and Gold is unlocked: FL-777",
        "Not enough credit history for instant financing. FL-777 held",
        "Insufficient quota data to forecast. FL-777 available",
        "Promo credits depleted last month were refilled today. FL-777",
        "Out of credit card offers, none apply. FL-777",
        "Credit limit: 5,000 EUR. FL-777 available",
        "Credit limit not reached. FL-777 available",
        "Quota used: 40%. FL-777 available",
        "Credits hit a record high: FL-777",
        "Oops, FL-777 is the cheapest. 402 seats left",
    ],
)
def test_a_result_only_naming_failures_grounds(result: Any) -> None:
    called = [
        {
            "assert_that": "tool_called",
            "tool": "book",
            "parameters": [{"param": "flight_id", "matcher": {"match_as": "grounded", "from": "tool_results"}}],
        }
    ]
    row = _rows(
        called, [("call", ("c1", "search", {})), ("result", result), ("call", ("c2", "book", {"flight_id": "FL-777"}))]
    )[0]
    assert row["passed"] is True, row["reason"]


@pytest.mark.parametrize(
    ("content", "grounded"),
    [
        ('{"error": "FL-9 stale"}', False),
        ('{"isError": true, "content": "FL-9 gone"}', False),
        (' {"status": "error", "message": "FL-9 not found"}', False),
        ('{"flights": ["FL-9"]}', True),
        ("FL-9 is available", True),  # text that is no JSON object: a result like any
        ('{"status": "FL-9 stale"', True),  # no JSON: the text of a result
        ('{"error": "FL-9 stale"', False),  # no JSON, but text saying an error: may be a failure
    ],
)
def test_a_failed_tool_message_of_the_conversation_grounds_nothing(content: str, grounded: bool) -> None:
    assertion = {
        "assert_that": "tool_called",
        "tool": "book",
        "parameters": [{"param": "id", "matcher": {"match_as": "grounded", "from": "tool_results"}}],
    }
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": ""}]
    messages += [{"role": "tool", "content": content}, {"role": "user", "content": "book it"}]
    call = {"event": "tool_call", "id": "c1", "tool": "book", "params": {"id": "FL-9"}}
    example = Example.model_validate(
        {
            "inputs": {"messages": messages},
            "expectations": {"extended_assertions": [assertion]},
            "outputs": {"response": "ok", "trace": [call]},
        }
    )
    (row,) = evaluate([example], judge="lexical", metrics=[]).results[0].assertions
    assert row.passed is grounded, row.reason


@pytest.mark.parametrize(
    "link",
    [
        "https://shop.example/login?next=/orders/ORD-31",
        "https://shop.example/login?next=%5Corders%5CORD-31",
        "https://app.example/#/login?redirect=/orders/ORD-31",
        "https://shop.example/login#next=/orders/ORD-31",
        "https://docs.example/view?path=/docs/ORD-31",
        "https://shop.example/track?ids=ORD-31/ORD-78",
        "https://shop.example/search?q=ORD-31/refund",
    ],
)
def test_an_id_only_in_a_path_in_a_link_query_is_undecided_from_a_result_and_grounded_from_the_user(link: str) -> None:
    from_result = match_grounded(None, "ORD-31", Grounds(Sources([], [{"link": link}]), 1))
    assert (from_result.passed, from_result.undecided) == (False, True)
    assert "only in a URL or path in a link's query" in from_result.reason
    assert match_grounded("user", "ORD-31", Grounds(Sources([f"I was sent to {link}, cancel it"], []), 0)).passed
    # a link beside it that carries the id as data grounds it
    plain = match_grounded(None, "ORD-31", Grounds(Sources([], [{"link": link, "order": "ORD-31"}]), 1))
    assert plain.passed


@pytest.mark.parametrize(
    ("name", "task", "tool", "hands"),
    [
        ("ask_agent", "Please delete the accounts of u1", "delete_account", True),
        ("ask_agent", "the account deletion of u1", "delete_account", True),
        ("ask_agent", "the user is deleting the account", "delete_account", True),
        ("ask_agent", {"agent": "admin", "verb": "delete", "target": "account u1"}, "delete_account", True),
        ("ask_agent", '{"verb": "delete", "what": "account"}', "delete_account", True),
        ("Ask question to coworker", "delete the account u1", "delete_account", True),
        ("transferToAdmin", "delete the account u1", "delete_account", True),
        ("invoke_subagent", "the order was cancelled", "cancel_order", True),
        ("assign_task", {"agent": "admin_agent", "task": "Delete the account of u1"}, "delete_account", True),
        ("dispatch", {"agent": "ops", "task": "Deleting the accounts of u1"}, "delete_account", True),
        ("dispatchToAgent", "delete account u1 now", "delete_account", True),
        ("route_to_agent", "please delete account u1", "delete_account", True),
        ("assign_job", {"worker": "janitor", "job": "delete the account u1"}, "delete_account", True),
        ("spawn_agent", "delete the account u1", "delete_account", True),
        ("enqueue_task", "delete the account u1", "delete_account", True),
        ("submit_task", "delete the account u1", "delete_account", True),
        ("assign_to_worker", "delete the account u1", "delete_account", True),
        ("kickoff_crew", "delete the account u1", "delete_account", True),
        ("ask_expert", "delete the account u1", "delete_account", True),
        ("route_to_specialist", "delete the account u1", "delete_account", True),
        ("research_agent", "find out how to delete the account u1", "delete_account", True),
        ("BillingAgent", "delete the account u1", "delete_account", True),
        ("agent", "delete the account u1", "delete_account", True),
        # a word of the tool's name by its start only is another word
        ("ask_agent", "Find the delegate list for the accounting meeting.", "delete_account", False),
        # a call whose name says "agent" but hands no task
        ("list_agents", "account deletion", "delete_account", False),
        ("get_agent_status", "account-deletion-bot", "delete_account", False),
        ("get_agent", "the agent that may delete the account u1", "delete_account", False),
        ("create_agent", "never delete the account u1", "delete_account", False),
        ("user_agent", "Mozilla/5.0 on the page deleting the account", "delete_account", False),
        ("research_assistant", "delete the account u1", "delete_account", False),
        # a person's trade: no agent handed a task
        ("live_agent", "customer wants the account u1 deleted", "delete_account", False),
        ("estate_agent", "book a viewing for flat 3", "book_viewing", False),
        ("customs_agent", "broker contact for clearing the shipment", "clear_shipment", False),
        ("insurance_agent", "can I cancel my policy mid-term?", "cancel_policy", False),
        ("field_agent", "delete the account u1 on site", "delete_account", False),
        ("travel_agent", "book a hotel in Rome", "book_hotel", True),
        ("find_travel_agent", "an agent who deletes the account u1", "delete_account", False),
        ("route_to_depot", "order cancelled by sender", "cancel_order", False),
        ("dispatch_driver", "pick up the cancelled order", "cancel_order", False),
        ("assign_ticket", {"assignee": "maria", "summary": "delete the account u1"}, "delete_account", False),
        ("assign_task", "Send the invoice to the customer", "delete_account", False),
        ("submit_form", "delete account request", "delete_account", False),
        ("spawn_process", "delete the account u1", "delete_account", False),
        ("enqueue_email", "delete the account u1", "delete_account", False),
        ("ask_human_expert", "delete the account u1", "delete_account", False),
    ],
)
def test_a_task_handed_to_another_agent_that_names_a_tool_leaves_tool_not_called_undecided(
    name: str, task: Any, tool: str, hands: bool
) -> None:
    rule = Expectations.model_validate(
        {"assertions": [], "extended_assertions": [{"assert_that": "tool_not_called", "tool": tool}]}
    )
    params = task if isinstance(task, dict) else {"task": task}
    row = all_assertion_rows([], rule.extended_assertions, [("c1", name, params)], CTX, Sources([], []), [0])[0]
    assert (row["passed"], bool(row.get("error"))) == ((False, True) if hands else (True, False))
    if hands:
        assert "hands another agent the task" in row["reason"]
