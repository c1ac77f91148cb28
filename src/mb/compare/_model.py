"""What a comparison of two evaluation runs found: flips, per-slice deltas with intervals, a paired test."""

from __future__ import annotations

from pydantic import BaseModel

__all__ = ["Comparison", "Flip", "SliceDelta"]


class Flip(BaseModel):
    """An example whose verdict changed between the two runs."""

    example_hash: str
    """The example's stable hash."""

    base_line: int
    """Its (first) line in the base results."""

    new_line: int
    """Its (first) line in the new results."""

    base_status: str
    """``passed``, ``failed``, ``undecided`` or ``error`` in the base run."""

    new_status: str
    """``passed``, ``failed``, ``undecided`` or ``error`` in the new run."""

    reason: str
    """Why the run that did not pass did not (its first reason)."""


class SliceDelta(BaseModel):
    """The pass rate of one slice in both runs, over the examples both runs have, their difference and its interval."""

    kind: str
    """``overall``, ``assertion``, ``matcher``, ``check``, ``metric`` or ``category``."""

    name: str
    """The slice's name (``""`` for overall)."""

    base_passed: int
    """Items that passed in the base run."""

    base_total: int
    """Items in the base run."""

    new_passed: int
    """Items that passed in the new run."""

    new_total: int
    """Items in the new run."""

    base_undecided: int = 0
    """Items left undecided in the base run (not passed: the base rate may be up to ``base_passed +
    base_undecided`` over ``base_total``)."""

    new_undecided: int = 0
    """Items left undecided in the new run."""

    base_interval: tuple[float, float]
    """95% interval of the base rate, covering its bounds (:func:`~mb.stats.rate_interval`)."""

    new_interval: tuple[float, float]
    """95% interval of the new rate, covering its bounds."""

    delta: float | None
    """New rate minus base rate; None when either run has no item in the slice (there is no rate to subtract)."""

    delta_interval: tuple[float, float] | None
    """95% interval of the difference (Newcombe's hybrid score interval, from the two Wilson intervals); None with
    ``delta``."""

    p_value: float | None = None
    """Exact McNemar p-value on the paired examples of the slice (overall and categories); None for slices whose
    items are not examples."""


class Comparison(BaseModel):
    """A new run compared with a base run, example by example (joined by example hash)."""

    base: str
    """The base results file."""

    new: str
    """The new results file."""

    paired: int
    """Examples present in both runs."""

    regressions: list[Flip]
    """Examples that passed in the base run and failed or errored in the new one; with repeated trials, also those
    that passed some trials in the base run and none in the new one (some failed or errored, whatever the undecided)."""

    fixes: list[Flip]
    """Examples that failed or errored in the base run and pass in the new one."""

    undecided: list[Flip] = []
    """Examples undecided in exactly one of the runs, or whose other change involves undecided trials: neither a
    regression nor a fix, since the judge could not tell whether they pass."""

    p_value: float
    """Exact McNemar p-value of the difference (regressions against fixes; undecided changes left out)."""

    only_in_base: list[int]
    """Lines of the base results whose example the new run lacks."""

    only_in_new: list[int]
    """Lines of the new results whose example the base run lacks."""

    unhashed: int = 0
    """Result lines of either run without an example hash (invalid lines), left out of the pairing."""

    missing_passed: list[int] = []
    """Lines of the base results whose example passed there and is missing from the new run (a line dropped, an agent
    that wrote nothing, a run over part of the benchmark): possible regressions, which ``--fail-on-regression``
    counts. Also listed in ``only_in_base``."""

    slices: list[SliceDelta]
    """Overall and per-slice pass rates and their deltas, over the examples both runs have (an example in one run
    only changes no rate: it is listed in ``only_in_base`` or ``only_in_new``)."""

    judge_warning: str | None = None
    """Set when the run records name different judges or judge prompts, different ``--require`` gates or different
    MorganaBench versions: verdicts may differ for that reason alone, not only because the agent changed."""
