"""Reading documents: versions 1.0-1.7 and legacy arrays, upgrade to the 1.7.0 shape, precise errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mb.formats.m365 import (
    SCHEMA_VERSION,
    M365DocumentError,
    document_schema,
    document_to_examples,
    load_document,
    parse_document,
    schema_problems,
    upgrade_document,
)

from .helpers import FIXTURES, assert_valid_1_7, fixture

PUBLISHED_SCHEMA = Path(__file__).resolve().parents[4] / "shared" / "spec" / "m365" / "eval-document.schema.v1.7.0.json"


def test_the_shipped_schema_is_the_published_one() -> None:
    if not PUBLISHED_SCHEMA.is_file():
        pytest.skip("the published specification is not beside the repository")
    assert document_schema() == json.loads(PUBLISHED_SCHEMA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.json")))
def test_every_fixture_loads_and_its_upgrade_is_valid_under_1_7(name: str) -> None:
    loaded = load_document(FIXTURES / name)
    assert loaded.document["schemaVersion"] == SCHEMA_VERSION
    assert_valid_1_7(loaded.document)


def test_older_item_fields_move_to_extensions_unchanged() -> None:
    loaded = load_document(FIXTURES / "all-fields-v1.3.0.json")
    first, thread = loaded.document["items"]
    assert "testId" not in first
    assert "name" not in first
    assert first["extensions"] == {
        "com.contoso.difficulty": "easy",
        "testId": "AUTH-1",
        "category": "knowledge-base",
        "notes": "linked to bug #12",
        "name": "Auth question",
    }
    # A thread keeps its own name, description and conversation_id (1.7.0 fields); category moves.
    assert thread["name"] == "Expense thread"
    assert thread["conversation_id"] == "conv-42"
    assert thread["extensions"] == {"com.contoso.area": "finance", "category": "policy"}
    assert thread["turns"][0]["extensions"] == {"testId": "EXP-1"}
    assert loaded.source_version == "1.3.0"
    assert not loaded.legacy
    assert "$.items[0].testId moved to $.items[0].extensions.testId" in loaded.changes


def test_a_legacy_array_is_wrapped_and_flagged() -> None:
    raw = fixture("legacy-array.json")
    loaded = parse_document(raw)
    assert loaded.legacy
    assert loaded.source_version is None
    assert loaded.document["items"][1]["extensions"] == {"testId": "BUG-456", "notes": "Regression test for bug #456"}
    assert raw[1]["testId"] == "BUG-456", "the input is not modified"


def test_an_object_without_schema_version_is_legacy_too() -> None:
    loaded = parse_document({"items": [{"prompt": "hi"}]})
    assert loaded.legacy
    assert loaded.document["schemaVersion"] == SCHEMA_VERSION


def _problems(raw: Any) -> list[str]:
    with pytest.raises(M365DocumentError) as caught:
        parse_document(raw, file="evals.json")
    return str(caught.value).splitlines()


def test_errors_name_the_file_and_the_json_path() -> None:
    lines = _problems({"schemaVersion": "1.2.0", "items": [{"prompt": "a"}, {"prompt": "b", "expected_respons": "x"}]})
    assert len(lines) == 1
    assert (
        lines[0]
        == "evals.json: $.items[1].expected_respons: field not allowed here (did you mean 'expected_response'?)"
    )


def test_errors_in_a_legacy_array_use_the_array_paths() -> None:
    assert _problems([{"prompt": "ok"}, {"prompt": ""}]) == ["evals.json: $[1].prompt: must not be empty"]


def test_thread_errors_point_into_the_turn() -> None:
    lines = _problems({"schemaVersion": "1.2.0", "items": [{"turns": [{"prompt": "a", "evaluators_mode": "merge"}]}]})
    assert lines == [
        "evals.json: $.items[0].turns[0].evaluators_mode: expected one of 'extend', 'replace', got 'merge'"
    ]


def test_evaluator_option_errors_point_at_the_option() -> None:
    lines = _problems(
        {"schemaVersion": "1.2.0", "items": [{"prompt": "a", "evaluators": {"Relevance": {"threshold": 9}}}]}
    )
    assert lines == ["evals.json: $.items[0].evaluators.Relevance.threshold: 9 is greater than the maximum of 5"]


def test_an_item_with_both_prompt_and_turns_is_rejected_clearly() -> None:
    lines = _problems({"schemaVersion": "1.2.0", "items": [{"prompt": "a", "turns": [{"prompt": "b"}]}]})
    assert lines == [
        "evals.json: $.items[0]: an item has either 'prompt' (a single-turn evaluation) or 'turns' (a thread), not both"
    ]


def test_a_missing_prompt_is_reported() -> None:
    assert _problems({"schemaVersion": "1.0.0", "items": [{"expected_response": "x"}]}) == [
        "evals.json: $.items[0].prompt: required field is missing"
    ]


def test_a_value_of_the_wrong_type_is_named_with_its_type() -> None:
    problems = {
        str(value): [p.message for p in schema_problems({"schemaVersion": "1.7.0", "items": [{"prompt": value}]})]
        for value in (5, 2.5, True, None, [1], {"a": 1})
    }
    assert problems == {
        "5": ["expected a string, got an integer (5)"],
        "2.5": ["expected a string, got a number (2.5)"],
        "True": ["expected a string, got a boolean (true)"],
        "None": ["expected a string, got null"],
        "[1]": ["expected a string, got an array"],
        "{'a': 1}": ["expected a string, got an object"],
    }


def test_unsupported_major_version_and_wrong_top_level() -> None:
    assert _problems({"schemaVersion": "2.0.0", "items": [{"prompt": "a"}]}) == [
        "evals.json: $.schemaVersion: unsupported schema version '2.0.0': MorganaBench reads 1.x documents"
    ]
    for version in ("1.x", "1.7.0garbage", "1.7", "1.7.0\n", "1.\u0667.0"):  # the schema's pattern, ASCII digits
        assert _problems({"schemaVersion": version, "items": [{"prompt": "a"}]}) == [
            f"evals.json: $.schemaVersion: expected a version 1.MINOR.PATCH such as '1.7.0', got {version!r}"
        ]
    assert _problems("hello") == [
        "evals.json: $: expected an object with schemaVersion and items, or an array of items; got a string"
    ]
    assert _problems({"schemaVersion": "1.2.0", "items": []}) == ["evals.json: $.items: needs at least 1 entry"]


def test_conflicting_values_in_extensions_are_not_overwritten() -> None:
    upgrade = upgrade_document(
        {"schemaVersion": "1.0.0", "items": [{"prompt": "a", "testId": "A", "extensions": {"testId": "B"}}]}
    )
    assert [p.path for p in upgrade.problems] == ["$.items[0].testId"]


def test_invalid_json_names_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_text('{"schemaVersion": "1.2.0",\n "items": [}\n', encoding="utf-8")
    with pytest.raises(M365DocumentError) as caught:
        load_document(path)
    assert str(caught.value).startswith(f"{path}: $: invalid JSON: ")
    assert "line 2 column 12" in str(caught.value)


def test_a_jsonl_file_is_recognised_as_such(tmp_path: Path) -> None:
    path = tmp_path / "evals.jsonl"
    path.write_text('{"prompt": "a"}\n{"prompt": "b"}\n', encoding="utf-8")
    with pytest.raises(M365DocumentError) as caught:
        load_document(path)
    assert "looks like JSONL (one JSON value per line)" in str(caught.value)


def test_a_misspelt_field_gets_a_suggestion() -> None:
    assert _problems({"schemaVersion": "1.7.0", "itemz": [{"prompt": "a"}]})[0] == (
        "evals.json: $.items: required field is missing ('itemz' is there: did you mean 'items'?)"
    )


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (
            {"schemaVersion": "1.7.0", "default_evaluator": {"ExactMatch": {}}, "items": [{"prompt": "a"}]},
            "$.default_evaluator: not read (did you mean 'default_evaluators'?)",
        ),
        (
            {"prompts": ["a"], "expected_response": ["x"]},
            "$.expected_response: not read (did you mean 'expected_responses'?)",
        ),
        (
            {"schema_version": "1.7.0", "items": [{"prompt": "a"}]},
            "$.schema_version: not read (did you mean 'schemaVersion'?)",
        ),
    ],
)
def test_a_misspelt_top_level_field_kept_as_data_is_refused(raw: dict[str, Any], problem: str) -> None:
    assert _problems(raw) == [f"evals.json: {problem}"]


def test_other_top_level_fields_are_kept_as_data() -> None:
    kept = {"owner": "me", "schema": "contoso-v2", "metadata_v2": {"owner": "me"}, "descripton": "my set"}
    raw = {"schemaVersion": "1.7.0", **kept, "items": [{"prompt": "a"}]}
    (example,) = document_to_examples(parse_document(raw))  # close to $schema, metadata, description: no matter
    assert example.model_extra["m365"]["document"] == kept


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"schemaVersion": "1.0.0", "items": [{"prompt": "a"}]}).encode())
    assert load_document(path).document["items"] == [{"prompt": "a"}]


def test_score_problems_follow_the_variant_meant() -> None:
    document = {
        "schemaVersion": "1.7.0",
        "items": [
            {"prompt": "a", "scores": {"relevance": {"score": 7, "result": "pass", "threshold": 3}}},
            {"prompt": "b", "scores": {"coherence": {"result": "error"}}},
        ],
    }
    assert [(p.path, p.message) for p in schema_problems(document)] == [
        ("$.items[0].scores.relevance.score", "7 is greater than the maximum of 5"),
        ("$.items[1].scores.coherence.error", "required field is missing"),
    ]
