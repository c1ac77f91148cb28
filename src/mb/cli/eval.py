"""``mb eval``: score an executed benchmark, write one result line per input line, print a summary."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import Literal

import click

from .._version import __version__
from ..errors import ConfigError
from ..evaluation import NothingToEvaluateError, OutputWriteError, RunResult, Scored, aevaluate
from ..evaluation._api import nothing_evaluated
from ..io import refuse_input_as_output, source_name, write_atomically
from ..io._pool import worker_count
from ..metrics import METRICS, MetricSpec
from ..results_format import RESULTS_FORMAT_VERSION, data_digest, iter_results_file
from ..run_record import ModelPrice, PricesError, load_prices
from ._backend import backend_options
from ._console import err_console, fail, format_option, out_console
from ._files import DashPath, fail_write, overwrite_option, refuse_replacing, writing
from ._grouped import KeyWarnings, warn_unknown_keys
from ._judge import (
    JUDGE_CHOICE,
    JUDGE_FORMAT_CHOICE,
    judge_from_cli,
    judge_model_option,
    judge_note,
    judge_options,
)
from ._params import Seconds, check_input_files, max_line_bytes_option
from ._report import FailureLog, render_reliability, render_summary

__all__ = ["eval_command"]


_PLACES = 30
"""The most decimal places a rate may be written with (an exact fraction of a longer one grows without use)."""


def _parse_rate(_ctx: click.Context, _param: click.Parameter, value: str | None) -> Fraction | None:
    """The rate as written, exactly (``16.67%`` is 1667/10000): compared with the exact pass rate, never a rounded
    one."""
    if value is None:
        return None
    text = value.strip()
    percent = text.endswith("%")
    try:
        number = Decimal(text[:-1] if percent else text) if text.isascii() else None  # no other script's digits
    except InvalidOperation:
        number = None
    if number is None:
        raise click.BadParameter(f"expected a rate like 0.9 or 90%, got {value!r}")
    if not number.is_finite() or not 0 <= number <= (100 if percent else 1):
        raise click.BadParameter(f"a rate is between 0 and 1 (or 0% and 100%), got {value!r}")
    _, digits, exponent = number.as_tuple()
    zeros = len(digits) - len("".join(map(str, digits)).rstrip("0"))  # 0.50 has one place, 10e-31 thirty
    if number and -exponent - zeros > _PLACES:  # type: ignore[operator]
        raise click.BadParameter(f"a rate has at most {_PLACES} decimal places, got {value!r}")
    return Fraction(number) / (100 if percent else 1)


def _parse_metrics(_ctx: click.Context, _param: click.Parameter, value: str | None) -> list[MetricSpec] | None:
    if value is None or value.strip().lower() == "all":
        return None
    if value.strip().lower() == "none":
        return []
    return _metric_specs((value,), "`--metrics none` reports no metric; without the option, all that apply")


def _parse_require(_ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> list[MetricSpec]:
    return _metric_specs(value, "e.g. --require relevance=4")


def _metric_specs(items: tuple[str, ...], hint: str) -> list[MetricSpec]:
    """The metrics of comma-separated ``items``; an item that names none (``""``, ``","``) is a usage error, never
    read as "no metric"."""
    specs: list[MetricSpec] = []
    for item in items:
        try:
            named = [MetricSpec.parse(part) for part in item.split(",") if part.strip()]
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
        if not named:
            raise click.BadParameter(f"{item!r} names no metric ({hint})")
        specs += named
    return specs


def _read_prices(
    _ctx: click.Context, _param: click.Parameter, value: Path | None
) -> tuple[Path, dict[str, ModelPrice]] | None:
    """The prices file and its table, read with the options: one that cannot be used is a usage error, named as
    the configuration's key when it comes from there (``mb config`` checks it too)."""
    try:
        return None if value is None else (value, load_prices(value))
    except PricesError as exc:
        raise click.BadParameter(str(exc)) from None


def _parse_jobs(_ctx: click.Context, _param: click.Parameter, value: str) -> int | Literal["auto"]:
    text = value.strip().lower()
    try:  # what mb.evaluate takes
        return "auto" if text == "auto" else worker_count(int(text) if text.lstrip("+-").isdigit() else value, None)
    except ConfigError as exc:
        raise click.BadParameter(str(exc)) from None


@click.command("eval")
@click.argument("executed", type=DashPath())
@click.option(
    "-o",
    "--output",
    type=DashPath(dir_okay=False),
    help="Write one result per input line (JSONL, input order); `.gz` compresses; `-` is standard output (the "
    "summary then goes to standard error).",
)
@click.option(
    "--judge",
    type=JUDGE_CHOICE,
    default="auto",
    show_default=True,
    help="Who decides semantic questions. auto: an LLM when MB_JUDGE_MODEL is configured, else the local "
    "embedding judge when installed, else lexical.",
)
@click.option(
    "--metrics",
    "metrics",
    callback=_parse_metrics,
    metavar="LIST",
    help=f"Comma-separated metrics to report (default: all that apply; `none` for none). Known: {', '.join(METRICS)}.",
)
@click.option(
    "--require",
    "require",
    multiple=True,
    callback=_parse_require,
    metavar="METRIC[=THRESHOLD]",
    help="Make a metric gate the verdict (repeatable), e.g. --require citations --require relevance=4.",
)
@click.option(
    "--fail-under",
    callback=_parse_rate,
    metavar="RATE",
    help="Exit with status 1 when the pass rate is below RATE (0.9 or 90%).",
)
@judge_model_option
@click.option(
    "--judge-timeout",
    type=Seconds(min=0, min_open=True),
    metavar="SECONDS",
    help="Seconds allowed per LLM judge request, from the moment it is sent (default 60); a request that times "
    "out is not sent again.",
)
@click.option(
    "--judge-format",
    type=JUDGE_FORMAT_CHOICE,
    help="How the LLM judge asks for its structured answer (default: MB_JUDGE_RESPONSE_FORMAT, else auto). auto: "
    "the most structured format the server takes, found once per endpoint.",
)
@click.option(
    "--judge-retry-failed",
    is_flag=True,
    help="Ask the LLM judge again the questions whose failure it kept from an earlier run (a malformed answer, a "
    "timeout); without it a re-run costs no calls.",
)
@click.option(
    "--concurrency",
    type=click.IntRange(min=1),
    default=8,
    show_default=True,
    help="Concurrent requests to an LLM judge.",
)
@format_option("Summary")
@click.option(
    "--show-failures",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    help="List up to N examples that did not pass, with the first reason.",
)
@click.option(
    "-j",
    "--jobs",
    callback=_parse_jobs,
    default="auto",
    show_default=True,
    metavar="N|auto",
    help="Worker processes scoring blocks of lines (with the local or lexical judge; an LLM judge answers in this "
    "process). auto: one per CPU for files of 4 MiB or more, none for smaller ones.",
)
@click.option(
    "--junit",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a JUnit XML report (one test case per line) for CI test reporters.",
)
@click.option(
    "--summary-md",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the summary as markdown, for CI job pages.",
)
@click.option(
    "--prices",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=_read_prices,
    help='Prices per million tokens by model (JSON, or TOML for .toml): {"gpt-4o": {"input": 2.5, "output": 10}}; '
    "the summary then shows the cost of the token use the outputs report.",
)
@click.option(
    "--price-model",
    metavar="MODEL",
    help="The model to price tokens as when an example's outputs.usage does not name its model.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print the headline only (no progress display, no tables).")
@click.option("-v", "--verbose", is_flag=True, help="Print every slice table (metrics, categories, matchers).")
@max_line_bytes_option
@overwrite_option
@backend_options
def eval_command(
    executed: Path,
    output: Path | None,
    judge: str,
    metrics: list[MetricSpec] | None,
    require: list[MetricSpec],
    fail_under: Fraction | None,
    judge_timeout: float | None,
    judge_format: str | None,
    judge_retry_failed: bool,
    concurrency: int,
    fmt: str,
    show_failures: int,
    jobs: int | Literal["auto"],
    junit: Path | None,
    summary_md: Path | None,
    prices: tuple[Path, dict[str, ModelPrice]] | None,
    price_model: str | None,
    quiet: bool,
    verbose: bool,
    max_line_bytes: int | None,
    overwrite: bool,
    backend: str,
    address: str | None,
) -> None:
    """Score an executed benchmark (EXECUTED.jsonl, with `outputs` on every line).

    \b
    An example passes when every expectation holds: each tool-call assertion, the inputs.tools
    restriction, no orphan tool_result, when expected_response is given a response that matches
    it in meaning, and each of expected_facts and guidelines (LLM-judged). Other metrics are
    reported beside the verdict; --require makes them gate it.
    Invalid lines and agent errors are counted as errors, apart from failures.

    OUTPUT is replaced only when complete (an interrupted or failed run leaves the previous file as it was),
    and is refused when it is EXECUTED itself.

    Exit status: 0 when the evaluation ran, 1 when --fail-under is not met or writing OUTPUT failed part-way
    (a full disk), 2 for unusable input or an OUTPUT that cannot be written, 130 when interrupted.

    The results file (-o) starts with a run record (results format, versions, judge, metrics, input digest,
    times, counts, token use); every result line carries its example's hash.

    --backend ray scores the lines across a Ray cluster (the results and summary are those of a local run).
    """
    check_input_files((executed, "an executed benchmark", "EXECUTED"))
    if backend != "ray" and address is not None:
        raise click.UsageError("--address applies to --backend ray only")
    seen: dict[str, str] = {}  # two outputs that are the same file: one would overwrite the other
    for name, path in (("-o", output), ("--junit", junit), ("--summary-md", summary_md)):
        if path is not None:
            key = "-" if str(path) == "-" else os.path.realpath(path)
            if key in seen:
                raise click.UsageError(
                    f"{seen[key]} and {name} are the same file, {path}: one would overwrite the other"
                    if key != "-"
                    else f"{seen[key]} and {name} both write to standard output: one would be mixed into the other"
                )
            seen[key] = name
    for extra in (output, junit, summary_md):
        refuse_input_as_output(extra, executed, prices[0] if prices else None)
    refuse_replacing(output, "results", overwrite=overwrite)
    options = judge_options(
        judge, concurrency, timeout=judge_timeout, response_format=judge_format, retry=judge_retry_failed
    )
    try:  # loading a judge takes a while
        judge_from_cli(judge, options)  # a judge that cannot be built is a usage error
    except click.UsageError:
        warn_unknown_keys(executed, err_console)  # the lines are not evaluated: their keys are checked here
        raise
    except KeyboardInterrupt:
        kept = _kept(output, output is not None and output.exists())
        err_console.print(f"interrupted after 0 line(s); {kept}", markup=False)
        raise SystemExit(130) from None
    note = judge_note(judge)
    if click.get_current_context().get_parameter_source("judge") is click.core.ParameterSource.DEFAULT_MAP:
        note = "set in the configuration; see mb config"
    existed = output is not None and output.exists()
    if output is not None and str(output) != "-":
        try:
            output.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise fail(f"cannot write {output}: {exc.strerror or exc}", 2) from exc
    failures = FailureLog(show_failures)
    # the results file can be read back once written: a regular file (not standard output or a device)
    reread = output is not None and str(output) != "-" and (not output.exists() or output.is_file())
    counts = {"done": 0, "unusable": 0}
    started = datetime.now(UTC)
    keys = KeyWarnings(source_name(executed), err_console)  # read from the lines as they are evaluated

    with _progress(quiet, executed) as advance:

        def on_block(block: Scored) -> None:
            raise_if_interrupted()
            counts["done"] += block.count
            counts["unusable"] += block.unusable
            failures.extend(block.failures)
            keys.add(block.warnings)
            advance(block.count)

        async def main() -> RunResult:
            read = False  # whether every line was read (the key warnings are complete)
            try:
                result = await aevaluate(
                    executed,
                    output=output,
                    jobs=jobs,
                    backend="ray" if backend == "ray" else "local",
                    address=address,
                    judge=judge,
                    judge_options=options,
                    metrics=metrics,
                    require=require,
                    max_line_bytes=max_line_bytes,
                    keep_results=junit is not None and not reread,
                    prices=prices[1] if prices else None,
                    price_model=price_model,
                    failures=show_failures,
                    progress=on_block,
                    key_warnings=keys.lines,
                    warn=lambda message: err_console.print(f"warning: {message}", markup=False),
                )
                read = True
                return result
            except NothingToEvaluateError:
                read = True
                raise
            finally:
                keys.close(checked=read or counts["done"] >= keys.lines)

        try:  # the evaluation's result, or the exit that says why there is none
            with _terminated_like_interrupted():
                result = asyncio.run(main())
        except OutputWriteError as exc:
            if str(output) == "-" and isinstance(exc.error, BrokenPipeError):  # as `mb run -o -` says it
                err_console.print("standard output was closed by its reader: the results stopped there", markup=False)
            if exc.publishing:
                fail_write(output or "-", exc.error, existed=existed)
            err_console.print(
                f"error: writing {output} failed after {exc.done} line(s): {exc.error.strerror or exc.error}; "
                + _kept(output, existed),
                markup=False,
            )
            raise SystemExit(1) from exc
        except KeyboardInterrupt:
            err_console.print(f"interrupted after {counts['done']} line(s); {_kept(output, existed)}", markup=False)
            raise SystemExit(130) from None
        except OSError as exc:
            raise fail(f"cannot read {source_name(executed)}: {exc.strerror or exc}", 2) from exc
    summary = result.summary
    if output is None:
        refusal = nothing_evaluated(summary, counts["unusable"], source_name(executed))
        if refusal is not None:
            raise refusal
    elapsed = (datetime.now(UTC) - started).total_seconds()
    if junit is not None:
        from ..reports import junit_chunks  # its XML libraries load only when a report is asked for

        rows = iter_results_file(output) if reread and output is not None else result.results
        with writing(junit):
            digest = ""  # the sha256 of the evaluated file: none for standard input or a file that cannot be read
            if str(executed) != "-":
                with suppress(OSError):
                    digest = data_digest(executed)
            properties = {
                "mb_version": __version__,
                "results_format": str(RESULTS_FORMAT_VERSION),
                "judge": summary.judge,
                "input_sha256": digest,
            }
            suite = executed.stem if str(executed) != "-" else "stdin"
            chunks = junit_chunks(rows, summary, suite=suite, started=started, elapsed=elapsed, properties=properties)
            write_atomically(junit, chunks, compress=False)
    if summary_md is not None:
        from ..reports import summary_markdown

        with writing(summary_md):
            markdown = summary_markdown(summary, source_name(executed), failures.entries).encode()
            write_atomically(summary_md, [markdown], compress=False)
    console = err_console if "-" in seen else out_console  # standard output holds the file written there alone
    if fmt == "json":
        console.print_json(summary.model_dump_json())
    else:
        detail = "quiet" if quiet else "verbose" if verbose else "normal"
        render_summary(
            console,
            summary,
            source_name(executed),
            note,
            failures,
            detail=detail,
            gating=[spec.name for spec in require],
        )
        if not quiet:
            render_reliability(console, summary)
    if output is not None and fmt != "json":
        err_console.print(f"wrote {summary.total} result(s) to {output}", markup=False)
    if fail_under is not None and Fraction(summary.passed, summary.total or 1) < fail_under:
        shown = f"{summary.pass_rate:.1%} ({summary.passed}/{summary.total})"
        err_console.print(f"[red]pass rate {shown} is below --fail-under {float(fail_under * 100):g}%[/]")
        raise SystemExit(1)


def _kept(output: Path | None, existed: bool) -> str:
    if output is None:
        return "no result file was asked for"
    return f"{output} left unchanged" if existed else f"nothing written ({output} not created)"


@contextmanager
def _terminated_like_interrupted() -> Iterator[None]:
    """Ctrl-C and SIGTERM (a job scheduler stopping the run) end the evaluation at once: workers stopped, temporary
    files removed. Both raise ``KeyboardInterrupt`` where the main thread is, rather than letting the event loop
    turn Ctrl-C into a cancellation that waits for the work under way. A signal ignored when the program started
    (Ctrl-C for a background job of a script) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: object) -> None:
        _INTERRUPTED.set()
        raise KeyboardInterrupt

    _INTERRUPTED.clear()
    watched = [number for number in (signal.SIGINT, signal.SIGTERM) if signal.getsignal(number) != signal.SIG_IGN]
    previous = {number: signal.signal(number, stop) for number in watched}
    try:
        yield
        raise_if_interrupted()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


_INTERRUPTED = threading.Event()
"""Set by the signal handler: a library that catches every exception (a validator, a discriminator) may swallow
the ``KeyboardInterrupt`` raised inside it, so the evaluation loop also looks at this between batches."""


def raise_if_interrupted() -> None:
    """Raise ``KeyboardInterrupt`` when Ctrl-C or SIGTERM arrived, even if the exception it raised was swallowed."""
    if _INTERRUPTED.is_set():
        raise KeyboardInterrupt


@contextmanager
def _progress(quiet: bool, source: Path) -> Iterator[Callable[[int], None]]:
    """A transient progress display on standard error: lines done of the total (counted first for a plain file;
    a gzip file or standard input shows no total), rate, elapsed time and ETA; a no-op when quiet."""
    if quiet or not err_console.is_terminal:
        yield lambda _n: None
        return
    from rich.progress import TaskProgressColumn  # only when shown

    from ..runner._output import count_lines
    from ..runner._progress import progress_bar

    total = None  # the lines of an uncompressed file (one fast pass)
    if str(source) != "-" and source.suffix != ".gz":
        with suppress(OSError), source.open("rb") as stream:
            total = None if stream.read(2) == b"\x1f\x8b" else count_lines(source)
    with progress_bar(err_console, "lines", TaskProgressColumn(), transient=True) as progress:
        task = progress.add_task("evaluating", total=total)
        yield lambda n: progress.advance(task, n)
