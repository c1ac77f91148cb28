"""The local judge's equivalence model: P(same meaning) from a few measures of a pair.

A single cosine threshold cannot tell "a man is chopping an onion" / "a person is chopping a red onion" (cosine .92,
not equivalent) from "one man is dancing" / "a man is dancing" (cosine .90, equivalent). The model weighs the cosine
with word-level evidence the judge already has: content-word overlap and containment in each direction, the
order-insensitive fuzzy ratio, the length ratio, and how many content words each side has that the other lacks.

Guards are hard vetoes on short pairs (at most ``SHORT_WORDS`` words, the shape of tool arguments: there a changed
number, negation or name is almost always a different goal). On longer texts they fire on many true paraphrases
(news sentences that round a figure or name a person differently), so there each guard is a feature of the model
rather than a veto.

Two models share these measures. Short pairs go to gradient-boosted trees (400 of at most 31 leaves,
``pairmodel.npz`` beside this module, evaluated here in numpy: no scikit-learn at run time), which also read the
word-piece alignment of the pair (``_alignment``: how well each piece of one text finds a counterpart in the other,
from the same MiniLM forward pass) and the graded guard signals (``_signals``: numbers the candidate adds, negators
and polarity that differ without a conflict, opposite words in different slots, names on one side only, the order of
the shared content words): the evidence interacts (a high cosine means little when a content word of the
reference has no counterpart), and out of fold the trees reach 90% precision on short pairs at a recall about 20
points above a linear model. An interaction model (``_interaction``: small layers over the word pieces of both texts
themselves, softly aligned, and the same measures) reads what the summaries miss; a short pair's P(equivalent) is
the mean of the two models' (``short_pair_probability``), which out of fold reaches 90% precision at a higher recall
than either alone. The pass threshold (``SHORT_THRESHOLD``) is set for that precision, since a wrong pass hides an
agent bug. Longer pairs (a ticket title
and description against its goal, news sentences) keep a logistic model at its accuracy-optimal threshold
(``MODEL_THRESHOLD``): there the trees rank worse than the logistic model on texts unlike the public pairs. Both are
fitted on the labelled public pairs by ``bench/fit_local_model.py``, which prints the cross-validated precision and
recall of the shipped operating points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz

from ._alignment import ALIGNMENT_FEATURES, Pieces, alignment_features
from ._confidence import SHORT_WORDS
from ._guards import CONFLICT_PREFIX, GuardFailure
from ._interaction import interaction_probability
from ._overlap import pair_similarity
from ._signals import GUARD_SIGNALS, guard_signals
from ._text import content_stems, normalize

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DETAIL_FLOOR",
    "FEATURES",
    "GUARDS",
    "MODEL_FILE",
    "MODEL_THRESHOLD",
    "SHORT_FEATURES",
    "SHORT_THRESHOLD",
    "WEIGHTS",
    "Forest",
    "features",
    "forest",
    "probability",
    "short_features",
    "short_pair_probability",
    "short_probability",
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

SHORT_FEATURES = (*FEATURES, *ALIGNMENT_FEATURES, *GUARD_SIGNALS)
"""Names of the trees' inputs: the logistic model's, the word-piece alignment measures, then the graded guard
signals (``_signals``)."""

WEIGHTS: tuple[float, ...] = (
    6.1614,  # cosine
    5.4815,  # lexical
    -2.4007,  # token_set
    0.0669,  # length_ratio
    -4.3427,  # short
    10.6173,  # cosine_short
    -5.7077,  # lexical_short
    1.7618,  # reference_only
    1.0974,  # candidate_only
    -0.7716,  # one_substitution
    3.7129,  # reference_covered
    -0.2551,  # candidate_covered
    0.3188,  # long_numbers
    -1.9641,  # long_negation
    -2.4653,  # long_antonyms
    0.3186,  # long_entities
    0.0000,  # long_direction
    -1.0936,  # long_roles
    -10.9592,  # bias
)
"""Logistic weights, fitted on the 14,404 labelled pairs of ``tests/data/judge_pairs.jsonl.gz`` (short pairs a guard
vetoed left out) by ``bench/fit_local_model.py``."""

MODEL_THRESHOLD = 0.49
"""P(equivalent) at which the local judge passes an equivalence pair longer than ``SHORT_WORDS`` words: the
accuracy-optimal point of the logistic fit."""

SHORT_THRESHOLD = 0.63
"""P(equivalent) (``short_pair_probability``: trees and interaction model) at which the local judge passes a pair of
at most ``SHORT_WORDS`` words: out of fold, the point where its passes on those pairs (extra-detail passes included)
reach 90% precision, rounded up."""

DETAIL_FLOOR = 0.5
"""A short candidate that states every content word of the reference and adds detail passes below
``SHORT_THRESHOLD`` when ``short_pair_probability`` gives it at least this P(equivalent): extra detail is allowed, but
the models still fail additions that change the meaning ("a horse and its rider leap over a barrier" / "the horse
leaps over the rider at the barrier"). Of 0.2, 0.3, 0.4 and 0.5, the floor with the best recall at 90% precision in
an inner cross-validation on the training folds (0.5 in four folds of five, 0.4 in the other)."""

MODEL_FILE = Path(__file__).with_name("pairmodel.npz")
"""The fitted trees for short pairs (``bench/fit_local_model.py --write`` writes them)."""


@dataclass(frozen=True, slots=True)
class Forest:
    """Gradient-boosted regression trees over ``SHORT_FEATURES``; P(equivalent) is the sigmoid of ``baseline`` plus one
    leaf value per tree. Node ``n`` of tree ``t`` sends a pair left when ``x[feature[t, n]] <= threshold[t, n]``;
    a leaf points to itself."""

    feature: npt.NDArray[np.int64]
    """Feature index per node (trees x nodes)."""

    threshold: npt.NDArray[np.float64]
    """Split value per node."""

    left: npt.NDArray[np.int64]
    """Child for values at or below the threshold."""

    right: npt.NDArray[np.int64]
    """Child for values above the threshold."""

    value: npt.NDArray[np.float64]
    """Leaf value (learning rate applied), 0 on inner nodes."""

    baseline: float
    """Log-odds before any tree."""

    depth: int
    """Longest path from a root to a leaf."""

    walk: tuple[npt.NDArray[Any], ...] = field(init=False, repr=False, compare=False)
    """The nodes of all trees numbered as one array: features, thresholds, left and right children (leaves pointing
    to themselves), and the roots; derived from the fields above."""

    def __post_init__(self) -> None:
        import numpy as np

        trees, width = self.feature.shape
        offsets = (np.arange(trees, dtype=np.int64) * width)[:, None]
        left, right = (self.left + offsets).ravel(), (self.right + offsets).ravel()
        walk = (self.feature.ravel(), self.threshold.ravel(), left, right, offsets.ravel())
        object.__setattr__(self, "walk", walk)

    def raw(self, values: Sequence[float]) -> float:
        """Log-odds of equivalence for one feature vector: each node's next node for these values is found for all
        nodes at once, then every tree is walked to its leaf, one level per step."""
        import numpy as np

        x = np.asarray(values, dtype=np.float64)
        feature, threshold, left, right, roots = self.walk
        following = np.where(x[feature] <= threshold, left, right)
        at = roots
        for _ in range(self.depth):
            at = following[at]
        return self.baseline + float(self.value.ravel()[at].sum())


@lru_cache(maxsize=1)
def forest() -> Forest:
    """The shipped trees, loaded once."""
    import numpy as np

    with np.load(MODEL_FILE) as stored:
        return Forest(
            feature=stored["feature"].astype(np.int64),
            threshold=stored["threshold"].astype(np.float64),
            left=stored["left"].astype(np.int64),
            right=stored["right"].astype(np.int64),
            value=stored["value"].astype(np.float64),
            baseline=float(stored["baseline"]),
            depth=int(stored["depth"]),
        )


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


def short_features(
    candidate: str,
    reference: str,
    cosine: float,
    failures: Sequence[GuardFailure],
    candidate_pieces: Pieces,
    reference_pieces: Pieces,
) -> list[float]:
    """The trees' inputs for one short pair, in the order of ``SHORT_FEATURES``."""
    return [
        *features(candidate, reference, cosine, failures),
        *alignment_features(candidate_pieces, reference_pieces),
        *guard_signals(candidate, reference),
    ]


def _sigmoid(z: float) -> float:
    if z < -40:
        return 0.0
    if z > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def probability(values: Sequence[float], weights: Sequence[float] = WEIGHTS) -> float:
    """P(equivalent) for a feature vector by the logistic model (pairs longer than ``SHORT_WORDS`` words)."""
    return _sigmoid(sum(w * v for w, v in zip(weights, values, strict=True)))


def short_probability(values: Sequence[float], model: Forest | None = None) -> float:
    """P(equivalent) for a vector of ``SHORT_FEATURES`` by the trees (pairs of at most ``SHORT_WORDS`` words;
    ``model``: the shipped trees unless given)."""
    return _sigmoid((model or forest()).raw(values))


def short_pair_probability(values: Sequence[float], candidate: Pieces, reference: Pieces) -> float:
    """The judge's P(equivalent) for a pair of at most ``SHORT_WORDS`` words: the mean of the trees' (over ``values``,
    its ``SHORT_FEATURES``) and the interaction model's (over the word pieces of both texts); the trees' alone when a
    text has no word piece."""
    trees = short_probability(values)
    pieces = interaction_probability(candidate, reference, values)
    return trees if pieces is None else (trees + pieces) / 2
