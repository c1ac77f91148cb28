"""Names of tools and parameters that may be one another under another spelling."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["letters", "seen", "shown_name", "words"]


_NOT_ALNUM = dict.fromkeys(code for code in range(128) if not chr(code).isalnum())
"""The ASCII characters that are neither letters nor digits, for ``str.translate`` to drop."""


def letters(name: str) -> str:
    """The letters and digits of ``name`` in compatibility form (NFKC: fullwidth letters are the ASCII ones), ignoring
    case, separators and invisible format characters: two names with the same letters may be one name."""
    return _letters(name) if len(name) <= 200 else _letters.__wrapped__(name)  # a long text is not kept in memory


@lru_cache(maxsize=4096)  # tool and parameter names repeat from line to line
def _letters(name: str) -> str:
    if name.isascii():  # most names: NFKC keeps ASCII as it is, and case folds it as lower() does
        return name.lower().translate(_NOT_ALNUM)
    return "".join(char for char in unicodedata.normalize("NFKC", name).casefold() if char.isalnum())


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z]{4})(?=[0-9])")
"""Where a camelCase name turns to its next word (``mcpSrv``, ``HTTPServer``), and four letters or more to digits
(``account2``, ``HTTP404``, ``account2fa``; not ``sha256``, ``md5sum``: a short word with digits is a name)."""


def words(text: str) -> list[str]:
    """The words of ``text`` folded as by :func:`letters`, split at separators, at camelCase (``HTTPError`` is
    ``http``, ``error``) and before digits after four letters or more (``account2``), invisible format characters
    removed."""
    if text.isascii():  # most texts: the words are their letters already
        return [word.lower() for word in re.split(r"[\W_]+", _CAMEL.sub(" ", text)) if word]
    return [folded for word in re.split(r"[\W_]+", _CAMEL.sub(" ", seen(text))) if (folded := letters(word))]


def seen(text: str) -> str:
    """What ``text`` looks like: compatible forms alike (NFKC), invisible characters (format controls) left out."""
    return "".join(char for char in unicodedata.normalize("NFKC", text) if unicodedata.category(char) != "Cf")


def shown_name(name: str) -> str:
    """A name for a reason, its characters outside ASCII escaped beside it (``'d\\u0435lete'``): a letter of another
    script that looks like a Latin one shows."""
    return repr(name) if name.isascii() else f"{name!r} ({name!a})"
