"""Evaluates MLflow rows with MorganaBench, once per row however many scorers ask about it."""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

from .._loop import BackgroundLoop
from ..entities import Example
from ..entities._misspelt import MLFLOW_EXPECTATIONS, mlflow_expectation, names_expected_response
from ..errors import InputError
from ..io import LineError, parse_document
from ..judges.base import Judge
from ..metrics import MetricSpec
from ..results import ExampleResult

__all__ = ["RowEvaluator"]

_CACHE_SIZE = 1024


def example_from_row(inputs: Any, outputs: Any, expectations: Any) -> Example:
    """The executed example an MLflow row describes (``outputs`` may be the response text alone).

    Raises ``ValueError`` saying which part of the row is wrong.
    """
    if isinstance(outputs, str):
        outputs = {"response": outputs}
    if isinstance(expectations, dict) and isinstance(inputs, dict):
        inputs, expectations = _mlflow_keys(inputs, expectations)
    document = {"inputs": inputs, "outputs": outputs, "expectations": expectations or {}}
    parsed = parse_document(document, file="row", line=1)
    if isinstance(parsed, LineError):
        raise InputError(f"the row is not a MorganaBench example ({parsed.message})")
    return parsed


_RETRIEVED = "expected_retrieved_context"
_IN_A_ROW = {**MLFLOW_EXPECTATIONS, _RETRIEVED: "the documents to retrieve, as a list of objects with a doc_uri"}


def _mlflow_keys(inputs: dict[str, Any], expectations: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """MLflow's expected documents (``doc_uri``) as the current turn's resources, which the retrieval metric checks
    (:meth:`RowEvaluator.evaluate` requires it); any other key MLflow's scorers read and MorganaBench does not is an
    error: a row never passes with an expectation left unchecked."""
    for key in expectations:
        meaning = mlflow_expectation(key, _IN_A_ROW) if key != _RETRIEVED else None
        meaning = meaning or ("did you mean expected_response?" if names_expected_response(key) else None)
        if meaning is not None:
            raise InputError(f"the row's expectations.{key} is not read by MorganaBench ({meaning})")
    if _RETRIEVED not in expectations:
        return inputs, expectations
    documents = expectations[_RETRIEVED]
    ids = [d.get("doc_uri") if isinstance(d, dict) else None for d in documents] if isinstance(documents, list) else []
    if not ids or not all(isinstance(uri, str) and uri.strip() for uri in ids):
        raise InputError(f"the row's expectations.{_RETRIEVED} is not a non-empty list of objects with a doc_uri")
    expectations = {key: value for key, value in expectations.items() if key != _RETRIEVED}
    metadata = inputs.get("metadata") or {}
    turns = metadata.get("turns") or [{"categories": {}}] if isinstance(metadata, dict) else None
    if not isinstance(turns, list) or not isinstance(turns[-1], dict):
        return inputs, expectations  # invalid metadata: the row is refused
    last = {**turns[-1], "resources": [*(turns[-1].get("resources") or []), *ids]}
    return {**inputs, "metadata": {**metadata, "turns": [*turns[:-1], last]}}, expectations


class RowEvaluator:
    """Evaluates rows on one background event loop with one judge, caching results by row content.

    MLflow calls every scorer on every row, possibly from several threads; the first scorer to ask about a row
    evaluates it and the others reuse the result, so judged questions are asked once per row.
    """

    def __init__(
        self, judge: Judge | str, metrics: Sequence[str | MetricSpec] | None, require: Sequence[str | MetricSpec]
    ) -> None:
        self._judge_spec = judge
        self._judge: Judge | None = None
        self._metrics = None if metrics is None else list(metrics)
        self._require = list(require)
        self._lock = threading.Lock()
        self._loop = BackgroundLoop("morganabench-scorers")
        self._cache: OrderedDict[str, Future[ExampleResult]] = OrderedDict()

    @property
    def judge(self) -> Judge:
        """The judge, resolved on first use (``auto`` picks the best one available)."""
        with self._lock:
            if self._judge is None:
                from ..evaluation import resolve_judge

                self._judge = resolve_judge(self._judge_spec)
            return self._judge

    def evaluate(self, inputs: Any, outputs: Any, expectations: Any) -> ExampleResult:
        """The evaluation of one row (cached); ``ValueError`` when the row is not an executed example."""
        key = repr((inputs, outputs, expectations))  # not JSON: it writes NaN as null, 5 and "5" are two rows
        with self._lock:
            future = self._cache.get(key)
            owner = future is None
            if future is None:
                future = self._cache[key] = Future()
                while len(self._cache) > _CACHE_SIZE:
                    self._cache.popitem(last=False)
            else:
                self._cache.move_to_end(key)
        if owner:
            try:
                require = self._require
                named = {s.name if isinstance(s, MetricSpec) else MetricSpec.parse(s).name for s in require}
                if isinstance(expectations, dict) and _RETRIEVED in expectations and "retrieval" not in named:
                    require = [*require, "retrieval"]  # the expected documents, now the turn's resources
                future.set_result(self._run(example_from_row(inputs, outputs, expectations), require))
            except BaseException as exc:
                future.set_exception(exc)
        return future.result()

    def _run(self, example: Example, require: Sequence[str | MetricSpec]) -> ExampleResult:
        from ..evaluation import evaluate_example

        judge = self.judge
        coroutine = evaluate_example(example, judge=judge, metrics=self._metrics, require=require)
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop.get()).result()
