"""Executed benchmarks from observability traces: OpenTelemetry (OTLP JSON; GenAI and OpenInference attributes),
MLflow traces and Langfuse exports.

Each source is read into :class:`SourceTrace` objects; :func:`match_traces` pairs them with benchmark examples
and :func:`build_outputs` turns a trace into the example's ``outputs``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from ._common import HASH_ATTRIBUTE, SourceTrace, Step, TraceError, build_outputs
from ._match import MatchBy, Matching, match_traces
from .langfuse import read_langfuse
from .mlflow import read_mlflow
from .otel import read_otel

__all__ = [
    "HASH_ATTRIBUTE",
    "READERS",
    "MatchBy",
    "Matching",
    "Source",
    "SourceTrace",
    "Step",
    "TraceError",
    "build_outputs",
    "match_traces",
    "read_langfuse",
    "read_mlflow",
    "read_otel",
    "read_traces",
]

Source = Literal["otel", "mlflow", "langfuse"]

READERS: dict[str, Callable[[Path], list[SourceTrace]]] = {
    "otel": read_otel,
    "mlflow": read_mlflow,
    "langfuse": read_langfuse,
}
"""The reader of each source."""

_NAMES = {"otel": "OTLP JSON", "mlflow": "MLflow trace", "langfuse": "Langfuse export"}


def read_traces(path: Path, source: Source) -> list[SourceTrace]:
    """The traces of ``path`` read as ``source``; :class:`TraceError` when the file is not of that format."""
    try:
        return READERS[source](path)
    except TraceError:
        raise
    except (AttributeError, KeyError, TypeError, ValueError) as exc:  # a value of the wrong JSON type somewhere
        raise TraceError(f"not a valid {_NAMES[source]} file: {type(exc).__name__}: {exc}", file=str(path)) from exc
