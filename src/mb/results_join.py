"""Joining results to the examples they score: by the example's stable hash, never by line number alone.

A result names its example by ``example_hash``; the line it is joined to must hold an example with that hash.
Results written before the format carried hashes (format 1) have none and can only be joined by line.
"""

from __future__ import annotations

from ._hashing import example_hash
from .entities import Example
from .errors import InputError
from .io import LineError
from .results import ExampleResult

__all__ = ["JoinMismatch", "check_join", "hash_of_line"]


class JoinMismatch(InputError):
    """A result was joined to a line that holds another example (or none): the files do not belong together."""


def hash_of_line(example: Example | None) -> str | None:
    """The hash of an executed line: of its example; None when the line holds no valid example."""
    return None if example is None else example_hash(example)


def check_join(result: ExampleResult, where: str, example: Example | None, why: LineError | None = None) -> None:
    """Raise :class:`JoinMismatch` when ``result`` carries a hash and the line ``where`` (``FILE:LINE``) holds
    another example, or no valid one (``why``: the line's problems, named in the message)."""
    expected = result.example_hash
    if expected is None:
        return
    actual = hash_of_line(example)
    if actual == expected:
        return
    found = f"example {actual[:12]}" if actual is not None else "no valid example"
    if actual is None and why is not None:
        found += f" ({'; '.join(f'{problem.path}: {problem.message}' for problem in why.problems)})"
    raise JoinMismatch(
        f"{where}: the result of line {result.line} scores example {expected[:12]}, but this line holds {found}: "
        "the results were not computed from this file (another benchmark, another run, or lines moved); "
        "evaluate this file with `mb eval` to get its results"
    )
