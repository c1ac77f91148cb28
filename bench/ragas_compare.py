"""``mb eval --metrics none`` against Ragas' ``ToolCallAccuracy`` on the same generated tool calls.

Run: ``.venv/bin/python bench/ragas_compare.py [--lines 100000] [--runs 3] [--venv bench/.venv-ragas]``.

Ragas is not a dependency of MorganaBench: the script makes a throwaway virtual environment (``--venv``, created on
first use, gitignored) and installs Ragas there from PyPI. When that is not possible (no network, no index) it says
so and prints the MorganaBench figures alone.

The lines are the realistic ones of ``bench/evaluate.py`` (each its own ``user_time``, one to three tool calls, mixed
matchers, 5% ``date_time`` groups). Each line becomes a Ragas sample: the user message, an AI message carrying the
trace's tool calls, a tool message per result, the response; its reference tool calls are the assertions' tools with
each parameter's expected value (an ``optional`` one by its inner matcher; a ``missing`` one left out). Ragas
compares arguments by exact string equality and gives no reason, so its scores are not MorganaBench's verdicts: only
the rates are compared.

Printed, median of ``--runs``: Ragas scoring rate (samples built beforehand, ``strict_order=False`` as tool-call
assertions are order-free), Ragas rate including reading the JSONL and building the samples, and ``mb eval`` with
``--jobs 1`` and ``--jobs auto`` in a fresh process (start-up, reading and writing results included), each as a
ratio of Ragas end to end (the like-for-like figure: both read the file and score every call; ``mb eval`` also
validates each line, writes a result line with a reason per parameter and pays its start-up, Ragas' imports are not
counted) and of Ragas' scoring alone (a loop over samples already in memory); and the CPU time per line of each
(Ragas' reading and scoring in its process; ``mb eval``'s whole process with its worker processes), steadier than
the rates on a machine shared with other work. Each run of Ragas is followed by one of each ``mb eval``, so that
the machine's other work weighs on both alike. Ragas builds every sample before it scores them: most of its reading
time is the garbage collector going over the samples held (with the collector off it reads five to ten times faster).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
_PACKAGES = ["ragas==0.4.3", "langchain-community<0.4"]  # ragas 0.4.3 imports a module langchain-community 0.4 dropped


def _sample(document: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """One line as Ragas ``ToolCallAccuracy`` input: (user_input messages, reference tool calls)."""
    from ragas.messages import AIMessage, HumanMessage, ToolCall, ToolMessage

    reference = []
    for assertion in document["expectations"].get("assertions", []):
        if assertion.get("assert_that") != "tool_called":
            continue
        args: dict[str, Any] = {}
        for parameter in assertion.get("parameters", []):
            matcher = parameter["matcher"]
            if matcher.get("match_as") == "optional":
                matcher = matcher["default"]
            if matcher.get("match_as") == "missing":
                continue
            for name in [parameter["param"]] if "param" in parameter else parameter["params"]:
                args[name] = matcher.get("value")
        reference.append(ToolCall(name=assertion["tool"], args=args))
    messages: list[Any] = [HumanMessage(content=m["content"]) for m in document["inputs"]["messages"]]
    trace = document["outputs"].get("trace", [])
    calls = [ToolCall(name=e["tool"], args=e["params"]) for e in trace if e["event"] == "tool_call"]
    messages.append(AIMessage(content="", tool_calls=calls))
    messages += [ToolMessage(content=json.dumps(e["result"])) for e in trace if e["event"] == "tool_result"]
    messages.append(AIMessage(content=document["outputs"]["response"]))
    return messages, reference


def _ragas_worker(path: Path, runs: int) -> None:
    """Run inside the Ragas environment: time building the samples and scoring them; print the figures as JSON."""
    import asyncio
    import warnings

    from ragas.metrics.collections import ToolCallAccuracy

    warnings.simplefilter("ignore")  # a warning per length mismatch would time the warnings machinery
    metric = ToolCallAccuracy(strict_order=False)
    convert: list[float] = []
    score: list[float] = []
    cpu: list[float] = []
    total = 0.0
    for _ in range(runs):
        start, spent = time.perf_counter(), time.process_time()
        with path.open("rb") as lines:
            samples = [_sample(json.loads(line)) for line in lines if line.strip()]
        convert.append(time.perf_counter() - start)

        async def run_all(samples: list[tuple[list[Any], list[Any]]]) -> float:
            scored = 0.0
            for user_input, reference in samples:
                scored += (await metric.ascore(user_input=user_input, reference_tool_calls=reference)).value
            return scored

        start = time.perf_counter()
        total = asyncio.run(run_all(samples))
        score.append(time.perf_counter() - start)
        cpu.append(time.process_time() - spent)
    import ragas

    print(json.dumps({"samples": len(samples), "convert": convert, "score": score, "cpu": cpu,
                      "mean": total / len(samples), "version": ragas.__version__}))  # fmt: skip


def _ensure_venv(venv: Path) -> tuple[Path | None, str]:
    """The Ragas environment's interpreter, made and filled on first use; (None, why) when that fails."""
    python = venv / "bin" / "python"
    check = [str(python), "-c", "import ragas.metrics.collections"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python, ""
    steps = [[sys.executable, "-m", "venv", str(venv)], [str(python), "-m", "pip", "install", "-q", *_PACKAGES]]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            return None, said[-1] if said else f"exit status {done.returncode}"
    if subprocess.run(check, capture_output=True).returncode != 0:
        return None, "ragas installed but does not import"
    return python, ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--venv", type=Path, default=_HERE / ".venv-ragas")
    parser.add_argument("--ragas-worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ragas_worker is not None:
        _ragas_worker(args.ragas_worker, args.runs)
        return
    sys.path.insert(0, str(_HERE))
    from evaluate import run_eval, write_lines

    python, why = _ensure_venv(args.venv)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_lines(Path(tmp) / "realistic.jsonl", args.lines)
        print(f"{args.lines:,} realistic executed lines (bench/evaluate.py), median of {args.runs} run(s), each run "
              "of Ragas followed by one of each mb eval, so that the machine's other work weighs on both")  # fmt: skip
        if python is None:
            print(f"Ragas could not be installed in {args.venv} (pip install {' '.join(_PACKAGES)}): {why}")
            print("Ragas figures are missing; the MorganaBench ones follow.")
        ragas: dict[str, list[float]] = {"convert": [], "score": [], "cpu": []}
        found: dict[str, Any] = {}
        evals: dict[str, list[Any]] = {"1": [], "auto": []}
        for _ in range(args.runs):
            if python is not None and "failed" not in found:
                command = [str(python), __file__, "--ragas-worker", str(path), "--runs", "1"]
                done = subprocess.run(command, capture_output=True, text=True)
                if done.returncode != 0:
                    print(f"Ragas run failed:\n{done.stderr[-2000:]}")
                    found["failed"] = True
                else:
                    found = json.loads(done.stdout.strip().splitlines()[-1])
                    for key, values in ragas.items():
                        values += found[key]
            for jobs, runs in evals.items():
                runs.append(run_eval(path, jobs))
        ragas_rate = ragas_whole = None
        if ragas["score"]:
            count = found["samples"]
            ragas_rate = count / statistics.median(ragas["score"])
            print(f"Ragas {found['version']} ToolCallAccuracy, scoring only:   {ragas_rate:10,.0f} lines/s "
                  f"(mean score {found['mean']:.3f})")  # fmt: skip
            both = [c + s for c, s in zip(ragas["convert"], ragas["score"], strict=True)]
            ragas_whole = count / statistics.median(both)
            cpu = statistics.median(ragas["cpu"]) / count * 1e6
            print(f"Ragas, reading the JSONL and building samples too: {ragas_whole:10,.0f} lines/s "
                  f"(CPU {cpu:.0f} us a line)")  # fmt: skip
        for jobs, runs in evals.items():
            rate = args.lines / statistics.median(run.wall for run in runs)
            versus = (
                f" ({rate / ragas_whole:.2f}x Ragas end to end, {rate / ragas_rate:.2f}x its scoring alone)"
                if (ragas_rate and ragas_whole)
                else ""
            )
            cpu = statistics.median(run.cpu + run.worker_cpu for run in runs) / args.lines * 1e6
            print(f"mb eval --metrics none --jobs {jobs:4} (fresh process): {rate:10,.0f} lines/s{versus}; "
                  f"CPU {cpu:.0f} us a line, start-up and workers included")  # fmt: skip


if __name__ == "__main__":
    main()
