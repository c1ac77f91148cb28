"""The assignment of assertions to distinct calls: maximum, and safe on very large examples."""

from __future__ import annotations

import random

from mb.entities import ToolCall, ToolCallAssertion
from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext, check_assertions
from mb.matching._assignment import max_matching


def _largest(edges: list[list[int]], used: frozenset[int] = frozenset(), left: int = 0) -> int:
    """The size of a maximum matching, by exhaustive search (small graphs only)."""
    if left == len(edges):
        return 0
    best = _largest(edges, used, left + 1)
    for right in edges[left]:
        if right not in used:
            best = max(best, 1 + _largest(edges, used | {right}, left + 1))
    return best


def test_matching_is_maximum_on_random_small_graphs() -> None:
    rng = random.Random(7)
    for _ in range(600):
        right_size = rng.randint(1, 6)
        edges = [sorted(rng.sample(range(right_size), rng.randint(0, right_size))) for _ in range(rng.randint(2, 6))]
        assignment = max_matching(edges, right_size)
        taken = [right for right in assignment if right is not None]
        assert len(taken) == len(set(taken)), (edges, assignment)
        assert all(right is None or right in edges[left] for left, right in enumerate(assignment))
        assert len(taken) == _largest(edges), (edges, assignment)


def test_thousands_of_nodes_sharing_every_choice_are_matched_without_recursion() -> None:
    size = 1500  # deeper than the interpreter's recursion limit (1000)
    assignment = max_matching([list(range(size)) for _ in range(size)], size)
    assert sorted(right for right in assignment if right is not None) == list(range(size))


def test_a_long_augmenting_chain_is_followed() -> None:
    # Left i prefers right i + 1, else right i: the greedy start leaves the last left node free until every
    # other one moves back by one along a path as long as the graph.
    size = 2500
    edges = [[i + 1, i] for i in range(size - 1)] + [[size - 1]]
    assignment = max_matching(edges, size)
    assert sorted(right for right in assignment if right is not None) == list(range(size))


def _oracle(request: JudgeRequest) -> Verdict:
    return Verdict(1.0, "same", "test")


def test_many_assertions_on_one_tool_each_get_their_own_call() -> None:
    count = 440
    assertions = [ToolCallAssertion(tool="ping", parameters=[]) for _ in range(count)]
    calls = [ToolCall(id=f"c{i}", tool="ping", params={}) for i in range(count)]
    results = check_assertions(assertions, calls, MatchContext(_oracle))
    assert all(result.passed for result in results)
    assert len({result.call_id for result in results}) == count
