"""Offline judges on Ray workers: which judges can answer there, one judge per worker process, and the Ray task
that finishes a block of lines with it.

The ``local`` and ``lexical`` judges answer from the question alone (no cache on disk, no account, no network):
rebuilt on a worker from their settings, they give the verdicts the driver's judge gives. Each worker process
builds the run's judge once, on its first block of the run, and keeps it (with the run's verdict memo) for every
later block; the local judge's model is loaded once per process and shared by the runs it serves. These are plain
tasks, not actors: Ray reuses its worker processes from task to task, so the judge is still built once per
process, with no actors to start for each run or to restart when one dies (and a pool of actors measured slower on
the same blocks, ``bench/ray_scale.py``).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ..judges.base import Judge, JudgeTask
from ..judges.lexical import LexicalJudge
from ..judges.local import LocalJudge
from ..metrics import METRIC_NAMES, METRICS
from ._engine import Evaluator
from ._example import MetricPlan, built_in_metrics_only
from ._parallel import Batch, Block, Work, _complete

__all__ = ["JudgeRecipe", "judged_task", "loaded_judges", "recipe_of"]

JudgeRecipe = tuple[str, tuple[tuple[str, Any], ...]]
"""How to build an offline judge on a worker: its name and its constructor's keyword arguments."""

Score = Callable[[MetricPlan, frozenset[JudgeTask], int, Block, int, int], Work]
"""The fast path over a block (:func:`mb.evaluation._ray_batches.score_block`)."""

_EVALUATORS: dict[str, Evaluator] = {}
"""The evaluators (a judge and its verdict memo) this worker process holds, by run."""

_KEPT = 4
"""Evaluators kept per worker process (one per run it serves; the oldest go first)."""


def recipe_of(judge: Judge) -> JudgeRecipe | None:
    """How to build ``judge`` on a worker when it can answer there as it answers here: the ``local`` and ``lexical``
    judges exactly (no subclass, no other judge), and only while the built-in metrics are the registered ones, in
    their order (a worker started afresh would not see metrics registered, removed or reordered in this process).
    None otherwise."""
    if not built_in_metrics_only() or tuple(METRICS) != METRIC_NAMES:
        return None
    if type(judge) is LexicalJudge:
        return ("lexical", (("thresholds", tuple(sorted(judge._thresholds.items()))),))
    if type(judge) is LocalJudge:
        thresholds = ("thresholds", tuple(sorted(judge._thresholds.items())))
        settings = {
            "batch_size": judge._batch_size,
            "device": judge._device,
            "precision": judge._precision,
            "threads": judge._threads,
            "cache_size": judge._cache_size,
        }
        return ("local", (thresholds, *sorted(settings.items())))
    return None


def _judge(recipe: JudgeRecipe) -> Judge:
    """A judge built from ``recipe``."""
    name, arguments = recipe
    options = dict(arguments)
    options["thresholds"] = dict(options["thresholds"])
    return LocalJudge(**options) if name == "local" else LexicalJudge(**options)


def _evaluator(run: str, recipe: JudgeRecipe, plan: MetricPlan) -> Evaluator:
    """This process's evaluator for the run ``run``, built on its first block."""
    evaluator = _EVALUATORS.get(run)
    if evaluator is None:
        while len(_EVALUATORS) >= _KEPT:
            del _EVALUATORS[next(iter(_EVALUATORS))]
        evaluator = _EVALUATORS[run] = Evaluator(_judge(recipe), plan)
    return evaluator


def loaded_judges() -> tuple[int, list[str]]:
    """This process's id and the names of the judges it holds (what a worker keeps between blocks)."""
    return os.getpid(), sorted(evaluator.judge.name for evaluator in _EVALUATORS.values())


def judged_task(score: Score, recipe: JudgeRecipe, name: str, run: str) -> Callable[..., Batch]:
    """A Ray task finishing a block of the file ``name`` on a worker: ``score``'s fast path, then the lines it
    leaves (judge questions, metrics, invalid lines) with this process's judge for the run ``run`` (an identifier
    the driver picks), built from ``recipe``."""

    def judged(
        plan: MetricPlan, graded: frozenset[JudgeTask], first: int, block: Block, limit: int, max_line: int
    ) -> Batch:
        scored: Future[Work | str] = Future()
        try:
            scored.set_result(score(plan, graded, first, block, limit, max_line))
        except Exception as exc:  # the block is then evaluated line by line, errors recorded on their lines
            scored.set_exception(exc)
        evaluator = _evaluator(run, recipe, plan)
        return asyncio.run(_complete(evaluator, name, (first, block, scored), limit, max_line))

    return judged
