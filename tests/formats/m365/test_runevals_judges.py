"""``mb runevals`` with the real judges: an LLM judge on a local OpenAI-compatible server, and the lexical judge."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from tests.support.openai_server import Reply, chat_server, completion, listing

from .helpers import FIXTURES, assert_valid_1_7

ECHO = f"{Path(__file__).with_name('demo_agents.py')}:echo"


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("MB_JUDGE_MODEL", "MB_JUDGE_BASE_URL", "MB_JUDGE_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def test_an_llm_judge_scores_relevance_and_coherence(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def handler(body: dict[str, Any]) -> Reply:
        text = json.dumps(body["messages"])
        grade = 2 if "Seattle" in text else 4  # a low grade for the thread's turns
        return completion(json.dumps({"reason": f"graded {grade}", **listing(body), "score": grade}))

    shutil.copyfile(FIXTURES / "example-input-multiturn.json", workdir / "evals.json")
    with chat_server(handler) as server:
        monkeypatch.setenv("MB_JUDGE_MODEL", "judge-model")
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        result = CliRunner().invoke(
            main, ["runevals", "--agent", ECHO, "--judge", "llm", "-o", "out.json"], catch_exceptions=False
        )
        assert result.exit_code == 0, result.output
        assert server.requests, "the judge was asked"
    document = json.loads((workdir / "out.json").read_text(encoding="utf-8"))
    assert_valid_1_7(document)
    single, thread = document["items"]
    assert single["scores"]["relevance"]["score"] == 4.0
    assert single["scores"]["relevance"]["judge"] == "llm:judge-model"
    assert single["status"] == "pass"
    # the last turn asks for Groundedness with nothing to ground on: not run, which cannot undo its failed verdicts
    assert [turn["status"] for turn in thread["turns"]] == ["fail", "fail", "fail"]
    assert thread["turns"][2]["scores"]["groundedness"]["error"].startswith("Evaluator not run: no context")
    assert thread["turns"][0]["scores"]["coherence"] == {
        "score": 2.0,
        "result": "fail",
        "threshold": 3.0,
        "reason": "coherence 2/5: graded 2",
        "evaluator": "morganabench.coherence",
        "judge": "llm:judge-model",
    }
    skipped = thread["turns"][2]["extensions"]["morganabench"]["skipped"]
    assert [s["evaluator"] for s in skipped] == ["Groundedness"], "no context to ground on: not run, not invented"
    assert document["metadata"]["extensions"]["morganabench"]["judge"] == "llm:judge-model"


def test_without_an_llm_judge_llm_evaluators_fail_to_run(workdir: Path) -> None:
    shutil.copyfile(FIXTURES / "categorized-v1.0.0.json", workdir / "evals.json")
    result = CliRunner().invoke(
        main, ["runevals", "--agent", ECHO, "--judge", "lexical", "-o", "out.json"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    document = json.loads((workdir / "out.json").read_text(encoding="utf-8"))
    assert_valid_1_7(document)
    assert all(item["status"] == "partial" for item in document["items"])
    assert all(score["result"] == "error" for item in document["items"] for score in item["scores"].values())
    assert all(
        item["error"]["message"].endswith(" Not scored: relevance, coherence not run.") for item in document["items"]
    )
    assert " partial (answered, not fully scored: no verdict), 0 error;" in result.stderr
    assert result.stderr.count("no LLM judge:") == 1
    assert "coherence, relevance need an LLM judge and were not scored" in result.stderr
    assert "could not score" not in result.stderr


def test_offline_a_groundedness_that_cannot_run_is_in_the_json_with_its_reason(workdir: Path) -> None:
    document = {
        "schemaVersion": "1.7.0",
        "default_evaluators": {"Groundedness": {}, "ExactMatch": {}},
        "items": [
            {
                "prompt": "What is Graph?",
                "expected_response": "You said: What is Graph?",
                "context": "Graph is an API.",
            },
            {"prompt": "Hello", "expected_response": "You said: Hello"},
        ],
    }
    (workdir / "evals.json").write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["runevals", "--agent", ECHO, "--judge", "lexical", "-o", "out.json"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    output = json.loads((workdir / "out.json").read_text(encoding="utf-8"))
    assert_valid_1_7(output)
    with_context, without = output["items"]
    assert with_context["scores"]["groundedness"]["result"] == "error"
    assert "needs an LLM judge" in with_context["scores"]["groundedness"]["error"]
    assert without["scores"]["groundedness"]["result"] == "error"
    assert without["scores"]["groundedness"]["error"].startswith("Evaluator not run: no context to ground")
    assert without["scores"]["exactMatch"]["result"] == "pass"
    assert [item["status"] for item in output["items"]] == ["partial", "partial"]
    assert result.stderr.count("no LLM judge:") == 1
    assert "groundedness needs an LLM judge" in result.stderr


@pytest.mark.parametrize(
    ("args", "config", "named"),
    [
        (["--judge-model", "flag-model"], "", "model flag-model (from --judge-model) is set"),
        ([], 'judge_model = "file-model"\n', "model file-model (from judge_model in "),
    ],
)
def test_the_no_llm_judge_note_names_where_the_model_came_from(
    workdir: Path, args: list[str], config: str, named: str
) -> None:
    shutil.copyfile(FIXTURES / "categorized-v1.0.0.json", workdir / "evals.json")
    (workdir / "mb.toml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(
        main, ["runevals", "--agent", ECHO, "--judge", "lexical", *args, "-o", "out.json"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    note = next(line for line in result.stderr.splitlines() if line.startswith("no LLM judge:"))
    assert named in note
    assert "set an API key or base URL, then use --judge llm or auto" in note
    assert "MB_JUDGE_MODEL" not in note
