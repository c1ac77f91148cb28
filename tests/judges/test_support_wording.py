"""SUPPORT: a span passes offline only when each of its sentences is a whole sentence of the chunk, word for word."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask
from mb.judges._overlap import unsupported_wording
from mb.judges.base import Judge

SUP = JudgeTask.SUPPORT
PARIS = "Paris is the capital and most populous city of France."


@pytest.mark.parametrize(
    ("span", "chunk"),
    [
        ("Bob owes Alice ten dollars", "Alice owes Bob ten dollars."),
        ("The flight departs from Paris and lands in London", "The flight departs from London and lands in Paris."),
        ("Your username was reset", "Your password was reset."),
        ("Your account was deleted.", "An account was deleted."),  # "a" never says "your"
        ("The refund goes to your card.", "The refund goes to a card."),
        ("Call the doctor before taking the medicine", "Take the medicine before calling the doctor."),
        ("The meeting was moved to the morning", "The meeting was moved to the afternoon."),
        ("Berlin is the capital of France", PARIS),
        ("Lyon is the most populous city of France", PARIS),
        ("Paris is the smallest city of France", PARIS),
        ("Google acquired GitHub in 2018", "Microsoft acquired GitHub in 2018."),
        ("The reset link expires after 24 hours.", "The link expires after 24 hours. Refunds take 5 days."),
        ("Paris is the capital of France", PARIS),  # not said together: a cut-up sentence may say anything
        ("The CEO was promoted", "The CEO resigned and the CFO was promoted."),
        ("Rome is the capital of France", "Paris and Rome are the capitals of France and Italy."),
        ("Buzz Aldrin remained in orbit", "Buzz Aldrin walked on the Moon while Michael Collins remained in orbit."),
        ("The store had the item in stock", "The store has the item in stock."),
        ("The CEO resigned", "The company denied reports that the CEO resigned."),  # denial
        ("The bridge was closed in 2020", "It is not true that the bridge was closed in 2020."),  # negation
        ("The update deletes your files", "The update may delete your files."),  # modality
        ("The update deletes your files", "The update can delete your files."),
        ("The bridge collapses under heavy loads", "Engineers warned the bridge could collapse under heavy loads."),
        ("The city builds a new stadium", "The city planned to build a new stadium."),  # plan
        ("The flight is cancelled", "If the fog persists, the flight is cancelled."),  # condition
        ("The drug works", "Whether the drug works remains unclear."),
        ("The vaccine causes autism", "Critics claimed the vaccine causes autism."),  # hearsay
        ("The species is extinct", "The species is nearly extinct."),  # near miss
        ("John Smith is the CEO of Acme", "John Smith is the former CEO of Acme."),  # role
        ("Users prefer dark mode", "Some users prefer dark mode."),  # quantity
        ("The museum is closed on Mondays", "Is the museum closed on Mondays?"),  # a question
        ("The museum is closed on Mondays", "The museum is closed on Mondays?"),
        ("The museum is closed on Mondays", '"The museum is closed on Mondays."'),  # a quotation
        # frames no word list closes: a part of a sentence is never supported offline
        ("The bridge was closed in 2020", "In the novel, the bridge was closed in 2020."),
        ("The CEO resigned last week", "The allegation that the CEO resigned last week was dismissed."),
        ("The drug cures cancer", "Analysts speculated that the drug cures cancer."),
        ("The vaccine causes infertility", "The newspaper retracted its story that the vaccine causes infertility."),
        ("The museum is free on Sundays", "Starting next year, the museum is free on Sundays."),
        ("The drug is effective", "The drug is effective in mice."),
        ("500 people attended", "More than 500 people attended."),
        ("The dam burst in 1998", "The dam burst in 1998, or so the story goes."),
        ("All players were fined", "Except for Tom, all players were fined."),
        # a piece after an abbreviation is no sentence
        ("Smith resigned", "The board denied that Dr. Smith resigned."),
        ("Congress will act", "Analysts doubt that the U.S. Congress will act."),
        ("500 people attended", "Organisers estimate approx. 500 people attended."),
    ],
)
def test_a_span_the_chunk_does_not_say_in_its_words_never_passes(judge: Judge, span: str, chunk: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SUP, span, chunk)])  # type: ignore[attr-defined]
    assert not verdict.passed, verdict.reason
    assert verdict.undecided or verdict.score <= 0.25, verdict.reason


@pytest.mark.parametrize(
    ("span", "chunk"),
    [
        ("Paris is the capital of France", "Paris is the capital of France. It lies on the Seine."),
        ("Microsoft acquired GitHub in 2018", "Microsoft acquired GitHub in 2018."),
        ("The museum is closed on Mondays", "Yes. The museum is closed on Mondays."),
        ("Alice owes Bob ten dollars", "Alice owes Bob 10 dollars."),
        ("The tickets cost 30 dollars", "The tickets cost $30."),
        ("The parcel weighs 3 kilograms", "The parcel weighs 3 kg."),
        ("The programme starts in autumn", "The program starts in autumn."),
        ("A contract was signed on 2 May by both parties", "The contract was signed on 2 May by both parties."),
        ("The link expires. Refunds take 5 days.", "Refunds take 5 days. The link expires."),
        ("Dr. Smith resigned.", "Dr. Smith resigned. The board met in St. Louis."),
    ],
)
def test_a_whole_sentence_of_the_chunk_passes(judge: Judge, span: str, chunk: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SUP, span, chunk)])  # type: ignore[attr-defined]
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("span", "chunk"),
    [
        ("the most populous city of France", PARIS),
        ("The meeting was moved", "We talked. The meeting was moved to the afternoon because of rain."),
        ("The contract was signed on 2 May", "The contract was signed on 2 May by both parties."),
    ],
)
def test_a_part_of_a_chunk_sentence_is_undecided(judge: Judge, span: str, chunk: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SUP, span, chunk)])  # type: ignore[attr-defined]
    assert verdict.undecided, verdict.reason
    assert "a part of a sentence is not supported offline: configure an LLM judge" in verdict.reason


def test_the_wording_check_names_the_span_sentence_no_chunk_sentence_says() -> None:
    assert unsupported_wording("The CEO resigned", "The company denied reports that the CEO resigned.") == (
        "no sentence of the chunk says exactly 'The CEO resigned'; a part of a sentence is not supported offline: "
        "configure an LLM judge"
    )
    assert unsupported_wording("Bob owes Alice", "Alice owes Bob.") is not None
    assert unsupported_wording("The shop is open", "Is the shop open? Yes.") is not None
    assert unsupported_wording("There were twenty-five guests", "There were 25 guests.") is None
    assert unsupported_wording("The contract was signed on 2 May.", "The contract was signed on 2 May.") is None
    # every sentence of the span must be a sentence of the chunk
    assert unsupported_wording("Berlin is in Germany. It is big.", "Berlin is in Germany. Paris is the capital.")
