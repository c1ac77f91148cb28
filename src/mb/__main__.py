"""``python -m mb`` and the ``mb`` console script: the command line, with Ctrl-C during start-up handled too."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """Run the ``mb`` command line. Ctrl-C while the program is still loading ends it with status 130 and one line,
    as it does once a command runs; so does, with status 2, a user's file that shadows a library it loads."""
    try:
        from .cli import main as program
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    except Exception as exc:  # a file of the current directory named like a library `python -m` imported instead
        from ._shadowing import shadowing_file

        shadowed = shadowing_file(exc, loaded=True)
        if shadowed is None:
            raise
        sys.stderr.write(f"error: {shadowed} (`python -m mb` looks in the current directory first; `mb` does not)\n")
        raise SystemExit(2) from None
    program()


if __name__ == "__main__":
    main()
