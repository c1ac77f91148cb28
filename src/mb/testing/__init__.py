"""Benchmarks as pytest tests: one test per example, failing with MorganaBench's reasons.

- :func:`examples` gives the examples of a benchmark file as pytest parameters;
- :func:`assert_example` (and :func:`aassert_example` in async tests) scores an agent's outputs for one example and
  raises :class:`AssertionError` with the reasons when it does not pass;
- ``pytest --mb-eval EXECUTED.jsonl`` (the plugin, :mod:`mb.testing.plugin`) collects an executed benchmark as one
  test per example.

The functions load on first use, so the plugin costs pytest nothing at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_attributes

if TYPE_CHECKING:
    from ._api import aassert_example, assert_example, examples, failure_message

__all__ = ["aassert_example", "assert_example", "examples", "failure_message"]

_LAZY = dict.fromkeys(__all__, "._api")

__getattr__ = lazy_attributes(__name__, globals(), _LAZY)
