"""``mb --version``, ``mb schema``, ``mb examples`` and help on every command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb import __version__
from mb.cli import main
from mb.entities import Example
from tests.conftest import SPEC


def test_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.stdout


def test_schema_prints_and_writes_the_published_schema(tmp_path: Path) -> None:
    published = json.loads((SPEC / "morganabench.schema.json").read_text())
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == published
    target = tmp_path / "schema.json"
    assert CliRunner().invoke(main, ["schema", "--output", str(target)]).exit_code == 0
    assert json.loads(target.read_text()) == published


def _examples(*args: str) -> list[Example]:
    result = CliRunner().invoke(main, ["examples", *args])
    assert result.exit_code == 0
    return [Example.model_validate_json(line) for line in result.stdout.splitlines()]


def test_bundled_examples_cover_the_format() -> None:
    executed = _examples("--executed")
    unexecuted = _examples("--unexecuted")
    assert len(executed) == len(unexecuted) >= 10
    assert all(e.outputs is not None for e in executed)
    assert all(e.outputs is None for e in unexecuted)
    assert [e.inputs for e in executed] == [e.inputs for e in unexecuted]
    kinds: set[tuple[str, str]] = set()
    for example in executed:
        for assertion in example.expectations.assertions:
            kinds.add(("assertion", assertion.assert_that))
            for parameter in getattr(assertion, "parameters", []):
                shape = "group" if hasattr(parameter, "params") else "one"
                kinds.add((shape, parameter.matcher.match_as))
    for kind in ("equality", "email", "missing", "optional", "free_text", "date_time"):
        assert ("one", kind) in kinds or ("group", kind) in kinds, kind
    assert {("group", "date_time"), ("group", "free_text"), ("assertion", "no_tool_called")} <= kinds
    assert any(len(e.inputs.messages) > 1 for e in executed), "a multi-turn example"
    assert any(e.outputs and e.outputs.citations for e in executed), "an example with citations"
    # the published examples come first, unchanged
    published = [json.loads(line) for line in (SPEC / "examples-executed.jsonl").read_text().splitlines()]
    assert [json.loads(e.model_dump_json(exclude_none=True)) for e in executed[:3]] == published


COMMANDS = [
    "schema",
    "validate",
    "examples",
    "eval",
    "run",
    "runevals",
    "import",
    "import m365",
    "export",
    "export m365",
    "export eee",
    "export mlflow",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_loads_and_has_help(command: str) -> None:
    result = CliRunner().invoke(main, [*command.split(), "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.stdout


def test_top_level_help_lists_every_command() -> None:
    listed = CliRunner().invoke(main, ["--help"]).stdout
    for command in {c.split()[0] for c in COMMANDS}:
        assert f"  {command} " in listed
