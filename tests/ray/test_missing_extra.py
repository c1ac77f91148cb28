"""Without Ray installed, ``--backend ray`` says which ``pip install`` to run and exits 2, without a traceback."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb.cli import main
from tests.conftest import SPEC

pytestmark = pytest.mark.ray


@pytest.fixture
def without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import ray`` fails, as when the extra is not installed."""
    monkeypatch.setitem(sys.modules, "ray", None)


@pytest.mark.usefixtures("without_ray")
@pytest.mark.parametrize("command", ["eval", "run"])
def test_missing_extra_names_the_install(command: str, tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    shutil.copy(SPEC / "examples-executed.jsonl", executed)
    output = tmp_path / "out.jsonl"
    if command == "eval":
        arguments = ["eval", str(executed), "-o", str(output), "--judge", "lexical", "-q"]
    else:
        arguments = ["run", str(executed), "--agent", "tests.ray.agents:echo", "-o", str(output), "-q"]
    result = CliRunner().invoke(main, [*arguments, "--backend", "ray"])
    assert result.exit_code == 2, result.output
    assert "pip install '/path/to/morganabench[ray]'" in result.stderr
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, ImportError)
    assert not output.exists()


def test_address_needs_the_ray_backend(tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    shutil.copy(SPEC / "examples-executed.jsonl", executed)
    result = CliRunner().invoke(main, ["eval", str(executed), "-q", "--address", "auto"])
    assert result.exit_code == 2
    assert "--address applies to --backend ray only" in result.stderr


def test_the_extra_brings_ray_client_for_ray_addresses() -> None:
    """``--address ray://HEAD:10001`` goes through Ray Client, which plain ``ray`` lacks (it needs ``ray[client]``)."""
    import tomllib

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    requirements = project["project"]["optional-dependencies"]["ray"]
    assert any(requirement.replace(" ", "").startswith("ray[client]") for requirement in requirements), requirements


def test_a_cluster_that_cannot_be_reached_gives_one_line_without_rays_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ray Client warns (``UserWarning: Ray Client connection timed out``) before it raises: only mb's line is shown."""
    import types
    import warnings

    fake = types.ModuleType("ray")

    def init(**_options: object) -> None:
        warnings.warn("Ray Client connection timed out", UserWarning, stacklevel=1)
        raise ConnectionError("ray client connection timeout")

    fake.is_initialized = lambda: False  # type: ignore[attr-defined]
    fake.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", fake)
    executed = tmp_path / "executed.jsonl"
    shutil.copy(SPEC / "examples-executed.jsonl", executed)
    arguments = ["eval", str(executed), "-q", "--judge", "lexical", "--backend", "ray", "--address", "ray://h:1"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2, result.output
    assert "cannot connect to the Ray cluster at ray://h:1: ConnectionError: ray client connection timeout" in (
        result.stderr
    )
    assert [str(warning.message) for warning in caught] == []
