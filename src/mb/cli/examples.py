"""``mb examples``: write the bundled example benchmark, so a new user has data to try every command on."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import click

from ..data import example_lines
from ..io import write_examples
from ._files import overwrite_option, refuse_replacing, writing

__all__ = ["examples"]


@click.command()
@click.option(
    "--executed/--unexecuted",
    default=False,
    show_default=True,
    help="With `outputs` (ready for `mb eval`) or without (ready for `mb run`).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default="-",
    show_default=True,
    help="Where to write the JSONL (`.gz` compresses); `-` is standard output.",
)
@overwrite_option
def examples(executed: bool, output: Path, overwrite: bool) -> None:
    """Write the bundled example benchmark.

    It covers every matcher kind (equality, email, missing, optional, free_text, date_time on single
    parameters and parameter groups), `no_tool_called`, several calls of one tool, multi-turn
    conversations, retrieval and citations.
    """
    same = str(output) != "-" and output.is_file() and _holds_these(output, executed)
    refuse_replacing(output, "examples", overwrite=overwrite or same)
    with writing(output):
        count = write_examples(output, example_lines(executed=executed))
    if str(output) != "-":
        click.echo(f"wrote {count} {'executed ' if executed else ''}examples to {output}", err=True)


def _holds_these(output: Path, executed: bool) -> bool:
    """Whether ``output`` holds exactly the examples this command writes: writing them again loses nothing."""
    wanted = io.BytesIO()
    write_examples(wanted, example_lines(executed=executed))
    try:
        with (gzip.open if output.suffix == ".gz" else open)(output, "rb") as stream:
            return bool(stream.read(len(wanted.getvalue()) + 1) == wanted.getvalue())
    except (OSError, EOFError):
        return False
