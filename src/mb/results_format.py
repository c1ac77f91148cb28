"""The versioned results file of ``mb eval -o``: a run record on the first line, then one result per input line.

Format 2 (this version): the first line is ``{"mb_results": RUN_RECORD}``, a shape no result line has; every other
line is an :class:`~mb.results.ExampleResult` carrying its ``example_hash``. Format 1 (before versions) has no
run record and no hashes: it still reads, and :func:`migrate_record` describes it as format 1 with what is
unknown left empty.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import math
import os
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

import orjson
from pydantic import Field, ValidationError

from ._model import Model
from ._version import __version__
from .errors import ResultsFormatError
from .io import is_not_run_record, iter_lines, source_name
from .io._errors import not_utf8
from .results import Counts, ExampleResult, TokenUse

__all__ = [
    "HEADER_KEY",
    "RESULTS_FORMAT_VERSION",
    "FileKind",
    "JudgeInfo",
    "MetricInfo",
    "ResultsFile",
    "RunCounts",
    "RunRecord",
    "TokenUse",
    "check_scored_once",
    "data_digest",
    "file_digest",
    "header_line",
    "holds_scored_data",
    "is_results_file",
    "iter_results_file",
    "kind_of_document",
    "kind_of_file",
    "migrate_record",
    "not_the_file_scored",
    "parse_header",
    "read_results_file",
    "read_run_record",
    "require_results",
    "results_file_problem",
]

RESULTS_FORMAT_VERSION = 2
"""The results format this MorganaBench writes."""

HEADER_KEY = "mb_results"
"""The only key of the run record line."""


class JudgeInfo(Model):
    """The judge that decided semantic questions."""

    name: str = ""
    """The judge's name as summaries show it, e.g. ``lexical``, ``local`` or ``llm:gpt-4o-mini``."""

    model: str | None = None
    """The model an LLM judge asked; None for the offline judges."""

    prompt_versions: dict[str, str] = Field(default_factory=dict)
    """The version of each judge prompt by task, for an LLM judge (verdicts change when a prompt does)."""

    served_models: list[str] | None = None
    """The models the LLM judge's endpoint said answered, when one differs from ``model`` (an alias the server
    resolves, such as ``gpt-4o`` answered by ``gpt-4o-2024-08-06``, may move); None when every answer named the model
    asked, none came (cached verdicts), or for the offline judges."""


class MetricInfo(Model):
    """How one metric was computed."""

    version: str
    """The metric's version: the MorganaBench version that implements it."""

    threshold: float | None = None
    """The pass mark used; None when the metric has none."""

    gating: bool = False
    """Whether the metric decided verdicts (``--require``)."""


class RunCounts(Counts):
    """How many result lines of each outcome the file holds."""


class RunRecord(Model):
    """What produced a results file: versions, settings, input, times, counts and token use."""

    results_format: int = RESULTS_FORMAT_VERSION
    """The results format version of the file."""

    mb_version: str | None = __version__
    """The MorganaBench version that wrote the file; None when unknown (format 1)."""

    judge: JudgeInfo = Field(default_factory=JudgeInfo)
    """The judge that decided semantic questions."""

    metrics: dict[str, MetricInfo] = Field(default_factory=dict)
    """The metrics computed, by name (empty when unknown)."""

    requirements: list[str] = []  # noqa: RUF012 (a pydantic field)
    """The ``--require`` specs that made metrics gate verdicts, as given (``relevance=4``)."""

    input_file: str | None = None
    """The executed benchmark evaluated (its path as given); None for standard input or when unknown."""

    input_sha256: str | None = None
    """The sha256 of the evaluated file's data (decompressed, for a gzip file; records of earlier versions hold the
    compressed bytes'); None when it could not be read twice (standard input)."""

    started_at: datetime | None = None
    """When the evaluation started."""

    finished_at: datetime | None = None
    """When the evaluation ended."""

    counts: RunCounts = Field(default_factory=RunCounts)
    """Result lines by outcome."""

    repeats: int | None = None
    """Trials per example when the benchmark was run with ``mb run --repeats``; None for single trials."""

    agent_usage: TokenUse | None = None
    """Tokens the agent spent (``outputs.usage`` summed), when the outputs report them."""

    judge_usage: TokenUse | None = None
    """Tokens the judge spent on its own calls, when it reports them."""

    cost: float | None = None
    """Total cost (agent and judge) when prices are configured for every model that spent tokens."""


def header_line(record: RunRecord) -> bytes:
    """The run record as the first line of a results file."""
    return orjson.dumps({HEADER_KEY: record.model_dump(mode="json")}, option=orjson.OPT_APPEND_NEWLINE)


def parse_header(data: bytes, *, file: str) -> RunRecord | None:
    """The run record of a first line, or None when the line is a result (format 1 has no record).

    Raises :class:`~mb.errors.ResultsFormatError` (``FILE:1: ...``) for a run record that does not read, or one
    from a newer format.
    """
    if HEADER_KEY.encode() not in data:
        return None
    try:
        document = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None  # the result reader reports the line
    if not isinstance(document, dict) or HEADER_KEY not in document:
        return None
    body = document[HEADER_KEY]
    version = body.get("results_format") if isinstance(body, dict) else None
    if not isinstance(version, int):
        raise ResultsFormatError("the run record has no results_format version", file=file, line=1)
    if version > RESULTS_FORMAT_VERSION:
        raise ResultsFormatError(
            f"results format {version} is newer than this MorganaBench reads ({RESULTS_FORMAT_VERSION}); "
            "upgrade MorganaBench",
            file=file,
            line=1,
        )
    try:
        return RunRecord.model_validate(body)
    except ValidationError as exc:
        raise ResultsFormatError(f"the run record does not read ({_first_problem(exc)})", file=file, line=1) from None


def migrate_record(name: str | None = None) -> RunRecord:
    """The run record of a format-1 file (written before results carried one): only the format is known."""
    return RunRecord(results_format=1, mb_version=None, input_file=name)


def file_digest(path: str | os.PathLike[str]) -> str:
    """The sha256 of a file's bytes (as stored: a ``.gz`` file's compressed bytes)."""
    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def data_digest(path: str | os.PathLike[str]) -> str:
    """The sha256 of the data a file holds: a gzip file's decompressed bytes, another file's bytes (a run record's
    ``input_sha256``, the same for a file and its compressed copy)."""
    with open(path, "rb") as file:
        if file.peek(2)[:2] != b"\x1f\x8b":
            return hashlib.file_digest(file, "sha256").hexdigest()
        try:
            with gzip.GzipFile(fileobj=file, mode="rb") as data:
                return hashlib.file_digest(data, "sha256").hexdigest()
        except (EOFError, zlib.error) as exc:  # cut short or damaged: the file cannot be read
            raise gzip.BadGzipFile(f"{os.fspath(path)}: not a complete gzip file ({exc})") from exc


@dataclass
class ResultsFile:
    """A results file read whole: its run record and its results in file order."""

    record: RunRecord
    """The run record (a migrated one for format 1)."""

    results: list[ExampleResult] = field(default_factory=list)
    """The result lines."""

    name: str = ""
    """The file's name in messages."""


def _first_problem(exc: ValidationError) -> str:
    """``path: message`` of the first problem pydantic found (the message alone at the top level)."""
    problem = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in problem["loc"])
    return f"{where}: {problem['msg']}" if where else problem["msg"]


_RESULTS_INSTEAD = "pass the results file `mb eval EXECUTED -o results.jsonl` writes"
_PRETTY_JSON_BYTES = 64 << 20
"""A file whose first line is not a JSON document is read whole, up to this size, to tell what it is."""


@dataclass(frozen=True)
class FileKind:
    """What a file is, told from its first document, for commands given a file of another kind."""

    kind: str
    """``benchmark``, ``executed``, ``results``, ``m365-dataset``, ``m365-output``, ``eee`` or ``unknown``."""

    description: str
    """The kind in words, e.g. ``a benchmark (its lines have inputs and expectations, no outputs)``."""

    results_format: int | None = None
    """The results format of a results file (1: written before files carried a run record)."""

    def not_results(self, name: str) -> str:
        """The message for a command that reads results files and was given this file."""
        steps = {
            "benchmark": "run an agent over it (`mb run FILE --agent MODULE:ATTR -o executed.jsonl`), score the "
            "executed benchmark (`mb eval executed.jsonl -o results.jsonl`), then pass results.jsonl",
            "executed": "score it first (`mb eval FILE -o results.jsonl`), then pass results.jsonl (the commands "
            "that also read the executed benchmark, `mb report` and `mb export`, take it with --executed)",
            "m365-dataset": "`mb runevals --prompts-file FILE` runs and reports it; `mb import m365` turns it into a "
            "benchmark",
            "m365-output": "it is the report of `mb runevals` (`-o report.html` writes it as a page); `mb import m365` "
            "turns its items into a benchmark",
        }
        instead = steps.get(self.kind, _RESULTS_INSTEAD).replace("FILE", name)
        return f"{name} is {self.description}, not evaluation results: {instead}"


def kind_of_document(document: object) -> FileKind:
    """The kind of file whose first document (a JSONL file's first line, a JSON file's content) is ``document``."""
    if isinstance(document, list):
        if document and all(isinstance(item, dict) and "prompt" in item for item in document):
            return FileKind("m365-dataset", "a Microsoft 365 Copilot evaluations dataset (a legacy prompts array)")
        return FileKind("unknown", "a JSON array")
    if not isinstance(document, dict):
        return FileKind("unknown", "not a JSON object")
    if HEADER_KEY in document:
        body = document[HEADER_KEY]
        version = body.get("results_format") if isinstance(body, dict) else None
        number = version if isinstance(version, int) else None
        return FileKind("results", f"a results file of format {number or 'unknown'}", number)
    if "line" in document and ("passed" in document or "status" in document):
        return FileKind("results", "a results file of format 1 (no run record)", 1)
    if is_not_run_record(document):  # what `mb run` writes in place of an invalid benchmark line
        return FileKind(
            "executed", "an executed benchmark (written by `mb run`; its first line stands for an invalid line)"
        )
    if "inputs" in document:
        if "outputs" in document:
            return FileKind("executed", "an executed benchmark (its lines have inputs, expectations and outputs)")
        return FileKind("benchmark", "a benchmark (its lines have inputs and expectations, no outputs)")
    if "schemaVersion" in document or isinstance(document.get("items"), list):
        items = document.get("items")
        entries = [item for item in (items if isinstance(items, list) else []) if isinstance(item, dict)]
        entries += [turn for item in entries if isinstance(item.get("turns"), list) for turn in item["turns"]]
        if any(isinstance(entry, dict) and ("scores" in entry or "status" in entry) for entry in entries):
            return FileKind("m365-output", "an output document of Microsoft 365 Copilot evaluations (runevals)")
        return FileKind("m365-dataset", "a Microsoft 365 Copilot evaluations dataset (evals.json)")
    if "evaluation_id" in document and "schema_version" in document:
        return FileKind("eee", "an Every Eval Ever record")
    return FileKind("unknown", "a file of unknown kind")


def kind_of_file(path: str | os.PathLike[str]) -> FileKind:
    """The kind of file ``path`` is, from its first non-blank line (or, when that line is not a JSON document, the
    whole file read as one). Raises ``OSError`` when it cannot be read."""
    lines = iter_lines(path)
    first = next(lines, None)
    if first is None:
        return FileKind("unknown", "an empty file")
    with contextlib.suppress(orjson.JSONDecodeError):
        return kind_of_document(orjson.loads(first[1]))
    parts, size = [first[1]], len(first[1])
    for _, data in lines:
        size += len(data)
        if size > _PRETTY_JSON_BYTES:
            break
        parts.append(data)
    else:
        with contextlib.suppress(orjson.JSONDecodeError):
            return kind_of_document(orjson.loads(b"\n".join(parts)))
    return FileKind("unknown", "not JSON lines")


def is_results_file(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` begins with the run record of a results file (``mb eval -o``)."""
    if os.fspath(path) == "-" or not os.path.isfile(path):
        return False
    with contextlib.suppress(OSError, ValueError):  # the first line as every reader reads it: gunzipped, no BOM
        return next(iter_lines(path), (0, b""))[1].lstrip(b" \t").startswith(b'{"mb_results"')
    return False


def results_file_problem(path: str | os.PathLike[str], expected: str) -> str | None:
    """``a results file (written by `mb eval -o`), not EXPECTED`` when ``path`` is one, else None: what ``mb
    eval``, ``mb validate`` and :func:`mb.evaluate` say of it when given one."""
    if not is_results_file(path):
        return None
    return f"a results file (written by `mb eval -o`), not {expected}"


def require_results(path: str | os.PathLike[str], name: str, first: bytes) -> None:
    """Raise :class:`~mb.errors.ResultsFormatError` naming what the file is when its first line (not a run record)
    shows it is a file of another known kind than results; a line of no known kind is left to the result reader's
    line error."""
    try:
        kind = kind_of_document(orjson.loads(first))
    except orjson.JSONDecodeError:
        kind = kind_of_file(path)
    if kind.kind not in ("results", "unknown"):
        error = ResultsFormatError(kind.not_results(name))
        error.file = name
        raise error


def iter_results_file(path: str | os.PathLike[str], record: list[RunRecord] | None = None) -> Iterator[ExampleResult]:
    """The results of a results file of any format, in order; the run record (migrated for format 1) is appended
    to ``record`` when given. Raises :class:`~mb.errors.ResultsFormatError` naming ``FILE:LINE`` for a line that
    is not a result, naming what the file is when it is another kind of file (a benchmark, an evaluations
    dataset...), and, once read, when the file holds fewer or more results than its run record counts (cut short)."""
    name = source_name(path)
    first = True
    header: RunRecord | None = None
    outcomes: Counter[str] = Counter()
    for number, data in iter_lines(path):
        if first:
            first = False
            header = parse_header(data, file=name)
            if record is not None:
                record.append(header if header is not None else migrate_record(name))
            if header is not None:
                continue
            require_results(path, name, data)
        try:
            result = ExampleResult.model_validate_json(data)
        except ValidationError as exc:
            try:
                data.decode("utf-8")
            except UnicodeDecodeError as undecodable:
                raise ResultsFormatError(f"the line is {not_utf8(undecodable)}", file=name, line=number) from None
            problem = f"not an evaluation result ({_first_problem(exc)})"
            raise ResultsFormatError(problem, file=name, line=number) from None
        if "status" not in result.model_fields_set:  # written before lines carried it: ``error`` and ``passed`` tell
            result.status = "error" if result.error is not None else "passed" if result.passed else "failed"
        elif result.passed and result.status != "passed":  # a reader going by ``passed`` would count a pass
            problem = (
                f"passed is true but its status is {result.status}: the line was edited or written by another tool"
            )
            raise ResultsFormatError(problem, file=name, line=number)
        elif result.passed and (failures := result.failure_reasons()):  # an assertion or gating check that failed
            problem = f"passed is true but not every verdict passed ({failures[0]}): the line was edited"
            raise ResultsFormatError(problem, file=name, line=number)
        if unlike := _value_no_metric_gives(result):
            raise ResultsFormatError(unlike, file=name, line=number)
        outcomes[result.status] += 1
        yield result
    if first and record is not None:
        record.append(migrate_record(name))
    read = outcomes.total()
    if read and header is not None and "counts" in header.model_fields_set:
        said = header.counts
        if said.total != read:
            raise ResultsFormatError(
                f"the run record counts {said.total} result(s) but the file holds {read}: it was cut short or "
                "edited; evaluate the executed benchmark again",
                file=name,
            )
        found = (outcomes["passed"], outcomes["failed"], outcomes["error"], outcomes["undecided"])
        if (said.passed, said.failed, said.errors, said.undecided) != found:
            raise ResultsFormatError(
                f"the run record counts {said.passed} passed, {said.failed} failed, {said.errors} error(s), "
                f"{said.undecided} undecided but the file holds {found[0]}, {found[1]}, {found[2]}, {found[3]}: it "
                "was edited; evaluate the executed benchmark again",
                file=name,
            )


def _value_no_metric_gives(result: ExampleResult) -> str | None:
    """Why a metric's value cannot be one it computed: not a finite number, or outside a built-in metric's scale (a
    metric of one's own may give values beside the scale it declares: its results are read back all the same)."""
    from .metrics import METRIC_NAMES, METRICS

    for name, metric in result.metrics.items():
        value, known = metric.value, METRICS.get(name) if name in METRIC_NAMES else None
        low, high = known.scale if known is not None else (-math.inf, math.inf)
        if value is not None and not low <= value <= (math.inf if high is None else high):
            scale = f"at least {low:g}" if high is None else f"{low:g} to {high:g}"
            scale = "a finite number" if known is None else scale
            return f"$.metrics.{name}.value: {value} is outside the metric's scale ({scale}): the line was edited"
    return None


def read_run_record(path: str | os.PathLike[str]) -> RunRecord | None:
    """The run record of a results file (its first line), or None when it has none (format 1, or empty)."""
    for _, data in iter_lines(path):
        return parse_header(data, file=source_name(path))
    return None


def holds_scored_data(path: str | os.PathLike[str], input_sha256: str) -> bool:
    """Whether ``path`` holds the data a run record's ``input_sha256`` was computed from: its data (the same file
    compressed or not), or its bytes as stored (what records of earlier versions hold for a gzip file)."""
    if file_digest(path) == input_sha256:
        return True
    try:
        return data_digest(path) == input_sha256
    except gzip.BadGzipFile:
        return False


def not_the_file_scored(name: str, record: RunRecord | None, executed: str | os.PathLike[str]) -> str | None:
    """A warning when ``executed`` is not the file the run record ``record`` of results ``name`` was computed from
    (its digest differs): it may hold the same examples with another run's outputs, which a join by example hash
    cannot tell. None when it is that file (compressed or not), or the record has no digest."""
    if record is None or not record.input_sha256 or holds_scored_data(executed, record.input_sha256):
        return None
    return (
        f"{name}: {source_name(executed)} is not the file these results were computed from (its digest differs "
        "from the run record's): its responses and traces may not be the ones judged"
    )


def read_results_file(path: str | os.PathLike[str]) -> ResultsFile:
    """Read a results file whole (see :func:`iter_results_file`)."""
    records: list[RunRecord] = []
    results = list(iter_results_file(path, records))
    return ResultsFile(records[0], results, source_name(path))


def check_scored_once(results: list[ExampleResult], name: str) -> None:
    """:class:`~mb.errors.ResultsFormatError` (a ``ValueError``) naming ``name`` when ``results`` is empty, or
    scores a line twice in the same trial (it would count twice in every figure)."""
    if not results:
        raise ResultsFormatError("no evaluation result to export", file=name)
    seen: set[tuple[int, int | None]] = set()
    for result in results:
        key = (result.line, result.repeat)
        if key in seen:
            trial = f" (trial {result.repeat})" if result.repeat is not None else ""
            raise ResultsFormatError(
                f"line {result.line}{trial} is scored twice; each line is scored once per trial", file=name
            )
        seen.add(key)
