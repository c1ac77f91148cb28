"""Choosing a judge by name, and what ``auto`` picks in which environment."""

from __future__ import annotations

import importlib.util

import pytest

from mb.judges import JudgeConfigError, LexicalJudge, LLMJudge, LocalJudge, explain_auto, get_judge
from mb.judges.cascade import CascadeJudge

ENV = ("MB_JUDGE_MODEL", "MB_JUDGE_BASE_URL", "MB_JUDGE_API_KEY", "OPENAI_API_KEY")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def without_tokenizers(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: object, **kwargs: object) -> object:
        return None if name == "tokenizers" else real(name)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


@pytest.mark.parametrize("key", ["OPENAI_API_KEY", "MB_JUDGE_API_KEY", "MB_JUDGE_BASE_URL"])
def test_auto_is_llm_when_configured(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    monkeypatch.setenv("MB_JUDGE_MODEL", "gpt-test")
    monkeypatch.setenv(key, "http://127.0.0.1:9/v1" if key == "MB_JUDGE_BASE_URL" else "sk-test")
    choice = explain_auto()
    assert choice.name == "llm"
    assert "gpt-test" in choice.reason
    assert key in choice.reason
    judge = get_judge("auto", cache=False)
    assert isinstance(judge, CascadeJudge)
    assert judge.name in {"local+llm:gpt-test", "lexical+llm:gpt-test"}
    assert "undecided" in choice.reason  # the offline judge decides first, the LLM what it leaves undecided


def test_auto_is_local_when_no_llm_and_the_model_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MB_JUDGE_MODEL", "gpt-test")
    choice = explain_auto()
    assert choice.name == "local"
    assert "neither MB_JUDGE_API_KEY" in choice.reason
    judge = get_judge(max_concurrency=2, batch_size=16)
    assert isinstance(judge, LocalJudge)


@pytest.mark.usefixtures("without_tokenizers")
def test_auto_falls_back_to_lexical_and_says_what_to_install() -> None:
    choice = explain_auto()
    assert choice.name == "lexical"
    assert "MB_JUDGE_MODEL is not set" in choice.reason
    assert "pip install '/path/to/morganabench[local]'" in choice.reason
    assert isinstance(get_judge("auto"), LexicalJudge)


@pytest.mark.usefixtures("without_tokenizers")
def test_local_asked_for_but_missing_names_the_install_command() -> None:
    with pytest.raises(ImportError, match=r"pip install '/path/to/morganabench\[local\]'"):
        get_judge("local")
    with pytest.raises(ImportError, match="tokenizers"):
        LocalJudge()


def test_explicit_names() -> None:
    assert isinstance(get_judge("lexical"), LexicalJudge)
    assert isinstance(get_judge(" LOCAL "), LocalJudge)
    judge = get_judge("llm:my-model", base_url="http://127.0.0.1:9/v1", cache=False)
    assert isinstance(judge, LLMJudge)
    assert judge.name == "llm:my-model"


def test_llm_without_configuration_is_a_clear_error() -> None:
    with pytest.raises(JudgeConfigError, match="MB_JUDGE_MODEL"):
        get_judge("llm")


@pytest.mark.parametrize("name", ["gpt", "lexical:x", "", "local:model"])
def test_unknown_names_are_rejected(name: str) -> None:
    with pytest.raises(ValueError, match="unknown judge"):
        get_judge(name)
