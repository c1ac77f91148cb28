"""Comparing evaluation runs: flipped examples, per-slice deltas with intervals, a paired test."""

from ._compare import CompareError, compare_many, compare_runs
from ._model import Comparison, Flip, SliceDelta
from ._render import render_comparison

__all__ = ["CompareError", "Comparison", "Flip", "SliceDelta", "compare_many", "compare_runs", "render_comparison"]
