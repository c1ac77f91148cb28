"""What the example hash costs per result row, against the evaluator's fast path on the same lines.

Every result row carries its example's hash, computed from the line: the recorded ``example_hash`` of a line
``mb run`` wrote is checked with one canonical hash of the line as it is; other lines are normalised to the
model's form first. Run: ``.venv/bin/python bench/results_identity.py [--lines 20000]``; figures are best and
median of 5 passes (the machine may be shared).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import orjson
from _synth import synthetic_lines

from mb._hashing import hash_raw_document, source_fields_of_line
from mb.evaluation._example import MetricPlan, evaluate_plain
from mb.io._proof import prove


def _without_judge(line: bytes) -> bytes:
    """The line without what needs a judge (expected response, free-text parameters)."""
    document = orjson.loads(line)
    document["expectations"].pop("expected_response", None)
    for assertion in document["expectations"].get("assertions", []):
        assertion["parameters"] = [
            parameter
            for parameter in assertion.get("parameters", [])
            if "free_text"
            not in (parameter["matcher"]["match_as"], parameter["matcher"].get("default", {}).get("match_as"))
        ]
    return orjson.dumps(document)


def _timed(lines: list[bytes], work: Callable[[bytes], object]) -> tuple[float, float]:
    """(best, median) microseconds per line over 5 passes."""
    passes = []
    for _ in range(5):
        started = time.perf_counter()
        for line in lines:
            work(line)
        passes.append((time.perf_counter() - started) / len(lines) * 1e6)
    return min(passes), statistics.median(passes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=20_000)
    count = parser.parse_args().lines
    plan = MetricPlan(selected=())
    deterministic = (_without_judge(line) for line in synthetic_lines(count))
    plain = [  # the lines the fast path takes: where the hash weighs most against the evaluation
        line
        for line in deterministic
        if (proven := prove(line, executed=True)) is not None and evaluate_plain(proven, 1, plan) is not None
    ]
    recorded = []
    for line in plain:  # as `mb run` writes them: the model's form, with the hash
        document = orjson.loads(line)
        document["example_hash"] = hash_raw_document(document)
        recorded.append(orjson.dumps(document))

    def fast_path(line: bytes) -> object:
        proven = prove(line, executed=True)
        return evaluate_plain(proven, 1, plan) if proven is not None else None

    figures = {
        "fast path (proof + evaluation, --metrics none)": _timed(plain, fast_path),
        "row fields, line written by mb run (hash checked)": _timed(recorded, source_fields_of_line),
        "row fields, line without a recorded hash (normalised)": _timed(plain, source_fields_of_line),
    }
    print(f"{len(plain)} synthetic executed lines the fast path takes (of {count}; distinct ids, mixed matchers)")
    for name, (best, median) in figures.items():
        print(f"  {name:55} {best:6.1f} us/line best, {median:6.1f} median")


if __name__ == "__main__":
    main()
