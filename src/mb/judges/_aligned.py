"""A word of one text written as the other text writes it when both name the same thing: a known synonym ("bike" /
"bicycle", "kid" / "child") or a place and its people ("Russia" / "Russian").

"A kid is riding a bike" and "A child is riding a bicycle" differ in two words that mean the same in any context.
Read in the reference's words, the candidate makes the same statement (``same_statement``), and no word of it is
"replaced" (``substitution``); its order and its function words are still checked.
"""

from __future__ import annotations

import re

from ._text import STOPWORDS, content_stems, stem, written

__all__ = ["in_their_words"]

_SYNONYMS_TEXT = """kid child children; lady woman women; guy man men; dad father; mom mother; someone somebody;
    anyone anybody; everyone everybody; bike bicycle; airplane aeroplane; car automobile; tv television; phone
    telephone; photo photograph; fridge refrigerator; motorbike motorcycle; sofa couch; jump leap; quickly rapidly;
    jail prison; inmate prisoner"""
_GROUP = {stem(word): i for i, group in enumerate(_SYNONYMS_TEXT.split(";")) for word in group.split()}
"""Words that mean the same in any context, by stem; not "big" / "large" ("my big sister" is no "large sister"), nor a
broader word ("dog" / "animal", "boy" / "kid"), nor a word of several meanings ("plane", "film", "blast")."""
_PEOPLE = ("n", "an", "ian")
"""Endings that make the name of a place the word for its people ("Russia" / "Russian", "Egypt" / "Egyptians")."""
_WORD = re.compile(r"[^\W_]+")


def _alike(one: str, other: str, names: set[str]) -> bool:
    """Two content stems that name the same: synonyms, or a place (among ``names``, written with a capital) and its
    people."""
    if one in _GROUP and _GROUP[one] == _GROUP.get(other):
        return True
    short, long = sorted((one, other), key=len)
    return short in names and long.startswith(short) and long[len(short) :] in _PEOPLE


def in_their_words(text: str, other: str) -> str:
    """``text`` with each content word ``other`` lacks written as ``other`` writes the one word it has and ``text``
    lacks that names the same ("A kid rides a bike" / "A child rides a bicycle": "A child rides a bicycle"), when
    then every content word of each text is in the other; else ``text`` as it is (in "purchase four shares" / "buy 4
    shares" more than a synonym differs)."""
    mine, theirs = set(content_stems(text)), set(content_stems(other))
    names = {stem(word.casefold()) for word in _WORD.findall(f"{text} {other}") if word[:1].isupper()}

    def theirs_for(match: re.Match[str]) -> str:
        word = match.group(0).casefold()
        own = stem(word)
        if word in STOPWORDS or own in theirs:
            return match.group(0)
        found = [stem_ for stem_ in sorted(theirs - mine) if _alike(own, stem_, names)]
        return written(other).get(found[0], found[0]) if len(found) == 1 else match.group(0)

    said = _WORD.sub(theirs_for, text)
    return said if set(content_stems(said)) == theirs else text
