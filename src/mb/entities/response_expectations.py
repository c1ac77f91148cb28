"""Response expectations beyond the format: ``expectations.expected_facts`` and ``expectations.guidelines``.

Both follow MLflow's names and meaning: each expected fact must be stated by the response; each guideline must hold
for it. ``Expectations`` allows extra keys, so a line using them stays valid under the published JSON Schema;
MorganaBench reads them through :attr:`Expectations.expected_facts <mb.entities.Expectations.expected_facts>` and
:attr:`Expectations.guidelines <mb.entities.Expectations.guidelines>`. A value that is not a list of strings makes
the line invalid: it is never ignored.
"""

from __future__ import annotations

from typing import Any

from pydantic import StrictStr, TypeAdapter, ValidationError
from pydantic_core import InitErrorDetails

__all__ = ["check_text_lists", "read_text_list"]

RESPONSE_EXPECTATION_KEYS = ("expected_facts", "guidelines")
"""The keys of ``expectations`` read as lists of strings."""

_TEXTS: TypeAdapter[list[str]] = TypeAdapter(list[StrictStr])


def _errors(key: str, value: Any) -> tuple[list[str], list[InitErrorDetails]]:
    if value is None:
        return [], []
    try:
        return _TEXTS.validate_python(value), []
    except ValidationError as exc:
        return [], [
            InitErrorDetails(
                type=error["type"], loc=(key, *error["loc"]), input=error["input"], ctx=error.get("ctx") or {}
            )
            for error in exc.errors()
        ]


def read_text_list(key: str, value: Any) -> list[str]:
    """The strings of ``expectations.<key>`` (None: an empty list); blank entries are dropped (the evaluation reports
    them as an error check).

    Raises a :class:`pydantic.ValidationError` located under ``key`` when the value is not a list of strings.
    """
    texts, errors = _errors(key, value)
    if errors:
        raise ValidationError.from_exception_data("Expectations", errors)
    return [text for text in texts if text.strip()]


def check_text_lists(extra: dict[str, Any]) -> None:
    """Raise a :class:`pydantic.ValidationError` naming every entry of :data:`RESPONSE_EXPECTATION_KEYS` in
    ``extra`` (the extra keys of ``expectations``) that is not a string, or a value that is not a list."""
    errors = [error for key in RESPONSE_EXPECTATION_KEYS for error in _errors(key, extra.get(key))[1]]
    if errors:
        raise ValidationError.from_exception_data("Expectations", errors)
