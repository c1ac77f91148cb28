"""The run record of an evaluation (see :mod:`mb.results_format`) and the cost of its token use."""

from __future__ import annotations

import difflib
import math
import tomllib
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path

import orjson
from pydantic import ConfigDict, ValidationError

from ._model import Model
from ._version import __version__
from .errors import ConfigError
from .io import read_small_file
from .io._errors import not_utf8
from .judges.base import Judge, JudgeTask
from .metrics import METRICS, MetricSpec
from .metrics._base import threshold_of
from .results import Summary, TokenUse
from .results_format import JudgeInfo, MetricInfo, RunCounts, RunRecord

__all__ = [
    "ModelPrice",
    "PricesError",
    "build_run_record",
    "check_prices",
    "judge_token_use",
    "load_prices",
    "price_usage",
    "total_cost",
]


class ModelPrice(Model):
    """What a model's tokens cost, per million."""

    model_config = ConfigDict(defer_build=True, extra="forbid")  # a misspelt key is an error, never ignored

    input: float
    """Price of one million input (prompt) tokens."""

    output: float
    """Price of one million output (completion) tokens."""


class PricesError(ConfigError):
    """A prices file that cannot be used."""


def load_prices(path: Path) -> dict[str, ModelPrice]:
    """Read a prices file (JSON or TOML by suffix): ``{"model": {"input": 2.5, "output": 10.0}}``, prices per
    one million tokens. Raises :class:`PricesError` naming the file and the field for anything else."""
    try:
        data = read_small_file(path, 16 << 20)
    except OSError as exc:
        raise PricesError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PricesError(f"{path}: {not_utf8(exc)}") from None
    try:
        document = tomllib.loads(text) if path.suffix == ".toml" else orjson.loads(text)
    except (tomllib.TOMLDecodeError, orjson.JSONDecodeError) as exc:
        raise PricesError(f"{path}: not valid {'TOML' if path.suffix == '.toml' else 'JSON'}: {exc}") from None
    return check_prices(document, str(path))


def check_prices(document: object, where: str = "prices") -> dict[str, ModelPrice]:
    """The prices of ``document`` (``{"model": {"input": 2.5, "output": 10.0}}``, or :class:`ModelPrice` values),
    checked as a prices file is; a :class:`PricesError` names ``where``, the model and the key otherwise."""
    if not isinstance(document, Mapping):
        raise PricesError(f"{where}: expected an object mapping model names to {{input, output}} prices")
    prices: dict[str, ModelPrice] = {}
    for model, price in document.items():
        try:
            prices[model] = ModelPrice.model_validate(price)
        except ValidationError as exc:
            problems = exc.errors(include_url=False)  # a misspelt key first: it explains the missing one
            problem = next((item for item in problems if item["type"] == "extra_forbidden"), problems[0])
            field = ".".join(str(part) for part in (model, *problem["loc"]))
            if problem["type"] == "extra_forbidden":
                key = str(problem["loc"][-1])
                close = difflib.get_close_matches(key, list(ModelPrice.model_fields), n=1, cutoff=0.6)
                hint = f' (did you mean "{close[0]}"?)' if close else ""
                raise PricesError(
                    f'{where}: {model}: unknown key "{key}"{hint}; a price takes the keys input and output only '
                    "(per million tokens; other token kinds, such as cached input, are not priced)"
                ) from None
            raise PricesError(f"{where}: {field}: {problem['msg']}") from None
        if not all(math.isfinite(value) and value >= 0 for value in (prices[model].input, prices[model].output)):
            raise PricesError(f"{where}: {model}: prices must be finite numbers of 0 or more")
    return prices


def price_usage(
    usage: TokenUse,
    prices: Mapping[str, ModelPrice],
    default_model: str | None = None,
    calls: Mapping[str, int] | None = None,
) -> TokenUse:
    """``usage`` with the cost of the tokens that have a price (tokens that name no model are priced as
    ``default_model``) and, in ``unpriced``, the ``calls`` (examples or requests by model) of the others; the cost
    is None when no token has a price."""
    total, unpriced = 0.0, {}
    for model, (tokens_in, tokens_out) in usage.by_model.items():
        price = prices.get(model or (default_model or ""))
        if price is None:
            unpriced[model] = (calls or {}).get(model, 0)
        else:
            total += (tokens_in * price.input + tokens_out * price.output) / 1_000_000
    cost = round(total, 6) if len(unpriced) < len(usage.by_model) else None
    return usage.model_copy(update={"cost": cost, "unpriced": unpriced})


def judge_token_use(judge: Judge, prices: Mapping[str, ModelPrice] | None) -> TokenUse | None:
    """The tokens an LLM judge spent (priced when its model has a price); None for judges that call no model."""
    counts = getattr(judge, "token_use", None)
    model = getattr(judge, "model", None)
    if not isinstance(counts, list) or len(counts) != 3 or not isinstance(model, str):
        return None
    usage = TokenUse(input_tokens=counts[0], output_tokens=counts[1], calls=counts[2], by_model={model: counts[:2]})
    return price_usage(usage, prices, calls={model: counts[2]}) if prices is not None else usage


def total_cost(*usages: TokenUse | None) -> float | None:
    """The cost of all token use given, when every token that was spent is priced; None otherwise."""
    spent = [usage for usage in usages if usage is not None and (usage.input_tokens or usage.output_tokens)]
    if not spent or any(usage.cost is None or usage.unpriced for usage in spent):
        return None
    return round(sum(usage.cost or 0.0 for usage in spent), 6)


def _judge_info(judge: Judge) -> JudgeInfo:
    model = getattr(judge, "model", None)
    if not isinstance(model, str) or not model:
        return JudgeInfo(name=judge.name)
    from .judges._prompts import PROMPTS

    versions = {task.value: PROMPTS[task].version for task in JudgeTask if task in PROMPTS and judge.supports(task)}
    served = sorted(getattr(judge, "served_models", None) or ()) or None
    return JudgeInfo(name=judge.name, model=model, prompt_versions=versions, served_models=served)


def _metrics(selected: Sequence[MetricSpec] | None, required: Sequence[MetricSpec]) -> dict[str, MetricInfo]:
    chosen = {name: MetricSpec(name) for name in METRICS} if selected is None else {s.name: s for s in selected}
    gating = {spec.name for spec in required}
    chosen.update({spec.name: spec for spec in required})
    return {
        name: MetricInfo(version=__version__, threshold=threshold_of(spec), gating=name in gating)
        for name, spec in chosen.items()
    }


def build_run_record(
    *,
    judge: Judge,
    metrics: Sequence[MetricSpec] | None,
    required: Sequence[MetricSpec],
    input_file: str | None,
    input_sha256: str | None,
    started_at: datetime,
    finished_at: datetime,
    summary: Summary,
) -> RunRecord:
    """The run record of an evaluation that produced ``summary`` (its agent usage priced or not)."""
    return RunRecord(
        judge=_judge_info(judge),
        metrics=_metrics(metrics, required),
        requirements=[spec.name if spec.threshold is None else f"{spec.name}={spec.threshold:g}" for spec in required],
        input_file=input_file,
        input_sha256=input_sha256,
        started_at=started_at,
        finished_at=finished_at,
        counts=RunCounts.model_validate(summary, from_attributes=True),
        repeats=summary.repeats.max_trials if summary.repeats is not None else None,
        agent_usage=summary.agent_usage,
        judge_usage=summary.judge_usage,
        cost=summary.cost,
    )
