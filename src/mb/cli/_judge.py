"""Building the judge a command asked for, with the errors a person can act on."""

from __future__ import annotations

import os
from typing import Any

import click

from ..judges.base import Judge

__all__ = [
    "JUDGE_CHOICE",
    "JUDGE_FORMAT_CHOICE",
    "JUDGE_MODEL_FROM",
    "judge_from_cli",
    "judge_model_from",
    "judge_model_option",
    "judge_note",
    "judge_options",
]

JUDGE_CHOICE = click.Choice(["auto", "lexical", "local", "llm"])
"""The ``--judge`` values."""

JUDGE_FORMAT_CHOICE = click.Choice(["auto", "json_schema", "json_object", "tool", "text"])
"""The ``--judge-format`` values: ``auto`` finds the most structured format the server takes."""


JUDGE_MODEL_FROM = "mb.judge_model_from"
"""The key of ``ctx.meta`` that says where ``MB_JUDGE_MODEL`` was set from, when not from the environment."""


def judge_model_from() -> str:
    """Where the LLM judge's model comes from in this command: ``--judge-model``, the configuration file's
    ``judge_model`` or ``MB_JUDGE_MODEL``."""
    ctx = click.get_current_context(silent=True)
    return str(ctx.meta.get(JUDGE_MODEL_FROM, "MB_JUDGE_MODEL")) if ctx is not None else "MB_JUDGE_MODEL"


def _set_judge_model(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """``--judge-model``: the LLM judge's model for this command, over ``MB_JUDGE_MODEL`` and the configuration."""
    if value is None:
        return None
    model = value.strip()
    if not model:
        raise click.BadParameter("a model name, e.g. gpt-4o-mini")
    from ..config import restored_environment

    ctx.with_resource(restored_environment("MB_JUDGE_MODEL"))
    os.environ["MB_JUDGE_MODEL"] = model
    ctx.meta[JUDGE_MODEL_FROM] = "--judge-model"
    return model


judge_model_option = click.option(
    "--judge-model",
    metavar="MODEL",
    callback=_set_judge_model,
    expose_value=False,
    is_eager=True,
    help="The LLM judge's model (over MB_JUDGE_MODEL and the configuration's judge_model); the endpoint and "
    "key still come from MB_JUDGE_BASE_URL and MB_JUDGE_API_KEY / OPENAI_API_KEY.",
)
"""The ``--judge-model MODEL`` option (its value is applied as the command starts)."""


def judge_options(
    name: str,
    concurrency: int,
    *,
    timeout: float | None = None,
    response_format: str | None = None,
    retry: bool = False,
) -> dict[str, Any]:
    """The options the judge factory gets for the judge named on the command line: for an LLM judge, its concurrent
    requests, ``--judge-timeout``, ``--judge-format`` and ``--judge-retry-failed`` when given (None: the judge's
    default or its environment variable); none for the offline judges."""
    if name not in ("auto", "llm"):
        return {}
    given = {"timeout": timeout, "response_format": response_format, "retry_failed": retry or None}
    return {"max_concurrency": concurrency, **{key: value for key, value in given.items() if value is not None}}


def judge_from_cli(name: str, options: dict[str, Any]) -> Judge:
    """The judge named on the command line, built with ``options`` (:func:`judge_options`); a missing dependency
    or configuration is a usage error (exit 2)."""
    from ..evaluation import resolve_judge

    try:
        return resolve_judge(name, **options)
    except (ImportError, ValueError) as exc:
        # in the command's words: the Python argument becomes the variable to set
        wording = "set MB_JUDGE_MODEL (e.g. MB_JUDGE_MODEL=gpt-4o-mini) or pass --judge-model"
        raise click.UsageError(str(exc).replace("set MB_JUDGE_MODEL or pass model=", wording)) from None


def judge_note(requested: str) -> str:
    """Why this judge: ``requested``, or what ``auto`` found in the environment."""
    if requested != "auto":
        return "requested"
    from ..judges.factory import explain_auto

    return f"auto: {explain_auto(model_from=judge_model_from()).reason}"
