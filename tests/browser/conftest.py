"""A headless Chromium driven through chromedriver (Selenium), for tests of the HTML pages the product writes.

`make test` installs Debian's ``chromium`` and ``chromium-driver``. Without them the browser tests fail under CI and
are skipped elsewhere, with the install command in the reason. Screenshots go to ``MB_SCREENSHOT_DIR`` when set
(``make test`` sets it), else to the test's temporary directory.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_INSTALL = "apt-get install chromium chromium-driver (make test installs them)"


def _binaries() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@pytest.fixture(scope="session")
def chrome() -> Iterator[Any]:
    """One headless Chromium for the session; each test starts from a blank page."""
    found = _binaries()
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"Chromium or chromedriver is missing: {_INSTALL}")
        pytest.skip(f"Chromium or chromedriver is missing: {_INSTALL}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver_path = found
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--allow-file-access-from-files", "--no-first-run"):  # fmt: skip
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(chrome: Any) -> Any:
    """The session's browser on a blank page, with the console log of the previous test drained."""
    chrome.get("about:blank")
    chrome.get_log("browser")
    return chrome


def console_errors(driver: Any) -> list[str]:
    """The console messages of level SEVERE since the last call (the log is drained by reading it)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


@pytest.fixture
def screenshot(chrome: Any, tmp_path: Path, request: pytest.FixtureRequest) -> Any:
    """``screenshot(name)`` saves a PNG of the page and returns its path."""
    folder = Path(os.environ.get("MB_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> Path:
        path = folder / f"{request.node.name}-{name}.png"
        chrome.save_screenshot(str(path))
        return path

    return take
