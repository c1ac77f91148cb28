"""Accuracy of the offline equivalence judges on the labelled public pairs, cross-validated, per source.

    PYTHONPATH=src python bench/judge_accuracy.py [--pairs tests/data/judge_pairs.jsonl.gz] [--cache DIR]

Four methods, each with a threshold fitted on the training folds of a 5-fold grouped split (``grouped_folds``: pairs
sharing a sentence stay in one fold) and scored on the held-out fold: plain MiniLM cosine, the local judge (cosine +
guards + the extra-detail rule), rapidfuzz ``token_set_ratio`` and the lexical judge (overlap + guards + the
extra-detail rule). "tuned" thresholds maximise accuracy (the fair comparison); the precision operating point
maximises recall at a precision of at least ``PRECISION_TARGET`` on the training folds' pairs of at most 12 words (a
wrong pass hides an agent bug). Prints accuracy, precision and recall per source and for pairs of at most 12 words,
the thresholds fitted on every pair, and the logistic fit of P(equivalent | measure) behind each verdict's confidence
with its out-of-fold reliability.
Embeddings are cached under ``--cache`` (a minute or two to compute on a CPU). "local" here is the cosine with guard
vetoes; the local judge's EQUIVALENCE and SIMILARITY verdicts come from the cosine bands, guards and doubts that
``bench/judge_heldout.py`` measures.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import math
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz

from mb.judges._banded import DECIDES
from mb.judges._guards import run_guards
from mb.judges._overlap import contains_reference, pair_similarity
from mb.judges._text import content_stems, normalize
from mb.judges.base import JudgeTask

PAIRS = Path(__file__).resolve().parent.parent / "tests" / "data" / "judge_pairs.jsonl.gz"
PRECISION_TARGET = 0.90
FOLDS = 5
SHORT_WORDS = 12


@dataclass(frozen=True, slots=True)
class Row:
    """One labelled pair as every method measured it."""

    source: str
    label: bool
    short: bool
    cosine: float
    lexical: float
    token_set: float
    guarded: bool
    contained: bool = False
    groups: tuple[str, str] = ("", "")


def _embeddings(texts: Sequence[str], cache: Path) -> dict[str, list[float]]:
    import numpy as np

    from mb.judges._embedder import get_embedder

    cache.mkdir(parents=True, exist_ok=True)
    names, vectors = cache / "texts.json", cache / "emb.npy"
    if names.exists() and vectors.exists():
        known = json.loads(names.read_text(encoding="utf-8"))
        if set(texts) <= set(known):
            matrix = np.load(vectors)
            return {text: matrix[i] for i, text in enumerate(known)}
    ordered = sorted(set(texts))
    started = time.perf_counter()
    matrix = np.asarray(get_embedder().encode(ordered, batch_size=64), dtype=np.float32)
    print(f"encoded {len(ordered)} texts in {time.perf_counter() - started:.0f} s")
    np.save(vectors, matrix)
    names.write_text(json.dumps(ordered), encoding="utf-8")
    return {text: matrix[i] for i, text in enumerate(ordered)}


def measure(pairs_file: Path, cache: Path) -> list[Row]:
    """Every method's raw measure for every pair (guards for the EQUIVALENCE task), cached beside the embeddings."""
    features = cache / "features.json"
    if features.exists() and features.stat().st_mtime > pairs_file.stat().st_mtime:
        cached = json.loads(features.read_text(encoding="utf-8"))
        if all("groups" in row for row in cached):  # a cache written before folds were grouped is measured again
            return [Row(**{**row, "groups": tuple(row["groups"])}) for row in cached]
    with gzip.open(pairs_file, "rt", encoding="utf-8") as handle:
        pairs = [json.loads(line) for line in handle]
    vectors = _embeddings([p["text_a"] for p in pairs] + [p["text_b"] for p in pairs], cache)
    rows = []
    for pair in pairs:
        a, b = pair["text_a"], pair["text_b"]
        lexical, _ = pair_similarity(b, a)
        rows.append(
            Row(
                source=pair["source"],
                label=bool(pair["label"]),
                short=max(len(a.split()), len(b.split())) <= SHORT_WORDS,
                cosine=float(vectors[a] @ vectors[b]),
                lexical=lexical,
                token_set=fuzz.token_set_ratio(normalize(a), normalize(b)) / 100.0,
                guarded=bool(run_guards(JudgeTask.EQUIVALENCE, b, a)),
                contained=contains_reference(b, a),
                groups=(group_key(a), group_key(b)),
            )
        )
    features.write_text(json.dumps([dataclasses.asdict(row) for row in rows]), encoding="utf-8")
    return rows


Scorer = Callable[[Row], float]
METHODS: dict[str, tuple[Scorer, bool]] = {
    "plain cosine": (lambda r: r.cosine, False),
    "local": (lambda r: r.cosine, True),
    "token_set_ratio": (lambda r: r.token_set, False),
    "lexical": (lambda r: r.lexical, True),
}
"""Method -> (its measure, whether guards veto a pass)."""


def _predict(row: Row, scorer: Scorer, guarded: bool, threshold: float) -> bool:
    """Judges (``guarded``) pass a pair no guard vetoed that reaches the threshold or whose candidate states every
    content word of the reference; baselines pass what reaches the threshold."""
    if not guarded:
        return scorer(row) >= threshold
    return not row.guarded and (scorer(row) >= threshold or row.contained)


def _counts(rows: Sequence[Row], scorer: Scorer, guarded: bool, threshold: float) -> tuple[int, int, int, int]:
    tp = fp = fn = tn = 0
    for row in rows:
        predicted = _predict(row, scorer, guarded, threshold)
        if predicted and row.label:
            tp += 1
        elif predicted:
            fp += 1
        elif row.label:
            fn += 1
        else:
            tn += 1
    return tp, fp, fn, tn


def fit(rows: Sequence[Row], scorer: Scorer, guarded: bool, objective: str) -> float:
    """The threshold that maximises accuracy (``accuracy``) or recall at the precision target on pairs of at most
    12 words, the shape of tool arguments (``precision``). One sweep over the sorted measures."""
    if objective == "precision":
        rows = [row for row in rows if row.short]
    positives = sum(row.label for row in rows)
    negatives = len(rows) - positives
    always = [row.label for row in rows if guarded and not row.guarded and row.contained]
    eligible = sorted(
        ((round(scorer(row), 4), row.label) for row in rows if not (guarded and (row.guarded or row.contained))),
        reverse=True,
    )
    best, best_value = 1.01, -1.0
    tp, fp = sum(always), len(always) - sum(always)
    for index, (value, label) in enumerate(eligible):
        tp += label
        fp += not label
        if index + 1 < len(eligible) and eligible[index + 1][0] == value:
            continue
        if objective == "accuracy":
            score = (tp + negatives - fp) / len(rows)
        else:
            score = tp / positives if tp / (tp + fp) >= PRECISION_TARGET else -1.0
        if score > best_value:
            best, best_value = value, score
    return best


def group_key(text: str) -> str:
    """What near-duplicate texts share: their set of content-word stems (case, order and stopwords aside)."""
    return " ".join(sorted(set(content_stems(text)))) or text.strip().lower()


def grouped_folds(keys: Sequence[tuple[str, str]]) -> list[int]:
    """Fold of each pair, given the ``group_key`` of its two texts, for ``FOLDS``-fold cross-validation, grouped:
    pairs that share a text (up to ``group_key``) are linked, and each linked group goes whole to the fold with the
    fewest pairs so far, largest groups first, so that no sentence sits on both sides of a split."""
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for a, b in keys:
        parent[root(a)] = root(b)
    group = [root(a) for a, _ in keys]
    sizes = Counter(group)
    load = [0] * FOLDS
    assigned: dict[str, int] = {}
    for key in sorted(sizes, key=lambda k: (-sizes[k], k)):
        target = min(range(FOLDS), key=lambda f: load[f])
        assigned[key] = target
        load[target] += sizes[key]
    return [assigned[key] for key in group]


def _folds(rows: Sequence[Row]) -> list[int]:
    return grouped_folds([row.groups for row in rows])


def cross_validate(rows: Sequence[Row], method: str, objective: str) -> list[bool]:
    """Out-of-fold predictions."""
    scorer, guarded = METHODS[method]
    folds = _folds(rows)
    predictions = [False] * len(rows)
    for k in range(FOLDS):
        train = [row for row, f in zip(rows, folds, strict=True) if f != k]
        threshold = fit(train, scorer, guarded, objective)
        for index, row in enumerate(rows):
            if folds[index] == k:
                predictions[index] = _predict(row, scorer, guarded, threshold)
    return predictions


def _line(name: str, rows: Sequence[Row], predictions: Sequence[bool]) -> str:
    tp = sum(1 for r, p in zip(rows, predictions, strict=True) if p and r.label)
    fp = sum(1 for r, p in zip(rows, predictions, strict=True) if p and not r.label)
    fn = sum(1 for r, p in zip(rows, predictions, strict=True) if not p and r.label)
    accuracy = sum(1 for r, p in zip(rows, predictions, strict=True) if p == r.label) / len(rows)
    precision = tp / (tp + fp) if tp + fp else float("nan")
    recall = tp / (tp + fn) if tp + fn else float("nan")
    return f"  {name:14} n={len(rows):5}  accuracy {accuracy:6.1%}  precision {precision:6.1%}  recall {recall:6.1%}"


def logistic(rows: Sequence[Row], scorer: Scorer, guarded: bool) -> tuple[float, float, float, float, float]:
    """Fit P(equivalent) = sigmoid(slope * measure + intercept + short_shift * [at most 12 words]) on the pairs no
    guard vetoed (Newton's method on the log loss), and the share of equivalent pairs among vetoed ones, for long
    and short pairs: ``(slope, intercept, short_shift, vetoed_long, vetoed_short)``."""
    import numpy as np

    kept = [r for r in rows if not (guarded and r.guarded)]
    x = np.array([[scorer(r), 1.0, float(r.short)] for r in kept], dtype=np.float64)
    y = np.array([float(r.label) for r in kept], dtype=np.float64)
    weights = np.zeros(3)
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ weights)))
        gradient = x.T @ (p - y)
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-9 * np.eye(3)
        weights -= np.linalg.solve(hessian, gradient)

    def rate(short: bool) -> float:
        vetoed = [r.label for r in rows if guarded and r.guarded and r.short == short]
        return sum(vetoed) / len(vetoed) if vetoed else 0.0

    return float(weights[0]), float(weights[1]), float(weights[2]), rate(False), rate(True)


def reliability(rows: Sequence[Row], method: str) -> None:
    """Observed share of equivalent pairs against the fitted probability, in bands (out-of-fold fits)."""
    scorer, guarded = METHODS[method]
    folds = _folds(rows)
    observed: dict[int, list[bool]] = defaultdict(list)
    for k in range(FOLDS):
        slope, intercept, shift, vetoed_long, vetoed_short = logistic(
            [r for r, f in zip(rows, folds, strict=True) if f != k], scorer, guarded
        )
        for row, f in zip(rows, folds, strict=True):
            if f != k:
                continue
            if guarded and row.guarded:
                p = vetoed_short if row.short else vetoed_long
            else:
                p = 1 / (1 + math.exp(-(slope * scorer(row) + intercept + shift * row.short)))
            observed[min(int(p * 10), 9)].append(row.label)
    cells = [
        f"{band / 10:.1f}-{(band + 1) / 10:.1f}: {sum(v) / len(v):.2f} (n={len(v)})"
        for band, v in sorted(observed.items())
    ]
    print(f"{method} reliability, P(equivalent) band: observed share  " + "; ".join(cells))


def cascade(rows: Sequence[Row], method: str) -> None:
    """What the offline judge decides alone in a cascade (verdicts with confidence >= DECIDES), out of fold:
    the share of pairs it decides and how often those verdicts are right; the rest would go to the LLM."""
    scorer, guarded = METHODS[method]
    folds = _folds(rows)
    decided: list[tuple[Row, bool]] = []
    for k in range(FOLDS):
        train = [r for r, f in zip(rows, folds, strict=True) if f != k]
        threshold = fit(train, scorer, guarded, "accuracy")
        slope, intercept, shift, vetoed_long, vetoed_short = logistic(train, scorer, guarded)
        for row, f in zip(rows, folds, strict=True):
            if f != k:
                continue
            passed = _predict(row, scorer, guarded, threshold)
            if guarded and row.guarded:
                p = vetoed_short if row.short else vetoed_long
            else:
                p = 1 / (1 + math.exp(-(slope * scorer(row) + intercept + shift * row.short)))
            if (p if passed else 1 - p) >= DECIDES:
                decided.append((row, passed))
    print(f"{method} in a cascade (confidence >= {DECIDES:.0%} decided offline, out of fold):")
    for name, keep in [("all", lambda r: True), ("<= 12 words", lambda r: r.short)] + [
        (source, lambda r, s=source: r.source == s) for source in sorted({r.source for r in rows})
    ]:
        total = sum(1 for r in rows if keep(r))
        mine = [(r, p) for r, p in decided if keep(r)]
        right = sum(1 for r, p in mine if p == r.label)
        passes = [r for r, p in mine if p]
        precision = sum(r.label for r in passes) / len(passes) if passes else float("nan")
        print(
            f"  {name:14} decided offline {len(mine) / total:6.1%} of {total:5}; "
            f"of those right {right / max(1, len(mine)):6.1%}, precision of the passes {precision:6.1%}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/mb-judge-accuracy"))
    args = parser.parse_args()
    rows = measure(args.pairs, args.cache)
    sources = sorted({row.source for row in rows})
    print(f"{len(rows)} pairs; precision target of the shipped operating point: {PRECISION_TARGET:.0%}")
    for objective in ("accuracy", "precision"):
        print(f"\n== thresholds fitted for {objective} (5-fold cross-validation) ==")
        for method in METHODS:
            if objective == "precision" and method not in {"local", "lexical"}:
                continue
            predictions = cross_validate(rows, method, objective)
            print(f"{method}:")
            print(_line("all", rows, predictions))
            short = [i for i, r in enumerate(rows) if r.short]
            print(_line("<= 12 words", [rows[i] for i in short], [predictions[i] for i in short]))
            for source in sources:
                chosen = [i for i, r in enumerate(rows) if r.source == source]
                print(_line(source, [rows[i] for i in chosen], [predictions[i] for i in chosen]))
    print("\n== fitted on every pair (the values to ship) ==")
    for method in ("local", "lexical"):
        scorer, guarded = METHODS[method]
        threshold = fit(rows, scorer, guarded, "precision")
        accuracy_threshold = fit(rows, scorer, guarded, "accuracy")
        slope, intercept, shift, vetoed_long, vetoed_short = logistic(rows, scorer, guarded)
        print(
            f"{method}: threshold for accuracy {accuracy_threshold:.3f}, for precision {threshold:.3f}; "
            f"P(equivalent) = sigmoid({slope:.3f} * measure + {intercept:.3f} + {shift:.3f} * short); "
            f"P(equivalent | a guard fired) = {vetoed_long:.3f} (long), {vetoed_short:.3f} (short)"
        )
        reliability(rows, method)
        cascade(rows, method)


if __name__ == "__main__":
    main()
