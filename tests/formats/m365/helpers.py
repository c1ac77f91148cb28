"""Shared helpers of the M365 tests: fixtures on disk, an independent 1.7.0 schema validator."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

FIXTURES = Path(__file__).resolve().parent / "fixtures"
"""Evaluation documents used by the tests (the published examples and a few more)."""


def fixture(name: str) -> Any:
    """The parsed JSON of a fixture document."""
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@cache
def validator() -> Draft202012Validator:
    """A plain jsonschema validator of the 1.7.0 schema shipped in the package (no MorganaBench code involved)."""
    schema = json.loads(files("mb.formats.m365").joinpath("eval-document.schema.v1.7.0.json").read_text("utf-8"))
    return Draft202012Validator(schema)


def assert_valid_1_7(document: Any) -> None:
    """Fail with every schema error when ``document`` is not valid under schema 1.7.0."""
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator().iter_errors(document)]
    assert not errors, "\n".join(errors)
