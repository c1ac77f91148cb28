"""Matchers on tool-call arguments and assertions over an agent's trace."""

from ._context import MatchContext, Oracle
from ._outcome import Outcome
from ._values import MISSING
from .assertions import check_assertions
from .email_address import match_email
from .equality import json_equal, match_equality
from .free_text import match_free_text, match_free_text_group
from .missing import match_missing
from .parameters import match_parameter
from .trace_checks import check_orphan_results, check_tool_restriction

__all__ = [
    "MISSING",
    "MatchContext",
    "Oracle",
    "Outcome",
    "check_assertions",
    "check_orphan_results",
    "check_tool_restriction",
    "json_equal",
    "match_email",
    "match_equality",
    "match_free_text",
    "match_free_text_group",
    "match_missing",
    "match_parameter",
]
