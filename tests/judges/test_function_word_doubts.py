"""Pairs whose content words agree but whose function words change what is said: never a pass offline.

Both offline judges share the rule (``equivalence_verdict``); the pairs below are close in embeddings and in word
overlap, so without a doubt both judges passed them.
"""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import both_ways, equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The library would close at noon", "The library will close at noon"),
        ("Visitors must wear a helmet", "Visitors should wear a helmet"),
        ("Guests must leave their bags here", "Guests may leave their bags here"),
        ("The parcel arrived on Friday", "The parcel will arrive on Friday"),
        ("I can send you the slides", "I could send you the slides"),
        ("He had signed the lease", "He has signed the lease"),
        ("a hall for up to 50 people", "a hall for at least 50 people"),
        ("orders of more than 30 dollars", "orders of less than 30 dollars"),
        ("Everyone and Tom came.", "Everyone but Tom came."),  # "but" of an exception
        ("Prices rose by 50 percent", "Prices rose to 50%."),  # a change against a level
        ("It was nothing but trouble", "It was trouble"),  # an exception, not a negation, yet no pass
        ("Nothing but the truth", "Only the truth"),
        ("The fee went up to 20 dollars", "The fee went up by twenty dollars"),
    ],
)
def test_another_modality_tense_or_bound_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("We'll send the invoice on Monday", "We will send the invoice on Monday"),
        ("The library will close at noon.", "The library will close at noon"),
        ("Prices rose by 50 percent", "Prices rose by 50%."),
    ],
)
def test_the_same_modality_written_otherwise_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("he trusts her", "she trusts him"),
        ("you paid me twenty euros", "I paid you twenty euros"),
        ("He arrived after she called", "She arrived after he called"),
        ("she phoned him", "he phoned him"),
        ("every guest did not bring a gift", "not every guest brought a gift"),
        ("we need to not wait", "we do not need to wait"),
        ("Ben answered only the first question", "Only Ben answered the first question"),
        ("Ana also called the bank", "Ana called the bank also"),
        ("He lent her his bike.", "He lent her her bike."),  # the same persons in the same order, another owner
        ("We sent you our form.", "We sent you your form."),
    ],
)
def test_pronouns_or_a_scope_word_elsewhere_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("She does not eat meat.", "She doesn't eat meat"),
        ("he trusts her", "he trusts her."),
    ],
)
def test_the_same_pronouns_and_negation_still_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("if the printer jams, the light blinks", "if the light blinks, the printer jams"),
        ("the dog barks when the bell rings", "the bell rings when the dog barks"),
        ("the pump stops because the tank is full", "the tank is full because the pump stops"),
        ("submit the claim after the repair", "submit the claim by the repair"),
        ("Is it safe to fly while breastfeeding?", "Is it safe to fly after breastfeeding?"),
        ("the shop called back again", "the shop called back"),
        ("Run the migration, then back up the database.", "Back up the database, then run the migration."),
    ],
)
def test_a_condition_or_time_tied_otherwise_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("if the printer jams, the light blinks.", "if the printer jams, the light blinks"),
        ("The dog barks when the bell rings", "the dog barks when the bell rings!"),
    ],
)
def test_the_same_condition_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("She sent Omar to the parcel", "She sent Omar the parcel"),
        ("a card for my uncle", "a card from my uncle"),
        ("a call with the bank", "a call to the bank"),
        ("Give the dentist to the cheque", "Give the dentist the cheque"),
    ],
)
def test_other_prepositions_between_the_same_words_are_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("a desk at the office", "a desk in the office"),
        ("Carry the boxes on to the truck", "Carry the boxes onto the truck"),
        ("The supplier began to raise prices", "The supplier began raising prices"),  # an infinitive: no marker
        ("A cat is leaping off a wall", "A cat is leaping from a wall"),
        # an article said otherwise
        ("Assign this bug to Omar", "Assign the bug to Omar"),
        ("The hearing ends at noon", "The hearing ends at noon."),
    ],
)
def test_the_same_markers_written_otherwise_still_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Reserve a court for four at 9", "Reserve a court for nine at 4"),
        ("buy three pears and 8 plums", "buy eight pears and 3 plums"),
    ],
)
def test_the_same_numbers_in_another_order_are_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_the_same_numbers_in_the_same_order_still_pass(judge: Judge) -> None:
    verdict = equivalence(judge, "Reserve a court for four at 9.", "Reserve a court for four at 9")
    assert verdict.passed, verdict.reason


def test_a_lone_word_moved_into_a_phrase_is_no_part_moved_whole(judge: Judge) -> None:
    moved_in = equivalence(judge, "sushi near spicy me", "spicy sushi near me")
    moved_whole = equivalence(judge, "Flights to Lisbon on Monday", "Monday flights to Lisbon")
    assert not moved_in.passed, moved_in.reason
    assert not moved_whole.undecided or "order" not in moved_whole.reason, moved_whole.reason


def test_two_words_exchanged_around_a_preposition_both_texts_say_are_no_compound(judge: Judge) -> None:
    stranded = equivalence(judge, "What is looked after by nurses?", "What is nurses looked after by?")
    asked = equivalence(judge, "What is used for ibuprofen?", "What is ibuprofen used for?")
    compound = equivalence(judge, "the weather in Oslo", "the Oslo weather")
    assert not stranded.passed, stranded.reason
    assert not asked.passed, asked.reason
    assert "order" not in compound.reason, compound.reason


def test_a_day_moved_with_its_phrase_is_no_number_in_another_order(judge: Judge) -> None:
    verdict = equivalence(
        judge, "That 2 rooms were booked, the hotel said on Monday", "The hotel said on Monday that 2 rooms were booked"
    )
    assert "numbers in another order" not in verdict.reason, verdict.reason


def test_a_time_said_by_the_quarter_or_half_hour_is_read_as_that_time(judge: Judge) -> None:
    other = equivalence(judge, "The ferry sails at quarter past ten", "The ferry sails at quarter to ten")
    same = equivalence(judge, "The ferry sails at half past 4", "The ferry sails at 4:30")
    assert not other.passed, other.reason
    assert "numbers guard fired" in other.reason
    assert "numbers guard" not in same.reason, same.reason


def test_a_quarter_or_half_of_an_amount_is_no_time(judge: Judge) -> None:
    halved = equivalence(judge, "Cut the ration by half to 4 cups.", "Cut the ration by half to 5 mugs.")
    cut = equivalence(judge, "Staff was cut by a quarter to 8 thousand.", "Staff was cut by a quarter, to 8 thousand.")
    assert not halved.passed, halved.reason
    assert "numbers guard fired" in halved.reason
    assert "numbers guard" not in cut.reason, cut.reason


def test_an_exception_in_one_text_only_stands_whatever_else_differs(judge: Judge) -> None:
    verdict = equivalence(judge, "The library is open daily unless it snows.", "The public library is open every day.")
    assert not verdict.passed, verdict.reason
    assert "'unless' (an exception)" in verdict.reason


def test_a_word_of_time_or_a_preposition_that_changes_no_role_raises_no_doubt(judge: Judge) -> None:
    extra_detail = equivalence(
        judge, "Hiker dies hiking a trail at a Utah state park", "Hiker dies while hiking a trail in Utah"
    )
    over = equivalence(judge, "A horse jumping over a hedge", "A horse jumps a hedge")
    listed = equivalence(judge, "Ana Lopez, Ben Ruiz to wed in June", "Ana Lopez and Ben Ruiz to wed in June")
    assert "a condition or time" not in extra_detail.reason, extra_detail.reason
    assert "prepositions" not in over.reason, over.reason
    assert "prepositions" not in listed.reason, listed.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the parcel was delivered", "the parcel delivered"),
        ("the suspect was questioned", "the suspect questioned"),
        ("the virus that infected the cells", "the cells that the virus infected"),
    ],
)
def test_a_voice_changed_or_a_word_moved_across_a_relative_clause_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_a_modal_in_a_reworded_report_is_no_cue(judge: Judge) -> None:
    verdict = equivalence(
        judge,
        "Officials said the old bridge would reopen on Monday after repairs to its deck",
        "The old bridge was scheduled to reopen Monday once repairs to its deck ended, officials said",
    )
    assert "modality" not in verdict.reason, verdict.reason


def test_in_a_long_text_another_preposition_or_voice_is_rewording(judge: Judge) -> None:
    verdict = equivalence(
        judge,
        "The old mill was restored in 1998 and was converted to a museum of the local weaving trade by the town",
        "The old mill was restored in 1998 and converted into a museum for the local weaving trade by the town",
    )
    assert "prepositions" not in verdict.reason, verdict.reason
    assert "voice" not in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        (
            "A young girl on a red mountain bike is jumping off a low stone wall by the road",
            "A young girl on a red mountain bike is jumping on a low stone wall by the road",
        ),
        (
            "The boy in the kitchen is putting the cups out a box near the window",
            "The boy in the kitchen is putting the cups in a box near the window",
        ),
        ("The old man is reading on the radio", "The old man is reading about the radio"),
    ],
)
def test_an_opposite_where_the_word_recurs_or_about_for_another_preposition_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


def test_whose_in_one_text_only_is_never_a_pass(judge: Judge) -> None:
    pair = (
        "She hired the lawyer Tom Vance, who was the partner of her cousin.",
        "She hired the lawyer Tom Vance, whose partner was her cousin.",
    )
    for one, other in (pair, pair[::-1]):
        verdict = equivalence(judge, one, other)
        assert not verdict.passed, verdict.reason
    assert equivalence(judge, pair[1], pair[1]).passed


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Only the manager knows the code", "The manager knows only the code"),
        ("Just the kids ate the cake", "The kids ate just the cake"),
        ("Only my brother reads my emails", "My brother reads only my emails"),
        ("Only the old man saw the old car", "The old man saw only the old car"),  # the word after, said twice
    ],
)
def test_a_scope_word_before_another_noun_after_the_same_determiner_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("If he calls, tell him I left", "Tell him I left if he calls"),
        ("Unless she objects, tell her we agreed", "Tell her we agreed unless she objects"),
        ("He did it himself", "He himself did it"),
    ],
)
def test_a_clause_moved_with_its_pronouns_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("We had a talk about the phone", "We had a talk on the phone"),
        ("The book about the table", "The book on the table"),
        ("I heard news about the radio", "I heard news on the radio"),
        ("He gave a lecture about Friday", "He gave a lecture on Friday"),
        ("He gave a talk about Zoom", "He gave a talk on Zoom"),
        ("The details about the invoice are wrong", "The details on the invoice are wrong"),
        ("The questions about the exam were hard", "The questions on the exam were hard"),
        ("A book about fire", "A book on fire"),
        ("Books about shelves", "Books on shelves"),
        ("A talk about monday", "A talk on monday"),
        ("She did it to herself", "She did it herself"),
        ("They blamed themselves", "They blamed them"),
        ("We blamed ourselves", "We blamed us"),
        ("If he calls, tell her I left", "If she calls, tell him I left"),
        ("He left after she arrived", "She arrived after he left"),
    ],
)
def test_on_a_thing_or_a_medium_and_pronouns_of_other_clauses_are_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_a_time_said_by_last_moved_to_the_front_takes_no_role(judge: Judge) -> None:
    verdict = equivalence(judge, "Ana sent Ben a letter last week", "Last week Ana sent a letter to Ben")
    assert verdict.passed or verdict.undecided, verdict.reason
    swapped = equivalence(judge, "Last week Ana sent a letter to Ben", "Last week Ben sent a letter to Ana")
    assert not swapped.passed, swapped.reason
    assert not swapped.undecided, swapped.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("I called you before you called me", "Before I called you, you called me"),
        ("She will stay if he leaves", "If she stays, he will leave"),
        ("She drove because he was tired", "Because she was tired, he drove"),
        ("The price drops when demand falls", "When the price drops, demand falls"),
        ("Ana waited until Ben slept", "Until Ana waited, Ben slept"),
        ("He ate while she slept", "While he slept, she ate"),
        ("He won although she fought", "Although he fought, she won"),
        ("I left once you came", "Once I left, you came"),
        ("He left as she arrived", "As he left, she arrived"),
        ("She stayed whereas he left.", "Whereas she left, he stayed."),
        ("She paid whereas he refused.", "Whereas she refused, he paid."),
        ("The power failed so the lights went out", "The lights went out so the power failed"),
        ("Once the door opens the light turns on", "Once the light turns on the door opens"),  # no comma in either
        ("If the door opens the alarm sounds", "If the alarm sounds the door opens"),
        ("When the gate closes the pump starts", "When the pump starts the gate closes"),
        ("As the price rose, demand fell", "As demand fell, the price rose"),  # "as" before a bare noun
        ("Prices rose as supply shrank", "Supply shrank as prices rose"),
        ("Demand fell as the price rose", "The price rose as demand fell"),  # a tie read in one text only
    ],
)
def test_the_same_words_with_another_clause_tied_are_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The meeting ends before lunch starts", "Before lunch starts, the meeting ends"),
        ("The alarm rings if smoke rises", "If smoke rises, the alarm rings"),
        ("Take the pill once daily", "Once daily take the pill"),
        ("I met him once", "I once met him"),
        ("As you know, the office is closed", "The office is closed, as you know"),
        ("Once the tests pass, send the report", "Send the report once the tests pass"),
        ("As prices rose, sales dropped", "Sales dropped as prices rose"),
        ("As demand fell, the price rose", "The price rose as demand fell"),
        ("It rained so we stayed home", "It rained, so we stayed home"),
        ("She was so tired", "She was so tired."),
    ],
)
def test_a_tied_clause_moved_whole_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The car has been sold", "The car was sold"),
        ("The bridge has been closed for repairs.", "The bridge is closed for repairs."),  # "for" says no length
        ("The flight has been delayed by 45 minutes.", "The flight is delayed by 45 minutes."),
        ("The price has been cut by 10%", "The price is cut by 10%"),  # "by" an amount
        ("Tom's broken the vase", "Tom has broken the vase"),
        ("The dog has already been fed by Ana", "The dog was already fed by Ana"),  # no role moved with "already"
    ],
)
def test_the_perfect_for_the_past_or_for_a_state_said_further_still_passes(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("A book on dogs", "A book about dogs"),  # "on" may say where, how or on what medium
        ("I listened to a podcast on spotify", "I listened to a podcast about spotify"),
        ("The books on chairs are mine", "The books about chairs are mine"),
        ("He read the report on arrival", "He read the report about arrival"),
        ("He blamed the report on interns", "He blamed the report about interns"),
    ],
)
def test_on_is_never_read_as_about(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Before the war I met the woman who died.", "I met the woman who died before the war."),
        (
            "After the update the team fixed the bugs that appeared.",
            "The team fixed the bugs that appeared after the update.",
        ),
        ("When he arrived He promised to call.", "He promised to call when he arrived."),
        ("When the train leaves I know.", "I know when the train leaves."),
        ("after the divorce I heard she moved", "I heard she moved after the divorce"),
        ("because she was busy She didn't call", "She didn't call because she was busy"),
        ("If the file exists the tool reports.", "The tool reports if the file exists."),
        ("So the lights went out the power failed", "The power failed so the lights went out"),
        ("After the meeting Ana said Ben approved the plan", "Ana said Ben approved the plan after the meeting"),
        (
            "Before the trial the lawyer claimed the witness lied",
            "The lawyer claimed the witness lied before the trial",
        ),
        ("Since the election Tom thinks Maria changed", "Tom thinks Maria changed since the election"),
        ("Because of the error Ben reported Ana left", "Ben reported Ana left because of the error"),
        ("After dinner we walked", "We walked after dinner"),  # no comma: where the clause belonged is not said
        ("because she was sick She stayed home", "She stayed home because she was sick"),
    ],
)
def test_a_clause_fronted_without_a_comma_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The dog's been fed", "The dog is fed"),  # done once, or every day
        ("The car has been sold", "The car is sold"),
        ("The order has been shipped.", "The order is shipped."),  # shipped, or shipped each time
        ("He has been married twice.", "He is married twice."),
        ("The dog has been fed by Ana.", "The dog is fed by Ana."),  # done once, or every day by her
        ("The letters have been signed by the director", "The letters are signed by the director"),
        ("The dog has been fed by 8 pm", "The dog is fed by 8 pm"),  # "by" a time, not an amount
        ("The dog has already been fed by Ana", "The dog is already fed by Ana"),
        ("The company's spent the money", "The company spent money"),  # and which money
        ("Tom's broken the vase", "Tom broke a vase"),
        ("The office has been empty all week.", "The office was empty all week."),  # still empty, or no longer
        ("He has two sisters", "He has sisters"),
        ("Two of the boys are twins", "The boys are twins"),
        ("Two of the five servers failed", "The five servers failed"),  # the other text's number is no count of "of"
        ("Some guests stayed late", "The guests stayed late"),
        ("Some people left early.", "The people left early."),
        ("Some children cried.", "The children cried."),
        ("A few guests stayed late.", "The guests stayed late."),
        ("Several dogs are running", "The dogs are running"),
        ("Three dogs are running", "Dogs are running"),
    ],
)
def test_a_perfect_for_a_state_or_a_count_in_one_text_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Email the team every Monday", "Email the team on Monday"),  # each week, or once
        ("Run the backup weekly", "Run the backup this week"),
        ("Water the plants daily", "Water the plants today"),
    ],
)
def test_a_frequency_in_one_text_only_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Though the test was hard Priya passed it", "Priya passed the test though it was hard"),
        ("Because the test was hard Priya failed it", "Priya failed the test because it was hard"),
    ],
)
def test_a_tie_moved_with_its_clause_is_no_swap_of_roles(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed or verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Although it rained heavily the match went ahead", "The match went ahead although it rained"),
        ("Prices rose sharply last year", "Prices rose last year"),
        ("She completely forgot the meeting", "She forgot the meeting"),
        ("The wind was really strong today", "The wind was strong today"),
        ("It is quite cold outside today", "It is cold outside today"),
        ("The prices rose so fast this year", "The prices rose fast this year"),
    ],
)
def test_a_word_of_manner_or_degree_in_one_text_only_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("She completely forgot the meeting", "She forgot the meeting completely"),
        ("The market fell slightly on Monday", "On Monday the market fell slightly"),
    ],
)
def test_a_word_of_manner_or_degree_both_texts_say_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Archive the old invoices", "Archive the old invoice"),
        ("Cats are sleeping on the mat", "A cat is sleeping on the mat"),
        ("Refresh the cached reports", "Refresh the cached report"),
        ("Buy two pairs of shoes.", "Buy a pair of shoes."),  # a count beside the plural
    ],
)
def test_one_or_several_of_the_same_thing_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Sign up with Apple", "Sign in with Apple"),
        ("Wait for me near the gate", "Wait for me at the gate"),
        ("She keeps the spare key there", "She keeps the spare key here"),
        ("She gave up", "She gave"),
        ("Back out the changes", "Back up the changes"),
        # an opposite said in other words
        ("Her cough got worse over the weekend", "Her cough improved over the weekend"),
        ("The tide is going down", "The tide is rising"),
    ],
)
def test_one_relation_word_said_otherwise_or_only_once_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
