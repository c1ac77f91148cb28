"""The LLM judge: any OpenAI-compatible chat-completions endpoint, graded with versioned rubrics.

Configuration comes from arguments or the environment: ``MB_JUDGE_MODEL``, ``MB_JUDGE_BASE_URL`` (any
OpenAI-compatible server; default OpenAI) and ``MB_JUDGE_API_KEY`` (else ``OPENAI_API_KEY``; a local server given by
URL needs none). Each request is answered as JSON ``{"reason", "score": 1..5}``, asked first with a strict JSON
schema, then plain JSON mode, then free text, whichever the server accepts. Transient failures (429, 5xx, timeouts,
connection errors) are retried with exponential backoff and jitter, honouring ``Retry-After``; a malformed answer is
asked again once. Verdicts persist in a SQLite cache keyed by (judge, model, endpoint, prompt version, request), so a
re-run costs no calls, and identical requests in flight are asked once. Nothing raises: a failure becomes a verdict
with ``error`` set.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import anyio.lowlevel

from .._redact import redact, url_credentials
from ._cache import JudgeCache, cache_key, default_cache_path
from ._prompts import ANSWER_SCHEMA, PROMPTS, messages_for, parse_answer, required_fields
from .base import JudgeRequest, JudgeTask, Verdict

if TYPE_CHECKING:
    from collections.abc import Mapping

    from openai import AsyncOpenAI

__all__ = ["JudgeConfigError", "LLMJudge", "llm_configured"]

_RETRYABLE = frozenset({408, 409, 429})
_MODES = ("json_schema", "json_object", "text")
_MAX_RETRY_AFTER = 120.0


class JudgeConfigError(ValueError):
    """The judge cannot be set up as asked (no model named, no API key)."""


def llm_configured(env: Mapping[str, str] | None = None) -> tuple[bool, str]:
    """Whether the environment configures an LLM judge, and why (or why not)."""
    env = os.environ if env is None else env
    model = env.get("MB_JUDGE_MODEL", "").strip()
    if not model:
        return False, "MB_JUDGE_MODEL is not set"
    for variable in ("MB_JUDGE_API_KEY", "OPENAI_API_KEY", "MB_JUDGE_BASE_URL"):
        if env.get(variable, "").strip():
            return True, f"MB_JUDGE_MODEL={model} and {variable} are set"
    return False, f"MB_JUDGE_MODEL={model} is set but neither MB_JUDGE_API_KEY, OPENAI_API_KEY nor MB_JUDGE_BASE_URL"


class _CallFailed(Exception):
    """The endpoint could not produce an answer (after retries)."""


@dataclass
class _Pending:
    """A request being asked; concurrent identical requests wait for it."""

    done: anyio.Event = field(default_factory=anyio.Event)
    """Set once ``verdict`` is known."""

    verdict: Verdict | None = None
    """The answer, for the requests that waited."""


@dataclass
class _LoopState:
    """What must belong to one event loop: the concurrency limiter and the requests in flight."""

    loop: object
    """The event loop this state belongs to."""

    limiter: anyio.CapacityLimiter
    """Bounds the requests in flight."""

    inflight: dict[str, _Pending] = field(default_factory=dict)
    """Requests being asked, by cache key."""

    client: Any = None
    """The HTTP client of this loop (its connection pool cannot outlive the loop), made on first use."""


def _env(name: str) -> str | None:
    value = os.environ.get(name, "").strip()
    return value or None


def _retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds the server asks us to wait (``retry-after-ms`` or ``Retry-After`` in seconds or as an HTTP date)."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds:
        try:
            return min(_MAX_RETRY_AFTER, max(0.0, float(milliseconds) / 1000.0))
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            seconds = parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError, IndexError, OverflowError):
            return None
    return min(_MAX_RETRY_AFTER, max(0.0, seconds))


def _refused(exc: Exception) -> bool:
    """True when the connection itself failed (refused, or the host name does not resolve), not a timeout: the
    cause is the HTTP client's ``ConnectError`` (matched by name, whichever httpx build the OpenAI SDK uses)."""
    cause = exc.__cause__
    return cause is not None and any(kind.__name__ == "ConnectError" for kind in type(cause).__mro__)


class LLMJudge:
    """Asks an OpenAI-compatible chat model; answers every JudgeTask."""

    def __init__(
        self,
        model: str | None = None,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        max_concurrency: int = 8,
        max_retries: int = 4,
        backoff_base: float = 0.5,
        backoff_max: float = 30.0,
        timeout: float = 60.0,
        deadline: float | None = 300.0,
        temperature: float | None = 0.0,
        cache: bool | str | Path | JudgeCache = True,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        """Arguments left out come from ``MB_JUDGE_MODEL``, ``MB_JUDGE_BASE_URL``, ``MB_JUDGE_API_KEY`` /
        ``OPENAI_API_KEY``. ``max_retries`` retries follow a first attempt, waiting ``backoff_base * 2**n`` seconds
        (jittered, at most ``backoff_max``) unless the server says ``Retry-After``. ``temperature=None`` leaves it out
        (for models that reject it). ``timeout`` bounds each attempt as a whole, not only each read (a server that
        trickles bytes is cut off and the attempt retried like any timeout); ``deadline`` bounds a question, every
        attempt and wait included (None: no bound beyond the attempts'). ``cache``: True for the default file
        (``$MB_CACHE_DIR`` or ``~/.cache/morganabench``), a path, or False. ``sleep`` replaces ``anyio.sleep`` (tests).

        Raises JudgeConfigError when no model is named, or no API key is found for the default OpenAI endpoint.
        """
        self.model = model or _env("MB_JUDGE_MODEL") or ""
        if not self.model:
            raise JudgeConfigError("the LLM judge needs a model: set MB_JUDGE_MODEL or pass model=")
        self.base_url = base_url or _env("MB_JUDGE_BASE_URL")
        key = api_key or _env("MB_JUDGE_API_KEY") or _env("OPENAI_API_KEY")
        if key is None and self.base_url is None:
            raise JudgeConfigError(
                "the LLM judge needs an API key (MB_JUDGE_API_KEY or OPENAI_API_KEY) or a server (MB_JUDGE_BASE_URL)"
            )
        self._api_key = key or "not-needed"
        if max_concurrency < 1 or max_retries < 0:
            raise JudgeConfigError("max_concurrency must be at least 1 and max_retries at least 0")
        self.max_concurrency = max_concurrency
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        if timeout <= 0 or (deadline is not None and deadline <= 0):
            raise JudgeConfigError("timeout and deadline must be positive numbers of seconds")
        self.timeout = timeout
        self.deadline = deadline
        self.temperature = temperature
        self.cache: JudgeCache | None
        if isinstance(cache, JudgeCache):
            self.cache = cache
        elif cache is True:
            self.cache = JudgeCache(default_cache_path())
        elif cache is False:
            self.cache = None
        else:
            self.cache = JudgeCache(cache)
        self._sleep = sleep or anyio.sleep
        self._mode = 0
        self._state: _LoopState | None = None
        self.token_use = [0, 0, 0]
        """``[input tokens, output tokens, requests]`` the server reported for this judge's calls (cached verdicts
        cost none)."""
        self._reached = False  # some call got an answer from the endpoint
        self._unreachable: str | None = None  # why the endpoint is not tried any more (nothing ever answered)

    @property
    def name(self) -> str:
        """``llm:<model>``."""
        return f"llm:{self.model}"

    def supports(self, task: JudgeTask) -> bool:
        """Every task has a prompt."""
        return task in PROMPTS

    def key(self, request: JudgeRequest) -> str:
        """The cache key of a request: judge kind, model, endpoint, prompt version and the request's texts."""
        prompt = PROMPTS[request.task]
        return cache_key(
            "llm",
            self.model,
            self.base_url or "",
            prompt.version,
            request.task.value,
            request.candidate,
            request.reference,
            request.question,
        )

    def _loop_state(self) -> _LoopState:
        loop = anyio.lowlevel.current_token().native_token
        if self._state is None or self._state.loop is not loop:
            self._state = _LoopState(loop, anyio.CapacityLimiter(self.max_concurrency))
        return self._state

    def _clean(self, text: str) -> str:
        """The server's text as it may be stored: an error or an answer may echo the key or the URL's credentials
        (also as the Basic token sent for them)."""
        return redact(text, self._api_key, *url_credentials(self.base_url))

    def _error(self, message: str) -> Verdict:
        message = self._clean(message)
        return Verdict(0.0, message, self.name, error=message)

    def _early(self, request: JudgeRequest) -> Verdict | None:
        """A verdict decided without asking: unknown task, missing field, blank text."""
        from ._guards import precheck  # the guards' tables load when a first question is asked

        if request.task not in PROMPTS:
            return self._error(f"the LLM judge has no prompt for {request.task!r}")
        fixed = precheck(request)
        if fixed is not None:
            return Verdict(fixed[0], fixed[1], self.name)
        missing = [name for name in required_fields(request.task) if not str(getattr(request, name)).strip()]
        if missing:
            return self._error(f"{request.task.value} needs the {' and '.join(missing)} of the request")
        return None

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order: cached verdicts first, the rest asked concurrently (each distinct
        request once)."""
        batch = list(requests)
        verdicts: list[Verdict | None] = [None] * len(batch)
        try:
            positions: dict[str, list[int]] = {}
            distinct: dict[str, JudgeRequest] = {}
            for index, request in enumerate(batch):
                early = self._early(request)
                if early is not None:
                    verdicts[index] = early
                    continue
                key = self.key(request)
                positions.setdefault(key, []).append(index)
                distinct.setdefault(key, request)
            answers: dict[str, Verdict] = {}
            if self.cache is not None and distinct:
                for key, (score, reason) in self.cache.get_many(distinct).items():
                    answers[key] = Verdict(score, self._clean(reason), self.name)  # kept by an earlier version
            todo = [key for key in distinct if key not in answers]
            if todo:
                await self._ask_all(todo, distinct, answers)
            for key, indexes in positions.items():
                for index in indexes:
                    verdicts[index] = answers.get(key) or self._error("the LLM judge gave no verdict")
        except Exception as exc:  # a judge never raises: whatever is unanswered records the failure
            failure = self._error(f"LLM judge failed: {type(exc).__name__}: {exc}")
            verdicts = [verdict or failure for verdict in verdicts]
        return [verdict or self._error("the LLM judge gave no verdict") for verdict in verdicts]

    async def _ask_all(self, keys: list[str], requests: dict[str, JudgeRequest], answers: dict[str, Verdict]) -> None:
        from openai import AsyncOpenAI

        state = self._loop_state()
        if state.client is None:
            state.client = AsyncOpenAI(
                api_key=self._api_key, base_url=self.base_url, timeout=self.timeout, max_retries=0
            )
        async with anyio.create_task_group() as group:
            for key in keys:
                group.start_soon(self._resolve, state.client, state, key, requests[key], answers)

    async def _resolve(
        self, client: AsyncOpenAI, state: _LoopState, key: str, request: JudgeRequest, answers: dict[str, Verdict]
    ) -> None:
        """Answer one distinct request, sharing the answer with identical requests already in flight."""
        pending = state.inflight.get(key)
        if pending is not None:
            await pending.done.wait()
            answers[key] = pending.verdict or self._error("the LLM judge gave no verdict")
            return
        pending = state.inflight[key] = _Pending()
        verdict = self._error("the LLM judge gave no verdict")
        try:
            verdict = await self._ask_in_time(client, state, request)
            if verdict.error is None and self.cache is not None:
                self.cache.put(key, verdict.score, verdict.reason, self.name)
        except Exception as exc:  # keep the task group alive: this request records the failure
            verdict = self._error(f"LLM judge failed: {type(exc).__name__}: {exc}")
        finally:
            pending.verdict = verdict
            pending.done.set()
            state.inflight.pop(key, None)
        answers[key] = verdict

    async def _ask_in_time(self, client: AsyncOpenAI, state: _LoopState, request: JudgeRequest) -> Verdict:
        """:meth:`_ask` within the question's deadline; past it, an error verdict."""
        if self.deadline is None:
            return await self._ask(client, state, request)
        with anyio.move_on_after(self.deadline):
            return await self._ask(client, state, request)
        where = self.base_url or "the OpenAI API"
        return self._error(f"{where} gave no verdict within the judge's deadline of {self.deadline:g} s")

    async def _ask(self, client: AsyncOpenAI, state: _LoopState, request: JudgeRequest) -> Verdict:
        """Ask until the answer parses (one second chance for a malformed answer)."""
        messages = messages_for(request)
        problem = ""
        content: str | None = None
        for _ in range(2):
            try:
                content = await self._complete(client, state, messages)
            except _CallFailed as failure:
                return self._error(str(failure))
            parsed = parse_answer(content)
            if not isinstance(parsed, str):
                grade, reason = parsed  # the reason is stored (results, cache, reports): never with a secret
                return Verdict((grade - 1) / 4.0, self._clean(reason), self.name)
            problem = parsed
        snippet = (content or "")[:200]
        return self._error(f"malformed answer from {self.name} ({problem}), asked twice: {snippet!r}")

    def _backoff(self, attempt: int) -> float:
        return min(self.backoff_max, self.backoff_base * 2.0**attempt) * random.uniform(0.5, 1.0)

    def _request(self, messages: list[dict[str, str]], mode: int) -> dict[str, Any]:
        arguments: dict[str, Any] = {"model": self.model, "messages": messages}
        if self.temperature is not None:
            arguments["temperature"] = self.temperature
        if _MODES[mode] == "json_schema":
            arguments["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "verdict", "strict": True, "schema": ANSWER_SCHEMA},
            }
        elif _MODES[mode] == "json_object":
            arguments["response_format"] = {"type": "json_object"}
        return arguments

    async def _complete(self, client: AsyncOpenAI, state: _LoopState, messages: list[dict[str, str]]) -> str | None:
        """One answer's text, retrying transient failures and stepping down response formats the server rejects."""
        import openai

        mode = self._mode
        attempt = 0
        where = self.base_url or "the OpenAI API"
        while True:
            if self._unreachable is not None:
                raise _CallFailed(self._unreachable)
            try:
                async with state.limiter:
                    with anyio.fail_after(self.timeout):  # the whole attempt: reads that trickle add up
                        response = await client.chat.completions.create(**self._request(messages, mode))
            except TimeoutError as exc:
                if attempt < self.max_retries:
                    await self._sleep(self._backoff(attempt))
                    attempt += 1
                    continue
                raise _CallFailed(
                    f"{where} timed out: no complete answer within {self.timeout:g} s, after {attempt + 1} attempts"
                ) from exc
            except openai.APIStatusError as exc:
                status = exc.status_code
                if status in (400, 422) and mode + 1 < len(_MODES):
                    mode += 1  # the server may not support this response_format: ask more simply
                    continue
                if (status in _RETRYABLE or status >= 500) and attempt < self.max_retries:
                    wait = _retry_after(exc.response.headers)
                    await self._sleep(self._backoff(attempt) if wait is None else wait)
                    attempt += 1
                    continue
                tries = f" after {attempt + 1} attempts" if attempt else ""
                raise _CallFailed(f"HTTP {status} from {where}{tries}: {exc.message}") from exc
            except openai.APIConnectionError as exc:
                if not self._reached and _refused(exc):
                    # Nothing ever answered and the server refuses connections or its name does not resolve: a
                    # configuration problem, not a passing glitch. Every other pending question gets this error.
                    self._unreachable = f"{where} cannot be reached ({exc.__cause__ or exc}); not retried"
                    raise _CallFailed(self._unreachable) from exc
                if attempt < self.max_retries:
                    await self._sleep(self._backoff(attempt))
                    attempt += 1
                    continue
                kind = "timed out" if isinstance(exc, openai.APITimeoutError) else "connection failed"
                raise _CallFailed(f"{where} {kind} after {attempt + 1} attempts: {exc}") from exc
            except openai.OpenAIError as exc:
                raise _CallFailed(f"{where}: {type(exc).__name__}: {exc}") from exc
            self._reached = True
            if mode > self._mode:
                self._mode = mode  # remember the simplest format this server accepted
            usage = getattr(response, "usage", None)
            if usage is not None:
                self.token_use[0] += int(getattr(usage, "prompt_tokens", 0) or 0)
                self.token_use[1] += int(getattr(usage, "completion_tokens", 0) or 0)
                self.token_use[2] += 1
            if not response.choices:
                return None
            message = response.choices[0].message
            return message.content or getattr(message, "refusal", None)
