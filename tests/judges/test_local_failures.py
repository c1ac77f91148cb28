"""The local judge records model failures as error verdicts (no model needed)."""

from __future__ import annotations

import anyio
import pytest

from mb.judges import JudgeRequest, JudgeTask, LocalJudge
from mb.judges import local as local_module


def test_a_model_that_cannot_load_gives_error_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(**options: object) -> object:
        raise FileNotFoundError("weights missing")

    monkeypatch.setattr(local_module, "get_embedder", broken)
    requests = [JudgeRequest(JudgeTask.EQUIVALENCE, "a", "b"), JudgeRequest(JudgeTask.SIMILARITY, "c", "d")]
    verdicts = anyio.run(LocalJudge(cache_size=0).judge, requests)
    assert len(verdicts) == 2
    for verdict in verdicts:
        assert verdict.error is not None
        assert "weights missing" in verdict.error
        assert verdict.score == 0.0
        assert not verdict.passed


def test_an_empty_batch_needs_no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    def unexpected(**options: object) -> object:
        raise AssertionError("the model must not load")

    monkeypatch.setattr(local_module, "get_embedder", unexpected)
    judge = LocalJudge()
    assert anyio.run(judge.judge, []) == []
    [verdict] = judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, "", "")])
    assert (verdict.score, verdict.reason, verdict.error) == (1.0, "both texts are empty", None)
