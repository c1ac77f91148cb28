"""``mb import traces``: an executed benchmark from OpenTelemetry, MLflow or Langfuse traces of a benchmark's run."""

from __future__ import annotations

from pathlib import Path
from typing import cast
from zoneinfo import ZoneInfo

import click
from pydantic import ValidationError
from rich.markup import escape

from .._hashing import example_hash
from ..entities import Example
from ..entities.outputs import place_zone
from ..formats.traces import HASH_ATTRIBUTE, MatchBy, Source, TraceError, build_outputs, match_traces, read_traces
from ..io import (
    JsonlWriter,
    Problem,
    atomic_output,
    dump_line,
    iter_records,
    not_run_record,
    refuse_input_as_output,
)
from ..io._limits import encode_line
from ._console import err_console, fail
from ._files import DashPath, require_file, writing

__all__ = ["import_traces"]

_SHOWN = 20


def _list(kind: str, header: str, items: list[str]) -> None:
    if not items:
        return
    err_console.print(f"[{'red' if kind == 'error' else 'yellow'}]{kind}:[/] {escape(header)}")
    for item in items[:_SHOWN]:
        err_console.print(f"  {escape(item)}")
    if len(items) > _SHOWN:
        err_console.print(f"  ... and {len(items) - _SHOWN} more")


def _unmatched(label: str, carried: str | None, match_by: str, problems: list[str]) -> str:
    if problems:  # what broke the trace may be what hid its key
        return f"{label} (it cannot be read: {'; '.join(problems)})"
    if match_by == "hash" and carried is None:
        return f"{label} (it carries no `{HASH_ATTRIBUTE}`; --match-by auto pairs it by its last user message)"
    if match_by == "auto" and carried is None:
        return f"{label} (it carries no `{HASH_ATTRIBUTE}`, and its last user message is no example's)"
    if carried is not None and match_by != "last-user-message":
        return f"{label} (its `{HASH_ATTRIBUTE}` {carried[:12]} is no example's: was the benchmark edited since?)"
    return label


def _error_line(example: Example, kind: str, reason: str) -> bytes:
    """The line of an example the traces give no outputs for: an error line as `mb run` writes for an agent that
    failed (``outputs.error``), so that `mb eval` counts the example as an error and `mb compare` sees it."""
    data = example.model_dump(mode="json", exclude_none=True, exclude={"outputs"})
    data["outputs"] = {"response": "", "error": {"type": kind, "message": reason, "transient": False}}
    return dump_line({**data, "example_hash": example_hash(example)})


def _zone(_: click.Context, __: click.Parameter, name: str | None) -> ZoneInfo | None:
    zone = None if name is None else place_zone(name)
    if name is not None and zone is None:
        raise click.BadParameter(f"{name!r} is no place of the tz database (such as Europe/Paris or UTC)")
    return zone


@click.command("traces")
@click.argument("traces", type=click.Path(path_type=Path))
@click.option(
    "--from", "source", required=True, type=click.Choice(["otel", "mlflow", "langfuse"]),
    help="The format of TRACES: OTLP JSON (otel), MLflow Trace JSON (mlflow) or a Langfuse export (langfuse).",
)  # fmt: skip
@click.option(
    "--benchmark", required=True, type=click.Path(path_type=Path),
    help="The benchmark (JSONL) whose examples the traces ran.",
)  # fmt: skip
@click.option(
    "--match-by", type=click.Choice(["auto", "hash", "last-user-message"]), default="auto", show_default=True,
    help=f"Pair a trace with an example by the example hash in its `{HASH_ATTRIBUTE}` attribute (span attribute, "
    "trace tag or metadata), or by the last user message it received; auto: by the hash when the trace carries "
    "one, else by its last user message (a message naming several examples is refused as ambiguous).",
)  # fmt: skip
@click.option(
    "-o", "--output", type=DashPath(), default=Path("-"),
    show_default="standard output", help="The executed benchmark (JSONL) to write; .gz compresses it.",
)  # fmt: skip
@click.option(
    "--user-timezone", "zone", metavar="ZONE", callback=_zone,
    help="The user's time zone, an IANA name (Europe/Paris): `environment.user_time` is the trace's start there "
    "(default: UTC, or the offset of a Langfuse timestamp).",
)  # fmt: skip
def import_traces(
    traces: Path, source: str, benchmark: Path, match_by: str, output: Path, zone: ZoneInfo | None
) -> None:
    """Build an executed benchmark from the traces an agent left while running BENCHMARK.

    Each trace matched to an example becomes that example with `outputs`: each tool call the model requested, or a
    tool span ran, becomes a `tool_call` and the span that ran it its `tool_result`, retriever spans `retriever`
    events, the last chat answer the response and the root span's start `environment.user_time` (UTC unless
    --user-timezone; a Langfuse timestamp keeps its offset). Unmatched traces and examples are listed.

    Exit status: 0 when every trace and every example were paired and converted, 1 when some were not (the
    others are written, and each example left without outputs, and each invalid line, as an error line that `mb
    eval` counts as an error), 2 when a file cannot be read, the benchmark holds no valid example or a key is
    ambiguous (nothing is written). A part of TRACES that is no trace (an item of an export that is no object) is
    listed as skipped and changes neither.
    """
    require_file(traces, "TRACES")
    require_file(benchmark, "--benchmark")
    refuse_input_as_output(output, traces, benchmark)
    try:
        found = read_traces(traces, cast(Source, source))
    except OSError as exc:
        raise fail(f"{traces}: cannot read: {exc.strerror or exc}", 2) from exc
    skipped = [f"{trace.where}: {trace.problems[0]}" for trace in found if trace.skipped]
    _list("warning", f"{len(skipped)} part(s) skipped (no trace):", skipped)
    found = [trace for trace in found if not trace.skipped]
    if not found:
        raise fail(f"{traces}: holds no trace; nothing written", 2)
    examples: list[tuple[int, Example]] = []
    invalid: list[str] = []
    lines: dict[int, bytes] = {}  # by benchmark line: written in the benchmark's order
    try:
        for record in iter_records(benchmark):
            if record.example is None:
                invalid.append(str(record.error))
                if record.error is not None:  # written in its place, as `mb run` does
                    lines[record.line] = dump_line(not_run_record(record.error))
            else:
                examples.append((record.line, record.example))
    except OSError as exc:
        raise fail(f"{benchmark}: cannot read: {exc.strerror or exc}", 2) from exc
    if not examples:
        _list("error", f"{len(invalid)} invalid benchmark line(s):", invalid)
        raise fail(f"{benchmark}: holds no valid example; nothing written", 2)
    matching = match_traces(examples, found, cast(MatchBy, match_by))
    if matching.ambiguous:
        _list("error", f"ambiguous matches by {match_by}; nothing written:", matching.ambiguous)
        raise SystemExit(2)
    failed: list[str] = []
    untraced: list[str] = []
    unchecked: list[str] = []
    for line, example, trace in matching.pairs:
        try:
            data = example.model_dump(mode="json", exclude_none=True, exclude={"outputs"})
            expected = data.get("expectations", {})
            unread = [
                f"{name} ({'the line has another value' if name in expected else 'the line has none'})"
                for name, value in trace.expectations.items()
                if expected.get(name) != value
            ]
            if unread := [*unread, *trace.unread]:
                unchecked.append(f"{trace.label}: {', '.join(unread)} (benchmark line {line})")
            unsure: list[str] = []
            # the tools the example names, in inputs.tools and in its assertions: a span so named may hide a call
            named = set(example.inputs.tools or ())
            for assertion in (*example.expectations.assertions, *example.expectations.extended_assertions):
                named.update([getattr(assertion, "tool", None) or "", *getattr(assertion, "tools", ())])
            outputs = build_outputs(trace, example.inputs.tools or (), zone, unsure, named - {""})
            data["outputs"] = outputs.line_data()
            data["example_hash"] = example_hash(example)  # as `mb run` writes it
            encoded = encode_line(Example.model_validate(data).line_data())
            if unsure:
                untraced.append(f"{trace.label}: span(s) {', '.join(map(repr, unsure[:5]))} (benchmark line {line})")
            if not isinstance(encoded, Problem):
                lines[line] = encoded + b"\n"
                continue
            problem = f"{trace.label}: {encoded.path}: {encoded.message}"
        except TraceError as exc:  # its message names the trace
            problem = str(exc)
        except ValidationError as exc:
            problem = f"{trace.label}: not a valid executed example: {exc.errors()[0]['msg']}"
        failed.append(f"{problem} (benchmark line {line})")
        lines[line] = _error_line(example, "TraceNotConverted", failed[-1])
    by_line = dict(examples)
    for line in matching.unmatched_examples:
        lines[line] = _error_line(by_line[line], "TraceMissing", f"no trace in {traces} ({source}) ran this example")
    with writing(output), atomic_output(output) as stream, JsonlWriter(stream) as writer:
        for line in sorted(lines):
            writer.write_lines(lines[line], 1)
    _list("error", f"{len(invalid)} invalid benchmark line(s):", invalid)
    _list("error", f"{len(failed)} trace(s) could not be converted:", failed)
    _list(
        "warning",
        f"{len(matching.unmatched_traces)} trace(s) match no example by {match_by}:",
        [_unmatched(t.label, t.example_hash, match_by, t.problems) for t in matching.unmatched_traces],
    )
    _list(
        "warning",
        f"{len(untraced)} example(s) written without `outputs.trace`: spans not read as calls that may be tool "
        "calls, or that may ask for a call again (checks that no call was made are errors; name the tools in "
        "`inputs.tools`):",
        untraced,
    )
    _list(
        "warning",
        f"{len(unchecked)} trace(s) hold expectations their benchmark line has not (not checked: write them in it):",
        unchecked,
    )
    _list(
        "warning",
        f"{len(matching.unmatched_examples)} example(s) have no trace:",
        [f"{benchmark}:{line}" for line in matching.unmatched_examples],
    )
    errors = len(invalid) + len(failed) + len(matching.unmatched_examples)
    err_console.print(
        f"imported {writer.count - errors} executed example(s) from {len(found)} trace(s)"
        + (f"; {errors} error line(s) in place of those above (`mb eval` counts them as errors)" if errors else "")
        + ("" if str(output) == "-" else f" -> {escape(str(output))}"),
    )
    problems = invalid or failed or matching.unmatched_traces or matching.unmatched_examples
    raise SystemExit(1 if problems else 0)
