"""Accuracy of the ``date_time`` matcher on the labelled English date corpus.

Run: ``python bench/date_accuracy.py [CORPUS] [--failures] [--family NAME]`` (default corpus:
``tests/data/date_corpus.jsonl``). Every item is checked twice through the public matcher, once with its correct
argument and once with its shifted one: a ``point`` item as the single parameter ``when``
(``{"param": "when", "matcher": {"match_as": "date_time", "value": PHRASE}}``), a ``range`` item as the group
``{"params": ["start", "end"], ...}``. Prints, overall, per family and per source, the share of correct arguments
that pass, the share of shifted arguments that fail, and the share of checks not understood (an error: it counts as
not passing for a correct argument and as failing for a shifted one, and is shown apart). ``--failures`` lists the
misses: correct arguments that did not pass and, first, shifted arguments that passed (the worse error).
``--reader`` chooses who reads the phrases: ``both`` (the default: the grammar, then, for a phrase whose words it leaves
unread, the second reader when the ``dates`` extra is installed), ``grammar`` (the grammar alone) or ``duckling`` (every
phrase read by the second reader alone, every word taken as unread: a test of what it accepts, not a way to run).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mb.matching.date_time import _duckling, _phrase, match_date_time
from mb.matching.date_time._model import Resolution

__all__ = ["Check", "Tally", "check_item", "load_corpus", "main", "score"]

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "date_corpus.jsonl"
GROUP = ["start", "end"]


@dataclass(frozen=True)
class Check:
    """The verdict on one argument of one item."""

    item: Mapping[str, Any]
    argument: str  # "correct" or "shifted"
    passed: bool
    error: bool
    reason: str


@dataclass
class Tally:
    """Counts over a set of items."""

    items: int = 0
    correct_passed: int = 0
    correct_errors: int = 0
    shifted_failed: int = 0
    shifted_errors: int = 0
    misses: list[Check] = field(default_factory=list)

    def add(self, correct: Check, shifted: Check) -> None:
        """Count one item's two checks."""
        self.items += 1
        self.correct_passed += correct.passed
        self.correct_errors += correct.error
        self.shifted_failed += not shifted.passed
        self.shifted_errors += shifted.error
        if not correct.passed:
            self.misses.append(correct)
        if shifted.passed:
            self.misses.append(shifted)

    @property
    def correct_pass_rate(self) -> float:
        """Share of correct arguments that pass."""
        return self.correct_passed / self.items if self.items else 0.0

    @property
    def shifted_fail_rate(self) -> float:
        """Share of shifted arguments that fail (an error counts as failing)."""
        return self.shifted_failed / self.items if self.items else 0.0

    @property
    def error_rate(self) -> float:
        """Share of correct-argument checks that were not understood."""
        return self.correct_errors / self.items if self.items else 0.0


def load_corpus(path: Path) -> list[dict[str, Any]]:
    """Read the corpus; a line that is not a JSON object stops with its line number."""
    items: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{number}: not JSON ({exc.msg})") from None
            if not isinstance(item, dict):
                raise SystemExit(f"{path}:{number}: expected a JSON object")
            items.append(item)
    return items


def check_item(item: Mapping[str, Any], argument: str) -> Check:
    """Check the item's ``correct`` or ``shifted`` argument with the matcher the way a benchmark would."""
    user_time = datetime.fromisoformat(item["user_time"]) if item.get("user_time") else None
    value = item[argument]
    try:
        if item["kind"] == "range":
            outcome = match_date_time(item["phrase"], dict(value), user_time, params=GROUP)
        else:
            outcome = match_date_time(item["phrase"], value, user_time)
    except Exception as exc:  # a crash is no verdict: counted with the errors, never as a pass
        return Check(item, argument, False, True, f"crashed: {type(exc).__name__}: {exc}")
    return Check(item, argument, outcome.passed, outcome.error is not None, outcome.error or outcome.reason)


def _source(item: Mapping[str, Any]) -> str:
    source = str(item.get("source", ""))
    name, _, rest = source.partition("@")
    path = rest.partition(":")[2].partition("#")[0] if rest else ""
    return f"{name}:{Path(path).parent.name}/{Path(path).name}" if path else name


def score(items: Iterable[Mapping[str, Any]]) -> tuple[Tally, dict[str, Tally], dict[str, Tally]]:
    """Check every item; return the overall tally and the tallies per family and per source."""
    overall = Tally()
    families: dict[str, Tally] = defaultdict(Tally)
    sources: dict[str, Tally] = defaultdict(Tally)
    for item in items:
        correct, shifted = check_item(item, "correct"), check_item(item, "shifted")
        for tally in (overall, families[str(item.get("family"))], sources[_source(item)]):
            tally.add(correct, shifted)
    return overall, dict(families), dict(sources)


def _merged(tallies: Iterable[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        for name in ("items", "correct_passed", "correct_errors", "shifted_failed", "shifted_errors"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
    return total


def use_reader(reader: str) -> None:
    """Make the matcher read every phrase with ``reader`` (see the module docstring)."""
    if reader == "grammar":
        _phrase._unread = lambda phrase: ()  # type: ignore[assignment]
    elif reader == "duckling":
        unread = Resolution("", (), None, "could not understand (read by the second reader alone)", False)
        _phrase._by_grammar = lambda phrase, user_time: unread  # type: ignore[assignment]
        _phrase._unread = lambda phrase: tuple(_phrase.normalize(phrase).split())  # type: ignore[assignment]


def _line(name: str, tally: Tally) -> str:
    return (
        f"{name:<56} {tally.items:>5}  {tally.correct_pass_rate:>7.1%}  {tally.shifted_fail_rate:>7.1%}  "
        f"{tally.error_rate:>7.1%}"
    )


def _print_misses(misses: list[Check]) -> None:
    ordered = sorted(misses, key=lambda check: (check.argument != "shifted", str(check.item.get("family"))))
    for check in ordered:
        item = check.item
        label = "WRONG PASS" if check.argument == "shifted" else ("NOT UNDERSTOOD" if check.error else "MISSED")
        print(
            f"{label:<14} {item.get('id')} [{item.get('family')}] {item.get('phrase')!r} at {item.get('user_time')}: "
            f"{check.argument} {json.dumps(item[check.argument])} -> {check.reason}"
        )


def main(argv: list[str] | None = None) -> int:
    """Score the corpus and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--failures", action="store_true", help="list every miss")
    parser.add_argument("--family", action="append", help="only items of this family (repeatable)")
    parser.add_argument("--reader", choices=("both", "grammar", "duckling"), default="both", help="who reads")
    args = parser.parse_args(argv)
    if args.reader != "grammar" and not _duckling.available():
        if args.reader == "duckling":
            raise SystemExit(f"the second reader is not installed: {_duckling.INSTALL_HINT}")
        print(f"the grammar reads alone: {_duckling.INSTALL_HINT}")
    use_reader(args.reader)
    items = load_corpus(args.corpus)
    if args.family:
        items = [item for item in items if item.get("family") in args.family]
    started = time.perf_counter()
    overall, families, sources = score(items)
    elapsed = time.perf_counter() - started
    header = f"{'':<56} {'items':>5}  {'correct':>7}  {'shifted':>7}  {'errors':>7}"
    print(f"corpus {args.corpus}: {overall.items} items, {2 * overall.items} checks in {elapsed:.1f} s")
    print("correct = correct arguments that pass; shifted = shifted arguments that fail; errors = not understood")
    print(header)
    print(_line("overall", overall))
    print("per family:")
    for name in sorted(families):
        print(_line(f"  {name}", families[name]))
    print("per source:")
    for name in sorted(sources):
        print(_line(f"  {name}", sources[name]))
    print("per part:")
    for part in sorted({name.partition(":")[0] for name in sources}):
        print(_line(f"  {part}", _merged(t for name, t in sources.items() if name.partition(":")[0] == part)))
    wrong = overall.items - overall.shifted_failed
    print(f"wrongly accepted shifted arguments: {wrong}; correct arguments not passing: "
          f"{overall.items - overall.correct_passed} ({overall.correct_errors} not understood)")  # fmt: skip
    if args.failures:
        _print_misses(overall.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
