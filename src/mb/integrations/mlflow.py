"""MorganaBench inside MLflow GenAI evaluation: its verdict, assertions, checks and metrics as MLflow scorers.

```python
import mlflow
from mb.integrations.mlflow import rows, scorers

mlflow.genai.evaluate(data=rows("executed.jsonl"), scorers=scorers(judge="lexical"))
```

A row is an executed example's ``inputs``, ``outputs`` and ``expectations`` (MLflow's own column names), e.g.
``example.model_dump()``. Every scorer returns an MLflow ``Feedback`` with a value and a rationale; a row is
evaluated once however many scorers ask about it. MLflow is imported only when these functions run.

Offline use: with a local tracking store (``MLFLOW_TRACKING_URI=sqlite:///mlflow.db``) and the ``lexical`` or
``local`` judge nothing leaves the machine; :func:`scorers` turns MLflow telemetry off (``MLFLOW_DISABLE_TELEMETRY``,
``DO_NOT_TRACK``) unless those variables are set. Rows without a ``predict_fn`` need no model endpoint.
Scorers built here are class-based, so they cannot be registered for MLflow's production monitoring.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from ..entities import Example
from ..errors import ConfigError, InputError
from ..judges.base import Judge
from ..metrics import METRIC_NAMES, MetricSpec
from ._assessments import CONCEPTS, Assessment, assess
from ._engine import RowEvaluator
from ._mlflow_support import INSTALL_HINT, offline_environment, require_mlflow

__all__ = ["INSTALL_HINT", "offline_environment", "rows", "scorer_names", "scorers"]


def scorer_names(metrics: Sequence[str | MetricSpec] | None = None) -> tuple[str, ...]:
    """The names :func:`scorers` gives: ``passed``, ``expectations_met``, ``tool_call_assertions``, ``checks``,
    then one per metric (every built-in metric when ``metrics`` is None)."""
    return (*CONCEPTS, *_metric_names(metrics))


def scorers(
    *,
    judge: Judge | str = "auto",
    metrics: Sequence[str | MetricSpec] | None = None,
    require: Sequence[str | MetricSpec] = (),
    include: Sequence[str] | None = None,
) -> list[Any]:
    """MLflow scorers for MorganaBench rows, one per concept.

    - ``passed`` (bool): every gating expectation holds; the rationale lists what failed.
    - ``expectations_met`` (0..1): share of the gating expectations met.
    - ``tool_call_assertions`` (bool): every assertion holds (``assertions`` and ``extended_assertions``);
      per-assertion reasons.
    - ``checks`` (bool): the other gating checks (tool restriction, orphan results, expected response).
    - one per metric (``similarity``, ``citations``...): the metric's value with its reason; threshold and
      pass/fail in the feedback's metadata.

    A scorer that does not apply to a row (no assertions, a metric skipped) gives no feedback for it. An example
    that errored (agent error, undecided judge) did not pass: ``passed`` is False and ``expectations_met`` its
    score, with the error as the rationale, so that MLflow's means are mb's pass rate and score (MLflow leaves
    feedback with ``error`` set out of its means); the other scorers give feedback with ``error`` set.

    ``judge`` is a judge or its name (``auto``, ``lexical``, ``local``, ``llm``); ``metrics`` selects metrics as
    in :func:`mb.evaluation.evaluate`; ``require`` lists the metrics that gate ``passed``; ``include`` keeps only
    the named scorers.
    """
    offline_environment()
    cls = _scorer_class()
    names = scorer_names(metrics)
    if include is not None:
        unknown = sorted(set(include) - set(names))
        if unknown:
            raise ConfigError(f"unknown scorer name(s) {', '.join(unknown)} (known: {', '.join(names)})")
        names = tuple(name for name in names if name in set(include))
    evaluator = RowEvaluator(judge, metrics, require)
    return [cls.create(name, evaluator) for name in names]


def rows(examples: str | os.PathLike[str] | Iterable[Example]) -> list[dict[str, Any]]:
    """MLflow evaluation rows (``inputs``, ``outputs``, ``expectations``) from an executed benchmark.

    Invalid lines of a file raise :class:`~mb.errors.InputError` (a ``ValueError``) with ``FILE:LINE`` (fix them
    with ``mb validate``).
    """
    from ..io import read_examples

    source: Iterable[Any] = read_examples(examples) if isinstance(examples, (str, os.PathLike)) else examples
    data: list[dict[str, Any]] = []
    for item in source:
        if not isinstance(item, Example):
            raise InputError(item.message, file=item.file, line=item.line)
        document = item.line_data()
        data.append({key: document[key] for key in ("inputs", "outputs", "expectations") if key in document})
    return data


def _metric_names(metrics: Sequence[str | MetricSpec] | None) -> tuple[str, ...]:
    if metrics is None:
        return METRIC_NAMES
    names = (m.name if isinstance(m, MetricSpec) else MetricSpec.parse(m).name for m in metrics)
    return tuple(dict.fromkeys(names))


def _feedback(assessment: Assessment) -> Any:
    from mlflow.entities import AssessmentSource, Feedback

    judged = assessment.judge is not None and assessment.judge.startswith("llm")
    source = AssessmentSource(
        source_type="LLM_JUDGE" if judged else "CODE",
        source_id=f"morganabench:{assessment.judge}" if assessment.judge else "morganabench",
    )
    metadata = assessment.metadata | ({"judge": assessment.judge} if assessment.judge else {})
    verdict = {"value": assessment.value} if assessment.error is None else {"error": assessment.error}
    return Feedback(**verdict, rationale=assessment.rationale, source=source, metadata=metadata)


@cache
def _scorer_class() -> type[Any]:
    """The MLflow ``Scorer`` subclass, defined on first use so that importing this module needs no MLflow."""
    require_mlflow()
    from mlflow.genai.scorers import Scorer
    from pydantic import PrivateAttr

    class MorganaBenchScorer(Scorer):
        """One MorganaBench concept (verdict, assertions, checks or a metric) as an MLflow scorer."""

        _evaluator: RowEvaluator | None = PrivateAttr(default=None)

        @classmethod
        def create(cls, name: str, evaluator: RowEvaluator) -> MorganaBenchScorer:
            """A scorer for concept ``name`` evaluating rows with ``evaluator``."""
            instance = cls(name=name, description=f"MorganaBench {name}")
            instance._evaluator = evaluator
            return instance

        def __call__(  # type: ignore[override]  # MLflow passes only the arguments a scorer declares
            self, *, inputs: Any = None, outputs: Any = None, expectations: Any = None
        ) -> Any:
            from mlflow.entities import Feedback

            assert self._evaluator is not None, "create scorers with mb.integrations.mlflow.scorers()"
            try:
                result = self._evaluator.evaluate(inputs, outputs, expectations)
            except ValueError as exc:
                return Feedback(error=str(exc), rationale=str(exc))
            assessment = assess(self.name, result)
            return None if assessment is None else _feedback(assessment)

    return MorganaBenchScorer
