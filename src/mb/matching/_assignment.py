"""Maximum bipartite matching: assign assertions to distinct calls, as many as possible (not greedily)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["max_matching"]


def max_matching(edges: Sequence[Sequence[int]], right_size: int) -> list[int | None]:
    """For each left node, the right node it is matched to (or None), in a maximum-cardinality matching.

    ``edges[i]`` lists the right nodes left node ``i`` may take. Augmenting paths (Kuhn's algorithm): the
    sizes here (assertions x calls of one example) are small, so its simplicity beats asymptotics.
    """
    if len(edges) == 1:  # one left node: its first choice, if any
        return [edges[0][0] if edges[0] else None]
    firsts = [options[0] for options in edges if options]
    if len(set(firsts)) == len(firsts):  # every left node can take its first choice: what the search would do
        return [options[0] if options else None for options in edges]
    owner: list[int | None] = [None] * right_size

    def augment(left: int, seen: list[bool]) -> bool:
        for right in edges[left]:
            if seen[right]:
                continue
            seen[right] = True
            holder = owner[right]
            if holder is None or augment(holder, seen):
                owner[right] = left
                return True
        return False

    for left in range(len(edges)):
        augment(left, [False] * right_size)
    assignment: list[int | None] = [None] * len(edges)
    for right, matched in enumerate(owner):
        if matched is not None:
            assignment[matched] = right
    return assignment
