"""The EEE datastore layout: ``data/<benchmark>/<developer>/<model>/<uuid>.json`` and its samples file."""

from __future__ import annotations

import re

from ...errors import ConfigError

__all__ = ["UnportableName", "layout_directory", "split_model_id"]

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


def layout_directory(benchmark: str, model_id: str) -> str:
    """``data/<benchmark>/<developer>/<model>``: where the two files of an export go, relative to the output
    directory (names sanitized, the model's extra ``/`` namespaces flattened with ``_``)."""
    developer, model = split_model_id(model_id)
    names = ((benchmark, "benchmark name"), (developer, "model developer"), (model, "model name"))
    return "/".join(("data", *(path_component(value, what) for value, what in names)))
