"""Reading the code blocks of the documentation pages, and running them.

A page's fenced blocks run in order in a fresh directory, so a page is a script a reader can follow:

- ``console``: each ``$ mb ...`` command runs in-process through click's test runner; the lines shown after a
  command must appear, in that order, in what it printed (runs of spaces compare as one space; ``...`` stands for
  anything, a whole line of it for any lines). A command ending with ``# exit status N`` must exit with N (else 0).
  ``$ python FILE`` runs a Python file of the page with the test's interpreter.
- ``python``: executed, one namespace per page; a block with ``title="NAME"`` is written as that file instead.
- ``json`` / ``jsonl`` / ``toml``: parsed (a JSON object with ``inputs`` is validated as an ``Example``); a block
  with ``title="NAME"`` is also written as that file.
- ``text``: sample output, never run.

A block that cannot run offline (another language's toolchain, a package the tests do not install) is preceded by
``<!-- not-run: REASON -->``; the tests keep that list short.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example

__all__ = ["DOCS", "ROOT", "Block", "blocks", "check_output", "pages", "run_page"]

ROOT = Path(__file__).resolve().parents[2]
"""The repository."""

DOCS = ROOT / "docs"
"""The documentation sources."""

_FENCE = re.compile(
    r"(?P<marker><!-- not-run: (?P<reason>[^>]*?) -->\n(?:[ \t]*\n)?)?"
    r"^(?P<indent>[ \t]*)```(?P<language>[\w+-]*)(?P<attrs>[^\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
_TITLE = re.compile(r'title="([^"]+)"')
_INCLUDE = re.compile(r'^--8<-- "([^"]+)"$', re.MULTILINE)
_EXIT = re.compile(r"#\s*exit status (\d+)\s*$")
_PROSE_LANGUAGES = {"text"}
_RUNNABLE = {"console", "python", "json", "jsonl", "toml"}


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""

    page: str
    """The page's path under docs/."""
    line: int
    """Line of the opening fence (1-based)."""
    language: str
    """The fence's language."""
    title: str | None
    """The ``title="..."`` attribute: the file the block is written as."""
    body: str
    """The block's text, indentation removed."""
    not_run: str | None
    """The reason given by a ``not-run`` marker, when the block has one."""

    @property
    def where(self) -> str:
        """``page:line``, for messages."""
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    """Every Markdown page of the site."""
    return sorted(DOCS.rglob("*.md"))


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of ``page``, in order."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        indent = match.group("indent")
        body = "".join(line.removeprefix(indent) for line in match.group("body").splitlines(keepends=True))
        body = _INCLUDE.sub(lambda included: (ROOT / included.group(1)).read_text(encoding="utf-8"), body)
        title = _TITLE.search(match.group("attrs"))
        found.append(
            Block(
                page=page.relative_to(DOCS).as_posix() if page.is_relative_to(DOCS) else page.name,
                line=text.count("\n", 0, match.start("indent")) + 1,
                language=match.group("language"),
                title=title.group(1) if title else None,
                body=body,
                not_run=match.group("reason"),
            )
        )
    return found


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def check_output(expected: list[str], actual: str, where: str) -> None:
    """Every expected line appears in ``actual``, in order (``...`` matches anything)."""
    actual_normal = _normal(actual)
    position = 0
    for line in expected:
        wanted = _normal(line)
        if not wanted or wanted == "...":
            continue
        pattern = re.compile("[^\n]*?".join(re.escape(part) for part in wanted.split("...")))
        found = pattern.search(actual_normal, position)
        assert found, f"{where}: the page shows {wanted!r}, which the command did not print:\n{actual}"
        position = found.end()


def _commands(block: Block) -> list[tuple[str, list[str]]]:
    """(command line, output lines shown) of a console block."""
    commands: list[tuple[str, list[str]]] = []
    pending = ""
    for line in block.body.splitlines():
        if pending:
            pending += " " + line.strip()
        elif line.startswith("$ "):
            pending = line[2:].strip()
        else:
            assert commands, f"{block.where}: console output before any command"
            commands[-1][1].append(line)
            continue
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        commands.append((pending, []))
        pending = ""
    return commands


def _run_console(block: Block, directory: Path) -> None:
    for command, shown in _commands(block):
        expected_status = 0
        status_match = _EXIT.search(command)
        if status_match:
            expected_status = int(status_match.group(1))
        words = shlex.split(command, comments=True)
        if words[0] == "mb":
            result = CliRunner().invoke(main, words[1:], catch_exceptions=False)
            status, output = result.exit_code, result.output
        elif words[0] == "python":
            done = subprocess.run(
                [sys.executable, *words[1:]], cwd=directory, capture_output=True, text=True, timeout=300, check=False
            )
            status, output = done.returncode, done.stdout + done.stderr
        else:
            raise AssertionError(f"{block.where}: {command!r} is neither `mb` nor `python`: mark the block not-run")
        assert status == expected_status, f"{block.where}: `{command}` exited {status}:\n{output}"
        check_output(shown, output, f"{block.where}: `{command}`")


def _check_data(block: Block, directory: Path) -> None:
    if block.language == "json":
        value = json.loads(block.body)
        if isinstance(value, dict) and "inputs" in value:
            Example.model_validate(value)
    elif block.language == "jsonl":
        for number, line in enumerate(block.body.splitlines(), 1):
            if line.strip():
                value = json.loads(line)
                assert isinstance(value, dict), f"{block.where}: JSONL line {number} is not an object"
    else:
        tomllib.loads(block.body)
    if block.title:
        (directory / block.title).parent.mkdir(parents=True, exist_ok=True)
        (directory / block.title).write_text(block.body, encoding="utf-8")


def run_page(page: Path, directory: Path) -> list[str]:
    """Run every block of ``page`` in ``directory`` (the current directory); returns what ran, for the test."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    ran = []
    for block in blocks(page):
        if block.not_run is not None or block.language in _PROSE_LANGUAGES:
            continue
        assert block.language in _RUNNABLE, f"{block.where}: a ```{block.language} block must be marked not-run"
        if block.language == "console":
            _run_console(block, directory)
        elif block.language == "python" and block.title:
            (directory / block.title).write_text(block.body, encoding="utf-8")
        elif block.language == "python":
            exec(compile(block.body, block.where, "exec"), namespace)
        else:
            _check_data(block, directory)
        ran.append(f"{block.where} {block.language}")
    return ran
