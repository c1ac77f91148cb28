"""The symbols a text says besides its words: "C++" / "C#", "A+" / "A-", "x ≠ y" / "x = y", "✅" / "❌", "-label:x" /
"label:x", "~~shipped~~" / "shipped". Words leave them out, so do embeddings nearly; when two texts do not say the
same symbols in the same order, what they say may differ."""

from __future__ import annotations

import re
import unicodedata

from ._text import fold

__all__ = ["signs_in_words", "symbols_differ"]

_SIGN = r"(<=|>=|!=|[<>=\u2264\u2265\u2260])(?![<>=])"
_COMPARISON = re.compile(rf"(?<![<>=!-]){_SIGN}(?=\s*[-+\u2212]?[A-Z]{{0,3}}[^\w\s]?\s?\d)|(?<=\d)\s*{_SIGN}")
"""A sign of comparison before or after a number ("x < 10", "price \u2265 \u20ac100", "10 <= x"); not an arrow ("->",
"=>")."""
_SIGN_WORDS = {"<": "less than", ">": "more than", "<=": "at most", "\u2264": "at most", ">=": "at least",
               "\u2265": "at least", "=": "exactly", "!=": "not equal to", "\u2260": "not equal to"}  # fmt: skip

_MARKUP = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t])", re.MULTILINE)
"""What opens a line of Markdown: a heading, a quote, a list item."""
_RUN = re.compile(r"[^\w\s]+")
_KEPT = frozenset("+#=<>&|~^@\u2032\u2033\u2020\u2021\u00a7\u00b6")
"""Signs that say something of their own (ASCII ones, primes for feet and inches, the dagger of a death, the section
and paragraph signs); of the others, "-" and "!" only where ``_symbols`` says."""
_PLAIN = frozenset("\u00b0\u00a9\u00ae")
"""Signs read as words or units elsewhere (degrees) or that say nothing (copyright)."""


def signs_in_words(text: str) -> str:
    """``text`` (folded) with each sign of comparison beside a number read as its words ("\u2265 10": "at least 10",
    "= 10": "exactly 10")."""
    return _COMPARISON.sub(lambda m: f" {_SIGN_WORDS[m[1] or m[2]]} ", fold(text))


def _symbols(text: str) -> list[str]:
    """The symbols of ``text`` in order, each run of them as one: signs of mathematics and other symbols (arrows, marks,
    stars, emoji), the ASCII signs of ``_KEPT``, a currency sign beside no number and an emoticon (":)"); a "-" alone
    only before or after a word ("-label", "--force", "A-"; "said-- " is a dash), not inside one ("e-mail") nor
    between spaces (a dash); a "!" alone only before a word ("!x"). Left out: ordinary punctuation, a number's sign
    and a currency or percent sign beside a number (the number reader reads them), signs of comparison beside a
    number (``signs_in_words``), Markdown openings and emphasis ("**", "_"), a "~" before a number (about), an "&"
    between spaced words ("and")."""
    text = _MARKUP.sub(" ", signs_in_words(text).replace("\u2212", "-"))
    text = re.sub(r"(?<!~)~(?=\s?\d)|(?<=\s)&(?=\s)", " ", text)
    found = []
    for run in _RUN.finditer(text):
        before, after = text[: run.start()][-1:], text[run.end() : run.end() + 1]
        if run[0] in ("-", "+") and after.isdigit() and not before.isalnum():
            continue  # a number's sign
        by_number = any(c.isdigit() for c in text[: run.start()].rstrip()[-1:] + text[run.end() :].lstrip()[:1])
        kept = "".join(c for c in run[0] if c in _KEPT or c in "-!" or _category(c, by_number))
        if kept.strip("-!"):
            found.append(kept)
        elif re.fullmatch(r"[:;]-?[()]", run[0]) and not before.isalnum():
            found.append(run[0])
        elif "-" in run[0] and before.isalnum() != after.isalnum() and (after.isalnum() or run[0].count("-") == 1):
            found.append("-" * run[0].count("-"))  # not a dash written "--" after a word
        elif run[0].endswith("!") and after.isalnum():
            found.append("!")
    return found


def _category(sign: str, by_number: bool) -> bool:
    """Whether ``sign`` is a symbol of its own: a sign of mathematics or another symbol, a currency sign beside no
    number."""
    kind = unicodedata.category(sign)
    return (kind in ("Sm", "So") and sign not in _PLAIN) or (kind == "Sc" and not by_number)


def symbols_differ(candidate: str, reference: str) -> str | None:
    """Why the texts' symbols differ (``_symbols``): one says a symbol the other does not, or in another order."""
    mine, theirs = _symbols(candidate), _symbols(reference)
    if mine == theirs:
        return None
    alone = [s for s in mine if s not in theirs] + [s for s in theirs if s not in mine]
    if alone:
        return f"only one text says {', '.join(repr(s) for s in dict.fromkeys(alone))}: a symbol may change the meaning"
    return f"the symbols differ ({' '.join(mine)} / {' '.join(theirs)}): a symbol may change the meaning"
