"""Local judge throughput: free-text pairs judged per second with batching, on a fixed number of torch threads.

Run: ``.venv/bin/python bench/judge_local.py [--pairs 4000] [--threads 2] [--batch-sizes 32,64,128]
[--precision auto|float32|bfloat16]``. Prints
pairs/s (target: at least 400 on 2 cores) for tool-argument-like pairs (EQUIVALENCE) and response-like pairs
(SIMILARITY), guards included. Every text is unique, and the judge's embedding cache is off, so nothing is
answered from memory. Model loading is timed apart.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from mb.judges import JudgeRequest, JudgeTask
from mb.judges._embedder import PRECISIONS, get_embedder
from mb.judges.local import LocalJudge

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "judge_calibration.jsonl"
_PREFIXES = ["urgent", "new", "quick", "weekly", "updated", "final", "draft", "revised", "shared", "private"]
_TOPICS = ["budget", "launch", "hiring", "travel", "support", "billing", "security", "design", "roadmap", "offsite"]


def _pairs(task: str, count: int) -> list[JudgeRequest]:
    """``count`` unique pairs of the task, built from the labelled pairs with a distinct two-word prefix each."""
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    base = [r for r in rows if r["task"] == task]
    requests = []
    for i in range(count):
        row = base[i % len(base)]
        tag = f"{_PREFIXES[i % 10]} {_TOPICS[(i // 10) % 10]} {i // 100}:"
        requests.append(JudgeRequest(JudgeTask(task), f"{tag} {row['candidate']}", f"{tag} {row['reference']}"))
    return requests


def main() -> None:
    """Time the local judge on unique pairs for each batch size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=4000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--batch-sizes", default="32,64,128")
    parser.add_argument("--precision", default="auto", choices=PRECISIONS)
    args = parser.parse_args()

    start = time.perf_counter()
    judge = LocalJudge(threads=args.threads, cache_size=0, precision=args.precision)
    judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, "warm up", "warming up")])
    print(f"model load + first verdict: {time.perf_counter() - start:.1f}s (cpu count {os.cpu_count()})")

    import torch

    embedder = get_embedder(precision=args.precision)
    print(f"torch threads: {torch.get_num_threads()}, precision {args.precision} -> {embedder.precision}")
    for task in ("equivalence", "similarity"):
        for batch_size in (int(b) for b in args.batch_sizes.split(",")):
            requests = _pairs(task, args.pairs)
            judge = LocalJudge(threads=args.threads, batch_size=batch_size, cache_size=0, precision=args.precision)
            start = time.perf_counter()
            verdicts = judge.judge_sync(requests)
            elapsed = time.perf_counter() - start
            errors = sum(v.error is not None for v in verdicts)
            print(
                f"{task:12} batch {batch_size:4}  threads {torch.get_num_threads()}  {len(requests)} pairs "
                f"in {elapsed:5.2f}s = {len(requests) / elapsed:7.0f} pairs/s  (errors {errors})"
            )


if __name__ == "__main__":
    main()
