"""What a text shows: a text of only whitespace and format characters (zero-width space, byte order mark...) is
blank."""

from __future__ import annotations

import unicodedata

__all__ = ["trimmed"]


def _invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) == "Cf"


def trimmed(text: str) -> str:
    """``text`` without the whitespace and format characters (Unicode category Cf) at its ends: empty when blank."""
    start, stop = 0, len(text)
    while start < stop and _invisible(text[start]):
        start += 1
    while stop > start and _invisible(text[stop - 1]):
        stop -= 1
    return text[start:stop]
