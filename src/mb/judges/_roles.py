"""Role swaps: the same words, but the entities exchange places around a relation.

"Tom defeated Tim" and "Tim defeated Tom" share every word, and embeddings place them almost on top of each other.
Both texts are read as a sequence of content words and role markers (prepositions such as "of", "to", "from",
"by"), after two rewrites that keep roles where they were: a passive ("Y was acquired by X") is read as the active
("X acquired Y"), and a possessive ("Finland's ambassador") as "ambassador of Finland". Two words *swap around a
pivot* when one comes before the pivot in one text and after it in the other while the second moves the opposite
way, and the rest of both texts is the same statement. That is a different statement unless the pivot is
symmetric: "and", "or", "with", "between", "met", "married"... ("Tom met Tim" is "Tim met Tom"). A single word
moving ("Friday flights to Paris" / "flights to Paris on Friday") is not a swap.
"""

from __future__ import annotations

import re
from collections import Counter
from difflib import SequenceMatcher
from functools import lru_cache
from itertools import pairwise, takewhile

from ._text import IRREGULAR, PARTICIPLES, STOPWORDS, content_stems, expanded, fold, stem, words, written

__all__ = [
    "PERSONS",
    "ROLE_PERSONS",
    "WRITTEN_MARKERS",
    "other_markers",
    "owners_differ",
    "role_swap",
    "same_statement",
    "swap_may_read_alike",
    "voice_changed",
]

MAX_ROLE_WORDS = 80
"""Texts with more content words than this are not checked (roles are read within a statement, not a passage)."""

_MARKERS_TEXT = """of to from into onto by in at on for with and or nor than over under against between toward towards
    via through versus vs"""
_MARKERS = frozenset(_MARKERS_TEXT.split())
"""Function words that mark a role; kept in the sequence (the other function words are dropped)."""

_SYMMETRIC_TEXT = """and or nor with versus vs between among alongside beside near next adjacent together both plus
    met meet meets meeting marry married marries wed divorce divorced partner partnered tie tied draw drew equal
    equals equivalent same similar resemble resembles neighbour neighbor touch touches"""
_SYMMETRIC = frozenset(stem(word) for word in _SYMMETRIC_TEXT.split()) | frozenset(_SYMMETRIC_TEXT.split())
"""Relations whose two sides can be exchanged without changing the meaning."""

_SAME_FRAME = 0.85
"""How alike the rest of both texts must be (the words that moved left out) for the move to be a swap of roles in
one statement rather than a rewording."""

_REPORTING_TEXT = "said say says stated told according added announced reported noted"
_REPORTING = frozenset(_REPORTING_TEXT.split())
"""Words that attribute a statement: where the speaker stands ("X said" / "said X") changes no role. Kept as written
in the sequence: "the report" is no attribution ("the study was cited by the report" / "the study cited the
report")."""

_TIES = frozenset(stem(word) for word in ("although", "though", "because", "unless", "whereas", "while", "until"))
"""Words that tie a clause to the rest: they move with their clause, in no role of their own ("though the test was hard
Priya passed it" / "Priya passed the test though it was hard")."""

_AUXILIARIES_TEXT = "is are was were be been being get got gets getting"
_AUXILIARIES = frozenset(_AUXILIARIES_TEXT.split())
_AUXILIARY_STEMS = frozenset(stem(word) for word in _AUXILIARIES)
_TOKEN = re.compile(r"[^\W_]+(?:'s\b)?|[,;:.!?()]", re.UNICODE)
_BREAKS = frozenset(",;:.!?()")
_NO_OWNERS = frozenset(["it", "he", "she", "that", "what", "there", "here", "who", "where", "how", "let"])
"""Words whose "'s" is a verb ("it's raining", "he's got"), never a possessive."""

PERSONS = {
    word: person
    for person, forms in (("I", "i me my mine myself"), ("we", "we us our ours ourselves"),
                          ("you", "you your yours yourself yourselves"), ("he", "he him his himself"),
                          ("she", "she her hers herself"), ("they", "they them their theirs themselves"))
    for word in forms.split()
}  # fmt: skip
"""Personal pronouns by the person they name, whatever their case ("he", "him", "his")."""
ROLE_PERSONS = {**PERSONS, "it": "it", "its": "it", "itself": "it"}
"""The persons whose order in a statement gives roles: "it" too ("give it to him" / "give him to it")."""

Sequence_ = tuple[str, ...]


def _clauses(text: str) -> list[list[str]]:
    """Lower-cased words (possessive ``'s`` kept on its word) grouped by punctuation."""
    out: list[list[str]] = [[]]
    for piece in _TOKEN.findall(expanded(text).casefold()):
        piece = piece[:-2] if piece.endswith("'s") and piece[:-2] in _NO_OWNERS else piece  # "it's": "it is"
        if piece in _BREAKS:
            if out[-1]:
                out.append([])
            continue
        out[-1].append(piece)
    return [clause for clause in out if clause]


def _possessives(clause: list[str]) -> list[str]:
    """ "finland's ambassador to denmark" -> "ambassador of finland to denmark" (the head is the next content
    word); "the company's owner's son" -> "the son of owner of company"."""
    out: list[str] = []
    i = 0
    while i < len(clause):
        word = clause[i]
        if word.endswith("'s") and i + 1 < len(clause):
            owners = [word[:-2]]
            j = i + 1
            while j < len(clause) - 1 and clause[j].endswith("'s"):  # "the company's owner's son": a chain
                owners.insert(0, clause[j][:-2])
                j += 1
            while j < len(clause) - 1 and clause[j] in STOPWORDS and clause[j] not in _MARKERS:
                j += 1
            out.extend([clause[j], *(part for owner in owners for part in ("of", owner))])
            i = j + 1
            continue
        out.append(word[:-2] if word.endswith("'s") else word)
        i += 1
    return out


def _active(clause: list[str]) -> list[str]:
    """A passive clause ("y was acquired by x in 2020") in active order ("x acquired y in 2020")."""
    for i, word in enumerate(clause[:-2]):
        if word not in _AUXILIARIES:
            continue
        verb = i + 1 + (clause[i + 1] in STOPWORDS)  # "was just acquired", "is being cut"
        while verb + 1 < len(clause) and (clause[verb] == "already" or clause[verb].endswith("ly")):
            verb += 1  # "was quickly acquired", "was already fed": the adverb goes after the patient
        if "by" not in clause[verb + 1 :]:
            continue
        by = clause.index("by", verb + 1)
        end = by + 1
        while end < len(clause) and clause[end] not in _MARKERS:
            end += 1
        agent, patient = clause[by + 1 : end], clause[:i]
        middle = [word for word in clause[i + 1 : verb] if word not in STOPWORDS] + clause[verb + 1 : by]
        if not agent or not patient:
            continue
        return [*agent, clause[verb], *patient, *middle, *clause[end:]]
    return clause


_DETERMINERS_TEXT = """a an the my your his her its our their this that these those me him us them myself yourself
    himself herself itself ourselves yourselves themselves"""
_DETERMINERS = frozenset(_DETERMINERS_TEXT.split())


@lru_cache(maxsize=4096)
def _sequence(text: str, *, as_written: bool = False) -> Sequence_:
    """Content-word stems and role markers, in order, once passives and possessives are rewritten. ``as_written``
    marks where a clause ends (",": "Springfield, Illinois" is "Springfield in Illinois"), keeps "off" as a marker and
    leaves out the "to" of an infinitive ("to" then marks a role only before a determiner or a pronoun: "gave Ana to
    the book", "did it to herself", but "began to cut jobs" says what "began cutting jobs" says)."""
    out: list[str] = []
    for clause in _clauses(text):
        clause = _active(_possessives(clause))
        out.extend([","] if as_written and out else [])
        for word, following in zip(clause, [*clause[1:], ""], strict=True):
            if word in _MARKERS or (as_written and word in WRITTEN_MARKERS):
                if not as_written or word != "to" or following in _DETERMINERS:
                    out.append(word)
            elif word not in STOPWORDS:
                out.append(word if word in _REPORTING else stem(word))
    return tuple(out)


_GRAMMAR_TEXT = "a an the is are was were be been being am do does did has have had"
_GRAMMAR = frozenset(_GRAMMAR_TEXT.split())
"""Function words that change no statement once passives are read as actives: articles and auxiliaries."""


def _other_function_words(text: str) -> Counter[str]:
    """The function words that change a statement, and "the most" for the superlative ("the most votes" is not "most
    votes")."""
    found = words(text)
    superlatives = Counter(f"{a} most" for a, word in pairwise(found) if word == "most" and a in ("the", "a"))
    return Counter(word for word in found if word in STOPWORDS and word not in _MARKERS | _GRAMMAR) + superlatives


def _said_of_subject(text: str) -> Counter[str]:
    """The words a form of "be" or "get" says of its subject once passives naming their agent are read as actives:
    "the startup was acquired" says 'acquired' of the startup, which "the startup acquired" does not ("is grating"
    says nothing: the active)."""
    found: Counter[str] = Counter()
    for clause in _clauses(text):
        clause = _active(_possessives(clause))
        for i, word in enumerate(clause):
            said = next((w for w in clause[i + 1 :] if w not in STOPWORDS), "") if word in _AUXILIARIES else ""
            if said and not said.endswith("ing"):
                found[stem(said)] += 1
    return found


def _passive(text: str) -> bool:
    """Whether a clause of ``text`` is a passive naming its agent ("he is shocked by the audience")."""
    return any(_active(clause) != clause for clause in map(_possessives, _clauses(text)))


def voice_changed(candidate: str, reference: str) -> str | None:
    """A participle one text says of its subject through "be" and the other says as a verb: "the startup was
    acquired" / "the startup acquired" (who acquired whom?); or the same content words, a passive naming its agent in
    one text only, which the active of the other does not state ("he is shocked by the audience" / "he has shocked
    the audience")."""
    stated = [Counter(w for w in content_stems(text) if w not in _AUXILIARY_STEMS) for text in (candidate, reference)]
    if _passive(candidate) != _passive(reference) and stated[0] == stated[1]:  # "got hit by a car" / "hit a car"
        return "one text says it in the passive, the other in the active: who does what may differ"
    mine, theirs = _said_of_subject(candidate), _said_of_subject(reference)
    for text, other, said in ((candidate, reference, mine - theirs), (reference, candidate, theirs - mine)):
        as_written = written(text)
        for word in said:
            said_as = as_written.get(word, word)
            participle = said_as.casefold() in IRREGULAR or re.fullmatch(PARTICIPLES, said_as.casefold()) is not None
            if participle and word in {stem(w) for w in words(other)}:
                return f"one text says {said_as!r} of its subject, the other as a verb: the voice may differ"
    return None


def _persons_in_roles(text: str) -> list[str]:
    """The person each pronoun names, in order once passives are read as actives ("he was paid by them": they, he)."""
    return [ROLE_PERSONS[w] for clause in _clauses(text) for w in _active(_possessives(clause)) if w in ROLE_PERSONS]


def same_statement(candidate: str, reference: str) -> bool:
    """Whether both texts make one statement: the same content words in the same roles once passives and possessives
    are rewritten ("carrots are being grated by a woman" / "a woman is grating carrots"), the same words said of a
    subject through "be" ("the startup was acquired" is not "the startup acquired"), and the same function words but
    articles and auxiliaries ("he" / "she", "must" / "may", "what" / "how" differ), and the same persons in the same
    order ("he was paid by them" / "he paid them" differ)."""
    return (
        _sequence(candidate) == _sequence(reference)
        and _persons_in_roles(candidate) == _persons_in_roles(reference)
        and _said_of_subject(candidate) == _said_of_subject(reference)
        and _other_function_words(candidate) == _other_function_words(reference)
    )


_ROLE_GIVING = frozenset({"to", "for", "from", "by", "of", "against"})
"""Markers that give a role where the other text has none ("gave Ana to the book", "voted against closing the park"
/ "voted to close the park"); another marker added where the
other text has none ("jumps over a fence" / "jumps a fence") usually says what the verb said."""
WRITTEN_MARKERS = _MARKERS | {"off", "about"}
_READ_AS = {"onto": ("at", "to"), "into": ("at", "to"), "in": ("at", "in:"), "on": ("at", "on:"), "off": ("from",)}
"""Markers read alike when comparing them: a place ("a partner in the firm" / "at the firm"), "onto" as "on to",
"off" as "from" ("jumping off a dock" / "jumping from a dock"); "in" and "on" are each "at", but not each other
("the keys are in the drawer" / "on the drawer"); "about" is a marker of its own there ("talking about the phone" /
"on the phone")."""
_IN_ON = frozenset({"in:", "on:"})


def _gaps(text: str) -> tuple[list[str], list[frozenset[str]]]:
    """The content words of a text (and clause ends) in order, and the role markers before each and at the end, read
    as ``_READ_AS`` says; "and", "or", "with" and the other symmetric markers give no role."""
    content: list[str] = []
    marked: list[set[str]] = [set()]
    for word in _sequence(text, as_written=True):
        if word in WRITTEN_MARKERS:
            marked[-1].update(_READ_AS.get(word, (word,)) if word not in _SYMMETRIC else ())
        else:
            content.append(word)
            marked.append(set())
    return content, [frozenset(markers) for markers in marked]


def other_markers(candidate: str, reference: str) -> bool:
    """The same content words in the same order, other role markers between two of them (one that gives a role where
    the other text has none): "gave Ana to the book" / "gave Ana the book", "a gift for my wife" / "a gift from my
    wife" ("on to the beach" / "onto the beach" are the
    same markers, and so are "in" and "at" a place)."""
    (mine, mine_marked), (theirs, theirs_marked) = _gaps(candidate), _gaps(reference)
    return mine == theirs and any(
        (one - _IN_ON != other - _IN_ON or len(one & _IN_ON | other & _IN_ON) > 1)
        and ((one and other) or (one | other) & _ROLE_GIVING)
        for one, other in zip(mine_marked, theirs_marked, strict=True)
    )


def _unique_positions(sequence: Sequence_) -> dict[str, int]:
    counts = Counter(sequence)
    return {word: index for index, word in enumerate(sequence) if counts[word] == 1}


def owners_differ(candidate: str, reference: str) -> bool:
    """A chain of possessives gives the same words other owners: both texts say the same content words, one with two
    possessives in a row, but once possessives are read as "of" they stand in another order ("the company's owner's
    son" / "the company of the owner's son"; not "agenda for Monday's all-hands" / "Monday all-hands agenda")."""
    clauses = [clause for text in (candidate, reference) for clause in _clauses(text)]
    if not any(a.endswith("'s") and b.endswith("'s") for clause in clauses for a, b in pairwise(clause)):
        return False
    a, b = _sequence(candidate), _sequence(reference)
    return a != b and Counter(w for w in a if w not in _MARKERS) == Counter(w for w in b if w not in _MARKERS)


_WHEN = re.compile(
    r"\b(?:last|next|this|every)\s+(?:day|night|morning|afternoon|evening|week|weekend|month|year|summer|winter|spring|"
    r"autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)
"""A time said by "last", "next", "this" or "every" ("last week"): it moves with no role ("Last week Ana wrote to
Ben" / "Ana wrote to Ben last week")."""


def role_swap(candidate: str, reference: str) -> str | None:
    """Why the texts give their shared words different roles, or None."""
    found = _swapped(candidate, reference)
    if found is None:
        return None
    said = written(reference)
    first, second, around = (said.get(word, word) for word in found)
    return f"{first!r} and {second!r} exchange roles around {around!r}"


_EITHER_WAY = frozenset(stem(word) for word in ["pass", "clear", "face", "play", "fight", "battle", "debate", "race"])
"""Verbs whose two sides may be exchanged in one reading: a bill passes the Senate and the Senate passes the bill;
in a contest each side faces, plays or fights the other. A swap around them may keep the meaning, or not ("the car
passed the truck")."""


def swap_may_read_alike(candidate: str, reference: str) -> str | None:
    """Why a swap of roles (``role_swap``) may say the same thing after all, or None: the relation reads both ways
    (``_EITHER_WAY``), or one text writes it otherwise, as a participle (or before "by") whose other side follows behind
    a marker, as a headline says a passive without "is" ("Google fined $50 million in France" / "France fines Google
    $50 million", "Florida hit by storm" / "Storm hits Florida"; not "Google fined France" / "France fines Google",
    whose participle takes its object directly)."""
    found = _swapped(candidate, reference)
    if found is None:
        return None
    pivot = found[2]
    if pivot in _EITHER_WAY:
        return f"{written(reference).get(pivot, pivot)!r} may read both ways"
    for text, other in ((reference, candidate), (candidate, reference)):
        said, other_said = written(text).get(pivot, pivot), written(other).get(pivot, pivot)
        sequence = _sequence(text)
        at = sequence.index(pivot)
        participle = re.fullmatch(PARTICIPLES, said.casefold()) or sequence[at + 1 : at + 2] == ("by",)  # "hit by"
        if said.casefold() == other_said.casefold() or not participle:
            continue
        after = min((sequence.index(word) for word in found[:2] if sequence.index(word) > at), default=None)
        if after is not None and any(word in _MARKERS for word in sequence[at + 1 : after]):
            return f"{said!r} may be a passive: the voice may differ"
    return None


@lru_cache(maxsize=1024)
def _swapped(candidate: str, reference: str) -> tuple[str, str, str] | None:
    """The first two words that exchange roles and the word they exchange them around, as stems, or None."""
    a, b = _sequence(reference), _sequence(candidate)
    if a == b or len(a) > MAX_ROLE_WORDS or len(b) > MAX_ROLE_WORDS:
        return None
    content_a = {w for w in a if w not in _MARKERS}
    content_b = {w for w in b if w not in _MARKERS}
    if not content_a or len(content_a & content_b) < 0.8 * len(content_a | content_b):
        return None
    pos_a, pos_b = _unique_positions(a), _unique_positions(b)
    shared = [word for word in pos_a if word in pos_b]
    timed = {stem(w) for text in (candidate, reference) for found in _WHEN.findall(text) for w in found.split()}
    for pivot in sorted(shared, key=lambda word: word in _EITHER_WAY):  # a relation read one way only first
        if pivot in _SYMMETRIC:
            continue
        kept = [w for w in shared if w not in _MARKERS | _TIES and w not in timed]
        forward = [w for w in kept if pos_a[w] < pos_a[pivot] and pos_b[w] > pos_b[pivot]]
        backward = [w for w in kept if pos_a[w] > pos_a[pivot] and pos_b[w] < pos_b[pivot]]
        if not forward or not backward or _coordinated(a, pos_a, forward[0], backward[0]):
            continue
        if {forward[0], backward[0]} <= _listed_names(reference) & _listed_names(candidate):
            continue
        moved = {*forward, *backward}
        if pivot in _REPORTING or not moved.isdisjoint(_REPORTING):
            continue
        frame_a = [w for w in a if w not in moved]
        frame_b = [w for w in b if w not in moved]
        if SequenceMatcher(None, frame_a, frame_b, autojunk=False).ratio() >= _SAME_FRAME:
            return forward[0], backward[0], pivot
    return None


def _coordinated(sequence: Sequence_, positions: dict[str, int], one: str, other: str) -> bool:
    """Whether a symmetric word joins two words: "tom and tim", "paris or rome", "alice worked with bob"."""
    low, high = sorted((positions[one], positions[other]))
    between = sequence[low + 1 : high]
    return bool(between) and between[-1] in _SYMMETRIC and sum(word not in _SYMMETRIC for word in between) <= 1


_LIST = re.compile(r"[^,;:.!?()]+(?:,[^,;:.!?()]+)+,?\s+(?:and|or)\s+[^,;:.!?()]+")
_LIST_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def _name_run(words: list[str], at_end: bool) -> list[str]:
    """The capitalised words at the end (``at_end``) or the start of a list item."""
    return list(takewhile(lambda word: word[:1].isupper(), reversed(words) if at_end else words))


@lru_cache(maxsize=4096)
def _listed_names(text: str) -> frozenset[str]:
    """Stems of the names that are items of an enumeration ("Justices Stephen Breyer, Sandra Day O'Connor and
    Anthony Kennedy"): the order of a list of names assigns no role. A first item counts by the names that end it,
    a last one by the names that start it, a middle one only when it is all names ("Tom defeated Tim, Bob and Jim"
    lists nobody Tom could trade places with)."""
    found: set[str] = set()
    for match in _LIST.finditer(fold(text).replace("\u2019", "'")):
        items = [item.split() for item in _LIST_SPLIT.split(match.group(0).strip()) if item.strip()]
        for index, item in enumerate(items):
            if index == 0:
                run = _name_run(item, at_end=True)
            elif index == len(items) - 1:
                run = _name_run(item, at_end=False)
            else:
                run = item if len(_name_run(item, at_end=False)) == len(item) else []
            for word in run:
                found.add(stem(word.casefold().removesuffix("'s")))
    return frozenset(found)
