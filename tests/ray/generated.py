"""Generated executed benchmarks for the Ray tests: distinct user times, mixed matchers, bad lines among them."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

__all__ = ["executed_lines"]

_PHRASES = [("tomorrow at 9am", timedelta(days=1)), ("in 2 days", timedelta(days=2)), ("next week", timedelta(days=7))]


def _calendar(index: int, rng: random.Random) -> dict[str, Any]:
    user_time = datetime(2024, 1, 1, 8, 0) + timedelta(hours=7 * index + rng.randint(0, 6), minutes=index % 60)
    phrase, offset = rng.choice(_PHRASES)
    start = (user_time + offset).replace(hour=9, minute=0, second=0)
    if rng.random() < 0.25:
        start += timedelta(days=rng.choice([-1, 3]))  # a wrong day: the example fails
    attendee = rng.choice(
        ["alex@example.com", "Alex <ALEX@Example.com>", "sam@example.org", "alex@example.com; b@x.io"]
    )
    return {
        "inputs": {"messages": [{"role": "user", "content": f"Book a review {phrase} with Alex ({index})"}]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "calendar",
                    "parameters": [
                        {"param": "start", "matcher": {"match_as": "date_time", "value": phrase}},
                        {"param": "attendee", "matcher": {"match_as": "email", "value": "alex@example.com"}},
                        {"param": "room", "matcher": {"match_as": "missing"}},
                    ],
                }
            ]
        },
        "outputs": {
            "response": f"Booked for {start:%A %H:%M}.",
            "environment": {"user_time": user_time.isoformat()},
            "trace": [
                {
                    "event": "tool_call",
                    "id": f"c{index}",
                    "tool": "calendar",
                    "params": {"start": start.isoformat(), "attendee": attendee},
                }
            ],
        },
    }


def _search(index: int, rng: random.Random) -> dict[str, Any]:
    limit = rng.choice([5, 5.0, "5", 3])
    document: dict[str, Any] = {
        "inputs": {"messages": [{"role": "user", "content": f"Find report number {index}"}], "tools": ["search"]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "search",
                    "parameters": [
                        {"param": "query", "matcher": {"match_as": "free_text", "value": f"report {index}"}},
                        {"param": "limit", "matcher": {"match_as": "equality", "value": 5}},
                    ],
                }
            ]
        },
        "outputs": {
            "response": f"Here is report {index}.",
            "trace": [
                {
                    "event": "tool_call",
                    "id": "s1",
                    "tool": "search",
                    "params": {"query": f"report {index}", "limit": limit},
                }
            ],
        },
    }
    if index % 4 == 0:
        document["expectations"]["expected_response"] = f"This is report {index}."
    return document


def _no_tool(index: int, rng: random.Random) -> dict[str, Any]:
    calls = [] if rng.random() < 0.8 else [{"event": "tool_call", "id": "x", "tool": "web", "params": {}}]
    return {
        "inputs": {"messages": [{"role": "user", "content": f"Say hello {index}"}]},
        "expectations": {"assertions": [{"assert_that": "no_tool_called"}]},
        "outputs": {"response": "Hello!", "trace": calls},
    }


def executed_lines(count: int, seed: int = 11) -> list[bytes]:
    """``count`` lines: mostly valid executed examples of three shapes, with agent errors, invalid lines, blanks."""
    rng = random.Random(seed)
    makers = [_calendar, _calendar, _search, _no_tool]
    lines: list[bytes] = []
    for index in range(count):
        kind = rng.random()
        if kind < 0.02:
            lines.append(b'{"inputs": {"messages": []}, "expectations": {}}')
        elif kind < 0.03:
            lines.append(b"{not json")
        elif kind < 0.04:
            lines.append(b"")
        else:
            document = rng.choice(makers)(index, rng)
            if kind < 0.06:
                document["outputs"]["error"] = {"type": "TimeoutError", "message": "too slow", "transient": False}
            lines.append(json.dumps(document).encode())
    return lines
