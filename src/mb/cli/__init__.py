"""The ``mb`` command line."""

from __future__ import annotations

import click

from .._version import __version__
from ._lazy import LazyGroup

__all__ = ["main"]

_COMMANDS = {
    "schema": ("mb.cli.schema:schema", "Print the JSON Schema of one benchmark line."),
    "validate": ("mb.cli.validate:validate", "Check every line of benchmark files."),
    "examples": ("mb.cli.examples:examples", "Write the bundled example benchmark."),
    "run": ("mb.cli.run:run", "Run an agent over a benchmark, producing an executed benchmark."),
    "eval": ("mb.cli.eval:eval_command", "Score an executed benchmark."),
    "compare": ("mb.cli.compare:compare", "Compare evaluation runs: regressions, fixes, per-slice deltas."),
    "import": ("mb.cli.convert:import_group", "Convert a dataset from another format into a benchmark."),
    "export": ("mb.cli.convert:export_group", "Convert a benchmark or results into another format."),
    "runevals": ("mb.cli.runevals:runevals", "Run and score a Microsoft 365 evals.json dataset (runevals-compatible)."),
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
