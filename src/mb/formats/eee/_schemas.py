"""The Every Eval Ever JSON Schemas shipped with MorganaBench, and validation against them."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any, Literal

import orjson
from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError
from jsonschema.validators import validator_for

from ...errors import ConfigError, InputError

__all__ = ["DEFAULT_SCHEMA_VERSION", "SCHEMA_VERSIONS", "load_schema", "schema_errors", "validate_record"]

SchemaVersion = Literal["0.2.0", "0.3.0"]
RecordKind = Literal["aggregate", "instance"]

SCHEMA_VERSIONS: tuple[SchemaVersion, ...] = ("0.2.0", "0.3.0")
"""The EEE schema versions MorganaBench writes."""

DEFAULT_SCHEMA_VERSION: SchemaVersion = "0.3.0"
"""The current EEE schema version, written unless another is asked for."""

_FILES: dict[RecordKind, str] = {
    "aggregate": "eval.schema.v{version}.json",
    "instance": "instance_level_eval.schema.v{version}.json",
}


def _check_version(version: str) -> SchemaVersion:
    if version not in SCHEMA_VERSIONS:
        raise ConfigError(f"unknown EEE schema version {version!r} (known: {', '.join(SCHEMA_VERSIONS)})")
    return version


@cache
def load_schema(kind: RecordKind, version: str = DEFAULT_SCHEMA_VERSION) -> dict[str, Any]:
    """The JSON Schema of an aggregate record (``eval.schema``) or of one instance-level line."""
    name = _FILES[kind].format(version=_check_version(version))
    schema: dict[str, Any] = orjson.loads(files(__package__).joinpath("schemas", name).read_bytes())
    return schema


@cache
def _validator(kind: RecordKind, version: str) -> Any:
    schema = load_schema(kind, version)
    return validator_for(schema, default=Draft7Validator)(schema)


def schema_errors(record: Any, kind: RecordKind, version: str = DEFAULT_SCHEMA_VERSION) -> list[str]:
    """Every way ``record`` breaks the schema, as ``$.json.path: message`` strings (empty when valid)."""
    errors: list[ValidationError] = sorted(
        _validator(kind, version).iter_errors(record), key=lambda error: list(map(str, error.absolute_path))
    )
    return [f"{error.json_path}: {error.message}" for error in errors]


def validate_record(record: Any, kind: RecordKind, version: str = DEFAULT_SCHEMA_VERSION) -> None:
    """Raise ``ValueError`` naming every problem when ``record`` does not validate against the schema."""
    problems = schema_errors(record, kind, version)
    if problems:
        label = "aggregate record" if kind == "aggregate" else "instance record"
        raise InputError(f"EEE {version} {label} is invalid: " + "; ".join(problems))
