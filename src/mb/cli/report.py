"""``mb report``: the evaluation results as one self-contained HTML page; ``mb view``: the same page served locally."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click

from ..io import refuse_input_as_output, write_atomically
from ._console import err_console, fail
from ._files import overwrite_option, refuse_replacing, require_file, writing

__all__ = ["report", "view"]


def _build(results: tuple[Path, ...], executed: tuple[Path, ...], embed: str, title: str | None) -> Iterator[bytes]:
    """The page in pieces (the files read first)."""
    from ..reports.html import report_chunks

    for path in results:
        require_file(path, "RESULTS")
    for path in executed:
        require_file(path, "--executed")
    if len(executed) > len(results):
        raise click.BadParameter(
            f"{len(executed)} executed benchmark(s) for {len(results)} results file(s)", param_hint="--executed"
        )
    try:
        return report_chunks(
            [str(path) for path in results],
            executed=[str(path) for path in executed],
            embedding=None if embed == "auto" else "gzip" if embed == "gzip" else "json",
            title=title,
            warn=lambda message: err_console.print(f"warning: {message}", markup=False),
        )
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        raise fail(f"cannot read {where}{exc.strerror or exc}", 2) from None


_embed_option = click.option(
    "--embed",
    type=click.Choice(["auto", "json", "gzip"]),
    default="auto",
    show_default=True,
    help="How the data is stored in the page: plain JSON, or gzip+base64 (smaller; inflated by the browser). "
    "auto: gzip when the drill-down data exceeds 4 MiB.",
)
_executed_option = click.option(
    "--executed",
    multiple=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="The executed benchmark of each RESULTS file, in order (repeatable), for the drill-down's conversation, trace "
    "and response. By default the file named in each run record is used when it is still there unchanged; a file "
    "holding other examples is refused, and one that differs from the file evaluated (another run) is warned about.",
)
_title_option = click.option("--title", help="The page title (default: the results files' names).")


@click.command("report")
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="The HTML file to write (replaced only when complete); - for standard output.",
)
@_executed_option
@_embed_option
@_title_option
@overwrite_option
def report(
    results: tuple[Path, ...], output: Path, executed: tuple[Path, ...], embed: str, title: str | None, overwrite: bool
) -> None:
    """Write the results of `mb eval -o` as one self-contained HTML page (RESULTS, then further runs).

    \b
    The page needs no network: open it from disk in any browser. It shows the pass rate with its
    95% interval, errors and undecided examples apart from failures, the judge and versions; charts
    by assertion kind, matcher, check, metric and category; metric, latency and token distributions;
    an examples table with search, filters and sorting; and per example the conversation, the trace
    with each tool call beside its assertion's verdicts, retrieved chunks and the response with its
    cited spans. With several RESULTS files the first is the base: the page adds what `mb compare`
    reports (flipped examples first, per-slice deltas).

    Exit status: 0 when written, 2 for unusable input (a file that does not read, runs with nothing
    in common, an executed benchmark that is not the one evaluated) or an OUTPUT that cannot be written.
    """
    refuse_input_as_output(output, *results, *executed)
    refuse_replacing(output, "report", overwrite=overwrite)
    chunks = _build(results, executed, embed, title)
    refuse_input_as_output(output)  # and the files found while building: the executed benchmark a run record names
    size = 0

    def counted() -> Iterator[bytes]:
        nonlocal size
        for chunk in chunks:
            size += len(chunk)
            yield chunk

    with writing(output):
        write_atomically(output, counted(), compress=False)
    if str(output) != "-":
        err_console.print(f"wrote {output} ({size / 1e6:.1f} MB)", markup=False)


@click.command("view")
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@_executed_option
@_embed_option
@_title_option
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True, help="0: a free port.")
def view(results: tuple[Path, ...], executed: tuple[Path, ...], embed: str, title: str | None, port: int) -> None:
    """Serve the report of RESULTS (as `mb report` writes it) on 127.0.0.1 until interrupted; prints the URL."""
    from ..reports.html.serve import serve_page

    page = b"".join(_build(results, executed, embed, title))
    try:
        serve_page(page, port, lambda url: click.echo(f"serving the report at {url} (Ctrl-C to stop)"))
    except OSError as exc:
        raise fail(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}", 2) from None
