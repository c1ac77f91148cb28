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

__all__ = ["RESPONSE_EXPECTATION_KEYS", "read_text_list"]

RESPONSE_EXPECTATION_KEYS = ("expected_facts", "guidelines")
"""The keys of ``expectations`` read as lists of strings."""

_TEXTS: TypeAdapter[list[str]] = TypeAdapter(list[StrictStr])


def read_text_list(key: str, value: Any) -> list[str]:
    """The strings of ``expectations.<key>`` (None: an empty list); blank entries are dropped.

    Raises a :class:`pydantic.ValidationError` located under ``key`` when the value is not a list of strings.
    """
    if value is None:
        return []
    try:
        texts = _TEXTS.validate_python(value)
    except ValidationError as exc:
        errors = [
            InitErrorDetails(
                type=error["type"], loc=(key, *error["loc"]), input=error["input"], ctx=error.get("ctx") or {}
            )
            for error in exc.errors()
        ]
        raise ValidationError.from_exception_data("Expectations", errors) from None
    return [text for text in texts if text.strip()]
