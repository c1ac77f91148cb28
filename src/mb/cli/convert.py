"""``mb import`` and ``mb export``: move benchmarks and results to and from other tools' formats."""

from __future__ import annotations

import click

from ._lazy import LazyGroup

__all__ = ["export_group", "import_group"]


@click.group(
    "import",
    cls=LazyGroup,
    lazy_commands={
        "m365": ("mb.cli.m365:import_m365", "Import a Microsoft 365 evals.json dataset."),
        "traces": (
            "mb.cli.traces:import_traces",
            "Build an executed benchmark from OpenTelemetry, MLflow or Langfuse traces.",
        ),
    },
)
def import_group() -> None:
    """Convert a dataset from another format into a MorganaBench benchmark (JSONL)."""


@click.group(
    "export",
    cls=LazyGroup,
    lazy_commands={
        "m365": ("mb.cli.m365:export_m365", "Export a benchmark (and results) as a Microsoft 365 evals.json document."),
        "eee": ("mb.cli.eee:export_eee", "Export results as Every Eval Ever aggregate and instance-level records."),
        "mlflow": ("mb.cli.mlflow:export_mlflow", "Log an evaluation as an MLflow run with metrics and a table."),
    },
)
def export_group() -> None:
    """Convert a benchmark or evaluation results into another tool's format."""
