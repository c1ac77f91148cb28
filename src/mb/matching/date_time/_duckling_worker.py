"""Duckling in a process of its own, started by ``_duckling`` as ``python _duckling_worker.py ZONES`` (by path: it
imports nothing of MorganaBench). Its memory is limited to 1 GiB. It writes the probe zone's reference time once it
is ready, then, for each line read (a JSON list of ``[text, unix_time, zone]``), Duckling's answers to them in a JSON
list on one line."""

from __future__ import annotations

import contextlib
import json
import resource
import sys

__all__ = ["main"]

_MEMORY = 1 << 30


def main() -> None:
    """Serve requests until standard input closes."""
    # not enforced everywhere (macOS): the time limit of each phrase still holds there
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (_MEMORY, _MEMORY))
    import duckling

    zones = duckling.load_time_zones(sys.argv[1])
    locale = duckling.default_locale_lang(duckling.parse_lang("EN"))
    dimensions = duckling.parse_dimensions(["time"])
    print(json.dumps(duckling.parse_ref_time(zones, sys.argv[2], 0).iso8601), flush=True)
    for line in sys.stdin:
        answers = []
        for text, stamp, zone in json.loads(line):
            context = duckling.Context(duckling.parse_ref_time(zones, zone, stamp), locale)
            answers.append(duckling.parse_text(text, context, dimensions, False))
        print(f"[{','.join(answers)}]", flush=True)


if __name__ == "__main__":
    main()
