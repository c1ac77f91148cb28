"""Summaries of repeated trials (pass rate per example, pass@k, pass^k, flaky examples) and of token use."""

from __future__ import annotations

from ..results import ExampleTrials, RepeatStats, TokenUse
from ..stats import pass_at_k, pass_hat_k

__all__ = ["repeat_stats", "token_use"]


def repeat_stats(trials: dict[str, list[int]]) -> RepeatStats | None:
    """Reliability from ``{example hash: [trials, passed, first line]}``; None when no example was repeated."""
    if not trials:
        return None
    examples = sorted(
        (ExampleTrials(example_hash=key, line=line, trials=n, passed=c) for key, (n, c, line) in trials.items()),
        key=lambda example: example.line,
    )
    most = max(example.trials for example in examples)
    at_k: dict[int, float] = {}
    hat_k: dict[int, float] = {}
    for k in range(1, most + 1):
        counted = [example for example in examples if example.trials >= k]
        at_k[k] = round(sum(pass_at_k(e.trials, e.passed, k) for e in counted) / len(counted), 6)
        hat_k[k] = round(sum(pass_hat_k(e.trials, e.passed, k) for e in counted) / len(counted), 6)
    flaky = [example for example in examples if 0 < example.passed < example.trials]
    return RepeatStats(max_trials=most, examples=examples, pass_at_k=at_k, pass_hat_k=hat_k, flaky=flaky)


def token_use(usage: dict[str, list[int]]) -> TokenUse | None:
    """The agent's token use from ``{model: [input, output, examples]}``; None when no example reported any."""
    if not usage:
        return None
    return TokenUse(
        input_tokens=sum(tally[0] for tally in usage.values()),
        output_tokens=sum(tally[1] for tally in usage.values()),
        calls=sum(tally[2] for tally in usage.values()),
        by_model={model: [tally[0], tally[1]] for model, tally in usage.items()},
    )
