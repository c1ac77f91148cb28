"""Offline judge cost on hostile inputs: CPU seconds of the lexical judge at n, 2n and 4n.

Run: ``PYTHONPATH=src .venv/bin/python bench/judge_cost.py [--n 1000]``. Shapes: n citations of one response read
against their 100-sentence chunks (SUPPORT), and a response of n signed numbers against an expected response
(EQUIVALENCE). About 2x per doubling is linear.
"""

from __future__ import annotations

import argparse
import time

from mb.judges import get_judge
from mb.judges.base import JudgeRequest, JudgeTask


def citations(n: int) -> list[JudgeRequest]:
    """n cited sentences, each read against the chunk of 100 sentences it comes from."""
    sentences = [f"Fact {i} says the value is {i * 7}." for i in range(n)]
    chunks = [" ".join(sentences[start : start + 100]) for start in range(0, n, 100)]
    return [JudgeRequest(JudgeTask.SUPPORT, candidate=s, reference=chunks[i // 100]) for i, s in enumerate(sentences)]


def signed_numbers(n: int) -> list[JudgeRequest]:
    """A response of n numbers, half of them negative, against an expected response naming none."""
    response = "The readings: " + ", ".join(str(i if i % 2 else -i) for i in range(1, n + 1)) + "."
    return [JudgeRequest(JudgeTask.EQUIVALENCE, candidate=response, reference="The readings.")]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=1000)
    args = parser.parse_args()
    judge = get_judge("lexical")
    judge.judge_sync(citations(100))  # tables loaded
    for name, shape in (
        ("citations against their chunks", citations),
        ("a response of signed numbers", signed_numbers),
    ):
        times = []
        for size in (args.n, 2 * args.n, 4 * args.n):
            requests = shape(size)
            started = time.process_time()
            judge.judge_sync(requests)
            times.append(time.process_time() - started)
        print(f"{name}: " + ", ".join(f"{t:.2f}" for t in times) + f" s CPU at n, 2n, 4n (n={args.n})")


if __name__ == "__main__":
    main()
