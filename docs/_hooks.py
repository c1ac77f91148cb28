"""MkDocs hooks: files of the site generated from the package when the site is built.

The JSON Schema of a benchmark line and the example benchmarks are produced by the installed ``mb`` package, the
same way ``mb schema`` and ``mb examples`` produce them, so the files a reader downloads are always the ones the
code validates against.
"""

from __future__ import annotations

import json
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

__all__ = ["DOWNLOADS", "download_files", "on_files"]

DOWNLOADS = ("morganabench.schema.json", "examples-unexecuted.jsonl", "examples-executed.jsonl")
"""Files offered for download under ``downloads/``."""


def download_files() -> dict[str, str]:
    """The text of each downloadable file, by name."""
    from mb.data import example_lines
    from mb.entities import Example

    def jsonl(executed: bool) -> str:
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in example_lines(executed=executed))

    return {
        "morganabench.schema.json": json.dumps(Example.model_json_schema(), indent=2, ensure_ascii=False) + "\n",
        "examples-unexecuted.jsonl": jsonl(False),
        "examples-executed.jsonl": jsonl(True),
    }


def on_files(files: Files, *, config: MkDocsConfig, **_: Any) -> Files:
    """Add the downloadable files to the site."""
    for name, text in download_files().items():
        files.append(File.generated(config, f"downloads/{name}", content=text))
    return files
