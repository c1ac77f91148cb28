"""Reused float32 buffers for the encoder's intermediate arrays.

A forward pass makes a few megabytes of temporaries per layer. Allocated afresh, arrays that size come from the
operating system each time and each of their pages is faulted in and zeroed on first touch: a sixth of the encoder's
time on short texts. A ``Workspace`` hands out views of buffers it keeps, one per name, grown to the largest shape
asked for. A request larger than ``limit`` elements gets a fresh array (kept buffers never pass that size), so long
texts do not pin their large temporaries after the pass.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.float32]

__all__ = ["Workspace"]

_LIMIT = 1 << 21
"""Largest buffer kept, in elements (8 MiB of float32)."""


class Workspace:
    """Named float32 buffers; ``get`` returns an uninitialized C-contiguous view of the wanted shape. A view is valid
    until the next ``get`` of the same name. Not thread-safe (its encoder encodes one call at a time)."""

    def __init__(self, limit: int = _LIMIT) -> None:
        """Keep buffers of at most ``limit`` elements."""
        self._buffers: dict[str, Array] = {}
        self._limit = limit

    def get(self, name: str, shape: tuple[int, ...]) -> Array:
        """A ``shape`` view of the buffer ``name`` (grown if needed), or a fresh array beyond the size limit."""
        import numpy as np

        size = math.prod(shape)
        if size > self._limit:
            return np.empty(shape, dtype=np.float32)
        buffer = self._buffers.get(name)
        if buffer is None or buffer.size < size:
            buffer = self._buffers[name] = np.empty(size, dtype=np.float32)
        return buffer[:size].reshape(shape)

    @property
    def size(self) -> int:
        """Elements held in all kept buffers."""
        return sum(buffer.size for buffer in self._buffers.values())
