"""A fast, sound pre-check of parsed example lines.

``certainly_valid`` returns True only for objects that :class:`mb.entities.Example` accepts; when it returns
False the caller runs the full model validation, which stays the single authority on errors. The checks are
deliberately conservative (exact JSON types, no coercion), so a False is never a verdict.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

__all__ = ["certainly_valid"]

_SCALARS = (str, int, float, bool)
_DATETIME: TypeAdapter[datetime] = TypeAdapter(datetime)


@lru_cache(maxsize=4096)
def _datetime_ok(text: str) -> bool:
    try:
        _DATETIME.validate_python(text)
    except ValidationError:
        return False
    return True


def _string_map(value: Any) -> bool:
    if type(value) is not dict:
        return False
    return all(type(item) is str for item in value.values())


def _string_list(value: Any) -> bool:
    if type(value) is not list:
        return False
    return all(type(item) is str for item in value)


def _inputs_ok(inputs: Any) -> bool:
    if type(inputs) is not dict:
        return False
    messages = inputs.get("messages")
    if type(messages) is not list or not messages:
        return False
    for message in messages:
        if type(message) is not dict or type(message.get("role")) is not str or type(message.get("content")) is not str:
            return False
    if messages[-1]["role"] != "user":
        return False
    metadata = inputs.get("metadata")
    if metadata is not None:
        if type(metadata) is not dict:
            return False
        turns = metadata.get("turns")
        if turns is not None:
            if type(turns) is not list:
                return False
            for turn in turns:
                if type(turn) is not dict or not _string_map(turn.get("categories")):
                    return False
                if type(turn.get("resources")) is not list:
                    return False
        categories = metadata.get("categories")
        if categories is not None and not _string_map(categories):
            return False
    tools = inputs.get("tools")
    return tools is None or _string_list(tools)


def _matcher_ok(matcher: Any, group: bool, nested: bool = False) -> bool:
    if type(matcher) is not dict:
        return False
    kind = matcher.get("match_as")
    if kind == "free_text" or kind == "date_time":
        return type(matcher.get("value")) is str
    if kind == "optional":
        return not nested and _matcher_ok(matcher.get("default"), group, nested=True)
    if group:
        return False
    if kind == "equality":
        return type(matcher.get("value")) in _SCALARS
    if kind == "email":
        return type(matcher.get("value")) is str
    return kind == "missing"


def _expectations_ok(expectations: Any) -> bool:
    if type(expectations) is not dict:
        return False
    expected = expectations.get("expected_response")
    if expected is not None and type(expected) is not str:
        return False
    if "assertions" not in expectations:
        return True
    assertions = expectations["assertions"]
    if type(assertions) is not list:
        return False
    for assertion in assertions:
        if type(assertion) is not dict:
            return False
        kind = assertion.get("assert_that")
        if kind == "no_tool_called":
            continue
        if kind != "tool_called" or type(assertion.get("tool")) is not str:
            return False
        parameters = assertion.get("parameters", [])
        if type(parameters) is not list:
            return False
        for parameter in parameters:
            if type(parameter) is not dict:
                return False
            if "params" in parameter:
                if not _string_list(parameter["params"]) or not _matcher_ok(parameter.get("matcher"), True):
                    return False
            elif type(parameter.get("param")) is not str or not _matcher_ok(parameter.get("matcher"), False):
                return False
    return True


def _outputs_ok(outputs: Any) -> bool:
    if type(outputs) is not dict or type(outputs.get("response")) is not str:
        return False
    chunk_ids: set[str] = set()
    if "trace" in outputs:
        trace = outputs["trace"]
        if type(trace) is not list:
            return False
        for event in trace:
            if type(event) is not dict:
                return False
            kind = event.get("event")
            if kind == "tool_call":
                if type(event.get("id")) is not str or type(event.get("tool")) is not str:
                    return False
                if type(event.get("params")) is not dict:
                    return False
            elif kind == "tool_result":
                if type(event.get("id")) is not str or "result" not in event:
                    return False
            elif kind == "retriever":
                chunks = event.get("outputs")
                if type(chunks) is not list:
                    return False
                for chunk in chunks:
                    if type(chunk) is not dict or type(chunk.get("page_content")) is not str:
                        return False
                    chunk_id = chunk.get("id")
                    if type(chunk_id) is not str:
                        return False
                    chunk_ids.add(chunk_id)
            else:
                return False
    citations = outputs.get("citations")
    if citations is not None:
        if type(citations) is not list:
            return False
        for citation in citations:
            if type(citation) is not dict:
                return False
            document_id = citation.get("document_id")
            if type(document_id) is not str or document_id not in chunk_ids:
                return False
            if type(citation.get("span_from")) is not int or type(citation.get("span_to")) is not int:
                return False
    environment = outputs.get("environment")
    if environment is not None:
        if type(environment) is not dict:
            return False
        user_time = environment.get("user_time")
        if user_time is not None and (type(user_time) is not str or not _datetime_ok(user_time)):
            return False
    return True


def certainly_valid(document: Any, *, executed: bool = False) -> bool:
    """True when ``document`` (parsed JSON) is certainly a valid example; False means "validate fully"."""
    if type(document) is not dict:
        return False
    if not _inputs_ok(document.get("inputs")) or not _expectations_ok(document.get("expectations")):
        return False
    outputs = document.get("outputs")
    if outputs is None:
        return not executed
    return _outputs_ok(outputs)
