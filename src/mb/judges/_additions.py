"""What one text adds around the other's statement: courtesy ("Sure! ...", "... Thanks!"), which says nothing of it,
and other words before or after it ("..., I guess", "... in theory", "Probably ..."), which may hedge or retract it;
and what the other sentences of a response say of the one that states a fact."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from ._confidence import SHORT_WORDS
from ._doubts import cues_said, is_question, negation_said
from ._text import HEADING, LIST_ITEM, STOPWORDS, content_stems, normalize, stem, whole_sentences, words
from .base import JudgeRequest

__all__ = [
    "ARTICLES",
    "added_around",
    "answered",
    "non_answer",
    "plain",
    "reads_yes_or_no",
    "said_around",
    "set_off",
    "without_courtesy",
    "yes_or_no",
]

_COURTESY = frozenset(
    """sure|sure thing|okay|ok|alright|alright then|done|all done|all set|all good|confirmed|yes|thanks|thank you|hi
    |hello|great|great news|good news|perfect|of course|certainly|absolutely|no problem|no worries|got it|understood
    |here you go|you are welcome|happy to help|glad to help|can do|will do|cheers|anything else|is there anything else
    |any questions|nothing else to do|let me know|thanks again|noted""".replace("\n", "").split("|")
)
"""Whole greetings, acknowledgements and thanks (a closed class, each a phrase: "no" alone is an answer)."""
_CLOSING = frozenset({"thanks", "thank you", "you are welcome", "happy to help", "glad to help"})
"""What may close a text as a sentence of its own ("done" there may contradict what precedes)."""
ARTICLES = frozenset({"a", "an", "the"})
"""The articles, read as no word when texts are compared word for word."""
_LEADING = re.compile(r"\A\s*([^\W\d_][^\d.,:;!?()]*?)\s*(?:[,:!.]|\s[\u2013\u2014-])\s+(?=\S)")
_TRAILING = re.compile(r"(?<=[.!?])\s+([^\W\d_][^\d.,:;!?()]*?)\s*[.!]*\s*\Z")


_NON_ANSWER = re.compile(
    r"\A(?:(?:sorry|i am sorry|unfortunately|i am afraid|honestly) )*(?:i (?:really )?(?:do not|did not) know"
    r"|(?:i have )?no (?:idea|clue)|(?:i am )?(?:not sure|unsure|not certain)|dunno|no comment"
    r"|i (?:can not|could not|am unable to|am not able to|will not) (?:help|answer|assist|say|tell)"
    r"|i do not have (?:that|this|the|any) (?:information|answer))(?: (?:you|with|that|this|it|sorry))*\Z"
)
"""A whole text that answers nothing: not knowing, not being sure, declining ("I don't know.", "I'm not sure.", "No
idea", "Sorry, I cannot help with that.")."""
_ABSTAINS = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|know\w*|sure|unsure|certain\w*|uncertain\w*|unclear"
    r"|unknown|idea\w*|clue\w*|comment\w*|unable|able|impossible|hard to say|information|record\w*|declin\w*|refus\w*"
    r"|permit\w*|allow\w*|polic\w*|confidential\w*|scope|beyond|mention\w*|insufficient|lack\w*|admit\w*|ignoran\w*"
    r"|sorry|apolog\w*|ne|pas|nicht|kein\w*|non)\b"
)
"""Words with which a reference may itself not know, not say or decline (in a few languages' negations too)."""


def non_answer(candidate: str, reference: str) -> bool:
    """Whether the candidate answers nothing (``_NON_ANSWER``) where the reference is long (over ``SHORT_WORDS``
    words) and says none of the words of not knowing, negation or declining (``_ABSTAINS``): then it states something
    the candidate does not (a negated reference may itself say the answer is not known: "The text doesn't give his
    age.")."""
    said = normalize(reference)
    return (
        bool(_NON_ANSWER.match(normalize(candidate))) and len(said.split()) > SHORT_WORDS and not _ABSTAINS.search(said)
    )


_YES_NO = {"yes": ("yes", True), "yeah": ("yes", True), "yep": ("yes", True), "no": ("yes", False),
           "nope": ("yes", False), "y": ("y", True), "n": ("y", False), "true": ("true", True),
           "false": ("true", False)}  # fmt: skip
"""The whole answers of a yes-no question, a letter ("y": maybe another letter) and a boolean ("true": maybe a value
rather than an answer), each with its kind and answer."""
_WHOLE = re.compile(r"\s*([^\W\d_]+)(?:\.|!+)?\s*")


def yes_or_no(text: str) -> tuple[str, bool] | None:
    """The kind and answer ``text`` gives as a whole yes or no, the word alone but for a closing "." or "!" ("Yes.",
    "true", "N"; not "Yes?", "yes...", "'true'", "yes :)", "Sure, no."), or None."""
    found = _WHOLE.fullmatch(text)
    return _YES_NO.get(found.group(1).casefold()) if found else None


_ANSWER = re.compile(r"\A\s*(yes|yeah|yep|no|nope)(?:[.!]?\s*\Z|\s*[,.!;:]\s*(?=\S))", re.IGNORECASE)
_MARKS = re.compile(r"[?\u2026]|[.!,;:]\s*[.!,;:]")
"""Marks that may question or trail off ("Yes?", "yes... it is", "Yes!?", "Yes, it is\u2026")."""
_ECHO = re.compile(
    r"(?:it|i|we|you|they|he|she|there|that|this) (?:is|are|am|was|were|do|does|did|has|have|had|can|will)( not)?"
)
"""The question restated by a pronoun and an auxiliary; not a modal, which may hedge ("Yes, it might.")."""


def answered(text: str) -> tuple[bool, str | None] | None:
    """The yes (True) or no ``text`` opens with, alone or set off by punctuation ("Yes.", "No, it is not.", "Yes, the
    order has shipped."; not "No refunds"), and what else it says when that is nothing ("") or the question restated by
    a pronoun and an auxiliary that agree with the answer ("it is", "we do not"; not "Yes, it is not.", "Yes, it
    might."), with at most one closing "." or "!" ("Yes?", "yes...", "Yes, it is?!": else None); or None."""
    found = _ANSWER.match(text)
    if found is None:
        return None
    yes = found[1].casefold() != "no" and found[1].casefold() != "nope"
    rest = normalize(text[found.end() :])
    echo = _ECHO.fullmatch(rest)
    return yes, rest if not _MARKS.search(text) and (not rest or (echo and (echo[1] is None) == yes)) else None


def reads_yes_or_no(text: str) -> bool:
    """Whether ``text`` reads as a yes or no once its punctuation and courtesy are left out ("Yes?", "Sure, no.")."""
    return normalize(plain(text)) in _YES_NO


_BARE_ANSWER = re.compile(
    r"\A(\s*(?:yes|yeah|yep|no|nope))\s+(?=(?:the|a|an|this|that|these|those|it|i|we|you|he|she|they|there|my|your|"
    r"our|their|his|her|its)\b)",
    re.IGNORECASE,
)
"""An opening yes or no before an article or a pronoun, with no comma: only an answer can stand there ("No the store
opens at 9" is "No, the store opens at 9"; not "No one came", "no refunds")."""


def set_off(text: str) -> str:
    """``text`` with an opening yes or no that only an answer can be set off by a comma, as written texts do."""
    return _BARE_ANSWER.sub(r"\1, ", text, count=1)


def without_courtesy(request: JudgeRequest) -> JudgeRequest:
    """``request`` with its candidate and reference read without courtesy (``plain``)."""
    return replace(request, candidate=plain(request.candidate), reference=plain(request.reference))


def plain(text: str) -> str:
    """``text`` without a leading greeting or acknowledgement set off by punctuation ("Sure! ", "Done: ") and a closing
    sentence of thanks ("Thanks!"); the text itself when nothing else would remain."""
    stripped = text
    for pattern, said in ((_LEADING, _COURTESY), (_TRAILING, _CLOSING)):
        found = pattern.search(stripped)
        if found and normalize(found[1]) in said:
            stripped = stripped[: found.start()] + stripped[found.end() :]
    return stripped if normalize(stripped) else text


_DETERMINERS = frozenset(words("the a an my your his her its our their this that these those some any every each"))
_PARTICLES = frozenset(words("up down off on out in over back away around"))
"""The particles of a phrasal verb ("pick up", "turn off"), after which a command's object follows as after a verb."""


def added_around(candidate: str, reference: str) -> str | None:
    """The candidate says the reference word for word (articles aside) with words before or after it that may
    hedge, qualify or retract the statement ("reset, just kidding", "booked for now", "Apparently ..."), or, where the
    reference asks or commands (a question; a first word, or a verb and its particle, before a determiner or a number:
    "Order a pizza", "Send the report", "Pick up the kids"), with words inside it, a content word among them, that may
    narrow what is asked ("order a large pizza", "have free parking", "the other kids"; not "leave the keys right
    here"; a statement with more detail still says the reference: "a man seated is playing the cello"), which neither
    a cosine nor word overlap sees, however close the texts."""
    mine, theirs = _said(candidate), _said(reference)
    size = len(theirs)
    if not size or len(mine) <= size:
        return None
    if any(mine[at : at + size] == theirs for at in range(len(mine) - size + 1)):
        return "the candidate says the reference with words before or after it, which may qualify or retract it"
    start = next(at for at, (one, other) in enumerate(zip(mine, theirs, strict=False)) if one != other)
    inside = mine[start : len(mine) - size + start]
    said = words(reference)
    opener = said[2:3] if said[1:2] and said[1] in _PARTICLES else said[1:2]  # "Pick up the kids"
    asked = is_question(reference) or bool(opener and (opener[0] in _DETERMINERS or opener[0].isdigit()))
    narrowed = set(content_stems(" ".join(inside))) - _FILLER  # not "right here"
    if not asked or mine[len(mine) - size + start :] != theirs[start:] or not narrowed:
        return None
    return f"the candidate says the reference with {' '.join(inside)!r} inside it, which may narrow or change it"


def _said(text: str) -> list[str]:
    """The words of ``text``, articles left out ("sent to client" says "sent to the client")."""
    return [word for word in words(text) if word not in ARTICLES]


_DENIAL = 5
"""The most words of a sentence that says a negation and at most one content word more, read as denying what the
response says ("That is false.", "None of this is true."); a longer one says something of its own ("We will never ask
for it.")."""
_REPORT = frozenset(content_stems("done summary status update result here what did change made action complete step"))
"""The content words of a heading or lead-in that only announces a report ("Done:", "## Summary", "Changes made:")."""
_ANSWERS = frozenset(content_stems("yes okay ok sure right maybe perhaps possibly probably"))
"""Words of an answer that say nothing of their own ("In theory, yes.", "Perhaps not.")."""
_REFERS_BACK = frozenset({"it", "this", "that", "these", "those", "they", "so", "such", "previous", "above", "last"})
_CORRECTION = re.compile(
    r"\A\W*(?:(?:actually|correction|in (?:fact|reality|truth)|scratch that|on second thought|wait|oops|never ?mind"
    r"|i misspoke|(?:just )?(?:joking|kidding)|my (?:mistake|bad)|not really|nope|nah|yeah right|make (?:that|it))\b"
    r"|.*?\b(?:i mean(?:t)?(?! it)|or rather|instead(?! of))\b"
    r"|(?:sorry|(?:my )?apologies)\s*[,:;!])",
    re.IGNORECASE,
)
"""The opening of a sentence that corrects what precedes it ("Actually, it remains active.", "Correction: it has been
moved.", "Sorry, I misspoke.", "Just joking, ...", "Not really, ...", "Yeah right.", "Make that $25."), or words
anywhere in it that put something in place of what precedes ("Tuesday, I mean.", "It is on Tuesday instead.")."""
_FAILED = re.compile(
    r"\b(?:fail\w*|reject\w*|refus\w*|den(?:ied|ies|y\w*)|declin\w*|revers\w*|revert\w*|reinstat\w*|undo\w*"
    r"|undone|unable|unsuccessful|withdr[ae]w\w*|void\w*|roll\w* back|rollback\w*|abort\w*|rescind\w*|revok\w*"
    r"|retract\w*|annul\w*|overturn\w*|invalid\w*|bounc\w*|time[ds]? ?out|error(?:ed|ing)?|glitch\w*|crash\w*"
    r"|fell through|went nowhere|postpon\w*|reschedul\w*|still (?:active|pending|open|in progress)|back (?:at|in))\b",
    re.IGNORECASE,
)
"""Words by which a sentence says that something failed, was undone or postponed, or did not happen ("The
cancellation was rejected.", "The package is back at the depot.", "We reinstated it.", "Everything is postponed.",
"It timed out.", "The transfer bounced.")."""
_UNFINISHED = re.compile(
    r"\b(?:pending|on hold|stuck|stall\w*|halt\w*|suspend\w*|interrupt\w*|block\w*|expir\w*|lapsed|restor\w*"
    r"|reactivat\w*|reopen\w*|moved (?:to|back)|push\w* back|remain\w*|still|continu\w*|again|as (?:planned|normal"
    r"|usual|before|scheduled)|go(?:es|ing)? ahead|unchanged|unaffected|intact|in effect|on (?:track|schedule))\b",
    re.IGNORECASE,
)
"""Words by which a sentence says that something is not done, was put back, or goes on as it was ("The cancellation
is on hold.", "We restored the order.", "The order remains active.", "It goes ahead as planned."): of a word of a
fact stated before, or opening on it ("It is pending."), they may deny it; of something else they say nothing of it
("Your coupon has expired.")."""
_FALSE = re.compile(
    r"\b(?:wrong|false|untrue|inaccurate|incorrect|lie|fake|bogus|not (?:true|accurate|correct|real)|in your dreams"
    r"|can not (?:confirm|verify)|(?:could|can) not be (?:confirmed|verified)|chance|placeholder"
    r"|test (?:string|message|data|environment|mode)|jok\w*|kidding|jk|prank\w*|april fools?|sarcas\w*"
    r"|tongue in cheek|rumou?r\w*|hearsay|gossip|alleged\w*|reportedly|supposedly|version of events"
    r"|(?:what|as|so) (?:i|we) (?:am |are |was |were |have )?(?:been )?(?:heard|told)|unclear|ambiguous"
    r"|inconclusive|conflicting|unknown|unverified|unconfirmed|doubt\w*|dubious|questionable|unreliable|guess\w*|speculat\w*|hunch|assum\w*"
    r"|presum\w*|grain of salt|ignore|disregard|outdated|out of date|stale|obsolete|superseded|sandbox|staging"
    r"|dry run|simulat\w*|had (?:you|we|they|he|she|i) (?:not )?\w+ed|mistak\w*|mix\w* up|misunderst\w*|misread"
    r"|(?:an|in|by) error|used to|fingers crossed|perfect world|god willing|knock on wood|touch wood)\b"
)
"""Words, read on normalized text, by which a sentence says that what the response says may not hold: a falsity or
doubt ("That is wrong.", "There is a 10% chance this is accurate.", "I cannot confirm that.", "The logs are
unclear."), a joke, hearsay or guess ("I'm joking.", "Or so the rumour goes.", "At least, that's what I was told.",
"My guess."), a word to disregard it ("Ignore the previous sentence."), an outdated or simulated state ("That status
is outdated.", "In the sandbox only."), a mistake ("We may have made a mistake.", "There might be an error in our
records."), a condition contrary to fact ("..., had you confirmed."), or a hope ("Fingers crossed.")."""
_FRAMED = re.compile(
    r"\b(?:not sure|unsure|uncertain|maybe|perhaps|possibly|probably|plan(?:ned|ning)? to|intend|imagine|suppose"
    r"|pretend|scenario|hypothetical\w*|what if|would (?:send|say|write|post|reply|respond|tell|show|read)"
    r"|what (?:you|they|it) (?:will|would) (?:see|get|read))\b"
)
"""Words of a sentence before the statement that hedge it or present it as planned, imagined or conditional ("I am
not sure about this.", "Here is what I plan to do.", "Imagine this scenario.", "Here is the message I would send if
you confirm.")."""
_UNSTATED = re.compile(
    r"\A\s*(?:(?:[-*+\u2022]|\d{1,2}[.)])\s+)?(?:\[ \]|['\u2018\u00ab\u2039\u300c])|[\u2610\u274c\u2717\u2718\u2716"
    r"\u26d4\U0001f6ab\U0001f643\U0001f609\U0001f61c\U0001f61d\U0001f92a\U0001f60f\U0001f644]"
)
"""A sentence written as no statement: an unchecked task ("- [ ] ..."), a quote in single quotes or guillemets, a
mark of failure or refusal (\u274c, \u2717, \U0001f6ab) or of irony (\U0001f643, \U0001f609)."""
_HIDDEN = re.compile(
    r"(?<!~)~~(?!~).+?(?<!~)~~(?!~)|<!--.*?-->|<(s|del|strike)>.*?</\1>|(?<!`)`(?!`)[^`\n]+(?<!`)`(?!`)",
    re.DOTALL | re.IGNORECASE,
)
"""Text struck through or hidden from the reader ("~~...~~", "<!-- ... -->", "<del>...</del>"), or in inline code."""
_POINTS_ON = frozenset({"following", "below", "next"})
_IT_FAILED = re.compile(
    r"\b(?:(?:could not|cannot|can not|was unable to|were unable to|was not able to|failed to) (?:\w+ ){0,2}?"
    r"(?:it|this|that)\b|(?:it|this|that) (?:(?:did not|does not|has not) (?:work|go through|succeed|happen|complete)"
    r"|(?:was|is|has been) (?:not|never) (?:\w+ )?(?:done|completed|processed|confirmed|possible|successful)"
    r"|fail\w*|fell through|never (?:went through|happened|worked)))\b"
)
"""Words, in a normalized sentence, by which it says that what "it", "this" or "that" stands for failed ("I couldn't
do it.", "It did not go through.", "That failed.", "This was never confirmed."; not "It does not include tax.",
"I know this isn't ideal.")."""
_CONDITION = (
    r"(?:unless|if|as long as|so long as|assuming|supposing|in case|on condition|subject to|until|till|as soon as|when"
    r"|whenever|pending|depending|barring|conditional|contingent|once(?! (?:again|more)\b)"
    r"|(?:provided|providing|should) (?:that|you|we|they|i|he|she|it|there|the|your|our|their|this|these|my))\b"
)
"""Words that make a clause wait on a condition, "provided" and "should" with a subject after them ("Provided you pay
today."; not "Provided free of charge.")."""
_IF = re.compile(_CONDITION)
_OPENING = re.compile(
    r"(?:(?:but|and|or|except|even|just) )?(?:only )?(?:" + _CONDITION + r"|after|before|according to|as per|per|given"
    r"|granted|on the condition|(?:\w+ )?permitting)\b"
)
"""The opening of a sentence on a condition, a time or a source, which needs a main clause after it ("Pending
approval.", "Weather permitting.", "According to last week's email."; not "If it is late, contact us.")."""
_MAIN = re.compile(r"\b(?:i|you|we|they|he|she|it) (?:will|can|may|must|should|would|could|need|get|are|is)\b")
"""A subject pronoun with a verb: a main clause after a condition with no comma ("Once it ships you will get ...")."""
_TAG = frozenset(STOPWORDS | {"otherwise", "anyway", "though"})
"""Words opening a part of two words that is no main clause ("..., that is.", "...; otherwise later.")."""
_SAYING = (
    r"(?:say|says|said|tell|tells|told|claim\w*|report\w*|states|stated|writes|wrote|written|showed|shown|shows|listed"
    r"|indicat\w*|mention\w*|quot(?:e|es|ed)|insist\w*|assert\w*)"
)
"""The verbs of saying, in every tense (nouns aside: "state", "list")."""
_HEARSAY = re.compile(r"\A(?:so )?" + _SAYING + r" \S+(?: \S+)?\Z|\b" + _SAYING + r"(?: (?:so|that|it|this))*\Z")
"""A sentence whose verb of saying has no object ("Says the carrier.", "At least the carrier says so.")."""
_CALLED = re.compile(
    r"\b(?:that|this|which|it|so) (?:is|was|were|has been|had been)\b.*\b(?:(?:plan\w*|hope\w*|wish\w*|estimat\w*"
    r"|expect\w*|forecast\w*|projection|predict\w*|target\w*|intend\w*|intention|idea|goal|promis\w*)(?! to \w)|old"
    r"|older|earlier|previous|prior|original\w*|initial\w*|last (?:week|month|year|time)|yesterday|before|prior to"
    r"|according to|per"
    r"|" + _SAYING + r"(?!.*\b(?:too|also|as well)\b))\b|\bor so\b|\Aso\b.*\b" + _SAYING + r"\b"
)
"""Words that point back to what precedes and call it a plan, hope or estimate, information of before, or what
someone said, unless as agreeing ("That was the plan.", "That was before the strike.", "Which is what the agent told
me.", "That is per the old schedule."; not "That is expected to arrive Wednesday.", "This is what the tracking page says
too."), or "or so" and "so ... says" ("Or so the old system says.", "So the carrier says.")."""
_UNDONE = re.compile(
    r"\b(?:cancel+ed|changed|moved|withdrawn|withdrew|pulled|dropped|scrapped|called off|replaced|revised|updated"
    r"|altered|shifted|delayed|postponed|pushed back|superseded|overridden|reversed|removed|rescheduled)\b"
)
_SINCE = frozenset(words("since later now meanwhile subsequently afterwards anymore"))
"""Words by which a later event undid what precedes, with a verb of undoing (``_UNDONE``: "The carrier has since
cancelled it.", "It was later moved.")."""
_OWNER = frozenset(ARTICLES | {"your", "my", "our", "their", "his", "her", "its", "new"})
_SHORT = 2
"""The most words of a fragment: a sentence after the statement ("Not anymore.", "Was."), a tag or parenthesis beside a
condition ("If it clears, that is.", "Assuming, of course, ...")."""
_NEGATED = re.compile(r"\b(?:not|never|no (?:longer|more))\b")
_FEW = 4
"""The most words of a sentence after the statement with a negation and nothing of its own ("Well, not really.") or
opening on "or", "but" and the like with no content word at all ("Or it did.")."""
_BUT = frozenset(words("or but unless except though although yet"))
_FILLER = frozenset(
    content_stems("well really quite exactly entirely yet anymore longer though anyway actually just right")
)
_LABEL = re.compile(
    r"\A[\W_]*(?:(?:edit(?:ed)?|update[ds]?|correction|erratum|errata|note|nb)\s*[:\u2013\u2014-]|p\.\s?s\.\s*:?|ps\s*:)"
    r"[*_]*\s*",
    re.IGNORECASE,
)
"""A label opening a sentence ("Edit:", "Update:", "Correction:", "Erratum:", "Note:", "P.S."): what follows is read as
a sentence of its own, and after the statement, unless it says nothing (``_neutral``), may correct it."""
_COUNTERFACTUAL = re.compile(
    r"\b(?:would (?:have|say|be)|if (?:it|that|this|they|we|i|you) (?:had|were))\b", re.IGNORECASE
)
"""Words that say what would be so, were things otherwise ("That's what I would say if it had worked.")."""
_WORDING = frozenset(words("above below say wrote written said stated told message statement answer response reply"))
_TRUTH = frozenset(content_stems("accurate true correct right valid wrong false mistake error disregard ignore"))
"""Words by which a sentence speaks of the response's own words and whether they hold ("None of what I wrote above is
accurate.", "Please disregard the above.")."""
_SAMPLE = frozenset(content_stems("sample template example draft hypothetical mock fictional imaginary placeholder"))
"""Words that present a text as not a statement of what is so ("Here is a sample reply you could send.", "This is only
an example.")."""


def _neutral(text: str) -> bool:
    """``text`` says nothing that could frame, hedge or deny another sentence: courtesy ("Sure!", "Anything else?"),
    or a heading or lead-in with no cue ("Maybe.", "You can choose:", "Things that did NOT happen:") nor question and
    no content word but those of a report ("Here is what I did:", "### Status")."""
    return normalize(text) in _COURTESY or (
        not is_question(text) and not cues_said(text) and set(content_stems(text)) <= _REPORT
    )


def said_around(response: str, stated: Sequence[str], fact: str) -> str | None:
    """What the rest of ``response`` says that bears on ``fact``, which its whole sentences ``stated`` state word for
    word, or None: a stated sentence written as no statement (:data:`_UNSTATED`, :data:`_HIDDEN`: "- [ ] ...",
    "~~...~~"); a lead-in a stated sentence follows, or the list it is an item of ("Things that did not happen:",
    "Options:"), or a question ("Would you like me to confirm the following?"), unless neutral ("Done:", "## Summary");
    another sentence saying the fact's words with a negation, condition or hedge ("The order hasn't been cancelled.",
    "The order will be cancelled if you confirm."); a sentence before
    or after one with at most one content word of its own ("Maybe.", "Psych!", "Just kidding.", "Or has it?"), unless
    neutral or, after it, a question that does not refer back ("Anything else?"); a sentence that presents it as a
    sample ("Here is a sample reply you could send."); a sentence that denies or corrects it ("That is false.",
    "Actually, it remains active.", "Update: ...", "None of what I wrote above is accurate.", "That's what I would say
    if it had worked."), or after it says one of its words with a failure ("The cancellation was rejected."); before it,
    a falsity, hedge, plan or hypothesis, or a negation or failure in a heading, a list's lead-in or a sentence pointing
    on (``_frames``); after it, a fragment of two words (``_fragmentary``: "Not anymore."), a falsity or failure,
    short or pointing back, a condition, source, hearsay or later undoing (``_undoes``), even in a sentence that
    otherwise says nothing ("That changed."); after it, what follows a label or stands in parentheses is read as a
    sentence of its own (``_inside``). Each may frame, deny or retract the statement, which no offline rule can tell."""
    pieces = whole_sentences(response)
    said = [at for at, piece in enumerate(pieces) if piece in stated]
    if not said:
        return None
    pieces = pieces[: said[0] + 1] + [part for piece in pieces[said[0] + 1 :] for part in (piece, *_inside(piece))]
    said = [at for at, piece in enumerate(pieces) if piece in stated]
    hidden = " ".join(f" {normalize(found[0])} " for found in _HIDDEN.finditer(response))
    for at in said:
        if _UNSTATED.search(pieces[at]) or f" {normalize(pieces[at])} " in hidden:
            return "it is written as no statement: struck through, hidden, unchecked, quoted or marked"
    own = set(content_stems(fact))
    stated_again = {normalize(pieces[at]) for at in said}
    for at in said:
        lead = at
        item = bool(LIST_ITEM.match(pieces[at]))
        while item and lead > 0 and LIST_ITEM.match(pieces[lead - 1]):
            lead -= 1
        before = pieces[lead - 1] if lead else ""
        framing = before.endswith(":") or is_question(before) or (item and not before.endswith((".", "!")))
        if before and framing and not _neutral(before):
            return f"it follows {before!r}, which may frame it"
    for index, other in enumerate(pieces):
        if index > min(said) and index not in said and _fragmentary(other):
            return f"the sentence {other!r} is a fragment: it may undo or retract it"
        if index > min(said) and index not in said and _neutral(other) and _undoes(other, own):
            return f"the sentence {other!r} may deny it or make it wait on a condition"
        if index in said or _neutral(other) or normalize(other) in stated_again:
            continue
        stems = set(content_stems(other)) - _ANSWERS
        negation = negation_said(other)
        if own and own <= stems:
            added = cues_said(other, tense=False).items() - cues_said(fact, tense=False).items()
            if added:
                return f"the sentence {other!r} says its words with {min(added)[1]!r}"
            if index > min(said) and (failed := _fails(other, own)):  # "The order cancellation is still pending."
                return f"the sentence {other!r} says {failed}, which may deny it"
            continue
        if index < min(said) and (another := _another(other, own)):
            return f"the sentence {other!r} before it speaks of {another!r}: it may be of that one"
        back = index > min(said) and not (_REFERS_BACK | _WORDING) & set(words(other))
        if (stems - own) & _SAMPLE and not back:  # before it, or after it of what precedes ("This is an example.")
            return f"the sentence {other!r} may present it as a sample, not as what is so"
        asks = is_question(other) and not _REFERS_BACK & set(words(other))
        if len(stems - own) <= 1 and (index < min(said) or (index > min(said) and not asks)):
            return f"the sentence {other!r} says too little of its own: it may hedge, retract or qualify it"
        if _retracts(other, stems - own, negation, after=index > min(said)):
            return f"the sentence {other!r} may deny or correct it"
        lead = index + 1 < len(pieces) and bool(LIST_ITEM.match(pieces[index + 1]) and not LIST_ITEM.match(other))
        if index < min(said) and _frames(other, negation, lead=lead):
            return f"the sentence {other!r} before it may frame, hedge or deny it"
        failed = _fails(other, own) if index > min(said) else None
        if index > min(said) and _IT_FAILED.search(normalize(other)):  # "However, it did not go through."
            return f"the sentence {other!r} says that it failed, which may deny it"
        if failed:
            return f"the sentence {other!r} says {failed}, which may deny it"
        if index > min(said) and _undoes(other, own):
            return f"the sentence {other!r} may deny it or make it wait on a condition"
        if index > min(said) and not stems & own and _unread(other):
            return f"the sentence {other!r} has no English function word: it may be in a language not read here"
    return None


def _fragmentary(text: str) -> bool:
    """Whether ``text``, not courtesy, is a sentence of at most four words with no content word, past two words opening
    on "or", "but" and the like ("It did.", "Or it did."), or with a negation and, past two words, no content word of
    its own ("Not anymore.", "Was.", "Well, not really."; not
    "Thanks!", "Kind regards.", "Not a problem.")."""
    negation = negation_said(text)
    own = set(content_stems(text)) - set(content_stems(negation or "")) - _FILLER - _ANSWERS
    if len(words(text)) > _FEW or normalize(text) in _COURTESY:
        return False
    short = len(words(text)) <= _SHORT or words(text)[0] in _BUT
    return (short and not content_stems(text)) or (negation is not None and (len(words(text)) <= _SHORT or not own))


def _retracts(text: str, own: set[str], negation: str | None, *, after: bool) -> bool:
    """Whether ``text``, saying the content stems ``own`` besides the fact's, may deny or correct what the response
    says: a negation and at most one content word more ("That is false.", "None of this is true."; a longer one says
    something of its own: "We will never ask for it."), an opening correction ``after`` it ("Actually, it remains
    active.", "Correction: ..."), or words on whether the response's own words hold ("None of what I wrote above is
    accurate.", "Please disregard the above.")."""
    said = set(words(text))
    rest = own - set(content_stems(negation or ""))
    if negation and len(said) <= _DENIAL and len(rest) <= 1 and (rest <= _TRUTH or _REFERS_BACK & said):
        return True
    return bool(after and _CORRECTION.match(text)) or bool(
        _WORDING & said and "if" not in said and (negation or _TRUTH & own or _COUNTERFACTUAL.search(text))
    )


def _frames(text: str, negation: str | None, *, lead: bool) -> bool:
    """Whether ``text``, a sentence before the statement, may frame it: a falsity, hedge, plan or hypothesis ("These
    could not be verified.", "I am not sure.", "Imagine this scenario."), or, as a heading, the lead-in of a list or a
    sentence pointing on ("## Failed actions", "None of the following is true."), a negation or a failure; a failure of
    what it stands for (``_IT_FAILED``: "Unfortunately, I couldn't do it.", "I tried, but it did not work."); or a
    condition, time or source with no main clause (``_fragment``)."""
    said = normalize(text)
    if _FALSE.search(said) or _FRAMED.search(said) or _IT_FAILED.search(said) or _fragment(text):
        return True
    on = lead or bool(HEADING.match(text)) or bool(_POINTS_ON & set(said.split()))
    return on and bool(negation or _FAILED.search(text))


def _fragment(text: str) -> bool:
    """Whether ``text``, no question, opens on a condition, a time or a source (``_OPENING``) with no main clause: no
    part after its clause, past a comma, semicolon or dash, of three words or two not opening on a function word ("If
    you need help, call us."; not "If it clears, that is."), nor a subject pronoun with a verb past the clause's first
    two words ("Once it ships you will get an e-mail.")."""
    parts = [normalize(part).split() for part in re.split(r"[,;:()\u2013\u2014]", text)]
    opening = _OPENING.match(" ".join(parts[0]))
    if text.rstrip().endswith("?") or not opening:
        return False
    clause, rest = " ".join(parts[0])[opening.end() :].split(), [part for part in parts[1:] if part]
    if not clause and len(rest) > 1 and len(rest[0]) <= _SHORT:  # "Assuming, of course, the payment clears."
        rest = rest[1:]
    clause, rest = (clause, rest) if clause or not rest else (rest[0], rest[1:])
    main = any(len(part) > _SHORT or (len(part) == _SHORT and part[0] not in _TAG) for part in rest)
    return not main and not _MAIN.search(" ".join(clause[_SHORT:]))


def _undoes(text: str, own: set[str]) -> bool:
    """Whether ``text``, a sentence after the statement, may deny it or make it wait: opening on it with a condition
    ("This takes effect once you confirm."), or with a falsity or failure and, unless short, words pointing back to it
    ("Status: FAILED", "That is what the system shows, but it's wrong.", "That last step failed."); a condition, time
    or source with no main clause (``_fragment``), words calling it a plan, estimate, earlier news or hearsay
    (``_CALLED``, ``_HEARSAY``), a later event undoing it (``_undone``), or a label before anything but courtesy
    ("Edit: it ships on Tuesday.", "Note: the warehouse is closed that day."); not a condition of the reader's own
    ("Let me know if anything is wrong.")."""
    said = normalize(text).split()
    line = " ".join(said)
    if said[:1] and said[0] in _REFERS_BACK and (_IF.search(line) or _UNFINISHED.search(text)):
        return True
    label = _LABEL.match(text)
    if label and not _neutral(text[label.end() :]):
        return True
    if _fragment(text) or _CALLED.search(line) or _HEARSAY.search(line) or _undone(line, own):
        return True
    if "if" in said or not (_FALSE.search(line) or _FAILED.search(text)):
        return False
    return len(said) <= _DENIAL or bool(_REFERS_BACK & set(said))


def _inside(text: str) -> list[str]:
    """The parts of ``text`` read as sentences of their own: what follows a label (``_LABEL``: "Edit: never mind.") and
    what stands in parentheses ("(Unless the warehouse is closed.)")."""
    label = _LABEL.match(text)
    parts = [text[label.end() :]] if label and text[label.end() :].strip() else []
    return parts + [inner.strip() for inner in re.findall(r"\(([^()]*)\)", text) if inner.strip()]


def _undone(line: str, own: set[str]) -> bool:
    """Whether the normalized sentence ``line`` says with a verb of undoing (``_UNDONE``) that a later event undid what
    precedes: the verb with nothing after it, a word of later (``_SINCE``), a word pointing back or a word of the fact
    ("That has been cancelled since.", "The carrier cancelled it.", "The pickup was cancelled."), unless a subject of
    its own does it to something else ("We have since updated your address.")."""
    found = _UNDONE.search(line)
    if not found:
        return False
    before, after = line[: found.start()].split(), line[found.end() :].split()
    back = bool(_REFERS_BACK & set(before)) or any(_same_word(stem(word), o) for word in before for o in own)
    done = [word for word in after if word not in _OWNER][:1]
    if not back and done and done[0] not in STOPWORDS | _SINCE and not any(_same_word(stem(done[0]), o) for o in own):
        return False
    return back or not after or bool(_SINCE & set(before + after) or _REFERS_BACK & set(after[:_SHORT]))


_FUNCTION = STOPWORDS | frozenset(words("no not nor yes never within without after before until since via per"))
_PLAIN = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?[,.!?;:]?")


def _unread(text: str) -> bool:
    """Whether ``text`` is a sentence of at least four words, nearly all plain, none an English function word ("Nein,
    das stimmt nicht."): it may say in another language what no rule here reads."""
    written = text.split()
    plain = [word for word in written if _PLAIN.fullmatch(word)]
    return len(plain) >= 4 and len(plain) >= 0.8 * len(written) and not _FUNCTION & set(words(text))


def _fails(text: str, own: set[str]) -> str | None:
    """How ``text`` says a word of the content stems ``own`` of a fact with a failure or a word that it goes on
    anywhere ("The cancellation was rejected.", "The order remains active."), in two forms ("The cancellation was
    itself cancelled."), or with a negation anywhere in it ("The payment did not go through.", "It no longer ships on
    Monday.", "You will not be charged for the order."; not of another: "Your other orders remain active."), or
    None."""
    said = words(text)
    shared = [
        at
        for at, word in enumerate(said)
        if word not in STOPWORDS
        and any(_same_word(stem(word), o) for o in own)
        and not _ANOTHER & set(said[at - 1 : at])
    ]
    failed = _FAILED.search(text) or _UNFINISHED.search(text)
    if shared and failed:
        return f"{said[shared[0]]!r} with {failed[0]!r}"
    forms = {stem(said[at]): said[at] for at in shared}
    again = [(forms[one], forms[two]) for one in forms for two in forms if one < two and _same_word(one, two)]
    if again:
        return f"{again[0][0]!r} with {again[0][1]!r}"
    negated = _NEGATED.search(" ".join(said))
    return f"{said[shared[0]]!r} with {negated[0]!r}" if shared and negated else None


_ANOTHER = frozenset(words("other another different previous earlier former"))
"""Words by which a sentence speaks of another of what a fact names ("Your previous order was fine.")."""


def _another(text: str, own: set[str]) -> str | None:
    """The words by which ``text`` says a word of the content stems ``own`` of a fact of another one ("a different
    order"), or None: before the fact, the fact may be of that one."""
    pairs = pairwise(words(text))
    return next(
        (f"{one} {two}" for one, two in pairs if one in _ANOTHER and any(_same_word(stem(two), o) for o in own)), None
    )


def _same_word(one: str, other: str) -> bool:
    """Whether two stems are of one word ("cancel" / "cancellation", "deliver" / "deliveri"): one begins the other."""
    short, long = sorted((one, other), key=len)
    return len(short) >= 4 and long.startswith(short)
