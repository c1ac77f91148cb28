"""Building the judge a command asked for, with the errors a person can act on."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from ..judges.base import Judge

__all__ = [
    "JUDGE_CHOICE",
    "JUDGE_FORMAT_CHOICE",
    "JudgeOptions",
    "judge_from_cli",
    "judge_model_option",
    "judge_note",
    "judge_options",
]

_F = TypeVar("_F", bound=Callable[..., Any])

JUDGE_CHOICE = click.Choice(["auto", "lexical", "local", "llm"])
"""The ``--judge`` values."""

JUDGE_FORMAT_CHOICE = click.Choice(["auto", "json_schema", "json_object", "tool", "text"])
"""The ``--judge-format`` values: ``auto`` finds the most structured format the server takes."""


@dataclass(frozen=True, slots=True)
class JudgeOptions:
    """The LLM judge's settings a command takes (None: the judge's default or its environment variable)."""

    timeout: float | None = None
    """``--judge-timeout``: seconds per request, counted from the moment it is sent."""

    response_format: str | None = None
    """``--judge-format``: the answer format of every request, or ``auto`` to find it per endpoint (None:
    ``MB_JUDGE_RESPONSE_FORMAT``, else ``auto``)."""

    retry_failed: bool = False
    """``--judge-retry-failed``: ask again the requests whose failure the cache kept."""

    def llm_options(self) -> dict[str, Any]:
        """The LLM judge's constructor arguments these settings give."""
        options: dict[str, Any] = {}
        if self.timeout is not None:
            options["timeout"] = self.timeout
        if self.response_format is not None:
            options["response_format"] = self.response_format
        if self.retry_failed:
            options["retry_failed"] = True
        return options


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
    return model


def judge_model_option(function: _F) -> _F:
    """The ``--judge-model MODEL`` option (its value is applied as the command starts)."""
    option = click.option(
        "--judge-model",
        metavar="MODEL",
        callback=_set_judge_model,
        expose_value=False,
        is_eager=True,
        help="The LLM judge's model (over MB_JUDGE_MODEL and the configuration's judge_model); the endpoint and "
        "key still come from MB_JUDGE_BASE_URL and MB_JUDGE_API_KEY / OPENAI_API_KEY.",
    )
    return option(function)


def judge_options(name: str, concurrency: int, settings: JudgeOptions | None = None) -> dict[str, Any]:
    """The options the judge factory gets for the judge named on the command line: an LLM judge's concurrent
    requests and ``settings`` (None: its defaults); none for the offline judges."""
    if name not in ("auto", "llm"):
        return {}
    return {"max_concurrency": concurrency, **(settings or JudgeOptions()).llm_options()}


def judge_from_cli(name: str, concurrency: int, settings: JudgeOptions | None = None) -> Judge:
    """The judge named on the command line; a missing dependency or configuration is a usage error (exit 2).

    ``settings`` are the LLM judge's (None: its defaults).
    """
    from ..evaluation import resolve_judge

    try:
        return resolve_judge(name, **judge_options(name, concurrency, settings))
    except (ImportError, ValueError) as exc:
        raise click.UsageError(_cli_wording(str(exc))) from None


def _cli_wording(message: str) -> str:
    """A judge's configuration error in the command's words: the Python argument becomes the variable to set."""
    return message.replace("set MB_JUDGE_MODEL or pass model=", "set MB_JUDGE_MODEL (e.g. MB_JUDGE_MODEL=gpt-4o-mini)")


def judge_note(requested: str) -> str:
    """Why this judge: ``requested``, or what ``auto`` found in the environment."""
    if requested != "auto":
        return "requested"
    from ..judges.factory import explain_auto

    return f"auto: {explain_auto().reason}"
