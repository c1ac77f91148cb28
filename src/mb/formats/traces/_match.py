"""Pairing traces with the benchmark examples they ran: by the example hash a trace carries, or by its last user
message. A key that points to more than one trace or more than one example is ambiguous and refused."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...entities import Example
from ...runner._hashing import example_hash
from ._common import SourceTrace

__all__ = ["MatchBy", "Matching", "match_traces"]

MatchBy = Literal["hash", "last-user-message"]


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


def _last_user(example: Example) -> str:
    return next(m.content for m in reversed(example.inputs.messages) if m.role == "user").strip()


def _key_of(by: MatchBy) -> tuple[Callable[[Example], str], Callable[[SourceTrace], str | None]]:
    if by == "hash":
        return example_hash, lambda trace: trace.example_hash
    return _last_user, lambda trace: (lambda text: None if text is None else text.strip())(trace.last_user_message())


def match_traces(examples: Sequence[tuple[int, Example]], traces: Sequence[SourceTrace], by: MatchBy) -> Matching:
    """Pair ``traces`` with ``examples`` (benchmark line, example) by the chosen key."""
    example_key, trace_key = _key_of(by)
    by_key: dict[str, list[tuple[int, Example]]] = defaultdict(list)
    for line, example in examples:
        by_key[example_key(example)].append((line, example))
    traces_by_key: dict[str, list[SourceTrace]] = defaultdict(list)
    matching = Matching()
    for trace in traces:
        key = trace_key(trace)
        if key is None or key not in by_key:
            matching.unmatched_traces.append(trace)
        else:
            traces_by_key[key].append(trace)
    shown = "hash" if by == "hash" else "last user message"
    for key, found in traces_by_key.items():
        lines = [line for line, _ in by_key[key]]
        if len(lines) > 1:
            matching.ambiguous.append(
                f"{shown} {key[:80]!r} of {found[0].label} names {len(lines)} examples (lines {_join(lines)})"
            )
        elif len(found) > 1:
            matching.ambiguous.append(
                f"line {lines[0]}: {len(found)} traces carry its {shown}: " + ", ".join(t.label for t in found)
            )
    ambiguous_keys = {key for key, found in traces_by_key.items() if len(found) > 1 or len(by_key[key]) > 1}
    for line, example in examples:
        key = example_key(example)
        if key in ambiguous_keys:
            continue
        if key in traces_by_key:
            matching.pairs.append((line, example, traces_by_key[key][0]))
        else:
            matching.unmatched_examples.append(line)
    return matching


def _join(lines: list[int]) -> str:
    return ", ".join(str(line) for line in lines[:10]) + (", ..." if len(lines) > 10 else "")
