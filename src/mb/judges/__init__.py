"""Judges decide semantic questions: lexical (always available), local embeddings, or any OpenAI-compatible LLM."""

from .base import Judge, JudgeRequest, JudgeTask, Verdict
from .factory import JUDGE_NAMES, AutoChoice, explain_auto, get_judge
from .lexical import LexicalJudge
from .llm import JudgeConfigError, LLMJudge
from .local import LocalJudge

__all__ = [
    "JUDGE_NAMES",
    "AutoChoice",
    "Judge",
    "JudgeConfigError",
    "JudgeRequest",
    "JudgeTask",
    "LLMJudge",
    "LexicalJudge",
    "LocalJudge",
    "Verdict",
    "explain_auto",
    "get_judge",
]
