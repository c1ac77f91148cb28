"""The starts of the date grammar's elements (see ``_dispatch``), worked out ahead of time from its patterns.

``date_starts.json`` holds them with the hash of the patterns they were read from. They are used only while the
grammar's patterns hash the same; after any change to them the starts are read from the patterns again on first use
(and the test suite asks for the file to be written anew: ``python -m mb.matching.date_time._start_table``).
"""

from __future__ import annotations

from pathlib import Path

import orjson

__all__ = ["STARTS_FILE", "shipped_starts", "write_starts"]

STARTS_FILE = Path(__file__).with_name("date_starts.json")
"""Where the shipped grammar's starts are kept."""


def shipped_starts(digest: str, count: int) -> list[frozenset[str] | None] | None:
    """The shipped starts when they were read from patterns hashing to ``digest`` (``count`` elements), else None."""
    try:
        table = orjson.loads(STARTS_FILE.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(table, dict) or table.get("grammar_sha256") != digest:
        return None
    starts = table.get("starts")
    if not isinstance(starts, list) or len(starts) != count:
        return None
    return [None if found is None else frozenset(found) for found in starts]


def write_starts() -> None:
    """Work out the starts of the grammar as it is now and write them to :data:`STARTS_FILE`."""
    from ._grammar import _TABLE

    starts = [None if found is None else sorted(found) for found in _TABLE.work_out_starts()]
    STARTS_FILE.write_bytes(orjson.dumps({"grammar_sha256": _TABLE.digest(), "starts": starts}) + b"\n")


if __name__ == "__main__":
    write_starts()
