"""Fixtures for the EEE export: the bundled executed benchmark, its evaluation, and the published schemas."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema.validators import validator_for

from tests.conftest import SHARED_SPEC

BUNDLED_SCHEMAS = Path(__file__).resolve().parents[3] / "src" / "mb" / "formats" / "eee" / "schemas"
"""The schema copies shipped inside the package."""

SCHEMA_FILES = {"aggregate": "eval.schema.v{}.json", "instance": "instance_level_eval.schema.v{}.json"}


def published_schema(kind: str, version: str) -> dict[str, Any]:
    """The EEE schema as published in the specification (the packaged copy when the spec is not beside us)."""
    name = SCHEMA_FILES[kind].format(version)
    folder = SHARED_SPEC / "eee" if (SHARED_SPEC / "eee" / name).is_file() else BUNDLED_SCHEMAS
    data: dict[str, Any] = json.loads((folder / name).read_text(encoding="utf-8"))
    return data


def schema_problems(record: Any, kind: str, version: str) -> list[str]:
    """Validation errors of ``record`` against the published schema, with the draft the schema declares."""
    schema = published_schema(kind, version)
    validator = validator_for(schema)(schema)
    return [f"{error.json_path}: {error.message}" for error in validator.iter_errors(record)]


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Every line of a JSONL file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def write_executed(tmp_path: Path) -> Callable[[list[dict[str, Any]]], Path]:
    """Write executed example documents to a JSONL file in the test's directory."""

    def write(documents: list[dict[str, Any]]) -> Path:
        path = tmp_path / "executed.jsonl"
        path.write_text("".join(json.dumps(d) + "\n" for d in documents), encoding="utf-8")
        return path

    return write
