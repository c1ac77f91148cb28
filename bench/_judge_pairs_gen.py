"""Generated labelled pairs: short tool arguments, and the role-swap set. Deterministic (seeded)."""

from __future__ import annotations

import random

__all__ = ["swap_pairs", "tool_argument_pairs"]

Pair = dict[str, object]

_PEOPLE_TEXT = "Alice Bob Carol David Emma Frank Grace Henry Irene Jack Laura Marco Nina Oscar Priya Raj Sofia Tom Tim"
_COMPANIES_TEXT = "Acme Globex Initech Umbrella Hooli Vandelay Stark Wayne Cyberdyne Soylent Tyrell Wonka"
_CITIES_TEXT = "Paris London Berlin Madrid Rome Tokyo Boston Denver Chicago Lisbon Oslo Dublin Calgary Montreal"
_COUNTRIES_TEXT = "Denmark Finland France Germany Spain Italy Japan Canada Brazil Norway Sweden Poland"
_DAYS_TEXT = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday"
PEOPLE = _PEOPLE_TEXT.split()
COMPANIES = _COMPANIES_TEXT.split()
CITIES = _CITIES_TEXT.split()
COUNTRIES = _COUNTRIES_TEXT.split()
DAYS = _DAYS_TEXT.split()
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 8: "eight", 10: "ten"}


def _pair(a: str, b: str, label: int, source: str) -> Pair:
    return {"text_a": a, "text_b": b, "label": label, "source": source, "split": "generated"}


def _two(rng: random.Random, pool: list[str]) -> tuple[str, str]:
    first, second = rng.sample(pool, 2)
    return first, second


def tool_argument_pairs(count: int = 1400, seed: int = 7) -> list[Pair]:
    """Paraphrases of tool arguments (label 1) and near misses (label 0), at most 12 words each."""
    rng = random.Random(seed)
    out: list[Pair] = []
    while len(out) < count:
        n = rng.choice(list(NUMBER_WORDS))
        m = rng.choice([k for k in NUMBER_WORDS if k != n])
        hour, other_hour = rng.sample(range(1, 12), 2)
        a, b = _two(rng, PEOPLE)
        c1, c2 = _two(rng, CITIES)
        co1, co2 = _two(rng, COMPANIES)
        day, other_day = _two(rng, DAYS)
        amount, other_amount = rng.sample([50, 120, 250, 300, 500, 750, 1200, 2000], 2)
        templates: list[tuple[str, list[str], list[str]]] = [
            (
                f"book a table for {n} at {hour}pm",
                [f"reserve a table for {NUMBER_WORDS[n]} people at {hour} pm", f"table for {n} at {hour}:00 pm"],
                [f"book a table for {m} at {hour}pm", f"book a table for {n} at {other_hour}pm"],
            ),
            (
                f"flights from {c1} to {c2} on {day}",
                [f"{day} flights departing {c1} for {c2}", f"find flights {c1} to {c2} on {day}"],
                [f"flights from {c2} to {c1} on {day}", f"flights from {c1} to {c2} on {other_day}"],
            ),
            (
                f"send the quarterly report to {a}",
                [f"email {a} the quarterly report", f"forward the quarterly report to {a}"],
                [f"send the quarterly report to {b}", f"do not send the quarterly report to {a}"],
            ),
            (
                f"schedule a meeting with {a} on {day}",
                [f"set up a meeting with {a} for {day}", f"{day} meeting with {a}"],
                [f"schedule a meeting with {b} on {day}", f"cancel the meeting with {a} on {day}"],
            ),
            (
                f"buy {n} shares of {co1}",
                [f"purchase {NUMBER_WORDS[n]} {co1} shares", f"buy {n} {co1} shares"],
                [f"sell {n} shares of {co1}", f"buy {n} shares of {co2}", f"buy {m} shares of {co1}"],
            ),
            (
                f"transfer ${amount} from checking to savings",
                [
                    f"move {amount} dollars from checking into savings",
                    f"transfer {amount} USD from checking to savings",
                ],
                [f"transfer ${amount} from savings to checking", f"transfer ${other_amount} from checking to savings"],
            ),
            (
                f"remind me to call {a} at {hour}pm",
                [f"reminder to phone {a} at {hour} pm", f"set a reminder at {hour}pm to call {a}"],
                [f"remind me to call {b} at {hour}pm", f"remind me to call {a} at {other_hour}pm"],
            ),
            (
                "turn on the kitchen lights",
                ["switch the kitchen lights on", "kitchen lights on"],
                ["turn off the kitchen lights", "turn on the bedroom lights"],
            ),
            (
                f"weather in {c1} on {day}",
                [f"{c1} weather forecast for {day}", f"what is the weather in {c1} on {day}"],
                [f"weather in {c2} on {day}", f"weather in {c1} on {other_day}"],
            ),
            (
                f"{a} invoices that are unpaid",
                [f"unpaid invoices from {a}", f"invoices from {a} not yet paid"],
                [f"{a} invoices that are paid", f"{b} invoices that are unpaid"],
            ),
            (
                f"open a support ticket for {co1}",
                [f"create a support ticket for {co1}", f"file a {co1} support ticket"],
                [f"close the support ticket for {co1}", f"open a support ticket for {co2}"],
            ),
            (
                f"{co1} acquired {co2}",
                [f"{co2} was acquired by {co1}", f"{co1} bought {co2}"],
                [f"{co2} acquired {co1}", f"{co1} was acquired by {co2}"],
            ),
        ]
        reference, positives, negatives = rng.choice(templates)
        out.append(_pair(reference, rng.choice(positives), 1, "tool_args"))
        out.append(_pair(reference, rng.choice(negatives), 0, "tool_args"))
    return [p for p in out if max(len(str(p["text_a"]).split()), len(str(p["text_b"]).split())) <= 12]


_ASYMMETRIC_TEXT = "defeated beat sued hired acquired replaced interviewed paid invited criticized overtook called"
_ASYMMETRIC_VERBS = _ASYMMETRIC_TEXT.split()
_SYMMETRIC_VERBS = ("met", "married")
_PUBLIC_SWAPS = [
    ("He died in Calgary and was buried in Montreal.", "He died in Montreal and was buried in Calgary."),
    ("She was born in Lisbon and grew up in Porto.", "She was born in Porto and grew up in Lisbon."),
    ("In the north winters are hot and summers are cold.", "In the north winters are cold and summers are hot."),
    ("The novel was translated from French into English.", "The novel was translated from English into French."),
    ("The river flows from the lake to the sea.", "The river flows from the sea to the lake."),
]


def swap_pairs(seed: int = 11) -> list[Pair]:
    """Entities exchanged around an asymmetric relation (label 0) and around a symmetric one (label 1)."""
    rng = random.Random(seed)
    out: list[Pair] = []
    for verb in _ASYMMETRIC_VERBS:
        for _ in range(4):
            a, b = _two(rng, PEOPLE if verb not in {"acquired", "overtook"} else COMPANIES)
            out.append(_pair(f"{a} {verb} {b}", f"{b} {verb} {a}", 0, "swaps"))
            out.append(_pair(f"{a} was {verb} by {b}", f"{b} was {verb} by {a}", 0, "swaps"))
            out.append(_pair(f"{a} {verb} {b}", f"{b} was {verb} by {a}", 1, "swaps"))
    for _ in range(8):
        n1, n2 = _two(rng, COUNTRIES)
        out.append(_pair(f"the ambassador of {n1} to {n2}", f"{n2}'s ambassador to {n1}", 0, "swaps"))
        out.append(_pair(f"the ambassador of {n1} to {n2}", f"{n1}'s ambassador to {n2}", 1, "swaps"))
        c1, c2 = _two(rng, CITIES)
        out.append(_pair(f"a train from {c1} to {c2}", f"a train from {c2} to {c1}", 0, "swaps"))
        out.append(_pair(f"died in {c1}, buried in {c2}", f"died in {c2}, buried in {c1}", 0, "swaps"))
        out.append(_pair(f"the road between {c1} and {c2}", f"the road between {c2} and {c1}", 1, "swaps"))
        a, b = _two(rng, PEOPLE)
        out.append(_pair(f"{a}'s letter to {b}", f"{b}'s letter to {a}", 0, "swaps"))
        out.append(_pair(f"{a} is older than {b}", f"{b} is older than {a}", 0, "swaps"))
        out.append(_pair(f"{a} and {b} signed the contract", f"{b} and {a} signed the contract", 1, "swaps"))
        out.append(_pair(f"a call with {a} and {b}", f"a call with {b} and {a}", 1, "swaps"))
        out.append(_pair(f"{a} worked with {b}", f"{b} worked with {a}", 1, "swaps"))
        for verb in _SYMMETRIC_VERBS:
            out.append(_pair(f"{a} {verb} {b} in {c1}", f"{b} {verb} {a} in {c1}", 1, "swaps"))
    for first, second in _PUBLIC_SWAPS:
        out.append(_pair(first, second, 0, "swaps"))
    return out
