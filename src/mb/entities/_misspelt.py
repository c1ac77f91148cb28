"""Misspelt keys of ``inputs``, ``expectations`` and ``outputs`` (``expected_respone``, ``traces``), and expectations
outside ``expectations``, make the line invalid, as unknown keys inside assertions do: what they hold would not be
checked. Other unknown keys are data; those of ``outputs`` that look like tool calls
(:func:`~mb.entities.outputs.unread_calls`) leave undecided what a call would break."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

__all__ = [
    "EXPECTING",
    "MLFLOW_EXPECTATIONS",
    "NOTHING_EXPECTED",
    "check_misspelt_keys",
    "expectation_named",
    "misspelling",
    "misspelt_key",
    "mlflow_expectation",
    "names_expected_response",
]

_Types = type | tuple[type, ...]
_HOLDING: dict[str, dict[str, _Types]] = {
    "Inputs": {"tools": list},
    "Expectations": dict.fromkeys(("assertions", "extended_assertions", "expected_facts", "guidelines"), list)
    | dict[str, _Types](expected_response=str),
    "Outputs": {"trace": list, "error": (dict, str, list)},
}
"""The fields of each part whose absence silently checks less (an agent error missed lets the line pass), with the
JSON types of their value."""


EXPECTING = ("expected_response", "assertions", "extended_assertions", "expected_facts", "guidelines")
"""The keys of ``expectations`` that hold what an example checks."""
NOTHING_EXPECTED = f"no {', '.join(EXPECTING[:-1])} or {EXPECTING[-1]}"
"""What a line that checks nothing lacks, as warnings and reasons say it."""
_RESPONSE_WORDS = frozenset({"", "answer", "output", "reference", "ground_truth", "groundtruth", "ideal", "target"})
"""What other evaluation tools call the expected response (``expected_output``, ``reference``, ``ground_truth``,
``expected``), after ``expected`` and before a plural ``s``."""

MLFLOW_EXPECTATIONS = {
    "expected_retrieved_context": "MLflow's documents to retrieve; MorganaBench reads their ids from "
    "inputs.metadata.turns[-1].resources (the retrieval metric)",
    "expected_tool_calls": "MLflow's expected tool calls; MorganaBench checks calls written as expectations.assertions",
}
"""Keys of ``expectations`` that MLflow's scorers read and MorganaBench does not, with what they hold."""


def mlflow_expectation(key: str, meanings: dict[str, str] = MLFLOW_EXPECTATIONS) -> str | None:
    """What the key ``key`` of ``expectations`` holds when it is one of ``meanings``' keys (by default
    :data:`MLFLOW_EXPECTATIONS`), or one of them misspelt (``expected_toolcalls``, said); None otherwise."""
    for name, meaning in meanings.items():
        if misspelling(key, name):
            return meaning if key == name else f'did you mean "{name}"? {meaning}'
    return None


def names_expected_response(key: str) -> bool:
    """Whether the key ``key`` of ``expectations`` names the expected response in another tool's words."""
    return key.casefold().removeprefix("expected").strip("_ -").removesuffix("s") in _RESPONSE_WORDS


_NAMES = ("expectations", *EXPECTING)
_EMPTY: tuple[Any, ...] = (None, "", [], {})


def expectation_named(key: str, value: Any, part: str = "") -> str | None:
    """The one rule for an expectation written where it is not read (beside ``expectations``, in ``inputs`` or
    ``outputs``, or anywhere a converted format does not read it): the expectation (``expectations``,
    ``assertions``, ``expected_response``...) that the key ``key`` holding ``value`` names, when ``value`` is not
    empty; None otherwise. Names are compared NFKC, case folded, without zero-width or other format characters,
    equal or misspelt (:func:`misspelling` with ``first``: ``insertions`` is not ``assertions``);
    another tool's name of the expected response (``expected_output``, ``ground_truth``) names it
    too (not a bare ``reference``, which may name the user's own document). In ``part`` ``Inputs``, ``guidelines``
    (in any case) is the agent's instructions: data."""
    text = unicodedata.normalize("NFKC", key).casefold()
    folded = "".join(char for char in text if unicodedata.category(char) != "Cf").strip()
    if value in _EMPTY or (part == "Inputs" and folded == "guidelines"):
        return None
    name = next((name for name in _NAMES if misspelling(folded, name, first=True)), None)
    other = folded.startswith("expected") or folded.removesuffix("s") in ("ground_truth", "groundtruth")
    return name or ("expected_response" if other and names_expected_response(folded) else None)


def misspelling(key: str, field: str, *, first: bool = False) -> bool:
    """Whether ``key`` is almost surely ``field`` misspelt: equal but for case and at most one edit (an inserted,
    deleted, replaced or swapped character: ``tool``, ``traces``, ``asertions``), or two for a field of more than
    eight characters (``expctd_response``). ``toolset`` or ``expected_tools`` are other names."""
    limit = 1 if len(field) <= 8 or (first and key[:1].casefold() != field[:1]) else 2  # first: a second edit
    key, field = key.casefold(), field.casefold()
    if abs(len(key) - len(field)) > limit:  # each edit changes the length by one at most
        return False
    from rapidfuzz.distance import OSA

    return OSA.distance(key, field, score_cutoff=limit) <= limit


def misspelt_key(part: str, key: str, value: Any) -> str | None:
    """What is wrong with the unknown key ``key`` of the model named ``part`` holding ``value``, when it surely
    holds checks that are not read (not empty); None for a key that may be the user's own data."""
    fields = _HOLDING.get(part, {})
    if key in fields:
        return None  # an extra key the model reads itself
    assertions = type(value) is list and any(type(item) is dict and "assert_that" in item for item in value)
    name = expectation_named(key, value, part)
    if part != "Expectations" and (assertions or name):  # beside expectations, at the top too
        what = f'names an expectation ("{name}")' if name else "holds assertions"
        return f'"{key}" {what}, checked only inside "expectations": move it there'
    if name == "expectations":
        return f'"{key}" nests expectations, which are not read there: write its keys in its place'
    for field, kind in fields.items():  # an empty value holds nothing to check: a warning says it (mb.io)
        if value and isinstance(value, kind) and misspelling(key, field):
            return f'unknown key "{key}"; did you mean "{field}"? What it holds is not checked'
    if part == "Expectations" and value and (named_kind := _kind_named(key)):
        how = f'write it in "extended_assertions" as {{"assert_that": "{named_kind}", ...}}'
        return f'unknown key "{key}" names an assertion ("{named_kind}") that is not read; {how}'
    if part == "Expectations" and assertions:
        where = 'move them under "assertions" or "extended_assertions"'
        return f'unknown key "{key}" holds assertions that are not read; {where}'
    return None


def _kind_named(key: str) -> str | None:
    """The assertion kind (``tool_not_called``...) that the key ``key`` names, in any case, camelCase, with hyphens or
    spaces, or misspelt (:func:`misspelling`); None otherwise."""
    from .extended import ASSERTION_KINDS  # built on expectations: imported once they are

    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|[- ]", "_", unicodedata.normalize("NFKC", key))
    return next((kind for kind in sorted(ASSERTION_KINDS) if misspelling(snake, kind)), None)


def check_misspelt_keys(model: BaseModel) -> None:
    """Raise a :class:`pydantic.ValidationError` with an error at each misspelt extra key of ``model``."""
    part = type(model).__name__
    errors = [
        InitErrorDetails(type=PydanticCustomError("misspelt_key", "{why}", {"why": why}), loc=(key,), input=value)
        for key, value in (model.__pydantic_extra__ or {}).items()
        if (why := misspelt_key(part, key, value)) is not None
    ]
    if errors:
        raise ValidationError.from_exception_data(part, errors)
