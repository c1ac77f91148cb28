"""Questions that open in other words asking the same thing ("How can I" / "How do I", "Is it possible to" / "Can
I") pass when the rest is the same; openings that ask otherwise, and the same opening before another ask, do not."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import both_ways


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("How can I reset my router?", "How do I reset my router?"),
        ("How should I treat a sprained ankle?", "How do I treat a sprained ankle?"),
        ("Where can I get a flu shot?", "Where do I get a flu shot?"),
        ("What is the way to contact customer support?", "How do I contact customer support?"),
        ("What should I do if I miss a dose?", "What do I do if I miss a dose?"),
        ("What should I do about a persistent cough?", "How do I deal with a persistent cough?"),
        ("Is it possible to change my flight date?", "Can I change my flight date?"),
        ("Am I able to open a bank account online?", "Can I open a bank account online?"),
        ("Is there a way to recover a deleted email?", "Can I recover a deleted email?"),
        ("Where should I renew my passport in London?", "Where can I renew my passport in London?"),
        ("How can I tell whether the eggs are fresh?", "How do I tell whether the eggs are fresh?"),
        ("Can I get HIV from kissing?", "Is it possible to get HIV from kissing?"),  # possible: any verb
        ("Could I get an extension on my tax return?", "Can I get an extension on my tax return?"),
        ("What should I do when my card is declined?", "What do I do when my card is declined?"),
        ("When's the best time to visit Japan?", "When is the best time to visit Japan?"),  # "when's": "when is"
        ("Why's my laptop so slow?", "Why is my laptop so slow?"),
    ],
)
def test_openings_that_ask_the_same_pass(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("How should I feel about this diagnosis?", "How do I feel about this diagnosis?"),  # a state, not a way
        ("How do I look in this dress?", "How should I look in this dress?"),
        ("How can I know that?", "How should I know that?"),  # "how should I know?": nothing asked
        ("Is it possible to fly with a cold?", "Is it ok to fly with a cold?"),  # possible is not advisable
        ("Is it safe to fly with a cold?", "Can I fly with a cold?"),
        ("Am I allowed to bring my dog on the train?", "Is it possible to bring my dog on the train?"),
        ("Can you swim after eating?", "Is it possible to swim after eating?"),  # "can you" may ask the listener
        ("Why can I not sleep at night?", "Why do I not sleep at night?"),  # why, when: another ask
        ("When can I shower after surgery?", "When do I shower after surgery?"),
        ("How do I get rid of mice in my kitchen?", "What should I do about mice in my kitchen?"),
        ("How can I reset my router?", "How do I reset my modem?"),  # the same opening, another ask
        ("Is it possible to cancel my order after it ships?", "Can I cancel my order before it ships?"),
        ("Can I take ibuprofen with paracetamol?", "Is it possible to take paracetamol after ibuprofen?"),
        ("How can I send money to my brother?", "How do I send money from my brother?"),
        ("Can I use my phone abroad?", "Am I able to use my phone abroad for free?"),
        ("Can I drink alcohol?", "Is it ok to drink alcohol daily?"),
        ("Could I have caught the flu at work?", "Can I have caught the flu at work?"),  # maybe already so
        ("Could I be allergic to penicillin?", "Can I be allergic to penicillin?"),
        ("How can I reset my router? It keeps dropping.", "How do I reset my router?"),
        # "is it ok to" asks leave, which "can I" may not; "is there a way to" seeks what may befall one
        ("Can I get pregnant on my period?", "Is it ok to get pregnant on my period?"),
        ("Can I take ibuprofen on an empty stomach?", "Is it okay to take ibuprofen on an empty stomach?"),
        ("Can I die from a bee sting allergy?", "Is it ok to die from a bee sting allergy?"),
        ("Am I able to catch a cold from my cat?", "Can I catch a cold from my cat?"),
        ("Is there a way to get sick from cold weather?", "Can I get sick from cold weather?"),
        # where is not how
        ("Where do I inject insulin on my body?", "How do I inject insulin on my body?"),
        ("Where can I get tested for HIV?", "How can I get tested for HIV?"),
        # "do I" asking where one stands, not a way: no object straight after the verb
        ("How do I compare to other students in my class?", "How can I compare to other students in my class?"),
        ("How do I rank among the other applicants?", "How can I rank among the other applicants?"),
        ("How do I measure up to the other candidates?", "How can I measure up to the other candidates?"),
        ("How do I do on the memory test?", "How can I do on the memory test?"),
        ("How do I smell to my dog?", "How should I smell to my dog?"),
        ("Where do I stand on the transplant waiting list?", "Where should I stand on the transplant waiting list?"),
        ("Where do I go after I die?", "Where should I go after I die?"),
        ("Where can I get bitten by ticks in the UK?", "Where should I get bitten by ticks in the UK?"),
        ("How do I come running to you?", "How should I come running to you?"),
        # rhetorical
        ("How should I know what the doctor meant?", "How do I know what the doctor meant?"),
        ("How should I know if he is coming tonight?", "How do I know if he is coming tonight?"),
        ("How can I forget my own mother's birthday?", "How do I forget my own mother's birthday?"),
    ],
)
def test_openings_or_rests_that_ask_otherwise_never_pass(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason
