"""Shared fixtures: the published spec files (copies kept in tests/data/spec) and small helpers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent / "data"
"""Test data shipped with the tests."""

SPEC = DATA / "spec"
"""Copies of the published specification files (schema and example lines)."""

SHARED_SPEC = Path(__file__).resolve().parents[2] / "shared" / "spec"
"""Where the specification is published beside the repository, when it is."""


def spec_lines(name: str) -> list[dict[str, Any]]:
    """The JSON objects of a spec JSONL file."""
    return [json.loads(line) for line in (SPEC / name).read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture
def executed_examples() -> list[dict[str, Any]]:
    """The published executed example lines."""
    return spec_lines("examples-executed.jsonl")


@pytest.fixture
def unexecuted_examples() -> list[dict[str, Any]]:
    """The published unexecuted example lines."""
    return spec_lines("examples-unexecuted.jsonl")
