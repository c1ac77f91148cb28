"""Fitting the interaction model of ``mb.judges._interaction`` with torch (here only; the judge runs it in numpy).

The layers mirror ``interaction_probability`` on padded batches: padding pieces are masked out of the soft alignment
and of the pools. Each member is fitted from its own seed by AdamW on the log loss; ``weights`` turns the fitted
members into the arrays the judge reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mb.judges._alignment import Pieces
from mb.judges._interaction import Interaction, piece_inputs

__all__ = ["EPOCHS", "MEMBERS", "WIDTH", "fit_interaction", "head", "torch_probabilities", "weights"]

WIDTH = 64
"""Width of the projected pieces and of the hidden layers."""

EPOCHS = 5
"""Passes over the fitting pairs: the validation log loss of an inner split of the training folds is flat from 3 to
7 and rises after 8."""

MEMBERS = 3
"""Members fitted from different seeds, whose probabilities are averaged."""

_DROPOUT, _RATE, _DECAY, _BATCH = 0.1, 1e-3, 1e-2, 64
_INSTALL = "fitting the interaction model needs torch: pip install torch (the CPU wheel is enough)"


def _torch() -> Any:
    try:
        import torch
    except ImportError as error:
        raise SystemExit(_INSTALL) from error
    return torch


def head(inputs: int, features: int) -> Any:
    """An untrained member: ``inputs`` values per piece, ``features`` standardised pair features."""
    torch = _torch()
    nn = torch.nn

    class Head(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.project = nn.Linear(inputs, WIDTH)
            self.compare = nn.Linear(4 * WIDTH, WIDTH)
            self.hidden = nn.Linear(4 * WIDTH + features, WIDTH)
            self.out = nn.Linear(WIDTH, 1)
            self.drop = nn.Dropout(_DROPOUT)

        def side(self, own: Any, other: Any, own_mask: Any, other_mask: Any) -> Any:
            scores = (own @ other.transpose(1, 2)).masked_fill(~other_mask[:, None, :], -1e9)
            aligned = torch.softmax(scores, dim=2) @ other
            compared = torch.relu(self.compare(torch.cat([own, aligned, own - aligned, own * aligned], dim=2)))
            weight = own_mask[:, :, None].float()
            mean = (compared * weight).sum(1) / weight.sum(1).clamp(min=1)
            top = compared.masked_fill(~own_mask[:, :, None], -1e9).max(1).values
            return torch.cat([mean, top], dim=1)

        def forward(self, a: Any, b: Any, a_mask: Any, b_mask: Any, scaled: Any) -> Any:
            pa, pb = self.drop(self.project(a)), self.drop(self.project(b))
            pooled = torch.cat([self.side(pa, pb, a_mask, b_mask), self.side(pb, pa, b_mask, a_mask), scaled], dim=1)
            return self.out(self.drop(torch.relu(self.hidden(pooled))))[:, 0]

    return Head()


def _padded(sides: Sequence[Pieces]) -> tuple[Any, Any]:
    torch = _torch()

    rows = [piece_inputs(side).astype(np.float32) for side in sides]
    longest = max(1, *(len(row) for row in rows))
    values = np.zeros((len(rows), longest, rows[0].shape[1]), dtype=np.float32)
    mask = np.zeros((len(rows), longest), dtype=bool)
    for i, row in enumerate(rows):
        values[i, : len(row)], mask[i, : len(row)] = row, True
    return torch.from_numpy(values), torch.from_numpy(mask)


def fit_interaction(
    candidates: Sequence[Pieces],
    references: Sequence[Pieces],
    x: np.ndarray,
    y: np.ndarray,
    members: int = MEMBERS,
    epochs: int = EPOCHS,
) -> Interaction:
    """The interaction model fitted on these pairs (``x``: their ``SHORT_FEATURES``, standardised here)."""
    torch = _torch()

    torch.set_num_threads(min(2, torch.get_num_threads()))
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 1e-6, scale, 1.0)
    a, a_mask = _padded(candidates)
    b, b_mask = _padded(references)
    scaled = torch.from_numpy(((x - mean) / scale).astype(np.float32))
    target = torch.from_numpy(y.astype(np.float32))
    fitted = []
    for seed in range(members):
        torch.manual_seed(seed)
        model = head(a.shape[2], x.shape[1])
        optimiser = torch.optim.AdamW(model.parameters(), lr=_RATE, weight_decay=_DECAY)
        order = torch.Generator().manual_seed(seed)
        model.train()
        for _ in range(epochs):
            permutation = torch.randperm(len(y), generator=order)
            for start in range(0, len(y), _BATCH):
                batch = permutation[start : start + _BATCH]
                logit = model(a[batch], b[batch], a_mask[batch], b_mask[batch], scaled[batch])
                loss = torch.nn.functional.binary_cross_entropy_with_logits(logit, target[batch])
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
        fitted.append(model.eval())
    return weights(fitted, mean, scale)


def weights(members: Sequence[Any], mean: np.ndarray, scale: np.ndarray) -> Interaction:
    """The arrays ``mb.judges._interaction`` reads, from fitted torch members."""

    def stack(layer: str, part: str) -> np.ndarray:
        tensors = [getattr(getattr(m, layer), part).detach().double().numpy() for m in members]
        return np.stack([t.T if part == "weight" else t for t in tensors])

    return Interaction(
        project_w=stack("project", "weight"),
        project_b=stack("project", "bias"),
        compare_w=stack("compare", "weight"),
        compare_b=stack("compare", "bias"),
        hidden_w=stack("hidden", "weight"),
        hidden_b=stack("hidden", "bias"),
        out_w=stack("out", "weight")[:, :, 0],
        out_b=stack("out", "bias")[:, 0],
        feature_mean=np.asarray(mean, dtype=np.float64),
        feature_scale=np.asarray(scale, dtype=np.float64),
    )


def torch_probabilities(
    model: Interaction, candidates: Sequence[Pieces], references: Sequence[Pieces], x: np.ndarray
) -> np.ndarray:
    """P(equivalent) of each pair by torch from the arrays of ``model`` (padded batch, float64): the reference the
    numpy evaluation is checked against."""
    torch = _torch()

    a, a_mask = _padded(candidates)
    b, b_mask = _padded(references)
    scaled = torch.from_numpy((x - model.feature_mean) / model.feature_scale)
    total = np.zeros(len(x))
    for m in range(model.out_b.shape[0]):
        member = head(a.shape[2], x.shape[1]).double().eval()
        with torch.no_grad():
            for layer, w, bias in (
                ("project", model.project_w, model.project_b),
                ("compare", model.compare_w, model.compare_b),
                ("hidden", model.hidden_w, model.hidden_b),
                ("out", model.out_w[:, :, None], model.out_b[:, None]),
            ):
                getattr(member, layer).weight.copy_(torch.from_numpy(w[m].T.copy()))
                getattr(member, layer).bias.copy_(torch.from_numpy(bias[m].copy()))
            logit = member(a.double(), b.double(), a_mask, b_mask, scaled)
        total += torch.sigmoid(logit).numpy()
    return total / model.out_b.shape[0]
