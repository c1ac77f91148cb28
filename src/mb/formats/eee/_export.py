"""``export_eee``: evaluation results and their executed benchmark as an EEE aggregate record + instance JSONL."""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Literal

import orjson

from ..._version import __version__
from ...errors import ConfigError, InputError
from ...io import atomic_output, write_atomically
from ...results_format import file_digest, read_run_record
from ._inputs import ExecutedIndex, ExecutedSource, ResultsSource, iter_results
from ._instance import InstanceContext, instance_record
from ._paths import layout_directory, split_model_id
from ._results import OVERALL_RESULT_ID, ResultContext, evaluation_results
from ._schemas import DEFAULT_SCHEMA_VERSION, _check_version, validate_record
from ._tally import Tallies

__all__ = ["EeeExport", "EeeMetadata", "export_eee"]

EVAL_LIBRARY = "MorganaBench"
"""The ``eval_library`` name written in every aggregate record."""

Relationship = Literal["first_party", "third_party", "collaborative", "other"]
Deployment = Literal["self_deployed", "externally_managed", "unknown"]
Availability = Literal["open_weights", "closed_weights", "unknown"]


@dataclass(frozen=True)
class EeeMetadata:
    """Who ran the evaluation, of which model, on which dataset: the descriptive fields of the aggregate record."""

    source_organization: str = "unknown"
    """``source_metadata.source_organization_name``: the organization publishing these results."""

    source_organization_url: str | None = None
    """``source_metadata.source_organization_url``."""

    source_name: str = EVAL_LIBRARY
    """``source_metadata.source_name``: the platform the evaluation ran on."""

    evaluator_relationship: Relationship = "third_party"
    """How the evaluator relates to the model's developer."""

    model_name: str | None = None
    """``model_info.name``; the model part of the model id when None."""

    inference_platform: str | None = None
    """``model_info.inference_platform`` (the API provider, e.g. ``openai``, ``bedrock``)."""

    deployment_type: Deployment = "unknown"
    """``model_info.additional_details.deployment_type``."""

    model_availability: Availability = "unknown"
    """``model_info.additional_details.model_availability``."""

    dataset_urls: Sequence[str] = ()
    """Where the benchmark can be downloaded (``source_data`` of type ``url``)."""

    hf_repo: str | None = None
    """The benchmark's Hugging Face dataset repository (``source_data`` of type ``hf_dataset``); wins over URLs."""

    hf_split: str | None = None
    """The Hugging Face split evaluated."""

    judge: str | None = None
    """The judge the evaluation used (``eval_library.additional_details.judge``); default: the metrics' judges."""

    evaluation_timestamp: str | None = None
    """When the evaluation ran (ISO 8601 or a Unix time)."""

    extra_details: dict[str, str] = field(default_factory=dict)
    """More ``source_metadata.additional_details`` (0.3.0), e.g. the run's configuration."""


@dataclass(frozen=True)
class EeeExport:
    """What :func:`export_eee` wrote."""

    aggregate_path: Path
    """The aggregate record, ``<out>/data/<benchmark>/<developer>/<model>/<uuid>.json``."""

    samples_path: Path
    """The instance-level records, ``<uuid>_samples.jsonl`` beside the aggregate."""

    evaluation_id: str
    """The ``evaluation_id`` shared by both files."""

    rows: int
    """Lines written to the samples file (one per example result)."""

    checksum: str
    """SHA-256 of the samples file, as recorded in the aggregate."""

    schema_version: str
    """The EEE schema version both files follow."""

    shared_ids: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """The sample ids that several benchmark lines were written with (the ``sample_id`` or ``id`` their
    examples give), with those lines: the records are written as they are, but the id names no one sample."""

    @property
    def paths(self) -> tuple[Path, Path]:
        """``(aggregate_path, samples_path)``."""
        return self.aggregate_path, self.samples_path


def export_eee(
    results: ResultsSource,
    executed: ExecutedSource,
    *,
    model_id: str,
    out_dir: str | os.PathLike[str],
    schema_version: str = DEFAULT_SCHEMA_VERSION,
    benchmark: str | None = None,
    metadata: EeeMetadata | None = None,
    validate: bool = True,
    retrieved_timestamp: str | None = None,
    file_uuid: str | None = None,
) -> EeeExport:
    """Write evaluation results in the Every Eval Ever layout and return where.

    ``results`` is a results JSONL (``ExampleResult`` per line), a ``RunResult`` or an iterable of results;
    ``executed`` the executed benchmark they scored (a path, an iterable of examples numbered from line 1, or a
    mapping line -> example), joined on ``ExampleResult.line``. ``model_id`` is ``developer/model``. Two files
    are written under ``out_dir``: ``data/<benchmark>/<developer>/<model>/<uuid>.json`` (aggregate) and
    ``<uuid>_samples.jsonl`` (one instance record per result), the aggregate naming the samples file with its
    SHA-256 checksum and row count. With ``validate`` every record is checked against the bundled schema of
    ``schema_version`` (``0.3.0`` or ``0.2.0``) before it is written.

    Raises ``ValueError`` for unusable input (bad model id, unknown version, a result with no executed line, no
    results); nothing is left behind when an export fails.
    """
    _check_version(schema_version)
    info = metadata or EeeMetadata()
    if info.judge is None and isinstance(results, (str, os.PathLike)):  # the judge the run record names
        recorded = read_run_record(results)
        if recorded is not None and recorded.judge.name:
            info = replace(info, judge=recorded.judge.name)
    split_model_id(model_id)
    name = benchmark or _default_benchmark(executed)
    stamp = retrieved_timestamp or repr(time.time())
    results, digest = _results_digest(results)
    evaluation_id = f"{name}/{model_id}/{digest[:32]}"
    relative = layout_directory(name, model_id)
    directory = Path(out_dir) / relative
    # the same results exported again replace their earlier pair of files instead of adding a second one
    file_id = _uuid4(file_uuid) if file_uuid is not None else _exported_before(directory, evaluation_id) or _uuid4(None)
    samples_file = f"{relative}/{file_id}_samples.jsonl"  # what the aggregate's file_path names
    aggregate_path, samples_path = directory / f"{file_id}.json", Path(out_dir) / samples_file
    if (aggregate_path.exists() or samples_path.exists()) and _exported_before(directory, evaluation_id) != file_id:
        raise FileExistsError(f"{aggregate_path} holds another evaluation: it is kept (choose another file uuid)")
    context = InstanceContext(schema_version, evaluation_id, model_id, name, OVERALL_RESULT_ID)
    # the directories created, deepest first, to undo on failure
    created = [path for path in (samples_path.parent, *samples_path.parent.parents) if not path.exists()]
    samples_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with atomic_output(samples_path, compress=False) as stream:
            rows, checksum, tallies, shared = _write_samples(stream, results, executed, context, validate)
            source_data = _source_data(name, info, executed, rows)
            record = _aggregate(schema_version, name, evaluation_id, stamp, info, model_id, tallies, source_data)
            record["detailed_evaluation_results"] = {
                "format": "jsonl",
                "file_path": samples_file,
                "hash_algorithm": "sha256",
                "checksum": checksum,
                "total_rows": rows,
            }
            if validate:
                validate_record(record, "aggregate", schema_version)
        # complete files only take the place of an earlier export's: the samples first, then the record naming them
        write_atomically(aggregate_path, [orjson.dumps(record, option=orjson.OPT_INDENT_2) + b"\n"], compress=False)
    except BaseException:
        for directory in created:
            with contextlib.suppress(OSError):  # not empty: something else was written there meanwhile
                directory.rmdir()
        raise
    return EeeExport(aggregate_path, samples_path, evaluation_id, rows, checksum, schema_version, shared)


def _write_samples(
    stream: IO[bytes], results: ResultsSource, executed: ExecutedSource, context: InstanceContext, validate: bool
) -> tuple[int, str, Tallies, dict[str, tuple[int, ...]]]:
    digest = hashlib.sha256()
    tallies = Tallies()
    index = ExecutedIndex(executed)
    rows = 0
    lines: dict[str, set[int]] = {}
    for result in iter_results(results):
        record = index.joined(result)
        line = instance_record(result, record.example, context, record.document)
        lines.setdefault(line["sample_id"], set()).add(result.line)
        if validate:
            validate_record(line, "instance", context.version)
        data = orjson.dumps(line) + b"\n"
        digest.update(data)
        stream.write(data)
        tallies.add(result)
        rows += 1
    if rows == 0:
        raise InputError("no evaluation results to export")
    shared = {sample: tuple(sorted(found)) for sample, found in lines.items() if len(found) > 1}
    return rows, digest.hexdigest(), tallies, shared


def _results_digest(results: ResultsSource) -> tuple[ResultsSource, str]:
    """The results (materialized when they can only be read once) and a SHA-256 of their content.

    A results file is digested as stored (its run record included); results in memory as their JSON, one per line.
    The same results thus always give the same ``evaluation_id``, whenever they are exported.
    """
    if isinstance(results, (str, os.PathLike)) and str(results) != "-":
        return results, file_digest(results)
    materialized = list(iter_results(results))
    digest = hashlib.sha256()
    for result in materialized:
        digest.update(result.model_dump_json().encode() + b"\n")
    return materialized, digest.hexdigest()


def _exported_before(directory: Path, evaluation_id: str) -> str | None:
    """The file uuid of an aggregate record in ``directory`` that already holds ``evaluation_id``, if any."""
    if not directory.is_dir():
        return None
    for path in sorted(directory.glob("*.json")):
        try:
            record = orjson.loads(path.read_bytes())
        except (OSError, orjson.JSONDecodeError):
            continue
        if isinstance(record, dict) and record.get("evaluation_id") == evaluation_id:
            try:
                return _uuid4(path.stem)
            except ValueError:  # not a file this layout names
                continue
    return None


def _uuid4(value: str | None) -> str:
    if value is None:
        return str(uuid.uuid4())
    try:
        parsed = uuid.UUID(value)
    except ValueError:
        raise ConfigError(f"file uuid {value!r} is not a UUID") from None
    if parsed.version != 4:
        raise ConfigError(f"file uuid {value!r} must be a version 4 UUID")
    return str(parsed)


def _default_benchmark(executed: ExecutedSource) -> str:
    """The executed file's name without ``.gz``/``.jsonl`` suffixes, or ``morganabench`` for in-memory input."""
    if not isinstance(executed, (str, os.PathLike)) or str(executed) == "-":
        return "morganabench"
    name = Path(executed).name
    for suffix in (".gz", ".jsonl", ".json"):
        name = name.removesuffix(suffix)
    return name or "morganabench"


def _source_data(name: str, info: EeeMetadata, executed: ExecutedSource, rows: int) -> dict[str, Any]:
    if info.hf_repo:
        data: dict[str, Any] = {"dataset_name": name, "source_type": "hf_dataset", "hf_repo": info.hf_repo}
        if info.hf_split:
            data["hf_split"] = info.hf_split
        data["samples_number"] = rows
        return data
    if info.dataset_urls:
        return {"dataset_name": name, "source_type": "url", "url": list(info.dataset_urls)}
    details = {"format": "MorganaBench JSONL", "samples": str(rows)}
    if isinstance(executed, (str, os.PathLike)) and str(executed) != "-":
        details["file"] = Path(executed).name
    return {"dataset_name": name, "source_type": "other", "additional_details": details}


def _aggregate(
    version: str,
    name: str,
    evaluation_id: str,
    stamp: str,
    info: EeeMetadata,
    model_id: str,
    tallies: Tallies,
    source_data: dict[str, Any],
) -> dict[str, Any]:
    v3 = version != "0.2.0"
    developer, model = split_model_id(model_id)
    library = {"name": EVAL_LIBRARY, "version": __version__}
    library_details = {"package": "morganabench"}
    judge = info.judge or ", ".join(tallies.judges)
    if judge:
        library_details["judge"] = judge
    record: dict[str, Any] = {"schema_version": version, "evaluation_id": evaluation_id}
    if info.evaluation_timestamp:
        record["evaluation_timestamp"] = info.evaluation_timestamp
    record["retrieved_timestamp"] = stamp
    source: dict[str, Any] = {
        "source_name": info.source_name,
        "source_type": "evaluation_run",
        "source_organization_name": info.source_organization,
        "evaluator_relationship": info.evaluator_relationship,
    }
    if info.source_organization_url:
        source["source_organization_url"] = info.source_organization_url
    if v3 and info.extra_details:
        source["additional_details"] = dict(info.extra_details)
    record["source_metadata"] = source
    if v3:
        record["eval_library"] = {**library, "additional_details": library_details}
    model_info: dict[str, Any] = {"name": info.model_name or model, "id": model_id, "developer": developer}
    if info.inference_platform:
        model_info["inference_platform"] = info.inference_platform
    model_info["additional_details"] = {
        "deployment_type": info.deployment_type,
        "model_availability": info.model_availability,
    }
    record["model_info"] = model_info
    # 0.2.0 has no eval_library: the library is named on each result's generation_config instead.
    generation = None if v3 else {"eval_library": EVAL_LIBRARY, "eval_library_version": __version__, **library_details}
    context = ResultContext(version, name, source_data, generation)
    record["evaluation_results"] = evaluation_results(tallies, context)
    return record
