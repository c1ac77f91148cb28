"""``mb validate``, ``mb eval`` and ``mb run`` agree on which lines are valid, and none of them raises, whatever
the lines hold: mutations of valid lines (byte flips, truncation, deleted keys, wrong types at every path, lone
surrogates, deep nesting, huge numbers, NaN and Infinity, NUL)."""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mb.cli import main
from mb.evaluation import _blocks as blocks

from .conftest import SPEC
from .io.test_validity import CASES

SEEDS = [line for line in (SPEC / "examples-executed.jsonl").read_text(encoding="utf-8").splitlines() if line]
AGENT = "def agent(messages):\n    return 'ok'\n"


def _mb(*args: str | Path, codes: tuple[int, ...] = (0, 1)) -> Result:
    every_problem = {"MB_GROUP_PROBLEMS": "0"}  # each invalid line printed, so the line numbers can be compared
    result = CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False, env=every_problem)
    assert result.exit_code in codes, result.output
    return result


def _reported(result: Result, path: Path) -> set[int]:
    """The line numbers a command printed a ``FILE:LINE:`` problem for (a warning, say of an unknown key, is none)."""
    problem = rf"^{re.escape(str(path))}:(\d+): (?!warning: )"
    return {int(number) for number in re.findall(problem, result.output, re.MULTILINE)}


@dataclass
class Verdicts:
    """Which lines each command found invalid."""

    validate: set[int]
    validate_executed: set[int]
    run: set[int]
    ran: int
    not_run: int
    evaluated: set[int]
    rows: int


def _verdicts(directory: Path, lines: list[bytes], *eval_options: str) -> Verdicts:
    bench = directory / "bench.jsonl"
    bench.write_bytes(b"".join(line + b"\n" for line in lines))
    agent = directory / "agent.py"
    agent.write_text(AGENT)
    ran, results = directory / "ran.jsonl", directory / "results.jsonl"
    for stale in (ran, results):
        stale.unlink(missing_ok=True)
    run = _mb("run", bench, "-a", f"{agent}:agent", "-o", ran, "-q", "-c", "1")
    evaluation = _mb("eval", bench, "-o", results, "--judge", "lexical", "-q", *eval_options, codes=(0, 1, 2))
    if evaluation.exit_code == 2:  # no line could be evaluated: nothing is written, every line is named invalid
        assert "no line could be evaluated" in evaluation.output
        rows: list[dict[str, Any]] = [{"line": n, "error": "invalid line: "} for n in range(1, len(lines) + 1)]
    else:
        rows = _result_rows(results)
    invalid = {row["line"] for row in rows if (row["error"] or "").startswith("invalid line: ")}
    for row in rows:
        json.dumps(row).encode("utf-8")
    written = ran.read_bytes().splitlines() if ran.exists() else []
    for line in written:
        json.loads(line)
    return Verdicts(
        validate=_reported(_mb("validate", bench, "-q"), bench),
        validate_executed=_reported(_mb("validate", "--executed", bench, "-q"), bench),
        run=_reported(run, bench),
        ran=len(written),
        not_run=sum("inputs" not in json.loads(line) for line in written),
        evaluated=invalid,
        rows=len(rows),
    )


def _check(verdicts: Verdicts, count: int) -> None:
    assert verdicts.run == verdicts.validate
    assert verdicts.ran == count  # an invalid line is written in its place, for `mb eval` to count as an error
    assert verdicts.not_run == len(verdicts.validate)
    assert verdicts.evaluated == verdicts.validate_executed
    assert verdicts.rows == count
    assert verdicts.validate <= verdicts.validate_executed


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_three_commands_agree_on_the_known_cases(tmp_path: Path, jobs: str) -> None:
    lines = [SEEDS[0].encode()]
    for _, line, _, _ in CASES:
        lines += [line.encode(), SEEDS[1].encode()]
    verdicts = _verdicts(tmp_path, lines, "--jobs", jobs)
    _check(verdicts, len(lines))
    assert verdicts.validate == set(range(2, 2 * len(CASES) + 1, 2))


# --- mutations ---------------------------------------------------------------------------------------------------

_RAW = "\x00raw\x00"  # stands for a literal that is not JSON (NaN) or that json.dumps cannot write (1e400)
_WRONG_TYPES: list[Any] = [None, 0, -1, 1.5, "", "x", True, [], {}, [1], {"a": 1}]
_NUMBERS: list[Any] = [2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 10**30, 1e308, -0.0]
_RAW_LITERALS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e999", "1" * 5000]


def _paths(node: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def _replace(document: Any, path: tuple[str | int, ...], value: Any) -> Any:
    if not path:
        return value
    parent = document
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return document


def _nested(levels: int) -> Any:
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


@st.composite
def mutated_lines(draw: st.DrawFn) -> bytes:
    line = draw(st.sampled_from(SEEDS))
    kind = draw(
        st.sampled_from(
            ["none", "flip", "truncate", "delete", "type", "surrogate", "nest", "number", "raw", "nul", "nul-escape"]
        )
    )
    data = line.encode()
    if kind == "flip":
        at = draw(st.integers(0, len(data) - 1))
        return data[:at] + bytes([draw(st.integers(1, 255).filter(lambda b: b != 10 and b != 13))]) + data[at + 1 :]
    if kind == "truncate":
        return data[: draw(st.integers(2, len(data) - 1))]
    if kind == "nul":
        at = draw(st.integers(0, len(data)))
        return data[:at] + b"\x00" + data[at:]
    document = json.loads(line)
    paths = _paths(document)
    path = draw(st.sampled_from(paths))
    raw = None
    if kind == "delete":
        keyed = [p for p in paths if p and isinstance(p[-1], str)]
        path = draw(st.sampled_from(keyed))
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        del parent[path[-1]]
    elif kind == "type":
        document = _replace(document, path, draw(st.sampled_from(_WRONG_TYPES)))
    elif kind == "surrogate":
        texts = [p for p in paths if p and isinstance(p[-1], str)]
        path = draw(st.sampled_from(texts))
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        surrogate = draw(st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff"]))
        if draw(st.booleans()):
            parent[path[-1] + surrogate] = parent.pop(path[-1])
        else:
            parent[path[-1]] = surrogate if not isinstance(parent[path[-1]], str) else parent[path[-1]] + surrogate
    elif kind == "nest":
        document = _replace(document, path, _nested(draw(st.sampled_from([2, 100, 122, 123, 124, 127, 200, 1024]))))
    elif kind == "number":
        document = _replace(document, path, draw(st.sampled_from(_NUMBERS)))
    elif kind == "raw":
        document = _replace(document, path, _RAW)
        raw = draw(st.sampled_from(_RAW_LITERALS))
    elif kind == "nul-escape":
        document = _replace(document, path, "a\x00b")
    text = json.dumps(document)
    if raw is not None:
        text = text.replace(json.dumps(_RAW), raw)
    return text.encode()


@pytest.mark.slow
@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(mutated_lines(), min_size=1, max_size=5))
def test_the_three_commands_agree_on_mutated_lines(tmp_path: Path, lines: list[bytes]) -> None:
    _check(_verdicts(tmp_path, lines), len(lines))


@pytest.mark.parametrize(("jobs", "compress"), [("1", False), ("2", False), ("2", True)])
def test_the_three_commands_agree_on_a_line_over_the_size_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str, compress: bool
) -> None:
    monkeypatch.setenv("MB_MAX_LINE_BYTES", "4096")  # what --max-line-bytes reads when it is not given
    big = SEEDS[0].replace("Who is", "x" * 5000 + " Who is").encode()
    lines = [SEEDS[1].encode(), big, SEEDS[0].encode()]
    verdicts = _verdicts(tmp_path, lines, "--jobs", jobs)
    _check(verdicts, len(lines))
    assert verdicts.validate == {2}
    if compress:  # the same lines, compressed, in small blocks: the long line is skipped while it is read
        monkeypatch.setattr(blocks, "BLOCK_BYTES", 1024)
        data = (tmp_path / "bench.jsonl").read_bytes()
        packed = tmp_path / "packed.jsonl"
        packed.write_bytes(gzip.compress(data))
        results = tmp_path / "packed-results.jsonl"
        _mb("eval", packed, "-o", results, "--judge", "lexical", "-q", "--jobs", jobs)
        rows = _result_rows(results)
        assert [row["line"] for row in rows] == [1, 2, 3]
        assert rows[1]["error"] == (
            f"invalid line: $: line is {len(big)} bytes, over the limit of 4096 (set MB_MAX_LINE_BYTES to raise it)"
        )


def test_the_limit_option_overrides_the_environment_and_a_bad_one_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bench = tmp_path / "bench.jsonl"
    bench.write_text(SEEDS[0] + "\n")
    monkeypatch.setenv("MB_MAX_LINE_BYTES", "100")
    refused = _mb("validate", bench, "-q")
    assert f"{bench}:1: $: line is {len(SEEDS[0].encode())} bytes, over the limit of 100" in refused.output
    assert _mb("validate", bench, "-q", "--max-line-bytes", "1000000").output == ""
    monkeypatch.setenv("MB_MAX_LINE_BYTES", "lots")
    for command in (["validate"], ["eval", "--judge", "lexical"], ["run", "-a", "x.py:f", "-o", tmp_path / "o.jsonl"]):
        result = _mb(*command, bench, codes=(2,))
        named = "MB_MAX_LINE_BYTES (read when --max-line-bytes is not given): 'lots': expected a positive whole number"
        assert named in result.output
        assert "Traceback" not in result.output


def _result_rows(path: Path) -> list[dict[str, Any]]:
    """The result rows of a results file, after its run record."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert "mb_results" in lines[0]
    return lines[1:]
