"""Names of tools and parameters that may be one another under another spelling."""

from __future__ import annotations

import unicodedata

__all__ = ["alike", "letters", "mixed"]


def letters(name: str) -> str:
    """The letters and digits of ``name`` in compatibility form (NFKC: fullwidth letters are the ASCII ones), ignoring
    case, separators and invisible format characters."""
    return "".join(char for char in unicodedata.normalize("NFKC", name).casefold() if char.isalnum())


def _script(char: str) -> str:
    return unicodedata.name(char, "").partition(" ")[0]


def mixed(name: str) -> bool:
    """Whether ``name`` holds letters of two scripts or more (Latin and Cyrillic, say)."""
    return len({_script(char) for char in name if char.isalpha()}) > 1


def alike(name: str, wanted: str) -> bool:
    """Whether two names folded by :func:`letters` may be the same: equal, or alike letter by letter where each place
    holds the same letter or letters of two scripts (``delete`` with a Cyrillic ``e``, U+0435, for ``delete``), the
    same letter at one place at least."""
    if not name or name == wanted:
        return bool(name)
    if len(name) != len(wanted):
        return False
    pairs = list(zip(name, wanted, strict=True))
    return any(a == b and a.isalpha() for a, b in pairs) and all(
        a == b or (a.isalpha() and b.isalpha() and _script(a) != _script(b)) for a, b in pairs
    )
