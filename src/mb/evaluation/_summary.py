"""Aggregate example results into a :class:`Summary`, one result at a time (constant memory).

A summary does not depend on the order results are added in, so builders fed in parallel can be merged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..metrics import METRICS
from ..results import ExampleResult, RateStat, Summary
from ..stats import rate_interval
from ._example import NOTHING_CHECKED
from ._repeats import repeat_stats, token_use

__all__ = ["SummaryBuilder"]

_MAX_ERRORS = 20
_PASSED, _FAILED, _ERROR, _UNDECIDED = 0, 1, 2, 3
_ASSERTION_ORDER = ("tool_called", "no_tool_called", "tool_not_called", "tool_order", "tool_call_count")
_CHECK_ORDER = ("tools_restriction", "orphan_tool_results", "expected_response")
_SLICES = ("overall", "assertion", "matcher", "check", "metric", "category", "checked_nothing")
"""The slices counted: ``overall`` (one name, ``""``), ``assertion``, ``matcher``, ``check``, ``metric``, ``category``
(``name=value``) and ``checked_nothing`` (one name: examples left undecided as they check nothing, see
:data:`NOTHING_CHECKED`)."""

Tally = list[int]
"""``[passed, failed, errors, undecided]`` of one name in one slice."""


def _outcome(passed: bool | None, error: bool, undecided: bool = False) -> int:
    return _ERROR if error else _UNDECIDED if undecided else _PASSED if passed else _FAILED


def _item(item: Mapping[str, Any]) -> int:
    """The outcome of an assertion, parameter or check row (``undecided`` absent in older results files)."""
    return _outcome(item["passed"], item["error"] is not None, bool(item.get("undecided")))


def _tally(names: dict[str, Tally], name: str) -> Tally:
    return names.setdefault(name, [0, 0, 0, 0])


class SummaryBuilder:
    """Feed results with :meth:`add`; :meth:`build` returns the summary so far."""

    def __init__(self) -> None:
        self._counts: dict[str, dict[str, Tally]] = {kind: {} for kind in _SLICES}  # slice -> name -> tally
        self._overall = _tally(self._counts["overall"], "")
        self._values: dict[str, tuple[int, Fraction]] = {}  # metric -> (values counted, their exact sum)
        self._errors: list[tuple[int, str]] = []
        self._usage: dict[str, list[int]] = {}  # model ("" when unnamed) -> [input, output, examples]
        self._trials: dict[str, list[int]] = {}  # example hash -> [trials, passed, first line]
        self._escalated = 0
        self._saved = 0

    def count_escalations(self, judge: object) -> None:
        """Take the counts of a judge that escalates uncertain questions (``escalated``, ``llm_calls_saved``)."""
        counts = getattr(judge, "escalation_counts", None)
        if callable(counts):
            escalated, saved = counts()
            self._escalated += int(escalated)
            self._saved += int(saved)

    def add(self, result: ExampleResult | Mapping[str, Any]) -> None:
        """Count one example result (a model, or its JSON object as ``mb eval`` writes it)."""
        row = result if type(result) is dict else result.model_dump() if isinstance(result, ExampleResult) else result
        counts = self._counts
        outcome = _outcome(row["passed"], row["status"] == "error", row["status"] == "undecided")
        if outcome == _ERROR:
            self._note_errors([(row["line"], f"line {row['line']}: {row['error']}")])
        self._overall[outcome] += 1
        for name, value in row["categories"].items():
            _tally(counts["category"], f"{name}={value}")[outcome] += 1
        by_assertion, by_matcher = counts["assertion"], counts["matcher"]
        for assertion in row["assertions"]:
            _tally(by_assertion, assertion["assert_that"])[_item(assertion)] += 1
            for parameter in assertion["parameters"]:
                if parameter["score"] is not None:  # None: not checked, the tool was never called
                    _tally(by_matcher, parameter["match_as"])[_item(parameter)] += 1
        checks = row["checks"]
        for check in checks:
            _tally(counts["check"], check["name"])[_item(check)] += 1
        for name, metric in row["metrics"].items():
            if metric["status"] != "skipped" or metric["gating"]:  # a required metric not scored is an error
                undecided = bool((metric.get("details") or {}).get("undecided"))
                _tally(counts["metric"], name)[_outcome(metric["passed"], metric["status"] != "ok", undecided)] += 1
                if metric["value"] is not None:  # summed exactly: the mean does not depend on the order of results
                    count, total = self._values.get(name, (0, Fraction(0)))
                    self._values[name] = (count + 1, total + Fraction(metric["value"]))
        if outcome == _UNDECIDED and any(check["name"] == NOTHING_CHECKED for check in checks):
            _tally(counts["checked_nothing"], "")[outcome] += 1
        usage = row.get("usage")
        if usage:
            tally = self._usage.setdefault(str(usage.get("model") or ""), [0, 0, 0])
            tally[0] += usage.get("input_tokens", 0)
            tally[1] += usage.get("output_tokens", 0)
            tally[2] += 1
        if row.get("repeat") is not None and row.get("example_hash"):
            trials = self._trials.setdefault(row["example_hash"], [0, 0, row["line"]])
            trials[:] = [trials[0] + 1, trials[1] + (outcome == _PASSED), min(trials[2], row["line"])]

    def _note_errors(self, errors: list[tuple[int, str]]) -> None:
        """Keep the messages of the first erroring lines (by line number)."""
        self._errors.extend(errors)
        if len(self._errors) > _MAX_ERRORS:
            self._errors.sort()
            del self._errors[_MAX_ERRORS:]

    def merge(self, other: SummaryBuilder) -> None:
        """Add everything ``other`` counted (results of other lines)."""
        for kind, names in other._counts.items():
            mine = self._counts[kind]
            for name, counted in names.items():
                tally = _tally(mine, name)
                tally[:] = [count + added for count, added in zip(tally, counted, strict=True)]
        for name, (count, total) in other._values.items():
            previous = self._values.get(name, (0, Fraction(0)))
            self._values[name] = (previous[0] + count, previous[1] + total)
        self._note_errors(other._errors)
        self._escalated += other._escalated
        self._saved += other._saved
        for model, counted in other._usage.items():
            usage = self._usage.setdefault(model, [0, 0, 0])
            usage[:] = [count + added for count, added in zip(usage, counted, strict=True)]
        for example, (trials, passed, line) in other._trials.items():
            trial = self._trials.setdefault(example, [0, 0, line])
            trial[:] = [trial[0] + trials, trial[1] + passed, min(trial[2], line)]

    def _slice(self, kind: str, order: Sequence[str]) -> dict[str, RateStat]:
        """One slice's statistics: known names in reporting order, then others by name."""
        tallies = {name: tally for name, tally in self._counts[kind].items() if any(tally)}

        def rank(name: str) -> tuple[int, str]:
            return (order.index(name), "") if name in order else (len(order), name)

        stats: dict[str, RateStat] = {}
        for name in sorted(tallies, key=rank):
            count, total = self._values.get(name, (0, Fraction(0))) if kind == "metric" else (0, Fraction(0))
            mean = round(float(total / count), 4) if count else None
            outcomes = dict(zip(("passed", "failed", "errors", "undecided"), tallies[name], strict=True))
            stats[name] = RateStat(total=sum(tallies[name]), **outcomes, mean=mean)
        return stats

    def examples_by_model(self) -> dict[str, int]:
        """The examples whose outputs report token use, by model (``""`` when the usage names none)."""
        return {model: tally[2] for model, tally in self._usage.items()}

    def build(self, judge: str = "") -> Summary:
        """The summary of everything added so far."""
        overall = self._slice("overall", ()).get("", RateStat())
        return Summary(
            **overall.model_dump(exclude={"mean"}),
            pass_rate=round(overall.passed / overall.total, 4) if overall.total else 0.0,
            judge=judge,
            checked_nothing=sum(sum(tally) for tally in self._counts["checked_nothing"].values()),
            escalated=self._escalated,
            llm_calls_saved=self._saved,
            by_assertion=self._slice("assertion", _ASSERTION_ORDER),
            by_matcher=self._slice("matcher", ()),
            by_check=self._slice("check", _CHECK_ORDER),
            by_metric=self._slice("metric", tuple(METRICS)),
            by_category=self._slice("category", ()),
            error_messages=[message for _, message in sorted(self._errors)],
            pass_rate_interval=(
                rate_interval(
                    overall.passed, overall.undecided, overall.total, (t for t, _, _ in self._trials.values())
                )
                if overall.total
                else None
            ),
            agent_usage=token_use(self._usage),
            repeats=repeat_stats(self._trials),
        )
