"""A chunk cited by many spans is read once, whatever the number of spans: each span costs its own reading."""

from __future__ import annotations

from typing import Any

import pytest

import mb.judges._overlap as overlap
from mb.judges import get_judge
from mb.judges.base import JudgeRequest, JudgeTask


def test_a_chunk_is_split_into_sentences_once_for_all_the_spans_citing_it(monkeypatch: pytest.MonkeyPatch) -> None:
    sentences = [f"Warehouse {i} shipped {i * 7 + 1000} parcels to Lyon on Tuesday." for i in range(60)]
    chunk = " ".join(sentences)
    split: list[str] = []
    for name in ("sentences", "whole_sentences"):
        real = getattr(overlap, name)

        def counted(text: str, real: Any = real) -> Any:
            split.append(text)
            return real(text)

        monkeypatch.setattr(overlap, name, counted)
    spans = [*sentences, "Warehouse 3 shipped 9999 parcels to Lyon on Tuesday.", "Warehouse 4 shipped parcels to Lyon."]
    verdicts = get_judge("lexical").judge_sync([JudgeRequest(JudgeTask.SUPPORT, s, chunk) for s in spans])
    assert all(verdict.passed for verdict in verdicts[:60])
    assert not verdicts[60].passed  # a number the chunk does not state
    assert "9999" in verdicts[60].reason
    assert not verdicts[61].passed  # a part of a sentence: never supported offline
    assert sum(len(text) > 1000 for text in split) <= 3  # the chunk: a few times in all, not once for each span
