"""An executed example as an EEE conversation: the input messages, then the agent's trace and its response."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ...entities import Example, RetrievalResults, ToolCall, ToolResult
from ...matching.free_text import as_text

__all__ = ["INPUT_ROLES", "Transcript", "Turn", "as_text", "input_text", "interaction_type", "raw_input", "transcript"]

InteractionType = Literal["single_turn", "multi_turn", "agentic"]


@dataclass(frozen=True, slots=True)
class Turn:
    """One message of the conversation, before it is shaped for a schema version."""

    role: str
    """``system``, ``user``, ``assistant`` or ``tool`` (the roles chat APIs and the EEE schema know)."""

    content: str | None
    """The text of the message; None for an assistant turn that only calls tools."""

    tool_calls: tuple[ToolCall, ...] = ()
    """The calls an assistant turn made (consecutive ``tool_call`` events of the trace)."""

    tool_call_id: str | None = None
    """For a ``tool`` turn, the id of the call whose result it carries."""


@dataclass(frozen=True, slots=True)
class Transcript:
    """The whole conversation of an executed example."""

    turns: list[Turn] = field(default_factory=list)
    """Input messages, then the trace, then the final response."""

    answer_index: int | None = None
    """Index of the turn holding the final response; None when the agent gave none."""

    tool_calls: int = 0
    """How many ``tool_call`` events the trace holds."""


def interaction_type(example: Example) -> InteractionType:
    """``agentic`` when the trace calls a tool, ``multi_turn`` with more than one user message, else ``single_turn``."""
    if example.outputs is not None and example.outputs.tool_calls():
        return "agentic"
    users = sum(1 for message in example.inputs.messages if message.role == "user")
    return "multi_turn" if users > 1 else "single_turn"


INPUT_ROLES = frozenset({"system", "user"})
"""The roles ``input.raw`` keeps: what was given to the model, not what an assistant said."""


def raw_input(example: Example) -> str:
    """``input.raw``: the user's message, or with several user and system messages each as a ``role: content`` line.

    Only the benchmark's inputs are used (never the agent's outputs), so the text is the same for every model;
    assistant and other turns of a conversation are left out (they are in the messages, not the input).
    """
    return input_text([(message.role, message.content) for message in example.inputs.messages])


def input_text(messages: list[tuple[str, str]]) -> str:
    """``input.raw`` of ``(role, content)`` pairs: only user and system turns, prefixed by role when several."""
    kept = [(role, content) for role, content in messages if role in INPUT_ROLES]
    if len(kept) == 1:
        return kept[0][1]
    return "\n".join(f"{role}: {content}" for role, content in kept)


def transcript(example: Example) -> Transcript:
    """The conversation: input messages, trace events in order, then the response as the last assistant turn.

    Consecutive ``tool_call`` events form one assistant turn (as parallel calls do in chat APIs); each
    ``tool_result`` is a ``tool`` turn naming its call; a ``retriever`` event is a ``tool`` turn (naming no call)
    listing the chunks as JSON.
    """
    turns = [Turn(role=message.role, content=message.content) for message in example.inputs.messages]
    outputs = example.outputs
    if outputs is None:
        return Transcript(turns=turns)
    pending: list[ToolCall] = []
    count = 0
    for event in outputs.trace:
        if isinstance(event, ToolCall):
            pending.append(event)
            count += 1
            continue
        if pending:
            turns.append(Turn(role="assistant", content=None, tool_calls=tuple(pending)))
            pending = []
        if isinstance(event, ToolResult):
            turns.append(Turn(role="tool", content=as_text(event.result), tool_call_id=event.id))
        elif isinstance(event, RetrievalResults):
            chunks = [chunk.model_dump(mode="json", exclude_none=True) for chunk in event.outputs]
            turns.append(Turn(role="tool", content=as_text(chunks)))
    if pending:
        turns.append(Turn(role="assistant", content=None, tool_calls=tuple(pending)))
    answer_index: int | None = None
    if outputs.response:
        answer_index = len(turns)
        turns.append(Turn(role="assistant", content=outputs.response))
    return Transcript(turns=turns, answer_index=answer_index, tool_calls=count)
