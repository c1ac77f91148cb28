"""Differences embeddings barely see and no offline rule can settle: the pair is then undecided, never passed.

"Ana is the manager of Ben" and "the manager of Ana is Ben" use the same words in another order; "writing on a
whiteboard" and "writing" differ by a qualifier the candidate leaves out; "what does a flu rash look like" and "how
soon does a flu rash appear" share a topic but ask different things. Embeddings put each pair close together, yet
some such pairs mean the same and some do not: a reordered clause or an omitted detail may or may not matter. These
checks say the pair cannot be decided offline (an LLM judge, when configured, decides it).
"""

from __future__ import annotations

import re
from collections import Counter

from ._text import STOPWORDS, content_stems, words

__all__ = ["added_detail", "doubts", "stated_on_a_line", "substitution"]

_WH = frozenset({"what", "which", "who", "whom", "whose", "when", "where", "why", "how"})
_AUX = frozenset({"is", "are", "was", "were", "do", "does", "did", "can", "could", "should", "would", "will", "to"})
_QUESTION_START = _WH | _AUX | frozenset({"has", "have", "may", "might", "must", "shall"})
_SENTENCE_END = re.compile(r"[.!?]\s*\Z")


def _reordered(candidate: list[str], reference: list[str]) -> str | None:
    """The same content words (at least three) in a different order, other than one part moved whole to the other
    end ("chocolate chip cookie recipe" / "recipe for chocolate chip cookies" keeps every relation)."""
    if len(reference) < 3 or candidate == reference or Counter(candidate) != Counter(reference):
        return None
    if any(candidate == reference[i:] + reference[:i] for i in range(1, len(reference))):
        return None
    return "the same words in a different order: who does what to whom may differ"


def _omitted(candidate: list[str], reference: list[str]) -> str | None:
    """The candidate adds nothing and leaves out content words of the reference (a dropped qualifier)."""
    missing = [word for word in dict.fromkeys(reference) if word not in set(candidate)]
    if not missing or not candidate or set(candidate) - set(reference):
        return None
    return f"the candidate leaves out {', '.join(repr(word) for word in missing[:3])} of the reference"


def _is_question(text: str) -> bool:
    found = words(text)
    return text.rstrip().endswith("?") or (
        bool(found) and found[0] in _QUESTION_START and not _SENTENCE_END.search(text)
    )


def _frame(text: str) -> tuple[str, ...]:
    """What a question asks: its question word and the word after it ("how soon", "what does", "is")."""
    found = words(text)
    for i, word in enumerate(found):
        if word in _WH:
            following = found[i + 1] if i + 1 < len(found) else ""
            return (word, following if following in _AUX or following not in STOPWORDS else "")
    return (found[0],) if found else ()


def _asks_otherwise(candidate: str, reference: str) -> str | None:
    """Both texts are questions whose question words ask for different things."""
    if not (_is_question(candidate) and _is_question(reference)):
        return None
    mine, theirs = _frame(candidate), _frame(reference)
    if mine == theirs or not mine or not theirs:
        return None
    return f"the questions ask different things ({' '.join(mine)!r} / {' '.join(theirs)!r})"


def substitution(candidate: str, reference: str) -> str | None:
    """One content word of the reference replaced by another, the rest shared ("raising" / "lowering" an arm, a "man"
    / a "person"): a synonym, an opposite or a broader word, which embeddings do not tell apart."""
    mine, theirs = set(content_stems(candidate)), set(content_stems(reference))
    added, dropped = mine - theirs, theirs - mine
    if len(added) != 1 or len(dropped) != 1 or not mine & theirs:
        return None
    return f"one word differs ({next(iter(added))!r} / {next(iter(dropped))!r}): a synonym or another meaning"


def added_detail(candidate: str, reference: str) -> str | None:
    """The candidate states every content word of the reference, in order, and adds some: extra detail, which a tool
    argument may carry ("trade publication Variety put up for sale" / "Variety up for sale") or which may change the
    goal; never a confident failure."""
    mine, theirs = content_stems(candidate), content_stems(reference)
    rest = iter(mine)
    if not theirs or len(mine) <= len(theirs) or not all(word in rest for word in theirs):
        return None
    return "the candidate states every content word of the reference and adds detail"


def stated_on_a_line(candidate: str, reference: str) -> bool:
    """A line of a multi-line candidate (a group of parameters is joined one per line) states exactly the reference's
    content words, in order: the other lines add fields ("Design review" and a location for "Design review")."""
    theirs = content_stems(reference)
    lines = candidate.splitlines()
    return len(lines) > 1 and bool(theirs) and any(content_stems(line) == theirs for line in lines)


_AGENT = re.compile(r"\b(?:being\s+\w+|\w+(?:ed|en|wn))\s+by\b", re.IGNORECASE)
"""A passive agent: "being cut by", "brushed by", "written by", "thrown by" (not "a girl by a sign")."""


def _passive(candidate: str, reference: str) -> bool:
    """One text names a passive agent and the other does not: the active and passive voice of one clause ("a man is
    cutting a tomato" / "a tomato is being cut by a man"), whose roles the roles guard has already compared."""
    return bool(_AGENT.search(candidate)) != bool(_AGENT.search(reference))


def doubts(candidate: str, reference: str) -> list[str]:
    """Why the pair cannot be decided offline (empty when nothing stands in the way). The roles guard is run first:
    a reordering it did not object to across active and passive voice is no doubt."""
    mine, theirs = content_stems(candidate), content_stems(reference)
    reordered = None if _passive(candidate, reference) else _reordered(mine, theirs)
    found = [reordered, _omitted(mine, theirs), _asks_otherwise(candidate, reference)]
    return [reason for reason in found if reason is not None]
