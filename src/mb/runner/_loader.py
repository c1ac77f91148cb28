"""Turning what the user names into an agent: ``module:attribute``, ``path/to/file.py:attribute``, framework objects.

Rules for ``SPEC`` (``mb run --agent SPEC``):

- ``package.module:name`` imports the module (the current directory comes first on ``sys.path``);
  ``path/to/file.py:name`` loads that file (its directory is put on ``sys.path`` for its own imports).
- ``name`` may be dotted (``module:obj.method``).
- ``name()`` calls a factory with no arguments and uses what it returns; a class is instantiated with no
  arguments (its instances must be callable).
- An OpenAI Agents SDK ``Agent`` or a compiled LangGraph graph is wrapped in its adapter automatically;
  anything else must be a callable following the agent protocol (:mod:`mb.runner._agent`).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

from .._shadowing import shadowing_file
from ._agent import AgentInput, CallableAgent
from ._errors import AgentLoadError

__all__ = ["as_agent", "load_agent"]


def _wrap_framework_object(obj: Any) -> Any:
    """An OpenAI Agents SDK agent or a compiled LangGraph graph wrapped in its adapter, told by where its classes are
    defined (a user module that happens to be named ``agents`` is not the Agents SDK); other objects as they are."""
    for cls in type(obj).__mro__:
        module = getattr(cls, "__module__", "") or ""
        if cls.__name__ == "Agent" and (module == "agents" or module.startswith("agents.")):
            from .adapters.openai_agents import OpenAIAgentsAdapter

            return OpenAIAgentsAdapter(obj)
        if cls.__name__ == "Pregel" and module.startswith("langgraph."):
            from .adapters.langgraph import LangGraphAdapter

            return LangGraphAdapter(obj)
    return obj


def as_agent(agent: Any, *, agent_input: AgentInput = "auto") -> CallableAgent:
    """Make anything the runner accepts as an agent a :class:`CallableAgent`.

    ``agent`` is a callable, a :class:`CallableAgent`, a framework agent (wrapped in its adapter) or a
    ``module:attribute`` string (see :func:`load_agent`).
    """
    if isinstance(agent, CallableAgent):
        return agent
    if isinstance(agent, str):
        agent = load_agent(agent)
    try:  # a TypeError says why it cannot be one: not callable, or no positional parameter for the conversation
        return CallableAgent(_wrap_framework_object(agent), agent_input=agent_input)
    except TypeError as exc:
        raise AgentLoadError(str(exc)) from exc


def _user_frame(exc: BaseException) -> str:
    """``file:line`` of the deepest frame outside the import machinery, for messages."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "importlib" not in f.filename]
    return f" ({frames[-1].filename}:{frames[-1].lineno})" if frames else ""


def _import_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise AgentLoadError(f"no such file: {path}")
    existing = sys.modules.get(path.stem)
    existing_file = getattr(existing, "__file__", None)
    if existing is not None and existing_file and Path(existing_file).resolve() == path.resolve():
        return existing
    folder = str(path.resolve().parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    name = path.stem if path.stem.isidentifier() and path.stem not in sys.modules else f"_mb_agent_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise AgentLoadError(f"cannot load {path} as Python code")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def _import(target: str) -> ModuleType:
    is_file = target.endswith(".py") or "/" in target or os.sep in target
    own = Path(target).stem if is_file else target.partition(".")[0]  # the user's module, named on purpose
    if not is_file:
        cwd = os.getcwd()
        if cwd not in sys.path and "" not in sys.path:
            sys.path.insert(0, cwd)
    try:
        return _import_file(Path(target)) if is_file else importlib.import_module(target)
    except AgentLoadError:
        raise
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if not is_file and (missing == target or target.startswith(missing + ".")):
            raise AgentLoadError(
                f"cannot import {target!r}: no module named {missing!r} (looked in the current directory and "
                "sys.path; for a file, write path/to/file.py:attribute)"
            ) from exc
        shadowed = shadowing_file(exc, own=own)
        if shadowed is not None:
            raise AgentLoadError(f"importing {target!r} failed: it imports {missing!r}; {shadowed}") from exc
        raise AgentLoadError(
            f"importing {target!r} failed: it imports {missing!r}, which is not installed{_user_frame(exc)}"
        ) from exc
    except SyntaxError as exc:
        raise AgentLoadError(
            f"importing {target!r} failed: syntax error at {exc.filename}:{exc.lineno}: {exc.msg}"
        ) from None
    except (Exception, SystemExit) as exc:  # sys.exit() at import (argparse at module level) ends no run
        shadowed = shadowing_file(exc, own=own)
        note = f"; {shadowed}" if shadowed else ""
        raise AgentLoadError(
            f"importing {target!r} failed: {type(exc).__name__}: {exc}{_user_frame(exc)}{note}"
        ) from exc


def load_agent(spec: str) -> Any:
    """Import the object named by ``spec`` (``module:attribute`` or ``file.py:attribute``); see the module doc.

    Raises :class:`AgentLoadError` with a message saying what to fix.
    """
    target, _, attribute = spec.rpartition(":")
    if not target or not attribute:
        raise AgentLoadError(
            f"expected MODULE:ATTRIBUTE or path/to/file.py:ATTRIBUTE, got {spec!r} (e.g. my_agent:answer)"
        )
    call = attribute.endswith("()")
    attribute = attribute.removesuffix("()")
    if not all(part.isidentifier() for part in attribute.split(".")):
        raise AgentLoadError(f"{attribute!r} is not a Python attribute name (in {spec!r})")
    module = _import(target)
    obj: Any = module
    for depth, part in enumerate(attribute.split(".")):
        if not hasattr(obj, part):
            where = target if depth == 0 else ".".join(attribute.split(".")[:depth])
            names = sorted(n for n in dir(obj) if not n.startswith("_") and callable(getattr(obj, n, None)))
            hint = f" (callables there: {', '.join(names[:12])})" if names else ""
            raise AgentLoadError(f"{where!r} has no attribute {part!r}{hint}")
        obj = getattr(obj, part)
    if call or inspect.isclass(obj):
        try:
            obj = obj()
        except (Exception, SystemExit) as exc:
            raise AgentLoadError(
                f"calling {attribute}() from {target!r} failed: {type(exc).__name__}: {exc}{_user_frame(exc)}"
            ) from exc
    if not callable(obj) and _wrap_framework_object(obj) is obj:
        raise AgentLoadError(f"{spec!r} is {type(obj).__name__}, not callable; an agent is a function or callable")
    return obj
