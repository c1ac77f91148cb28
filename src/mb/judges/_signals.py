"""Graded guard signals: what the guards see in a pair, as numbers the short-pair trees can weigh.

A guard that fires vetoes a short pair outright. Below that line the same evidence still matters: a pair where the
candidate adds a number the reference lacks, where one side names someone the other does not (the entities guard
fires only when both do), where a word is negated on one side and both negated and affirmed on the other, where an
opposite word appears on each side but not in the same slot, or where the shared content words come in another order
(a role swap the roles guard could not parse). Each measure is read from the same checks the guards run
(``_quantities``, ``_names``, ``_polarity``), so the trees learn how far each signal can be trusted.
"""

from __future__ import annotations

from ._names import absent_names, names
from ._polarity import NEGATORS, opposite_words, polarity
from ._quantities import extract_quantities, unmatched
from ._text import STOPWORDS, content_stems, words

__all__ = ["GUARD_SIGNALS", "guard_signals"]

GUARD_SIGNALS = (
    "reference_quantities",
    "candidate_quantities",
    "candidate_extra_quantities",
    "reference_negators",
    "candidate_negators",
    "negator_difference",
    "polarity_differs",
    "opposite_words",
    "reference_names",
    "candidate_names",
    "reference_only_names",
    "candidate_only_names",
    "shared_order",
)
"""Names of the graded guard signals, in the order ``guard_signals`` returns them."""

_CAP = 4


def _capped(count: int) -> float:
    return float(min(count, _CAP))


def _order_agreement(candidate: str, reference: str) -> float:
    """Kendall's tau between the positions of the content words both texts use once: 1 in the same order, -1
    reversed, 1 when fewer than two are shared."""
    cand, ref = content_stems(candidate), content_stems(reference)
    cand_at = {word: i for i, word in enumerate(cand) if cand.count(word) == 1}
    ref_at = {word: i for i, word in enumerate(ref) if ref.count(word) == 1}
    shared = sorted(cand_at.keys() & ref_at.keys(), key=ref_at.__getitem__)
    if len(shared) < 2:
        return 1.0
    positions = [cand_at[word] for word in shared]
    concordant = discordant = 0
    for i, a in enumerate(positions):
        for b in positions[i + 1 :]:
            if b > a:
                concordant += 1
            else:
                discordant += 1
    return (concordant - discordant) / (concordant + discordant)


def guard_signals(candidate: str, reference: str) -> list[float]:
    """The measures of ``GUARD_SIGNALS`` for one pair."""
    cand_q, ref_q = extract_quantities(candidate), extract_quantities(reference)
    cand_negators = sum(word in NEGATORS for word in words(candidate))
    ref_negators = sum(word in NEGATORS for word in words(reference))
    cand_polarity, ref_polarity = polarity(candidate), polarity(reference)
    differs = sum(
        cand_polarity[word][0] != ref_polarity[word][0]
        for word in cand_polarity.keys() & ref_polarity.keys()
        if word not in STOPWORDS
    )
    opposite = sum(not opposite_words(word).isdisjoint(ref_polarity) for word in cand_polarity.keys() - ref_polarity)
    (cand_strong, cand_weak), (ref_strong, ref_weak) = names(candidate), names(reference)
    cand_names, ref_names = cand_strong + cand_weak, ref_strong + ref_weak
    return [
        _capped(len(ref_q)),
        _capped(len(cand_q)),
        _capped(len(unmatched(cand_q, ref_q))),
        _capped(ref_negators),
        _capped(cand_negators),
        _capped(abs(cand_negators - ref_negators)),
        _capped(differs),
        _capped(opposite),
        _capped(len(ref_names)),
        _capped(len(cand_names)),
        _capped(len(absent_names(ref_names, reference, candidate))),
        _capped(len(absent_names(cand_names, candidate, reference))),
        _order_agreement(candidate, reference),
    ]
