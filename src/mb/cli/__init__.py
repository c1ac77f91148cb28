"""The ``mb`` command line."""

from __future__ import annotations

import click

from .._version import __version__
from ._lazy import LazyGroup

__all__ = ["main"]

_COMMANDS = {
    "schema": "mb.cli.schema:schema",
    "validate": "mb.cli.validate:validate",
    "examples": "mb.cli.examples:examples",
}


@click.group(
    cls=LazyGroup,
    lazy_commands=_COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, "--version", "-V", prog_name="mb", message="%(prog)s (MorganaBench) %(version)s")
def main() -> None:
    """MorganaBench: evaluate LLM agents on benchmark files (JSONL).

    \b
    A benchmark line holds `inputs` and `expectations`; running an agent adds `outputs`.
    Typical flow:
      mb examples --unexecuted -o bench.jsonl       # a sample benchmark
      mb validate bench.jsonl                        # check every line
      mb run bench.jsonl --agent my_agent:answer -o executed.jsonl
      mb eval executed.jsonl -o results.jsonl        # score it
    """
