"""Readings of a phrase: windows of accepted wall-clock times, and how they are shown in reasons."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta

from dateutil.relativedelta import relativedelta

from ._zones import ZoneSpec

__all__ = ["GRAIN_STEPS", "Reading", "Resolution", "Window", "minute_window"]


@dataclass(frozen=True, slots=True)
class Window:
    """The wall-clock times a reading accepts: ``lo <= t < hi`` (``<= hi`` when ``closed``)."""

    lo: datetime
    """First accepted wall-clock time (naive)."""

    hi: datetime
    """End of the window (naive); excluded unless ``closed``."""

    grain: str
    """Granularity the phrase names: ``second``, ``minute``, ``instant``, ``day``, ``month``, ``year``, ``span``."""

    closed: bool = False
    """Whether ``hi`` itself is accepted."""

    note: str = ""
    """What the window stands for when it is a span (``morning``, ``week``, ``midnight``...)."""

    zone: ZoneSpec | None = None
    """Zone the wall-clock bounds are expressed in; ``None`` compares wall clocks as written."""

    floating: bool = False
    """The phrase named a time of day but no date (today or tomorrow was assumed)."""

    gap: str = ""
    """Why the bounds differ from the wall time named, when it does not exist in the zone (clocks moved forward)."""

    def contains(self, wall: datetime) -> bool:
        """Whether a naive wall-clock time (in this window's zone) falls inside."""
        return self.lo <= wall and (wall <= self.hi if self.closed else wall < self.hi)

    def covers(self, lo: datetime, hi: datetime) -> bool:
        """Whether the whole wall-clock interval ``[lo, hi)`` (a date, a month...) falls inside."""
        return self.lo <= lo and hi <= self.hi

    def shifted(self, delta: timedelta | relativedelta) -> Window:
        """The same window moved by ``delta``."""
        hi = self.hi + delta if self.closed or self.hi == self.lo else _end_moved(self.lo, self.hi, delta)
        return replace(self, lo=self.lo + delta, hi=hi)

    @property
    def label(self) -> str:
        """Human-readable form used in reasons."""
        text = _label(self)
        if self.zone is None:
            return text
        zone = self.zone.label
        if self.grain in {"second", "minute"} and (zone == "UTC" or zone[0] in "+-"):
            return text + ("Z" if zone == "UTC" else zone)
        return f"{text} ({zone}; {self.gap})" if self.gap else f"{text} ({zone})"


def _end_moved(lo: datetime, end: datetime, delta: timedelta | relativedelta) -> datetime:
    """The excluded end of the window from ``lo`` to ``end`` moved by ``delta``: a window shorter than any month keeps
    its length (February 28 a year after or before a leap year's is one day, never two, and February 29 is February
    28's one day); a longer one ends at its end moved, never before the moment after the last one inside moved by it
    (February of a leap year ends on March 1 a year earlier too)."""
    if end - lo < timedelta(days=28):
        return lo + delta + (end - lo)
    tick = timedelta(microseconds=1)
    return max(end + delta, end - tick + delta + tick)


def _label(w: Window) -> str:
    if w.grain in _FORMATS:
        return w.lo.strftime(_FORMATS[w.grain])
    if w.grain == "instant":
        return f"{w.lo:%Y-%m-%dT%H:%M}..{w.hi:%H:%M}"
    note = f" ({w.note})" if w.note else ""
    if w.lo.time() == time() and w.hi.time() == time() and not w.closed:
        return f"{w.lo:%Y-%m-%d}..{w.hi - timedelta(days=1):%Y-%m-%d}{note}"
    if w.lo.date() == w.hi.date():
        # seconds when minutes do not tell the window: "14:30:00-14:30:30", never "14:30-14:30"
        seconds = w.hi - w.lo < timedelta(minutes=1) or w.lo.second or w.hi.second
        clock = "%H:%M:%S" if seconds else "%H:%M"
        return f"{w.lo:%Y-%m-%d} {w.lo.strftime(clock)}-{w.hi.strftime(clock)}{note}"
    return f"{w.lo:%Y-%m-%dT%H:%M}..{w.hi:%Y-%m-%dT%H:%M}{note}"


_FORMATS = {"second": "%Y-%m-%dT%H:%M:%S", "minute": "%Y-%m-%dT%H:%M", "day": "%Y-%m-%d", "month": "%Y-%m",
            "year": "%Y"}  # fmt: skip


#: The length of a reading's unit by its grain, with the hour and the quarter a second reader names; not the week,
#: whose first day is a convention (Monday or Sunday: "the first week of 2015").
GRAIN_STEPS: dict[str, timedelta | relativedelta] = {
    "second": timedelta(seconds=1),
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "day": timedelta(days=1),
    "month": relativedelta(months=1),
    "quarter": relativedelta(months=3),
    "year": relativedelta(years=1),
}


def minute_window(moment: datetime) -> Window:
    """The minute ``moment`` falls in (``at 2pm`` accepts 14:00:00 to 14:00:59)."""
    lo = moment.replace(second=0, microsecond=0)
    return Window(lo, lo + timedelta(minutes=1), "minute")


@dataclass(frozen=True, slots=True)
class Reading:
    """One way of understanding a phrase: a start window and, for a range phrase, an end window."""

    start: Window
    """Accepted values for the (start) time."""

    end: Window | None = None
    """Accepted values for the end time when the phrase names a range (``from 3pm to 4pm``)."""

    until: datetime | None = None
    """For a span named as one period ("the next 3 days", "last fortnight"), not by its two ends: where it ends
    (excluded). A single parameter may fall anywhere from the start to there."""

    @property
    def span(self) -> bool:
        """Whether the reading is a span named as one period."""
        return self.until is not None

    def shifted(self, delta: timedelta | relativedelta) -> Reading:
        """The same reading moved by ``delta``."""
        end = self.end.shifted(delta) if self.end else None
        return Reading(self.start.shifted(delta), end, self.until and _end_moved(self.start.lo, self.until, delta))

    def whole(self) -> Reading:
        """A span as the one window from its start to its end (excluded); any other reading as it is."""
        if self.until is None:
            return self
        start = self.start
        return Reading(
            Window(start.lo, self.until, "span", note="span", zone=start.zone, floating=start.floating, gap=start.gap)
        )

    @property
    def label(self) -> str:
        """Human-readable form used in reasons."""
        return self.start.label if self.end is None else f"{self.start.label} to {self.end.label}"


@dataclass(frozen=True, slots=True)
class Resolution:
    """Everything a phrase was resolved to against one ``user_time``."""

    phrase: str
    """The expected phrase as written."""

    readings: tuple[Reading, ...]
    """Every reasonable reading; empty when ``problem`` is set."""

    user_zone: ZoneSpec | None = None
    """The zone of ``user_time`` (naive arguments are taken in it); ``None`` when ``user_time`` is naive."""

    problem: str | None = None
    """Why the phrase could not be resolved."""

    understood: bool = True
    """False when the phrase was not understood at all (a defect of the benchmark, not of the agent)."""

    named: frozenset[str] = frozenset({"year"})
    """The date parts the phrase names outright (``year`` for "2014" or "next year", nothing for "march 3"): a
    parameter group may not leave them out. The year is assumed named unless the grammar says otherwise."""

    reader: str = ""
    """The second reader that read the phrase the grammar did not understand ("Duckling"); empty for the grammar."""

    said_at: datetime | None = None
    """``user_time``, when it has an offset: whether the user's clocks may change before an argument's time."""

    either_clock: str | None = None
    """Why an argument naming no zone cannot be judged: one time written in two zones ("10am PT / 1pm ET") said at
    a naive ``user_time``, where it may be on either clock."""

    @property
    def is_range(self) -> bool:
        """Whether the phrase names both ends of a range."""
        return any(r.end is not None for r in self.readings)

    @property
    def label(self) -> str:
        """The readings joined with ``or`` (at most eight shown), and the reader when not the grammar."""
        labels = list(dict.fromkeys(r.label for r in self.readings))
        shown = " or ".join(labels[:8]) + (f" or {len(labels) - 8} more" if len(labels) > 8 else "")
        return f"{shown} (read by {self.reader})" if self.reader else shown
