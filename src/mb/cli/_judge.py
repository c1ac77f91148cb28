"""Building the judge a command asked for, with the errors a person can act on."""

from __future__ import annotations

import click

from ..judges.base import Judge

__all__ = ["JUDGE_CHOICE", "judge_from_cli", "judge_note"]

JUDGE_CHOICE = click.Choice(["auto", "lexical", "local", "llm"])
"""The ``--judge`` values."""


def judge_from_cli(name: str, concurrency: int) -> Judge:
    """The judge named on the command line; a missing dependency or configuration is a usage error (exit 2)."""
    from ..evaluation import resolve_judge

    options = {"max_concurrency": concurrency} if name in ("auto", "llm") else {}
    try:
        return resolve_judge(name, **options)
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
