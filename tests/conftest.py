"""Shared fixtures: the published spec files (copies kept in tests/data/spec) and small helpers."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from mb.data import example_lines
from mb.evaluation import evaluate
from mb.io import write_examples
from mb.results import ExampleResult

pytest_plugins = ["pytester"]  # the pytest plugin's tests run pytest inside pytest

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")  # the same examples on every CI run: a red run is reproducible, never a coin toss

DATA = Path(__file__).resolve().parent / "data"
"""Test data shipped with the tests."""

SPEC = DATA / "spec"
"""Copies of the published specification files (schema and example lines)."""

SHARED_SPEC = Path(__file__).resolve().parents[2] / "shared" / "spec"
"""Where the specification is published beside the repository, when it is."""


_PRIVATE_TMP: dict[str, str] = {}


def pytest_configure(config: pytest.Config) -> None:
    """Give the test session a temporary directory of its own, so no test sees what other programs left in the
    shared one (and the files the tests leave go away with the session); and Ctrl-C as a terminal gives it."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        # started as a script's background job (`pytest ... &`), which ignores Ctrl-C: so would every process the
        # tests start, and a run started so keeps ignoring it (as it should), so no test could press Ctrl-C
        signal.signal(signal.SIGINT, signal.default_int_handler)
    private = tempfile.mkdtemp(prefix="mb-tests-")
    _PRIVATE_TMP.update(previous_env=os.environ.get("TMPDIR", ""), path=private)
    os.environ["TMPDIR"] = private
    tempfile.tempdir = private


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the session's temporary directory and restore the shared one."""
    private = _PRIVATE_TMP.pop("path", None)
    if private is None:
        return
    previous = _PRIVATE_TMP.pop("previous_env")
    if previous:
        os.environ["TMPDIR"] = previous
    else:
        os.environ.pop("TMPDIR", None)
    tempfile.tempdir = None
    # Worker processes' start-up server keeps its socket in a folder of this directory until the interpreter exits:
    # the directory goes after that folder, with the last of multiprocessing's own clean-up at exit.
    from multiprocessing import util

    util.Finalize(None, shutil.rmtree, args=(private,), kwargs={"ignore_errors": True}, exitpriority=-101)


def pytest_collection_finish(session: pytest.Session) -> None:
    """With ``MB_TEST_COLLECTED`` set, write the number of tests collected there (checked against the number
    that ran, so a run that ends early cannot pass)."""
    target = os.environ.get("MB_TEST_COLLECTED")
    if target:
        Path(target).write_text(f"{len(session.items)}\n", encoding="utf-8")


def spec_lines(name: str) -> list[dict[str, Any]]:
    """The JSON objects of a spec JSONL file."""
    return [json.loads(line) for line in (SPEC / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def case_lines(name: str) -> list[dict[str, Any]]:
    """The cases of a test-data JSONL file whose lines name themselves in ``inputs.metadata.categories``."""
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


def case_meta(case: dict[str, Any]) -> dict[str, str]:
    """A case's name (``case``), its expected status (``expect``) and what it probes, from its categories."""
    categories: dict[str, str] = case["inputs"]["metadata"]["categories"]
    return categories


@pytest.fixture
def executed_examples() -> list[dict[str, Any]]:
    """The published executed example lines."""
    return spec_lines("examples-executed.jsonl")


@pytest.fixture
def unexecuted_examples() -> list[dict[str, Any]]:
    """The published unexecuted example lines."""
    return spec_lines("examples-unexecuted.jsonl")


@pytest.fixture(scope="session")
def bundled_executed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled executed example benchmark (what `mb examples --executed` writes), as ``agent-demo.jsonl``."""
    path = tmp_path_factory.mktemp("bundled") / "agent-demo.jsonl"
    write_examples(path, example_lines(executed=True))
    return path


@pytest.fixture(scope="session")
def bundled_results(bundled_executed: Path) -> list[ExampleResult]:
    """The bundled benchmark scored by the evaluator with the lexical judge."""
    return evaluate(bundled_executed, judge="lexical").results


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    """The processes a test starts: killed at its end, whatever happened (a held agent would keep them alive)."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.communicate()
