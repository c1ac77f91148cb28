"""The offline judges the pair tables of this folder run on: lexical always, local (loads MiniLM) as a slow test."""

from __future__ import annotations

import pytest

from mb.judges import LexicalJudge, LocalJudge
from mb.judges.base import Judge


@pytest.fixture(scope="module", params=["lexical", pytest.param("local", marks=pytest.mark.slow)])
def judge(request: pytest.FixtureRequest) -> Judge:
    """Each offline judge in turn, built once per module."""
    return LexicalJudge() if request.param == "lexical" else LocalJudge(batch_size=32)
