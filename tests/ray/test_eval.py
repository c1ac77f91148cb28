"""``mb eval --backend ray`` writes the results and summary a local run writes, byte for byte."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

import mb.evaluation._blocks as blocks
import mb.evaluation._workers as workers
from mb.cli import main
from mb.evaluation._blocks import score_block
from tests.conftest import SPEC

from .generated import executed_lines

pytestmark = pytest.mark.ray


def _eval(executed: Path, output: Path, *options: str) -> tuple[bytes, str]:
    """The results file without its run record's times, and the JSON summary printed."""
    result = CliRunner().invoke(
        main, ["eval", str(executed), "-o", str(output), "--judge", "lexical", "-q", "--format", "json", *options]
    )
    assert result.exit_code == 0, result.output
    header, _, rows = output.read_bytes().partition(b"\n")
    record = orjson.loads(header)
    for document in record.values():
        document.pop("started_at")
        document.pop("finished_at")
    return orjson.dumps(record) + b"\n" + rows, result.stdout


def _assert_same_as_local(executed: Path, tmp_path: Path, *options: str) -> bytes:
    local = _eval(executed, tmp_path / "local.jsonl", "--jobs", "1", *options)
    on_ray = _eval(executed, tmp_path / "ray.jsonl", "--backend", "ray", *options)
    assert on_ray[0] == local[0]
    assert on_ray[1] == local[1]
    return local[0]


def test_spec_examples_score_as_locally(ray_cluster: ModuleType, tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    shutil.copy(SPEC / "examples-executed.jsonl", executed)
    results = _assert_same_as_local(executed, tmp_path)
    assert len(results.splitlines()) == 1 + 3


def test_generated_lines_score_as_locally(
    ray_cluster: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2,000 lines in several blocks: date, e-mail, equality, free-text and no-tool checks, agent errors, invalid
    and blank lines; every block is scored by a Ray task (the lexical judge answers on the workers)."""
    marks = tmp_path / "tasks"
    marks.mkdir()

    def spy(spec: Any, name: str, lines: Any) -> Any:
        (marks / f"{os.getpid()}-{lines[0][0]}").touch()  # which process scored which block
        return score_block(spec, name, lines)

    monkeypatch.setattr(workers, "score_block", spy)
    monkeypatch.setattr(blocks, "BLOCK_LINES", 100)  # several blocks, so several tasks
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(executed_lines(2000)) + b"\n")
    results = _assert_same_as_local(executed, tmp_path)
    scored = [path.name.split("-") for path in marks.iterdir()]
    assert len(scored) >= 5
    assert all(int(pid) != os.getpid() for pid, _first in scored)
    rows = [json.loads(line) for line in results.splitlines()[1:]]
    statuses = {row["status"] for row in rows}
    assert {"passed", "failed", "error"} <= statuses
    assert [row["line"] for row in rows] == sorted(row["line"] for row in rows)


def test_a_block_whose_workers_die_is_scored_on_the_driver(
    ray_cluster: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker scoring one block dies every time (Ray retries the task, then gives up): the driver scores that
    block itself, and the results are still a local run's."""
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(executed_lines(600, seed=9)) + b"\n")
    monkeypatch.setattr(blocks, "BLOCK_LINES", 100)
    doomed = list(blocks.blocks_of(executed))[1][0][0]  # the first line of the second block
    attempts = tmp_path / "attempts"
    attempts.mkdir()

    def dying(spec: Any, name: str, lines: Any) -> Any:
        if lines[0][0] == doomed:
            (attempts / str(os.getpid())).touch()
            os._exit(1)
        return score_block(spec, name, lines)

    monkeypatch.setattr(workers, "score_block", dying)
    _assert_same_as_local(executed, tmp_path)
    assert len(list(attempts.iterdir())) == 4  # the first attempt and Ray's three retries, each in a new worker


def test_metrics_asked_for_score_as_locally(ray_cluster: ModuleType, tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(executed_lines(200, seed=3)) + b"\n")
    _assert_same_as_local(executed, tmp_path, "--require", "similarity")


@pytest.mark.slow
def test_blocks_of_the_default_size_score_as_locally(ray_cluster: ModuleType, tmp_path: Path) -> None:
    """5,000 lines, about 2.5 MB: several blocks of the size a real run sends to its tasks."""
    executed = tmp_path / "executed.jsonl"
    lines = executed_lines(5_000, seed=5)
    executed.write_bytes(b"\n".join(lines) + b"\n")
    results = _assert_same_as_local(executed, tmp_path)
    assert len(results.splitlines()) == 1 + sum(1 for line in lines if line)  # the run record, a row per line
