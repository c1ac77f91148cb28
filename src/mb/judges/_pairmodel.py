"""The local judge's equivalence model: P(same meaning) from a few measures of a pair, by logistic regression.

A single cosine threshold cannot tell "a man is chopping an onion" / "a person is chopping a red onion" (cosine .92,
not equivalent) from "one man is dancing" / "a man is dancing" (cosine .90, equivalent). The model weighs the cosine
with word-level evidence the judge already has: content-word overlap and containment in each direction, the
order-insensitive fuzzy ratio, the length ratio, and how many content words each side has that the other lacks.

Guards are hard vetoes on short pairs (at most ``SHORT_WORDS`` words, the shape of tool arguments: there a changed
number, negation or name is almost always a different goal). On longer texts they fire on many true paraphrases
(news sentences that round a figure or name a person differently), so there each guard is a feature of the model
rather than a veto. The weights are fitted on the labelled public pairs by ``bench/fit_local_model.py``, which prints
the cross-validated precision and recall of the shipped operating point.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rapidfuzz import fuzz

from ._confidence import SHORT_WORDS
from ._guards import CONFLICT_PREFIX, GuardFailure
from ._overlap import pair_similarity
from ._text import content_stems, normalize

__all__ = [
    "FEATURES",
    "GUARDS",
    "MODEL_THRESHOLD",
    "WEIGHTS",
    "features",
    "probability",
    "vetoes",
]

GUARDS = ("numbers", "negation", "antonyms", "entities", "direction", "roles")
"""The guards whose firing on a long pair is a feature of the model."""

FEATURES = (
    "cosine",
    "lexical",
    "token_set",
    "length_ratio",
    "short",
    "cosine_short",
    "lexical_short",
    "reference_only",
    "candidate_only",
    "one_substitution",
    "reference_covered",
    "candidate_covered",
    *(f"long_{guard}" for guard in GUARDS),
    "bias",
)
"""Names of the model's inputs, in the order of ``WEIGHTS``."""

WEIGHTS: tuple[float, ...] = (
    6.1707,  # cosine
    5.7346,  # lexical
    -2.5872,  # token_set
    0.0017,  # length_ratio
    -4.2734,  # short
    10.4916,  # cosine_short
    -5.6598,  # lexical_short
    1.7735,  # reference_only
    1.1074,  # candidate_only
    -0.7912,  # one_substitution
    3.6764,  # reference_covered
    -0.2871,  # candidate_covered
    0.3180,  # long_numbers
    -1.9629,  # long_negation
    -2.4591,  # long_antonyms
    0.3184,  # long_entities
    0.0000,  # long_direction
    -1.0977,  # long_roles
    -10.9003,  # bias
)
"""Logistic weights, fitted on the 14,404 labelled pairs of ``tests/data/judge_pairs.jsonl.gz`` (short pairs a guard
vetoed left out) by ``bench/fit_local_model.py``."""

MODEL_THRESHOLD = 0.49
"""P(equivalent) at which the local judge passes an equivalence pair: the accuracy-optimal point of the fit."""

_CAP = 3


def _decisive(failure: GuardFailure) -> bool:
    """A guard whose firing fails a pair of any length: a reversed route, or a number the candidate states
    differently (not merely leaves out)."""
    if failure.guard == "direction":
        return True
    return failure.guard == "numbers" and failure.detail.startswith(CONFLICT_PREFIX)


def vetoes(failures: Sequence[GuardFailure], words: int) -> bool:
    """Whether fired guards decide the pair alone: any guard on a short pair; on a longer one only a reversed route
    or a changed number (the others weigh in the model)."""
    if words <= SHORT_WORDS:
        return bool(failures)
    return any(_decisive(failure) for failure in failures)


def features(candidate: str, reference: str, cosine: float, failures: Sequence[GuardFailure]) -> list[float]:
    """The model's inputs for one pair, in the order of ``FEATURES``."""
    cand_words, ref_words = len(candidate.split()), len(reference.split())
    short = float(max(cand_words, ref_words) <= SHORT_WORDS)
    lexical, _ = pair_similarity(candidate, reference)
    token_set = fuzz.token_set_ratio(normalize(candidate), normalize(reference)) / 100.0
    cand, ref = set(content_stems(candidate)), set(content_stems(reference))
    shared = len(cand & ref)
    ref_only, cand_only = len(ref - cand), len(cand - ref)
    fired = {failure.guard for failure in failures}
    return [
        cosine,
        lexical,
        token_set,
        min(cand_words, ref_words) / max(1, cand_words, ref_words),
        short,
        cosine * short,
        lexical * short,
        min(ref_only, _CAP) / _CAP,
        min(cand_only, _CAP) / _CAP,
        float(ref_only == 1 and cand_only == 1),
        shared / len(ref) if ref else 1.0,
        shared / len(cand) if cand else 1.0,
        *(float(guard in fired and not short) for guard in GUARDS),
        1.0,
    ]


def probability(values: Sequence[float], weights: Sequence[float] = WEIGHTS) -> float:
    """P(equivalent) for a feature vector."""
    z = sum(w * v for w, v in zip(weights, values, strict=True))
    if z < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
