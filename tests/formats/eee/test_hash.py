"""``sample_hash`` follows the EEE rules byte for byte: concatenation (0.2.0), canonical JSON (0.3.0)."""

from __future__ import annotations

import hashlib

from mb.formats.eee import sample_hash


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_string_reference_hashes_the_plain_concatenation() -> None:
    assert sample_hash("What is 2+2?", "4") == _sha("What is 2+2?4")
    assert sample_hash("q", "") == _sha("q")


def test_list_reference_hashes_compact_json_with_sorted_keys() -> None:
    expected = _sha('{"raw":"What is 2+2?","reference":["4","four"]}')
    assert sample_hash("What is 2+2?", ["4", "four"]) == expected


def test_empty_reference_list_is_an_empty_json_array() -> None:
    assert sample_hash("hello", []) == _sha('{"raw":"hello","reference":[]}')


def test_non_ascii_is_escaped_in_the_json_form_and_utf8_in_the_concatenation() -> None:
    assert sample_hash("café 😀", ["naïve"]) == _sha('{"raw":"caf\\u00e9 \\ud83d\\ude00","reference":["na\\u00efve"]}')
    assert sample_hash("café", "naïve") == hashlib.sha256("cafénaïve".encode()).hexdigest()


def test_quotes_and_newlines_are_json_escaped() -> None:
    assert sample_hash('say "hi"\n', ["ok"]) == _sha('{"raw":"say \\"hi\\"\\n","reference":["ok"]}')


def test_reference_order_matters() -> None:
    assert sample_hash("q", ["a", "b"]) != sample_hash("q", ["b", "a"])
