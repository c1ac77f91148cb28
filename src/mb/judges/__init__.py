"""Judges decide semantic questions: lexical (always available), local embeddings, or any OpenAI-compatible LLM."""

from .base import Judge, JudgeRequest, JudgeTask, Verdict

__all__ = ["Judge", "JudgeRequest", "JudgeTask", "Verdict"]
