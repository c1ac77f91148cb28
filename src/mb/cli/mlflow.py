"""``mb export mlflow``: log a finished evaluation as an MLflow run (metrics, parameters, table, results file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import ResultsFormatError
from ..results_join import JoinMismatch
from ._console import err_console, fail, out_console
from ._files import warn_if_other_run, write_failure_status
from ._params import RESULTS_FILE, check_input_files

__all__ = ["export_mlflow"]

_FILE = click.Path(path_type=Path)  # checked as `mb eval` checks its input (input_file_problem)


@click.command("mlflow")
@click.argument("results", type=_FILE)
@click.option(
    "--tracking-uri",
    envvar="MLFLOW_TRACKING_URI",
    help="Where to log, e.g. sqlite:///mlflow.db or http://localhost:5000 (default: $MLFLOW_TRACKING_URI, "
    "else MLflow's default).",
)
@click.option("--experiment", default="morganabench", show_default=True, help="Experiment (created when missing).")
@click.option("--run-name", help="Name of the run (default: one MLflow makes up).")
@click.option("--executed", type=_FILE, help="The executed benchmark: adds question and response to the table.")
@click.option("--judge", help="The judge the evaluation used, recorded as a parameter (default: read from results).")
@click.option("--artifact-location", help="Artifact location of the experiment, when it has to be created.")
def export_mlflow(results: Path, experiment: str, **options: Any) -> None:
    """Log RESULTS (from `mb eval -o`) as an MLflow run and print its id.

    The run gets the summary metrics (pass rate, counts, pass rates by assertion kind, matcher, check and
    category, each metric's mean and pass rate), parameters (judge, files, counts), the per-example table
    `mb_results.json`, RESULTS itself as an artifact and, with --executed, each example's trace as an MLflow
    trace of the run (its Traces tab). MLflow telemetry is turned off
    (MLFLOW_DISABLE_TELEMETRY, DO_NOT_TRACK) unless you set those variables yourself.

    Read the table back in Python with `mb.formats.mlflow.load_table(RUN_ID)`, which finds the run's experiment
    (`mlflow.load_table` looks in the active experiment only).

    Exit status: 0 on success, 1 when MLflow refuses the run, 2 on bad options, a file that cannot be read, a
    RESULTS file that does not read (cut short, edited, a line that is not a result), or when --executed holds
    other examples than RESULTS scored (joined by example hash).
    """
    check_input_files((results, RESULTS_FILE, "RESULTS"), (options["executed"], "an executed benchmark", "--executed"))
    from ..integrations._mlflow_support import offline_environment, require_mlflow

    offline_environment()
    try:
        require_mlflow()
    except ImportError as exc:
        raise fail(str(exc), 1) from None
    from mlflow.exceptions import MlflowException

    from ..formats.mlflow import log_results

    try:
        run_id = log_results(results, experiment=experiment, **options)
    except (JoinMismatch, ResultsFormatError) as exc:  # results of other examples, or a file that does not read
        raise fail(str(exc), 2) from None
    except OSError as exc:
        raise fail(str(exc), write_failure_status(exc)) from None
    except (ValueError, MlflowException) as exc:
        raise fail(str(exc), 1) from None
    warn_if_other_run(results, options["executed"])
    out_console.print(run_id, markup=False)
    from mlflow.tracking import MlflowClient

    where = MlflowClient(tracking_uri=options["tracking_uri"]).tracking_uri  # MLflow's default is no flag's
    err_console.print(f"logged run {run_id} to experiment {experiment!r} at {where}", markup=False)
