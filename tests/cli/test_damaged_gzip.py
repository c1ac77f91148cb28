"""A gzip input cut short, damaged or followed by other bytes: every command names the file and the damage and
exits with 2; none fails with an unexpected error, and ``mb run`` names the benchmark, not its output."""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.io import iter_lines
from mb.io._reader import CompressedFileError
from tests.conftest import SPEC

LINES = (SPEC / "examples-executed.jsonl").read_bytes()
AGENT = Path(__file__).resolve().parents[2] / "examples" / "demo_agent.py"


def _damaged() -> bytes:
    packed = bytearray(gzip.compress(LINES * 20))
    for offset in range(30, 60, 7):  # inside the first deflate block: its codes no longer decode
        packed[offset] ^= 0xFF
    data = bytes(packed)
    with pytest.raises(zlib.error):
        gzip.decompress(data)
    return data


FILES = {
    "cut-short": lambda: gzip.compress(LINES * 20)[:300],
    "damaged": _damaged,
    "trailing-bytes": lambda: gzip.compress(LINES) + b"garbage",
}
DAMAGE = {
    "cut-short": "the compressed file ends too early",
    "damaged": "the compressed data is damaged",
    "trailing-bytes": "not a complete gzip file",
}


@pytest.mark.parametrize("kind", sorted(FILES))
@pytest.mark.parametrize("command", ["validate", "eval", "run"])
def test_a_damaged_gzip_input_is_named_with_its_damage(tmp_path: Path, kind: str, command: str) -> None:
    source = tmp_path / "bench.jsonl.gz"
    source.write_bytes(FILES[kind]())
    output = tmp_path / "out.jsonl"
    args = {
        "validate": ["validate", str(source)],
        "eval": ["eval", str(source), "-q", "--judge", "lexical", "-o", str(output)],
        "run": ["run", str(source), "--agent", f"{AGENT}:agent", "-o", str(output)],
    }[command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "unexpected" not in result.output
    assert DAMAGE[kind] in result.output
    assert f"{source}: " in result.output or f"cannot read {source}:" in result.output
    assert f"{output}: " not in result.output


@pytest.mark.parametrize("kind", sorted(FILES))
def test_the_reader_raises_one_error_naming_the_file(tmp_path: Path, kind: str) -> None:
    source = tmp_path / "bench.jsonl.gz"
    source.write_bytes(FILES[kind]())
    with pytest.raises(CompressedFileError) as caught:
        list(iter_lines(source))
    assert caught.value.filename == str(source)
    assert str(caught.value).startswith(DAMAGE[kind])
    assert isinstance(caught.value, OSError)
