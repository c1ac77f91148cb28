"""``mb runevals``: run and score a Microsoft 365 evaluation dataset, the way the ``runevals`` tool does.

The dataset is ``--prompts-file``, inline ``--prompts``/``--expected``, prompts typed with ``--interactive``, or
the first of ``prompts.json``, ``evals.json``, ``tests.json`` found in the current folder and then in ``./evals/``.
"""

from __future__ import annotations

import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from rich.control import Control
from rich.markup import escape

from ..formats.m365 import (
    Evaluated,
    LoadedDocument,
    M365DocumentError,
    build_document,
    discover_dataset,
    parse_document,
    report_format,
    upgrade_in_place,
    write_report,
    write_starter,
)
from ..formats.m365.evalrun import run_document, run_metadata
from ..formats.m365.importer import document_units
from ..formats.m365.rows import document_counts, report_rows, score_value
from ..formats.m365.scores import NEEDS_LLM_JUDGE_TEXT, NOT_RUN_PREFIX
from ..io import refuse_input_as_output
from ..io._limits import unreadable_value
from ..judges.factory import llm_configured
from ._console import err_console, fail, out_console
from ._files import require_file, writing
from ._judge import JUDGE_CHOICE, judge_from_cli, judge_model_from, judge_model_option, judge_options
from .m365 import fail_document, load_or_exit

__all__ = ["runevals"]

_VARIADIC = ("--prompts", "--expected")
_STARTER_QUESTION = "Create a starter evals file with sample prompts? (Y/n)"


class _RunevalsCommand(click.Command):
    """Accepts ``--prompts A B C`` (several values after one option) as the ``runevals`` tool does."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        expanded: list[str] = []
        current: str | None = None
        given = False
        for index, arg in enumerate(args):
            if arg == "--":
                expanded.extend(args[index:])
                current = None
                break
            is_option = arg.startswith("-") and len(arg) > 1
            if is_option and current is not None and not given:
                raise click.UsageError(f"{current} needs at least one value", ctx=ctx)
            if arg in _VARIADIC:
                current, given = arg, False
            elif is_option:
                current = None
                expanded.append(arg)
            elif current is not None:
                expanded.extend([current, arg])
                given = True
            else:
                expanded.append(arg)
        if current is not None and not given:
            raise click.UsageError(f"{current} needs at least one value", ctx=ctx)
        return super().parse_args(ctx, expanded)


def _stdin_is_interactive() -> bool:
    """Whether a person can answer questions on standard input."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _score_summary(scores: dict[str, Any]) -> str:
    entries = [(key, entry) for key, entry in scores.items() if isinstance(entry, dict)]
    return ", ".join(f"{key} {score_value(e)} {e.get('result', '')}".replace("  ", " ") for key, e in entries)


@click.command(cls=_RunevalsCommand)
@click.option(
    "--prompts-file", type=click.Path(path_type=Path), default=None, metavar="FILE",
    help="The dataset to run (evals.json, any schema 1.x or a legacy array). Default: discovered.",
)  # fmt: skip
@click.option("--prompts", multiple=True, metavar="TEXT...", help="Prompts to run instead of a file (several allowed).")
@click.option(
    "--expected", multiple=True, metavar="TEXT...", help="Expected responses of --prompts, in the same order."
)
@click.option("--interactive", is_flag=True, help="Type prompts one by one; each is run and scored at once.")
@click.option(
    "-o", "--output", type=click.Path(path_type=Path, dir_okay=False), default=None,
    help="The report: .json (the output document), .csv or .html. Default: ./evals/<timestamp>.html.",
)  # fmt: skip
@click.option(
    "-a", "--agent", "agent_spec", metavar="MODULE:ATTR", default=None,
    help="The agent under test: `package.module:function` or `path/to/file.py:function` (as for `mb run`).",
)  # fmt: skip
@click.option(
    "--judge", type=JUDGE_CHOICE, default="auto", show_default=True,
    help="Who scores the responses. Relevance, Coherence and Groundedness need an LLM judge (MB_JUDGE_MODEL).",
)  # fmt: skip
@judge_model_option
@click.option(
    "-c", "--concurrency", type=click.IntRange(min=1), default=4, show_default=True,
    help="Items (single prompts or whole threads) run at once; the turns of a thread always run in order.",
)  # fmt: skip
@click.option(
    "--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
    help="Time allowed per agent request.",
)  # fmt: skip
def runevals(
    prompts_file: Path | None,
    prompts: tuple[str, ...],
    expected: tuple[str, ...],
    interactive: bool,
    output: Path | None,
    agent_spec: str | None,
    judge: str,
    concurrency: int,
    timeout: float | None,
) -> None:
    """Run an agent over a Microsoft 365 evaluation dataset and score every response.

    \b
    Dataset: --prompts-file, or --prompts (with --expected), or --interactive; else the first of
    prompts.json, evals.json, tests.json in the current folder, then in ./evals/. When none is found,
    a starter ./evals/evals.json is offered. A legacy file (a bare array) is upgraded in place first,
    with a backup FILE.bak.YYYYMMDDHHMMSS.

    \b
    Each item is scored by its evaluators (default_evaluators, or Relevance and Coherence, extended or
    replaced per item/turn). Turns of a thread run in order; after a failed turn the rest is skipped.

    Exit status: 0 when the run completed (whatever the scores), 1 when the dataset is invalid,
    2 for usage errors (options, an agent that cannot be loaded, no dataset, a report that cannot be written
    or would replace the dataset).
    """
    if sum(bool(x) for x in (prompts_file, prompts, interactive)) > 1:
        raise click.UsageError("use one of --prompts-file, --prompts and --interactive")
    if expected and not prompts:
        raise click.UsageError("--expected needs --prompts")
    if output is not None and report_format(output) is None:
        raise click.BadParameter(f"{output}: unknown report format (use .json, .csv or .html)", param_hint="--output")

    loaded: LoadedDocument | None = None
    if prompts:
        if expected and len(expected) != len(prompts):
            raise click.UsageError(f"--expected gives {len(expected)} response(s) for {len(prompts)} prompt(s)")
        for option, texts in (("--prompts", prompts), ("--expected", expected)):
            for index, text in enumerate(texts, start=1):
                if unreadable_value(text) is not None:  # bytes of another encoding, smuggled in as lone surrogates
                    raise click.UsageError(f"{option}: argument {index} is not UTF-8 text")
        items = [
            {"prompt": prompt, **({"expected_response": expected[i]} if expected else {})}
            for i, prompt in enumerate(prompts)
        ]
        try:
            loaded = parse_document({"schemaVersion": "1.7.0", "items": items}, file="<command line>")
        except M365DocumentError as exc:
            raise click.UsageError(str(exc).replace("$.items", "--prompts")) from None
    elif prompts_file is not None:
        require_file(prompts_file, "--prompts-file")
        loaded = load_or_exit(prompts_file)
    elif not interactive:
        found = discover_dataset(".")
        if found is None:  # offer the starter file (a person at the terminal) or explain what to do
            err_console.print("⚠️ No prompts file found in current directory or ./evals/")
            if not _stdin_is_interactive():
                raise fail(
                    "no dataset to run: pass --prompts-file FILE, --prompts ... --expected ..., or --interactive, "
                    "or create ./evals/evals.json (run `mb runevals` in a terminal to get a starter file)",
                    2,
                )
            answer = click.prompt(_STARTER_QUESTION, default="", show_default=False, err=True, prompt_suffix=": ")
            if answer.strip().lower() in ("", "y", "yes"):
                path = write_starter(".")
                err_console.print(
                    f"created {escape(str(path))} with sample prompts: edit them, then run `mb runevals` again"
                )
                raise SystemExit(0)
            raise fail("no dataset to run", 2)
        err_console.print(f"using {escape(str(found))}")
        loaded = load_or_exit(found)
    if loaded is not None:  # a dataset that does not convert is refused before it is upgraded or run
        try:
            document_units(loaded)
        except M365DocumentError as exc:
            if loaded.file == "<command line>":
                raise click.UsageError(str(exc).replace("$.items", "--prompts")) from None
            fail_document(exc)
    refuse_input_as_output(output)  # the dataset read, named or discovered, is never the report

    if agent_spec is None:
        raise click.UsageError("--agent is required: the agent to evaluate, e.g. --agent my_agent.py:answer")
    from ..runner import AgentLoadError, as_agent

    try:
        agent = as_agent(agent_spec)
    except AgentLoadError as exc:
        raise fail(f"cannot load the agent {agent_spec!r}: {exc}", 2) from None
    active = judge_from_cli(judge, judge_options(judge, concurrency))

    if interactive:  # read prompts until an empty line or end of input; run and score each one
        evaluated: list[Evaluated] = []
        err_console.print("interactive mode: type a prompt and press Enter; an empty line ends")
        while True:
            err_console.print("prompt> ", end="")
            line = sys.stdin.readline()
            if not line or not line.strip():
                break
            loaded = parse_document(
                {"schemaVersion": "1.7.0", "items": [{"prompt": line.strip()}]}, file="<interactive>"
            )
            run = run_document(loaded, agent, judge=active, concurrency=1, timeout=timeout)
            item = run.document["items"][0]
            out_console.print(f"[bold]response:[/] {escape(item.get('response', ''))}")
            detail = item.get("error", {}).get("message") or _score_summary(item.get("scores", {})) or "no score"
            out_console.print(f"[bold]{escape(item.get('status', ''))}:[/] {escape(detail)}")
            for skipped in item.get("extensions", {}).get("morganabench", {}).get("skipped", []):
                err_console.print(f"[yellow]not run:[/] {escape(skipped['evaluator'])}: {escape(skipped['reason'])}")
            evaluated.extend(e for unit in run.units for e in unit)
        if output is not None and evaluated:
            metadata = run_metadata(agent=run.agent, judge=run.judge, dataset=None)
            document = build_document(evaluated, metadata=metadata, source="<interactive>").document
            with writing(output):
                write_report(document, output)
            err_console.print(f"report written to {escape(str(output))}")
        return
    assert loaded is not None
    if loaded.legacy and loaded.file != "<command line>":
        # rewrite a legacy dataset file as a 1.7.0 document, keeping a timestamped backup
        try:
            backup = upgrade_in_place(loaded)
        except OSError as exc:
            raise fail(f"{loaded.file}: cannot upgrade the legacy file in place: {exc.strerror or exc}", 2) from None
        err_console.print(
            f"upgraded {escape(loaded.file)} to schema 1.7.0 (it was a legacy document); the original is kept as "
            f"{escape(str(backup))}",
        )
    target = output
    if target is None:  # ./evals/<timestamp>.html, with a counter when that exists
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target, counter = Path("evals") / f"{stamp}.html", 1
        while target.exists():
            target, counter = Path("evals") / f"{stamp}-{counter}.html", counter + 1
    total = len(loaded.document["items"])
    completed = 0

    def progress(_index: int, _evaluated: list[Evaluated]) -> None:
        nonlocal completed
        completed += 1
        if err_console.is_terminal:
            err_console.control(Control.move_to_column(0))
            err_console.print(f"{completed}/{total} item(s) done", end="")

    run = run_document(loaded, agent, judge=active, concurrency=concurrency, timeout=timeout, on_unit=progress)
    if err_console.is_terminal:
        err_console.print()
    with writing(target):
        write_report(run.document, target)
    counts = document_counts(run.document)
    rows = report_rows(run.document)
    for row in rows:
        where = f"{row.item}" if row.turn is None else f"{row.item}.{row.turn}"
        prompt = row.prompt.replace("\n", " ")
        prompt = prompt if len(prompt) <= 50 else prompt[:47] + "..."
        detail = row.error or _score_summary(row.scores)
        colour = {"pass": "green", "fail": "red", "partial": "yellow", "error": "magenta"}.get(row.status, "white")
        out_console.print(f"{where:>6} [{colour}]{row.status or '-':<7}[/] {escape(prompt):<50}  {escape(detail)}")
    errored = [
        (key, str(score.get("error", "")))
        for row in rows
        for key, score in row.scores.items()
        if score.get("result") == "error"
    ]
    need_judge = sorted({key for key, reason in errored if NEEDS_LLM_JUDGE_TEXT in reason})
    if need_judge:
        configured, why = llm_configured(model_from=judge_model_from())
        model = "" if why.startswith("model ") else "MB_JUDGE_MODEL (or --judge-model) and "
        step = "use" if configured else f"set {model}an API key or base URL, then use"
        err_console.print(
            f"[yellow]no LLM judge:[/] {escape(', '.join(need_judge))} {'needs' if len(need_judge) == 1 else 'need'} "
            f"an LLM judge and were not scored (reported as errors); {escape(why)}: {step} --judge llm or auto",
        )
    failed = Counter(
        (key, reason)
        for key, reason in errored
        if NEEDS_LLM_JUDGE_TEXT not in reason and not reason.startswith(NOT_RUN_PREFIX)
    )
    for (key, reason), times in sorted(failed.items()):
        err_console.print(f"[yellow]could not score:[/] {escape(key)} ({times}x): {escape(reason)}")
    skipped = Counter((s.get("evaluator", ""), s.get("reason", "")) for row in rows for s in row.skipped)
    for (evaluator, reason), times in sorted(skipped.items()):
        err_console.print(f"[yellow]not run:[/] {escape(evaluator)} ({times}x): {escape(reason)}")
    # "partial" is the format's word for an answer not fully scored: no verdict, never a partial pass
    labels = {"partial": "partial (answered, not fully scored: no verdict)"}
    statuses = ("pass", "fail", "partial", "error")
    by_status = ", ".join(f"{counts.items[s]} {labels.get(s, s) if counts.items[s] else s}" for s in statuses)
    threads = f" ({counts.threads} thread(s), {counts.total_rows} prompt(s) in all)" if counts.threads else ""
    err_console.print(
        f"{counts.total_items} item(s){threads}: {by_status}; agent {escape(run.agent)}, judge {escape(run.judge)}",
    )
    err_console.print(f"report written to {escape(str(target))}")
