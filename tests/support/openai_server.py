"""A real OpenAI-compatible chat-completions server on 127.0.0.1 for offline tests.

Each test gives it a ``handler(request_body) -> Reply``; the server records every request. Replies can be a
completion (text and/or tool calls), or an HTTP error status (to exercise retries). ``serial=True`` makes it answer
one request at a time, as a llama.cpp server with one slot does; :func:`llama_like` wraps a handler with the other
habits of llama-cpp-python's server that a well-behaved client must live with.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["ChatServer", "Reply", "chat_server", "completion", "listing", "llama_like"]


@dataclass
class Reply:
    """What the server answers to one request."""

    body: dict[str, Any] | str
    """The JSON body, or a text sent as it is (a gateway's page, broken JSON)."""
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drip: float = 0.0
    """Seconds between the bytes of the body (a server answering byte by byte)."""
    content_type: str = "application/json"
    cut: bool = False
    """The connection closes halfway through the body (a server that died answering)."""


def listing(body: dict[str, Any]) -> dict[str, list[str]]:
    """``{"differences": []}`` when the request asks for the differences of two texts (a task comparing them), else
    nothing: what a verdict that lists none holds besides its reason and score."""
    return {"differences": []} if '"differences"' in str(body["messages"][0]["content"]) else {}


def completion(
    content: str | None = None,
    *,
    tool_calls: list[tuple[str, str, dict[str, Any] | str]] | None = None,
    model: str = "fake-model",
    prompt_tokens: int = 11,
    completion_tokens: int = 7,
) -> Reply:
    """A chat.completion reply with ``content`` and/or ``tool_calls`` given as ``(id, name, arguments)`` (a dict
    sent as JSON, or the arguments' text as the model wrote it)."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = [
            {
                "id": call_id,
                "type": "function",
                "function": {
                    "name": name,
                    "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
                },
            }
            for call_id, name, arguments in tool_calls
        ]
    return Reply(
        {
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if tool_calls else "stop"}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


Handler = Callable[[dict[str, Any]], Reply]

_TRACEBACK = '\n\n  File "/site-packages/llama_cpp/server/app.py", line 376, in create_chat_completion\n    raise\n'


def _server_error(message: str) -> Reply:
    """A 500 as llama-cpp-python's server sends it: a validation message with a traceback after it."""
    return Reply({"error": {"message": message + _TRACEBACK, "type": "internal_server_error"}}, status=500)


def llama_like(handler: Handler) -> Handler:
    """``handler`` behind the habits of llama-cpp-python 0.3's server (chatml-function-calling format):

    - ``response_format`` of type ``json_schema`` is answered with HTTP 500 (only ``text`` and ``json_object``);
    - an assistant message whose ``content`` is null is answered with HTTP 500;
    - ``tools`` without ``tool_choice`` are ignored: the handler sees a body without them;
    - ``tool`` messages are dropped by the chat template: the handler sees the conversation without them.
    """

    def serve(body: dict[str, Any]) -> Reply:
        if body.get("response_format", {}).get("type") not in (None, "text", "json_object"):
            return _server_error("1 validation error: response_format.type: Input should be 'text' or 'json_object'")
        for index, message in enumerate(body.get("messages", [])):
            if message.get("role") == "assistant" and message.get("content", "") is None:
                return _server_error(f"validation error: messages.{index}.content: Input should be a valid string")
        seen = dict(body)
        seen["messages"] = [message for message in body.get("messages", []) if message.get("role") != "tool"]
        if "tool_choice" not in body:
            seen.pop("tools", None)
        return handler(seen)

    return serve


class ChatServer:
    """The running server: its ``base_url`` (ends with ``/v1``) and the ``requests`` it received."""

    def __init__(self, handler: Handler, *, serial: bool = False) -> None:
        self.handler = handler
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.most_at_once = 0
        """The most requests being answered at the same time."""
        self._lock = threading.Lock()
        self._serial = threading.Lock() if serial else None
        self._answering = 0
        server = self

        class _Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.headers.append(dict(self.headers))
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(Reply({"error": {"message": f"no route {self.path}"}}, status=404))
                    return
                if server._serial is None:
                    self._answer(body)
                else:
                    with server._serial:  # one request at a time: the others wait for the slot
                        self._answer(body)

            def _answer(self, body: dict[str, Any]) -> None:
                with server._lock:
                    server._answering += 1
                    server.most_at_once = max(server.most_at_once, server._answering)
                try:
                    try:
                        reply = server.handler(body)
                    except Exception as exc:  # a broken test handler answers 500 rather than hanging the client
                        reply = Reply({"error": {"message": f"handler failed: {exc!r}"}}, status=500)
                    if reply.delay:
                        time.sleep(reply.delay)
                    self._send(reply)
                except OSError:  # the client gave up waiting
                    pass
                finally:
                    with server._lock:
                        server._answering -= 1

            def _send(self, reply: Reply) -> None:
                payload = (reply.body if isinstance(reply.body, str) else json.dumps(reply.body)).encode()
                self.send_response(reply.status)
                self.send_header("Content-Type", reply.content_type)
                self.send_header("Content-Length", str(len(payload)))
                for key, value in reply.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                if reply.cut:
                    self.wfile.write(payload[: len(payload) // 2])
                    self.close_connection = True
                elif not reply.drip:
                    self.wfile.write(payload)
                for byte in payload if reply.drip else b"":
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(reply.drip)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        # A short poll interval: shutdown() waits for the serving loop to notice, up to one interval.
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def start(self) -> ChatServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    @property
    def calls(self) -> int:
        """Number of chat-completion requests received."""
        return len(self.requests)


@contextmanager
def chat_server(handler: Handler, *, serial: bool = False) -> Iterator[ChatServer]:
    """Run a server for the duration of a ``with`` block."""
    server = ChatServer(handler, serial=serial).start()
    try:
        yield server
    finally:
        server.stop()
