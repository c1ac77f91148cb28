"""Which metrics an evaluation computes and which of them gate the verdict (``--metrics``, ``--require``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..entities import Example
from ..errors import ConfigError
from ..metrics import METRICS, MetricSpec

__all__ = ["MetricPlan"]


@dataclass(frozen=True)
class MetricPlan:
    """Which metrics to compute and which of them gate the verdict."""

    selected: tuple[MetricSpec, ...] | None = None
    """Metrics to compute; None computes every registered metric that applies to the example."""

    required: tuple[MetricSpec, ...] = ()
    """Metrics that gate the verdict (computed even when they would not apply)."""

    def __post_init__(self) -> None:
        """A metric given twice alike counts once; named twice with different pass marks it has none:
        :class:`~mb.errors.ConfigError`, never the last one kept."""
        for what in ("required", "selected"):
            given: tuple[MetricSpec, ...] | None = getattr(self, what)
            if given is None:
                continue
            specs = tuple(s for i, s in enumerate(given) if s not in given[:i])  # ``exact_match,exact_match``: once
            names = [spec.name for spec in specs]
            twice = next((name for name in names if names.count(name) > 1), None)
            if twice is not None:
                shown = ", ".join(_spec_text(spec) for spec in specs if spec.name == twice)
                raise ConfigError(f"metric {twice!r} is {what} more than once ({shown}): give it once")
            object.__setattr__(self, what, specs)

    def specs_for(self, example: Example) -> list[tuple[MetricSpec, bool]]:
        """(spec, gating) for each metric to compute on ``example``, in registry order.

        A required similarity does not gate as a metric when the example has an expected response: it is the
        ``expected_response`` check then, which already gates (counted once).
        """
        if self.selected == () and not self.required:
            return []  # --metrics none
        required = {spec.name: spec for spec in self.required}
        if self.selected is None:
            chosen = {name: MetricSpec(name) for name, metric in METRICS.items() if metric.applies(example)}
        else:
            chosen = {spec.name: spec for spec in self.selected}
        chosen.update(required)
        checked = "similarity" if example.expectations.expected_response else None
        return [(chosen[name], name in required and name != checked) for name in METRICS if name in chosen]

    def similarity_spec(self) -> MetricSpec:
        """The similarity pass mark used for ``expected_response`` (a required or selected threshold, else 3)."""
        given = (*self.required, *(self.selected or ()))
        return next((spec for spec in given if spec.name == "similarity"), MetricSpec("similarity"))


def _spec_text(spec: MetricSpec) -> str:
    return spec.name if spec.threshold is None else f"{spec.name}={spec.threshold:g}"
