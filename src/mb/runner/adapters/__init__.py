"""Adapters that run agents built with real frameworks and build their trace.

- :mod:`.openai_agents` -- OpenAI Agents SDK (the ``openai-agents`` extra).
- :mod:`.langgraph` -- LangGraph graphs and a LangChain callback handler (the ``langgraph`` extra).
- :mod:`.chat_completions` -- a tool loop over any OpenAI-compatible chat-completions endpoint (no extra).

The frameworks are imported only when an adapter is used.
"""

from .chat_completions import ChatCompletionsAgent, MaxTurnsExceeded, tool_spec
from .langgraph import LangGraphAdapter, trace_handler
from .openai_agents import OpenAIAgentsAdapter

__all__ = [
    "ChatCompletionsAgent",
    "LangGraphAdapter",
    "MaxTurnsExceeded",
    "OpenAIAgentsAdapter",
    "tool_spec",
    "trace_handler",
]
