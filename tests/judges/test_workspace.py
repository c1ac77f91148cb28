"""The encoder's reused buffers."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from mb.judges._workspace import Workspace  # noqa: E402


def test_a_name_hands_out_the_same_memory_grown_to_the_largest_shape() -> None:
    work = Workspace(limit=1000)
    first = work.get("qkv", (4, 5))
    assert first.shape == (4, 5)
    assert first.dtype == np.float32
    assert first.flags.c_contiguous
    again = work.get("qkv", (2, 3))
    assert np.shares_memory(first, again)
    grown = work.get("qkv", (10, 30))
    assert grown.shape == (10, 30)
    assert work.size == 300
    assert np.shares_memory(grown, work.get("qkv", (4, 5)))
    other = work.get("scores", (3,))
    assert not np.shares_memory(other, grown)
    assert work.size == 303


def test_requests_beyond_the_limit_get_fresh_arrays_that_are_not_kept() -> None:
    work = Workspace(limit=100)
    small = work.get("inner", (10, 10))
    big = work.get("inner", (11, 10))
    assert big.shape == (11, 10)
    assert not np.shares_memory(big, small)
    assert not np.shares_memory(big, work.get("inner", (11, 10)))
    assert work.size == 100
