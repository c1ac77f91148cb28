"""``mb examples``: write the bundled example benchmark, so a new user has data to try every command on."""

from __future__ import annotations

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
    same = None
    if str(output) != "-" and output.is_file():  # the same examples again replace nothing of the user's
        wanted = io.BytesIO()
        write_examples(wanted, example_lines(executed=executed))
        same = wanted.getvalue()
    refuse_replacing(output, "examples", overwrite=overwrite, same=same)
    with writing(output):
        count = write_examples(output, example_lines(executed=executed))
    if str(output) != "-":
        click.echo(f"wrote {count} {'executed ' if executed else ''}examples to {output}", err=True)
