"""Calibrate the thresholds of the local and lexical judges on the labelled pairs and print honest accuracies.

    .venv/bin/python bench/calibrate_local.py [--data FILE] [--folds 5] [--repeats 20]

For each judge and task: the threshold fitted on every ``dev`` pair (the value to ship), the accuracy, precision and
recall of thresholds fitted on k-1 folds and scored on the held-out fold (repeated stratified k-fold), and the
scores on the ``holdout`` pairs, written after the guards were frozen and never used to fit anything.
A pair is predicted positive when no guard fires and the raw measure reaches the threshold.

The local judge's EQUIVALENCE bands (the shipped threshold here is the long pairs' pass threshold) are chosen with
``bench/judge_heldout.py``, where the guards and doubts take part; here the bare cosine is cross-checked on the
hand-written tool-argument pairs, which favour a lower threshold at a lower precision.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from mb.judges import JudgeRequest, JudgeTask
from mb.judges._scoring import Measure
from mb.judges.lexical import LEXICAL_THRESHOLDS, LexicalJudge
from mb.judges.local import LOCAL_THRESHOLDS, LocalJudge

__all__ = ["Point", "fit_threshold", "main"]

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "judge_calibration.jsonl"
TASKS = (JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY, JudgeTask.SUPPORT)


@dataclass(frozen=True, slots=True)
class Point:
    """One labelled pair as a judge measured it."""

    raw: float
    """Raw similarity."""

    guarded: bool
    """Whether a guard fired (forces a negative)."""

    label: bool
    """The hand label."""


def _predict(point: Point, threshold: float) -> bool:
    return not point.guarded and point.raw >= threshold


def _counts(points: Sequence[Point], threshold: float) -> tuple[int, int, int, int]:
    tp = sum(1 for p in points if _predict(p, threshold) and p.label)
    fp = sum(1 for p in points if _predict(p, threshold) and not p.label)
    fn = sum(1 for p in points if not _predict(p, threshold) and p.label)
    tn = len(points) - tp - fp - fn
    return tp, fp, fn, tn


def fit_threshold(points: Sequence[Point]) -> float:
    """The threshold with the best accuracy; among equally good ones, the middle of the widest run (max margin)."""
    values = sorted({p.raw for p in points})
    candidates = [values[0] - 1e-6] + [(a + b) / 2 for a, b in pairwise(values)]
    candidates.append(values[-1] + 1e-6)
    scores = [sum(_predict(p, t) == p.label for p in points) for t in candidates]
    best = max(scores)
    runs: list[tuple[int, int]] = []
    for i, score in enumerate(scores):
        if score != best:
            continue
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    first, last = max(runs, key=lambda run: candidates[run[1]] - candidates[run[0]])
    return (candidates[first] + candidates[last]) / 2


def _rates(tp: int, fp: int, fn: int, tn: int) -> str:
    total = tp + fp + fn + tn
    accuracy = (tp + tn) / total if total else 0.0
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    return f"acc {accuracy:6.1%}  prec {precision:6.1%}  rec {recall:6.1%}  (n={total})"


def _cross_validate(points: Sequence[Point], folds: int, repeats: int) -> tuple[int, int, int, int]:
    totals = [0, 0, 0, 0]
    for repeat in range(repeats):
        rng = random.Random(repeat)
        positives = [p for p in points if p.label]
        negatives = [p for p in points if not p.label]
        rng.shuffle(positives)
        rng.shuffle(negatives)
        assignment = [(p, i % folds) for i, p in enumerate(positives)] + [
            (p, i % folds) for i, p in enumerate(negatives)
        ]
        for fold in range(folds):
            train = [p for p, f in assignment if f != fold]
            test = [p for p, f in assignment if f == fold]
            threshold = fit_threshold(train)
            for i, count in enumerate(_counts(test, threshold)):
                totals[i] += count
    return totals[0], totals[1], totals[2], totals[3]


def _report(
    name: str,
    shipped: dict[JudgeTask, float],
    rows: list[dict[str, object]],
    measures: list[Measure],
    args: argparse.Namespace,
) -> None:
    print(f"\n== {name} judge ==")
    all_cv = [0, 0, 0, 0]
    all_hold = [0, 0, 0, 0]
    for task in TASKS:
        dev = [
            Point(m.raw, bool(m.failures), bool(r["label"]))
            for r, m in zip(rows, measures, strict=True)
            if r["task"] == task and r["split"] == "dev"
        ]
        hold = [
            Point(m.raw, bool(m.failures), bool(r["label"]))
            for r, m in zip(rows, measures, strict=True)
            if r["task"] == task and r["split"] == "holdout"
        ]
        fitted = fit_threshold(dev)
        cv = _cross_validate(dev, args.folds, args.repeats)
        print(f"{task.value:12} fitted threshold {fitted:.3f} (shipped {shipped[task]:.3f})")
        print(f"{'':12} dev, fitted on all dev  : {_rates(*_counts(dev, fitted))}")
        print(f"{'':12} {args.folds}-fold CV x{args.repeats} (held out): {_rates(*cv)}")
        if hold:
            counts = _counts(hold, shipped[task])
            print(f"{'':12} holdout, shipped thr  : {_rates(*counts)}")
            all_hold = [a + b for a, b in zip(all_hold, counts, strict=True)]
        all_cv = [a + b for a, b in zip(all_cv, cv, strict=True)]
    print(f"{'all tasks':12} CV (held out)          : {_rates(*all_cv)}")
    if sum(all_hold):
        print(f"{'all tasks':12} holdout, shipped thr  : {_rates(*all_hold)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every labelled pair with both judges and print thresholds and accuracies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--skip-local", action="store_true", help="only the lexical judge")
    args = parser.parse_args(argv)
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    for row in rows:
        row.setdefault("split", "dev")
    requests = [JudgeRequest(JudgeTask(str(r["task"])), str(r["candidate"]), str(r["reference"])) for r in rows]
    splits = {s: sum(1 for r in rows if r["split"] == s) for s in ("dev", "holdout")}
    print(f"{len(rows)} labelled pairs from {args.data.name}: {splits['dev']} dev, {splits['holdout']} holdout")

    lexical = LexicalJudge()
    _report("lexical", dict(LEXICAL_THRESHOLDS), rows, [lexical.measure(r) for r in requests], args)
    if not args.skip_local:
        start = time.perf_counter()
        measured = LocalJudge().measure_all(requests)
        elapsed = time.perf_counter() - start
        measures = [m for m in measured if m is not None]
        if len(measures) != len(rows):
            print("the local judge skipped pairs", file=sys.stderr)
            return 1
        print(f"\n(local judge, float32: model load + {len(rows)} pairs in {elapsed:.1f}s)")
        _report("local", dict(LOCAL_THRESHOLDS), rows, measures, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
