"""Adapters need their framework only when used, and say which extra to install when it is missing."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from mb.runner.adapters import langgraph as langgraph_adapter
from mb.runner.adapters import openai_agents


@pytest.fixture
def fresh_handler_class() -> Iterator[None]:
    langgraph_adapter._handler_class.cache_clear()
    yield
    langgraph_adapter._handler_class.cache_clear()


def test_the_openai_agents_adapter_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "agents", None)  # as if the package were not installed
    with pytest.raises(ImportError, match=r"pip install '/path/to/morganabench\[openai-agents\]'"):
        openai_agents.OpenAIAgentsAdapter(object())


@pytest.mark.usefixtures("fresh_handler_class")
def test_the_langgraph_adapter_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "langchain_core.callbacks", None)
    with pytest.raises(ImportError, match=r"pip install '/path/to/morganabench\[langgraph\]'"):
        langgraph_adapter.trace_handler()
    with pytest.raises(ImportError, match=r"pip install '/path/to/morganabench\[langgraph\]'"):
        langgraph_adapter.LangGraphAdapter(object())
