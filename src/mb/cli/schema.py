"""``mb schema``: print or write the JSON Schema of one benchmark line."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..entities import Example

__all__ = ["schema"]


@click.command()
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=Path), help="Write the schema to FILE."
)
def schema(output: Path | None) -> None:
    """Print the JSON Schema of one benchmark line (an `Example`).

    Non-Python tools can validate benchmark files against it.
    """
    text = json.dumps(Example.model_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}", err=True)
