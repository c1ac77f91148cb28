"""``mb eval --backend ray`` with an offline judge: the workers answer the judge questions and compute the metrics,
each worker process building the judge once, and the results and summary are still a local run's byte for byte."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner

import mb.evaluation._blocks as blocks
import mb.judges.local as local_judge
from mb.cli import main

from .generated import executed_lines
from .test_eval import _assert_same_as_local, _eval

pytestmark = pytest.mark.ray


def _on_workers_as_locally(
    executed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *options: str
) -> tuple[bytes, str]:
    """The local judge's results, locally and on Ray: the same, and on Ray the driver never encodes a text (no
    block came back to it)."""
    encoded: list[int] = []
    real = local_judge.get_embedder

    def counted(**settings: Any) -> Any:
        encoded.append(os.getpid())
        return real(**settings)

    monkeypatch.setattr(local_judge, "get_embedder", counted)
    local = _eval(executed, tmp_path / "local.jsonl", "--judge", "local", "--jobs", "1", *options)
    assert encoded  # the local run needed the model: these lines have judge questions
    encoded.clear()
    on_ray = _eval(executed, tmp_path / "ray.jsonl", "--judge", "local", "--backend", "ray", *options)
    assert encoded == []  # not loaded, not used on the driver
    assert on_ray == local
    return local


def test_local_judge_answers_on_the_workers_as_locally(
    ray_cluster: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """300 lines with free-text checks and expected responses, in several blocks: the workers hold the local
    judge, and every byte is a local run's."""
    monkeypatch.setattr(blocks, "BLOCK_LINES", 32)
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(executed_lines(300, seed=21)) + b"\n")
    local = _on_workers_as_locally(executed, tmp_path, monkeypatch)
    rows = [json.loads(line) for line in local[0].splitlines()[1:]]
    judged = [check for row in rows for check in row["checks"] if check["name"] == "expected_response"]
    assert judged
    free_text = [
        parameter
        for row in rows
        for assertion in row["assertions"]
        for parameter in assertion.get("parameters") or []
        if parameter.get("match_as") == "free_text"
    ]
    assert free_text  # free_text parameters, judged by the local judge on the workers, are a local run's

    def loaded() -> tuple[int, list[str]]:
        from mb.evaluation import _blocks

        return os.getpid(), sorted(evaluator.judge.name for evaluator in _blocks._EVALUATORS.values())

    probe = ray_cluster.remote(loaded)
    workers = dict(ray_cluster.get([probe.remote() for _ in range(6)]))
    holding = [pid for pid, names in workers.items() if "local" in names]
    assert holding
    assert os.getpid() not in workers


def test_metrics_with_the_local_judge_score_as_locally(
    ray_cluster: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(blocks, "BLOCK_LINES", 32)
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(executed_lines(200, seed=8)) + b"\n")
    results, _ = _on_workers_as_locally(executed, tmp_path, monkeypatch, "--metrics", "similarity,relevance=4")
    rows = [json.loads(line) for line in results.splitlines()[1:]]
    assert any("similarity" in row["metrics"] for row in rows)


def test_judge_cpus_per_task_is_honoured_or_refused(
    ray_cluster: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(executed_lines(60, seed=2)) + b"\n")
    monkeypatch.setenv("MB_RAY_JUDGE_CPUS", "0.5")
    _assert_same_as_local(executed, tmp_path)
    monkeypatch.setenv("MB_RAY_JUDGE_CPUS", "many")
    result = CliRunner().invoke(main, ["eval", str(executed), "--judge", "lexical", "--backend", "ray", "-q"])
    assert result.exit_code == 2
    assert "MB_RAY_JUDGE_CPUS must be a positive number of CPUs" in result.output
    assert "Traceback" not in result.output
