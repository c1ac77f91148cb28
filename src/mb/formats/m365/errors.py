"""Errors raised for Microsoft 365 evaluation documents: which file, which JSON path, what is wrong."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import InputError
from ...io import Problem

__all__ = ["M365DocumentError", "Problem"]


class M365DocumentError(InputError):
    """A document that cannot be used: unreadable JSON, wrong shape, or not valid under the 1.7.0 schema.

    ``str()`` gives one line per problem as ``FILE: $.json.path: message``.
    """

    def __init__(self, file: str, problems: Sequence[Problem]) -> None:
        self.file = file
        """The document's path (``<memory>`` for an in-memory document)."""
        self.problems = tuple(problems)
        """Every problem found, at least one."""
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(f"{self.file}: {p.path}: {p.message}" for p in self.problems)
