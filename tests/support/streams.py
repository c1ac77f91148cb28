"""A reader of a command's standard output that goes away after one character (as ``| head -c 1`` does)."""

from __future__ import annotations

import subprocess
import sys

__all__ = ["reader_goes_away"]


def reader_goes_away(*arguments: str, timeout: float = 120) -> tuple[int, str]:
    """Run ``mb *arguments -o - -q``, read one character of its standard output, close it, and return the exit code
    and the standard error the command wrote."""
    command = [sys.executable, "-c", "from mb.cli import main; main()", *arguments, "-o", "-", "-q"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        process.stdout.read(1)
        process.stdout.close()
        error = process.stderr.read()
        process.wait(timeout=timeout)
    return process.returncode, error
