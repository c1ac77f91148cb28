"""Evaluation results: one :class:`ExampleResult` per benchmark line, and the run's :class:`Summary`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from ._model import Model

__all__ = [
    "AssertionResult",
    "CheckResult",
    "Counts",
    "EvaluationResults",
    "ExampleResult",
    "ExampleTrials",
    "MetricResult",
    "ParameterResult",
    "RateStat",
    "RepeatStats",
    "RunResult",
    "Status",
    "Summary",
    "TokenUse",
    "item_status",
]

Status = Literal["passed", "failed", "undecided", "error"]


def item_status(passed: object, error: object, undecided: object) -> Status:
    """How one gating item (assertion, check, required metric) ended; an example's status is the worst of its items'
    (failed > error > undecided > passed), and the reason it shows is that of its first item of that status."""
    return "error" if error else "undecided" if undecided else "passed" if passed else "failed"


class ParameterResult(Model):
    """The verdict on one parameter assertion against the call assigned to its tool-call assertion."""

    params: list[str]
    """The parameter names asserted (one name for a single-parameter assertion)."""

    match_as: str
    """The matcher kind: ``equality``, ``email``, ``missing``, ``optional``, ``free_text`` or ``date_time``; in extended
    assertions also ``any_of``, ``number``, ``regex``, ``grounded``, and ``closed`` for the check of a closed call."""

    passed: bool
    """Whether the argument(s) satisfied the matcher."""

    score: float | None = None
    """Degree of match in [0, 1] (1 or 0 for deterministic matchers, the judge's score for ``free_text``)."""

    reason: str
    """Why it passed or failed, naming expected and actual values."""

    error: str | None = None
    """Set when the verdict could not be reached (a judge failure); ``passed`` is then False but not a failure."""

    undecided: bool = False
    """True when a semantic check could not be decided with confidence: never passed; the example is then undecided."""

    confidence: float | None = None
    """For ``free_text``: the judge's calibrated probability that its verdict is right (offline judges)."""


class AssertionResult(Model):
    """The verdict on one entry of ``expectations.assertions`` or, after those, of ``extended_assertions``."""

    assert_that: str
    """``tool_called`` or ``no_tool_called``; in extended assertions also ``tool_not_called``, ``tool_order`` and
    ``tool_call_count``."""

    tool: str | None = None
    """The tool the assertion names (None for ``no_tool_called``, ``tool_order`` and a count of every call)."""

    passed: bool
    """Whether the assertion holds."""

    call_id: str | None = None
    """The ``tool_call`` assigned to this assertion, or when it failed the closest call; None when there is none."""

    reason: str
    """Why it passed or failed."""

    parameters: list[ParameterResult] = []  # noqa: RUF012 (a pydantic field)
    """Per parameter assertion, aligned with the assertion's ``parameters`` list."""

    error: str | None = None
    """Set when a judge failure left no verdict (an error, not a failure)."""

    undecided: bool = False
    """True when a semantic check could not be decided with confidence: never passed; the example is then undecided."""


class CheckResult(Model):
    """A check of the example beyond its assertions (tool restriction, orphan results, expected response...)."""

    name: str
    """What was checked, e.g. ``tools_restriction``, ``orphan_tool_results``, ``expected_response``."""

    passed: bool
    """Whether the check holds."""

    reason: str
    """Why it passed or failed."""

    gating: bool = True
    """Whether the check decides the example's verdict (informational checks are reported only)."""

    score: float | None = None
    """Degree of success in [0, 1] where meaningful."""

    error: str | None = None
    """Set when the check could not be judged (a judge failure): an error, not a failure."""

    undecided: bool = False
    """True when a semantic check could not be decided with confidence: never passed; the example is then undecided."""


class MetricResult(Model):
    """A response-level metric: value, pass/fail against its threshold, and the reason."""

    status: Literal["ok", "skipped", "error"] = "ok"
    """``skipped`` when the example lacks what the metric needs or no capable judge is configured."""

    value: float | None = None
    """The metric's value on its own scale (1-5 for graded metrics, 0-1 for ratios, a count for citations)."""

    passed: bool | None = None
    """Whether ``value`` meets ``threshold``; None when skipped or errored."""

    threshold: float | None = None
    """The pass mark used."""

    reason: str = ""
    """Why: the evidence behind the value, or why it was skipped or failed."""

    judge: str | None = None
    """The judge that decided, for judged metrics."""

    gating: bool = False
    """Whether this metric decides the example's verdict as a metric (``--require``); false for a required
    ``similarity`` on an example with an expected response, which decides it as the ``expected_response`` check."""

    details: dict[str, JsonValue] = Field(default_factory=dict)
    """Metric-specific details (per-citation support, per-chunk relevance, recall/precision...)."""


class ExampleResult(BaseModel):
    """The evaluation of one benchmark line."""

    model_config = ConfigDict(defer_build=True, extra="allow")

    line: int
    """1-based line number in the evaluated file (position in the input for in-memory evaluation)."""

    passed: bool
    """True when every gating expectation holds (assertions, tool restriction, no orphan results, response)."""

    status: Status = "failed"
    """``passed``, ``failed``, ``undecided`` (no failure and no error, but a semantic check the judge could not decide
    with confidence: never passed), or ``error`` (invalid line, agent failure, or a judge failure); each counted
    apart."""

    score: float = 0.0
    """Share of gating expectations met, in [0, 1]; an undecided one counts 0, whatever its judge's score."""

    assertions: list[AssertionResult] = []
    """One result per ``expectations.assertions`` entry, in order."""

    checks: list[CheckResult] = []
    """Other checks of the example (tool restriction, orphan tool results, expected response...)."""

    metrics: dict[str, MetricResult] = Field(default_factory=dict)
    """Response-level metrics by name (``similarity``, ``citations``, ``retrieval``...)."""

    error: str | None = None
    """Why the example could not be evaluated (invalid line, agent error); None otherwise."""

    categories: dict[str, str] = Field(default_factory=dict)
    """The example's ``inputs.metadata.categories``, for breakdowns."""

    example_hash: str | None = None
    """The example's stable hash (sha256 of its inputs and expectations), to join results to examples; None for a
    line that is not a valid example, and in results files written before the results format carried it."""

    repeat: int | None = None
    """Which trial of its example this line is (1-based), for benchmarks run with ``mb run --repeats``."""

    usage: dict[str, int | str] | None = None
    """The agent's token use on this example as its outputs report it (``input_tokens``, ``output_tokens``,
    ``total_tokens``, ``model``); None when not reported."""

    request: str | None = None
    """The start of the example's last user message (80 characters at most), to name it in reports and test
    runners; None for a line that is not a valid example."""

    latency_ms: float | None = None
    """The agent's wall time on this example in milliseconds (``outputs.latency_ms``, which ``mb run`` records);
    None when not recorded."""

    def failure_reasons(self) -> list[str]:
        """Why the example did not pass: ``"error: <why>"`` when it could not be evaluated, then
        ``"<tool or kind>: <reason>"`` for each assertion that did not pass, ``"<check>: <reason>"`` for each such
        gating check and ``"<metric>: <reason>"`` for each required metric below its pass mark; those of the items
        whose status is the example's first (a failed example's failures before its errors)."""
        reasons = [f"error: {self.error}"] if self.error else []
        items = [
            (f"{a.tool or a.assert_that}: {a.reason}", item_status(a.passed, a.error, a.undecided))
            for a in self.assertions
        ]
        items += [
            (f"{c.name}: {c.reason}", item_status(c.passed, c.error, c.undecided)) for c in self.checks if c.gating
        ]
        items += [
            (f"{name}: {m.reason}", item_status(False, None, m.details.get("undecided")))
            for name, m in self.metrics.items()
            if m.gating and m.passed is False
        ]
        items.sort(key=lambda item: item[1] != self.status)
        return reasons + [reason for reason, status in items if status != "passed"]


class Counts(Model):
    """How many items (examples, assertions, checks, result lines...) had each outcome, each counted apart."""

    total: int = 0
    """Items counted (errors and undecided items included)."""

    passed: int = 0
    """Items that passed."""

    failed: int = 0
    """Items that failed."""

    errors: int = 0
    """Items that could not be evaluated or judged (invalid line, agent error, judge failure)."""

    undecided: int = 0
    """Items a semantic check left undecided (never passed); 0 in results written before verdicts could be
    undecided."""

    @property
    def rate(self) -> float:
        """Passed over total (0 when empty)."""
        return self.passed / self.total if self.total else 0.0


class RateStat(Counts):
    """Pass counts for one slice of the run."""

    mean: float | None = None
    """Mean value, for metrics."""


class TokenUse(Model):
    """Tokens spent, and their cost when prices are known."""

    input_tokens: int = 0
    """Prompt tokens."""

    output_tokens: int = 0
    """Completion tokens."""

    calls: int = 0
    """Examples (for the agent) or requests (for the judge) the counts come from."""

    by_model: dict[str, list[int]] = Field(default_factory=dict)
    """``[input_tokens, output_tokens]`` per model, for the calls that name their model (``""`` for the others)."""

    cost: float | None = None
    """Cost of the priced tokens in the prices file's currency; None without prices or when none has a price."""

    unpriced: dict[str, int] = Field(default_factory=dict)
    """With prices: the examples (agent) or requests (judge) whose tokens have no price, by model (``""`` when the
    usage names none); ``cost`` leaves them out."""

    def cost_text(self, unit: str) -> str:
        """``, cost 0.0123``, or what is unknown and why, for a summary line counting ``unit``s."""
        if not self.unpriced:
            return "" if self.cost is None else f", cost {self.cost:.4f}"
        whys = [f"no price for {model}" if model else "usage names no model" for model in self.unpriced]
        unknown = sum(self.unpriced.values())
        known = "" if self.cost is None else f", {self.cost:.4f} for the other {self.calls - unknown}"
        return f", cost unknown for {unknown} {unit}(s) ({'; '.join(whys)}){known}"


class ExampleTrials(Model):
    """One example's verdicts over its repeated trials."""

    example_hash: str
    """The example's stable hash."""

    line: int
    """The first line of its trials in the evaluated file."""

    trials: int
    """Trials evaluated."""

    passed: int
    """Trials that passed (errors do not)."""

    @property
    def rate(self) -> float:
        """Passed over trials."""
        return self.passed / self.trials if self.trials else 0.0


class RepeatStats(Model):
    """Reliability over repeated trials (``mb run --repeats``): per example pass rates, pass@k and pass^k."""

    max_trials: int
    """The most trials any example has (K)."""

    examples: list[ExampleTrials]
    """Every repeated example, by first line."""

    pass_at_k: dict[int, float]
    """For k = 1..K: the chance that at least one of k trials passes (unbiased estimator, averaged over the
    examples with at least k trials)."""

    pass_hat_k: dict[int, float]
    """For k = 1..K: the chance that all k trials pass (pass^k, unbiased estimator, averaged likewise)."""

    flaky: list[ExampleTrials]
    """Examples that passed some trials and not others."""


class Summary(Counts):
    """What a run of the evaluator found, overall and by slice: ``total`` counts the lines evaluated, ``passed`` the
    examples whose every gating expectation holds, ``undecided`` those with no failure and no error but a semantic
    check the judge could not decide with confidence."""

    pass_rate: float = 0.0
    """``passed / total`` (errors and undecided examples count against it): the lower bound of a rate that may reach
    ``(passed + undecided) / total``."""

    judge: str = ""
    """The judge that decided semantic questions, e.g. ``local`` or ``llm:gpt-4o-mini``."""

    escalated: int = 0
    """Questions the offline judge left undecided and sent to the LLM judge (``auto`` with an LLM configured)."""

    llm_calls_saved: int = 0
    """Questions the offline judge decided, each an LLM call saved."""

    checked_nothing: int = 0
    """Examples undecided because they check nothing beyond the ``inputs.tools`` restriction and tool results with no
    call: no assertion, expected response or other check, no required metric (counted among ``undecided``)."""

    by_assertion: dict[str, RateStat] = Field(default_factory=dict)
    """Assertion pass counts by kind (``tool_called``, ``no_tool_called``, and the extended kinds)."""

    by_matcher: dict[str, RateStat] = Field(default_factory=dict)
    """Parameter-assertion pass counts by matcher kind."""

    by_check: dict[str, RateStat] = Field(default_factory=dict)
    """Check pass counts by check name."""

    by_metric: dict[str, RateStat] = Field(default_factory=dict)
    """Metric pass counts and mean value by metric name (skipped metrics not counted)."""

    by_category: dict[str, RateStat] = Field(default_factory=dict)
    """Example pass counts per ``metadata.categories`` value, keyed ``key=value``."""

    error_messages: list[str] = []  # noqa: RUF012 (a pydantic field)
    """The first errors met (line and message), to act on."""

    pass_rate_interval: tuple[float, float] | None = None
    """The 95% interval of ``pass_rate`` from passed to passed + undecided (Wilson: :func:`~mb.stats.rate_interval`);
    None when nothing was evaluated."""

    agent_usage: TokenUse | None = None
    """The agent's token use summed over the examples whose outputs report it; None when none do."""

    judge_usage: TokenUse | None = None
    """The tokens an LLM judge spent on this evaluation's calls (verdicts from its cache cost none); None for
    judges that call no model."""

    cost: float | None = None
    """Agent and judge cost together, when prices are configured for every model that spent tokens."""

    repeats: RepeatStats | None = None
    """Reliability over repeated trials, when the evaluated lines are trials of ``mb run --repeats``."""


class EvaluationResults(Model):
    """What :func:`mb.evaluate` returns: every example result of an evaluation, in input order, and their
    summary."""

    results: list[ExampleResult]
    """One result per evaluated line, in input order."""

    summary: Summary
    """Aggregates over ``results``."""


RunResult = EvaluationResults
"""The former name of :class:`EvaluationResults`, kept so that code written against it keeps working."""
