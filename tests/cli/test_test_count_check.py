"""The CI check that every collected test ran: a run that stops early fails even when pytest exited 0."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _checker() -> Callable[[list[str]], int]:
    spec = importlib.util.spec_from_file_location("check_test_count", ROOT / ".ci" / "check_test_count.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.main  # type: ignore[no-any-return]


def _run_suite(folder: Path, source: str) -> tuple[int, Path, Path]:
    """Run a small suite the way `make unit` does; (pytest status, collected file, JUnit report)."""
    (folder / "test_suite.py").write_text(source)
    (folder / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text().split("\n\ndef spec_lines")[0])
    collected, junit = folder / "collected.txt", folder / "junit.xml"
    finished = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", f"--junitxml={junit}"],
        cwd=folder,
        env={**os.environ, "MB_TEST_COLLECTED": str(collected), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    return finished.returncode, collected, junit


def test_a_suite_ended_by_a_test_fails_the_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = "import os\n\ndef test_a():\n    os._exit(0)\n\ndef test_b():\n    assert False\n"
    status, collected, junit = _run_suite(tmp_path, source)
    assert status == 0  # what pytest alone reports
    assert _checker()([str(status), str(collected), str(junit)]) == 1
    assert "the test run ended before pytest finished (2 test(s) collected)" in capsys.readouterr().err


def test_a_failing_suite_that_exits_0_on_the_way_out_fails_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = "import atexit, os\n\ndef test_a():\n    atexit.register(os._exit, 0)\n    assert False\n"
    status, collected, junit = _run_suite(tmp_path, source)
    assert status == 0  # what pytest alone reports: the exit handler replaced its status
    assert _checker()([str(status), str(collected), str(junit)]) == 1
    assert "the report records 1 failure(s) or error(s)\n  test_suite::test_a (failure)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ('<testcase classname="t" name="b"><failure message="assert False"/></testcase>', "t::b (failure)"),
        ('<testcase classname="t" name="b"><error message="fixture failed"/></testcase>', "t::b (error)"),
    ],
)
def test_a_report_with_a_failure_or_an_error_fails_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, expected: str
) -> None:
    collected, junit = tmp_path / "collected.txt", tmp_path / "junit.xml"
    collected.write_text("2\n")
    junit.write_text(f'<testsuites><testsuite><testcase classname="t" name="a"/>{case}</testsuite></testsuites>')
    assert _checker()(["0", str(collected), str(junit)]) == 1
    assert expected in capsys.readouterr().err


def test_an_error_counted_outside_any_test_case_fails_the_check(tmp_path: Path) -> None:
    collected, junit = tmp_path / "collected.txt", tmp_path / "junit.xml"
    collected.write_text("1\n")
    junit.write_text('<testsuites><testsuite errors="1"><testcase classname="t" name="a"/></testsuite></testsuites>')
    assert _checker()(["0", str(collected), str(junit)]) == 1


def test_a_complete_suite_passes_and_a_failing_one_keeps_its_status(tmp_path: Path) -> None:
    """A skipped test counts as run; a module skipped as a whole is reported as a case but holds no collected test."""
    (tmp_path / "test_skipped_module.py").write_text(
        "import pytest\n\npytest.importorskip('no_such_module_here')\n\ndef test_x():\n    pass\n"
    )
    source = "import pytest\n\ndef test_a():\n    pass\n\n@pytest.mark.skip\ndef test_b():\n    pass\n"
    status, collected, junit = _run_suite(tmp_path, source)
    assert (status, collected.read_text().strip()) == (0, "2")
    assert _checker()([str(status), str(collected), str(junit)]) == 0
    assert _checker()(["1", str(collected), str(junit)]) == 1


def test_fewer_reported_than_collected_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    collected, junit = tmp_path / "collected.txt", tmp_path / "junit.xml"
    collected.write_text("3\n")
    junit.write_text('<testsuites><testsuite><testcase classname="t" name="a"/></testsuite></testsuites>')
    assert _checker()(["0", str(collected), str(junit)]) == 1
    assert "3 test(s) collected but 1 reported" in capsys.readouterr().err


def test_no_test_collected_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _checker()(["5", str(tmp_path / "collected.txt"), str(tmp_path / "junit.xml")]) == 1
    assert "collected no test" in capsys.readouterr().err


def test_the_session_has_a_private_temporary_directory() -> None:
    shared = Path("/tmp").resolve()
    private = Path(tempfile.gettempdir()).resolve()
    assert private != shared
    assert private.name.startswith("mb-tests-")
    assert os.environ["TMPDIR"] == tempfile.gettempdir()
