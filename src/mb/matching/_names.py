"""Names of tools and parameters that may be one another under another spelling."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["letters"]


@lru_cache(maxsize=4096)  # tool and parameter names repeat from line to line
def letters(name: str) -> str:
    """The letters and digits of ``name`` in compatibility form (NFKC: fullwidth letters are the ASCII ones), ignoring
    case, separators and invisible format characters: two names with the same letters may be one name."""
    return "".join(char for char in unicodedata.normalize("NFKC", name).casefold() if char.isalnum())
