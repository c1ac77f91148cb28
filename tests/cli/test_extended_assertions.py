"""Extended assertions from the command line: validated with their line, printed as a schema, scored by ``mb eval``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
from click.testing import CliRunner

from mb.cli import main
from tests.conftest import SPEC

LINE: dict[str, Any] = {
    "inputs": {"messages": [{"role": "user", "content": "Book 2 seats to Paris"}], "tools": ["search", "book"]},
    "expectations": {
        "extended_assertions": [
            {"assert_that": "tool_not_called", "tool": "delete_account"},
            {"assert_that": "tool_order", "tools": ["search", "book"]},
            {
                "assert_that": "tool_called",
                "tool": "book",
                "closed": True,
                "parameters": [
                    {"param": "flight_id", "matcher": {"match_as": "grounded", "from": "tool_results"}},
                    {"param": "seats", "matcher": {"match_as": "any_of", "values": [2, "two"]}},
                ],
            },
        ]
    },
    "outputs": {
        "response": "Booked.",
        "trace": [
            {"event": "tool_call", "id": "c1", "tool": "search", "params": {"to": "Paris"}},
            {"event": "tool_result", "id": "c1", "result": [{"id": "FL-123"}]},
            {"event": "tool_call", "id": "c2", "tool": "book", "params": {"flight_id": "FL-123", "seats": 2}},
        ],
    },
}


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _write(path: Path, *lines: dict[str, Any]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_a_misspelt_kind_is_reported_with_its_line_and_the_key_itself_is_no_warning(tmp_path: Path) -> None:
    bad = copy.deepcopy(LINE)
    bad["expectations"]["extended_assertions"][0]["assert_that"] = "tool_not_caled"
    path = _write(tmp_path / "b.jsonl", LINE, bad)
    code, out, err = _run("validate", "--executed", "--strict", str(path))
    assert code == 1
    assert out.splitlines() == [
        f'{path}:2: $.expectations.extended_assertions[0]: unknown assert_that "tool_not_caled"; expected one of: '
        'tool_called, tool_not_called, tool_order, tool_call_count; did you mean "tool_not_called"?'
    ]
    assert "extended_assertions" not in err
    code, out, err = _run("validate", "--executed", "--strict", str(_write(tmp_path / "g.jsonl", LINE)))
    assert (code, out) == (0, "")
    assert "warning" not in err


def test_an_extended_name_in_the_published_assertions_says_where_it_is_read(tmp_path: Path) -> None:
    line: dict[str, Any] = {
        "inputs": {"messages": [{"role": "user", "content": "Refund 19.99"}]},
        "expectations": {
            "assertions": [
                {"assert_that": "tool_not_called", "tool": "delete_account"},
                {
                    "assert_that": "tool_called",
                    "tool": "refund",
                    "closed": True,
                    "parameters": [{"param": "amount", "matcher": {"match_as": "number", "value": 19.99}}],
                },
            ]
        },
    }
    path = _write(tmp_path / "b.jsonl", line)
    code, out, _ = _run("validate", str(path))
    assert code == 1
    assert out.splitlines() == [
        f'{path}:1: $.expectations.assertions[0]: unknown assert_that "tool_not_called"; expected one of: '
        'tool_called, no_tool_called; "tool_not_called" is an extended assertion, read only in '
        "expectations.extended_assertions",
        f'{path}:1: $.expectations.assertions[1].parameters[0].matcher: unknown match_as "number"; expected one of: '
        'equality, free_text, date_time, email, missing, optional; "number" is an extended matcher, read only in '
        "expectations.extended_assertions",
        f'{path}:1: $.expectations.assertions[1].closed: unknown key "closed"; "closed" is read '
        "only in expectations.extended_assertions",
    ]


def test_a_name_of_the_other_family_says_what_it_is_and_no_hint_reverses_the_meaning(tmp_path: Path) -> None:
    def line(assertion: dict[str, Any], extended: bool) -> dict[str, Any]:
        where = "extended_assertions" if extended else "assertions"
        return {"inputs": {"messages": [{"role": "user", "content": "Hi"}]}, "expectations": {where: [assertion]}}

    def matched(kind: str) -> dict[str, Any]:
        parameter = {"param": "p", "matcher": {"match_as": kind, "value": 1}}
        return {"assert_that": "tool_called", "tool": "t", "parameters": [parameter]}

    lines = [
        line({"assert_that": "equality", "tool": "t"}, False),
        line({"assert_that": "regex", "tool": "t"}, True),
        line(matched("tool_called"), False),
        line(matched("tool_order"), True),
        line({"assert_that": "no_tool_called", "tool": "t"}, True),
        line({"assert_that": "tool_not_caled", "tool": "t"}, False),
    ]
    path = _write(tmp_path / "b.jsonl", *lines)
    code, out, _ = _run("validate", str(path))
    assert code == 1
    found = out.splitlines()
    assert len(found) == len(lines)
    assert found[0].endswith('"equality" is a matcher (match_as), not an assertion kind')
    assert found[1].endswith('"regex" is a matcher (match_as), not an assertion kind')
    assert found[2].endswith('"tool_called" is an assertion kind (assert_that), not a matcher')
    assert found[3].endswith('"tool_order" is an assertion kind (assert_that), not a matcher')
    assert "extended matcher" not in out
    assert "extended assertion" not in out
    assert found[4].endswith('did you mean "tool_not_called"?')
    assert '"tool_called"?' not in found[5]


def test_schema_is_unchanged_and_the_extensions_have_their_own(tmp_path: Path) -> None:
    code, out, _ = _run("schema")
    assert code == 0
    published = json.loads((SPEC / "morganabench.schema.json").read_text())
    assert json.loads(out) == published
    jsonschema.validate(LINE, published)
    code, out, _ = _run("schema", "--extensions")
    assert code == 0
    jsonschema.validate(LINE["expectations"]["extended_assertions"], json.loads(out))


def test_eval_scores_extended_assertions_like_assertions(tmp_path: Path) -> None:
    failing = copy.deepcopy(LINE)
    failing["outputs"]["trace"][2]["params"]["flight_id"] = "FL-999"
    path = _write(tmp_path / "b.jsonl", LINE, failing)
    results = tmp_path / "r.jsonl"
    code, out, err = _run("eval", str(path), "--judge", "lexical", "-o", str(results))
    assert code == 0, err
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    by_line = {row["line"]: row for row in rows if "line" in row and "assertions" in row}
    assert by_line[1]["passed"] is True
    assert [a["assert_that"] for a in by_line[1]["assertions"]] == ["tool_not_called", "tool_order", "tool_called"]
    assert by_line[2]["status"] == "failed"
    assert "FL-999" in by_line[2]["assertions"][2]["reason"]
    assert "tool_order" in out  # the summary counts the new kinds


def test_a_misspelt_list_key_is_a_warning_naming_extended_assertions(tmp_path: Path) -> None:
    line = copy.deepcopy(LINE)
    line["expectations"]["extended_asertions"] = line["expectations"].pop("extended_assertions")
    code, out, _ = _run("validate", "--executed", "--strict", str(_write(tmp_path / "t.jsonl", line)))
    assert code == 1  # --strict: a warning fails the check
    assert 'unknown key "extended_asertions"' in out
    assert 'did you mean "extended_assertions"?' in out


def test_a_misspelt_key_in_a_published_assertion_is_an_error_of_its_line_in_validate_run_and_eval(
    tmp_path: Path,
) -> None:
    def line(assertion: dict[str, Any]) -> dict[str, Any]:
        return {
            "inputs": {"messages": [{"role": "user", "content": "Delete my account (I am user me)"}]},
            "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "delete_account", **assertion}]},
        }

    equality = {"param": "id", "matcher": {"match_as": "equality", "value": "me"}}
    benchmark = _write(
        tmp_path / "b.jsonl",
        line({"parameter": [equality]}),  # only the tool's name would be checked
        line({"closed": True}),
        line({"parameters": [{**equality, "matcher": {"match_as": "equality", "valeu": "me", "value": "x"}}]}),
        line({"parameters": [{**equality, "matcher": {"match_as": "equality", "value": "someone_else"}}]}),
    )
    code, out, _ = _run("validate", str(benchmark))
    assert code == 1
    assert out.splitlines() == [
        f'{benchmark}:1: $.expectations.assertions[0].parameter: unknown key "parameter"; did you mean "parameters"?',
        f'{benchmark}:2: $.expectations.assertions[0].closed: unknown key "closed"; "closed" is read only in '
        "expectations.extended_assertions",
        f'{benchmark}:3: $.expectations.assertions[0].parameters[0].matcher.valeu: unknown key "valeu"; did you mean '
        '"value"?',
    ]
    agent = tmp_path / "agent.py"
    agent.write_text(
        "from mb.entities import Outputs, ToolCall\n"
        "def agent(messages):\n"
        "    call = ToolCall(id='1', tool='delete_account', params={'id': 'someone_else', 'purge': True})\n"
        "    return Outputs(response='Done.', trace=[call])\n"
    )
    executed = tmp_path / "run.jsonl"
    code, _, err = _run("run", str(benchmark), "--agent", f"{agent}:agent", "-o", str(executed))
    assert code == 1, err
    assert "3 invalid lines" in err
    code, out, _ = _run("eval", str(executed))
    assert "1/4 passed" in out
    assert "3 error(s)" in out


def test_an_id_in_a_tool_message_of_the_conversation_grounds_a_later_call(tmp_path: Path) -> None:
    messages = [
        {"role": "user", "content": "find flights to Paris"},
        {"role": "tool", "content": '{"flights": [{"id": "FL-123"}]}'},
        {"role": "assistant", "content": "I found FL-123."},
        {"role": "user", "content": "book it"},
    ]
    grounded = {"assert_that": "tool_called", "tool": "book", "parameters": [{"param": "id", "matcher": {}}]}

    def line(source: str, booked: str) -> dict[str, Any]:
        assertion = copy.deepcopy(grounded)
        assertion["parameters"][0]["matcher"] = {"match_as": "grounded", "from": source}
        call = {"event": "tool_call", "id": "c1", "tool": "book", "params": {"id": booked}}
        return {
            "inputs": {"messages": messages},
            "expectations": {"extended_assertions": [assertion]},
            "outputs": {"response": "Booked.", "trace": [call]},
        }

    path = _write(
        tmp_path / "e.jsonl",
        line("tool_results", "FL-123"),
        line("tool_results", "FL-999"),  # in no result: made up
        line("user", "FL-123"),  # only in a tool message and the assistant's words, not the user's
    )
    code, out, _ = _run("eval", str(path), "--judge", "lexical", "--metrics", "none")
    assert code == 0
    assert "1/3 passed" in out, out
    assert "line 2 failed" in out
    assert "line 3 failed" in out
