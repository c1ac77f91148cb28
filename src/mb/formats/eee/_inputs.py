"""The two inputs of an export: evaluation results and the executed benchmark they scored, joined on line."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping

from ...entities import Example
from ...errors import InputError
from ...io import Record, iter_records, source_name
from ...results import ExampleResult, RunResult
from ...results_format import RunRecord, iter_results_file
from ...results_join import check_join

__all__ = ["ExecutedIndex", "ExecutedSource", "ResultsSource", "iter_results"]

PathLike = str | os.PathLike[str]
ResultsSource = PathLike | RunResult | Iterable[ExampleResult]
ExecutedSource = PathLike | Iterable[Example] | Mapping[int, Example]


def iter_results(results: ResultsSource, records: list[RunRecord] | None = None) -> Iterator[ExampleResult]:
    """Example results from a results JSONL file (one ``ExampleResult`` per line; its run record is appended to
    ``records``), a run, or an iterable.

    Raises ``ValueError`` naming ``FILE:LINE`` for a line that is not a result.
    """
    if isinstance(results, RunResult):
        yield from results.results
        return
    if not isinstance(results, (str, os.PathLike)):
        yield from results
        return
    yield from iter_results_file(results, records)


def _records(executed: ExecutedSource) -> Iterator[Record]:
    if isinstance(executed, (str, os.PathLike)):
        yield from iter_records(executed, executed=True)
    elif isinstance(executed, Mapping):
        for line, example in sorted(executed.items()):
            yield Record(line, example, None, None)
    else:
        for index, example in enumerate(executed, start=1):
            yield Record(index, example, None, None)


class ExecutedIndex:
    """Looks executed lines up by line number while reading the file once.

    Results usually come in the executed file's order, so lines are matched as the file streams by; lines read
    past are kept until asked for, so any order works (at the cost of memory for out-of-order lines).
    """

    def __init__(self, executed: ExecutedSource) -> None:
        self._name = source_name(executed) if isinstance(executed, (str, os.PathLike)) else "executed examples"
        self._records = _records(executed)
        self._pending: dict[int, Record] = {}

    def get(self, line: int) -> Record:
        """The executed line ``line``; ``ValueError`` when the file has no such line (or it was already used)."""
        record = self._pending.pop(line, None)
        if record is not None:
            return record
        for record in self._records:
            if record.line == line:
                return record
            self._pending[record.line] = record
        raise InputError(
            f"{self._name} has no line {line}, which a result names (are the results from another executed file, "
            "or does a line appear twice in the results?)"
        )

    def joined(self, result: ExampleResult) -> Record:
        """The executed line ``result`` scores; :class:`~mb.results_join.JoinMismatch` when it holds another
        example than the one the result names by hash."""
        record = self.get(result.line)
        check_join(result, f"{self._name}:{record.line}", record.example, record.error)
        return record
