"""Word-overlap measures shared by the lexical judge and the local judge's SUPPORT check."""

from __future__ import annotations

from rapidfuzz import fuzz

from ._doubts import one_spelling
from ._text import content_stems, normalize, sentences, words, written

__all__ = ["contains_reference", "pair_similarity", "support_overlap", "unsupported_wording"]


def _bag(text: str) -> set[str]:
    stems = content_stems(text)
    return set(stems) if stems else set(words(text))


def _containment(span: str, passage: str) -> float:
    own = _bag(span)
    return len(own & _bag(passage)) / len(own) if own else 1.0


def pair_similarity(candidate: str, reference: str) -> tuple[float, str]:
    """Dice overlap of content-word stems, weighted twice the order-insensitive fuzzy ratio, with its description.

    Texts sharing no content word score 0: the character-level ratio of two unrelated sentences is often near 0.5,
    which must not read as a match.
    """
    a, b = _bag(candidate), _bag(reference)
    dice = 2 * len(a & b) / (len(a) + len(b)) if a or b else 1.0
    fuzzy = fuzz.token_sort_ratio(normalize(candidate), normalize(reference)) / 100.0
    raw = (2 * dice + fuzzy) / 3 if dice > 0 else 0.0
    return raw, f"word overlap {dice:.2f}, fuzzy ratio {fuzzy:.2f}, similarity {raw:.2f}"


def contains_reference(candidate: str, reference: str) -> bool:
    """Whether the candidate states every content word of the reference (and maybe more detail)."""
    own = set(content_stems(reference))
    return bool(own) and own <= set(content_stems(candidate))


def support_overlap(span: str, chunk: str) -> tuple[float, str, list[str]]:
    """How much of the span the chunk contains: the mean of content-word containment and the best fuzzy substring
    alignment. Returns the measure, its description and the chunk sentences that share most words with the span."""
    contained = _containment(span, chunk)
    aligned = fuzz.partial_ratio(normalize(span), normalize(chunk)) / 100.0
    raw = (contained + aligned) / 2
    scored = [(_containment(span, sentence), sentence) for sentence in sentences(chunk)]
    best = max((score for score, _ in scored), default=0.0)
    windows = [sentence for score, sentence in scored if score >= best - 1e-9]
    detail = f"{contained:.0%} of the span's words in the chunk, alignment {aligned:.2f}, overlap {raw:.2f}"
    return raw, detail, windows


_SPELLED = 8
"""Chunk sentences, of those equally close to a span sentence, read again in one spelling with it (each reading scans
both texts; a long chunk of unrelated sentences would otherwise be read whole)."""


def _gap(mine: list[str], theirs: list[str]) -> tuple[list[str], bool]:
    """The content stems of ``mine`` that ``theirs`` lacks, and whether the others come in the order of ``theirs``."""
    missing = [word for word in dict.fromkeys(mine) if word not in theirs]
    rest = iter(theirs)
    return missing, all(word in rest for word in mine if word not in missing)


def _rank(gap: tuple[list[str], bool]) -> tuple[int, bool]:
    return len(gap[0]), not gap[1]


def unsupported_wording(span: str, chunk: str) -> str | None:
    """Why the chunk does not say what the span says in its words, or None when it does: every content word of each
    sentence of the span (by stem, numbers and names included) stands in one sentence of the chunk, in the same order
    ("Paris is the capital of France" in "Paris is the capital and most populous city of France"). A word written
    otherwise ("ten" / "10", "colour" / "color") is read in one spelling of both. Word overlap and cosine cannot see
    "Bob owes Alice" in "Alice owes Bob", nor "morning" for "afternoon": a span missing a word or saying its words in
    another order is never supported offline."""
    windows = {window: content_stems(window) for window in sentences(chunk)}
    for said in sentences(span):
        mine = content_stems(said)
        gaps = {window: _gap(mine, theirs) for window, theirs in windows.items()}
        least = min(map(_rank, gaps.values()), default=(0, False))
        if least == (0, False):
            continue
        nearest = [window for window, gap in gaps.items() if _rank(gap) == least][:_SPELLED]
        spelled = [
            _gap(content_stems(one_spelling(said, window)[0]), content_stems(one_spelling(window, said)[0]))
            for window in nearest
        ]
        missing, ordered = min([gaps[nearest[0]], *spelled], key=_rank)
        if missing:
            words_of = written(said)
            absent = ", ".join(repr(words_of.get(word, word)) for word in missing[:4])
            return f"no sentence of the chunk says {absent} with the span's other words"
        if not ordered:
            return "the chunk says the span's words in another order"
    return None
