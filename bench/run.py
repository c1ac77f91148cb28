"""The runner's own cost per example: a no-op agent over N examples (default 10,000), read from and written to disk.

Every executed example is written and flushed on its own line, as in a real run. Prints, per agent kind
(async / sync, the latter hopping to a worker thread) and concurrency (1 and 4), the wall time and the overhead
per example; then the same through the ``mb run`` command (process start-up included).

    .venv/bin/python bench/run.py [--examples 10000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from mb.data import example_lines
from mb.io import write_examples
from mb.runner import run

TARGET_US = 1000.0
"""Budget of the runner per example at concurrency 1, in microseconds."""


async def async_noop(messages: list[dict[str, str]]) -> str:
    """Answers at once (awaited in the event loop)."""
    return "ok"


def sync_noop(messages: list[dict[str, str]]) -> str:
    """Answers at once (called in a worker thread)."""
    return "ok"


def make_benchmark(folder: Path, count: int) -> Path:
    """``count`` examples cycling through the bundled ones, each made distinct by an ``n`` field in its inputs."""
    bundled = list(example_lines(executed=False))

    def items() -> Any:
        for n in range(count):
            document: dict[str, Any] = dict(bundled[n % len(bundled)])
            document["inputs"] = {**document["inputs"], "n": n}
            yield document

    path = folder / "bench.jsonl"
    write_examples(path, items())
    return path


def measure(label: str, count: int, action: Callable[[], object]) -> float:
    """Run ``action`` once, print and return the cost per example in microseconds."""
    started = time.perf_counter()
    action()
    elapsed = time.perf_counter() - started
    per_example = elapsed / count * 1e6
    verdict = "" if "mb run" in label or "concurrency 4" in label else ("  ok" if per_example < TARGET_US else "  SLOW")
    print(f"{label:<38} {elapsed:7.2f} s  {per_example:8.1f} us/example  {count / elapsed:9,.0f} examples/s{verdict}")
    return per_example


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=10_000, help="examples per run (default 10,000)")
    count = parser.parse_args().examples
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bench = make_benchmark(folder, count)
        print(f"runner overhead, no-op agent, {count:,} examples, one flushed line each (target < {TARGET_US:g} us)")
        for name, agent in (("async", async_noop), ("sync", sync_noop)):
            for concurrency in (1, 4):
                output = folder / f"{name}-{concurrency}.jsonl"
                options: dict[str, Any] = {"output": output, "concurrency": concurrency, "collect": False}
                measure(f"{name} agent, concurrency {concurrency}", count, partial(run, bench, agent, **options))
        module = folder / "noop_agent.py"
        module.write_text("def agent(messages):\n    return 'ok'\n")
        for concurrency in (1, 4):
            output = folder / f"cli-{concurrency}.jsonl"
            command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(bench)]
            command += ["--agent", f"{module}:agent", "-o", str(output), "-q", "-c", str(concurrency)]
            launch = partial(subprocess.run, command, check=True, capture_output=True)
            measure(f"mb run (sync agent), concurrency {concurrency}", count, launch)


if __name__ == "__main__":
    main()
