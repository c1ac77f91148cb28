"""A finished evaluation as an MLflow run: summary metrics, parameters, the per-example table and the results file.

MLflow is an optional dependency (the ``mlflow`` extra), imported only when logging.

Reading the table back: in the process that logged the run, ``mlflow.load_table("mb_results.json",
run_ids=[run_id])`` works as it is (the run's experiment becomes the active one); anywhere else
:func:`load_table` finds the run's experiment itself (``mlflow.load_table`` looks in the active experiment only).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import orjson

from .._version import __version__
from ..config import restored_environment
from ..entities import Example
from ..io import source_name
from ..results import ExampleResult, RateStat, Summary
from ..results_format import RunRecord, check_scored_once
from .eee._inputs import ExecutedIndex, ExecutedSource, ResultsSource, iter_results

__all__ = ["DEFAULT_EXPERIMENT", "TABLE_FILE", "load_table", "log_results", "metric_key", "summary_metrics"]

DEFAULT_EXPERIMENT = "morganabench"
"""The experiment runs go to unless another is named."""

TABLE_FILE = "mb_results.json"
"""The run artifact holding the per-example table (``mlflow.load_table`` reads it back)."""

_BATCH = 100
_UNSAFE = re.compile(r"[^\w./\- ]")


def metric_key(*parts: str) -> str:
    """An MLflow metric or parameter name: the parts joined with ``/``, characters MLflow refuses replaced, and so
    are the parts of a path it refuses (empty, ``.``, ``..``: ``a//b`` becomes ``a/_/b``)."""
    path = "/".join(_UNSAFE.sub("_", part) for part in parts).split("/")
    return "/".join(part if part.strip(".") else "_" * max(len(part), 1) for part in path)


def _distinct_keys(prefix: str, names: list[str], split: bool = False) -> dict[str, str]:
    """Each name's key part under ``prefix``: readable (``key=value`` becomes ``key/value`` when ``split``), with a
    short hash of the name appended when two names would otherwise share a metric name."""
    readable = {name: metric_key(*(name.partition("=")[::2] if split and "=" in name else (name,))) for name in names}
    counts = Counter(readable.values())
    taken = {key for key, count in counts.items() if count == 1}
    for name, key in list(readable.items()):
        if counts[key] > 1:
            digest = hashlib.sha256(name.encode()).hexdigest()
            width = 8
            while f"{key}-{digest[:width]}" in taken:
                width += 4
            readable[name] = f"{key}-{digest[:width]}"
            taken.add(readable[name])
    return {name: metric_key(prefix) + "/" + key for name, key in readable.items()}


def summary_metrics(summary: Summary) -> dict[str, float]:
    """The run's metrics: pass rate and counts, then pass rates (and metric means) by assertion kind, matcher,
    check, metric and category.

    A name is kept readable (a category ``key=value`` becomes ``category/key/value/pass_rate``); names that
    would share a metric name once MLflow's refused characters are replaced (``team=a/b`` and ``team/a=b``) get
    a short hash of the name appended, so every slice keeps a metric of its own.
    """
    metrics: dict[str, float] = {
        "pass_rate": summary.pass_rate,
        "examples": float(summary.total),
        "passed": float(summary.passed),
        "failed": float(summary.failed),
        "errors": float(summary.errors),
        "undecided": float(summary.undecided),
    }
    for prefix in ("assertion", "matcher", "check", "metric"):
        stats: dict[str, RateStat] = getattr(summary, f"by_{prefix}")
        keys = _distinct_keys(prefix, list(stats))
        for name, stat in stats.items():
            if stat.mean is not None:  # metrics have a mean value
                metrics[f"{keys[name]}/mean"] = stat.mean
            metrics[f"{keys[name]}/pass_rate"] = stat.rate
            metrics[f"{keys[name]}/count"] = float(stat.total)
            if stat.undecided:
                metrics[f"{keys[name]}/undecided"] = float(stat.undecided)
    keys = _distinct_keys("category", list(summary.by_category), split=True)
    for name, stat in summary.by_category.items():
        metrics[f"{keys[name]}/pass_rate"] = stat.rate
    return {name: value for name, value in metrics.items() if math.isfinite(value)}


def log_results(
    results: ResultsSource,
    *,
    tracking_uri: str | None = None,
    experiment: str | None = None,
    run_name: str | None = None,
    executed: ExecutedSource | None = None,
    judge: str | None = None,
    artifact_location: str | None = None,
    tags: Mapping[str, str] | None = None,
) -> str:
    """Log a finished evaluation as an MLflow run and return the run id.

    ``results`` is a results JSONL (``mb eval -o``), a ``RunResult`` or example results. The run gets the summary
    metrics (:func:`summary_metrics`, plus ``expectations_met`` and each metric's mean), parameters (judge, files,
    counts), the per-example table as ``mb_results.json`` (with the question, response and expected response
    when ``executed`` is given), each executed example's trace as an MLflow trace of the run (with ``executed``)
    and, when ``results`` is a file, that file as an artifact. The experiment is
    created when missing (at ``artifact_location`` when given). MLflow telemetry is disabled unless the
    environment says otherwise.
    """
    from ..evaluation import SummaryBuilder
    from ..integrations._mlflow_support import offline_environment, require_mlflow

    offline_environment()
    require_mlflow()
    from mlflow.entities import Metric, Param, RunTag
    from mlflow.tracking import MlflowClient

    records: list[RunRecord] = []  # the run record names the judge even when no metric carries its name
    collected = list(iter_results(results, records))
    check_scored_once(collected, source_name(results) if isinstance(results, (str, os.PathLike)) else "the results")
    builder = SummaryBuilder()
    for result in collected:
        builder.add(result)
    judges = sorted({m.judge for r in collected for m in r.metrics.values() if m.judge})
    summary = builder.build(judge or (records[0].judge.name if records else "") or ", ".join(judges))
    metrics = summary_metrics(summary)
    if collected:
        metrics["expectations_met"] = sum(r.score for r in collected) / len(collected)
    table = _table(collected, executed)
    params = _params(summary, results, executed, len(collected))

    client = MlflowClient(tracking_uri=tracking_uri)
    name = experiment or DEFAULT_EXPERIMENT
    found = client.get_experiment_by_name(name)
    experiment_id = found.experiment_id if found is not None else client.create_experiment(name, artifact_location)
    run_tags = {"mb.version": __version__, "mlflow.source.name": "mb export mlflow", **(tags or {})}
    run = client.create_run(experiment_id, run_name=run_name, tags=run_tags)
    run_id: str = run.info.run_id
    try:
        stamp = int(run.info.start_time or 0)
        metric_items = [Metric(key, value, stamp, 0) for key, value in metrics.items()]
        param_items = [Param(key, value) for key, value in params.items()]
        tag_items = [RunTag("mb.judge", summary.judge)] if summary.judge else []
        for start in range(0, max(len(metric_items), len(param_items), 1), _BATCH):
            end = start + _BATCH
            client.log_batch(run_id, metrics=metric_items[start:end], params=param_items[start:end], tags=tag_items)
            tag_items = []
        client.log_table(run_id, data=table, artifact_file=TABLE_FILE)
        if executed is not None:
            _log_traces(client, experiment_id, run_id, collected, ExecutedIndex(executed))
        if isinstance(results, (str, os.PathLike)):
            client.log_artifact(run_id, os.fspath(results))
    except BaseException:
        client.set_terminated(run_id, "FAILED")
        raise
    client.set_terminated(run_id, "FINISHED")
    _activate(experiment_id, tracking_uri)
    return run_id


def load_table(run_id: str, *, tracking_uri: str | None = None) -> Any:
    """The per-example table of a run :func:`log_results` logged, as a pandas ``DataFrame`` (with a ``run_id``
    column), wherever the run's experiment is; ``mlflow.load_table`` needs that experiment to be the active one."""
    from ..integrations._mlflow_support import offline_environment, require_mlflow

    offline_environment()
    require_mlflow()
    import mlflow
    from mlflow.tracking import MlflowClient

    client = MlflowClient(tracking_uri=tracking_uri)
    experiment_id = client.get_run(run_id).info.experiment_id
    with _on_store(mlflow, client.tracking_uri):  # MLflow's load_table searches the process's own store
        return client.load_table(experiment_id, TABLE_FILE, run_ids=[run_id], extra_columns=["run_id"])


def _activate(experiment_id: str, tracking_uri: str | None) -> None:
    """Make the run's experiment the active one of this process, so that ``mlflow.load_table`` (which looks in
    the active experiment only) finds the table; left alone when the run went to another tracking store."""
    import mlflow

    if tracking_uri is None or tracking_uri == mlflow.get_tracking_uri():
        with restored_environment("MLFLOW_EXPERIMENT_ID"):  # active here, not passed on to child processes
            mlflow.set_experiment(experiment_id=experiment_id)


def _params(summary: Summary, results: Any, executed: Any, count: int) -> dict[str, str]:
    params = {"judge": summary.judge or "unknown", "examples": str(count), "mb_version": __version__}
    for key, source in (("results_file", results), ("executed_file", executed)):
        if isinstance(source, (str, os.PathLike)):
            params[key] = Path(source).name
    if summary.by_metric:
        params["metrics"] = ",".join(sorted(summary.by_metric))
    return params


def _table(results: list[ExampleResult], executed: ExecutedSource | None) -> dict[str, list[Any]]:
    """One row per example: line, verdict, score, error, failures, categories, each metric's value and, with the
    executed benchmark, the question, response and expected response."""
    metric_names = sorted({name for result in results for name in result.metrics})
    index = ExecutedIndex(executed) if executed is not None else None
    rows: list[dict[str, Any]] = []
    for result in results:
        row: dict[str, Any] = {
            "line": result.line,
            "status": result.status,
            "passed": result.passed,
            "expectations_met": result.score,
            "error": result.error or "",
            "failures": " | ".join(result.failure_reasons()),
            "categories": orjson.dumps(result.categories, option=orjson.OPT_SORT_KEYS).decode(),
        }
        for name in metric_names:
            metric = result.metrics.get(name)
            value = metric.value if metric is not None and metric.status == "ok" else None
            row[name] = value if value is None or math.isfinite(value) else None
        if index is not None:
            row.update(_executed_columns(index.joined(result).example))
        rows.append(row)
    return {key: [row[key] for row in rows] for key in (rows[0] if rows else {})}


def _executed_columns(example: Example | None) -> dict[str, Any]:
    outputs = example.outputs if example is not None else None
    return {
        "question": example.inputs.messages[-1].content if example is not None else "",
        "response": outputs.response if outputs is not None else "",
        "expected_response": (example.expectations.expected_response if example is not None else None) or "",
        "expected_facts": example.expectations.expected_facts if example is not None else [],
        "guidelines": example.expectations.guidelines if example is not None else [],
        "tool_calls": len(outputs.tool_calls()) if outputs is not None else 0,
    }


def _log_traces(client: Any, experiment_id: str, run_id: str, results: list[ExampleResult], index: Any) -> None:
    """One MLflow trace per executed example, linked to the run (its Traces tab): an ``AGENT`` span with the
    messages and the response, a ``TOOL`` span per tool call with its result, a ``RETRIEVER`` span per retrieval,
    and the verdict as ``mb.*`` attributes."""
    import mlflow

    with _on_store(mlflow, client.tracking_uri):
        mlflow.set_experiment(experiment_id=experiment_id)  # start_run refuses a run outside the active experiment
        with mlflow.start_run(run_id=run_id, nested=mlflow.active_run() is not None):
            logged = []
            for result in results:
                example = index.joined(result).example
                if example is not None:
                    logged.append((_log_trace(mlflow, experiment_id, result, example), example))
        flush = getattr(mlflow, "flush_trace_async_logging", None)
        if flush is not None:
            flush()
        # once the traces are stored: the expectations under MLflow's own names, so that MLflow's Correctness and
        # Guidelines judges can read them
        for trace_id, example in logged:
            for name in ("expected_response", "expected_facts", "guidelines"):
                if value := getattr(example.expectations, name):
                    mlflow.log_expectation(trace_id=trace_id, name=name, value=value)


@contextlib.contextmanager
def _on_store(mlflow: Any, target: str) -> Iterator[None]:
    """Point the process's MLflow functions at the ``target`` tracking store for the block, then leave the process's
    MLflow state as it was: the tracking URI (as set, or unset), the active experiment, and the environment
    variables through which ``set_tracking_uri`` and ``set_experiment`` pass them on."""
    from mlflow.tracking import _tracking_service, fluent

    utils = getattr(_tracking_service, "utils", None)
    uri_set = getattr(utils, "_tracking_uri", None)
    active = getattr(fluent, "_active_experiment_id", None)
    with restored_environment("MLFLOW_EXPERIMENT_ID", "MLFLOW_TRACKING_URI"):  # last: the setters below write them
        try:
            if target != mlflow.get_tracking_uri():
                mlflow.set_tracking_uri(target)
            yield
        finally:
            if getattr(utils, "_tracking_uri", None) != uri_set:
                mlflow.set_tracking_uri(uri_set)  # None: back to what the environment and defaults say
            if hasattr(fluent, "_active_experiment_id"):
                fluent._active_experiment_id = active


def _log_trace(mlflow: Any, experiment_id: str, result: ExampleResult, example: Any) -> str:
    """Log the example's trace; its id."""
    document = example.model_dump(mode="json", exclude_none=True)
    attributes: dict[str, Any] = {"mb.line": result.line, "mb.passed": result.passed, "mb.status": result.status}
    if result.example_hash:
        attributes["mb.example_hash"] = result.example_hash
    root = mlflow.start_span_no_context(
        f"example {result.line}",
        span_type="AGENT",
        inputs=document.get("inputs"),
        attributes=attributes,
        experiment_id=experiment_id,
    )
    outputs = document.get("outputs") or {}
    results_by_id = {e["id"]: e.get("result") for e in outputs.get("trace", []) if e.get("event") == "tool_result"}
    for event in outputs.get("trace", []):
        kind = event.get("event")
        if kind == "tool_call":
            span = mlflow.start_span_no_context(
                event["tool"],
                span_type="TOOL",
                parent_span=root,
                inputs=event.get("params"),
                attributes={"mb.tool_call_id": event["id"]},
            )
            span.end(outputs=results_by_id.get(event["id"]))
        elif kind == "retriever":
            span = mlflow.start_span_no_context("retriever", span_type="RETRIEVER", parent_span=root)
            span.end(outputs=event.get("outputs"))
    answer = {"response": outputs.get("response")}
    root.end(outputs={**answer, "error": result.error} if result.error else answer)
    return str(root.trace_id)
