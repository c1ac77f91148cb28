"""The grammar tries an element only where its pattern can start: the parse is the same as trying every element."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mb.matching.date_time import _grammar
from mb.matching.date_time._dispatch import ElementTable, _parser, first_chars
from mb.matching.date_time._items import Item, Parsed
from mb.matching.date_time._lexicon import FILLERS
from mb.matching.date_time._phrase import normalize

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "date_corpus.jsonl"
DIGITS = frozenset("0123456789")


def _first(pattern: str) -> frozenset[str] | None:
    return first_chars(_parser.parse(pattern, 0))


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"(?:at|@)\s+(?P<h>\d{1,2})", frozenset("a@")),
        (r"(?<![a-z0-9])(?:x|y)?z", frozenset("xyz")),  # look-behind looked through; an optional part adds what follows
        (r"\d{1,2}(?:am|pm)", DIGITS),
        (r"[0-3]?[5-9]", frozenset("012356789")),
        (r"(?:the\s+)?(?:first|last)\b", frozenset("tfl")),
        (r"(?=a)b", frozenset("b")),
    ],
)
def test_first_characters_of_a_pattern(pattern: str, expected: frozenset[str]) -> None:
    assert _first(pattern) == expected


@pytest.mark.parametrize("pattern", [r"a*", r"(?:x|)", r"(?i)abc", r"\b", r"(a)?\1?"])
def test_a_pattern_that_can_match_nothing_or_changes_case_is_tried_everywhere(pattern: str) -> None:
    assert _first(pattern) is None


def test_negated_and_class_sets_cover_every_character_they_match() -> None:
    first = _first(r"[^a-y]")
    assert first is not None
    assert {"z", "0"} <= first
    assert "a" not in first
    word = _first(r"\w")
    assert word is not None
    assert {"a", "Z", "5", "_"} <= word
    assert " " not in word


def _phrases() -> list[str]:
    with CORPUS.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    extra = ["at 5 pm", "@ 3", "tomorrow at", "at", "at  9", "next friday at 2pm est", "\u00e9t\u00e9 at 3", "3pm at"]
    return [normalize(r["phrase"]) for r in rows] + [normalize(p) for p in extra]


def _every_element(text: str) -> Parsed:
    """The scan of ``_grammar.parse`` trying every element at every position."""
    elements = [(re.compile(source), builder) for source, builder in _grammar.ELEMENTS]
    items: list[Item] = []
    unknown: list[str] = []
    position = 0
    while position < len(text):
        if text[position] in " ,;()!?":
            position += 1
            continue
        best: tuple[int, Item] | None = None
        starts = [position] + ([position + 3] if text.startswith(("at ", "@ "), position) else [])
        for pattern, builder in elements:
            for start in starts:
                found = pattern.match(text, start)
                if found is None or found.end() <= position or (best is not None and found.end() <= best[0]):
                    continue
                item = builder(found)
                if item is not None:
                    best = (found.end(), Item(item.kind, text[position : found.end()], item.value))
        if best is not None:
            items.append(best[1])
            position = best[0]
            continue
        word = re.match(r"[a-z0-9'@&]+|[^\sa-z0-9]", text[position:])
        token = word.group(0) if word else text[position]
        if token not in FILLERS and token not in {".", ":", "'", '"'}:
            unknown.append(token)
        position += len(token)
    return Parsed(tuple(items), tuple(unknown))


def test_dispatched_parse_equals_trying_every_element_on_the_corpus() -> None:
    phrases = _phrases()
    assert len(phrases) > 1500
    mismatched = [p for p in phrases if _grammar.parse(p) != _every_element(p)]
    assert not mismatched, mismatched[:5]


def test_every_match_on_the_corpus_starts_with_a_first_character_of_its_element() -> None:
    table = ElementTable(_grammar.ELEMENTS)
    firsts = table._prepare()
    compiled = [re.compile(source) for source, _ in _grammar.ELEMENTS]
    checked = 0
    for text in _phrases()[:600]:
        for position in range(len(text)):
            for pattern, first in zip(compiled, firsts, strict=True):
                if pattern.match(text, position) is not None and first is not None:
                    checked += 1
                    assert text[position] in first, (text, position, pattern.pattern[:60])
    assert checked > 1000


def test_every_match_on_the_corpus_starts_with_the_first_two_characters_of_its_element() -> None:
    table = ElementTable(_grammar.ELEMENTS)
    found_starts = table._read_starts()
    compiled = [re.compile(source) for source, _ in _grammar.ELEMENTS]
    checked = 0
    for text in [*_phrases()[:600], "5", "at 9", "3p", "a", "\u00e9t\u00e9 3pm"]:
        for position in range(len(text)):
            for pattern, found in zip(compiled, found_starts, strict=True):
                match = pattern.match(text, position)
                if match is not None and found is not None:
                    checked += 1
                    matched = match.group(0)
                    assert "" in found or matched[:2] in found or matched[:1] in found, (text, position)
    assert checked > 1000


def test_the_shipped_starts_are_those_of_the_grammars_patterns() -> None:
    from mb.matching.date_time._start_table import shipped_starts

    table = _grammar._TABLE
    shipped = shipped_starts(table.digest(), len(_grammar.ELEMENTS))
    assert shipped is not None, "the grammar changed: run python -m mb.matching.date_time._start_table"
    assert shipped == table.work_out_starts()


def test_a_grammar_other_than_the_shipped_one_reads_its_own_starts() -> None:
    elements = list(_grammar.ELEMENTS)
    source, builder = elements[0]
    elements[0] = ("zz" + source, builder)  # one pattern changed: its starts are no longer the shipped ones
    table = ElementTable(elements, _grammar._TABLE._fragments)
    assert table.digest() != _grammar._TABLE.digest()
    starts = table._read_starts()
    assert starts[0] == frozenset({"zz"})
    assert starts[1:] == _grammar._TABLE._read_starts()[1:]


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"grammar_sha256": "x", "starts": []}', b"[]"])
def test_a_missing_or_damaged_starts_file_means_reading_them_from_the_patterns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    from mb.matching.date_time import _start_table

    path = tmp_path / "date_starts.json"
    if content:
        path.write_bytes(content)
    monkeypatch.setattr(_start_table, "STARTS_FILE", path)
    table = ElementTable(_grammar.ELEMENTS, _grammar._TABLE._fragments)
    assert table.digest() == _grammar._TABLE.digest()
    assert table._read_starts() == _grammar._TABLE.work_out_starts()
