"""Pairing traces with the benchmark examples they ran: by the example hash a trace carries, or by its last user
message. A key that points to more than one trace or more than one example is ambiguous and refused."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..._hashing import example_hash
from ...entities import Example
from ._common import SourceTrace

__all__ = ["MatchBy", "Matching", "match_traces"]

MatchBy = Literal["auto", "hash", "last-user-message"]
"""How a trace is paired with its example: ``hash`` by the example hash it carries (``mb run`` writes it),
``last-user-message`` by the last user message it received, ``auto`` by its hash when it carries one, else by its
last user message."""

Key = tuple[str, str]
"""(kind, value): ``("hash", ...)`` or ``("last user message", ...)``."""


@dataclass
class Matching:
    """Which trace goes with which example, and what could not be paired."""

    pairs: list[tuple[int, Example, SourceTrace]] = field(default_factory=list)
    """(benchmark line, example, its trace), in benchmark order."""
    ambiguous: list[str] = field(default_factory=list)
    """One sentence per key shared by several traces or several examples."""
    unmatched_traces: list[SourceTrace] = field(default_factory=list)
    """Traces whose key names no example (or that carry no key)."""
    unmatched_examples: list[int] = field(default_factory=list)
    """Benchmark lines no trace ran."""


def _example_keys(example: Example, by: MatchBy) -> list[Key]:
    keys: list[Key] = []
    if by in ("hash", "auto"):
        keys.append(("hash", example_hash(example)))
    if by in ("last-user-message", "auto"):
        last = next(m.content for m in reversed(example.inputs.messages) if m.role == "user")
        keys.append(("last user message", last.strip()))
    return keys


def _trace_key(trace: SourceTrace, by: MatchBy) -> Key | None:
    if by == "hash" or (by == "auto" and trace.example_hash is not None):
        return None if trace.example_hash is None else ("hash", trace.example_hash)
    message = trace.last_user_message()
    return None if message is None else ("last user message", message.strip())


def match_traces(examples: Sequence[tuple[int, Example]], traces: Sequence[SourceTrace], by: MatchBy) -> Matching:
    """Pair ``traces`` with ``examples`` (benchmark line, example) by the chosen key; a key that names several
    examples, or an example that several traces name, is ambiguous and pairs nothing."""
    by_key: dict[Key, list[tuple[int, Example]]] = defaultdict(list)
    for line, example in examples:
        for key in _example_keys(example, by):
            by_key[key].append((line, example))
    traces_by_key: dict[Key, list[SourceTrace]] = defaultdict(list)
    matching = Matching()
    for trace in traces:
        found_key = _trace_key(trace, by)
        if found_key is None or found_key not in by_key:
            matching.unmatched_traces.append(trace)
        else:
            traces_by_key[found_key].append(trace)
    refused: set[int] = set()
    for (kind, value), found in traces_by_key.items():
        lines = [line for line, _ in by_key[(kind, value)]]
        if len(lines) > 1:
            refused.update(lines)
            listed = ", ".join(str(line) for line in lines[:10]) + (", ..." if len(lines) > 10 else "")
            matching.ambiguous.append(
                f"{kind} {value[:80]!r} of {found[0].label} names {len(lines)} examples (lines {listed})"
            )
    for line, example in examples:
        found = [trace for key in _example_keys(example, by) for trace in traces_by_key.get(key, ())]
        if line in refused:
            continue
        if len(found) > 1:
            matching.ambiguous.append(f"line {line}: {len(found)} traces name it: " + ", ".join(t.label for t in found))
        elif found:
            matching.pairs.append((line, example, found[0]))
        else:
            matching.unmatched_examples.append(line)
    return matching
