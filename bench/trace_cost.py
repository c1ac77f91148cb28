"""Trace conversion cost on hostile trace shapes: CPU seconds of ``build_outputs`` at n, 2n and 4n spans or calls.

Run: ``PYTHONPATH=src .venv/bin/python bench/trace_cost.py [--n 2000]``. A shape whose time grows by about 2x per
doubling is linear; 4x is quadratic.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Callable

from mb.formats.traces import SourceTrace, Step, TraceError, build_outputs


def _trace(steps: list[Step], parents: dict[str, str]) -> SourceTrace:
    return SourceTrace("t", "bench", start=1_700_000_000_000_000_000, steps=steps, parent_of=parents)


def nested_chats(n: int) -> SourceTrace:
    """A chain of chat spans, each inside the last, each requesting its own call."""
    steps = [Step("chat", i, f"s{i}", name="llm", output_text="ok", requested=[(f"c{i}", "search", f'{{"q": {i}}}')])
             for i in range(n)]  # fmt: skip
    return _trace(steps, {f"s{i}": f"s{i - 1}" for i in range(1, n)})


def nested_same(n: int) -> SourceTrace:
    """A chain of chat spans that each record the same request without an id (one answer recorded n times)."""
    steps = [Step("chat", i, f"s{i}", name="llm", output_text="ok", requested=[(None, "search", '{"q": 1}')])
             for i in range(n)]  # fmt: skip
    return _trace(steps, {f"s{i}": f"s{i - 1}" for i in range(1, n)})


def sibling_chats(n: int) -> SourceTrace:
    """Chat spans side by side, each requesting a call with arguments another already asked for (new ids)."""
    steps = [Step("chat", 2 * i, f"s{i}", name="llm", output_text="ok", requested=[(f"c{i}", "search", '{"q": 1}')])
             for i in range(n)]  # fmt: skip
    steps += [Step("tool", 2 * i + 1, f"t{i}", name="search", call_id=f"c{i}", result="r") for i in range(n)]
    return _trace(steps, {})


def one_chat_many(n: int) -> SourceTrace:
    """One chat span requesting n calls (ids), then n tool spans running them."""
    chat = Step(
        "chat", 0, "s0", name="llm", output_text="ok", requested=[(f"c{i}", f"tool{i % 50}", "{}") for i in range(n)]
    )
    tools = [Step("tool", 1 + i, f"t{i}", name=f"tool{i % 50}", call_id=f"c{i}", result="r") for i in range(n)]
    return _trace([chat, *tools], {})


def one_chat_no_ids(n: int) -> SourceTrace:
    """One chat span requesting n calls of one tool without ids, then n tool spans without ids."""
    chat = Step(
        "chat",
        0,
        "s0",
        name="llm",
        output_text="ok",
        requested=[(None, "search", json.dumps({"q": i})) for i in range(n)],
    )
    tools = [Step("tool", 1 + i, f"t{i}", name="search", result="r") for i in range(n)]
    return _trace([chat, *tools], {})


def same_id(n: int) -> SourceTrace:
    """Chat spans side by side, each requesting a call under the one id a server reuses."""
    steps = [Step("chat", i, f"s{i}", name="llm", output_text="ok", requested=[("call", "search", f'{{"q": {i}}}')])
             for i in range(n)]  # fmt: skip
    return _trace(steps, {})


SHAPES: dict[str, Callable[[int], SourceTrace]] = {
    "nested chats, a request each": nested_chats,
    "nested chats, one request recorded by each": nested_same,
    "sibling chats and their tool spans": sibling_chats,
    "one chat, n requests with ids, n tool spans": one_chat_many,
    "one chat, n requests without ids, n tool spans": one_chat_no_ids,
    "sibling chats, one id reused by every request": same_id,
}


def cost(shape: Callable[[int], SourceTrace], n: int) -> float:
    trace = shape(n)
    started = time.process_time()
    with contextlib.suppress(TraceError):
        build_outputs(trace, (), None, [], ("search",))
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    for name, shape in SHAPES.items():
        if args.only in name:
            times = [cost(shape, size) for size in (args.n, 2 * args.n, 4 * args.n)]
            print(f"{name}: " + ", ".join(f"{t:.3f}" for t in times) + f" s CPU at n, 2n, 4n (n={args.n})")


if __name__ == "__main__":
    main()
