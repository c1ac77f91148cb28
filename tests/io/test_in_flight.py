"""Tasks kept in flight for worker processes and Ray: given in order, bounded, none lost or left running."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mb.io._pool import in_flight


def test_tasks_come_in_order_with_a_bounded_number_begun_ahead() -> None:
    begun: list[int] = []
    given = []
    for item, task in in_flight(range(6), lambda item: begun.append(item) or item * 10, 2):
        assert len(begun) - len(given) <= 3  # the one given and two ahead
        given.append((item, task))
    assert given == [(item, item * 10) for item in range(6)]


def test_the_tasks_begun_come_before_the_error_of_a_source_that_cannot_be_read_on() -> None:
    def cut_short() -> Iterator[int]:
        yield from (1, 2)
        raise OSError("the compressed file ends too early")

    given: list[int] = []
    with pytest.raises(OSError, match="ends too early"):
        given.extend(item for item, _ in in_flight(cut_short(), str, 5))
    assert given == [1, 2]


def test_tasks_begun_and_not_given_are_cancelled_when_the_reader_stops() -> None:
    cancelled: list[str] = []
    tasks = in_flight(range(10), str, 3, cancelled.append)
    assert next(tasks) == (0, "0")
    tasks.close()  # an interrupted run
    assert cancelled == ["1", "2", "3"]
