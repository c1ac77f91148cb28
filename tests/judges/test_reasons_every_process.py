"""A guard's reason names the same words in every process: Ray workers and a local run write identical result lines,
so nothing in a reason may follow the order of a set of strings (which changes with each process's hash seed)."""

from __future__ import annotations

import os
import subprocess
import sys

_SCRIPT = """
import asyncio
from mb.judges import JudgeRequest, JudgeTask, get_judge

pairs = [
    ("A small white van waits at the bus stop.", "A silver and blue tram on the rails beside a small tram stop."),
    ("There is no girl singing inside and there is no woman laughing",
     "The little girls are singing inside and the woman is laughing loudly"),
    ("The man in a blue coat is not sitting on a wooden bench and is not reading a book",
     "The man in a blue coat is sitting on a wooden bench and reading a book"),
    ("Drive from Leeds to York, then from Bath to Hull, then from Ayr to Troon.",
     "Drive from York to Leeds, then from Hull to Bath, then from Troon to Ayr."),
]
verdicts = asyncio.run(get_judge("lexical").judge([JudgeRequest(JudgeTask.EQUIVALENCE, a, b) for a, b in pairs]))
for verdict in verdicts:
    print(verdict.reason)
"""


def _reasons(seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def test_guard_reasons_do_not_depend_on_the_hash_seed() -> None:
    runs = [_reasons(seed) for seed in ("1", "2", "3", "4", "5")]
    assert len(runs[0]) == 4
    assert all("guard fired" in reason for reason in runs[0]), runs[0]
    assert all(run == runs[0] for run in runs[1:]), runs
