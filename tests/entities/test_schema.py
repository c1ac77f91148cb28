"""The JSON Schema is the contract for non-Python users: it must equal the published one exactly."""

from __future__ import annotations

import json

import pytest

from mb.entities import Example
from tests.conftest import SHARED_SPEC, SPEC


def test_schema_equals_published_schema() -> None:
    published = json.loads((SPEC / "morganabench.schema.json").read_text(encoding="utf-8"))
    assert Example.model_json_schema() == published


@pytest.mark.parametrize("name", ["morganabench.schema.json", "examples-executed.jsonl", "examples-unexecuted.jsonl"])
def test_spec_copies_match_the_published_spec(name: str) -> None:
    if not (SHARED_SPEC / name).exists():
        pytest.skip("the published specification is not beside this checkout")
    assert (SPEC / name).read_bytes() == (SHARED_SPEC / name).read_bytes()
