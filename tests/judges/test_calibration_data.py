"""The labelled pairs the thresholds are calibrated on are well formed and varied."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "judge_calibration.jsonl"
FIELDS = {"id", "task", "split", "kind", "label", "candidate", "reference"}


def _rows() -> list[dict[str, object]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_row_is_complete_and_unique() -> None:
    rows = _rows()
    assert all(set(row) == FIELDS for row in rows)
    assert all(isinstance(row["label"], bool) for row in rows)
    assert all(str(row["candidate"]).strip() and str(row["reference"]).strip() for row in rows)
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({(row["task"], row["candidate"], row["reference"]) for row in rows}) == len(rows)


def test_enough_pairs_of_each_task_label_and_kind() -> None:
    rows = _rows()
    assert len(rows) >= 250
    by_task_label = Counter((row["task"], row["label"], row["split"]) for row in rows)
    for task in ("equivalence", "similarity", "support"):
        for label in (True, False):
            assert by_task_label[(task, label, "dev")] >= 40
            assert by_task_label[(task, label, "holdout")] >= 10
    kinds = Counter(row["kind"] for row in rows)
    for kind in ("paraphrase", "number", "negation", "entity", "unrelated", "antonym"):
        assert kinds[kind] >= 3, kind


def test_the_public_pairs_hold_no_held_out_split() -> None:
    import gzip
    import json
    from collections import Counter
    from pathlib import Path

    pairs = Path(__file__).resolve().parents[1] / "data" / "judge_pairs.jsonl.gz"
    with gzip.open(pairs, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle]
    allowed = {
        "stsb": {"train", "dev"},
        "mrpc": {"train"},
        "sick": {"train", "trial"},
        "tool_args": {"generated"},
        "swaps": {"generated"},
    }
    assert all(row["split"] in allowed[row["source"]] for row in rows)
    assert all(row["label"] in (0, 1) and row["text_a"] and row["text_b"] for row in rows)
    counts = Counter(row["source"] for row in rows)
    assert sum(counts.values()) >= 5000
    assert counts["swaps"] >= 100
    short = [r for r in rows if r["source"] == "tool_args"]
    assert all(max(len(r["text_a"].split()), len(r["text_b"].split())) <= 12 for r in short)
