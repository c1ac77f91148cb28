"""How the runner calls an agent: what it passes, sync or async, and what it accepts back."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import pytest

from mb.entities import Citation, Inputs, Outputs, RetrievalResult, RetrievalResults
from mb.runner import AgentOutputError, CallableAgent, current_user_time, to_outputs

INPUTS = Inputs.model_validate(
    {
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "hello"},
            {"role": "user", "content": "book it"},
        ],
        "tools": ["calendar"],
    }
)
WHEN = datetime(2024, 2, 1, 9, 15, tzinfo=UTC)


def call(agent: CallableAgent) -> Any:
    return anyio.run(lambda: agent(INPUTS, user_time=WHEN))


def test_an_inputs_annotation_gets_the_inputs_model() -> None:
    def agent(inputs: Inputs) -> str:
        assert isinstance(inputs, Inputs)
        return inputs.messages[-1].content

    wrapped = CallableAgent(agent)
    assert wrapped.wants_inputs
    assert call(wrapped) == "book it"


def test_a_string_annotation_naming_inputs_is_resolved() -> None:
    # This module uses `from __future__ import annotations`: annotations are strings until resolved.
    def agent(inputs: Inputs | None) -> str:
        return type(inputs).__name__

    assert call(CallableAgent(agent)) == "Inputs"


@pytest.mark.parametrize("annotation", ["list", "untyped"])
def test_other_first_parameters_get_the_message_dicts(annotation: str) -> None:
    seen: list[Any] = []

    def typed(messages: list[dict[str, str]]) -> str:
        seen.append(messages)
        return "ok"

    def untyped(messages):  # type: ignore[no-untyped-def]
        seen.append(messages)
        return "ok"

    call(CallableAgent(typed if annotation == "list" else untyped))
    assert seen == [
        [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "hello"},
            {"role": "user", "content": "book it"},
        ]
    ]


def test_the_input_kind_can_be_forced() -> None:
    def agent(conversation):  # type: ignore[no-untyped-def]
        return type(conversation).__name__

    assert call(CallableAgent(agent, agent_input="inputs")) == "Inputs"

    def typed(conversation: Inputs) -> str:
        return type(conversation).__name__

    assert call(CallableAgent(typed, agent_input="messages")) == "list"


def test_tools_and_user_time_are_passed_only_to_agents_that_declare_them() -> None:
    received: dict[str, Any] = {}

    def declares(messages: list[dict[str, str]], *, tools: list[str] | None = None, user_time: datetime) -> str:
        received.update(tools=tools, user_time=user_time)
        return "ok"

    def plain(messages: list[dict[str, str]]) -> str:  # would fail if given keywords
        return "ok"

    def catch_all(messages: list[dict[str, str]], **options: Any) -> str:
        received.update(options=options)
        return "ok"

    call(CallableAgent(declares))
    assert received == {"tools": ["calendar"], "user_time": WHEN}
    assert call(CallableAgent(plain)) == "ok"
    call(CallableAgent(catch_all))
    assert received["options"] == {"tools": ["calendar"], "user_time": WHEN}


def test_tools_is_none_when_the_example_does_not_restrict_tools() -> None:
    def agent(inputs: Inputs, tools: list[str] | None = ["sentinel"]) -> str:  # noqa: B006
        return repr(tools)

    unrestricted = Inputs.model_validate({"messages": [{"role": "user", "content": "x"}]})
    assert anyio.run(lambda: CallableAgent(agent)(unrestricted, user_time=WHEN)) == "None"


def test_no_agent_runs_on_the_thread_of_the_run_s_event_loop() -> None:
    threads: list[str] = []

    async def async_agent(messages: list[dict[str, str]]) -> str:
        threads.append(threading.current_thread().name)
        return "async"

    def sync_agent(messages: list[dict[str, str]]) -> str:
        threads.append(threading.current_thread().name)
        return "sync"

    assert CallableAgent(async_agent).is_async
    assert not CallableAgent(sync_agent).is_async
    assert call(CallableAgent(async_agent)) == "async"
    assert call(CallableAgent(sync_agent)) == "sync"
    assert threading.main_thread().name not in threads  # an agent blocking its thread cannot stop the run's clock


def test_agents_see_the_context_of_their_caller() -> None:
    from contextvars import ContextVar

    seen: ContextVar[str] = ContextVar("seen", default="unset")

    async def async_agent(messages: list[dict[str, str]]) -> str:
        return f"{seen.get()} {current_user_time() == WHEN}"

    def sync_agent(messages: list[dict[str, str]]) -> str:
        return f"{seen.get()} {current_user_time() == WHEN}"

    async def caller(agent: CallableAgent) -> Any:
        seen.set("set by the caller")  # as a tracing library sets its current span
        return await agent(INPUTS, user_time=WHEN)

    for function in (async_agent, sync_agent):
        assert anyio.run(caller, CallableAgent(function)) == "set by the caller True"


def test_callable_instances_with_async_call_are_awaited() -> None:
    class Agent:
        async def __call__(self, inputs: Inputs) -> str:
            return f"{len(inputs.messages)} messages"

    wrapped = CallableAgent(Agent())
    assert wrapped.is_async
    assert wrapped.wants_inputs
    assert call(wrapped) == "3 messages"


def test_current_user_time_is_visible_inside_sync_and_async_agents() -> None:
    def sync_agent(messages: list[dict[str, str]]) -> str:
        return str(current_user_time())

    async def async_agent(messages: list[dict[str, str]]) -> str:
        return str(current_user_time())

    assert call(CallableAgent(sync_agent)) == str(WHEN)
    assert call(CallableAgent(async_agent)) == str(WHEN)
    assert current_user_time() is None


def test_an_agent_without_a_positional_parameter_is_refused() -> None:
    def agent(*, inputs: Inputs) -> str:
        return ""

    with pytest.raises(TypeError, match="first positional argument"):
        CallableAgent(agent)


def test_a_string_becomes_the_response() -> None:
    assert to_outputs("Paris.") == Outputs(response="Paris.")


def test_a_dict_is_read_as_the_json_form_of_outputs() -> None:
    assert to_outputs({"response": "x"}) == Outputs(response="x")


@pytest.mark.parametrize("garbage", [None, 42, ["x"]])
def test_anything_but_outputs_or_str_is_an_output_error(garbage: object) -> None:
    with pytest.raises(AgentOutputError, match=f"returned {type(garbage).__name__}"):
        to_outputs(garbage)


def test_outputs_changed_after_validation_are_checked_again() -> None:
    outputs = Outputs(response="Paris is the capital.")
    outputs.citations = [Citation(document_id="doc_9", span_from=0, span_to=5)]  # no retriever event returned doc_9
    with pytest.raises(AgentOutputError, match=r"\$\.outputs\.citations\[0\]\.document_id: .*doc_9"):
        to_outputs(outputs)


def test_outputs_built_without_validation_are_checked() -> None:
    with pytest.raises(AgentOutputError, match=r"\$\.outputs\.response"):
        to_outputs(Outputs.model_construct(response=None, trace=[]))


def test_outputs_whose_extra_fields_are_not_json_are_an_output_error() -> None:
    with pytest.raises(AgentOutputError, match="cannot be written as JSON"):
        to_outputs(Outputs(response="x", handle=object()))


def test_valid_outputs_are_kept_with_their_extra_fields() -> None:
    chunk = RetrievalResult(id="d1", page_content="Paris is the capital of France.")
    outputs = Outputs(
        response="Paris.",
        trace=[RetrievalResults(outputs=[chunk])],
        citations=[Citation(document_id="d1", span_from=0, span_to=6)],
        usage={"input_tokens": 3, "output_tokens": 2, "total_tokens": 5},
    )
    checked = to_outputs(outputs)
    assert checked == outputs
    assert checked is not outputs
    assert checked.model_extra == {"usage": {"input_tokens": 3, "output_tokens": 2, "total_tokens": 5}}


def test_a_user_module_named_agents_is_not_mistaken_for_the_agents_sdk(tmp_path: Path) -> None:
    import subprocess
    import sys

    (tmp_path / "agents.py").write_text("def answer(messages):\n    return 'hi ' + messages[-1]['content']\n")
    script = (
        "import agents\n"  # the user's module, not the Agents SDK, now owns the name
        "from mb.runner import as_agent\n"
        "agent = as_agent('agents.py:answer')\n"
        "print(type(agent.function).__name__)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "function"
