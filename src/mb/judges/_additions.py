"""What one text adds around the other's statement: courtesy ("Sure! ...", "... Thanks!"), which says nothing of it,
and other words before or after it ("..., I guess", "... in theory", "Probably ..."), which may hedge or retract it;
and what the other sentences of a response say of the one that states a fact."""

from __future__ import annotations

import re
from dataclasses import replace

from ._doubts import cues, is_question, negation_said
from ._text import LIST_ITEM, content_stems, normalize, whole_sentences, words
from .base import JudgeRequest

__all__ = ["added_around", "said_around", "without_courtesy"]

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


_DENIAL = 5
"""The most words of a sentence that says a negation and at most one content word more, read as denying what the
response says ("That is false.", "None of this is true."); a longer one says something of its own ("We will never ask
for it.")."""


def said_around(response: str, sentence: str, fact: str) -> str | None:
    """What the rest of ``response`` says that bears on ``fact``, which its whole sentence ``sentence`` states word for
    word, or None: a lead-in the sentence follows, or the list it is an item of ("Things that did not happen:", a
    heading), or a question ("Would you like me to confirm the following?"); another sentence saying the fact's words
    otherwise ("The order hasn't been cancelled."); a sentence after it with at most one content word of its own
    ("Psych!", "Just kidding.", "Or has it?"); a sentence that says a negation and little else ("That is false.").
    Each may frame, deny or retract the statement, which no offline rule can tell; greetings and thanks bear on
    nothing."""
    pieces = whole_sentences(response)
    if sentence not in pieces:
        return None
    at = lead = pieces.index(sentence)
    item = bool(LIST_ITEM.match(sentence))
    while item and lead > 0 and LIST_ITEM.match(pieces[lead - 1]):
        lead -= 1
    before = pieces[lead - 1] if lead else ""
    if before and (before.endswith(":") or is_question(before) or (item and not before.endswith((".", "!")))):
        return f"it follows {before!r}, which may frame it"
    own = set(content_stems(fact))
    for index, other in enumerate(pieces):
        if index == at or normalize(other) in _COURTESY or normalize(other) == normalize(sentence):
            continue
        stems = set(content_stems(other))
        if own and own <= stems:
            cued = cues(other, fact)
            return f"the sentence {other!r} says its words otherwise{f' ({cued[0]})' if cued else ''}"
        if index > at and len(stems - own) <= 1:
            return f"the sentence {other!r} after it says too little of its own: it may retract or qualify it"
        negation = negation_said(other)
        if negation and len(words(other)) <= _DENIAL and len(stems - own - set(content_stems(negation))) <= 1:
            return f"the sentence {other!r} says {negation!r} and little else: it may deny it"
    return None
