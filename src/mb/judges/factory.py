"""Choose a judge by name: ``auto``, ``lexical``, ``local``, ``llm`` (or ``llm:<model>``).

``auto`` takes the best judge available: when the environment configures an LLM judge (``MB_JUDGE_MODEL`` plus a
key or a server URL), a cascade where the offline judge (local when installed, else lexical) decides what it can and
the LLM judge the questions it leaves undecided; else the local embedding judge when its dependencies are installed,
else the lexical judge.
``explain_auto()`` says which and why, for the command line to print. Nothing heavy is imported here: numpy and the
model load when a local judge first judges, the OpenAI SDK when an LLM judge first asks.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import JudgeConfigError
from ._embedder import INSTALL_HINT, missing_dependencies
from .base import Judge

__all__ = ["JUDGE_NAMES", "AutoChoice", "explain_auto", "get_judge", "llm_configured", "portable_judge"]

JUDGE_NAMES = ("auto", "lexical", "local", "llm")
"""The names ``get_judge`` accepts (``llm:<model>`` names the model too)."""


@dataclass(frozen=True, slots=True)
class AutoChoice:
    """Which judge ``auto`` picks, and why."""

    name: str
    """``llm``, ``local`` or ``lexical``."""

    reason: str
    """A sentence for people: what was found in the environment."""


def llm_configured(env: Mapping[str, str] | None = None, model_from: str = "MB_JUDGE_MODEL") -> tuple[bool, str]:
    """Whether the environment configures an LLM judge, and why (or why not); ``model_from`` names where the
    model in ``MB_JUDGE_MODEL`` was set (``--judge-model``, a configuration file's key)."""
    env = os.environ if env is None else env
    model = env.get("MB_JUDGE_MODEL", "").strip()
    if not model:
        return False, "MB_JUDGE_MODEL is not set"
    for variable in ("MB_JUDGE_API_KEY", "OPENAI_API_KEY", "MB_JUDGE_BASE_URL"):
        if env.get(variable, "").strip():
            return True, f"model {model} (from {model_from}) and {variable} are set"
    neither = "neither MB_JUDGE_API_KEY, OPENAI_API_KEY nor MB_JUDGE_BASE_URL"
    return False, f"model {model} (from {model_from}) is set but {neither}"


def explain_auto(env: Mapping[str, str] | None = None, model_from: str = "MB_JUDGE_MODEL") -> AutoChoice:
    """The judge ``auto`` resolves to in this environment (``env`` defaults to ``os.environ``; ``model_from`` as
    :func:`llm_configured` takes it)."""
    env = os.environ if env is None else env
    configured, why = llm_configured(env, model_from)
    if configured:
        offline = "lexical" if missing_dependencies() else "local"
        return AutoChoice(
            "llm",
            f"llm judge ({env.get('MB_JUDGE_MODEL', '').strip()}): {why}; the {offline} judge decides what it can, "
            "the LLM what it leaves undecided",
        )
    missing = missing_dependencies()
    if not missing:
        reason = f"local judge: no LLM judge configured ({why}); the local embedding model is installed"
        return AutoChoice("local", reason)
    return AutoChoice(
        "lexical",
        f"lexical judge: no LLM judge configured ({why}) and the local judge needs {', '.join(missing)} "
        f"({INSTALL_HINT})",
    )


def _accepted(cls: type, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options ``cls`` takes (``auto`` passes on only those that fit the judge it picked)."""
    parameters = inspect.signature(cls).parameters
    return {key: value for key, value in options.items() if key in parameters}


def get_judge(name: str = "auto", **options: Any) -> Judge:
    """Build the named judge with ``options`` passed to its constructor.

    Raises :class:`~mb.errors.JudgeConfigError` (a ``ValueError``) for an unknown name or when ``llm`` lacks a model
    or a key, and ImportError (naming the pip command) when ``local`` is asked for but not installed.
    """
    requested = name.strip()
    kind, _, model = requested.partition(":")
    kind = kind.lower()
    if kind == "auto" and not model:
        kind = explain_auto().name
        if kind == "llm":
            from .cascade import CascadeJudge
            from .llm import LLMJudge

            offline_class = _judge_class("lexical" if missing_dependencies() else "local")
            offline: Judge = offline_class(**_accepted(offline_class, options))
            return CascadeJudge(offline, LLMJudge(**_accepted(LLMJudge, options)))
        options = _accepted(_judge_class(kind), options)
    if kind in ("lexical", "local") and not model:
        judge: Judge = _judge_class(kind)(**options)
        return judge
    if kind == "llm":
        from .llm import LLMJudge

        if model:
            options = {**options, "model": model}
        return LLMJudge(**options)
    raise JudgeConfigError(f"unknown judge {name!r}: choose one of auto, lexical, local, llm or llm:<model>")


def portable_judge(judge: Judge, name: str, options: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The name and options with which :func:`get_judge` builds, in another process, the judge that
    ``get_judge(name, **options)`` built here as ``judge``: for the offline judges (``lexical``, ``local``), which
    answer from the question alone, so both give the same verdicts. None for any other judge: an LLM judge (or the
    cascade to one) keeps its cache, its token counts and its request limit in one process."""
    for kind in ("lexical", "local"):
        if judge.name == kind and type(judge) is _judge_class(kind):
            if name.strip().lower() not in ("auto", kind):
                return None
            return kind, _accepted(_judge_class(kind), options)
    return None


def _judge_class(kind: str) -> type:
    """The class of the lexical or local judge, its module imported only now."""
    if kind == "lexical":
        from .lexical import LexicalJudge

        return LexicalJudge
    from .local import LocalJudge

    return LocalJudge
