"""Reading a results file written by ``mb eval -o``: one :class:`ExampleResult` per line."""

from __future__ import annotations

from collections.abc import Iterator
from os import PathLike

from ..results import ExampleResult
from ..results_format import iter_results_file, parse_result_line

__all__ = ["parse_result_line", "read_results"]


def read_results(path: str | PathLike[str]) -> Iterator[ExampleResult]:
    """Read a results file written by ``mb eval -o`` (any results format; the run record line is skipped); a line
    that is not a result raises ``ValueError`` naming ``FILE:LINE``."""
    yield from iter_results_file(path)
