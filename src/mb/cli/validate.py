"""``mb validate``: check every line of benchmark files and report each problem with file, line and field."""

from __future__ import annotations

from pathlib import Path

import click
from rich.markup import escape

from ..io import LineError, source_name
from ..io._validate import Tally, iter_line_errors
from ._console import err_console, out_console
from ._files import DashPath
from ._grouped import SCANNED_BEFORE_USE, GroupedPrinter
from ._params import input_file_problem, max_line_bytes_option

__all__ = ["validate"]


@click.command()
@click.argument("files", nargs=-1, required=True, type=DashPath())
@click.option("--executed", is_flag=True, help="Also require `outputs` on every line (an executed benchmark).")
@click.option(
    "--strict",
    is_flag=True,
    help="Look for unknown keys (such as a misspelt `mach_as`) on every line, not only the first "
    f"{SCANNED_BEFORE_USE:,}, and count them as problems: exit 1 when there are any.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print problems only, no summary.")
@max_line_bytes_option
def validate(files: tuple[Path, ...], executed: bool, strict: bool, quiet: bool, max_line_bytes: int | None) -> None:
    """Check that every line of FILES is a valid example.

    Prints one line per problem as `FILE:LINE: <json path>: <message>`, then a summary; the same problem on
    many lines is shown for the first three and then counted. A key the format does not know (a likely typo)
    is a warning, `FILE:LINE: warning: <json path>: ...`, with the closest known key; keys are looked at on the
    first 10,000 lines of each file (every line with --strict), in the same reading; problems and
    warnings come in line order. Files may be gzip-compressed; `-` reads standard input.

    Exit status: 0 when every line is valid, 1 when any line is invalid (or a file holds no example, or
    with --strict when there is a warning), 2 when a file cannot be read (the other files are still checked).
    """
    read = valid = invalid = warnings = unread = 0
    empty: list[Path] = []
    for path in files:
        problem = input_file_problem(path, "a benchmark")
        tally, file_warnings = Tally(), 0
        try:
            if problem is not None:
                raise OSError(problem)
            printer = GroupedPrinter(out_console)  # each problem of the file, grouped
            try:
                key_lines = None if strict else SCANNED_BEFORE_USE
                for found in iter_line_errors(
                    path, tally, executed=executed, max_line_bytes=max_line_bytes, key_lines=key_lines
                ):
                    if isinstance(found, LineError):
                        printer.error(found)
                    else:
                        printer.warning(found)
                        file_warnings += 1
            except OSError as exc:
                raise OSError(f"{source_name(path)}: cannot read: {exc.strerror or exc}") from exc
            finally:
                printer.close()
        except OSError as exc:  # this file is named as not read; the others are still checked
            err_console.print(f"[red]error[/]: {escape(str(exc))}", highlight=False)
            unread += 1
            continue
        read += tally.valid + tally.invalid
        valid += tally.valid
        invalid += tally.invalid
        warnings += file_warnings
        if tally.valid + tally.invalid == 0:
            empty.append(path)
            out_console.print(f"{source_name(path)}: the file holds no example (it is empty or blank)", markup=False)

    failed = bool(invalid or empty or (strict and warnings))
    if not quiet:
        status = "[green]all valid[/]"
        if invalid or empty or unread:
            status = "[red]invalid[/]"
        elif failed:
            status = "[red]failed[/]"  # every line is valid: the warnings fail it
        err_console.print(
            f"{status}: {read} line(s) read in {len(files) - unread} file(s), {valid} valid, {invalid} invalid"
            + (f", {len(empty)} empty file(s)" if empty else "")
            + (f", {warnings} warning(s)" + (", failures under --strict" if strict else "") if warnings else "")
            + (f", {unread} file(s) not read" if unread else "")
        )
    raise SystemExit(2 if unread else 1 if failed else 0)
