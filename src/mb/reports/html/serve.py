"""Serving a report page on the loopback interface (``mb view``): the standard library's HTTP server, one page."""

from __future__ import annotations

from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

__all__ = ["make_server", "serve_page"]


def make_server(page: bytes, port: int = 0) -> ThreadingHTTPServer:
    """A server on 127.0.0.1 (``port`` 0: a free one) answering every GET with ``page``."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.split("?")[0] not in ("/", "/index.html", "/report.html"):
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, format: str, *args: object) -> None:
            return

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


def serve_page(page: bytes, port: int, announce: Callable[[str], None]) -> None:
    """Serve ``page`` until interrupted, after passing its URL to ``announce``."""
    server = make_server(page, port)
    try:
        announce(f"http://127.0.0.1:{server.server_address[1]}/")
        server.serve_forever()
    finally:
        server.server_close()
