"""The local judge's equivalence verdicts: passed, failed or undecided by the cosine's band, the guards and the doubts
(real MiniLM model, offline)."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask, LocalJudge, Verdict
from mb.judges._banded import DECIDES

pytestmark = pytest.mark.slow

EQ = JudgeTask.EQUIVALENCE


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge(batch_size=32)


def _verdict(judge: LocalJudge, candidate: str, reference: str) -> Verdict:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert verdict.error is None, verdict.error
    return verdict


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the manager of Ana is Ben", "Ana is the manager of Ben"),
        ("a man on a red bike rides in a coat", "a man in a red coat rides a bike"),
        ("a man on a red bike rides in a long coat", "a man in a red coat rides a bike"),  # not the same words
        ("milk chocolate", "chocolate milk"),  # two words exchanged: another thing
        ("boat house", "house boat"),
        ("an email to the manager", "an email from the manager"),  # one end of a route, the other way
        ("writing", "writing on a whiteboard"),
        ("how soon does a flu rash appear", "what does a flu rash look like"),
        ("book a quiet room", "book a very quiet room"),  # a word of degree left out
        ("delete only the old drafts", "delete the old drafts"),  # a word of scope added
        ("the soup is too hot", "the soup is hot"),  # "too" before a word: degree, not "also"
        ("delete both drafts", "delete the drafts"),  # "both" with no "and" in the other text
        ("invite both Ana and Ben", "invite Ana or Ben"),
        ("invite Ana or Ben", "invite Ana and Ben"),  # a choice, not both
        ("delete one of the drafts", "delete the drafts"),  # a count of one the other text does not say
        ("book one ticket to Lyon", "book tickets to Lyon"),
        ("keep the cables a part", "keep the cables apart"),  # "a part" is no word written in two parts
    ],
)
def test_what_no_cosine_can_tell_is_undecided(judge: LocalJudge, candidate: str, reference: str) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert verdict.undecided, verdict.reason
    assert not verdict.passed
    assert verdict.reason.startswith("undecided")  # an LLM judge, when configured, is asked instead


# two words joined by "and" exchanged, a relative clause after a preposition, a word replaced by a near synonym:
# either may change who does what, what is described or what is meant, so no pair below may pass either way round
_NOT_TO_PASS = [
    ("Ana and Ben won gold and silver respectively", "Ana and Ben won silver and gold respectively"),
    ("Ana and Ben are the buyer and seller", "Ana and Ben are the seller and buyer"),
    ("Ana and Ben finished first and second", "Ana and Ben finished second and first"),
    ("Allocate 70 and 30 percent to Ana and Ben", "Allocate 30 and 70 percent to Ana and Ben"),
    ("Set the minimum and maximum to 5 and 10", "Set the maximum and minimum to 5 and 10"),
    ("Sign and send the form", "Send and sign the form"),
    ("Boil and peel the eggs", "Peel and boil the eggs"),
    ("He washes and dries the car", "He dries and washes the car"),
    ("Call the men with the dogs who are angry", "Call the men with the angry dogs"),
    ("Photograph the women with the cats who are asleep", "Photograph the women with the asleep cats"),
    ("Find the children of the employees who are sick", "Find the children of the sick employees"),
    ("There is something in the drawer which is broken", "There is something in the broken drawer"),
    ("There is nothing in the box which is red", "There is nothing in the red box"),
    ("She is my big sister", "She is my large sister"),
    ("I do not buy his excuse", "I do not purchase his excuse"),
    ("The plane of the mirror is tilted", "The airplane of the mirror is tilted"),
]


@pytest.mark.parametrize(("reference", "candidate"), _NOT_TO_PASS)
def test_exchanged_conjuncts_attached_clauses_and_near_synonyms_never_pass(
    judge: LocalJudge, reference: str, candidate: str
) -> None:
    for verdict in (_verdict(judge, candidate, reference), _verdict(judge, reference, candidate)):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference", "guard"),
    [
        ("inside the box", "outside the box", "antonyms"),
        ("hot", "cold", "antonyms"),
        ("first floor", "top floor", "antonyms"),
        ("some tickets", "three tickets", "numbers"),
        ("Tim defeated Tom in the final", "Tom defeated Tim in the final", "roles"),
        ("a dog which is black chases a white cat", "a white dog chases a black cat", "roles"),
    ],
)
def test_a_short_pair_a_guard_fired_on_fails_confidently(
    judge: LocalJudge, candidate: str, reference: str, guard: str
) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert not verdict.passed
    assert not verdict.undecided
    assert f"{guard} guard fired" in verdict.reason
    assert verdict.confidence is not None
    assert verdict.confidence >= DECIDES


def test_a_long_pair_a_guard_fired_on_is_never_passed(judge: LocalJudge) -> None:
    reference = "Book 5 seats on the early train from Paris to Lyon for the whole team next Monday"
    verdict = _verdict(judge, reference.replace("5", "6"), reference)
    assert not verdict.passed
    assert "numbers guard fired" in verdict.reason


def test_the_cosine_band_decides_the_rest(judge: LocalJudge) -> None:
    same = _verdict(judge, "Book a table for two at 7pm.", "book a table for two at 7pm")
    unrelated = _verdict(judge, "weather in Paris tomorrow", "send the invoice to accounting")
    assert same.passed, same.reason
    assert not unrelated.passed
    assert not unrelated.undecided, unrelated.reason
    for verdict in (same, unrelated):
        assert verdict.confidence is not None
        assert verdict.confidence >= DECIDES
        assert "cosine" in verdict.reason


def test_an_overridden_equivalence_threshold_moves_the_upper_bound(judge: LocalJudge) -> None:
    pair = ("Call the head of sales", "Phone the sales manager")
    shipped = _verdict(judge, *pair)
    assert not shipped.passed, shipped.reason
    lenient = _verdict(LocalJudge(thresholds={"equivalence": 0.1}, batch_size=32), *pair)
    assert lenient.passed, lenient.reason
    assert "passes from 0.10" in lenient.reason


def test_an_undecided_verdict_never_passes_whatever_its_score() -> None:
    verdict = Verdict(0.9, "undecided: too close to call", "local", confidence=0.5, undecided=True)
    assert not verdict.passed
    assert Verdict(0.9, "same goal", "local", confidence=0.95).passed


def test_texts_are_encoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from mb.judges import local as local_module

    real = local_module.get_embedder
    calls: list[list[str]] = []

    class Counting:
        def __init__(self, inner: object) -> None:
            self.inner = inner

        def encode(self, texts: list[str], **options: object) -> object:
            calls.append(list(texts))
            return self.inner.encode(texts, **options)  # type: ignore[attr-defined]

    monkeypatch.setattr(local_module, "get_embedder", lambda **options: Counting(real(**options)))
    fresh = LocalJudge(batch_size=32)
    pair = ("Reserve a table for two tonight", "Book a table for 2 tonight")
    [similar] = fresh.judge_sync([JudgeRequest(JudgeTask.SIMILARITY, *pair)])
    first = _verdict(fresh, *pair)
    again = _verdict(fresh, *pair)
    assert calls == [list(pair)]  # the second and third questions reuse the cached vectors
    assert again.score == first.score
    assert similar.error is None


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Portland, Oregon", "Portland, OR"),  # a region written as its code
        ("Design review\nHQ building, room 4", "Design review"),  # a group of parameters: one line states it all
    ],
)
def test_tool_arguments_that_state_the_reference_pass(judge: LocalJudge, candidate: str, reference: str) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert verdict.passed, verdict.reason


def test_the_passive_voice_of_the_same_statement_passes(judge: LocalJudge) -> None:
    verdict = _verdict(judge, "Carrots are being grated by a woman", "A woman is grating carrots")
    assert verdict.passed, verdict.reason  # the cosine alone (0.87) would leave it undecided
    assert "same roles" in verdict.reason


def test_the_passive_voice_with_an_irregular_participle_passes(judge: LocalJudge) -> None:
    verdict = _verdict(judge, "the man was bitten by the dog", "the dog bit the man")
    assert verdict.passed, verdict.reason  # the cosine alone (0.83) would leave it undecided
    assert not _verdict(judge, "the dog was bit by the man", "the dog bit the man").passed


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("a broken lamp lies on the floor", "a lamp which is broken lies on the floor"),  # a relative clause
        ("a grey cat sleeps on the sofa", "a cat, which is grey, sleeps on the sofa"),
        ("we adopted a grey cat.", "we adopted a cat, which is grey."),  # the clause ending the sentence
        ("a courier is delivering a parcel", "one courier is delivering a parcel"),  # "one" as the article
        ("send an e-mail to Ana", "send an email to Ana"),  # one word written with a hyphen
        ("a boy is tying his shoes", "a boy ties his shoes"),  # "tying" is a form of "tie"
        ("invite both Ana and Ben to the review", "invite Ana and Ben to the review"),
    ],
)
def test_the_same_statement_worded_otherwise_passes(judge: LocalJudge, candidate: str, reference: str) -> None:
    """Differences of wording that change no meaning raise no doubt (each of these was undecided before)."""
    verdict = _verdict(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the owner of the dogs who is angry", "the owner of the angry dogs"),  # "is": the owner is angry
        ("find the keys to the car which are missing", "find the keys to the missing car"),
        ("the son of the king who is ill", "the son of the ill king"),  # the son or the king
        ("book the hotel near the station, which is cheap.", "book the hotel near the cheap station."),
        ("book a dark room", "book a darkroom"),  # two words are not the word they make together
        ("say a cross word", "say a crossword"),
        ("watch the black bird", "watch the blackbird"),
        ("re-cover the sofa", "recover the sofa"),  # a prefix's hyphen changes the word
        ("re-form the committee", "reform the committee"),
        ("the manager over-looked the report", "the manager overlooked the report"),
        ("the cat chased the dog which is black", "the black cat chased the dog"),  # a lone word moved: said of whom?
        ("the black cat chased the dog", "the cat chased the dog which is black"),
        ("the man met the woman who is tall", "the tall man met the woman"),
        ("I earn 100 dollars one day", "I earn 100 dollars a day"),  # "one day" is some day, "a day" each day
        ("we will meet one day", "we will meet a day"),
    ],
)
def test_wording_that_may_change_the_meaning_is_never_passed(judge: LocalJudge, candidate: str, reference: str) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_a_compound_written_out_is_no_reordering(judge: LocalJudge) -> None:
    verdict = _verdict(judge, "Paris weather forecast for Thursday", "weather in Paris on Thursday")
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("He joined the army and left for Rome in 1990", "In 1990 he joined the army and left for Rome"),
        (
            "She swims and in the evening she runs in the morning",
            "In the morning she swims and in the evening she runs",
        ),
        ("He opened the door and shouted quietly", "Quietly he opened the door and shouted"),
        ("Ben called Carl and Ana", "Ana and Ben called Carl"),  # Ana was among the callers
        # set off by commas in both texts, the part still moves across the join: both actions or the last one
        ("He joined the army and left for Rome, in 1990", "In 1990, he joined the army and left for Rome"),
        ("In 1990, he joined the army and left for Rome", "He joined the army and left for Rome, in 1990"),
        ("Ana cooked and Ben cleaned, yesterday", "Yesterday, Ana cooked and Ben cleaned"),
        ("He sold the house but kept the garden, in the end", "In the end, he sold the house but kept the garden"),
    ],
)
def test_a_part_moved_across_a_join_is_undecided(judge: LocalJudge, candidate: str, reference: str) -> None:
    """A part moved whole to the other end of a text that joins clauses or items may attach to another one."""
    verdict = _verdict(judge, candidate, reference)
    assert verdict.undecided, verdict.reason
    assert "different order" in verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("He moved to Stockholm in 2011", "In 2011, he moved to Stockholm"),
        ("He joined the army in 1990", "In 1990 he joined the army"),
        ("He joined the army, in 1990", "In 1990, he joined the army"),
        ("She painted the old door with great care", "With great care she painted the old door"),
        ("recipe for chocolate chip cookies", "chocolate chip cookie recipe"),
    ],
)
def test_a_part_moved_within_one_clause_passes(judge: LocalJudge, candidate: str, reference: str) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert verdict.passed, verdict.reason


def test_two_names_apart_are_no_compound_written_out(judge: LocalJudge) -> None:
    """ "Springfield, Illinois" is Springfield in Illinois: "Illinois in Springfield" reverses it."""
    reversed_ = _verdict(
        judge,
        "The office is in Illinois in Springfield, near the river",
        "The office is in Springfield, Illinois, near the river",
    )
    same = _verdict(
        judge,
        "The office is in Springfield in Illinois, near the river",
        "The office is in Springfield, Illinois, near the river",
    )
    assert reversed_.undecided, reversed_.reason
    assert same.passed, same.reason


def test_a_repeated_qualifier_said_once_less_is_undecided(judge: LocalJudge) -> None:
    dropped = _verdict(
        judge, "The fishermen pulled an old boat onto the beach", "The old fishermen pulled an old boat onto the beach"
    )
    kept = _verdict(
        judge,
        "The old fishermen pulled an old boat on to the beach",
        "The old fishermen pulled an old boat onto the beach",
    )
    assert dropped.undecided, dropped.reason
    assert "leaves out 'old'" in dropped.reason
    assert kept.passed, kept.reason


def test_a_name_said_once_more_is_undecided(judge: LocalJudge) -> None:
    """ "Lewis Carter" gives Lewis's name to Carter: another person may be meant."""
    reference = "Carter introduced Lewis to the members of the committee"
    renamed = _verdict(judge, "Lewis Carter introduced Lewis to the members of the committee", reference)
    both = _verdict(
        judge,
        "Lewis Carter has introduced Lewis to the members of the committee",
        "Lewis Carter introduced Lewis to the members of the committee",
    )
    assert renamed.undecided, renamed.reason
    assert "more times" in renamed.reason
    assert both.passed, both.reason


def test_became_where_the_other_says_was_is_undecided(judge: LocalJudge) -> None:
    changed = _verdict(
        judge, "After the merger she became a partner at the firm", "After the merger she was a partner at the firm"
    )
    same = _verdict(
        judge, "After the merger she became a partner in the firm", "After the merger she became a partner at the firm"
    )
    assert changed.undecided, changed.reason
    assert "a change or a state" in changed.reason
    assert same.passed, same.reason


def test_added_detail_on_one_line_is_never_a_confident_failure(judge: LocalJudge) -> None:
    verdict = _verdict(judge, "trade publication Variety put up for sale", "Variety up for sale")
    assert verdict.undecided, verdict.reason
    assert "adds detail" in verdict.reason


def test_the_passive_voice_of_the_same_clause_is_not_a_reordering_doubt(judge: LocalJudge) -> None:
    passive = _verdict(judge, "A tomato is being cut by a man", "A man is cutting a tomato")
    swapped = _verdict(judge, "A man is being cut by a tomato", "A man is cutting a tomato")
    near = _verdict(judge, "A girl by a pink sign holds up a blue shirt", "A girl in a blue shirt holds up a pink sign")
    assert "different order" not in passive.reason
    assert not swapped.passed
    assert "roles guard fired" in swapped.reason
    assert not near.passed  # "by a sign" is no passive agent: the reordering stays a doubt


# one word or sentence that changes what is said, at a cosine above the pass threshold: a direction word where the
# other text says its opposite, a cue of frequency, exception, negation, approximation or a qualified role in one text
# only, a question against a statement, a second sentence that says the first with one word replaced
_CHANGED_MEANING = [
    ("Keep the medicine in the fridge.", "Keep the medicine out of the fridge."),
    ("Put the box into the car.", "Put the box out of the car."),
    ("The drug is safe for children over 12.", "The drug is safe for children under 12."),
    ("Hang the picture above the desk.", "Hang the picture below the desk."),
    ("Invite everyone including the interns.", "Invite everyone excluding the interns."),
    ("Take two tablets daily.", "Take two tablets twice daily."),
    ("Water the plants weekly.", "Water the plants every other week."),
    ("The store is open on weekends.", "The store is open except on weekends."),
    ("The store is open on weekends.", "The store is open unless it rains on weekends."),
    ("Your order ships on Monday.", "It is false that your order ships on Monday."),
    ("Your order ships on Monday.", "Not true: your order ships on Monday."),
    ("Your order ships on Monday.", "I doubt your order ships on Monday."),
    ("Your order ships on Monday.", "Your order hardly ever ships on Monday."),
    ("Your order ships on Monday.", "Your order no longer ships on Monday."),
    ("The refund was approved.", "The refund was almost approved."),
    ("The refund was approved.", "The refund was partially approved."),
    ("Paris is the capital of France.", "Paris is the former capital of France."),
    ("Ana is the manager of the team.", "Ana is the acting manager of the team."),
    ("Your order ships on Monday.", "Your order ships on Monday. Your order ships on Tuesday."),
    ("Your order ships on Monday.", "Does your order ship on Monday?"),
]


@pytest.mark.parametrize(
    ("reference", "candidate"),
    [*_CHANGED_MEANING, *((candidate, reference) for reference, candidate in _CHANGED_MEANING)],
)
def test_a_changed_direction_cue_mood_or_added_contradiction_never_passes(
    judge: LocalJudge, candidate: str, reference: str
) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Does your order ship on Monday?", "Does your order ship on Monday"),
        ("The carrots are being grated by a woman in the kitchen", "A woman is grating carrots in the kitchen"),
        ("Keep the medicine in the fridge twice a day.", "keep the medicine in the fridge twice a day"),
    ],
)
def test_the_same_cue_in_both_texts_raises_no_doubt(judge: LocalJudge, candidate: str, reference: str) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert verdict.passed, verdict.reason
