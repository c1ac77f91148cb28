"""A Griffe extension for the API reference: the docstrings' reStructuredText roles and literal-block markers read
as Markdown.

``:class:`~mb.entities.Outputs``` becomes ```Outputs```, ``:func:`mb.run``` becomes ```mb.run```, and a paragraph
ending with ``::`` ends with ``:`` (its indented block is already a Markdown code block).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["ReStructuredTextRoles", "markdown"]

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const):`!?(~?)([^`]+)`")
_LITERAL = re.compile(r"(\S)::$", re.MULTILINE)


def markdown(text: str) -> str:
    """``text`` with roles as code spans and ``::`` markers as colons."""

    def code(match: re.Match[str]) -> str:
        target = match.group(2).strip()
        return f"`{target.rsplit('.', 1)[-1] if match.group(1) else target}`"

    return _LITERAL.sub(r"\1:", _ROLE.sub(code, text))


class ReStructuredTextRoles(griffe.Extension):
    """Rewrites each object's docstring as it is loaded."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        """Convert the docstring of ``obj``, when it has one."""
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
