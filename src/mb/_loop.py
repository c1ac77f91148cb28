"""An event loop in a daemon thread of its own, shared by the code that runs coroutines from synchronous callers."""

from __future__ import annotations

import asyncio
import os
import threading

__all__ = ["BackgroundLoop"]


class BackgroundLoop:
    """An event loop running in a daemon thread of its own (named ``name``), started on first use (again in a
    forked process)."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pid = 0

    def get(self) -> asyncio.AbstractEventLoop:
        """The running loop."""
        with self._lock:
            if self._loop is None or self._pid != os.getpid():
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name=self._name, daemon=True).start()
                self._loop, self._pid = loop, os.getpid()
            return self._loop
