"""Inputs of an example: the conversation, its metadata and the tools the agent may use."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, model_validator

from .._model import Model
from .._trim import trimmed
from ._misspelt import check_misspelt_keys
from .outputs import field_error

__all__ = ["ID_KEYS", "ChatMessage", "InputMetadata", "Inputs", "TurnMetadata", "document_name", "document_names"]

ID_KEYS = tuple("id doc_id document_id file_id chunk_id url uri href source path file_name title name".split())  # noqa: SIM905
"""The keys a document is named by, in a resource object and in a retrieved chunk alike, compared folded (NFKC, case
and separators: ``documentId``, ``Document-ID`` and ``document_id`` are one key); the first one given names a
resource. An object naming nothing by them is read one level down, in its ``metadata`` or ``document`` object."""

_FOLDED = {key.replace("_", ""): rank for rank, key in enumerate(ID_KEYS)}
_ORIGIN = re.compile(r"(?i)[a-z][a-z\d+.-]*://[^/?#]*")


def _folded(key: object) -> str:
    return re.sub(r"[\W_]", "", unicodedata.normalize("NFKC", key)).lower() if isinstance(key, str) else ""


def document_name(text: str) -> str:
    """A document's name as compared, in a resource, a chunk or a link alike: trimmed, one trailing ``/`` dropped;
    a link's scheme and host in lower case and its ``#fragment`` dropped (a part of the same document; a ``#/`` or
    ``#!`` route, like a ``?query``, may name another)."""
    origin = match.group() if (match := _ORIGIN.match(name := trimmed(text))) else ""
    if origin or name.startswith(("/", ".")):
        name = origin.lower() + re.sub(r"#(?![/!]).*", "", name[len(origin) :], flags=re.DOTALL)
    return name.removesuffix("/") or name


def document_names(item: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The names an object gives a document, ``(key, name)`` in the order of ``ID_KEYS``: texts by ``document_name``
    (a blank text names nothing) and integers as their decimal text; one key given twice with different names (``ID``
    and ``id``) gives both, an ambiguity. An object naming nothing is read in its ``metadata`` or ``document`` object
    (a LangChain ``Document``: ``{"page_content": ..., "metadata": {"source": ...}}``), one level down only."""
    inner = [v for k, v in item.items() if _folded(k) in ("metadata", "document") and isinstance(v, Mapping)]
    found: list[tuple[int, str]] = []
    for layer in (item.items(), [pair for value in inner for pair in value.items()]):
        for key, value in layer:
            rank = _FOLDED.get(_folded(key))
            name = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
            if rank is not None and isinstance(name, str) and (name := document_name(name)):
                found.append((rank, name))
        if found:
            break
    return [(ID_KEYS[rank], name) for rank, name in sorted(dict.fromkeys(found))]


class ChatMessage(Model):
    """An OpenAI-style message in the conversation."""

    role: str
    """The author of the message: ``user``, ``assistant``, ``system``..."""

    content: str
    """The text of the message."""


class TurnMetadata(Model):
    categories: dict[str, str]
    """Categories associated with one turn in the conversation turn.

    For example, whether the query is open-ended or factoid, is it concise of verbose.
    """

    resources: list[JsonValue]
    """Resources used for generation, such as documents, API calls, etc.: a document's name, or an object naming it
    under one of ``ID_KEYS``."""


class InputMetadata(Model):
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
