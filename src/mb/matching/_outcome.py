"""The verdict of one matcher on one argument (or group of arguments)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Outcome"]


class Outcome(NamedTuple):
    """Whether a matcher accepted an argument, how well, and why."""

    passed: bool
    """Whether the argument satisfies the matcher."""

    reason: str
    """Why, naming what was expected and what was found (``expected 5, got "5" (string)``)."""

    score: float = 0.0
    """Degree of match in [0, 1]: 1.0 or 0.0 for deterministic matchers, a judge's score for free text."""

    error: str | None = None
    """Set when no verdict could be reached (e.g. the judge failed); ``passed`` is then False but not a failure."""

    undecided: bool = False
    """The judge could not tell with confidence: ``passed`` is False but not a failure."""

    confidence: float | None = None
    """The judge's calibrated confidence in the verdict, when it gives one (free text)."""

    @classmethod
    def ok(cls, reason: str) -> Outcome:
        """A deterministic pass."""
        return cls(True, reason, 1.0)

    @classmethod
    def fail(cls, reason: str) -> Outcome:
        """A deterministic failure."""
        return cls(False, reason, 0.0)
