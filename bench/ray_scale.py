"""Throughput on a local Ray cluster against one process, for ``mb eval`` and ``mb run``.

- eval: N generated executed lines (default 20,000: date, e-mail, equality, free-text and no-tool checks, distinct
  user times, agent errors and invalid lines), scored by one process (``--jobs 1``) and with ``--backend ray``;
  the results are checked byte for byte against each other.
- judged eval: N/4 such lines with the local judge and ``--metrics similarity`` (every line goes through the
  judge's path): one process, and Ray with the judge on the workers. Each pass is a fresh run (a new judge and
  memo); the model is loaded once per process.
- run: M examples (default 400) through an agent that spends ``--agent-ms`` of CPU per example in Python (the GIL
  keeps local threads on one core) and through one that waits as much (I/O bound), locally and on Ray actors.

Figures are the best and median of ``--passes`` passes (the machine may be shared); Ray's start-up is reported
apart. Needs the ``ray`` extra.

    .venv/bin/python bench/ray_scale.py [--lines 20000] [--examples 400] [--cpus N] [--passes 3] [--only judged]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' generated benchmarks

from tests.ray.generated import executed_lines

from mb.evaluation import evaluate
from mb.runner import RayAgent, run


def _spin(rounds: int) -> int:
    total = 0
    for number in range(rounds):
        total += number % 7
    return total


def _rounds_per_ms() -> int:
    """Loop rounds of :func:`_spin` that take about a millisecond of CPU on this machine (best of 5)."""
    best = min(_duration(lambda: _spin(100_000)) for _ in range(5))
    return max(1, int(100_000 / (best * 1000)))


def _duration(work: Callable[[], Any]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


class Busy:
    """Does ``ms`` milliseconds' worth of CPU work in Python per example (a fixed amount of work, measured on an idle
    core: the GIL keeps local threads from sharing it out)."""

    def __init__(self, ms: float) -> None:
        self.rounds = int(ms * _rounds_per_ms())

    def __call__(self, messages: list[dict[str, str]]) -> str:
        return f"done {_spin(self.rounds)}"


class Waiting:
    """Waits ``ms`` milliseconds per example (a remote model call)."""

    def __init__(self, ms: float) -> None:
        self.ms = ms

    def __call__(self, messages: list[dict[str, str]]) -> str:
        time.sleep(self.ms / 1000)
        return "done"


def _timed(work: Callable[[], Any], passes: int) -> tuple[float, float, Any]:
    """(best, median) seconds over ``passes`` calls, and the last call's result."""
    times = []
    result = None
    for _ in range(passes):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times), result


def _evaluate(path: Path, backend: Any, judge: str = "lexical", metrics: Any = None) -> bytes:
    """The result lines of ``path`` scored in one process (``local``) or on the Ray cluster ``ray`` is connected to."""
    output = path.with_name(f"{path.stem}-{backend}.results.jsonl")
    evaluate(path, output=output, judge=judge, metrics=metrics, backend=backend)
    return output.read_bytes().partition(b"\n")[2]


def bench_judged(ray: Any, folder: Path, lines: int, passes: int) -> None:
    path = folder / "judged.jsonl"
    path.write_bytes(b"\n".join(executed_lines(lines, seed=13)) + b"\n")
    local = _timed(lambda: _evaluate(path, "local", "local", ["similarity"]), passes)
    workers = _timed(lambda: _evaluate(path, "ray", "local", ["similarity"]), passes)
    same = "identical" if local[2] == workers[2] else "DIFFERENT"
    print(f"eval {lines:,} lines, local judge, --metrics similarity, results {same}:")
    for name, (best, median, _) in (("one process", local), ("ray, judge on workers", workers)):
        print(f"  {name:<22} best {lines / best:>9,.0f} lines/s   median {lines / median:>9,.0f} lines/s")


def bench_eval(ray: Any, folder: Path, lines: int, passes: int) -> None:
    path = folder / "executed.jsonl"
    path.write_bytes(b"\n".join(executed_lines(lines)) + b"\n")
    local = _timed(lambda: _evaluate(path, "local"), passes)
    remote = _timed(lambda: _evaluate(path, "ray"), passes)
    same = "identical" if local[2] == remote[2] else "DIFFERENT"
    print(f"eval {lines:,} lines ({path.stat().st_size / 1e6:.1f} MB), results {same}:")
    for name, (best, median, _) in (("one process", local), ("ray", remote)):
        print(f"  {name:<12} best {lines / best:>9,.0f} lines/s   median {lines / median:>9,.0f} lines/s")


def bench_run(ray: Any, folder: Path, examples: int, agent_ms: float, cpus: int, passes: int) -> None:
    benchmark = folder / "bench.jsonl"
    expectations = {"assertions": [{"assert_that": "no_tool_called"}]}
    rows = (
        {"inputs": {"messages": [{"role": "user", "content": f"q{i}"}]}, "expectations": expectations}
        for i in range(examples)
    )
    benchmark.write_text("".join(json.dumps(row) + "\n" for row in rows))
    output = folder / "out.jsonl"
    concurrency = 2 * cpus
    for agent in (Busy(agent_ms), Waiting(agent_ms)):

        def local_run(agent: Any = agent) -> Any:
            return run(benchmark, agent, output=output, overwrite=True, concurrency=concurrency)

        local = _timed(local_run, passes)
        with RayAgent(agent, ray, concurrency=concurrency, actors=cpus) as on_ray:

            def ray_run(agent: Any = on_ray) -> Any:
                return run(benchmark, agent, output=output, overwrite=True, concurrency=concurrency)

            remote = _timed(ray_run, passes)
        name = type(agent).__name__.lower()
        print(f"run {examples} examples, {name} agent {agent_ms:g} ms, concurrency {concurrency}:")
        for name, (best, median, _) in (("one process", local), (f"ray {cpus} actors", remote)):
            print(f"  {name:<14} best {examples / best:>7,.0f} ex/s   median {examples / median:>7,.0f} ex/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--examples", type=int, default=400)
    parser.add_argument("--agent-ms", type=float, default=20.0)
    parser.add_argument("--cpus", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--only", choices=["eval", "judged", "run"], help="run one part of the benchmark")
    options = parser.parse_args()
    import ray

    started = time.perf_counter()
    ray.init(num_cpus=options.cpus, include_dashboard=False, logging_level=logging.WARNING)
    print(f"ray start-up on {options.cpus} CPU(s): {time.perf_counter() - started:.1f} s")
    try:
        with tempfile.TemporaryDirectory() as folder:
            if options.only in (None, "eval"):
                bench_eval(ray, Path(folder), options.lines, options.passes)
            if options.only in (None, "judged"):
                bench_judged(ray, Path(folder), options.lines // 4, options.passes)
            if options.only in (None, "run"):
                bench_run(ray, Path(folder), options.examples, options.agent_ms, options.cpus, options.passes)
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
