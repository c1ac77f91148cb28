"""A name, date or number replaced in one of its mentions: the other mention still matches, so neither text lacks
the name or number outright, yet the two texts say different things. Never a pass."""

from __future__ import annotations

import pytest

from mb.judges import Judge, JudgeRequest, JudgeTask

SIM = JudgeTask.SIMILARITY

REPLACED = [
    # places
    ("Your flight to Denver leaves at 9am. When you land in Denver, take the shuttle to the hotel.",
     "Your flight to Dallas leaves at 9am. When you land in Denver, take the shuttle to the hotel."),
    ("The parcel leaves Hamburg on Monday and reaches Hamburg harbour by noon.",
     "The parcel leaves Bremen on Monday and reaches Hamburg harbour by noon."),
    ("Meet Priya in Lisbon at the hotel. After lunch in Lisbon, take the tram to the castle.",
     "Meet Priya in Lisbon at the hotel. After lunch in Porto, take the tram to the castle."),
    # people
    ("I sent the invoice to Dana this morning. Dana will approve it before Friday.",
     "I sent the invoice to Diana this morning. Dana will approve it before Friday."),
    ("Ask Marcus for the keys. Marcus keeps them at the front desk of the office.",
     "Ask Marcus for the keys. Martin keeps them at the front desk of the office."),
    ("Elena signed the lease, and the landlord will send Elena a copy of the contract.",
     "Elena signed the lease, and the landlord will send Olga a copy of the contract."),
    # dates
    ("Your stay starts on March 3. Check-in on March 3 opens at 2pm at the front desk.",
     "Your stay starts on March 4. Check-in on March 3 opens at 2pm at the front desk."),
    ("The course begins on June 12 and the first exam is also on June 12 in room B.",
     "The course begins on June 12 and the first exam is also on June 14 in room B."),
    ("The office is closed on Friday, and the delivery planned for Friday will come next week.",
     "The office is closed on Friday, and the delivery planned for Monday will come next week."),
    # numbers
    ("Your hotel is booked for seven nights. The seven nights include breakfast every day.",
     "Your hotel is booked for eight nights. The seven nights include breakfast every day."),
    ("Order 12 chairs for the hall and place 12 chairs in each row near the stage.",
     "Order 12 chairs for the hall and place 10 chairs in each row near the stage."),
    ("The fee is $40 per month, and you will pay $40 on the first day of each month.",
     "The fee is $45 per month, and you will pay $40 on the first day of each month."),
]  # fmt: skip

SAID_AGAIN = [
    ("Your flight to Denver leaves at 9am. When you land there, take the shuttle to the hotel.",
     "Your flight to Denver leaves at 9am. When you land in Denver, take the shuttle to the hotel."),
    ("I sent the invoice to Dana this morning. Dana will approve it before Friday.",
     "I sent the invoice to Dana this morning. She will approve it before Friday."),
    ("Your hotel is booked for seven nights, and breakfast is included every day.",
     "Your hotel is booked for seven nights, and breakfast is included on all seven days."),
]  # fmt: skip


@pytest.mark.parametrize(("reference", "candidate"), REPLACED)
def test_a_mention_replaced_is_never_a_pass(judge: Judge, reference: str, candidate: str) -> None:
    for cand, ref in ((candidate, reference), (reference, candidate)):
        [verdict] = judge.judge_sync([JudgeRequest(SIM, cand, ref)])
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(("reference", "candidate"), SAID_AGAIN)
def test_a_name_or_number_said_once_more_or_less_is_no_failure(judge: Judge, reference: str, candidate: str) -> None:
    for cand, ref in ((candidate, reference), (reference, candidate)):
        [verdict] = judge.judge_sync([JudgeRequest(SIM, cand, ref)])
        assert verdict.passed or verdict.undecided, verdict.reason
