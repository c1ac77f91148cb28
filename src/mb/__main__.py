"""``python -m mb`` and the ``mb`` console script: the command line, with Ctrl-C during start-up handled too."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """Run the ``mb`` command line. Ctrl-C while the program is still loading ends it with status 130 and one line,
    as it does once a command runs."""
    try:
        from .cli import main as program
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    program()


if __name__ == "__main__":
    main()
