"""Matchers on tool-call arguments and assertions over an agent's trace."""

from ._outcome import Outcome

__all__ = ["Outcome"]
