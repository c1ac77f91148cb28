"""``mb schema``: print or write the JSON Schema of one benchmark line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..entities import Example
from ..entities.extended import extended_assertions_schema
from ..io import write_atomically
from ._files import writing

__all__ = ["schema"]


@click.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write the schema to FILE.")
@click.option(
    "--extensions",
    is_flag=True,
    help="Print the JSON Schema of `expectations.extended_assertions` instead (the published schema allows the key).",
)
def schema(output: Path | None, extensions: bool) -> None:
    """Print the JSON Schema of one benchmark line (an `Example`).

    Non-Python tools can validate benchmark files against it. With `--extensions`, the schema of the list
    `expectations.extended_assertions`, which MorganaBench reads beside the published assertions.
    """
    document = extended_assertions_schema() if extensions else Example.model_json_schema()
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        with writing("-"):
            click.echo(text, nl=False)
            sys.stdout.flush()
    else:
        with writing(output):
            write_atomically(output, [text.encode("utf-8")], compress=False)
        click.echo(f"wrote {output}", err=True)
