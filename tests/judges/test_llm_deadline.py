"""The LLM judge bounds each request and each question as a whole: a server that trickles its answer one byte at a
time (never tripping a read timeout) ends in an error verdict, not a wait without end, and is not asked again."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import anyio
import pytest

from mb.judges import JudgeRequest, JudgeTask, LLMJudge, Verdict


class Trickler:
    """An HTTP server on 127.0.0.1 that answers 200 and then sends its body one byte every ``interval`` seconds."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.requests = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}/v1"

    def _serve(self) -> None:
        self.listener.settimeout(0.1)
        while not self.stop.is_set():
            try:
                connection, _ = self.listener.accept()
            except TimeoutError:
                continue
            self.requests += 1
            threading.Thread(target=self._trickle, args=(connection,), daemon=True).start()

    def _trickle(self, connection: socket.socket) -> None:
        with connection:
            connection.recv(65536)
            head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
            try:
                connection.sendall(head)
                while not self.stop.wait(self.interval):
                    connection.sendall(b" ")
            except OSError:  # the client gave up
                return


@pytest.fixture
def trickler() -> Iterator[Trickler]:
    server = Trickler(interval=0.05)
    server.thread.start()
    try:
        yield server
    finally:
        server.stop.set()
        server.thread.join()
        server.listener.close()


async def _no_wait(seconds: float) -> None:
    return None


def _ask(judge: LLMJudge) -> tuple[Verdict, float]:
    started = time.perf_counter()
    [verdict] = anyio.run(judge.judge, [JudgeRequest(JudgeTask.EQUIVALENCE, "a", "b")])
    return verdict, time.perf_counter() - started


def test_a_trickling_server_times_out_and_is_not_asked_again(trickler: Trickler) -> None:
    judge = LLMJudge(
        "judge-model",
        base_url=trickler.base_url,
        api_key="k",
        timeout=0.5,
        max_retries=3,
        cache=False,
        sleep=_no_wait,
        response_format="json_schema",
    )
    verdict, elapsed = _ask(judge)
    assert verdict.error is not None
    assert "no complete answer within 0.5 s" in verdict.error
    assert "not asked again" in verdict.error
    assert verdict.score == 0.0
    assert trickler.requests == 1
    assert elapsed < 10


def test_the_deadline_bounds_a_question_with_all_its_retries(trickler: Trickler) -> None:
    judge = LLMJudge(
        "judge-model",
        base_url=trickler.base_url,
        api_key="k",
        timeout=30,
        deadline=0.5,
        max_retries=4,
        cache=False,
        sleep=_no_wait,
    )
    verdict, elapsed = _ask(judge)
    assert verdict.error is not None
    assert "gave no verdict within the judge's deadline of 0.5 s" in verdict.error
    assert elapsed < 10


def test_timeout_and_deadline_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        LLMJudge("m", base_url="http://127.0.0.1:1/v1", deadline=0)


@pytest.mark.parametrize("setting", ["timeout", "deadline"])
def test_a_timeout_or_deadline_that_is_not_a_number_is_refused(setting: str) -> None:
    with pytest.raises(ValueError, match="positive"):
        LLMJudge("m", base_url="http://127.0.0.1:1/v1", **{setting: float("nan")})
