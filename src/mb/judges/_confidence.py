"""Confidence of the offline judges' verdicts: the bands of a raw measure (cosine, word overlap) in which a judge
decides EQUIVALENCE and SIMILARITY, with the share of right verdicts measured on labelled public pairs."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SHORT_WORDS", "Band"]

SHORT_WORDS = 12
"""Pairs whose longer text has at most this many words are *short* (the shape of tool arguments)."""


@dataclass(frozen=True, slots=True)
class Band:
    """Where the raw measure decides an EQUIVALENCE pair: failed below ``low``, passed from ``high``, undecided
    between."""

    low: float
    """Below this measure the pair fails."""

    high: float
    """From this measure the pair passes (unless a guard fired or a doubt stands)."""

    passed_confidence: float
    """Share of passes that were right on the public corpora it was measured on (the confidence of a pass)."""

    failed_confidence: float
    """Share of failures (below ``low``) that were right on the public corpora it was measured on."""
