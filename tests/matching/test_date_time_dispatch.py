"""The grammar tries an element only where the text starts with one of its first tokens: the parse is the same as
trying every element."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from mb.matching.date_time import _grammar
from mb.matching.date_time._grammar import ElementTable
from mb.matching.date_time._items import DIGIT, Item, Parsed, first_tokens, token_at
from mb.matching.date_time._lexicon import FILLERS
from mb.matching.date_time._phrase import normalize

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "date_corpus.jsonl"


def test_the_first_token_is_the_run_of_letters_a_digit_or_the_character() -> None:
    assert token_at("midmorning tomorrow", 0) == "midmorning"
    assert token_at("twenty-one", 0) == "twenty"
    assert token_at("q3 2024", 0) == "q"
    assert token_at("12:30", 0) == DIGIT
    assert token_at("\u0663 pm", 0) == DIGIT  # a digit of another script, as \d reads it
    assert token_at("'80s", 0) == "'"
    assert token_at("\u00e9t\u00e9", 0) == "\u00e9"
    assert token_at("at", 2) == ""
    assert first_tokens("4th of july", ("new year", "mid-day"), "x") == {DIGIT, "new", "mid", "x"}


def test_an_element_is_tried_where_the_letters_begin_with_one_of_its_words() -> None:
    table = ElementTable(_grammar.ELEMENTS)
    noon = next(n for n, element in enumerate(_grammar.ELEMENTS) if element.builder.__name__ == "_noonish")
    assert noon in table.indices("noonish")
    assert noon not in table.indices("no")
    assert noon not in table.indices(DIGIT)


def _phrases() -> list[str]:
    with CORPUS.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    extra = ["at 5 pm", "@ 3", "tomorrow at", "at", "at  9", "next friday at 2pm est", "\u00e9t\u00e9 at 3", "3pm at"]
    extra += ["midmorning", "noonish", "latenight friday", "at \u0663 pm", "q3", "h2 2025", "w/c 3 june", "'80s"]
    return [normalize(r["phrase"]) for r in rows] + [normalize(p) for p in extra]


def _vocabulary() -> list[str]:
    """The words and numbers the corpus is written with."""
    words = {word for phrase in _phrases() for word in re.findall(r"[a-z]+|\d+|[-'/:.]", phrase)}
    return sorted(words)


def _every_element(text: str) -> Parsed:
    """The scan of ``_grammar.parse`` trying every element at every position."""
    elements = [(re.compile(element.pattern), element.builder) for element in _grammar.ELEMENTS]
    items: list[Item] = []
    unknown: list[str] = []
    leading: str | None = None
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
            leading = None
            continue
        word = re.match(r"[a-z0-9'@&]+|[^\sa-z0-9]", text[position:])
        token = word.group(0) if word else text[position]
        if token in {"from", "starting", "beginning"}:
            leading = token  # a filler marking the start of what follows: unread when nothing follows
        elif token not in FILLERS and token not in {".", ":", "'", '"'}:
            unknown.append(token)
        position += len(token)
    return Parsed(tuple(items), (*unknown, leading) if leading else tuple(unknown))


def test_dispatched_parse_equals_trying_every_element_on_the_corpus() -> None:
    phrases = _phrases()
    assert len(phrases) > 1500
    mismatched = [p for p in phrases if _grammar.parse(p) != _every_element(p)]
    assert not mismatched, mismatched[:5]


def test_dispatched_parse_equals_trying_every_element_on_words_of_the_corpus_put_together() -> None:
    rng = random.Random(11)
    words = _vocabulary()
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 6))) for _ in range(1500)]
    mismatched = [t for t in texts if _grammar.parse(t) != _every_element(t)]
    assert not mismatched, mismatched[:5]


def test_every_match_on_the_corpus_starts_with_a_first_token_of_its_element() -> None:
    table = ElementTable(_grammar.ELEMENTS)
    compiled = [re.compile(element.pattern) for element in _grammar.ELEMENTS]
    checked = 0
    for text in _phrases()[:800]:
        for position in range(len(text)):
            if text[position] in " ,;()!?":  # the scan never starts there
                continue
            allowed = table.indices(token_at(text, position))
            for index, pattern in enumerate(compiled):
                if pattern.match(text, position) is not None:
                    checked += 1
                    assert index in allowed, (text, position, _grammar.ELEMENTS[index].builder.__name__)
    assert checked > 1000
