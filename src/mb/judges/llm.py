"""The LLM judge: any OpenAI-compatible chat-completions endpoint, graded with versioned rubrics.

Configuration comes from arguments or the environment: ``MB_JUDGE_MODEL``, ``MB_JUDGE_BASE_URL`` (any
OpenAI-compatible server; default OpenAI) and ``MB_JUDGE_API_KEY`` (else ``OPENAI_API_KEY``; a local server given by
URL needs none). Each request is answered as JSON ``{"reason", "score": 1..5}`` (with the ``differences`` listed
before the score on a task comparing two texts: any one leaves a yes undecided), within ``max_tokens``, in the most
structured format the server accepts: a strict JSON schema, JSON mode with the schema in the prompt, a forced tool
call, plain text read by a strict parser. A server that refuses a format (400/422, or any error naming it) is asked
in the next one, and the format that worked is remembered (one question finds it out while the others wait; when
it fails without finding it, the others go on side by side); ``MB_JUDGE_RESPONSE_FORMAT`` (or ``response_format=``)
forces one.

Each request is bounded by ``timeout`` from the moment it is sent (the wait for a concurrency slot is not counted). Rate
limits, gateway errors (502-504) and dropped connections are retried with exponential backoff and jitter, honouring
``Retry-After``; a 500 is retried once (a second one for the same request is the server's answer); a timed-out request
is not retried (a server that handles one request at a time is still computing it), and a timeout or a 401, 403 or 404
before the endpoint ever answered fails every pending question at once. An answer refused, empty or that did not end (a
``finish_reason`` such as ``length``, ``content_filter``, ``error``: see ``mb._completion``) is a failure; a malformed
answer is asked again once. Verdicts persist in a SQLite cache keyed by (judge, model, endpoint, temperature,
max_tokens, forced format, prompt version and all a question is sent with, request), so a re-run costs no calls; so do
failures the server gave for the request itself (a malformed answer, a timeout, a repeated 500), with any key masked and
under the timeout they were asked with (another timeout asks again), until ``retry_failed``
(``MB_JUDGE_RETRY_FAILED=1``) asks them again. Identical requests in flight are asked once. The uncached facts (or
guidelines) about one response, with one question, are asked in one call that lists them numbered and answers
``{"verdicts": [...]}`` in their order (``max_tokens`` per item); each verdict is cached under its own request's key,
and a malformed answer fails every item. On a yes/no task a grade of 3 ("yes, barely") sits on the decision boundary,
and a grade beside a low confidence or a reason saying the other decision is in doubt: the verdict is undecided (never a
pass, its reason saying so); on a graded task a low confidence gives no grade (an error). Nothing raises: a failure
becomes a verdict with ``error`` set, the server's message on one line.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import anyio.lowlevel

from .._completion import content_text, not_a_completion, retry_after, unfinished
from .._redact import redact, url_credentials
from ..errors import JudgeConfigError
from ._cache import JudgeCache, cache_key, default_cache_path
from ._http import FORMATS, format_refused, one_line, redirected, refused_connection
from ._prompts import (
    DECISIONS,
    GROUPED,
    PROMPTS,
    REQUIRED,
    UNDECIDED,
    Prompt,
    answer_schema,
    messages_for,
    parse_answers,
    settle,
)
from .base import JudgeRequest, JudgeTask, Verdict

if TYPE_CHECKING:
    from openai import AsyncOpenAI

__all__ = ["JudgeConfigError", "LLMJudge"]

_RETRYABLE = frozenset({408, 409, 429, 502, 503, 504})
_CACHED_FAILURE = "(cached failure: MB_JUDGE_RETRY_FAILED=1 or --judge-retry-failed asks again)"
_TOOL = "verdict"

_Item = tuple[str, JudgeRequest]
"""A distinct request to ask, with its cache key."""


class _CallFailed(Exception):
    """The endpoint could not produce an answer (after retries)."""

    def __init__(self, message: str, *, cached: bool = False) -> None:
        super().__init__(message)
        self.cached = cached
        """The failure is the server's answer to this request (kept for the next run), not a passing condition."""


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

    probe: anyio.Lock = field(default_factory=anyio.Lock)
    """Held by the one request that finds out which answer format the endpoint accepts; the others wait for it."""

    probed: bool = False
    """A first request has been asked while holding ``probe``: when it learnt no format (rate limited, a server
    error), the others no longer wait for one another."""


def _env(name: str) -> str | None:
    value = os.environ.get(name, "").strip()
    return value or None


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
        deadline: float | None = None,
        temperature: float | None = 0.0,
        max_tokens: int | None = 400,
        response_format: str | None = None,
        retry_failed: bool | None = None,
        cache: bool | str | Path | JudgeCache = True,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        """Arguments left out come from ``MB_JUDGE_MODEL``, ``MB_JUDGE_BASE_URL``, ``MB_JUDGE_API_KEY`` /
        ``OPENAI_API_KEY``, ``MB_JUDGE_RESPONSE_FORMAT`` and ``MB_JUDGE_RETRY_FAILED``. ``max_retries`` retries
        follow a first attempt, waiting ``backoff_base * 2**n`` seconds (jittered, at most ``backoff_max``) unless
        the server says ``Retry-After``. ``temperature=None`` leaves it out (for models that reject it);
        ``max_tokens`` bounds each answer (None: no bound). ``timeout`` bounds each request from the moment it is
        sent, as a whole (a server that trickles bytes is cut off); ``deadline``, when given, bounds a question from
        the moment it holds a concurrency slot, every attempt and wait included. ``response_format``: one of
        ``json_schema``, ``json_object``, ``tool``, ``text``, or ``auto``: the most structured one the server accepts
        (None: ``MB_JUDGE_RESPONSE_FORMAT``, else ``auto``).
        ``retry_failed``: ask again the requests whose failure is cached. ``cache``: True for the default file
        (``$MB_CACHE_DIR`` or ``~/.cache/morganabench``), a path, or False. ``sleep`` replaces ``anyio.sleep``
        (tests).

        Raises JudgeConfigError when no model is named, no API key is found for the default OpenAI endpoint, or a
        setting is out of range.
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
        if type(max_concurrency) is not int or max_concurrency < 1 or max_retries < 0:
            raise JudgeConfigError("max_concurrency must be a whole number of at least 1 and max_retries at least 0")
        self.max_concurrency = max_concurrency
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        if not timeout > 0 or (deadline is not None and not deadline > 0):  # NaN too
            raise JudgeConfigError("timeout and deadline must be positive numbers of seconds")
        if max_tokens is not None and max_tokens < 1:
            raise JudgeConfigError("max_tokens must be at least 1")
        self.timeout = timeout
        self.deadline = deadline
        self.temperature = temperature
        self.max_tokens = max_tokens
        given = response_format or _env("MB_JUDGE_RESPONSE_FORMAT") or "auto"
        forced = given.strip().lower()
        if forced != "auto" and forced not in FORMATS:
            setting = "response_format" if response_format else "MB_JUDGE_RESPONSE_FORMAT"
            raise JudgeConfigError(f"{setting}={given!r}: expected a judge response format: auto, {', '.join(FORMATS)}")
        self.response_format = None if forced == "auto" else forced
        """The answer format forced on every request; None when the judge finds the one the server accepts."""
        if retry_failed is None:
            retry_failed = (_env("MB_JUDGE_RETRY_FAILED") or "0").lower() not in ("0", "false", "no", "off")
        self.retry_failed = retry_failed
        """Ask again the requests whose failure is cached."""
        self.cache: JudgeCache | None = cache if isinstance(cache, JudgeCache) else None
        if cache is True or not isinstance(cache, (JudgeCache, bool)):
            self.cache = JudgeCache(default_cache_path() if cache is True else cache)
        self._sleep = sleep or anyio.sleep
        self._state: _LoopState | None = None
        self._asked: dict[tuple[JudgeTask, Prompt], str] = {}  # by task and prompt: what its questions are sent with
        self._learnt: int | None = None  # the answer format the endpoint accepted (its index in FORMATS)
        self.token_use = [0, 0, 0]
        """``[input tokens, output tokens, requests]`` of this judge's calls, tokens as the server reported them
        (cached verdicts cost none)."""
        self.served_models: set[str] = set()
        """The models the endpoint said answered (a completion's ``model``) where they differ from ``model``: an
        alias the server resolves (the run record keeps them)."""
        self._reached = False  # some call got an answer from the endpoint
        self._unreachable: str | None = None  # why the endpoint is not tried (while nothing has answered)

    @property
    def name(self) -> str:
        """``llm:<model>``."""
        return f"llm:{self.model}"

    @property
    def _where(self) -> str:
        return self.base_url or "the OpenAI API"

    def _format(self) -> int | None:
        """The index of the answer format to use: forced, or learnt for this endpoint; None while unknown."""
        if self.response_format is not None:
            return FORMATS.index(self.response_format)
        return self._learnt

    def supports(self, task: JudgeTask) -> bool:
        """Every task has a prompt."""
        return task in PROMPTS

    def key(self, request: JudgeRequest) -> str:
        """The cache key of a request: judge kind, model, endpoint, the settings that shape an answer (temperature,
        max_tokens, a forced answer format), the prompt (its version and all a question is asked with besides its
        texts: :meth:`_asking`) and the request's texts."""
        texts = (request.task.value, request.candidate, request.reference, request.question)
        settings = json.dumps([self.temperature, self.max_tokens, self.response_format])
        prompt = (PROMPTS[request.task].version, self._asking(request.task))
        return cache_key("llm", self.model, self.base_url or "", settings, *prompt, *texts)

    def _asking(self, task: JudgeTask) -> str:
        """All a question of ``task`` is sent with besides its texts, in every answer format, alone and in a group:
        the messages (rubric, instructions, layout), the schema and the tool."""
        prompt = PROMPTS[task]
        if (task, prompt) not in self._asked:
            sample = JudgeRequest(task, "\x00candidate", "\x00reference", "\x00question")
            groups = ([sample], [sample] * 2) if task in GROUPED else ([sample],)
            calls = [self._request(group, mode) for group in groups for mode in range(len(FORMATS))]
            self._asked[task, prompt] = json.dumps(calls, sort_keys=True)
        return self._asked[task, prompt]

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

    def _verdict(self, task: JudgeTask, score: float, reason: str) -> Verdict:
        """The verdict for a grade (as its score) and its reason (:func:`settle`): a grade that decides nothing (a low
        confidence; on a yes/no task, grade 3 "yes, barely" and a reason saying the other decision) is undecided on
        a yes/no task (never a pass, its reason says why), and no grade at all on a graded one (an error)."""
        reason = settle(task, round(score * 4) + 1, reason)
        if not reason.startswith(UNDECIDED):
            return Verdict(score, reason, self.name)
        if task in DECISIONS:
            return Verdict(score, reason, self.name, undecided=True)
        return self._error(f"the judge's answer gives no grade: {reason.removeprefix(UNDECIDED)}")

    def _early(self, request: JudgeRequest) -> Verdict | None:
        """A verdict decided without asking: unknown task, missing field, blank text."""
        from ._guards import precheck  # the guards' tables load when a first question is asked

        if request.task not in PROMPTS:
            return self._error(f"the LLM judge has no prompt for {request.task!r}")
        fixed = precheck(request)
        if fixed is not None:
            return Verdict(fixed[0], fixed[1], self.name)
        missing = [name for name in REQUIRED[request.task] if not str(getattr(request, name)).strip()]
        if missing:
            return self._error(f"{request.task.value} needs the {' and '.join(missing)} of the request")
        return None

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order: cached verdicts (and cached failures) first, the rest asked
        concurrently (each distinct request once; the facts, or guidelines, about one response in one call)."""
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
                    answers[key] = self._verdict(distinct[key].task, score, self._clean(reason))  # an older entry
                if not self.retry_failed:
                    failed = {self._failed_key(key): key for key in distinct if key not in answers}
                    for kept, message in self.cache.failures(failed).items():
                        answers[failed[kept]] = self._error(f"{message} {_CACHED_FAILURE}")
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
        calls: dict[tuple[str, ...], list[_Item]] = {}
        for key in keys:
            request = requests[key]
            grouped = request.task in GROUPED  # asked together: the facts (or guidelines) about one response
            together = (request.task.value, request.candidate, request.question) if grouped else (key,)
            calls.setdefault(together, []).append((key, request))
        async with anyio.create_task_group() as group:
            for items in calls.values():
                group.start_soon(self._resolve, state, items, answers)

    async def _resolve(self, state: _LoopState, items: list[_Item], answers: dict[str, Verdict]) -> None:
        """Answer distinct requests asked in one call, sharing the answers with identical requests already in
        flight (those are not asked again)."""
        waiting = {key: state.inflight[key] for key, _ in items if key in state.inflight}
        mine = [(key, request) for key, request in items if key not in waiting]
        pendings = {key: _Pending() for key, _ in mine}
        state.inflight.update(pendings)
        verdicts: list[Verdict] = []
        try:
            if mine:
                verdicts = await self._ask_in_time(state, mine)
        except Exception as exc:  # keep the task group alive: these requests record the failure
            verdicts = [self._error(f"LLM judge failed: {type(exc).__name__}: {exc}")] * len(mine)
        finally:
            for index, (key, pending) in enumerate(pendings.items()):
                pending.verdict = verdicts[index] if index < len(verdicts) else None
                pending.done.set()
                state.inflight.pop(key, None)
        for (key, _), verdict in zip(mine, verdicts, strict=True):
            answers[key] = verdict
        for key, pending in waiting.items():
            await pending.done.wait()
            answers[key] = pending.verdict or self._error("the LLM judge gave no verdict")

    async def _ask_in_time(self, state: _LoopState, items: list[_Item]) -> list[Verdict]:
        """:meth:`_ask` holding a concurrency slot, within the question's deadline (counted from then). While the
        endpoint's answer format is unknown, a first question finds it out while the others wait."""
        if self._format() is None and not state.probed:
            async with state.probe:
                if self._format() is None and not state.probed:
                    try:
                        return await self._ask_in_slot(state, items)
                    finally:
                        state.probed = True
        return await self._ask_in_slot(state, items)

    async def _ask_in_slot(self, state: _LoopState, items: list[_Item]) -> list[Verdict]:
        async with state.limiter:
            with anyio.move_on_after(self.deadline):  # no deadline: None
                return await self._ask(state.client, items)
        late = self._error(f"{self._where} gave no verdict within the judge's deadline of {self.deadline:g} s")
        return [late] * len(items)

    async def _ask(self, client: AsyncOpenAI, items: list[_Item]) -> list[Verdict]:
        """Ask until the answer parses (one second chance for a malformed answer); keep each item's verdict, or a
        failure that is the server's answer to the call, in the cache under the item's own key."""
        requests = [request for _, request in items]
        problem = ""
        content: str | None = None
        for _ in range(2):
            try:
                content, unread = await self._complete(client, requests)
            except _CallFailed as failure:
                return self._fail(items, str(failure), keep=failure.cached)
            parsed = unread or parse_answers(content, items[0][1].task, len(items))
            if isinstance(parsed, str):
                problem = parsed
                continue
            verdicts = []
            for (key, request), (grade, reason) in zip(items, parsed, strict=True):
                # stored (results, cache, reports): never with a secret, what it says read before it is cut
                reason = settle(request.task, grade, self._clean(reason))
                if self.cache is not None:
                    self.cache.put(key, (grade - 1) / 4.0, reason, self.name)
                verdicts.append(self._verdict(request.task, (grade - 1) / 4.0, reason))
            return verdicts
        snippet = one_line(self._clean(content or ""))[:200]  # a key masked before it is cut
        return self._fail(items, f"malformed answer from {self.name} ({problem}), asked twice: {snippet!r}", keep=True)

    def _fail(self, items: list[_Item], message: str, *, keep: bool) -> list[Verdict]:
        """The failure of every item of a call; ``keep``: it is the server's answer to the call, cached."""
        message = self._clean(message)  # the cache is a file: never with a secret
        if keep and self.cache is not None:
            for key, _ in items:
                self.cache.put_failure(self._failed_key(key), message, self.name)
        return [self._error(message)] * len(items)

    def _failed_key(self, key: str) -> str:
        """Where the failure of a request is kept: beside its key, the timeout it was asked with (a longer one may
        get an answer: a failure kept under a shorter one is not reused)."""
        return cache_key(key, f"timeout {self.timeout!r}")

    def _backoff(self, attempt: int) -> float:
        return min(self.backoff_max, self.backoff_base * 2.0**attempt) * random.uniform(0.5, 1.0)

    def _request(self, requests: list[JudgeRequest], mode: int) -> dict[str, Any]:
        """The arguments of one call: a single request's prompt, or a group's (one verdict per item)."""
        kind, count, task = FORMATS[mode], len(requests), requests[0].task
        messages, schema = messages_for(requests, schema=kind == "json_object"), answer_schema(task, count)
        arguments: dict[str, Any] = {"model": self.model, "messages": messages}
        if self.temperature is not None:
            arguments["temperature"] = self.temperature
        if self.max_tokens is not None:
            arguments["max_tokens"] = self.max_tokens * count
        if kind == "json_schema":
            strict = {"name": _TOOL, "strict": True, "schema": schema}
            arguments["response_format"] = {"type": "json_schema", "json_schema": strict}
        elif kind == "json_object":
            arguments["response_format"] = {"type": "json_object", "schema": answer_schema(task, count, bounded=True)}
        elif kind == "tool":
            definition = {"name": _TOOL, "description": "Record the verdict.", "parameters": schema}
            arguments["tools"] = [{"type": "function", "function": definition}]
            arguments["tool_choice"] = {"type": "function", "function": {"name": _TOOL}}
        return arguments

    async def _complete(self, client: AsyncOpenAI, requests: list[JudgeRequest]) -> tuple[str | None, str | None]:
        """One answer's text and what part of it could not be read (:meth:`_content`), retrying transient failures
        and stepping down the answer formats the server refuses (unless one is forced)."""
        import openai

        known = self._format()
        mode = 0 if known is None else known
        attempt = 0
        failed_500 = False
        where = self._where
        while True:
            if self._unreachable is not None and not self._reached:
                raise _CallFailed(self._unreachable)
            try:
                with anyio.fail_after(self.timeout):  # from the moment it is sent, as a whole: trickled reads add up
                    response = await client.chat.completions.create(**self._request(requests, mode))
            except (TimeoutError, openai.APITimeoutError) as exc:
                # not retried: a server that handles one request at a time is still computing this one
                self.token_use[2] += 1  # a call the model worked on, if unanswered
                late = f"{where} timed out: no complete answer within {self.timeout:g} s"
                if not self._reached:  # it never answered: every other pending question gets this error at once
                    self._unreachable = f"{late} to any question yet; not asked again"
                raise _CallFailed(f"{late} (a timed-out request is not asked again)", cached=True) from exc
            except openai.APIStatusError as exc:
                status = exc.status_code
                denied = status in (401, 403, 404)  # a key, a permission or a model (or URL) the server does not know
                self._reached = self._reached or not denied  # it answers: a question that timed out was just slow
                message = one_line(self._clean(str(exc.message)))
                if (
                    self.response_format is None
                    and mode + 1 < len(FORMATS)
                    and format_refused(status, message, FORMATS[mode])
                ):
                    mode += 1  # the server does not take this answer format: ask more simply
                    continue
                repeated = status == 500 and failed_500
                if (status in _RETRYABLE or status >= 500) and not repeated and attempt < self.max_retries:
                    failed_500 = failed_500 or status == 500
                    wait = retry_after(exc.response.headers)
                    await self._sleep(self._backoff(attempt) if wait is None else wait)
                    attempt += 1
                    continue
                tries = f" after {attempt + 1} attempts" if attempt else ""
                failure = f"HTTP {status} from {where}{redirected(exc.response)}{tries}: {message}"
                if denied and not self._reached:  # before any answer: every other pending question gets it at once
                    self._unreachable = f"{failure}; not asked again"
                raise _CallFailed(failure, cached=status not in _RETRYABLE and not denied) from exc
            except openai.APIConnectionError as exc:
                if not self._reached and refused_connection(exc):
                    # Nothing ever answered and the server refuses connections or its name does not resolve: a
                    # configuration problem, not a passing glitch. Every other pending question gets this error.
                    self._unreachable = f"{where} cannot be reached ({exc.__cause__ or exc}); not retried"
                    raise _CallFailed(self._unreachable) from exc
                if attempt < self.max_retries:
                    await self._sleep(self._backoff(attempt))
                    attempt += 1
                    continue
                cause = exc.__cause__ or exc  # what broke ("Connection error." alone says nothing)
                raise _CallFailed(f"{where} connection failed after {attempt + 1} attempts: {cause}") from exc
            except json.JSONDecodeError as exc:
                raise _CallFailed(f"{where} answered no chat completion: not JSON ({exc})") from exc
            except openai.OpenAIError as exc:
                raise _CallFailed(f"{where}: {type(exc).__name__}: {one_line(self._clean(str(exc)))}") from exc
            came = not_a_completion(response, self._clean)  # a gateway's page, an error in a 200, an empty completion
            if came is not None:
                raise _CallFailed(f"{where} answered no chat completion message: {came!r}")
            self._reached = True
            if self.response_format is None:
                self._learnt = mode  # this endpoint takes this format: every question is asked so from now on
            content, unread = self._content(response)
            if (problem := unfinished(response)) is not None:  # no verdict, even when what came parses
                raise _CallFailed(f"{where}: {problem}: {one_line(self._clean(content or ''))[:200]!r}", cached=True)
            return content, unread

    def _content(self, response: Any) -> tuple[str | None, str | None]:
        """The answer's text (after any text, the arguments of each verdict tool call), counting the tokens it cost,
        and what part of it could not be read (a content part of another type than text: the answer is malformed,
        whatever its text says); a refusal (``message.refusal`` or a refusal part) is a failure."""
        usage = getattr(response, "usage", None)
        self.token_use[2] += 1  # a call, whether or not the server counts its tokens
        served = getattr(response, "model", None)
        if isinstance(served, str) and served.strip() and served.strip() != self.model:
            self.served_models.add(one_line(self._clean(served.strip()))[:200])
        if usage is not None:
            self.token_use[0] += int(getattr(usage, "prompt_tokens", 0) or 0)
            self.token_use[1] += int(getattr(usage, "completion_tokens", 0) or 0)
        message = response.choices[0].message
        said = content_text(message)
        if said.refusal.strip():  # whatever else it says, the model declined to judge
            refusal = one_line(self._clean(said.refusal))[:200]
            raise _CallFailed(f"{self.name} refused to judge: {refusal!r}", cached=True)
        calls = [getattr(call, "function", None) for call in getattr(message, "tool_calls", None) or ()]
        answers = [str(function.arguments) for function in calls if function is not None and function.name == _TOOL]
        # text beside the call is text around the JSON object; a second call is too (malformed)
        content = "\n".join([said.text or "", *answers]) if answers else said.text
        return content, said.unread
