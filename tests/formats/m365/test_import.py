"""Documents -> examples: threads as histories, expectations, categories, context and the ``m365`` extra."""

from __future__ import annotations

import pytest

from mb.entities import Example
from mb.formats.m365 import (
    M365DocumentError,
    document_to_examples,
    document_units,
    examples_to_document,
    import_m365,
    load_document,
    parse_document,
)

from .helpers import FIXTURES


def _m365(example: Example) -> dict:
    return example.model_extra["m365"]


def test_a_thread_of_three_turns_becomes_three_examples_with_growing_history() -> None:
    examples = import_m365(FIXTURES / "example-input-multiturn.json")
    assert len(examples) == 4
    single, first, second, third = examples
    assert single.inputs.message_dicts() == [{"role": "user", "content": "What is Microsoft Graph?"}]
    assert first.inputs.message_dicts() == [{"role": "user", "content": "I'm planning a trip to Seattle next week."}]
    assert third.inputs.message_dicts() == [
        {"role": "user", "content": "I'm planning a trip to Seattle next week."},
        {"role": "assistant", "content": "I can help you plan your Seattle trip."},
        {"role": "user", "content": "What's the weather going to be like?"},
        {"role": "assistant", "content": "Seattle weather is typically mild with possible rain."},
        {"role": "user", "content": "Should I bring a rain jacket?"},
    ]
    assert second.expectations.expected_response == "Seattle weather is typically mild with possible rain."
    assert [_m365(e).get("turn_index") for e in examples] == [None, 0, 1, 2]
    assert {_m365(e)["item_index"] for e in examples[1:]} == {1}
    assert _m365(third)["turn_count"] == 3
    assert _m365(third)["thread"] == {
        "name": "Travel planning conversation",
        "description": "Multi-turn thread testing context retention across turns",
    }
    assert _m365(third)["evaluators"] == {"Groundedness": {"threshold": 4}}
    assert _m365(third)["evaluators_mode"] == "extend"
    assert "evaluators" not in _m365(second)
    assert _m365(single)["document"] == {"default_evaluators": {"Relevance": {}, "Coherence": {}}}
    assert _m365(single)["source_version"] == "1.2.0"


def test_units_group_the_turns_of_each_item() -> None:
    units = document_units(load_document(FIXTURES / "complete-schema-example.json"))
    assert [len(unit) for unit in units] == [1, 2]


def test_category_context_and_older_fields() -> None:
    first, second = import_m365(FIXTURES / "categorized-v1.0.0.json")
    assert first.inputs.metadata is not None
    assert first.inputs.metadata.categories == {"category": "knowledge-base"}
    assert second.inputs.model_extra["context"] == "The user works in the Paris office."
    assert _m365(second)["fields"] == {
        "extensions": {"testId": "TOOL-001", "category": "tool-usage", "notes": "Regression test for bug #456"}
    }
    assert _m365(first)["document"] == {"description": "Q1 2026 release test suite"}


def test_a_thread_category_applies_to_each_turn() -> None:
    examples = import_m365(FIXTURES / "all-fields-v1.3.0.json")
    assert [e.inputs.metadata.categories for e in examples if e.inputs.metadata] == [
        {"category": "knowledge-base"},
        {"category": "policy"},
        {"category": "policy"},
    ]
    last = examples[-1]
    assert last.expectations.expected_response is None
    # A turn without expected response leaves an empty assistant message, keeping user/assistant pairs aligned.
    assert last.inputs.message_dicts()[1] == {"role": "assistant", "content": "The per-diem meal allowance is $200."}


def test_examples_survive_jsonl_serialization() -> None:
    for example in import_m365(FIXTURES / "all-fields-v1.3.0.json"):
        again = Example.model_validate_json(example.model_dump_json(exclude_none=True))
        assert again.model_extra == example.model_extra


def test_morganabench_data_in_extensions_is_restored() -> None:
    raw = {
        "schemaVersion": "1.7.0",
        "items": [
            {
                "prompt": "Book it",
                "extensions": {
                    "morganabench": {
                        "messages": [{"role": "system", "content": "You book rooms."}],
                        "tools": ["book"],
                        "assertions": [{"assert_that": "tool_called", "tool": "book", "parameters": []}],
                    },
                    "team": "x",
                },
            }
        ],
    }
    (example,) = document_to_examples(parse_document(raw))
    assert example.inputs.message_dicts() == [
        {"role": "system", "content": "You book rooms."},
        {"role": "user", "content": "Book it"},
    ]
    assert example.inputs.tools == ["book"]
    assert example.expectations.assertions[0].tool == "book"
    assert _m365(example)["fields"] == {"extensions": {"team": "x"}}


def test_microsofts_parallel_arrays_sample_shape_imports_one_example_per_prompt() -> None:
    raw = {
        "prompts": ["What is Microsoft Graph?", "Who are you?"],
        "expected_responses": ["The gateway to Microsoft 365 data.", "A helpful agent."],
    }
    loaded = parse_document(raw)
    assert loaded.legacy
    examples = document_to_examples(loaded)
    assert [e.inputs.message_dicts() for e in examples] == [
        [{"role": "user", "content": "What is Microsoft Graph?"}],
        [{"role": "user", "content": "Who are you?"}],
    ]
    assert [e.expectations.expected_response for e in examples] == [
        "The gateway to Microsoft 365 data.",
        "A helpful agent.",
    ]
    assert [_m365(e)["item_index"] for e in examples] == [0, 1]


def test_parallel_arrays_of_different_lengths_are_a_clear_error() -> None:
    with pytest.raises(M365DocumentError) as info:
        parse_document({"prompts": ["a", "b"], "expected_responses": ["x"]}, file="prompts.json")
    (problem,) = info.value.problems
    assert problem.path == "$.expected_responses"
    assert "1 expected response(s) for 2 prompt(s)" in problem.message


def test_parallel_prompts_without_expected_responses_import() -> None:
    examples = document_to_examples(parse_document({"prompts": ["Hello"]}))
    assert examples[0].inputs.message_dicts() == [{"role": "user", "content": "Hello"}]
    assert examples[0].expectations.expected_response is None


def test_a_1_11_document_with_allowed_tools_and_tags_imports() -> None:
    raw = {
        "schemaVersion": "1.11.0",
        "default_allowed_tools": ["calendar_find"],
        "items": [
            {"prompt": "When is my next meeting?", "tags": ["calendar"]},
            {"prompt": "Explain the MIT license.", "allowed_tools": ["docs_search"], "allowed_tools_mode": "extend"},
            {
                "name": "Thread",
                "tags": ["multi"],
                "turns": [{"prompt": "Find the docs.", "allowed_tools": [], "allowed_tools_mode": "replace"}],
            },
        ],
    }
    loaded = parse_document(raw)
    assert loaded.source_version == "1.11.0"
    single, scoped, turn = (_m365(e) for e in document_to_examples(loaded))
    assert single["fields"] == {"extensions": {"tags": ["calendar"]}}
    assert scoped["fields"]["extensions"] == {"allowed_tools": ["docs_search"], "allowed_tools_mode": "extend"}
    assert turn["fields"]["extensions"] == {"allowed_tools": [], "allowed_tools_mode": "replace"}
    assert turn["thread"]["extensions"] == {"tags": ["multi"]}
    assert single["document"] == {"default_allowed_tools": ["calendar_find"]}


def test_a_misspelt_field_of_a_newer_document_is_still_reported() -> None:
    with pytest.raises(M365DocumentError) as info:
        parse_document({"schemaVersion": "1.11.0", "items": [{"prompt": "Hi", "allowed_tool": ["x"]}]})
    assert [problem.path for problem in info.value.problems] == ["$.items[0].allowed_tool"]


def test_a_turn_without_an_expected_response_adds_no_made_up_reply_to_the_history() -> None:
    raw = {"schemaVersion": "1.7.0", "items": [{"turns": [{"prompt": "Hi."}, {"prompt": "And then?"}]}]}
    _, second = document_to_examples(parse_document(raw))
    assert second.inputs.message_dicts() == [
        {"role": "user", "content": "Hi."},
        {"role": "user", "content": "And then?"},
    ]


def test_an_empty_expected_response_is_none_and_exports_as_written() -> None:
    raw = {
        "schemaVersion": "1.2.0",
        "items": [
            {"prompt": "Thanks", "expected_response": ""},
            {"turns": [{"prompt": "Hi.", "expected_response": " "}, {"prompt": "Then?", "expected_response": "Ok."}]},
        ],
    }
    examples = document_to_examples(parse_document(raw))
    thanks, hi, then = examples
    assert thanks.expectations.expected_response is None
    assert hi.expectations.expected_response is None
    assert then.expectations.expected_response == "Ok."
    assert then.inputs.message_dicts() == [
        {"role": "user", "content": "Hi."},
        {"role": "user", "content": "Then?"},
    ]
    document = examples_to_document(examples).document
    assert document["items"] == raw["items"]


@pytest.mark.parametrize(
    ("items", "path"),
    [
        ([{"prompt": " \n\t"}], "$.items[0].prompt"),
        ([{"turns": [{"prompt": "Hi."}, {"prompt": "  "}]}], "$.items[0].turns[1].prompt"),
    ],
)
def test_a_prompt_of_white_space_is_refused_naming_file_item_and_field(items: list[dict], path: str) -> None:
    with pytest.raises(M365DocumentError) as info:
        document_to_examples(parse_document({"schemaVersion": "1.7.0", "items": items}, file="evals.json"))
    assert [problem.path for problem in info.value.problems] == [path]
    assert str(info.value).startswith(f"evals.json: {path}: ")
    assert "must not be empty" in str(info.value)


def test_misspelt_morganabench_data_in_extensions_is_refused_naming_file_item_and_key() -> None:
    search = [{"assert_that": "tool_called", "tool": "search"}]
    raw = {
        "schemaVersion": "1.2.0",
        "items": [
            {"prompt": "q1", "extensions": {"morganabench": {"asertions": search, "guideline": ["Be brief"]}}},
            {"prompt": "q2", "extensions": {"MorganaBench": {"assertions": search}}},
            {"turns": [{"prompt": "q3", "extensions": {"morganabench": {"expected_fact": ["Paris"]}}}]},
            {"prompt": "q4", "extensions": {"morganabench": {"assertions": search, "note": "kept"}}},
            {"prompt": "q5", "extensions": {"morganabench": {"line": ["q-5"]}}},  # the line's own fields: an object
        ],
    }
    with pytest.raises(M365DocumentError) as info:
        document_to_examples(parse_document(raw, file="evals.json"))
    assert [problem.path for problem in info.value.problems] == [
        "$.items[0].extensions.morganabench.asertions",
        "$.items[0].extensions.morganabench.guideline",
        "$.items[1].extensions.MorganaBench",
        "$.items[2].turns[0].extensions.morganabench.expected_fact",
        "$.items[4].extensions.morganabench.line",
    ]
    message = str(info.value)
    assert message.startswith("evals.json: $.items[0].extensions.morganabench.asertions: ")
    for meant in ("assertions", "guidelines", "expected_facts"):
        assert f'did you mean "{meant}"?' in message
    assert 'MorganaBench: not read (MorganaBench data is read from "morganabench" alone); did you mean it?' in message


def test_morganabench_data_where_it_is_not_read_is_refused_naming_file_and_key() -> None:
    search = [{"assert_that": "tool_called", "tool": "search"}]
    raw = {
        "schemaVersion": "1.7.0",
        "items": [
            {"prompt": "q1", "extensions": {"morganabench": {"expected_response": "Paris"}}},
            {"turns": [{"prompt": "q2", "extensions": {"morganabench": {"expected_output": "Lyon"}}}]},
            {
                "extensions": {"morganabench": {"assertions": search, "tools": ["search"], "note": "kept"}},
                "turns": [{"prompt": "q3"}, {"prompt": "q4"}],
            },
            {"extensions": {"MorganaBench": {"guidelines": ["Be brief"]}}, "turns": [{"prompt": "q5"}]},
        ],
    }
    with pytest.raises(M365DocumentError) as info:
        document_to_examples(parse_document(raw, file="evals.json"))
    assert [problem.path for problem in info.value.problems] == [
        "$.items[0].extensions.morganabench.expected_response",
        "$.items[1].turns[0].extensions.morganabench.expected_output",
        "$.items[2].extensions.morganabench.assertions",
        "$.items[2].extensions.morganabench.tools",
        "$.items[3].extensions.MorganaBench",
    ]
    problems = [problem.message for problem in info.value.problems]
    assert all('the "expected_response" field of the item or turn' in why for why in problems[:2])
    assert all("not read on a thread" in why for why in problems[2:4])


def test_morganabench_data_beside_the_morganabench_object_or_on_the_document_is_refused() -> None:
    search = [{"assert_that": "tool_called", "tool": "search"}]
    raw = {
        "schemaVersion": "1.7.0",
        "metadata": {"extensions": {"morganabench": {"judge": "lexical", "guidelines": ["Be brief"]}}},
        "extensions": {"morganabench": {"assertions": search}},
        "items": [
            {"prompt": "q1", "extensions": {"morganabench": search}},
            {"prompt": "q2", "extensions": {"assertions": search, "guidelines": [], "notes": "kept"}},
            {"prompt": "q3", "extensions": {"expected_facts": ["Paris"], "expected_response": "Paris"}},
        ],
    }
    with pytest.raises(M365DocumentError) as info:
        document_to_examples(parse_document(raw, file="evals.json"))
    assert [(problem.path, problem.message.split(":")[0]) for problem in info.value.problems] == [
        ("$.extensions.morganabench.assertions", "not read on the document"),
        ("$.metadata.extensions.morganabench.guidelines", "not read on the document"),
        ("$.items[0].extensions.morganabench", "not read"),
        (
            "$.items[1].extensions.assertions",
            'names an expectation ("assertions"), not read outside extensions.morganabench',
        ),
        (
            "$.items[2].extensions.expected_facts",
            'names an expectation ("expected_facts"), not read outside extensions.morganabench',
        ),
        ("$.items[2].extensions.expected_response", "not read"),
    ]
    assert "MorganaBench data is an object" in info.value.problems[2].message
    assert '"expected_response" field of the item or turn' in info.value.problems[5].message


def test_an_expectation_on_a_thread_or_the_document_or_beside_morganabench_is_refused() -> None:
    search = [{"assert_that": "tool_called", "tool": "search"}]
    raw = {
        "schemaVersion": "1.7.0",
        "assertions": search,
        "extensions": {"assertions": search},
        "items": [
            {
                "extensions": {"expected_response": "Paris"},
                "turns": [{"prompt": "q1", "extensions": {"Guidelines": "Contoso style guide v2"}}],
            },
            {"prompt": "q2", "extensions": {"morganabench": {"expectations": {"assertions": search}}}},
            {"prompt": "q3", "extensions": {"ground_truth": "Paris", "notes": "kept", "guidelines": []}},
        ],
    }
    with pytest.raises(M365DocumentError) as info:
        document_to_examples(parse_document(raw, file="evals.json"))
    assert [(problem.path, problem.message.split(",")[0]) for problem in info.value.problems] == [
        ("$.assertions", 'names an expectation ("assertions")'),
        ("$.extensions.assertions", 'names an expectation ("assertions")'),
        (
            "$.items[0].extensions.expected_response",
            'not read: the expected response is the "expected_response" field of the item or turn',
        ),
        ("$.items[0].turns[0].extensions.Guidelines", 'names an expectation ("guidelines")'),
        ("$.items[1].extensions.morganabench.expectations", '"expectations" nests expectations'),
        (
            "$.items[2].extensions.ground_truth",
            'not read: the expected response is the "expected_response" field of the item or turn',
        ),
    ]
