"""Comparing evaluation runs example by example: examples are joined by their hash, never by line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import InputError
from ..evaluation._summary import SummaryBuilder
from ..results import Counts, ExampleResult, RateStat, Summary
from ..results_format import ResultsFile
from ..stats import mcnemar_exact, newcombe_interval, per_example, rate_interval
from ._model import Comparison, Flip, SliceDelta

__all__ = ["CompareError", "compare_many", "compare_runs"]


class CompareError(InputError):
    """The runs cannot be compared (no example hashes, nothing in common)."""


_RANK = {"passed": 0, "undecided": 1, "error": 2, "failed": 3}
"""Which status an example's rows give it: failed > error > undecided > passed."""


@dataclass
class _Verdict:
    """One example's verdict in one run, over all its rows (trials, duplicates)."""

    line: int
    status: str = "passed"
    reason: str = ""
    categories: dict[str, str] = field(default_factory=dict)
    trials: list[int] = field(default_factory=lambda: [0, 0, 0])  # rows, passed, undecided

    def add(self, result: ExampleResult) -> None:
        self.trials[0] += 1
        self.trials[1] += result.status == "passed"
        self.trials[2] += result.status == "undecided"
        if _RANK[result.status] > _RANK[self.status]:
            reasons = result.failure_reasons()
            self.reason = result.error or (reasons[0] if reasons else "a gating expectation was not met")
            self.status = result.status


def _verdicts(run: ResultsFile) -> tuple[dict[str, _Verdict], int]:
    """Each example's verdict, keyed by hash; an example passes only when every row of it passed. Also how many
    rows have no hash."""
    if run.results and all(result.example_hash is None for result in run.results):
        raise CompareError(
            f"{run.name}: the results carry no example hashes (results format {run.record.results_format}); "
            "evaluate the executed benchmark again with this MorganaBench to compare it"
        )
    verdicts: dict[str, _Verdict] = {}
    for result in run.results:
        if result.example_hash is not None:
            verdict = _Verdict(result.line, categories=dict(result.categories))
            verdicts.setdefault(result.example_hash, verdict).add(result)
    return verdicts, sum(result.example_hash is None for result in run.results)


def _summary(run: ResultsFile, paired: set[str]) -> Summary:
    """The summary of the rows of ``run`` whose example both runs have: a rate that moved because an example was
    dropped or added is no change of the agent."""
    builder = SummaryBuilder()
    for result in run.results:
        if result.example_hash in paired:
            builder.add(result)
    return builder.build()


def _delta(kind: str, name: str, base: Counts, new: Counts, p_value: float | None) -> SliceDelta:
    """The delta of one slice; overall, with repeated trials, its intervals count examples as ``mb eval``'s do."""
    trials = [
        [e.trials for e in run.repeats.examples] if isinstance(run, Summary) and run.repeats else []
        for run in (base, new)
    ]
    before, after = per_example(base.passed, base.total, trials[0]), per_example(new.passed, new.total, trials[1])
    both = base.total > 0 and new.total > 0  # a slice one run lacks has no delta (the table's "-")
    return SliceDelta(
        kind=kind,
        name=name,
        base_passed=base.passed,
        base_total=base.total,
        new_passed=new.passed,
        new_total=new.total,
        base_undecided=base.undecided,
        new_undecided=new.undecided,
        base_interval=rate_interval(base.passed, base.undecided, base.total, trials[0]),
        new_interval=rate_interval(new.passed, new.undecided, new.total, trials[1]),
        delta=round(new.rate - base.rate, 6) if both else None,
        delta_interval=newcombe_interval(*before, *after) if both else None,
        p_value=p_value,
    )


def _flip(key: str, base: _Verdict, new: _Verdict) -> Flip:
    reason = new.reason if new.status != "passed" else base.reason
    return Flip(
        example_hash=key,
        base_line=base.line,
        new_line=new.line,
        base_status=base.status,
        new_status=new.status,
        reason=reason,
    )


def _judge_warning(base: ResultsFile, new: ResultsFile) -> str | None:
    """Why the verdicts of the two runs may differ through how they were scored rather than through the agent:
    different judges or judge prompts, different ``--require`` gates, different MorganaBench versions (when both run
    records say)."""
    problems: list[str] = []
    before, after = base.record.judge, new.record.judge
    if before.name and after.name and (before.name, before.prompt_versions) != (after.name, after.prompt_versions):
        judges = f"{before.name} in {base.name}, {after.name} in {new.name}"
        if before.name == after.name:
            judges += ", with different prompt versions"
        problems.append(f"the runs used different judges ({judges})")
    gates = [", ".join(run.record.requirements) or "none" for run in (base, new)]
    if sorted(base.record.requirements) != sorted(new.record.requirements):
        problems.append(
            f"the runs gate verdicts on different metrics ({gates[0]} in {base.name}, {gates[1]} in {new.name})"
        )
    versions = base.record.mb_version, new.record.mb_version
    if None not in versions and versions[0] != versions[1]:
        problems.append(
            f"the runs were scored by different MorganaBench versions ({versions[0]} in {base.name}, {versions[1]} in "
            f"{new.name})"
        )
    return "; ".join(problems) + ": verdicts may differ for that reason alone" if problems else None


def compare_runs(base: ResultsFile, new: ResultsFile) -> Comparison:
    """Compare ``new`` with ``base``. Raises :class:`CompareError` when either has no example hashes or they share
    no example."""
    base_verdicts, base_unhashed = _verdicts(base)
    new_verdicts, new_unhashed = _verdicts(new)
    common = [key for key in base_verdicts if key in new_verdicts]
    if not common:
        raise CompareError(
            f"{base.name} and {new.name} share no example (their example hashes differ): they score different "
            "benchmarks"
        )
    regressions: list[Flip] = []
    fixes: list[Flip] = []
    undecided: list[Flip] = []
    flips_by_category: dict[str, list[int]] = {}
    for key in common:
        before, after = base_verdicts[key], new_verdicts[key]
        was, now = before.status == "passed", after.status == "passed"
        some, later = before.trials[1] > 0, after.trials[1] > 0  # some trial passed
        fell = some and not later and after.status in ("failed", "error")  # a regression whatever the undecided
        if not fell and (before.trials[2] or after.trials[2]):  # undecided trials: no regression or fix drawn
            if before.status != after.status or some != later:
                undecided.append(_flip(key, before, after))
            continue
        if not (was or now):  # neither run passed every trial: whether some trial passed decides
            was, now = some, later
        if was == now:
            continue
        flip = _flip(key, before, after)
        if not (before.status == "passed" or after.status == "passed"):
            (n, passed, _), (m, passes, _) = before.trials, after.trials
            flip.reason = f"{passed} of {n} trial(s) passed in base, {passes} of {m} in new; {flip.reason}"
        (regressions if was else fixes).append(flip)
        for name, value in before.categories.items():
            flips_by_category.setdefault(f"{name}={value}", [0, 0])[0 if was else 1] += 1
    for flips in (regressions, fixes, undecided):
        flips.sort(key=lambda flip: flip.new_line)
    missing = [(key, verdict) for key, verdict in base_verdicts.items() if key not in new_verdicts]
    base_summary, new_summary = _summary(base, set(common)), _summary(new, set(common))
    slices = [_delta("overall", "", base_summary, new_summary, mcnemar_exact(len(regressions), len(fixes)))]
    for kind in ("assertion", "matcher", "check", "metric", "category"):
        before_slices: dict[str, RateStat] = getattr(base_summary, f"by_{kind}")
        after_slices: dict[str, RateStat] = getattr(new_summary, f"by_{kind}")
        for name in [*before_slices, *(n for n in after_slices if n not in before_slices)]:
            p_value = mcnemar_exact(*flips_by_category.get(name, [0, 0])) if kind == "category" else None
            empty = RateStat()
            slices.append(_delta(kind, name, before_slices.get(name, empty), after_slices.get(name, empty), p_value))
    return Comparison(
        base=base.name,
        new=new.name,
        paired=len(common),
        regressions=regressions,
        fixes=fixes,
        undecided=undecided,
        p_value=mcnemar_exact(len(regressions), len(fixes)),
        only_in_base=sorted(v.line for k, v in missing),
        only_in_new=sorted(v.line for k, v in new_verdicts.items() if k not in base_verdicts),
        unhashed=base_unhashed + new_unhashed,
        missing_passed=sorted(verdict.line for _, verdict in missing if verdict.status == "passed"),
        slices=slices,
        judge_warning=_judge_warning(base, new),
    )


def compare_many(base: ResultsFile, others: Sequence[ResultsFile]) -> list[Comparison]:
    """Each of ``others`` compared with ``base``."""
    return [compare_runs(base, other) for other in others]
