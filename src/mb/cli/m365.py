"""``mb import m365`` and ``mb export m365``: Microsoft 365 evaluation documents to and from benchmarks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NoReturn

import click
from rich.markup import escape

from ..errors import ResultsFormatError
from ..formats.m365 import (
    EVALUATORS,
    Evaluated,
    LoadedDocument,
    M365DocumentError,
    build_document,
    document_units,
    load_document,
    write_document,
)
from ..formats.m365.evalrun import example_evaluators
from ..io import JsonlWriter, atomic_output, iter_records, refuse_input_as_output, source_name
from ..results import ExampleResult
from ..results_format import check_scored_once, is_results_file, read_results_file
from ..results_join import check_join
from ._console import err_console, fail, print_error
from ._files import DashPath, require_file, warn_if_other_run, writing
from ._grouped import GroupedPrinter

__all__ = ["export_m365", "fail_document", "import_m365", "load_or_exit"]


def fail_document(error: M365DocumentError) -> NoReturn:
    """Print every problem of an unusable evaluation document and exit with status 1."""
    for line in str(error).splitlines():
        print_error(line)
    raise SystemExit(1)


def load_or_exit(path: Path) -> LoadedDocument:
    """The evaluation document at ``path``; exits with status 1 when it is not valid, 2 when it cannot be read."""
    try:
        return load_document(path)
    except M365DocumentError as exc:
        fail_document(exc)
    except OSError as exc:
        raise fail(f"{path}: cannot read: {exc.strerror or exc}", 2) from None


@click.command("m365")
@click.argument("document", type=click.Path(path_type=Path))
@click.option(
    "-o", "--output", type=DashPath(), default=Path("-"), show_default="standard output",
    help="The benchmark (JSONL) to write; .gz compresses it.",
)  # fmt: skip
def import_m365(document: Path, output: Path) -> None:
    """Convert a Microsoft 365 evaluation document (evals.json) into a benchmark.

    Reads schema versions 1.0.0 to 1.11.0 (fields newer than 1.7.0, such as tags and allowed_tools, are kept
    in extensions), legacy bare arrays and the {prompts, expected_responses} sample shape (parallel arrays).
    A thread of N turns becomes N examples whose messages hold the earlier turns; evaluators, modes and every
    other field are kept in each example's `m365` object so `mb export m365` gives the document back. `mb eval` does
    not apply the evaluators (it judges the expected_response by its own rules); `mb runevals` on the document does.

    Exit status: 0 on success, 1 when the document is not valid, 2 when it cannot be read or OUTPUT cannot be
    written (or is DOCUMENT itself).
    """
    require_file(document, "DOCUMENT")
    refuse_input_as_output(output, document)
    loaded = load_or_exit(document)
    try:
        units = document_units(loaded)
    except M365DocumentError as exc:
        fail_document(exc)
    with writing(output), atomic_output(output) as stream, JsonlWriter(stream) as writer:
        for unit in units:
            for example in unit:
                writer.write(example)
    threads = sum(1 for item in loaded.document["items"] if "turns" in item)
    origin = (
        "a legacy document"
        if loaded.legacy
        else f"schema {loaded.source_version}"
        if loaded.source_version is not None
        else "a document with no readable schemaVersion"
    )
    err_console.print(
        f"imported {len(units)} item(s) ({threads} thread(s)) from {origin} as {writer.count} example(s)"
        + ("" if str(output) == "-" else f" -> {escape(str(output))}")
    )
    moved = [change for change in loaded.changes if " moved to " in change]
    if moved:
        err_console.print(f"{len(moved)} field(s) of an older schema moved to `extensions`, e.g. {escape(moved[0])}")
    # what becomes of the document's evaluators: kept in the `m365` field, applied by `mb runevals` alone
    found: dict[str, list[str]] = {}  # per evaluator, the options of each example it applies to
    for example in (example for unit in units for example in unit):
        for name, given in example_evaluators(example).items():
            found.setdefault(name, []).append(json.dumps(given, sort_keys=True) if given else "")
    notes = [
        "note: `mb eval` applies none of the document's evaluators: they are kept only in each example's `m365` "
        "field (`mb eval` judges the expected_response, when given, by its own rules)"
    ]
    for name, settings in found.items():
        options = [text if len(text) <= 60 else text[:57] + "..." for text in sorted(set(settings) - {""})]
        shown = f" {', '.join(options[:3])}{', ...' if len(options) > 3 else ''}" if options else ""
        applied = (
            "`mb runevals` applies it"
            if name in EVALUATORS
            else "no MorganaBench counterpart: `mb runevals` reports it as not run"
        )
        notes.append(f"  {name}{shown} on {len(settings)} example(s): not applied by `mb eval`; {applied}")
    for line in notes if found else ():
        err_console.print(line, markup=False, highlight=False)


def _read_results(path: Path) -> dict[int, ExampleResult]:
    """The results of ``path`` by line; exits with status 2 when it is not a results file scoring each line once."""
    try:
        results = read_results_file(path).results
        check_scored_once(results, str(path))
    except ResultsFormatError as exc:
        raise fail(str(exc), 2) from None
    return {result.line: result for result in results}


@click.command("m365")
@click.argument("benchmark", type=DashPath())
@click.option(
    "-o", "--output", type=DashPath(), default=Path("-"), show_default="standard output",
    help="The evaluation document (JSON) to write.",
)  # fmt: skip
@click.option(
    "--results", type=click.Path(path_type=Path), default=None,
    help="Results of `mb eval` on BENCHMARK: adds scores, status and thread summaries.",
)  # fmt: skip
def export_m365(benchmark: Path, output: Path, results: Path | None) -> None:
    """Convert a benchmark (or an executed benchmark) into a Microsoft 365 evaluation document.

    The document validates against schema 1.7.0. Consecutive examples of one thread become one item with
    `turns`; an executed benchmark adds each `response`, and `--results` adds `scores`, `status` and summaries.
    `scores` holds the item's evaluators and what decided MorganaBench's verdict (`toolCalls` for tool-call
    assertions, `checks` for the gating checks, each required metric), each named by its `evaluator` field
    (`morganabench.<metric>`); the metrics reported beside the verdict go in `extensions.morganabench.metrics`, so
    the status follows the verdict. An undecided verdict is an evaluator with no result, never a pass.

    Exit status: 0 on success, 1 when a line is invalid (the others are written) or no document can be built,
    2 when a file cannot be read, --results is not a whole results file (cut short, edited, a line that is not a
    result), OUTPUT cannot be written (or is one of the inputs), or --results scored other examples (joined by
    example hash). A BENCHMARK that holds the same examples but is not the file --results were
    computed from (another run's outputs, as their run record's digest shows) is exported with a warning.
    """
    require_file(benchmark, "BENCHMARK")
    if results is not None:
        require_file(results, "--results")
    refuse_input_as_output(output, benchmark, results)
    if is_results_file(benchmark):
        problem = f"{benchmark} is a results file (written by `mb eval -o`), not a benchmark"
        raise fail(f"{problem}: pass the executed benchmark it scored, and {benchmark} with --results", 2)
    printer = GroupedPrinter(err_console)
    if results is not None:
        warn_if_other_run(results, None if str(benchmark) == "-" else benchmark)
    try:
        by_line = _read_results(results) if results is not None else {}
        evaluated: list[Evaluated] = []
        bad_lines = 0
        for record in iter_records(benchmark):
            if record.example is None:
                bad_lines += 1
                if record.error is not None:
                    printer.error(record.error)
                continue
            result = by_line.get(record.line)
            if result is not None:
                check_join(result, f"{source_name(benchmark)}:{record.line}", record.example)
            evaluated.append(Evaluated(record.example, result, line=record.line))
    except OSError as exc:
        raise fail(f"cannot read: {exc.strerror or exc}", 2) from exc
    printer.close()
    try:
        export = build_document(evaluated, source=source_name(benchmark))
    except M365DocumentError as exc:
        fail_document(exc)
    for message in export.left_out:
        print_error(message)
    with writing(output):
        write_document(export.document, output)
    items = export.document["items"]
    err_console.print(
        f"exported {len(evaluated) - len(export.left_out)} example(s) as {len(items)} item(s)"
        + ("" if str(output) == "-" else f" -> {escape(str(output))}")
        + (f"; {bad_lines + len(export.left_out)} left out" if bad_lines or export.left_out else "")
    )
    if bad_lines or export.left_out:
        raise SystemExit(1)
