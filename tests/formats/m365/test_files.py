"""Dataset discovery, the starter file and the in-place upgrade of legacy files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from mb.formats.m365 import STARTER_DOCUMENT, discover_dataset, load_document, upgrade_in_place, write_starter
from mb.formats.m365.files import backup_path

from .helpers import FIXTURES, assert_valid_1_7

ORDER = ["prompts.json", "evals.json", "tests.json", "evals/prompts.json", "evals/evals.json", "evals/tests.json"]


def test_discovery_order(tmp_path: Path) -> None:
    (tmp_path / "evals").mkdir()
    for name in ORDER:
        (tmp_path / name).write_text("[]", encoding="utf-8")
    found = []
    for _ in ORDER:
        path = discover_dataset(tmp_path)
        assert path is not None
        found.append(path.relative_to(tmp_path).as_posix())
        path.unlink()
    assert found == ORDER
    assert discover_dataset(tmp_path) is None


def test_a_folder_named_like_a_dataset_is_not_a_dataset(tmp_path: Path) -> None:
    (tmp_path / "evals.json").mkdir()
    assert discover_dataset(tmp_path) is None


def test_the_starter_file_is_a_valid_document_and_never_overwrites(tmp_path: Path) -> None:
    path = write_starter(tmp_path)
    assert path == tmp_path / "evals" / "evals.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document == STARTER_DOCUMENT
    assert_valid_1_7(document)
    assert any("turns" in item for item in document["items"])
    with pytest.raises(FileExistsError):
        write_starter(tmp_path)


def test_legacy_files_are_upgraded_in_place_with_a_timestamped_backup(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    original = (FIXTURES / "legacy-array.json").read_bytes()
    path.write_bytes(original)
    loaded = load_document(path)
    backup = upgrade_in_place(loaded, now=datetime(2026, 1, 20, 10, 30, 5))
    assert backup == tmp_path / "evals.json.bak.20260120103005"
    assert backup.read_bytes() == original
    upgraded = json.loads(path.read_text(encoding="utf-8"))
    assert_valid_1_7(upgraded)
    assert upgraded["schemaVersion"] == "1.7.0"
    assert upgraded["items"][1]["extensions"] == {"testId": "BUG-456", "notes": "Regression test for bug #456"}
    again = load_document(path)
    assert not again.legacy
    assert again.document["items"] == loaded.document["items"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evals.json", "evals.json.bak.20260120103005"]


def test_a_taken_backup_name_gets_a_counter(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_text("[]", encoding="utf-8")
    moment = datetime(2026, 1, 20, 10, 30, 5)
    backup_path(path, moment).write_text("x", encoding="utf-8")
    assert backup_path(path, moment).name == "evals.json.bak.20260120103005.1"


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_starter_offer_in_a_real_terminal(tmp_path: Path) -> None:
    """``mb runevals`` with a terminal on standard input asks, and Y writes ./evals/evals.json."""
    leader, follower = os.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-c", "from mb.cli import main; main()", "runevals"],
            cwd=tmp_path,
            stdin=follower,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        os.write(leader, b"y\n")
        _stdout, stderr = process.communicate(timeout=60)
    finally:
        os.close(leader)
        os.close(follower)
    text = stderr.decode()
    assert process.returncode == 0, text
    assert "Create a starter evals file with sample prompts? (Y/n)" in text
    assert json.loads((tmp_path / "evals" / "evals.json").read_text(encoding="utf-8")) == STARTER_DOCUMENT
