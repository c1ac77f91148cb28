"""Maximum bipartite matching: assign assertions to distinct calls, as many as possible (not greedily)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["max_matching"]


def max_matching(edges: Sequence[Sequence[int]], right_size: int) -> list[int | None]:
    """For each left node, the right node it is matched to (or None), in a maximum-cardinality matching.

    ``edges[i]`` lists the right nodes left node ``i`` may take. Hopcroft-Karp after a greedy start, without
    recursion: thousands of assertions that all accept the same thousands of calls take a fraction of a second
    and never exhaust the interpreter's stack.
    """
    owner: list[int | None] = [None] * right_size
    assignment: list[int | None] = [None] * len(edges)
    for left, options in enumerate(edges):  # greedy start: each left node takes its first free choice
        for right in options:
            if owner[right] is None:
                owner[right] = left
                assignment[left] = right
                break
    while _augment_phase(edges, owner, assignment):
        pass
    return assignment


def _augment_phase(edges: Sequence[Sequence[int]], owner: list[int | None], assignment: list[int | None]) -> bool:
    """One Hopcroft-Karp phase: layer the graph from the free left nodes, then augment along shortest paths.

    Returns whether any augmenting path exists (when none does, the matching is maximum)."""
    depth = [-1] * len(edges)
    free = [left for left, right in enumerate(assignment) if right is None and edges[left]]
    for left in free:
        depth[left] = 0
    queue = list(free)
    reachable = False
    for left in queue:  # breadth-first layering; the queue grows as it is read
        for right in edges[left]:
            holder = owner[right]
            if holder is None:
                reachable = True
            elif depth[holder] < 0:
                depth[holder] = depth[left] + 1
                queue.append(holder)
    if not reachable:
        return False
    cursor = [0] * len(edges)  # per left node, the next edge to try in this phase: each edge is tried once
    for start in free:
        stack = [start]
        while stack:
            left = stack[-1]
            options = edges[left]
            if cursor[left] >= len(options):
                depth[left] = -1  # a dead end for the rest of the phase
                stack.pop()
                continue
            right = options[cursor[left]]
            cursor[left] += 1
            holder = owner[right]
            if holder is None:  # a free right node: flip the path, each left node taking the edge it followed
                for node in stack:
                    taken = edges[node][cursor[node] - 1]
                    owner[taken] = node
                    assignment[node] = taken
                break
            if depth[holder] == depth[left] + 1:
                stack.append(holder)
    return True
