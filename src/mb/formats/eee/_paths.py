"""The EEE datastore layout: ``data/<benchmark>/<developer>/<model>/<uuid>.json`` and its samples file."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import ConfigError

__all__ = ["Layout", "UnportableName", "path_component", "split_model_id"]

_UNSAFE = re.compile(r'[<>:"\\|?*\x00-\x1f]')

_RESERVED = re.compile(r"(CON|PRN|AUX|NUL|COM[0-9\u00b9\u00b2\u00b3]|LPT[0-9\u00b9\u00b2\u00b3])(\..*)?", re.IGNORECASE)
"""Device names Windows reserves, with or without an extension (``CON``, ``aux.v1``, ``com1.txt``)."""


class UnportableName(ConfigError):
    """A benchmark, developer or model name that cannot be a directory on every system (the EEE store refuses it)."""


def path_component(value: str, what: str) -> str:
    """One directory name of the layout: ``/`` flattened to ``_``, characters unsafe in file names replaced.

    Raises :class:`UnportableName` for names that cannot be a directory on every system: empty, ``.``, ``..``,
    the reserved ``data``, a Windows device name (``CON``, ``aux.v1``) or a name ending in a dot.
    """
    text = value.strip()
    parts = text.split("/")
    if not text or any(not part.strip() for part in parts):
        raise UnportableName(f"{what} {value!r} cannot name a directory (empty part)")
    name = "_".join(_UNSAFE.sub("_", part.strip()) for part in parts)
    if name in {".", "..", "data"}:
        raise UnportableName(f"{what} {value!r} cannot name a directory ({name!r} is reserved)")
    if _RESERVED.fullmatch(name):
        raise UnportableName(f"{what} {value!r} cannot name a directory: {name!r} is a device name Windows reserves")
    if name.endswith("."):
        raise UnportableName(f"{what} {value!r} cannot name a directory: a name ending in '.' is not portable")
    return name


def split_model_id(model_id: str) -> tuple[str, str]:
    """``(developer, model)`` from a Hugging Face style id ``developer/model[/more]``.

    Raises :class:`~mb.errors.ConfigError` (a ``ValueError``) when the id has no developer part.
    """
    developer, sep, model = model_id.strip().partition("/")
    if not sep or not developer.strip() or not model.strip():
        raise ConfigError(
            f"model id {model_id!r} must be ORG/MODEL (e.g. openai/gpt-4o-mini): the part before '/' is the developer"
        )
    return developer.strip(), model.strip()


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the two files of one export go, relative to the output directory."""

    benchmark: str
    """The benchmark directory name (sanitized)."""

    developer: str
    """The model developer directory name (sanitized)."""

    model: str
    """The model directory name (sanitized; extra ``/`` namespaces flattened with ``_``)."""

    file_uuid: str
    """The UUID (version 4) naming both files."""

    @classmethod
    def build(cls, benchmark: str, model_id: str, file_uuid: str) -> Layout:
        """The layout for ``benchmark`` and ``model_id`` (``developer/model``)."""
        developer, model = split_model_id(model_id)
        return cls(
            benchmark=path_component(benchmark, "benchmark name"),
            developer=path_component(developer, "model developer"),
            model=path_component(model, "model name"),
            file_uuid=file_uuid,
        )

    @property
    def directory(self) -> str:
        """``data/<benchmark>/<developer>/<model>``."""
        return f"data/{self.benchmark}/{self.developer}/{self.model}"

    @property
    def aggregate_path(self) -> str:
        """Repository-relative path of the aggregate record."""
        return f"{self.directory}/{self.file_uuid}.json"

    @property
    def samples_path(self) -> str:
        """Repository-relative path of the instance-level JSONL (what the aggregate's ``file_path`` names)."""
        return f"{self.directory}/{self.file_uuid}_samples.jsonl"
