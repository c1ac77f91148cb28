"""The project configuration: ``[tool.mb]`` in ``pyproject.toml`` or the top level of ``mb.toml``.

The file is looked for in the current directory, then in each parent; ``mb.toml`` wins over ``pyproject.toml`` in
the same directory. Its values are the defaults of the command-line options they name, so a flag always overrides
them. An unknown key is an error with the closest known key; a value of the wrong type is an error naming the key; one
error names every bad key and value of the file, one per line.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .io import read_small_file
from .io._errors import not_utf8

__all__ = ["SETTINGS", "Config", "ConfigError", "Setting", "find_config", "load_config", "restored_environment"]


@dataclass(frozen=True, slots=True)
class Setting:
    """One key of the configuration and the command option it sets."""

    key: str
    """The key in the file."""

    kind: type | tuple[type, ...]
    """The TOML types accepted."""

    targets: tuple[tuple[str, str], ...]
    """``(command, option parameter name)`` pairs the value becomes the default of."""

    help: str
    """What it sets, for ``mb config``."""


SETTINGS: dict[str, Setting] = {
    setting.key: setting
    for setting in (
        Setting("agent", str, (("run", "agent_spec"),), "the agent of `mb run` (MODULE:ATTR)"),
        Setting("concurrency", int, (("run", "concurrency"),), "examples `mb run` runs at once"),
        Setting("timeout", (int, float), (("run", "timeout"),), "seconds allowed per example in `mb run`"),
        Setting("retries", int, (("run", "retries"),), "further attempts after a transient agent error"),
        Setting("judge", str, (("eval", "judge"),), "the judge of `mb eval`: auto, lexical, local or llm"),
        Setting(
            "judge_model",
            str,
            (),
            "the LLM judge's model (`--judge-model` wins, then MB_JUDGE_MODEL, then this value)",
        ),
        Setting("judge_timeout", (int, float), (("eval", "judge_timeout"),), "seconds allowed per LLM judge request"),
        Setting("judge_concurrency", int, (("eval", "concurrency"),), "concurrent requests to an LLM judge"),
        Setting("metrics", (str, list), (("eval", "metrics"),), "metrics `mb eval` reports (a list, or `none`)"),
        Setting("require", list, (("eval", "require"),), 'metrics that gate the verdict, e.g. ["relevance=4"]'),
        Setting("fail_under", (str, int, float), (("eval", "fail_under"),), "the pass rate below which eval exits 1"),
        Setting("jobs", (str, int), (("eval", "jobs"),), "worker processes of `mb eval` (a number, or `auto`)"),
        Setting("show_failures", int, (("eval", "show_failures"),), "examples that did not pass listed by `mb eval`"),
        Setting(
            "prices",
            str,
            (("eval", "prices"),),
            "prices file (JSON or TOML) for token costs, relative to the configuration file",
        ),
        Setting("price_model", str, (("eval", "price_model"),), "the model to price tokens as when usage names none"),
        Setting("repeats", int, (("run", "repeats"),), "times `mb run` runs each example"),
    )
}
"""Every key the configuration accepts."""


@dataclass
class Config:
    """The configuration found, and where."""

    path: Path | None = None
    """The file read (None: no configuration file)."""

    values: dict[str, Any] = field(default_factory=dict)
    """Its values by key, checked."""

    problems: list[str] = field(default_factory=list)
    """One line per bad key or value (file and key first), when read with ``strict=False``."""

    @property
    def where(self) -> str:
        """The file as messages name it (``pyproject.toml [tool.mb]`` or ``mb.toml``)."""
        if self.path is None:
            return "no configuration file"
        return f"{self.path} [tool.mb]" if self.path.name == "pyproject.toml" else str(self.path)

    def raise_problems(self, more: Iterable[str] = ()) -> None:
        """Raise one :class:`ConfigError` with every problem (these and ``more``), one per line, if there is any."""
        problems = [*self.problems, *more]
        if problems:
            raise ConfigError("\n".join(problems))

    def default_map(self) -> dict[str, dict[str, Any]]:
        """The values as click defaults, by command."""
        defaults: dict[str, dict[str, Any]] = {}
        for key, value in self.values.items():
            for command, parameter in SETTINGS[key].targets:
                if key == "metrics" and isinstance(value, list):
                    value = ",".join(str(item) for item in value) or "none"
                elif isinstance(value, (int, float)) and key in ("fail_under", "jobs"):
                    value = str(value)
                elif key == "prices" and self.path is not None:
                    value = str(self.path.parent / Path(value).expanduser())
                defaults.setdefault(command, {})[parameter] = value
        return defaults

    def apply_environment(self, environ: os._Environ[str] | dict[str, str] | None = None) -> bool:
        """Set ``MB_JUDGE_MODEL`` from ``judge_model`` unless the environment already sets it (``--judge-model``,
        read after this, wins over both); True when it did."""
        env = os.environ if environ is None else environ
        model = self.values.get("judge_model")
        if model and not env.get("MB_JUDGE_MODEL", "").strip():
            env["MB_JUDGE_MODEL"] = model
            return True
        return False


@contextlib.contextmanager
def restored_environment(*names: str) -> Iterator[None]:
    """Give the environment variables ``names`` back the values they had (set or unset) when the block ends."""
    saved = {name: os.environ.get(name) for name in names}
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def find_config(start: Path | None = None) -> tuple[Path, Mapping[str, Any]] | None:
    """The first ``mb.toml``, or ``pyproject.toml`` with a ``[tool.mb]`` table, from ``start`` up; its table."""
    directory = (start or Path.cwd()).resolve()
    for folder in (directory, *directory.parents):
        own = folder / "mb.toml"
        if own.exists():  # a folder of that name is an error when read, never skipped
            return own, _read(own)
        project = folder / "pyproject.toml"
        if project.is_file():
            table = _read(project).get("tool", {})
            if isinstance(table, dict) and "mb" in table:
                section = table["mb"]
                if not isinstance(section, dict):
                    raise ConfigError(f"{project}: [tool.mb] must be a table")
                return project, section
    return None


_MAX_BYTES = 16 << 20
"""The largest configuration file read (a pyproject.toml is a few kilobytes)."""


def _read(path: Path) -> dict[str, Any]:
    try:
        data = read_small_file(path, _MAX_BYTES)
        return tomllib.loads(data.removeprefix(b"\xef\xbb\xbf").decode("utf-8"))  # editors may add a BOM
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: {not_utf8(exc)}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None


def load_config(start: Path | None = None, *, strict: bool = True) -> Config:
    """The checked configuration from ``start`` (default: the current directory) up; empty when there is none.

    Every bad key and value is found, not only the first: ``strict`` raises one :class:`ConfigError` naming them
    all; otherwise they are left in :attr:`Config.problems` (with the good values kept) for a caller that checks
    more before raising (:meth:`Config.raise_problems`).
    """
    found = find_config(start)
    if found is None:
        return Config()
    path, table = found
    config = Config(path)
    for key, value in table.items():
        problem = _problem(path, key, value)
        if problem is None:
            config.values[key] = value
        else:
            config.problems.append(f"{config.where}: {problem}")
    if strict:
        config.raise_problems()
    return config


def _problem(path: Path, key: str, value: object) -> str | None:
    """What is wrong with ``key = value`` (the key first), or None."""
    setting = SETTINGS.get(key)
    if setting is None:
        close = difflib.get_close_matches(key, list(SETTINGS), n=1, cutoff=0.6)
        hint = f'; did you mean "{close[0]}"?' if close else f"; known keys: {', '.join(SETTINGS)}"
        if key == "tool" and path.name == "mb.toml":
            hint = "; mb.toml holds the keys at its top level (no [tool.mb] table)"
        return f'unknown key "{key}"{hint}'
    if isinstance(value, bool) or not isinstance(value, setting.kind):
        return f"{key}: expected {_kind_name(setting.kind)}, got {value!r}"
    if isinstance(value, str) and not value.strip():
        return f"{key}: expected a non-empty string, got {value!r}"
    if isinstance(value, list) and not all(isinstance(item, str) and item.strip() for item in value):
        return f"{key}: expected a list of non-empty strings, got {value!r}"
    return None


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", float: "a number", list: "a list of strings"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names[item] for item in kinds)
