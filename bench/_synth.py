"""Synthetic executed benchmarks shaped like the published examples, for the benchmarks in this folder."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mb.data import example_lines

__all__ = ["synthetic_lines", "write_synthetic"]


def _vary(document: dict[str, Any], index: int, rng: random.Random) -> dict[str, Any]:
    """A copy with per-line differences (ids, numbers, wording) so no two lines are byte-identical."""
    text = json.dumps(document)
    text = text.replace("call_", f"call{index}_").replace("doc_", f"doc{index % 997}_")
    varied: dict[str, Any] = json.loads(text)
    varied["inputs"]["messages"][-1]["content"] += f" (case {index})"
    if varied.get("outputs"):
        varied["outputs"]["response"] += f" Ref {rng.randint(1000, 9999)}."
    return varied


def synthetic_lines(count: int, seed: int = 7) -> Iterator[bytes]:
    """``count`` executed lines cycling through the bundled (spec-shaped) examples."""
    rng = random.Random(seed)
    seeds = list(example_lines(executed=True))
    for index in range(count):
        yield json.dumps(_vary(seeds[index % len(seeds)], index, rng), ensure_ascii=False).encode() + b"\n"


def write_synthetic(path: Path, count: int) -> Path:
    """Write ``count`` synthetic lines to ``path`` (reused when it already holds that many)."""
    if path.exists() and sum(1 for _ in path.open("rb")) == count:
        return path
    with path.open("wb") as out:
        out.writelines(synthetic_lines(count))
    return path
