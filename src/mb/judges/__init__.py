"""Judges decide semantic questions: lexical (always available), local embeddings, or any OpenAI-compatible LLM.

The judges and the factory load on first use, so code that needs one judge imports only that judge's modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_attributes
from ..errors import JudgeConfigError
from .base import Judge, JudgeRequest, JudgeTask, Verdict

if TYPE_CHECKING:
    from ._text import sentences
    from .factory import JUDGE_NAMES, AutoChoice, explain_auto, get_judge
    from .lexical import LexicalJudge
    from .llm import LLMJudge
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
    "sentences",
]

_LAZY = {
    **dict.fromkeys(("JUDGE_NAMES", "AutoChoice", "explain_auto", "get_judge"), ".factory"),
    "LexicalJudge": ".lexical",
    "LLMJudge": ".llm",
    "LocalJudge": ".local",
    "sentences": "._text",
}


__getattr__ = lazy_attributes(__name__, globals(), _LAZY)
