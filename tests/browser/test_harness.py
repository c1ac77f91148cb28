"""The browser harness itself: a page from file:// runs its script, and console errors are seen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import console_errors

pytestmark = pytest.mark.browser


def test_a_file_page_runs_its_script_and_reports_console_errors(page: Any, tmp_path: Path, screenshot: Any) -> None:
    html = tmp_path / "page.html"
    html.write_text(
        "<!doctype html><title>t</title><p id=out>before</p>"
        "<script>document.getElementById('out').textContent = 'after'; console.error('boom');</script>",
        encoding="utf-8",
    )
    page.get(html.as_uri())
    assert page.find_element("id", "out").text == "after"
    assert any("boom" in message for message in console_errors(page))
    assert console_errors(page) == []
    assert screenshot("loaded").stat().st_size > 0
