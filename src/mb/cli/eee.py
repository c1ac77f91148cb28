"""``mb export eee``: evaluation results as Every Eval Ever aggregate and instance-level records."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from ..errors import ResultsFormatError
from ..results_join import JoinMismatch
from ._console import err_console, fail, out_console
from ._files import warn_if_other_run, write_failure_status
from ._params import RESULTS_FILE, check_input_files

__all__ = ["export_eee"]

_FILE = click.Path(path_type=Path)  # checked as `mb eval` checks its input (input_file_problem)
_SHOWN = 10
"""The shared sample ids named on stderr (and lines named for each); the rest are counted."""


@click.command("eee")
@click.argument("results", type=_FILE)
@click.option(
    "--executed",
    type=_FILE,
    required=True,
    help="The executed benchmark the results score (joined on line, checked by example hash).",
)
@click.option("--model-id", required=True, help="The model evaluated, as ORG/MODEL (e.g. openai/gpt-4o-mini).")
@click.option(
    "--out-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=".",
    show_default=True,
    help="Root of the EEE layout: files go to OUT_DIR/data/<benchmark>/<org>/<model>/.",
)
@click.option(
    "--schema-version", type=click.Choice(["0.3.0", "0.2.0"]), default="0.3.0", show_default=True,
    help="EEE schema version to write.",
)  # fmt: skip
@click.option("--benchmark", help="Benchmark (evaluation) name; default: the executed file's name.")
@click.option(
    "--source-org",
    "source_organization",
    default="unknown",
    show_default=True,
    help="Organization publishing the results.",
)
@click.option("--source-org-url", "source_organization_url", help="URL of that organization.")
@click.option("--source-name", default="MorganaBench", show_default=True, help="Platform the evaluation ran on.")
@click.option(
    "--evaluator-relationship",
    type=click.Choice(["first_party", "third_party", "collaborative", "other"]),
    default="third_party",
    show_default=True,
    help="How the evaluator relates to the model's developer.",
)
@click.option("--model-name", help="Display name of the model; default: the part of --model-id after the '/'.")
@click.option("--inference-platform", help="API provider that served the model (e.g. openai, bedrock).")
@click.option(
    "--deployment-type",
    type=click.Choice(["self_deployed", "externally_managed", "unknown"]),
    default="unknown",
    show_default=True,
    help="Who ran the model: you (self_deployed) or a provider's API (externally_managed).",
)
@click.option(
    "--model-availability",
    type=click.Choice(["open_weights", "closed_weights", "unknown"]),
    default="unknown",
    show_default=True,
    help="Whether the model's weights are published.",
)
@click.option(
    "--dataset-url", "dataset_urls", multiple=True, help="Where the benchmark can be downloaded (repeatable)."
)
@click.option("--hf-repo", help="The benchmark's Hugging Face dataset repository.")
@click.option("--hf-split", help="The Hugging Face split evaluated.")
@click.option("--judge", help="The judge the evaluation used, recorded as metadata (default: read from results).")
@click.option(
    "--validate/--no-validate",
    default=True,
    show_default=True,
    help="Check every record against the bundled EEE schema before writing it.",
)
def export_eee(
    results: Path,
    executed: Path,
    model_id: str,
    out_dir: Path,
    schema_version: str,
    benchmark: str | None,
    validate: bool,
    **metadata: Any,
) -> None:
    """Export RESULTS (from `mb eval -o`) in the Every Eval Ever layout.

    Writes OUT_DIR/data/<benchmark>/<org>/<model>/<uuid>.json (the aggregate record: pass rates overall, by
    assertion kind, matcher, check and category, and every metric) and <uuid>_samples.jsonl (one instance
    record per example: conversation, tool calls and results, verdict, token usage, latency), the aggregate
    naming the samples file with its SHA-256 checksum and row count. Prints both paths.

    Exit status: 0 on success, 1 when the inputs cannot be exported (a result without its executed line) or the
    disk fills up, 2 on bad options, a RESULTS file that does not read (cut short, edited, a line that is not a
    result), a benchmark or model name that is not a portable directory name (a Windows device name such as CON
    or aux.v1, or a trailing dot), an OUT_DIR that cannot be written or results of other examples (joined by
    example hash).
    """
    check_input_files((results, RESULTS_FILE, "RESULTS"), (executed, "an executed benchmark", "--executed"))
    from ..formats.eee import EeeMetadata
    from ..formats.eee import export_eee as run_export
    from ..formats.eee._paths import UnportableName, split_model_id
    from ..results_format import read_run_record

    try:
        split_model_id(model_id)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--model-id") from None
    try:  # when the evaluation finished, as its run record says (a copied file has a new modification time)
        recorded = read_run_record(results)
    except (OSError, ValueError):
        recorded = None  # the export below says what is wrong with the file
    when = recorded.finished_at if recorded is not None else None
    finished = (when.astimezone(UTC) if when else datetime.fromtimestamp(results.stat().st_mtime, tz=UTC)).isoformat()
    info = EeeMetadata(**metadata, evaluation_timestamp=finished)
    try:
        written = run_export(
            results,
            executed,
            model_id=model_id,
            out_dir=out_dir,
            schema_version=schema_version,
            benchmark=benchmark,
            metadata=info,
            validate=validate,
        )
    except UnportableName as exc:
        hint = "--benchmark" if str(exc).startswith("benchmark") else "--model-id"
        raise fail(f"{exc}; choose another {hint}", 2) from None
    except (JoinMismatch, ResultsFormatError) as exc:  # results of other examples, or a file that does not read
        raise fail(str(exc), 2) from None
    except ValueError as exc:
        raise fail(str(exc), 1) from None
    except OSError as exc:
        raise fail(f"cannot write to {out_dir}: {exc.strerror or exc}", write_failure_status(exc)) from None
    warn_if_other_run(results, executed)
    shared = list(written.shared_ids.items())
    for sample_id, lines in shared[:_SHOWN]:
        shown = ", ".join(map(str, lines[:_SHOWN])) + (
            f" and {len(lines) - _SHOWN} more" if len(lines) > _SHOWN else ""
        )
        err_console.print(
            f"warning: sample_id {sample_id!r} is written for several examples (lines {shown})", markup=False
        )
    if len(shared) > _SHOWN:
        err_console.print(f"warning: ... and {len(shared) - _SHOWN} more shared sample_id(s)", markup=False)
    out_console.print(str(written.aggregate_path), markup=False)
    out_console.print(str(written.samples_path), markup=False)
    err_console.print(
        f"wrote EEE {written.schema_version}: {written.rows} instance record(s), evaluation_id {written.evaluation_id}",
        markup=False,
    )
