"""Fit the local judge's equivalence model on the labelled public pairs and print its cross-validated figures.

    PYTHONPATH=src python bench/fit_local_model.py [--pairs tests/data/judge_pairs.jsonl.gz] [--cache DIR]

Each pair is measured as the judge measures it (``mb.judges._pairmodel.features``: cosine, word overlap, guards...).
A logistic regression (Newton's method, a small L2 penalty) is fitted on the training folds of a 5-fold stratified
split and scored on the held-out fold as the judge decides (short pairs a guard fired on fail; a candidate stating
every content word of the reference passes when no guard fired). Two
operating points: the accuracy-optimal P(equivalent) threshold (shipped) and the one that maximises recall at a
precision of at least 90% on the training folds' pairs of at most 12 words. For comparison it prints a plain cosine
threshold fitted for accuracy the same way. Last, the weights fitted on every pair, to paste into ``_pairmodel.py``.
Embeddings are cached under ``--cache`` (shared with ``bench/judge_accuracy.py``).
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from judge_accuracy import FOLDS, PAIRS, PRECISION_TARGET, SHORT_WORDS, _embeddings

from mb.judges._confidence import CALIBRATIONS
from mb.judges._guards import run_guards
from mb.judges._overlap import contains_reference
from mb.judges._pairmodel import FEATURES, MODEL_THRESHOLD, features, probability, vetoes
from mb.judges.base import LOW_CONFIDENCE, JudgeTask

PENALTY = 1e-5
"""L2 penalty per pair on every weight but the bias."""


def load(pairs_file: Path, cache: Path) -> tuple[list[dict[str, Any]], np.ndarray, np.ndarray]:
    """The pairs, their feature matrix and the cosine of each pair."""
    with gzip.open(pairs_file, "rt", encoding="utf-8") as handle:
        pairs = [json.loads(line) for line in handle]
    vectors = _embeddings([p["text_a"] for p in pairs] + [p["text_b"] for p in pairs], cache)
    rows, cosines = [], []
    for pair in pairs:
        reference, candidate = pair["text_a"], pair["text_b"]
        cosine = float(vectors[reference] @ vectors[candidate])
        failures = run_guards(JudgeTask.EQUIVALENCE, candidate, reference)
        words = max(len(candidate.split()), len(reference.split()))
        pair["short"] = words <= SHORT_WORDS
        pair["vetoed"] = vetoes(failures, words)
        pair["contained"] = not failures and contains_reference(candidate, reference)
        rows.append(features(candidate, reference, cosine, failures))
        cosines.append(cosine)
    return pairs, np.array(rows, dtype=np.float64), np.array(cosines, dtype=np.float64)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic weights by Newton's method on the penalised log loss."""
    weights = np.zeros(x.shape[1])
    penalty = PENALTY * len(y) * np.eye(x.shape[1])
    penalty[-1, -1] = 0.0
    for _ in range(60):
        p = 1 / (1 + np.exp(-(x @ weights)))
        gradient = x.T @ (p - y) + penalty @ weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return weights


def threshold_for(p: np.ndarray, y: np.ndarray, objective: str) -> float:
    """The threshold on ``p`` maximising accuracy, or recall at the precision target."""
    order = np.argsort(-p)
    tp = np.cumsum(y[order])
    passed = np.arange(1, len(order) + 1)
    if objective == "accuracy":
        correct = tp + (len(y) - y.sum()) - (passed - tp)
        return float(p[order][int(np.argmax(correct))])
    ok = np.where(tp / passed >= PRECISION_TARGET)[0]
    return float(p[order][int(ok.max())]) if len(ok) else 1.01


def folds(pairs: Sequence[dict[str, Any]]) -> np.ndarray:
    """Stratified by source and label, as ``bench/judge_accuracy.py`` splits."""
    import random
    from collections import defaultdict

    rng = random.Random(13)
    groups: dict[tuple[str, bool], list[int]] = defaultdict(list)
    for index, pair in enumerate(pairs):
        groups[(pair["source"], bool(pair["label"]))].append(index)
    fold = np.zeros(len(pairs), dtype=int)
    for members in groups.values():
        rng.shuffle(members)
        for position, index in enumerate(members):
            fold[index] = position % FOLDS
    return fold


def report(name: str, pairs: Sequence[dict[str, Any]], predicted: np.ndarray, y: np.ndarray) -> None:
    """Accuracy, precision and recall overall, on short pairs and per source."""
    print(f"{name}:")
    masks = [("all", np.ones(len(y), dtype=bool)), ("<= 12 words", np.array([p["short"] for p in pairs]))]
    for source in sorted({p["source"] for p in pairs}):
        masks.append((source, np.array([p["source"] == source for p in pairs])))
    for label, mask in masks:
        truth, guess = y[mask] == 1, predicted[mask]
        tp, fp, fn = int((guess & truth).sum()), int((guess & ~truth).sum()), int((~guess & truth).sum())
        accuracy = float((guess == truth).mean())
        precision = tp / (tp + fp) if tp + fp else float("nan")
        recall = tp / (tp + fn) if tp + fn else float("nan")
        print(
            f"  {label:14} n={int(mask.sum()):5}  accuracy {accuracy:6.1%}  "
            f"precision {precision:6.1%}  recall {recall:6.1%}"
        )


def cascade(
    pairs: Sequence[dict[str, Any]], p: np.ndarray, predicted: np.ndarray, vetoed: np.ndarray, y: np.ndarray
) -> None:
    """What the judge decides alone in a cascade (confidence >= LOW_CONFIDENCE), out of fold, and how often it is
    right there; vetoed pairs take the judge's confidence for a vetoed pair."""
    calibration = CALIBRATIONS["local"]
    confidence = np.where(predicted, p, 1 - p)
    for index, pair in enumerate(pairs):
        if vetoed[index]:
            confidence[index] = 1 - (calibration.vetoed_short if pair["short"] else calibration.vetoed_long)
    decided = confidence >= LOW_CONFIDENCE
    print(f"in a cascade (confidence >= {LOW_CONFIDENCE:.0%} decided offline, out of fold):")
    for label, mask in (("all", np.ones(len(y), dtype=bool)), ("<= 12 words", np.array([q["short"] for q in pairs]))):
        mine = decided & mask
        right = float((predicted[mine] == (y[mine] == 1)).mean()) if mine.any() else float("nan")
        passes = mine & predicted
        precision = float(y[passes].mean()) if passes.any() else float("nan")
        print(
            f"  {label:14} decided offline {mine.sum() / mask.sum():6.1%}; of those right {right:6.1%}, "
            f"precision of the passes {precision:6.1%}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/mb-judge-accuracy"))
    args = parser.parse_args()
    pairs, x, cosine = load(args.pairs, args.cache)
    y = np.array([float(p["label"]) for p in pairs])
    vetoed = np.array([p["vetoed"] for p in pairs])
    short = np.array([p["short"] for p in pairs])
    contained = np.array([p["contained"] for p in pairs])
    fold = folds(pairs)
    print(f"{len(pairs)} pairs, {len(FEATURES)} features, {FOLDS}-fold cross-validation")
    plain = np.zeros(len(y), dtype=bool)
    oof = np.zeros(len(y))
    by_objective = {objective: np.zeros(len(y), dtype=bool) for objective in ("accuracy", "precision")}
    for k in range(FOLDS):
        train, test = fold != k, fold == k
        plain[test] = cosine[test] >= threshold_for(cosine[train], y[train], "accuracy")
        kept = train & ~vetoed
        weights = fit(x[kept], y[kept])
        p_train = 1 / (1 + np.exp(-(x[train] @ weights)))
        p_train[vetoed[train]] = 0.0
        p_test = 1 / (1 + np.exp(-(x[test] @ weights)))
        p_test[vetoed[test]] = 0.0
        oof[test] = p_test
        for objective, predicted in by_objective.items():
            on = short[train] if objective == "precision" else np.ones(int(train.sum()), dtype=bool)
            cut = threshold_for(p_train[on], y[train][on], objective)
            predicted[test] = ((p_test >= max(cut, 1e-9)) | contained[test]) & ~vetoed[test]
    cascade(pairs, oof, by_objective["accuracy"], vetoed, y)
    report("plain cosine, threshold fitted for accuracy", pairs, plain, y)
    report("local model, P(equivalent) threshold fitted for accuracy", pairs, by_objective["accuracy"], y)
    report("local model, fitted for 90% precision on <= 12 words", pairs, by_objective["precision"], y)
    kept = ~vetoed
    weights = fit(x[kept], y[kept])
    p_all = np.array([probability(list(row), list(weights)) for row in x])
    p_all[vetoed] = 0.0
    print(f"\naccuracy-optimal threshold on every pair: {threshold_for(p_all, y, 'accuracy'):.3f}")
    print(f"shipped threshold: {MODEL_THRESHOLD}")
    print("WEIGHTS = (")
    for name, value in zip(FEATURES, weights, strict=True):
        print(f"    {value:.4f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
