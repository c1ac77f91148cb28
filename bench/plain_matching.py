"""CPU per line of the evaluator's fast path (``evaluate_plain``: assertions, parameter matchers, trace checks,
verdict) on realistic generated lines, apart from reading, proving and writing them.

Run: ``.venv/bin/python bench/plain_matching.py [--lines 20000] [--runs 5]``.

The lines are ``bench/evaluate.py``'s realistic ones (each its own ``user_time``, 5% with a ``date_time`` group,
e-mail, equality, missing and optional checks, about one check in ten given a wrong argument). They are proven once;
then ``evaluate_plain`` runs over the lines without a ``date_time`` assertion and, separately, over those with one,
each pass on lines it has not seen (``--lines`` fresh lines per pass, so memoized verdicts do not flatter it), timed
in CPU time (``time.process_time``) with the garbage collector off. Printed: microseconds per line, best and median of
``--runs`` passes. CPU time rather than wall time because the figure is meant to be read on shared machines.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluate import realistic_lines

from mb.evaluation._example import MetricPlan, evaluate_plain
from mb.io._proof import ProvenExample, prove_with_source


def _proven(count: int, skip: int) -> tuple[list[ProvenExample], list[ProvenExample]]:
    """(undated, dated) proven examples of ``count`` realistic lines after the first ``skip``."""
    undated: list[ProvenExample] = []
    dated: list[ProvenExample] = []
    for line in islice(realistic_lines(skip + count), skip, None):
        example = prove_with_source(line, executed=True)[0]
        (dated if b'"date_time"' in line else undated).append(example)
    return undated, dated


def _pass(examples: list[ProvenExample]) -> float:
    """Microseconds of CPU per example for one pass of ``evaluate_plain``."""
    plan = MetricPlan((), ())
    start = time.process_time()
    for number, example in enumerate(examples):
        evaluate_plain(example, number, plan)
    return (time.process_time() - start) / len(examples) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=20_000, help="fresh lines per pass")
    parser.add_argument("--runs", type=int, default=5, help="passes (each over fresh lines)")
    args = parser.parse_args()
    warm_undated, warm_dated = _proven(2_000, 0)  # first use: imports, the date grammar
    _pass(warm_undated)
    _pass(warm_dated)
    undated_times: list[float] = []
    dated_times: list[float] = []
    gc.disable()
    try:
        for run in range(args.runs):
            undated, dated = _proven(args.lines, 2_000 + run * args.lines)
            undated_times.append(_pass(undated))
            dated_times.append(_pass(dated))
    finally:
        gc.enable()
    for name, times in (("without date_time", undated_times), ("with date_time", dated_times)):
        print(
            f"evaluate_plain, lines {name}: best {min(times):.1f} µs/line, median {statistics.median(times):.1f} "
            f"µs/line (CPU, {args.runs} passes over {args.lines:,} fresh lines each)"
        )


if __name__ == "__main__":
    main()
