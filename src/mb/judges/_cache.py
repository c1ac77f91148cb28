"""A persistent verdict cache: SQLite (WAL), one row per hashed request key, safe for concurrent tasks and processes.

Failures are kept too (a malformed answer, a request the server could not answer in time), apart from verdicts, so
that a re-run does not ask again; the judge asks again when told to retry them.

A cache problem (unwritable directory, corrupt file) never fails a judgement: lookups then miss and writes are
dropped, and ``problem`` says why.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["CachedVerdict", "JudgeCache", "cache_key", "default_cache_path"]

CachedVerdict = tuple[float, str]
"""``(score, reason)`` of a verdict the judge gave before."""

_SCHEMA = """CREATE TABLE IF NOT EXISTS verdicts (
    key TEXT PRIMARY KEY,
    score REAL NOT NULL,
    reason TEXT NOT NULL,
    judge TEXT NOT NULL,
    created REAL NOT NULL
)"""
_FAILURES = """CREATE TABLE IF NOT EXISTS failures (
    key TEXT PRIMARY KEY,
    message TEXT NOT NULL,
    judge TEXT NOT NULL,
    created REAL NOT NULL
)"""
_CHUNK = 500


def default_cache_path() -> Path:
    """``$MB_CACHE_DIR/judge-cache.sqlite3``, else ``~/.cache/morganabench/judge-cache.sqlite3``."""
    base = os.environ.get("MB_CACHE_DIR")
    directory = Path(base).expanduser() if base else Path.home() / ".cache" / "morganabench"
    return directory / "judge-cache.sqlite3"


def cache_key(*parts: str) -> str:
    """The SHA-256 of the parts (unambiguous: encoded as a JSON list)."""
    return hashlib.sha256(json.dumps(list(parts), ensure_ascii=False).encode("utf-8")).hexdigest()


class JudgeCache:
    """Verdicts by key in a SQLite file, opened on first use. Thread-safe within a process; WAL mode lets several
    processes share the file."""

    def __init__(self, path: Path | str) -> None:
        """Use (and create when needed) the database at ``path``."""
        self.path = Path(path).expanduser()
        self.problem: str | None = None
        """Why the cache is not working, when it is not."""
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._broken = False

    def _connect(self) -> sqlite3.Connection | None:
        if self._connection is not None or self._broken:
            return self._connection
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute(_SCHEMA)
            connection.execute(_FAILURES)
        except (sqlite3.Error, OSError) as exc:
            self._fail(exc)
            return None
        self._connection = connection
        return connection

    def _fail(self, exc: BaseException) -> None:
        self._broken = True
        self.problem = f"judge cache {self.path} unusable: {type(exc).__name__}: {exc}"

    def get_many(self, keys: Iterable[str]) -> dict[str, CachedVerdict]:
        """The cached verdicts among ``keys``."""
        return {
            key: (float(score), str(reason)) for key, score, reason in self._select("verdicts", "score, reason", keys)
        }

    def failures(self, keys: Iterable[str]) -> dict[str, str]:
        """The cached failures among ``keys``: the error message of each."""
        return {key: str(message) for key, message in self._select("failures", "message", keys)}

    def _select(self, table: str, columns: str, keys: Iterable[str]) -> list[tuple[Any, ...]]:
        wanted = list(dict.fromkeys(keys))
        chunks = (wanted[start : start + _CHUNK] for start in range(0, len(wanted), _CHUNK))
        query = f"SELECT key, {columns} FROM {table} WHERE key IN "
        return self._run((query + f"({','.join('?' * len(chunk))})", chunk) for chunk in chunks)

    def put(self, key: str, score: float, reason: str, judge: str) -> None:
        """Remember a verdict (replacing any older verdict for the same key; it is read before any failure)."""
        query = "INSERT OR REPLACE INTO verdicts (key, score, reason, judge, created) VALUES (?, ?, ?, ?, ?)"
        self._run([(query, (key, score, reason, judge, time.time()))])

    def put_failure(self, key: str, message: str, judge: str) -> None:
        """Remember that asking failed (replacing any older failure for the same key)."""
        query = "INSERT OR REPLACE INTO failures (key, message, judge, created) VALUES (?, ?, ?, ?)"
        self._run([(query, (key, message, judge, time.time()))])

    def _run(self, statements: Iterable[tuple[str, Sequence[object]]]) -> list[tuple[Any, ...]]:
        """Execute the statements in order; the rows they return (none when the cache is unusable)."""
        rows: list[tuple[Any, ...]] = []
        with self._lock:
            connection = self._connect()
            if connection is None:
                return rows
            try:
                for statement, parameters in statements:
                    rows.extend(connection.execute(statement, parameters))
            except sqlite3.Error as exc:
                self._fail(exc)
        return rows

    def __len__(self) -> int:
        """Number of cached verdicts."""
        rows = self._run([("SELECT COUNT(*) FROM verdicts", ())])
        return int(rows[0][0]) if rows else 0

    def close(self) -> None:
        """Close the database (it reopens on next use)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
