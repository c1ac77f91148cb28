"""``mb runevals``: discovery, the starter offer, inline and interactive prompts, legacy upgrade, report formats."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import mb.evaluation
from mb.cli import main

from .demo_agents import FakeJudge
from .helpers import FIXTURES, assert_valid_1_7

AGENTS = Path(__file__).with_name("demo_agents.py")
ECHO = f"{AGENTS}:echo"
FLAKY = f"{AGENTS}:flaky"


@pytest.fixture(autouse=True)
def _fake_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every judge name resolves to the deterministic fake LLM judge."""
    monkeypatch.setattr(mb.evaluation, "resolve_judge", lambda judge, **_options: FakeJudge())


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, ["runevals", *args], input=stdin, catch_exceptions=False)


def _copy(name: str, target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURES / name, target)
    return target


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_discovered_dataset_runs_and_the_default_report_is_html(workdir: Path) -> None:
    _copy("complete-schema-example.json", workdir / "evals.json")
    _copy("categorized-v1.0.0.json", workdir / "evals" / "evals.json")
    result = _run("--agent", ECHO)
    assert result.exit_code == 0, result.output
    assert "using evals.json" in result.stderr
    (report,) = (workdir / "evals").glob("*.html")
    assert report.name[:8].isdigit()
    assert report.name.endswith(".html")
    page = report.read_text(encoding="utf-8")
    assert "I spent $250 on dinner" in page
    assert "company mission" not in page
    assert "2 item(s) (1 thread(s), 3 prompt(s) in all)" in result.stderr


def test_the_complete_schema_example_is_scored_by_its_evaluators(workdir: Path) -> None:
    dataset = _copy("complete-schema-example.json", workdir / "evals.json")
    result = _run("--prompts-file", str(dataset), "--agent", ECHO, "-o", "out.json")
    assert result.exit_code == 0, result.output
    document = _json(workdir / "out.json")
    assert_valid_1_7(document)
    single, thread = document["items"]
    assert set(single["scores"]) == {"relevance", "coherence", "citations"}
    assert single["scores"]["citations"]["count"] == 0  # its marker [1] points at no retrieved chunk
    assert single["scores"]["citations"]["result"] == "fail"
    assert single["scores"]["citations"]["format"] == "mixed"
    assert single["scores"]["relevance"] == {
        "score": 5.0,
        "result": "pass",
        "threshold": 3.0,
        "reason": "relevance 5/5: fake relevance verdict",
        "evaluator": "morganabench.relevance",
        "judge": "fake-llm",
    }
    assert single["status"] == "fail"
    first, second = thread["turns"]
    assert set(first["scores"]) == {"relevance", "coherence"}
    assert set(second["scores"]) == {"exactMatch"}, "replace mode: only ExactMatch"
    assert second["response"] == "Request manager approval. (turn 2)", "the turn received its history"
    assert second["scores"]["exactMatch"]["match"] is False, "the expected response and more is not an exact match"
    assert thread["summary"]["turns_total"] == 2
    metadata = document["metadata"]
    assert metadata["agentName"].endswith(":echo")
    assert metadata["cliVersion"] == mb.__version__
    assert metadata["extensions"]["morganabench"]["judge"] == "fake-llm"


def test_a_failed_turn_skips_the_rest_of_its_thread(workdir: Path) -> None:
    _copy("example-input-multiturn.json", workdir / "evals" / "tests.json")
    result = _run("--agent", FLAKY, "-o", "out.json")
    assert result.exit_code == 0, result.output
    document = _json(workdir / "out.json")
    assert_valid_1_7(document)
    single, thread = document["items"]
    assert single["status"] == "pass"
    first, second, third = thread["turns"]
    assert first["status"] == "pass"
    assert second["error"] == {
        "code": "agentRequestFailed",
        "message": "Agent request failed: ConnectionError: HTTP 503 Service Unavailable",
    }
    assert third["error"]["code"] == "turnSkipped"
    assert third["response"] == ""
    assert thread["summary"] == {
        "turns_total": 3,
        "turns_passed": 1,
        "turns_failed": 0,
        "turns_partial": 0,
        "turns_errored": 2,
        "overall_status": "error",
    }


def test_inline_prompts_with_expected_responses(workdir: Path) -> None:
    result = _run(
        "--prompts", "What is Teams?", "What is SharePoint?",
        "--expected", "Teams is a collaboration platform", "SharePoint is a content management system",
        "--agent", ECHO, "-o", "inline.json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    document = _json(workdir / "inline.json")
    assert_valid_1_7(document)
    assert [(i["prompt"], i["expected_response"]) for i in document["items"]] == [
        ("What is Teams?", "Teams is a collaboration platform"),
        ("What is SharePoint?", "SharePoint is a content management system"),
    ]
    assert document["items"][1]["response"] == "You said: What is SharePoint?"
    assert all(set(item["scores"]) == {"relevance", "coherence"} for item in document["items"])
    assert not (workdir / "evals").exists(), "no dataset file is created for inline prompts"


def test_inline_prompts_need_as_many_expected_responses(workdir: Path) -> None:
    result = _run("--prompts", "a", "b", "--expected", "x", "--agent", ECHO)
    assert result.exit_code == 2
    assert "--expected gives 1 response(s) for 2 prompt(s)" in result.output


@pytest.mark.parametrize("option", ["--prompts", "--expected"])
def test_inline_text_that_is_not_utf8_is_a_usage_error(workdir: Path, option: str) -> None:
    garbled = b"caf\xe9".decode("utf-8", "surrogateescape")  # how Python passes on a Latin-1 argument
    args = (
        ["--prompts", garbled, "--expected", "x"]
        if option == "--prompts"
        else ["--prompts", "a", "--expected", garbled]
    )
    result = _run(*args, "--agent", ECHO, "-o", "report.json")
    assert result.exit_code == 2
    assert f"{option}: argument 1 is not UTF-8 text" in result.output
    assert not (workdir / "report.json").exists()


def test_a_legacy_file_that_cannot_be_backed_up_is_left_untouched(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dataset = _copy("legacy-array.json", workdir / "tests.json")
    original = dataset.read_bytes()

    def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shutil, "copy2", full_disk)
    result = _run("--agent", ECHO, "-o", "report.csv")
    assert result.exit_code == 2
    assert "cannot upgrade the legacy file in place: No space left on device" in result.output
    assert dataset.read_bytes() == original
    assert not (workdir / "report.csv").exists()


def test_a_legacy_file_is_upgraded_in_place_with_a_backup(workdir: Path) -> None:
    dataset = _copy("legacy-array.json", workdir / "tests.json")
    original = dataset.read_bytes()
    result = _run("--agent", ECHO, "-o", "report.csv")
    assert result.exit_code == 0, result.output
    (backup,) = workdir.glob("tests.json.bak.*")
    assert len(backup.name.removeprefix("tests.json.bak.")) == 14
    assert backup.name[-14:].isdigit()
    assert backup.read_bytes() == original
    upgraded = _json(dataset)
    assert_valid_1_7(upgraded)
    assert upgraded["items"][1]["extensions"]["testId"] == "BUG-456"
    rows = list(csv.DictReader(io.StringIO((workdir / "report.csv").read_text(encoding="utf-8-sig"))))
    assert [row["prompt"] for row in rows] == ["Your test prompt here", "Issue that was previously broken"]
    assert rows[1]["name"] == "BUG-456"
    assert rows[0]["relevance_result"] in ("pass", "fail")
    assert "legacy" in result.stderr
    assert backup.name in result.stderr


@pytest.mark.parametrize(("name", "check"), [("r.json", "{"), ("r.csv", "\ufeffitem,"), ("r.htm", "<!doctype html>")])
def test_the_report_format_follows_the_extension(workdir: Path, name: str, check: str) -> None:
    result = _run("--prompts", "What is Teams?", "--agent", ECHO, "--output", name)
    assert result.exit_code == 0, result.output
    assert (workdir / name).read_text(encoding="utf-8").startswith(check)


def test_an_unknown_report_extension_is_a_usage_error(workdir: Path) -> None:
    result = _run("--prompts", "hi", "--agent", ECHO, "-o", "report.txt")
    assert result.exit_code == 2
    assert "unknown report format" in result.output


def test_starter_offer_accepted_in_a_terminal(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mb.cli.runevals._stdin_is_interactive", lambda: True)
    result = _run(stdin="\n")
    assert result.exit_code == 0, result.output
    assert "No prompts file found in current directory or ./evals/" in result.output
    assert "Create a starter evals file with sample prompts? (Y/n)" in result.output
    starter = workdir / "evals" / "evals.json"
    assert_valid_1_7(_json(starter))


def test_starter_offer_declined(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mb.cli.runevals._stdin_is_interactive", lambda: True)
    result = _run(stdin="n\n")
    assert result.exit_code == 2
    assert not (workdir / "evals").exists()


def test_without_a_terminal_no_dataset_is_a_clear_error(workdir: Path) -> None:
    result = _run("--agent", ECHO)
    assert result.exit_code == 2
    assert "Create a starter" not in result.output
    assert "no dataset to run: pass --prompts-file FILE" in result.stderr
    assert not (workdir / "evals").exists()


def test_interactive_loop_until_an_empty_line(workdir: Path) -> None:
    result = _run(
        "--interactive", "--agent", ECHO, "-o", "session.json", stdin="What is Teams?\nhello there\n\nignored\n"
    )
    assert result.exit_code == 0, result.output
    assert "response: Teams is a collaboration platform." in result.stdout
    assert "response: You said: hello there" in result.stdout
    assert "pass: relevance 5 pass, coherence 4 pass" in result.stdout
    assert "ignored" not in result.stdout
    document = _json(workdir / "session.json")
    assert_valid_1_7(document)
    assert [item["prompt"] for item in document["items"]] == ["What is Teams?", "hello there"]


def test_interactive_loop_ends_at_end_of_input(workdir: Path) -> None:
    result = _run("--interactive", "--agent", ECHO, stdin="What is Teams?")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("response:") == 1
    assert not list(workdir.iterdir()), "no report without --output"


def test_an_errored_evaluator_makes_the_item_partial(workdir: Path) -> None:
    result = _run("--prompts", "JUDGE-FAIL please", "--agent", ECHO, "-o", "r.json")
    assert result.exit_code == 0, result.output
    (item,) = _json(workdir / "r.json")["items"]
    assert item["status"] == "partial"
    assert item["scores"]["relevance"] == {
        "result": "error",
        "error": "Evaluator failed: the fake-llm judge failed: connection timeout to the judge endpoint",
    }
    assert item["error"]["message"] == "Agent response obtained. 2 of 2 evaluators failed to run."


def test_usage_and_content_errors(workdir: Path) -> None:
    missing_agent = _run("--prompts", "hi")
    assert missing_agent.exit_code == 2
    assert "--agent is required" in missing_agent.output
    bad_agent = _run("--prompts", "hi", "--agent", "no_such_module_here:agent")
    assert bad_agent.exit_code == 2
    assert "cannot load the agent" in bad_agent.stderr
    (workdir / "evals.json").write_text('{"schemaVersion": "1.2.0", "items": [{"prompt": ""}]}', encoding="utf-8")
    invalid = _run("--agent", ECHO)
    assert invalid.exit_code == 1
    assert "error: evals.json: $.items[0].prompt: must not be empty" in invalid.stderr
    both = _run("--prompts", "hi", "--interactive", "--agent", ECHO)
    assert both.exit_code == 2
    absent = _run("--prompts-file", "nope.json", "--agent", ECHO)
    assert absent.exit_code == 2
    assert "nope.json: no such file" in absent.output
    (workdir / "folder").mkdir()
    folder = _run("--prompts-file", "folder", "--agent", ECHO)
    assert folder.exit_code == 2
    assert "folder: not a file" in folder.output


def test_a_dataset_that_does_not_convert_is_invalid_and_left_untouched(workdir: Path) -> None:
    current = workdir / "evals.json"
    current.write_text('{"schemaVersion": "1.2.0", "items": [{"prompt": "  "}]}', encoding="utf-8")
    invalid = _run("--agent", ECHO, "-o", "r.json")
    assert invalid.exit_code == 1
    assert "error: evals.json: $.items[0].prompt: only white space" in invalid.stderr
    current.unlink()
    legacy = workdir / "tests.json"
    legacy.write_text('[{"prompt": "hi", "extensions": {"morganabench": {"asertions": [1]}}}]', encoding="utf-8")
    original = legacy.read_bytes()
    refused = _run("--agent", ECHO, "-o", "r.json")
    assert refused.exit_code == 1
    assert 'unknown key "asertions"' in refused.stderr
    assert legacy.read_bytes() == original
    assert not list(workdir.glob("tests.json.bak.*"))
    assert not (workdir / "r.json").exists()
    inline = _run("--prompts", " ", "--agent", ECHO)
    assert inline.exit_code == 2
    assert "--prompts[0].prompt: only white space" in inline.output


def test_prompt_options_take_several_values_or_the_equals_form(workdir: Path) -> None:
    empty = _run("--prompts", "--agent", ECHO)
    assert empty.exit_code == 2
    assert "--prompts needs at least one value" in empty.output
    result = _run("--prompts=What is Teams?", "--expected=Teams", "-a", ECHO, "-o", "one.json")
    assert result.exit_code == 0, result.output
    (item,) = _json(workdir / "one.json")["items"]
    assert (item["prompt"], item["expected_response"]) == ("What is Teams?", "Teams")


def test_a_discovered_file_with_parallel_prompt_arrays_runs(workdir: Path) -> None:
    (workdir / "prompts.json").write_text(
        json.dumps({"prompts": ["What is Microsoft Graph?", "Who are you?"], "expected_responses": ["A", "B"]}),
        encoding="utf-8",
    )
    result = _run("--agent", ECHO, "-o", "report.csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO((workdir / "report.csv").read_text(encoding="utf-8-sig"))))
    assert [row["prompt"] for row in rows] == ["What is Microsoft Graph?", "Who are you?"]
    assert_valid_1_7(_json(workdir / "prompts.json"))


def test_parallel_prompt_arrays_of_different_lengths_are_refused(workdir: Path) -> None:
    (workdir / "prompts.json").write_text(json.dumps({"prompts": ["a", "b"], "expected_responses": ["x"]}))
    result = _run("--agent", ECHO, "-o", "report.csv")
    assert result.exit_code != 0
    assert "1 expected response(s) for 2 prompt(s)" in result.output
    assert not (workdir / "report.csv").exists()
