"""What one text adds around the other's statement: courtesy ("Sure! ...", "... Thanks!"), which says nothing of it,
and other words before or after it ("..., I guess", "... in theory", "Probably ..."), which may hedge or retract it."""

from __future__ import annotations

import re
from dataclasses import replace

from ._text import normalize, words
from .base import JudgeRequest

__all__ = ["added_around", "without_courtesy"]

_COURTESY = frozenset(
    """sure|sure thing|okay|ok|alright|done|all done|all set|yes|thanks|thank you|hi|hello|great|great news|good news
    |perfect|of course|certainly|absolutely|no problem|got it|understood|here you go|you are welcome|happy to help
    |glad to help""".replace("\n", "").split("|")
)
"""Whole greetings, acknowledgements and thanks (a closed class, each a phrase: "no" alone is an answer)."""
_CLOSING = frozenset({"thanks", "thank you", "you are welcome", "happy to help", "glad to help"})
"""What may close a text as a sentence of its own ("done" there may contradict what precedes)."""
_ARTICLES = frozenset({"a", "an", "the"})
_LEADING = re.compile(r"\A\s*([^\W\d_][^\d.,:;!?()]*?)\s*(?:[,:!.]|\s[\u2013\u2014-])\s+(?=\S)")
_TRAILING = re.compile(r"(?<=[.!?])\s+([^\W\d_][^\d.,:;!?()]*?)\s*[.!]*\s*\Z")


def without_courtesy(request: JudgeRequest) -> JudgeRequest:
    """``request`` with its candidate and reference read without courtesy (``_plain``)."""
    return replace(request, candidate=_plain(request.candidate), reference=_plain(request.reference))


def _plain(text: str) -> str:
    """``text`` without a leading greeting or acknowledgement set off by punctuation ("Sure! ", "Done: ") and a closing
    sentence of thanks ("Thanks!"); the text itself when nothing else would remain."""
    stripped = text
    for pattern, said in ((_LEADING, _COURTESY), (_TRAILING, _CLOSING)):
        found = pattern.search(stripped)
        if found and normalize(found[1]) in said:
            stripped = stripped[: found.start()] + stripped[found.end() :]
    return stripped if normalize(stripped) else text


def added_around(candidate: str, reference: str) -> str | None:
    """The candidate says the reference word for word (articles aside) with words before or after it that may
    hedge, qualify or retract the statement ("reset, just kidding", "booked for now", "Apparently ..."), which neither a
    cosine nor word overlap sees, however close the texts."""
    mine, theirs = _said(candidate), _said(reference)
    size = len(theirs)
    if not size or len(mine) <= size or not any(mine[at : at + size] == theirs for at in range(len(mine) - size + 1)):
        return None
    return "the candidate says the reference with words before or after it, which may qualify or retract it"


def _said(text: str) -> list[str]:
    """The words of ``text``, articles left out ("sent to client" says "sent to the client")."""
    return [word for word in words(text) if word not in _ARTICLES]
