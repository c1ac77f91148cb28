"""The documentation site: every page is in the navigation, every code block runs, the downloads are the package's.

Each page's blocks run in order in a fresh directory (see :mod:`tests.docs.snippets`). The end-to-end tutorial runs
against a scripted model on a local chat-completions server.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mb.data import example_lines
from mb.entities import Example
from mb.metrics import METRICS
from tests.conftest import SPEC
from tests.support.openai_server import ChatServer, chat_server

from .fake_model import answer
from .snippets import DOCS, ROOT, blocks, check_output, pages, run_page

TUTORIAL = "tutorials/openai-agents-mlflow.md"
"""The end-to-end tutorial: it needs the openai-agents and mlflow extras and a model server."""

SLOW_PAGES = {"formats.md", "results.md", "getting-started.md", "running-agents.md", "judges.md", "metrics.md"}
"""Pages whose blocks take more than a few seconds (they score runs or load the local judge)."""

ENVIRONMENT = ("MB_JUDGE_MODEL", "MB_JUDGE_BASE_URL", "MB_JUDGE_API_KEY")
"""Variables that would reach a real service: unset while pages run (OpenAI's point at the local model server)."""


def _page_params() -> list[object]:
    params: list[object] = []
    for page in pages():
        name = page.relative_to(DOCS).as_posix()
        if name == TUTORIAL or name.startswith("reference/"):
            continue  # the tutorial has a test of its own; the reference is generated from the code
        marks = [pytest.mark.slow] if name in SLOW_PAGES else []
        params.append(pytest.param(page, id=name, marks=marks))
    return params


@pytest.fixture
def model_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ChatServer]:
    """The scripted model on a local server, which the OpenAI clients of the pages reach through the environment."""
    with chat_server(answer) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        yield server


@pytest.fixture
def page_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model_server: ChatServer) -> Iterator[Path]:
    """A fresh current directory, importable, with no variable pointing at a real service."""
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / ".cache"))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("MLFLOW_TRACKING_URI", raising=False)  # restored afterwards, whatever MLflow sets meanwhile
    metrics = dict(METRICS)
    tracking_uri = _mlflow_tracking_uri()
    environment = dict(os.environ)
    yield tmp_path
    os.environ.clear()  # variables set while the page ran (MLflow sets its experiment and store) go away
    os.environ.update(environment)
    METRICS.clear()  # a metric a page registers goes away with it
    METRICS.update(metrics)
    if _mlflow_tracking_uri() != tracking_uri:  # MLflow's process-wide store, as the page found it
        sys.modules["mlflow"].set_tracking_uri(tracking_uri)
    for name, module in list(sys.modules.items()):  # modules the page wrote go away with it
        if Path(getattr(module, "__file__", None) or "/").is_relative_to(tmp_path):
            del sys.modules[name]


def _mlflow_tracking_uri() -> str | None:
    """The tracking URI set in this process with ``mlflow.set_tracking_uri`` (None: not set, or MLflow not loaded)."""
    utils = sys.modules.get("mlflow.tracking._tracking_service.utils")
    return None if utils is None else utils._tracking_uri


def _docs_module(name: str, needs: str) -> ModuleType:
    """A Python file of docs/ (a build hook or extension), imported; skipped without the package it extends."""
    pytest.importorskip(needs)
    spec = importlib.util.spec_from_file_location(f"docs_{name}", DOCS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_page_is_in_the_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r":\s*([\w/.-]+\.md)\s*$", config, re.MULTILINE))
    assert listed == {page.relative_to(DOCS).as_posix() for page in pages()}


def test_blocks_that_do_not_run_are_few_and_say_why() -> None:
    skipped = [block for page in pages() for block in blocks(page) if block.not_run is not None]
    assert all(block.not_run and block.not_run.strip() for block in skipped)
    assert len(skipped) <= 7, [f"{block.where}: {block.not_run}" for block in skipped]
    every = [block for page in pages() for block in blocks(page)]
    assert len(every) >= 60, "the pages hold far fewer code blocks than expected: is the block parser broken?"


def test_each_page_has_runnable_blocks() -> None:
    for page in pages():
        if page.is_relative_to(DOCS / "reference"):
            continue  # generated from the code
        runnable = [block for block in blocks(page) if block.not_run is None and block.language != "text"]
        assert runnable, f"{page.relative_to(DOCS)} shows no code that the tests run"


def test_output_shown_on_a_page_must_have_been_printed() -> None:
    check_output(["ran 3 examples", "...", "wrote  3 result(s)"], "ran 3 examples (no errors)\nwrote 3 result(s)", "x")
    with pytest.raises(AssertionError, match="did not print"):
        check_output(["wrote 3 result(s)", "ran 3 examples"], "ran 3 examples\nwrote 3 result(s)\n", "x")
    with pytest.raises(AssertionError, match="did not print"):
        check_output(["all valid"], "invalid: 1 line(s) read", "x")


def test_a_failing_command_or_a_wrong_exit_status_fails_the_page(page_directory: Path) -> None:
    page = page_directory / "page.md"
    page.write_text("```console\n$ mb validate missing.jsonl\n```\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="exited 2"):
        run_page(page, page_directory)
    page.write_text("```console\n$ mb validate missing.jsonl  # exit status 2\n```\n", encoding="utf-8")
    assert run_page(page, page_directory) == ["page.md:1 console"]


def test_a_block_in_another_language_must_be_marked(page_directory: Path) -> None:
    page = page_directory / "page.md"
    page.write_text("```js\nconsole.log(1)\n```\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="must be marked not-run"):
        run_page(page, page_directory)
    page.write_text("<!-- not-run: needs Node.js -->\n```js\nconsole.log(1)\n```\n", encoding="utf-8")
    assert run_page(page, page_directory) == []


def test_an_example_shown_on_a_page_must_be_valid(page_directory: Path) -> None:
    page = page_directory / "page.md"
    page.write_text('```json\n{"inputs": {"messages": []}}\n```\n', encoding="utf-8")
    with pytest.raises(ValueError, match="messages"):
        run_page(page, page_directory)


@pytest.mark.parametrize("page", _page_params())
def test_the_page_runs(page: Path, page_directory: Path) -> None:
    ran = run_page(page, page_directory)
    assert ran, f"{page} ran nothing"


@pytest.mark.slow
def test_the_end_to_end_tutorial_runs_against_a_local_model(
    page_directory: Path, model_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("agents")
    pytest.importorskip("mlflow")
    monkeypatch.setenv("AGENT_MODEL", "scripted-model")
    ran = run_page(DOCS / TUTORIAL, page_directory)
    assert model_server.calls == 10  # two calls for each tool example and one for the last, twice (CLI and Python)
    assert {request["model"] for request in model_server.requests} == {"scripted-model"}
    assert sum(1 for step in ran if step.endswith("console")) == 4
    assert sum(1 for step in ran if step.endswith("python")) == 4  # the script, written, and three blocks run
    runs = mlflow_runs(page_directory / "mlflow.db")
    assert len(runs) == 2  # `mb export mlflow`, then main()
    assert all(run.data.metrics["pass_rate"] == 1.0 for run in runs)


def mlflow_runs(database: Path) -> list[Any]:
    """The runs of the tutorial's experiment in an MLflow database."""
    from mlflow.tracking import MlflowClient

    client = MlflowClient(tracking_uri=f"sqlite:///{database}")
    experiment = client.get_experiment_by_name("tutorial")
    assert experiment is not None
    return list(client.search_runs([experiment.experiment_id]))


def test_the_downloads_are_the_packages_schema_and_examples() -> None:
    files = _docs_module("_hooks", "mkdocs").download_files()
    assert json.loads(files["morganabench.schema.json"]) == json.loads(
        (SPEC / "morganabench.schema.json").read_text(encoding="utf-8")
    )
    executed = [json.loads(line) for line in files["examples-executed.jsonl"].splitlines()]
    unexecuted = [json.loads(line) for line in files["examples-unexecuted.jsonl"].splitlines()]
    assert executed == list(example_lines(executed=True))
    assert all(Example.model_validate(line).outputs is not None for line in executed)
    assert [{k: v for k, v in line.items() if k != "outputs"} for line in executed] == unexecuted


def test_docstring_roles_read_as_markdown_in_the_api_reference() -> None:
    module = _docs_module("_griffe_roles", "griffe")
    text = "Returns :class:`~mb.entities.Outputs` (see :func:`mb.run`, :py:meth:`!Judge.judge`) thus::\n\n    x = 1"
    assert module.markdown(text) == "Returns `Outputs` (see `mb.run`, `Judge.judge`) thus:\n\n    x = 1"
    assert "_griffe_roles.py:ReStructuredTextRoles" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_site_builds_offline_and_strictly_in_make_test() -> None:
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["strict"] is True
    assert config["theme"]["font"] is False  # no web-font requests
    plugins = {next(iter(plugin)) if isinstance(plugin, dict) else plugin for plugin in config["plugins"]}
    assert plugins <= {"search", "mkdocstrings"}  # nothing that fetches (privacy, social, remote inventories)
    assert "import" not in json.dumps(config["plugins"])
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test:.*\bdocs\b", makefile, re.MULTILINE)
    assert re.search(r"^docs:.*\n\t.*mkdocs build --strict", makefile, re.MULTILINE)


def test_every_install_command_installs_from_a_clone() -> None:
    """MorganaBench is not published on PyPI: no page, message or help text has pip fetch it by name."""
    texts = [ROOT / "README.md", *DOCS.rglob("*.md"), *(ROOT / "src").rglob("*.py"), *(ROOT / "examples").rglob("*")]
    by_name = re.compile(r"""pip install ['"]?morganabench|"pip": \[\s*"morganabench""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in texts
        if path.is_file() and path.suffix in (".md", ".py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_name.search(line)
    ]
    assert not found
