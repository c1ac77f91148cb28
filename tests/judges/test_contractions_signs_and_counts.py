"""What a contraction, a sign, a clock phrase or a "one" says is read where it is sure and left in doubt where it is
not: "'d" is "had" or "would", "'re" is "are", "-5" is below zero, "from ten to six" is a range, "one another" counts
nothing; a unit, a spelling or a count written otherwise still passes."""

from __future__ import annotations

import pytest

from mb.judges import LexicalJudge, LocalJudge
from mb.judges._quantities import extract_quantities
from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.fixture(scope="module", params=["lexical", "local"])
def judge(request: pytest.FixtureRequest) -> Judge:
    return LexicalJudge() if request.param == "lexical" else LocalJudge(batch_size=32)


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("He'd lived here for ten years", "He lived here for ten years"),
        ("They'd left before noon", "They left before noon"),
        ("She'd left when I arrived", "She left when I arrived"),
        ("I'd paid the bill", "I paid the bill"),
        ("You'd pay the bill", "You paid the bill"),
        ("We'd book a table", "We booked a table"),
        ("We're leaving", "We were leaving"),
        ("I'm leaving", "I was leaving"),
        ("It's raining", "It was raining"),
        ("The shop is open from ten to six", "The shop is open from 5:50"),
        ("Open from ten to eight", "Open from 7:50"),
        ("Read pages from ten to twelve", "Read pages from 11:50"),
        ("He has lived here since 2010", "He lived here since 2010"),
        ("He's lived here since May", "He lived here since May"),
        ("She's been living here since 2010", "She lived here since 2010"),
        ("The temperature is -5", "The temperature is 5"),
        ("The balance is -200 dollars", "The balance is 200 dollars"),
        ("-5°C outside", "5°C outside"),
        ("The balance is \u2212200 dollars", "The balance is 200 dollars"),
        ("They helped one another", "They helped 1 another"),
        ("They came one after another", "They came 1 after another"),
        ("At one point we stopped", "At 1 point we stopped"),
        ("She's worried about it", "She has worried about it"),
        ("He's tired of it", "He has tired of it"),
        ("One day we will win", "1 day we will win"),
        ("The metre is broken", "The meter is broken"),
        ("How'd it go?", "How would it go?"),
        ("Why'd you do that?", "Why would you do that?"),
        ("Where'd you go?", "Where would you go?"),
        ("I'd come home early", "I would come home early"),
        ("He'd run away", "He would run away"),
        ("I'd never read it", "I would never read it"),
        ("He'd better go", "He would better go"),
        ("I'd put it there", "I put it there"),
        ("I'd not read it", "I did not read it"),
        ("What'd you say?", "What you say?"),
        ("There'd be trouble", "There was trouble"),
        ("That'd work", "That works"),
        ("Bob'd pay", "Bob paid"),
        ("Tom's coming", "Tom was coming"),
        ("She's got a car", "She got a car"),
        ("We've got to go", "We got to go"),
        ("Who's paid?", "Who is paying?"),
        ("It's cut", "It cut"),
        ("I've seen it", "I see it"),
        ("Install 2 meters", "Install 2 metres"),
        ("Install 2 metres", "Install 2 meters"),
        ("We are all at one", "We are all at 1"),
        ("They are at one", "They are at 1"),
        ("-$200", "$200"),
        ("Refund $-200", "Refund $200"),
        ("The temperature is \u20135", "The temperature is 5"),
        ("The temperature is minus 5", "The temperature is 5"),
        ("He is shocked by the audience", "He's shocked the audience"),
        ("She is worried by her parents", "She's worried her parents"),
        ("John was left", "John's left"),
        ("The keys were lost", "The keys lost"),
    ],
)
def test_what_the_texts_may_say_otherwise_does_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Swim 2.5 metres", "Swim 2.5 meters"),
        ("A wall 3 metres high", "A wall 3 meters high"),
        ("A 100-metre race", "A 100-meter race"),
        ("Cancelled flights", "Canceled flights"),
        ("Travelled to Paris", "Traveled to Paris"),
        ("Cancelled the order", "Canceled the order"),
        ("Stay for one night", "Stay for 1 night"),
        ("Book the room for one day", "Book the room for 1 day"),
        ("Open page one", "Open page 1"),
        ("Call me at one", "Call me at 1"),
        ("I'd like a table", "I would like a table"),
        ("She'd go home", "She would go home"),
        ("I'd known", "I had known"),
        ("He'd better hurry", "He had better hurry"),
        ("She's left", "She left"),
        ("The order has shipped", "The order shipped"),
        ("I'm leaving", "I am leaving"),
        ("They're here", "They are here"),
        ("It's raining", "It is raining"),
        ("She's worked here for years", "She has worked here for years"),
        ("The temperature is -5", "The temperature is -5"),
        ("The range is 2010-2015", "The range is 2010-2015"),
        ("Pages 5\u20137", "Pages 5-7"),
        ("She's lost the keys", "She has lost the keys"),
        ("He's finished the report", "He has finished the report"),
        ("The temperature is minus 5", "The temperature is -5"),
        ("The temperature is minus five", "The temperature is -5"),
        ("Refund -$200", "Refund \u2212$200"),
    ],
)
def test_what_the_texts_surely_say_alike_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


def test_a_minus_sign_is_part_of_the_number() -> None:
    assert [q.values for q in extract_quantities("It is -5 outside")] == [frozenset({-5.0})]
    assert [q.values for q in extract_quantities("from 2010-2015")] == [frozenset({2010.0}), frozenset({2015.0})]


@pytest.mark.parametrize(
    ("text", "value"),
    [("-$200", -200.0), ("$-200", -200.0), ("it is \u20135", -5.0), ("minus 5", -5.0), ("minus five", -5.0)],
)
def test_a_sign_before_a_currency_an_en_dash_and_minus_are_below_zero(text: str, value: float) -> None:
    assert [q.values for q in extract_quantities(text)] == [frozenset({value})]


def test_an_en_dash_between_numbers_and_minus_after_a_number_are_no_sign() -> None:
    for text in ("pages 5\u20137", "pages 5 \u2013 7", "10 minus 5", "ten minus five"):
        assert {v for q in extract_quantities(text) for v in q.values} >= {5.0}, text
