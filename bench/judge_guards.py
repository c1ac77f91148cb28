"""Cost of the offline judges' guards on long texts: the name check must stay linear in the length of a run of
capitalized words (it was cubic: 1,200 words took minutes).

    PYTHONPATH=src python bench/judge_guards.py [--repeats 5]

Prints, for capitalized runs of growing length, the best of ``--repeats`` timings of every guard on a pair of such
runs (caches cleared between runs), and the time per word: flat when the cost is linear.
"""

from __future__ import annotations

import argparse
import random
import string
import time

from mb.judges import _names, _polarity, _quantities, _roles, _text
from mb.judges._guards import run_guards
from mb.judges.base import JudgeTask


def _run(count: int, seed: int) -> str:
    rng = random.Random(seed)
    return "see " + " ".join(
        "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(4, 9))).title() for _ in range(count)
    )


def _clear() -> None:
    for module in (_names, _polarity, _quantities, _roles, _text):
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for count in (300, 600, 1200, 2400, 4800, 9600):
        candidate, reference = _run(count, 1), _run(count, 2)
        best = float("inf")
        for _ in range(args.repeats):
            _clear()
            started = time.perf_counter()
            run_guards(JudgeTask.EQUIVALENCE, candidate, reference)
            best = min(best, time.perf_counter() - started)
        print(
            f"{count:5} capitalized words: {best * 1000:8.1f} ms (best of {args.repeats}), "
            f"{best / count * 1e6:6.1f} us/word"
        )


if __name__ == "__main__":
    main()
