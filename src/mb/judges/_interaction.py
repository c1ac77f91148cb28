"""An interaction model over the word pieces of two short texts: P(same meaning) from how each piece aligns.

The trees of ``_pairmodel`` read summaries of the alignment (the least-aligned piece, how many pieces find no
counterpart...). This model reads the pieces themselves, in the style of decomposable attention (Parikh et al., 2016)
and ESIM (Chen et al., 2017): each piece of a text (its unit last-layer MiniLM state, rarity and content flag, which
the judge already holds for the alignment) is projected to a small space; every piece of the candidate is softly
aligned to the reference (a softmax over the dot products of the projections) and the other way round; each piece is
compared with what it aligned to (the two, their difference and their product, through one layer); the comparisons
are pooled (mean and max) over each text, and one hidden layer reads both pools with the pair's standardised
``SHORT_FEATURES``. The MiniLM states stay frozen: only these small layers are fitted, on the labelled public pairs, by
``bench/fit_local_model.py``, which writes ``interaction.npz`` beside this module. Several members fitted from
different seeds are averaged. Evaluated here in numpy (no torch at run time).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ._alignment import Pieces

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["INTERACTION_FILE", "RARITY_SCALE", "Interaction", "interaction", "interaction_probability", "piece_inputs"]

INTERACTION_FILE = Path(__file__).with_name("interaction.npz")
"""The fitted interaction model (``bench/fit_local_model.py --write`` writes it)."""

RARITY_SCALE = 10.0
"""A piece's inverse document frequency is divided by this before it enters the model."""


@dataclass(frozen=True, slots=True, eq=False)
class Interaction:
    """The weights of the interaction model, one leading row per member (members x ...); a layer computes
    ``x @ w + b``."""

    project_w: npt.NDArray[np.float64]
    """Piece projection (members x piece inputs x width)."""

    project_b: npt.NDArray[np.float64]
    """Its bias (members x width)."""

    compare_w: npt.NDArray[np.float64]
    """Comparison of a piece with what it aligned to (members x 4 width x width)."""

    compare_b: npt.NDArray[np.float64]
    """Its bias (members x width)."""

    hidden_w: npt.NDArray[np.float64]
    """Hidden layer over both texts' pools and the standardised features (members x (4 width + features) x width)."""

    hidden_b: npt.NDArray[np.float64]
    """Its bias (members x width)."""

    out_w: npt.NDArray[np.float64]
    """Output weights (members x width)."""

    out_b: npt.NDArray[np.float64]
    """Output bias (members)."""

    feature_mean: npt.NDArray[np.float64]
    """Mean of each feature on the fitting pairs."""

    feature_scale: npt.NDArray[np.float64]
    """Standard deviation of each feature on the fitting pairs (never 0)."""


@lru_cache(maxsize=1)
def interaction() -> Interaction:
    """The shipped interaction model, loaded once."""
    import numpy as np

    with np.load(INTERACTION_FILE) as stored:
        return Interaction(**{field.name: stored[field.name].astype(np.float64) for field in fields(Interaction)})


def piece_inputs(side: Pieces) -> npt.NDArray[np.float64]:
    """The model's input per word piece: its unit state, its rarity (scaled) and whether it carries content."""
    import numpy as np

    return np.hstack(
        [side.vectors, (side.idf / RARITY_SCALE)[:, None], side.content[:, None].astype(np.float32)]
    ).astype(np.float64)


@dataclass(frozen=True, slots=True, eq=False)
class _Prepared:
    """An ``Interaction``'s weights in float32, laid out for one pair at a time."""

    project_w: npt.NDArray[np.float32]
    """Piece projection (members x piece inputs x width)."""

    project_b: npt.NDArray[np.float32]
    """Its bias, broadcast over pieces (members x 1 x width)."""

    compare_w: npt.NDArray[np.float32]
    """Comparison layer (members x 4 width x width)."""

    compare_b: npt.NDArray[np.float32]
    """Its bias, broadcast over pieces (members x 1 x width)."""

    hidden_w: npt.NDArray[np.float32]
    """Hidden layer (members x (4 width + features) x width)."""

    hidden_b: npt.NDArray[np.float32]
    """Its bias (members x width)."""

    out_w: npt.NDArray[np.float32]
    """Output weights (members x width)."""

    out_b: npt.NDArray[np.float32]
    """Output bias (members)."""

    feature_mean: npt.NDArray[np.float32]
    """Mean of each feature on the fitting pairs."""

    feature_scale: npt.NDArray[np.float32]
    """Standard deviation of each feature on the fitting pairs."""


@lru_cache(maxsize=4)
def _prepared(model: Interaction) -> _Prepared:
    """``model``'s weights as ``_Prepared`` (once per model)."""
    import numpy as np

    return _Prepared(
        project_w=np.ascontiguousarray(model.project_w, np.float32),
        project_b=model.project_b[:, None, :].astype(np.float32),
        compare_w=model.compare_w.astype(np.float32),
        compare_b=model.compare_b[:, None, :].astype(np.float32),
        hidden_w=model.hidden_w.astype(np.float32),
        hidden_b=model.hidden_b.astype(np.float32),
        out_w=model.out_w.astype(np.float32),
        out_b=model.out_b.astype(np.float32),
        feature_mean=model.feature_mean.astype(np.float32),
        feature_scale=model.feature_scale.astype(np.float32),
    )


def _project(side: Pieces, model: _Prepared) -> npt.NDArray[np.float32]:
    """``piece_inputs`` through every member's projection (members x pieces x width; one small matrix product per
    member, which BLAS keeps on one thread)."""
    dimension = side.vectors.shape[1]
    weights = model.project_w
    result: npt.NDArray[np.float32] = (
        side.vectors @ weights[:, :dimension]
        + (side.idf / RARITY_SCALE)[None, :, None] * weights[:, dimension : dimension + 1]
        + side.content[None, :, None] * weights[:, dimension + 1 : dimension + 2]
        + model.project_b
    )
    return result


def _relu(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    import numpy as np

    result: npt.NDArray[np.float32] = np.maximum(x, np.float32(0.0))
    return result


def _side(own: npt.NDArray[np.float32], other: npt.NDArray[np.float32], model: _Prepared) -> npt.NDArray[np.float32]:
    """Mean and max over ``own``'s pieces of each piece compared with its soft alignment in ``other`` (members x
    2 width)."""
    import numpy as np

    scores = own @ other.transpose(0, 2, 1)
    scores = np.exp(scores - scores.max(axis=2, keepdims=True))
    aligned = (scores / scores.sum(axis=2, keepdims=True)) @ other
    joined = np.concatenate([own, aligned, own - aligned, own * aligned], axis=2)
    compared = _relu(joined @ model.compare_w + model.compare_b)
    return np.concatenate([compared.mean(axis=1), compared.max(axis=1)], axis=1)


def interaction_probability(
    candidate: Pieces, reference: Pieces, values: Sequence[float], model: Interaction | None = None
) -> float | None:
    """P(equivalent) from the interaction model for one short pair (``values``: its ``SHORT_FEATURES``; ``model``:
    the shipped one unless given); None when a text has no word piece."""
    import numpy as np

    if not len(candidate.vectors) or not len(reference.vectors):
        return None
    prepared = _prepared(model or interaction())
    members = prepared.out_b.shape[0]
    a, b = _project(candidate, prepared), _project(reference, prepared)
    scaled = (np.asarray(values, dtype=np.float32) - prepared.feature_mean) / prepared.feature_scale
    pooled = np.concatenate([_side(a, b, prepared), _side(b, a, prepared), np.tile(scaled, (members, 1))], axis=1)
    hidden = _relu((pooled[:, None, :] @ prepared.hidden_w)[:, 0, :] + prepared.hidden_b)
    logits = (hidden * prepared.out_w).sum(axis=1, dtype=np.float64) + prepared.out_b
    return float((1.0 / (1.0 + np.exp(-np.clip(logits, -40.0, 40.0)))).mean())
