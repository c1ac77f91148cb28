"""A user's file named like a library module (``json.py``, ``six.py``) that an import found instead of the library.

``python -m mb`` puts the current directory first on ``sys.path``, and loading an agent (``mb run --agent
my_agent:answer`` or ``path/to/file.py:answer``) puts the current directory or the agent file's folder there too:
a ``six.py`` beside the agent then shadows the installed ``six`` for every later import. When an import fails, this
names the file, so the message says what to rename rather than showing a library's traceback.

It uses only modules every Python process has loaded before ours (``sys``, ``os``, ``importlib.machinery``), since
a shadowed ``pathlib`` or ``traceback`` must not break the diagnosis of itself.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Iterator

__all__ = ["shadowing_file"]


def _files(exc: BaseException) -> Iterator[str]:
    """The files an exception and the exceptions behind it went through or name (an ImportError's ``path`` and the
    loaded module its ``name`` starts with, an AttributeError's module)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        path = getattr(current, "path", None)  # ImportError: "cannot import name X from 'json' (/here/json.py)"
        if isinstance(path, str):
            yield path
        name = getattr(current, "name", None)  # "No module named 'six.moves'; 'six' is not a package"
        module_file = (
            getattr(sys.modules.get(name.partition(".")[0]), "__file__", None) if isinstance(name, str) else None
        )
        if isinstance(module_file, str):
            yield module_file
        module_file = getattr(getattr(current, "obj", None), "__file__", None)  # AttributeError on a module
        if isinstance(module_file, str):
            yield module_file
        frame = current.__traceback__
        while frame is not None:
            yield frame.tb_frame.f_code.co_filename
            frame = frame.tb_next
        current = current.__cause__ or current.__context__


def shadowing_file(exc: BaseException, *, own: str = "", loaded: bool = False) -> str | None:
    """``FILE shadows the library module NAME: rename it`` when a failure went through a module file that sits
    directly in a folder of ``sys.path`` ahead of another module of the same name (the standard library's or an
    installed one); else None.

    ``own`` is a module the user named on purpose (the agent's), never reported. ``loaded`` also looks at every
    module imported so far (a ``json.py`` that raises nothing but lacks what a library needs): only right before any
    user code ran, when no module of the user's was meant to be imported.
    """
    folders = [os.path.realpath(entry or os.getcwd()) for entry in sys.path]
    files = list(_files(exc))
    if loaded:
        files += [
            file for module in list(sys.modules.values()) if isinstance(file := getattr(module, "__file__", None), str)
        ]
    for file in files:
        if not file.endswith(".py") or not os.path.isabs(file):
            continue
        real = os.path.realpath(file)
        folder, base = os.path.split(real)
        name = base.removesuffix(".py")
        if base == "__init__.py":
            folder, name = os.path.split(folder)
        if name in ("mb", own) or not name.isidentifier() or folder not in folders:
            continue
        later = [entry for entry in folders[folders.index(folder) + 1 :] if entry != folder]
        found = importlib.machinery.PathFinder.find_spec(name, later)
        origin = found.origin if found is not None else None
        if origin is not None and os.path.realpath(origin) != real:
            return f"{file} shadows the library module {name!r}: rename it"
    return None
