"""Errors on the command line: an MBError is one line and status 2, even among the failures of concurrent tasks."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from mb.cli import _Program
from mb.errors import ConfigError, InputError


def _program(error: BaseException) -> click.Group:
    @click.group(cls=_Program, lazy_commands={})
    def program() -> None:
        """A program whose one command fails."""

    @program.command("fail")
    def fail() -> None:
        raise error

    return program


@pytest.mark.parametrize(
    "error",
    [
        InputError("not an evaluation result", file="results.jsonl", line=3),
        ExceptionGroup("concurrent tasks", [InputError("not an evaluation result", file="results.jsonl", line=3)]),
    ],
    ids=["alone", "in-a-group"],
)
def test_an_mb_error_is_one_line_and_status_2(error: BaseException) -> None:
    result = CliRunner().invoke(_program(error), ["fail"])
    assert result.exit_code == 2
    assert result.stderr == "error: results.jsonl:3: not an evaluation result\n"


def test_an_mb_error_shows_no_traceback_even_when_tracebacks_are_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MB_TRACEBACK", "1")
    result = CliRunner().invoke(_program(ConfigError("concurrency must be at least 1, got 0")), ["fail"])
    assert result.exit_code == 2
    assert result.stderr == "error: concurrency must be at least 1, got 0\n"


def test_another_exception_is_named_as_unexpected() -> None:
    result = CliRunner().invoke(_program(RuntimeError("boom")), ["fail"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unexpected RuntimeError: boom")
    assert "Traceback" not in result.stderr
