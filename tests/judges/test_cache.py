"""The persistent verdict cache."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from mb.judges._cache import JudgeCache, cache_key, default_cache_path


def test_round_trip_and_persistence(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "cache.sqlite3"
    cache = JudgeCache(path)
    assert cache.get_many(["k"]) == {}
    cache.put("k", 0.75, "close enough", "llm:m")
    cache.put("k", 0.5, "replaced", "llm:m")
    cache.close()
    reopened = JudgeCache(path)
    assert reopened.get_many(["k"]) == {"k": (0.5, "replaced")}
    assert len(reopened) == 1
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_many_keys_at_once(tmp_path: Path) -> None:
    cache = JudgeCache(tmp_path / "c.sqlite3")
    for i in range(1200):
        cache.put(f"k{i}", i / 1200, f"r{i}", "j")
    found = cache.get_many([f"k{i}" for i in range(0, 1300, 2)])
    assert len(found) == 600
    assert found["k1198"] == (1198 / 1200, "r1198")


def test_concurrent_writers_in_threads(tmp_path: Path) -> None:
    cache = JudgeCache(tmp_path / "c.sqlite3")

    def write(start: int) -> None:
        for i in range(start, start + 100):
            cache.put(f"k{i}", 1.0, "r", "j")

    threads = [threading.Thread(target=write, args=(n * 100,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 800
    assert cache.problem is None


def test_unusable_location_degrades_to_no_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    cache = JudgeCache(blocker / "cache.sqlite3")
    cache.put("k", 1.0, "r", "j")
    assert cache.get_many(["k"]) == {}
    assert cache.problem is not None
    assert "unusable" in cache.problem


def test_keys_are_unambiguous_hashes() -> None:
    assert cache_key("ab", "c") != cache_key("a", "bc")
    assert len(cache_key("x")) == 64


def test_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MB_CACHE_DIR", raising=False)
    assert default_cache_path() == Path.home() / ".cache" / "morganabench" / "judge-cache.sqlite3"
    monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path))
    assert default_cache_path() == tmp_path / "judge-cache.sqlite3"
