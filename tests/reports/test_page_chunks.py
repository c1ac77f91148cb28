"""The report page is written in pieces, none of them a copy of the whole data: the data reads back the same
whichever the embedding."""

from __future__ import annotations

import base64
import gzip
import re
from typing import Any

import orjson

from mb.reports.html import render_page
from mb.reports.html._page import page_chunks


def _payload() -> dict[str, Any]:
    rows = [{"r": {"line": i, "text": f"</script><b>{i}</b> & \u2028 caf\u00e9 \U0001f600"}} for i in range(3000)]
    blocks = [orjson.Fragment(orjson.dumps(rows[start : start + 100])) for start in range(0, 3000, 100)]
    return {"title": "t <&>", "runs": [{"name": "a", "columns": {"line": list(range(3000))}, "blocks": blocks}]}


def _data(page: bytes) -> bytes:
    found = re.search(
        rb'<script type="application/json" id="mb-data" data-encoding="\w+">(.*?)</script>', page, re.DOTALL
    )
    assert found is not None
    return found[1]


def test_the_page_comes_in_pieces_and_its_data_reads_back_in_either_embedding() -> None:
    payload = _payload()
    plain = list(page_chunks(payload, "json"))
    packed = list(page_chunks(payload, "gzip"))
    whole = orjson.loads(orjson.dumps(payload))
    data = _data(b"".join(plain))
    assert b"</script><b>" not in data  # escaped: the data cannot end its element
    assert "\u2028".encode() not in data
    assert orjson.loads(data) == whole
    assert orjson.loads(gzip.decompress(base64.b64decode(_data(b"".join(packed))))) == whole
    assert b"".join(plain) == render_page(payload, "json")
    assert max(len(chunk) for chunk in plain) < len(data) / 4  # never the whole data at once
