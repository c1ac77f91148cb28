"""The README's quick start runs as written, top to bottom, in an empty directory.

Its fenced blocks are taken in order: a block with ``title="NAME"`` (the benchmark) and a ``python`` block whose
first line is ``# NAME.py`` (the agent) are written as those files; each line of an ``sh`` block is an ``mb`` command
run in-process; a ``text`` block is what the command before it printed (``...`` stands for anything); the other
``python`` blocks are executed. The mistake the quick start describes is made too, and its message checked.
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb.cli import main
from tests.docs.snippets import check_output

ROOT = Path(__file__).resolve().parents[1]
"""The repository."""

README = (ROOT / "README.md").read_text(encoding="utf-8")

_FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def quick_start() -> list[tuple[str, str, str]]:
    """(language, info, body) of each fenced block of the quick start, in order."""
    start = README.index("## Quick start")
    end = README.index("\n## ", start + 1)
    return [(match.group(1), match.group(2), match.group(3)) for match in _FENCE.finditer(README[start:end])]


def test_the_readme_is_short_and_gives_the_two_set_up_commands() -> None:
    assert len(README.splitlines()) <= 200
    setup = README[README.index("## Set up in two commands") :]
    assert "make demo" in setup
    assert "make test" in setup


def test_the_quick_start_writes_a_benchmark_and_an_agent_then_runs_every_step() -> None:
    blocks = quick_start()
    titled = [re.search(r'title="([^"]+)"', info) for _, info, _ in blocks]
    assert [match.group(1) for match in titled if match] == ["bench.jsonl"]
    files = [body.splitlines()[0] for language, _, body in blocks if language == "python" and body.startswith("# ")]
    assert files == ["# weather_agent.py"]
    commands = [shlex.split(line)[1] for language, _, body in blocks if language == "sh" for line in body.splitlines()]
    assert commands == ["validate", "run", "eval", "report"]


@pytest.fixture
def written_modules_go_away(tmp_path: Path) -> Iterator[None]:
    """The modules the quick start writes (its agent) are forgotten afterwards."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if str(getattr(sys.modules[name], "__file__", None) or "").startswith(str(tmp_path)):
            del sys.modules[name]


@pytest.mark.usefixtures("written_modules_go_away")
def test_the_quick_start_runs_top_to_bottom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MB_JUDGE_MODEL", "MB_JUDGE_BASE_URL", "MB_JUDGE_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)  # offline: the quick start needs no LLM judge
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    printed = ""
    ran: list[str] = []
    for language, info, body in quick_start():
        title = re.search(r'title="([^"]+)"', info)
        first = body.splitlines()[0] if body.strip() else ""
        if title:
            (tmp_path / title.group(1)).write_text(body, encoding="utf-8")
        elif language == "python" and re.fullmatch(r"# [\w./-]+\.py", first.strip()):
            (tmp_path / first.strip()[2:]).write_text(body, encoding="utf-8")
        elif language == "python":
            exec(compile(body, "README.md (quick start)", "exec"), {"__name__": "__readme__"})
            ran.append("python")
        elif language == "sh":
            for line in body.splitlines():
                words = shlex.split(line, comments=True)
                result = CliRunner().invoke(main, words[1:])
                assert result.exit_code == 0, f"{line} exited {result.exit_code}:\n{result.output}"
                printed = result.output
                ran.append(words[1])
        elif language == "text":
            check_output(body.splitlines(), printed, "README.md quick start")
    assert ran == ["validate", "run", "eval", "report", "python"]
    assert (tmp_path / "report.html").stat().st_size > 0
    results = (tmp_path / "results.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(results) == 3  # the run record and one result per example


def test_the_mistake_the_quick_start_shows_is_what_mb_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    bench = next(body for _, info, body in quick_start() if 'title="bench.jsonl"' in info)
    (tmp_path / "bench.jsonl").write_text(bench.replace('"date_time"', '"datetime"', 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "bench.jsonl"])
    assert result.exit_code == 1
    shown = README[README.index("A mistake gets one line") :].split("`")[1]
    assert " ".join(shown.split()) in " ".join(result.output.split())
