"""JUnit XML for CI test reporters (Jenkins, GitLab, GitHub): one test case per evaluated line.

The document follows the Apache Ant JUnit schema the reporters read: ``<testsuites>`` holding one ``<testsuite>``
(with ``properties``, the test cases, ``system-out`` and ``system-err``). A failed example is a ``<failure>`` with
every reason; an example that could not be evaluated (or a judge failed on) is an ``<error>``; an undecided example
(a judge could not tell with confidence) is ``<skipped message="undecided: ...">``, counted in ``skipped``: never a
pass, and kept apart from failures and errors as the summary keeps it (``--fail-under`` still counts it against the
pass rate).
"""

from __future__ import annotations

import re
import socket
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..results import ExampleResult, Summary

__all__ = ["junit_chunks"]

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_MESSAGE_LENGTH = 500


def _clean(text: str) -> str:
    """Text XML 1.0 can hold: characters it forbids are written as ``\\xNN``/``\\uNNNN``."""
    return _NOT_XML.sub(lambda match: repr(match.group())[1:-1], text)


def _attr(value: object) -> str:
    return quoteattr(_clean(str(value)), {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def _text(value: str) -> str:
    return escape(_clean(value))


def _case_name(result: ExampleResult) -> str:
    """``line 3: Schedule a design review next Friday (trial 2)``: where, what was asked, which trial."""
    name = f"line {result.line}"
    if result.request:
        name += f": {result.request}"
    if result.repeat is not None:
        name += f" (trial {result.repeat})"
    return name


def _testcase(suite: str, row: ExampleResult | Mapping[str, Any]) -> str:
    result = row if isinstance(row, ExampleResult) else ExampleResult.model_validate(row)
    classname = ".".join([suite, *(f"{key}={value}" for key, value in sorted(result.categories.items()))])
    # the agent's time on the example, in seconds (0 when the outputs did not record it)
    seconds = f"{result.latency_ms / 1000:.3f}" if result.latency_ms is not None else "0"
    opening = f'<testcase name={_attr(_case_name(result))} classname={_attr(classname)} time="{seconds}"'
    if result.status == "passed":
        return opening + "/>\n"
    if result.status == "error":
        message = result.error or "the example could not be evaluated"
        reasons = result.failure_reasons() or [message]
        tag, kind = "error", ' type="error"'
    elif result.status == "undecided":
        reasons = result.failure_reasons() or ["a judge could not tell with confidence"]
        message, tag, kind = f"undecided: {reasons[0]}", "skipped", ""
    else:
        reasons = result.failure_reasons() or ["a gating expectation was not met"]
        message, tag, kind = reasons[0], "failure", ' type="failed"'
    body = f"<{tag} message={_attr(message[:_MESSAGE_LENGTH])}{kind}>{_text(chr(10).join(reasons))}</{tag}>"
    return f"{opening}>{body}</testcase>\n"


def junit_chunks(
    rows: Iterable[ExampleResult | Mapping[str, Any]],
    summary: Summary,
    *,
    suite: str,
    started: datetime,
    elapsed: float,
    properties: Mapping[str, str] | None = None,
) -> Iterator[bytes]:
    """The JUnit document, in chunks: ``rows`` are the example results (models, or their JSON as ``mb eval``
    writes them) counted in
    ``summary``; ``suite`` names the test suite (the benchmark); ``properties`` are recorded as they are."""
    timestamp = started.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")
    counts = (
        f'tests="{summary.total}" failures="{summary.failed}" errors="{summary.errors}" skipped="{summary.undecided}" '
        f'time="{elapsed:.3f}"'
    )
    host = socket.gethostname() or "localhost"
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<testsuites>\n<testsuite name={_attr(suite)} package="morganabench" id="0" {counts} '
        f'timestamp="{timestamp}" hostname={_attr(host)}>\n<properties>\n',
        *(f"<property name={_attr(name)} value={_attr(value)}/>\n" for name, value in (properties or {}).items()),
        "</properties>\n",
    ]
    yield "".join(head).encode()
    batch: list[str] = []
    for row in rows:
        batch.append(_testcase(suite, row))
        if len(batch) >= 1000:
            yield "".join(batch).encode()
            batch = []
    batch.append("<system-out/>\n<system-err/>\n</testsuite>\n</testsuites>\n")
    yield "".join(batch).encode()
