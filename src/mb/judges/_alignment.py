"""Word-piece alignment of two short texts: how well each piece of one finds a counterpart in the other.

A sentence cosine averages every word piece away: "a man is slicing bread" and "a man is slicing a loaf of bread
carefully" score high, and so does a pair that differs in one important word. Greedy soft alignment (as BERTScore
computes it) keeps the detail: each word piece of the candidate is matched to its most similar piece of the reference
(the cosine of their last-layer MiniLM vectors, which the sentence embedding's forward pass computes anyway), and the
other way round. From that one small matrix product come the candidate's precision and the reference's recall (plain,
and weighted by the rarity of each piece: rare pieces carry the meaning), the least-aligned content piece on each side,
how many content pieces on each side find no close counterpart, and the rarity-weighted mass that each side leaves
unmatched (information the candidate drops, or adds).

Rarity is the inverse document frequency of each word piece, counted on the texts of the labelled public pairs (no
label is read) by ``bench/fit_local_model.py``, which also marks the word pieces that carry no content (stopwords,
punctuation); both ship in ``alignment.npz`` beside this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ALIGNMENT_FEATURES", "IDF_FILE", "UNMATCHED", "Pieces", "Rarity", "alignment_features", "pieces", "rarity"]

_MEASURES = (
    "align_precision",
    "align_recall",
    "align_f1",
    "align_precision_idf",
    "align_recall_idf",
    "align_f1_idf",
    "candidate_least_aligned",
    "reference_least_aligned",
    "candidate_unmatched",
    "reference_unmatched",
    "candidate_unmatched_loose",
    "reference_unmatched_loose",
    "reference_missing_mass",
    "candidate_added_mass",
    "reference_second_least_aligned",
    "candidate_second_least_aligned",
    "reference_least_aligned_rarity",
    "candidate_least_aligned_rarity",
    "reference_pieces",
    "candidate_pieces",
)

ALIGNMENT_FEATURES = (*_MEASURES, *(f"static_{name}" for name in _MEASURES))
"""Names of the alignment measures, in the order ``alignment_features`` returns them: over the last-layer states,
then over the context-free input embeddings (``static_``)."""

UNMATCHED = (0.6, 0.7)
"""A content piece whose best counterpart is below this cosine counts as unmatched (strict, loose)."""

IDF_FILE = Path(__file__).with_name("alignment.npz")
"""Inverse document frequency and the content mask per word-piece id (``bench/fit_local_model.py --write``)."""


@dataclass(frozen=True, slots=True)
class Rarity:
    """Per word-piece id: its inverse document frequency and whether it carries content."""

    idf: npt.NDArray[np.float32]
    """Inverse document frequency by id (ids never seen take the largest value)."""

    content: npt.NDArray[np.bool_]
    """True for ids that are not a stopword, a punctuation mark or a special token."""


@lru_cache(maxsize=1)
def rarity() -> Rarity:
    """The shipped rarity tables, loaded once."""
    import numpy as np

    with np.load(IDF_FILE) as stored:
        return Rarity(idf=stored["idf"].astype(np.float32), content=stored["content"].astype(bool))


@dataclass(frozen=True, slots=True)
class Pieces:
    """One text's word pieces as the alignment reads them."""

    vectors: npt.NDArray[np.float32]
    """Unit vector of each piece (pieces x dimension)."""

    idf: npt.NDArray[np.float32]
    """Inverse document frequency of each piece."""

    content: npt.NDArray[np.bool_]
    """Whether each piece carries content."""

    static: npt.NDArray[np.float32]
    """Unit context-free input embedding of each piece (pieces x dimension)."""


def _unit(rows: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    import numpy as np

    norms = np.linalg.norm(rows, axis=1, keepdims=True) if len(rows) else np.ones((0, 1), np.float32)
    unit: npt.NDArray[np.float32] = (rows / np.maximum(norms, np.float32(1e-12))).astype(np.float32)
    return unit


def pieces(
    ids: Sequence[int],
    states: npt.NDArray[np.float32],
    words: npt.NDArray[np.float32],
    table: Rarity | None = None,
) -> Pieces:
    """A text's pieces from its word-piece ids, their last-layer states and their input embeddings (``table``: the
    shipped rarity unless given)."""
    import numpy as np

    table = table or rarity()
    index = np.asarray(ids, dtype=np.int64)
    known = index < len(table.idf)
    safe = np.where(known, index, 0)
    idf = np.where(known, table.idf[safe], float(table.idf.max()) if len(table.idf) else 1.0).astype(np.float32)
    content = np.where(known, table.content[safe], True)
    return Pieces(_unit(states), idf, content.astype(bool), _unit(words))


def _least(values: npt.NDArray[np.float32], rank: int) -> float:
    """The ``rank``-th smallest value (0 first), 1.0 when there are not that many."""
    import numpy as np

    if len(values) <= rank:
        return 1.0
    return float(np.partition(values, rank)[rank])


def alignment_features(candidate: Pieces, reference: Pieces) -> list[float]:
    """The measures of ``ALIGNMENT_FEATURES`` for one pair."""
    if not len(candidate.vectors) or not len(reference.vectors):
        return [0.0] * len(ALIGNMENT_FEATURES)
    return [
        *_measures(candidate.vectors @ reference.vectors.T, candidate, reference),
        *_measures(candidate.static @ reference.static.T, candidate, reference),
    ]


def _measures(similarity: npt.NDArray[np.float32], candidate: Pieces, reference: Pieces) -> list[float]:
    """The measures of ``_MEASURES`` from the cosine of every candidate piece with every reference piece."""
    import numpy as np

    cand_best = similarity.max(axis=1)
    ref_best = similarity.max(axis=0)
    precision, recall = float(cand_best.mean()), float(ref_best.mean())
    w_cand, w_ref = candidate.idf, reference.idf
    precision_idf = float((w_cand * cand_best).sum() / max(float(w_cand.sum()), 1e-9))
    recall_idf = float((w_ref * ref_best).sum() / max(float(w_ref.sum()), 1e-9))
    cand_content, ref_content = cand_best[candidate.content], ref_best[reference.content]
    strict, loose = UNMATCHED

    def f1(p: float, r: float) -> float:
        return 2 * p * r / max(p + r, 1e-9)

    def rarest_gap(best: npt.NDArray[np.float32], side: Pieces) -> float:
        if not side.content.any():
            return 0.0
        return float(side.idf[side.content][int(np.argmin(best[side.content]))])

    return [
        precision,
        recall,
        f1(precision, recall),
        precision_idf,
        recall_idf,
        f1(precision_idf, recall_idf),
        _least(cand_content, 0),
        _least(ref_content, 0),
        float((cand_content < strict).sum()),
        float((ref_content < strict).sum()),
        float((cand_content < loose).sum()),
        float((ref_content < loose).sum()),
        float(((1 - ref_best) * w_ref * reference.content).sum()),
        float(((1 - cand_best) * w_cand * candidate.content).sum()),
        _least(ref_content, 1),
        _least(cand_content, 1),
        rarest_gap(ref_best, reference),
        rarest_gap(cand_best, candidate),
        float(len(reference.vectors)),
        float(len(candidate.vectors)),
    ]
