"""The README's tour runs top to bottom: its shell commands and its Python API snippet, in order, in a fresh
directory.

Every ``sh`` block from "A five-minute tour" to the end of "Python API" is run (the ``mb`` commands in-process
with click's runner), ``# file.py`` Python blocks are written as files, and the other Python blocks are executed.
Nothing is skipped: the tour needs no network and no extra (``--judge auto`` takes whichever offline judge is
installed). ``text`` blocks are sample output, not commands.
"""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb.cli import main

ROOT = Path(__file__).resolve().parents[1]
"""The repository."""

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def tour_blocks(readme: str) -> list[tuple[str, str]]:
    """(language, body) of each fenced block of the tour and the Python API section, in order."""
    start = readme.index("## A five-minute tour")
    end = readme.index("\n## ", readme.index("## Python API"))
    return [(match.group(1), match.group(2)) for match in _FENCE.finditer(readme[start:end])]


def shell_commands(body: str) -> list[list[str]]:
    """The commands of an ``sh`` block: one per line, without a ``$`` prompt or a trailing comment."""
    commands = []
    for line in body.splitlines():
        words = shlex.split(line.removeprefix("$ "), comments=True)
        if words:
            commands.append(words)
    return commands


def test_the_tour_is_found_with_its_commands() -> None:
    blocks = tour_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    languages = [language for language, _ in blocks]
    assert languages.count("sh") >= 4
    assert languages.count("python") == 2
    commands = [words for language, body in blocks if language == "sh" for words in shell_commands(body)]
    assert [words[1] for words in commands if words[0] == "mb"][:4] == ["examples", "examples", "validate", "validate"]
    assert all(words[0] == "mb" for words in commands), "every tour command is an mb command"


@pytest.fixture
def tour_modules_go_away(tmp_path: Path) -> Iterator[None]:
    """The modules the tour writes (its ``my_agent``) are forgotten afterwards; the libraries it loaded stay loaded
    (a C extension such as numpy cannot be loaded twice in one process)."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if str(getattr(sys.modules[name], "__file__", None) or "").startswith(str(tmp_path)):
            del sys.modules[name]


@pytest.mark.slow
@pytest.mark.usefixtures("tour_modules_go_away")
def test_the_tour_runs_top_to_bottom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MB_JUDGE_MODEL", "MB_JUDGE_BASE_URL", "MB_JUDGE_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)  # offline: the tour must not depend on an LLM judge
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    ran = []
    for language, body in tour_blocks((ROOT / "README.md").read_text(encoding="utf-8")):
        first = body.splitlines()[0] if body.strip() else ""
        if language == "python" and re.fullmatch(r"# [\w./-]+\.py", first.strip()):
            (tmp_path / first.strip()[2:]).write_text(body, encoding="utf-8")
        elif language == "python":
            namespace: dict[str, object] = {"__name__": "__tour__"}
            exec(compile(body, "README.md (Python API)", "exec"), namespace)
            ran.append("python")
        elif language == "sh":
            for words in shell_commands(body):
                result = CliRunner().invoke(main, words[1:])
                assert result.exit_code == 0, f"{shlex.join(words)} exited {result.exit_code}:\n{result.output}"
                ran.append(shlex.join(words))
    assert Path("executed.jsonl").stat().st_size > 0
    assert Path("answers.jsonl").stat().st_size > 0
    assert Path("results.jsonl").stat().st_size > 0
    assert Path("bench-v2.jsonl").stat().st_size > 0
    assert Path("executed-v2.jsonl").stat().st_size > 0
    assert ran[-1] == "python"


def test_the_validate_sample_output_is_what_mb_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's ``mb validate bench.jsonl broken.jsonl`` sample, rebuilt: the same lines print the same text."""
    import json

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sample = next(body for language, body in tour_blocks(readme) if "$ mb validate" in body)
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["examples", "--unexecuted", "-o", "bench.jsonl"]).exit_code == 0
    spec_lines = (ROOT / "tests" / "data" / "spec" / "examples-executed.jsonl").read_text(encoding="utf-8")
    examples = [json.loads(line) for line in spec_lines.splitlines()]
    with_call = next(example for example in examples if example["expectations"].get("assertions"))
    with_citations = next(example for example in examples if example["outputs"].get("citations"))
    lines = [json.loads(json.dumps(examples[0])) for _ in range(12)]
    lines[1] = json.loads(json.dumps(with_call))
    regex_group = {"params": ["a", "b"], "matcher": {"match_as": "regex"}}
    lines[1]["expectations"]["assertions"][0]["parameters"][0] = regex_group
    lines[4] = json.loads(json.dumps(with_citations))
    retriever = next(event for event in lines[4]["outputs"]["trace"] if event["event"] == "retriever")
    retriever["outputs"] = retriever["outputs"][:1]
    lines[4]["outputs"]["citations"] = [dict(lines[4]["outputs"]["citations"][0]), {"document_id": "doc_9"}]
    lines[4]["outputs"]["citations"][1].update(span_from=0, span_to=5)
    lines[6]["expectations"]["expected_respone"] = lines[6]["expectations"].pop("expected_response", "Hello.")
    Path("broken.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "bench.jsonl", "broken.jsonl"])
    printed = (result.stdout + result.stderr).splitlines()
    expected = [line for line in sample.splitlines() if not line.startswith("$ ")]
    assert sorted(printed) == sorted(expected)
