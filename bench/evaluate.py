"""Evaluation throughput and memory of ``mb eval`` on realistic generated lines, against ``orjson.loads`` of the same.

Run: ``.venv/bin/python bench/evaluate.py [--lines 100000] [--memory-lines 1000000] [--runs 3]``.

The data is generated, not repeated: every line has its own ``user_time`` (spread over a year, in several UTC offsets
or none), its own arguments, and one to three tool calls over six tools. Checks mix the deterministic matchers:
equality (numbers, strings, booleans), e-mail (display names, case, ``mailto:``), missing, optional, and on 5% of the
lines a ``date_time`` assertion over a start/end group ("tomorrow at 9am", "next Friday at 2pm", explicit dates). About
one check in ten is given a wrong argument so failures are exercised too. No line needs a judge: this measures the
deterministic evaluation path.

Printed: ``mb eval --metrics none`` lines/s with ``--jobs 1`` and ``--jobs auto`` (each a fresh process timed from
outside as a user times the command, interpreter start and exit included, median of ``--runs``; compiled bytecode is
cached as an installed package has it, even under ``PYTHONDONTWRITEBYTECODE``), the raw ``orjson.loads`` rate of the
same file, their ratio, each eval run against a raw parse timed just before it (target: at least 20% with auto workers
on 2 cores), the CPU of the main process and of the workers with ``--jobs auto``, the peak memory of ``mb eval --jobs
1`` at ``--lines`` and ``--memory-lines`` lines (target: flat within 10%), the CPU per line of each stage of the fast
path on ``--stage-lines`` of the lines (process time, best of three rounds over lines of their own, each stage over
every line once, after a warm-up on other lines, the garbage collector paused: its share is in the whole runs), and the
start-up: ``mb eval`` of a one-line file in a fresh interpreter (median and best of ``--start-runs``; target: 0.2 s on a
quiet machine). The data and results go to ``/dev/shm`` where it exists (``--directory`` to choose): the results file is
synced before it replaces its target, and how long a shared virtual disk takes to sync ~170 MiB (seconds, varying with
the neighbours) is not mb's speed.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any, NamedTuple

import orjson

_OFFSETS = [None, UTC, *(timezone(timedelta(minutes=m)) for m in (-300, 60, 330, -480, 540))]
_FIRST = ["dana", "fox", "walter", "monica", "john", "alex", "sam", "lee", "ana", "omar", "yuki", "ines"]
_LAST = ["scully", "mulder", "skinner", "reyes", "doggett", "kim", "ng", "garcia", "khan", "sato", "silva"]
_DOMAINS = ["example.com", "corp.example.org", "mail.example.net", "example.co.uk"]
_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CHF", "INR", "CAD"]
_WORDS = ["budget", "launch", "hiring", "travel", "invoice", "roadmap", "security", "offsite", "billing", "design"]
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]  # fmt: skip


class _Line:
    """One example under construction: the user message, assertions, tool calls and tools offered."""

    def __init__(self, rng: random.Random, index: int) -> None:
        self.rng = rng
        self.index = index
        self.assertions: list[dict[str, Any]] = []
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.asks: list[str] = []

    def value(self, right: Any, wrong: Any) -> Any:
        """The right argument, or about one time in ten a wrong one."""
        return wrong if self.rng.random() < 0.1 else right

    def add(self, tool: str, parameters: list[dict[str, Any]], params: dict[str, Any], ask: str) -> None:
        self.assertions.append({"assert_that": "tool_called", "tool": tool, "parameters": parameters})
        self.calls.append((tool, params))
        self.asks.append(ask)


def _email(rng: random.Random) -> tuple[str, str]:
    """(the address as expected, how an agent might write it: display name, case, ``mailto:``)."""
    first, last, domain = rng.choice(_FIRST), rng.choice(_LAST), rng.choice(_DOMAINS)
    address = f"{first}.{last}{rng.randint(1, 999)}@{domain}"
    style = rng.randrange(4)
    if style == 0:
        written = address
    elif style == 1:
        written = f"{first.title()} {last.title()} <{address.title()}>"
    elif style == 2:
        written = f"mailto:{address.upper()}"
    else:
        written = f"  {address}  "
    return address, written


def _send_email(line: _Line) -> None:
    rng = line.rng
    to, written = _email(rng)
    other, _ = _email(rng)
    subject = f"{rng.choice(_WORDS).title()} update #{line.index}"
    priority = rng.randint(1, 3)
    parameters = [
        {"param": "to", "matcher": {"match_as": "email", "value": to}},
        {"param": "subject", "matcher": {"match_as": "equality", "value": subject}},
        {"param": "priority", "matcher": {"match_as": "equality", "value": priority}},
        {"param": "cc", "matcher": {"match_as": "missing"}},
    ]
    params: dict[str, Any] = {"to": line.value(written, other), "subject": subject, "priority": float(priority)}
    if rng.random() < 0.5:
        bcc, bcc_written = _email(rng)
        optional = {"match_as": "optional", "default": {"match_as": "email", "value": bcc}}
        parameters.append({"param": "bcc", "matcher": optional})
        params["bcc"] = bcc_written
    line.add("send_email", parameters, params, f"e-mail {to} about {subject} (priority {priority})")


def _search(line: _Line) -> None:
    rng = line.rng
    query = f"{rng.choice(_WORDS)} {rng.choice(_WORDS)} {line.index}"
    limit = rng.choice([5, 10, 20])
    parameters = [
        {"param": "query", "matcher": {"match_as": "equality", "value": query}},
        {"param": "limit", "matcher": {"match_as": "equality", "value": limit}},
        {"param": "site", "matcher": {"match_as": "missing"}},
    ]
    line.add("search", parameters, {"query": query, "limit": line.value(limit, str(limit))}, f"search {query}")


def _convert(line: _Line) -> None:
    rng = line.rng
    amount = round(rng.uniform(1, 5000), 2)
    source, target = rng.sample(_CURRENCIES, 2)
    parameters = [
        {"param": "amount", "matcher": {"match_as": "equality", "value": amount}},
        {"param": "from", "matcher": {"match_as": "equality", "value": source}},
        {"param": "to", "matcher": {"match_as": "equality", "value": target}},
    ]
    params = {"amount": amount, "from": source, "to": line.value(target, source)}
    line.add("convert_currency", parameters, params, f"convert {amount} {source} to {target}")


def _ticket(line: _Line) -> None:
    rng = line.rng
    assignee, written = _email(rng)
    priority = rng.choice(["low", "medium", "high"])
    optional = {"match_as": "optional", "default": {"match_as": "equality", "value": priority}}
    parameters = [
        {"param": "assignee", "matcher": {"match_as": "email", "value": assignee}},
        {"param": "priority", "matcher": optional},
        {"param": "urgent", "matcher": {"match_as": "equality", "value": priority == "high"}},
    ]
    params: dict[str, Any] = {"assignee": written, "urgent": line.value(priority == "high", 1)}
    if rng.random() < 0.7:
        params["priority"] = priority
    line.add("create_ticket", parameters, params, f"open a {priority} ticket for {assignee}")


def _order(line: _Line) -> None:
    rng = line.rng
    order = f"ORD-{rng.randint(100000, 999999)}"
    parameters = [
        {"param": "order_id", "matcher": {"match_as": "equality", "value": order}},
        {"param": "include_items", "matcher": {"match_as": "equality", "value": True}},
    ]
    line.add("lookup_order", parameters, {"order_id": line.value(order, order.lower()), "include_items": True}, order)


def _calendar(line: _Line, now: datetime) -> None:
    """A date_time assertion on a start/end group, with arguments computed from the user time."""
    rng = line.rng
    hour = rng.randint(8, 18)
    clock = f"{hour % 12 or 12}{'am' if hour < 12 else 'pm'}"
    kind = rng.randrange(3)
    if kind == 0:
        day = now.date() + timedelta(days=1)
        phrase = f"tomorrow at {clock}"
    elif kind == 1:
        day = now.date() + timedelta(days=(4 - now.weekday()) % 7 or 7)  # the coming Friday, a week on Fridays
        phrase = f"next Friday at {clock}"
    else:
        day = now.date() + timedelta(days=rng.randint(2, 60))
        phrase = f"{_WEEKDAYS[day.weekday()]}, {_MONTHS[day.month - 1]} {day.day}, {day.year} at {clock}"
    start = datetime(day.year, day.month, day.day, hour, tzinfo=now.tzinfo)
    start = line.value(start, start + timedelta(hours=1))
    end = start + timedelta(minutes=rng.choice([30, 60, 90]))
    parameters = [{"params": ["start_time", "end_time"], "matcher": {"match_as": "date_time", "value": phrase}}]
    params = {"start_time": start.isoformat(), "end_time": end.isoformat(), "title": f"{rng.choice(_WORDS)} sync"}
    line.add("calendar", parameters, params, f"book {phrase}")


_TOOLS = [_send_email, _search, _convert, _ticket, _order]


def _user_time(rng: random.Random) -> datetime:
    """An instant in 2025, to the second, in one of several offsets (or naive)."""
    moment = datetime(2025, 1, 1) + timedelta(seconds=rng.randrange(365 * 86400))
    offset = rng.choice(_OFFSETS)
    return moment if offset is None else moment.replace(tzinfo=offset)


def realistic_lines(count: int, seed: int = 12, date_share: float = 0.05) -> Iterator[bytes]:
    """``count`` executed lines as described in the module docstring, reproducible from ``seed``; ``date_share`` of
    them have a date_time assertion."""
    rng = random.Random(seed)
    for index in range(count):
        line = _Line(rng, index)
        now = _user_time(rng)
        if rng.random() < date_share:
            _calendar(line, now)
        for tool in rng.sample(_TOOLS, rng.choice([1, 1, 2, 2, 3]) - len(line.calls) or 1):
            tool(line)
        trace: list[dict[str, Any]] = []
        for number, (tool, params) in enumerate(line.calls):
            call = f"call_{index}_{number}"
            trace.append({"event": "tool_call", "id": call, "tool": tool, "params": params})
            trace.append({"event": "tool_result", "id": call, "result": {"status": "ok", "ref": rng.randint(1, 10**6)}})
        document = {
            "inputs": {
                "messages": [{"role": "user", "content": "Please " + "; then ".join(line.asks) + "."}],
                "tools": sorted({tool for tool, _ in line.calls} | {"lookup_order"}),
            },
            "expectations": {"assertions": line.assertions},
            "outputs": {
                "response": f"Done ({len(line.calls)} action(s), reference {index}): " + "; ".join(line.asks) + ".",
                "trace": trace,
                "environment": {"user_time": now.isoformat()},
            },
        }
        yield orjson.dumps(document) + b"\n"


def write_lines(path: Path, count: int, date_share: float = 0.05) -> Path:
    """Write ``count`` realistic lines to ``path`` in chunks."""
    with path.open("wb") as out:
        chunk: list[bytes] = []
        for line in realistic_lines(count, date_share=date_share):
            chunk.append(line)
            if len(chunk) >= 10_000:
                out.write(b"".join(chunk))
                chunk.clear()
        out.write(b"".join(chunk))
    return path


_CLI = (
    "import atexit, os, re, resource, sys\n"
    "def children_cpu():  # a worker of a forkserver pool is its server's child: read each child's own and waited\n"
    "    total = 0\n"
    "    for entry in filter(str.isdigit, os.listdir('/proc')):\n"
    "        try:\n"
    "            fields = open(f'/proc/{entry}/stat').read().rsplit(')', 1)[1].split()\n"
    "        except OSError:\n"
    "            continue\n"
    "        if int(fields[1]) == os.getpid():\n"
    "            total += sum(map(int, fields[11:15]))  # utime, stime, cutime, cstime\n"
    "    return total / os.sysconf('SC_CLK_TCK')\n"
    "def figures():\n"
    "    hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
    "    me, waited = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "    print(hwm, waited.ru_maxrss, me.ru_utime + me.ru_stime, waited.ru_utime + waited.ru_stime + children_cpu(),"
    " file=sys.stderr, flush=True)\n"
    "atexit.register(figures)  # the program runs its exit handlers however it ends\n"
    "from mb.cli import main\n"
    "main(['eval', '--judge', 'lexical', '--metrics', 'none', '-q', '--format', 'json', '--jobs', sys.argv[3],"
    " '-o', sys.argv[2], sys.argv[1]])\n"
)
"""The program as ``mb`` runs it (its own exit included), reporting its memory and CPU from an exit handler."""


class Run(NamedTuple):
    """One ``mb eval`` process: wall seconds (start-up and exit included), peak RSS, CPU seconds of it and its
    workers."""

    wall: float
    """Seconds from starting the process to its end, as a user times the command: interpreter start and exit
    included."""

    rss: float
    """Peak resident memory of the process, MiB."""

    worker_rss: float
    """Peak resident memory of the largest worker process, MiB (0 without workers)."""

    cpu: float
    """CPU seconds (user and system) of the process itself, imports included."""

    worker_cpu: float
    """CPU seconds of its worker processes together."""


def run_eval(path: Path, jobs: str) -> Run:
    """``mb eval`` on ``path`` in a fresh process: its wall time, memory and CPU, and its workers'."""
    out = path.with_name(path.name + ".results.jsonl")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}  # as installed
    command = [sys.executable, "-c", _CLI, str(path), str(out), jobs]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    fields = done.stderr.split()[-4:]
    if done.returncode != 0 or len(fields) != 4:
        raise SystemExit(f"mb eval failed:\n{done.stderr[-2000:]}")
    hwm, worker, cpu, worker_cpu = fields
    return Run(wall, int(hwm) / 1024, int(worker) / 1024, float(cpu), float(worker_cpu))


def start_up(directory: Path, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``mb eval`` on a one-line file, each in a fresh process, from the interpreter's own
    start (``python -c``) to its end."""
    path = write_lines(directory / "one.jsonl", 1)
    out = path.with_name(path.name + ".results.jsonl")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-c", "from mb.cli import main; main()", "eval", "--judge", "lexical", "--metrics"]
    command += ["none", "-q", "--format", "json", "--jobs", "1", "-o", str(out), str(path)]
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        if done.returncode != 0:
            raise SystemExit(f"mb eval failed:\n{done.stderr.decode()[-2000:]}")
    return walls, cpus


def raw_parse(path: Path) -> float:
    """Seconds to read the file line by line and ``orjson.loads`` each line."""
    start = time.perf_counter()
    with path.open("rb") as lines:
        for line in lines:
            orjson.loads(line)
    return time.perf_counter() - start


def stage_costs(path: Path, count: int) -> dict[str, float]:
    """CPU microseconds per line of each stage of a worker's evaluation: splitting blocks into lines, reading a line
    (limits and the model's validation), the evaluation (with the identity a row takes from its example), the
    summary tally and writing the row.

    Each stage sees each line once, as in a run: the best of three rounds, each over ``count`` lines of its own
    (lines a round has already seen would find the caches warm), after a warm-up on other lines that loads what a run
    loads on its first lines (the date grammars)."""
    import gc
    import itertools

    warm_up = 1000
    with path.open("rb") as stream:
        every = [line.strip() for line in itertools.islice(stream, warm_up + 3 * count)]
    rounds = [every[start : start + count] for start in range(warm_up, len(every), count)]
    costs: dict[str, float] = {}
    gc.disable()
    try:
        _stage_round(every[:warm_up])
        for lines in rounds or [every]:
            for name, seconds in _stage_round(lines).items():
                costs[name] = min(costs.get(name, float("inf")), seconds / len(lines) * 1e6)
    finally:
        gc.enable()
    return costs


def _stage_round(lines: list[bytes]) -> dict[str, float]:
    """CPU seconds of each stage of a worker's evaluation over ``lines``, each line through each stage once."""
    from mb.evaluation._engine import _Recorder, _row, _user_time
    from mb.evaluation._example import MetricPlan
    from mb.evaluation._summary import SummaryBuilder
    from mb.io._reader import read_record
    from mb.matching import MatchContext

    plan = MetricPlan((), ())
    spent: dict[str, float] = {}

    def timed(name: str, work: Callable[[], Any]) -> Any:
        start = time.process_time()
        result = work()
        spent[name] = time.process_time() - start
        return result

    blocks = [b"\n".join(lines[start : start + 400]) for start in range(0, len(lines), 400)]
    timed("split", lambda: [block.split(b"\n") for block in blocks])
    read = timed("read", lambda: [read_record(line, file="", line=1, executed=True).example for line in lines])
    examples = [example for example in read if example is not None]

    def evaluated(example: Any) -> Any:
        return _row(example, 1, MatchContext(_Recorder(), _user_time(example), lambda _task: False), plan)

    rows = timed("evaluate", lambda: [evaluated(example) for example in examples])
    written = [row for row in rows if row is not None]
    summary = SummaryBuilder()
    timed("tally", lambda: [summary.add(row) for row in written])
    timed("write", lambda: [orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE) for row in written])
    return spent


def plumbing(costs: dict[str, float]) -> float:
    """A worker's CPU per line outside the evaluation itself."""
    return sum(cost for name, cost in costs.items() if name != "evaluate")


def statuses(path: Path) -> Counter[str]:
    """How many results of each status the last run wrote."""
    found: Counter[str] = Counter()
    pattern = re.compile(rb'"status":"(\w+)"')
    with path.with_name(path.name + ".results.jsonl").open("rb") as results:
        for line in results:
            if line.startswith(b'{"mb_results"'):
                continue  # the run record
            match = pattern.search(line)
            found[match.group(1).decode() if match else "?"] += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000, help="lines for the throughput runs")
    parser.add_argument("--memory-lines", type=int, default=1_000_000, help="lines for the memory run (0: skip)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement (median and best shown)")
    parser.add_argument("--date-share", type=float, default=0.05, help="share of lines with a date_time check")
    parser.add_argument("--stage-lines", type=int, default=20_000, help="lines for the per-stage CPU figures (0: skip)")
    parser.add_argument("--start-runs", type=int, default=10, help="runs of the one-line start-up figure (0: skip)")
    parser.add_argument("--directory", help="where to write the data and results (default: /dev/shm if any, else temp)")
    args = parser.parse_args()
    memory = "/dev/shm"  # a RAM disk where there is one: the figures are mb's, not how fast this disk syncs
    where = args.directory or (memory if os.path.isdir(memory) and os.access(memory, os.W_OK) else None)
    with tempfile.TemporaryDirectory(dir=where) as tmp:
        path = write_lines(Path(tmp) / "realistic.jsonl", args.lines, args.date_share)
        size = path.stat().st_size / 2**20
        print(f"{args.lines:,} generated executed lines ({size:.0f} MiB): a distinct user_time per line over 2025,")
        print(f"  {args.date_share:.0%} with a date_time group, e-mail/equality/missing/optional parameters, 1-3 calls")
        print(f"  input and results in {Path(tmp).parent} (results are synced to it before they replace the target)")
        raws: list[float] = []
        walls: dict[str, list[float]] = {"1": [], "auto": []}
        ratios: dict[str, list[float]] = {"1": [], "auto": []}
        peak: dict[int, float] = {}
        parent: list[float] = []
        workers: list[float] = []
        for _ in range(args.runs):  # each eval run beside a raw parse of its own: load changes from minute to minute
            for jobs in ("1", "auto"):
                raw = raw_parse(path)
                run = run_eval(path, jobs)
                raws.append(raw)
                walls[jobs].append(run.wall)
                ratios[jobs].append(raw / run.wall)
                if jobs == "1":
                    peak[args.lines] = min(peak.get(args.lines, run.rss), run.rss)
                else:
                    parent.append(run.cpu)
                    workers.append(run.worker_cpu)
        raw = statistics.median(raws)
        print(f"  orjson.loads of each line:  {args.lines / raw:10,.0f} lines/s (median of {len(raws)})")
        for jobs in ("1", "auto"):
            median = statistics.median(walls[jobs])
            print(
                f"  mb eval --jobs {jobs:4}:       {args.lines / median:10,.0f} lines/s median; "
                f"{statistics.median(ratios[jobs]):.1%} of the raw rate measured beside it (median of {args.runs}; "
                f"range {min(ratios[jobs]):.1%}-{max(ratios[jobs]):.1%})"
            )
        print(
            f"  mb eval --jobs auto CPU:    {statistics.median(parent):.2f} s in the main process, "
            f"{statistics.median(workers):.2f} s in its workers "
            f"(medians; wall {statistics.median(walls['auto']):.2f} s)"
        )
        counts = statuses(path)
        print(f"  results of the last run: {dict(sorted(counts.items()))}")
        print(f"  peak RSS of mb eval --jobs 1 at {args.lines:,} lines: {peak[args.lines]:.0f} MiB")
        if args.stage_lines:
            costs = stage_costs(path, min(args.stage_lines, args.lines))
            shown = ", ".join(f"{name} {cost:.1f}" for name, cost in costs.items())
            print(
                f"  worker CPU per line, us (best of 3 rounds of fresh lines): {shown}; "
                f"all but evaluate: {plumbing(costs):.1f}"
            )
        if args.memory_lines:
            path.unlink()
            big = write_lines(Path(tmp) / "realistic-big.jsonl", args.memory_lines, args.date_share)
            rss = run_eval(big, "1").rss
            growth = rss / peak[args.lines] - 1
            print(f"  peak RSS of mb eval --jobs 1 at {args.memory_lines:,} lines: {rss:.0f} MiB ({growth:+.1%})")
        if args.start_runs:
            start_walls, start_cpus = start_up(Path(tmp), args.start_runs)
            print(
                f"  mb eval of a one-line file (start-up, interpreter included): "
                f"{statistics.median(start_walls):.3f} s wall median, best {min(start_walls):.3f}; "
                f"CPU {statistics.median(start_cpus):.3f} s median, "
                f"best {min(start_cpus):.3f} (of {args.start_runs})"
            )


if __name__ == "__main__":
    main()
