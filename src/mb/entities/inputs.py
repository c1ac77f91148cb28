"""Inputs of an example: the conversation, its metadata and the tools the agent may use."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, model_validator

from .._trim import trimmed
from ._misspelt import check_misspelt_keys
from .outputs import field_error

__all__ = ["ID_KEYS", "ChatMessage", "InputMetadata", "Inputs", "TurnMetadata", "document_names"]

ID_KEYS = tuple("id doc_id document_id file_id chunk_id url uri href source path title name".split())  # noqa: SIM905
"""The keys a document is named by, in a resource object and in a retrieved chunk alike, compared folded (case and
separators: ``documentId``, ``Document-ID`` and ``document_id`` are one key); the first one given names a resource."""

_FOLDED = {key.replace("_", ""): rank for rank, key in enumerate(ID_KEYS)}


def document_names(item: Mapping[str, Any]) -> list[str]:
    """The names an object gives a document under ``ID_KEYS``, in their order: texts trimmed (a text of only whitespace
    and format characters names nothing) and integers as their decimal text."""
    found: list[tuple[int, str]] = []
    for key, value in item.items():
        rank = _FOLDED.get(re.sub(r"[\W_]", "", key).lower()) if isinstance(key, str) else None
        name = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        if rank is not None and isinstance(name, str) and (name := trimmed(name)):
            found.append((rank, name))
    return [name for _, name in sorted(found)]


class ChatMessage(BaseModel):
    """An OpenAI-style message in the conversation."""

    model_config = ConfigDict(defer_build=True)

    role: str
    """The author of the message: ``user``, ``assistant``, ``system``..."""

    content: str
    """The text of the message."""


class TurnMetadata(BaseModel):
    model_config = ConfigDict(defer_build=True)

    categories: dict[str, str]
    """Categories associated with one turn in the conversation turn.

    For example, whether the query is open-ended or factoid, is it concise of verbose.
    """

    resources: list[JsonValue]
    """Resources used for generation, such as documents, API calls, etc.: a document's name, or an object naming it
    under one of ``ID_KEYS``."""


class InputMetadata(BaseModel):
    model_config = ConfigDict(defer_build=True)

    turns: list[TurnMetadata] | None = None
    """Metadata associated with each conversation turn.

    Each pair of user-assistant messages form a turn, except for the last turn, which has only a user message.
    This list contains the metadata for each turn.
    """

    categories: dict[str, str] | None = None
    """Categories associated with the entire input, and remain the same for all turns.

    For example, user persona attributes.
    """


class Inputs(BaseModel):
    """Agent input description."""

    model_config = ConfigDict(extra="allow", defer_build=True)

    messages: Annotated[list[ChatMessage], Field(min_length=1)]
    """The chat messages to be processed by the agent, in OpenAI-style format.

    The last message must have a user role, and represents the user's request for the agent.
    """

    metadata: InputMetadata | None = None
    """Additional metadata about the input, such as categories and resources used for generation."""

    tools: list[str] | None = None
    """A subset of the tools available to the agent. If not provided, the agent will use all available tools."""

    @model_validator(mode="after")
    def _last_message_is_from_user(self) -> Inputs:
        if self.__pydantic_extra__:  # most inputs have no extra key
            check_misspelt_keys(self)
        last = self.messages[-1]
        if last.role != "user":
            why = "the last message must have role 'user' (it is the request the agent answers), got {role}"
            where = ("messages", len(self.messages) - 1, "role")  # the field itself, for line errors
            error = field_error("last_message_role", why, {"role": repr(last.role)}, where, last.role)
            raise ValidationError.from_exception_data("Inputs", [error])
        return self

    def message_dicts(self) -> list[dict[str, str]]:
        """Return messages as OpenAI-style dicts.

        This is a convenience for integrations that expect messages in the shape
        ``[{"role": "...", "content": "..."}, ...]`` (for example, agent runners).
        """
        return [{"role": m.role, "content": m.content} for m in self.messages]
