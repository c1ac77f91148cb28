"""``tool_keys`` files names so that two names share a key exactly when ``same_tool`` holds."""

from __future__ import annotations

import itertools

from mb.matching.extended import same_tool, tool_keys

NAMES = [
    "search", "Search", "crm.search", "web.search", "mcp__srv__search", "srv.search.x", "s_e_arch",
    "\uff53\uff45\uff41\uff52\uff43\uff48",
    "get_weather", "GetWeather", "weather", "a.weather", "weather.a", "x", "X", "x.y", "y", "a/b", "b", "a:b:c", "c",
    ".", "..search", "search.", "a", "a.a", "?", "!!",
]  # fmt: skip


def test_names_share_a_key_exactly_when_they_may_name_one_tool() -> None:
    for one, other in itertools.product(NAMES, repeat=2):
        assert bool(tool_keys(one, query=True) & tool_keys(other)) == same_tool(one, other), (one, other)
    assert not tool_keys("crm.search", query=True) & tool_keys("web.search")
