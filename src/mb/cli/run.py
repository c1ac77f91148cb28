"""``mb run``: run an agent over a benchmark, writing the executed benchmark line by line as examples finish."""

from __future__ import annotations

import contextlib
import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import click

from ..errors import ConfigError
from ..runner._api import MAX_CONCURRENCY, read_user_time
from ._backend import backend_options, connect_backend, ray_agent
from ._console import err_console, fail
from ._files import DashPath, reader_gone, write_failure_status
from ._grouped import SCANNED_BEFORE_USE, GroupedPrinter, KeyWarnings
from ._params import Seconds, input_file_problem, max_line_bytes_option

if TYPE_CHECKING:
    from ..io import LineError
    from ..io._typos import KeyWarning
    from ..runner import RunOutput, RunProgress

__all__ = ["run"]


class _GroupedProblems:
    """A run's progress whose invalid benchmark lines and unknown-key warnings are printed grouped (the same problem
    on many lines is shown three times, then counted), saying what runs once the run starts (``heading``: never
    before the output is refused); everything else is the inner progress's."""

    def __init__(self, inner: RunProgress, name: str, heading: str = "") -> None:
        self.inner = inner
        self.printer = GroupedPrinter(err_console)
        self.keys = KeyWarnings(name, err_console)
        self.heading = heading

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def start(self, total: int | None) -> None:
        if self.heading:
            err_console.print(self.heading, markup=False)
        self.inner.start(total)

    def invalid(self, error: LineError) -> None:
        self.printer.error(error)
        self.inner.advance()

    def warning(self, warning: KeyWarning) -> None:
        self.keys.add([warning])

    def close(self, *, read: bool) -> None:
        """Print what was held back: the warnings, with their count when every line was ``read``; the problems."""
        self.keys.close(checked=read)
        self.printer.close()


@click.command()
@click.argument("benchmark", type=DashPath())
@click.option(
    "-a",
    "--agent",
    "agent_spec",
    required=True,
    metavar="MODULE:ATTR",
    help="The agent: `package.module:function` or `path/to/file.py:function` (`name()` calls a factory; "
    "a class is instantiated; OpenAI Agents SDK agents and LangGraph graphs are wrapped automatically).",
)
@click.option(
    "-o",
    "--output",
    required=True,
    type=DashPath(dir_okay=False),
    help="The executed benchmark to write (JSONL, `.gz` compresses); lines are appended as examples finish.",
)
@click.option(
    "-c",
    "--concurrency",
    type=click.IntRange(min=1, max=MAX_CONCURRENCY),
    default=4,
    show_default=True,
    help="Examples run at once.",
)
@click.option(
    "--timeout",
    type=Seconds(min=0, min_open=True),
    default=None,
    metavar="SECONDS",
    help="Time allowed per example (all attempts); past it the line records a TimeoutError.",
)
@click.option(
    "--retries",
    type=click.IntRange(min=0),
    default=2,
    show_default=True,
    help="Further attempts after a transient agent error (TransientAgentError or `transient = True`).",
)
@click.option(
    "--user-time",
    metavar="ISO",
    default=None,
    help="Fix outputs.environment.user_time (and the time the agent sees) for reproducible runs; "
    "default: the time each request is sent, in the local zone.",
)
@click.option("--resume", is_flag=True, help="Continue an interrupted run: skip the examples already in OUTPUT.")
@click.option("--retry-errors", is_flag=True, help="Resume, and also rerun the failed examples and invalid lines.")
@click.option(
    "--overwrite",
    is_flag=True,
    help="Replace an existing OUTPUT (emptied as the run starts) instead of refusing to touch it.",
)
@click.option(
    "--sort", is_flag=True, help="At the end, rewrite OUTPUT in benchmark order (it is written as examples finish)."
)
@click.option(
    "--agent-input",
    type=click.Choice(["auto", "inputs", "messages"]),
    default="auto",
    show_default=True,
    help="What the agent receives: `Inputs` or the message dicts; `auto` reads its first parameter's annotation.",
)
@click.option(
    "--repeats",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="K",
    help="Run each example K times (trials recorded as `repeat` on each line; `mb eval` then reports pass@k "
    "and pass^k). Resume with the same K.",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar: problems and a one-line summary only.")
@max_line_bytes_option
@backend_options
def run(
    benchmark: Path,
    agent_spec: str,
    output: Path,
    concurrency: int,
    timeout: float | None,
    retries: int,
    user_time: str | None,
    resume: bool,
    retry_errors: bool,
    overwrite: bool,
    sort: bool,
    agent_input: str,
    repeats: int,
    quiet: bool,
    max_line_bytes: int | None,
    backend: str,
    address: str | None,
) -> None:
    """Run an agent over BENCHMARK and write the executed benchmark to OUTPUT.

    The agent is any Python callable, sync or async. It receives the example's `Inputs` when its first
    parameter is annotated `Inputs`, else the OpenAI-style message dicts (see --agent-input); plus
    `tools=` (the tool names the example allows, or None) and `user_time=` when it declares those
    parameters. It returns `Outputs` or a string (the response).

    Each executed example is appended to OUTPUT and flushed as soon as it finishes, with its
    `example_hash`, so an interrupted run loses at most the examples in flight and `--resume` completes
    it. An agent that fails (exception, timeout, invalid answer) yields a line with `outputs.error`;
    the run goes on. Ctrl-C stops scheduling and lets running examples finish; a second Ctrl-C cancels
    them.

    --backend ray runs the examples on the actors of a Ray cluster (each loads the agent once, up to
    --concurrency examples in flight in all); the executed examples come back here and are written as above.
    An example whose worker dies is sent to another.

    \b
    Exit status:
      0    done (agent errors are data, counted in the summary)
      1    some benchmark lines were invalid (reported as FILE:LINE: path: problem)
      1    writing OUTPUT failed part-way (a full disk): the complete lines are kept, --resume goes on
      2    usage error: bad option, an agent that cannot be loaded, a BENCHMARK that holds no example,
           an OUTPUT that exists, is the benchmark, cannot be written or is being written by another run
      130  interrupted (the message says how to resume)
    """
    from ..io import SameFileError, refuse_input_as_output, source_name
    from ..runner import (
        AgentLoadError,
        BenchmarkFileError,
        LogProgress,
        OutputExistsError,
        OutputLockedError,
        ResumeError,
        RichProgress,
        arun,
        as_agent,
    )

    problem = input_file_problem(benchmark, "a benchmark", streams=True)  # as `mb eval` and `mb validate` say
    if problem is not None:
        raise click.BadParameter(problem, param_hint="BENCHMARK")
    try:
        fixed_time = read_user_time(user_time)
    except ConfigError as exc:
        raise click.BadParameter(str(exc), param_hint="--user-time") from None
    resume = resume or retry_errors
    if resume and overwrite:
        raise click.UsageError("--resume and --overwrite exclude each other")
    if str(output) == "-" and (resume or sort):
        raise click.UsageError("--resume and --sort need an output file, not standard output")
    if (resume or sort) and output.exists() and not output.is_file() and not output.is_dir():
        raise click.UsageError(f"--resume and --sort need a regular output file; {output} is a device or a pipe")
    agent_file = Path(agent_spec.rpartition(":")[0] or agent_spec)  # the agent's own source, when it is a file
    refuse_input_as_output(output, benchmark, agent_file if agent_file.is_file() else None)

    try:  # what the agent's module prints as it loads stays out of the executed lines of `-o -`
        with contextlib.redirect_stdout(sys.stderr) if str(output) == "-" else contextlib.nullcontext():
            agent = as_agent(agent_spec, agent_input=agent_input)  # type: ignore[arg-type]
    except AgentLoadError as exc:
        raise fail(f"cannot load the agent {agent_spec!r}: {exc}", 2) from None

    starting = time.perf_counter()
    cluster, where = connect_backend(backend, address), ""
    if cluster is not None:
        agent = on_ray = ray_agent(cluster, agent_spec, agent_input, concurrency)
        where = f" on {len(on_ray.actors)} Ray actor(s)"
    started = time.perf_counter() - starting  # Ray and its actors starting: not the run's time
    receives = "Inputs" if agent.wants_inputs else "message dicts"
    heading = (
        f"running {agent.name} (receives {receives}) over {source_name(benchmark)}, concurrency {concurrency}{where}"
    )
    inner = LogProgress(err_console) if quiet else RichProgress(err_console)
    progress = _GroupedProblems(inner, source_name(benchmark), "" if quiet else heading)
    # how to finish the run: the command with --resume, unless the output is a stream (standard output, a pipe...)
    resume_with = f"(not possible: {output} is a stream; write to a file with -o FILE to be able to resume)"
    if str(output) != "-" and (not output.exists() or output.is_file()):
        options = _options(click.get_current_context())
        resume_with = shlex.join(
            ["mb", "run", str(benchmark), "--agent", agent_spec, "-o", str(output), *options, "--resume"]
        )
    size_before = _size(output)

    async def main() -> RunOutput:
        read = False  # whether every line was read (the key warnings are complete)
        try:
            result = await arun(
                "-" if str(benchmark) == "-" else benchmark,
                agent,
                output=output,
                concurrency=concurrency,
                timeout=timeout,
                retries=retries,
                user_time=fixed_time,
                resume=resume,
                overwrite=overwrite,
                retry_errors=retry_errors,
                sort=sort,
                progress=progress,
                collect=False,
                handle_signals=True,
                max_line_bytes=max_line_bytes,
                repeats=repeats,
                key_warnings=SCANNED_BEFORE_USE,
            )
            read = not result.summary.interrupted
            return result
        finally:
            progress.close(read=read)

    try:
        result = anyio.run(main)
    except (BenchmarkFileError, OutputExistsError, OutputLockedError, ResumeError, SameFileError) as exc:
        # in the command's words: the runner's Python arguments become the options of `mb run`
        raise fail(str(exc).replace("resume=True", "--resume").replace("overwrite=True", "--overwrite"), 2) from None
    except KeyboardInterrupt:
        err_console.print(
            f"interrupted; what was written to {output} is kept. Resume with:\n  " + resume_with,
            markup=False,
        )
        raise SystemExit(130) from None
    except OSError as exc:
        if str(output) == "-" and isinstance(exc, BrokenPipeError):
            err_console.print("standard output was closed by its reader: the run stopped", markup=False)
            reader_gone()
        problem = f"error: {exc.filename or output}: {exc.strerror or exc}"
        streamed = str(output) == "-" or (output.exists() and not output.is_file())
        if not streamed and _size(output) == size_before:  # failed before adding a line (a read-only folder...)
            left = "nothing was written" if size_before is None else "nothing was added to it"
            err_console.print(f"{problem}; {left} ({output})", markup=False)
        else:
            err_console.print(
                f"{problem}; the complete lines written so far are kept. Once fixed, resume with:\n  " + resume_with,
                markup=False,
            )
        raise SystemExit(write_failure_status(exc)) from None

    summary = result.summary
    err_console.print(summary.describe(), markup=False)
    if cluster is not None:
        err_console.print(f"(Ray and its actors took {started:.1f} s to start before the run)", markup=False)
    if summary.interrupted:
        err_console.print(
            f"interrupted: {summary.ran} example(s) written to {output} in this run; resume with:\n  " + resume_with,
            markup=False,
        )
        raise SystemExit(130)
    if summary.total == 0 and not summary.invalid:
        raise fail(f"{source_name(benchmark)} holds no example (it is empty or blank): nothing to run", 2)
    raise SystemExit(1 if summary.invalid else 0)


def _size(path: Path) -> int | None:
    """The size of the regular file ``path``; None when there is none."""
    try:
        return path.stat().st_size if path.is_file() else None
    except OSError:
        return None


_NOT_REPEATED = {"benchmark", "agent_spec", "output", "resume", "retry_errors", "overwrite", "quiet"}
"""The parameters the resume command gives itself or leaves out; every other one is repeated when not at its default."""


def _options(ctx: click.Context) -> list[str]:
    """The options of this run worth repeating in the resume command: those not at their default."""
    options: list[str] = []
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        if param.name not in _NOT_REPEATED and value != param.default and value is not False:
            name = max(param.opts, key=len)
            options += [name] if value is True else [name, str(value)]
    return options
