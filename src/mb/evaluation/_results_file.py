"""Reading a results file written by ``mb eval -o``: one :class:`ExampleResult` per line."""

from __future__ import annotations

from collections.abc import Iterator
from os import PathLike

from pydantic import ValidationError

from ..results import ExampleResult
from ..results_format import iter_results_file

__all__ = ["parse_result_line", "read_results"]


def parse_result_line(data: bytes, *, file: str, line: int) -> ExampleResult:
    """One results line; raises ``ValueError("FILE:LINE: not an evaluation result (...)")`` for anything else."""
    try:
        return ExampleResult.model_validate_json(data)
    except ValidationError as exc:
        problem = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in problem["loc"])
        detail = f"{where}: {problem['msg']}" if where else problem["msg"]
        raise ValueError(f"{file}:{line}: not an evaluation result ({detail})") from None


def read_results(path: str | PathLike[str]) -> Iterator[ExampleResult]:
    """Read a results file written by ``mb eval -o`` (any results format; the run record line is skipped); a line
    that is not a result raises ``ValueError`` naming ``FILE:LINE``."""
    yield from iter_results_file(path)
