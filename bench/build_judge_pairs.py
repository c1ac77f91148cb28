"""Build the labelled sentence pairs the offline judges are calibrated and measured on.

Public sources (train/dev splits only; the test splits of MRPC, PAWS-Wiki and STS-B are never read), pinned by
repository, commit and SHA-256:

- STS-B (GLUE) train and dev: a pair is equivalent at a similarity of 4.0 or more, different at 3.0 or less (pairs in
  between are left out: "roughly equivalent, some information differs" is neither).
- MRPC (Microsoft Research Paraphrase Corpus) train: its own paraphrase label.
- SICK, the TRAIN and TRIAL parts: equivalent when each sentence entails the other, else different. One-way
  entailment counts as different: there sentence A (the reference) entails sentence B (the candidate) and not the
  reverse, so the candidate drops or loosens something the reference states ("slicing the meat carefully" / "slicing
  the meat"), which for a tool argument is another goal (SICK has no pair where only B entails A). The rule follows
  from what the judge is asked, not from the figures it gives.

Plus generated tool-argument pairs of at most 12 words (``tool_args``): paraphrases of typical arguments (reworded,
reordered, numbers written out) and near misses (a changed number, name, direction or polarity), and the role-swap
set (``swaps``): entities exchanged around a relation, and symmetric relations whose exchange keeps the meaning.

Usage: ``python bench/build_judge_pairs.py SOURCE_DIR`` where SOURCE_DIR holds the pinned files under the names in
``SOURCES``; writes ``tests/data/judge_pairs.jsonl.gz`` (text_a, text_b, label, source, split).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _judge_pairs_gen import swap_pairs, tool_argument_pairs

SOURCES = {
    "stsb-train.tsv": (
        "https://github.com/mieseung/Cutoff_with_Attribution/blob/9587d5f58ef87e16f8f2fd224803821cb1e8786f/"
        "glue_data/STS-B/train.tsv",
        "e95ea1ca550f48383b106770c0dadc7dcb2c14a046f1ca0b6ba4d27d7e0fbb10",
    ),
    "stsb-dev.tsv": (
        "https://github.com/mieseung/Cutoff_with_Attribution/blob/9587d5f58ef87e16f8f2fd224803821cb1e8786f/"
        "glue_data/STS-B/dev.tsv",
        "5ff3d66a07bb2040c573b532f953dc514524e193a27b9be0a6f5622f7bec4eb5",
    ),
    "mrpc-train.txt": (
        "https://github.com/Pzeyang/Paraphrase_Identification/blob/dc1755eb1a4755ca310f97209391f1f5c06e2fd1/"
        "msr_paraphrase_train.txt",
        "8ce2b3a2f391f24534f38242d429510f8837eb4d3c4f4e8ff7b56d3678b4bb5c",
    ),
    "sick.txt": (
        "https://github.com/kkalouli/SICK-processing/blob/0848f4aec60870122a4ca18de08ba0e25f6f9a75/SICK.txt",
        "1539c2d059809b5bd40694e26d8121cc85b6b496f91c7b40f2fc83bbd7dcd957",
    ),
}
"""File name -> (where it was read, its SHA-256)."""

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "judge_pairs.jsonl.gz"

Pair = dict[str, object]


def _read(folder: Path, name: str) -> list[str]:
    data = (folder / name).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SOURCES[name][1]:
        raise SystemExit(f"{folder / name}: SHA-256 {digest} is not the pinned {SOURCES[name][1]}")
    return data.decode("utf-8").splitlines()


def _pair(a: str, b: str, label: int, source: str, split: str) -> Pair:
    return {"text_a": a.strip(), "text_b": b.strip(), "label": label, "source": source, "split": split}


def stsb(folder: Path) -> list[Pair]:
    out = []
    for split in ("train", "dev"):
        for line in _read(folder, f"stsb-{split}.tsv"):
            cells = line.split("\t")
            if len(cells) < 10 or cells[0] == "index":
                continue
            score = float(cells[9])
            if score >= 4.0 or score <= 3.0:
                out.append(_pair(cells[7], cells[8], int(score >= 4.0), "stsb", split))
    return out


def mrpc(folder: Path) -> list[Pair]:
    out = []
    for line in _read(folder, "mrpc-train.txt")[1:]:
        cells = line.split("\t")
        if len(cells) == 5 and cells[0] in {"0", "1"}:
            out.append(_pair(cells[3], cells[4], int(cells[0]), "mrpc", "train"))
    return out


def sick(folder: Path) -> list[Pair]:
    out = []
    for line in _read(folder, "sick.txt")[1:]:
        cells = line.split("\t")
        if len(cells) < 12 or cells[11] not in {"TRAIN", "TRIAL"}:
            continue
        mutual = cells[5] == "A_entails_B" and cells[6] == "B_entails_A"
        out.append(_pair(cells[1], cells[2], int(mutual), "sick", cells[11].lower()))
    return out


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    folder = Path(sys.argv[1])
    pairs = stsb(folder) + mrpc(folder) + sick(folder) + tool_argument_pairs() + swap_pairs()
    seen: set[tuple[str, str]] = set()
    unique = []
    for pair in pairs:
        key = (str(pair["text_a"]), str(pair["text_b"]))
        if key not in seen and key[0] and key[1]:
            seen.add(key)
            unique.append(pair)
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as handle:
        for pair in unique:
            handle.write(json.dumps(pair, ensure_ascii=False) + "\n")
    counts = Counter((str(p["source"]), int(str(p["label"]))) for p in unique)
    for (source, label), count in sorted(counts.items()):
        print(f"{source:10} label {label}: {count}")
    print(f"{len(unique)} pairs -> {OUT}")


if __name__ == "__main__":
    main()
