"""Polarity checks: a statement and its negation ("is open" / "is not open") or its opposite ("open" / "closed").

Negation is read per clause. A negator marks the first content word after it as negated ("not *open*", "without
*sugar*"); the other words of a clause holding a strong negator ("not", "never"...) are *shadowed*: neither clearly
affirmed nor negated ("could not find any *flights*"). Two texts conflict on a word only when one negates it and the
other affirms it plainly, so "no flights match" and "I could not find any flights" agree.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ._text import STOPWORDS, clauses, stem, words

__all__ = ["NEGATORS", "agreeing_no", "antonym_conflict", "free_at_no_cost", "negation_conflict", "without_free"]

_NEGATORS_TEXT = "not no never none nobody nothing nowhere neither nor without unable non"
NEGATORS = frozenset(_NEGATORS_TEXT.split())
"""Words that negate what follows."""

_WEAK_NEGATORS = frozenset({"no", "without", "non"})
"""Negate one noun phrase ("no fee", "without sugar"); the others negate their whole clause."""

_IMPLICIT_TEXT = (
    "fail failed failing fails refuse refused refusing refuses decline declined declining neglect neglected"
)
_IMPLICIT_VERBS = frozenset(stem(word) for word in _IMPLICIT_TEXT.split())
"""Verbs that negate the verb after "to": "failed to pay" is "did not pay"."""
_LACK_TEXT = "lack lacks lacked lacking"
_LACK = frozenset(stem(word) for word in _LACK_TEXT.split())
"""Words that negate the noun after them like "no": "lacks funding" is "has no funding"."""

_CONTRASTS = frozenset({("rather", "than"), ("instead", "of")})
"""Contrasts that negate like "no": "fish rather than mammals", "tea instead of coffee"."""

_SKIP_TEXT = """be been being yet really always ever even longer any currently still actually necessarily quite
entirely fully at all get got going"""
_SCOPE_SKIP = STOPWORDS | frozenset(_SKIP_TEXT.split())
_PREFIXES = ("non", "un", "in", "im", "il", "ir", "dis")
_HYPHENATED = re.compile(rf"\b({'|'.join(_PREFIXES)})-([^\W\d_]+)", re.IGNORECASE)
"""A negation prefix joined by a hyphen ("un-locked")."""

_OPPOSITES = """open:close,closed,shut buy:sell increase:decrease,reduce,lower rise:fall,drop,decline add:remove,delete
accept:decline,reject,refuse approve:reject,deny allow:forbid,prohibit,ban enable:disable include:exclude start:stop
begin:end,finish win:lose arrive:depart,leave import:export upload:download before:after above:below
cheap:expensive early:late mandatory:optional required:optional hot:cold on:off up:down success:failure
successful:failed pass:fail true:false higher:lower more:less,fewer most:least maximum:minimum north:south east:west
left:right first:last public:private internal:external show:hide lock:unlock mute:unmute connect:disconnect
subscribe:unsubscribe cancel:renew,confirm,schedule,book present:absent full:empty positive:negative profit:loss
gain:loss ascending:descending oldest:newest inbound:outbound incoming:outgoing improve:worsen,worse,deteriorate
rise:down better:worse best:worst strong:weak active:dormant,inactive safe:dangerous,unsafe hire:fire
expand:shrink minimum:maximum entrance:exit arrival:departure high:low rich:poor,low,lacking
plenty:little,scarce,lacking,short abundant:scarce,rare recommend:beware,avoid,discourage,shun
encourage:discourage,beware endorse:oppose,reject,condemn support:oppose praise:criticize,criticise,condemn
trust:distrust,mistrust like:dislike favor:oppose favour:oppose inside:outside indoor:outdoor indoors:outdoors
top:bottom,first,ground upstairs:downstairs front:back warm:cold,cool heat:cool wet:dry light:dark,heavy
young:old new:old tall:short long:short fast:slow quickly:slowly happy:sad love:hate always:never man:woman men:women
boy:girl boys:girls male:female big:small outside:indoors,inside outdoors:inside lady:man,gentleman ladies:men,gentlemen
gentleman:woman gentlemen:women asleep:awake"""
_EXCLUSIVE = (
    "red orange yellow green blue purple violet pink brown black white grey gray silver gold",
    "small medium large",
    "spring summer autumn winter",
)
"""Closed sets whose members exclude each other ("red blood" is not "blue blood")."""

_Polarity = dict[str, tuple[frozenset[str], str]]


def _opposite_pairs() -> dict[str, frozenset[str]]:
    pairs: dict[str, set[str]] = {}
    for entry in _OPPOSITES.split():
        word, others = entry.split(":")
        for other in others.split(","):
            pairs.setdefault(stem(word), set()).add(stem(other))
            pairs.setdefault(stem(other), set()).add(stem(word))
    for group in _EXCLUSIVE:
        members = {stem(word) for word in group.split()} - {stem("grey"), stem("gray")}
        for member in members:
            pairs.setdefault(member, set()).update(members - {member})
    return {word: frozenset(others) for word, others in pairs.items()}


_OPPOSITE = _opposite_pairs()


def _target(clause: tuple[str, ...], start: int) -> list[int]:
    """The position of the first content word from ``start`` (within four words), as a list of zero or one."""
    for j in range(start, min(start + 4, len(clause))):
        if clause[j] not in _SCOPE_SKIP and clause[j] not in NEGATORS:
            return [j]
    return []


def _implicit(clause: tuple[str, ...], i: int) -> int:
    """How many words an implicit negator takes at ``i`` ("fail to", "refused to", "lacks"), 0 when there is none."""
    word = clause[i]
    following = clause[i + 1] if i + 1 < len(clause) else ""
    if stem(word) in _IMPLICIT_VERBS and following == "to":
        return 2
    return 1 if stem(word) in _LACK else 0


@lru_cache(maxsize=8192)
def _polarity(text: str) -> _Polarity:
    """For each word (by stem): how it appears (``negated``, ``plain``, ``shadowed``) and one surface form.

    A negator whose clause ends before its target ("we cannot, and will not, allow it") negates the first content
    word of the next clause that has one."""
    seen: dict[str, tuple[set[str], str]] = {}
    pending = False
    for clause in clauses(text):
        negated: set[int] = set()
        implicit: set[int] = set()
        strong = pending
        if pending:
            target = _target(clause, 0)
            negated.update(target)
            pending = not target
        for i, word in enumerate(clause):
            following = clause[i + 1] if i + 1 < len(clause) else ""
            if (word, following) in _CONTRASTS:
                negated.update(_target(clause, i + 2))
                continue
            width = _implicit(clause, i)
            if width:
                implicit.update(range(i, i + width))
                strong = strong or width == 2
                negated.update(_target(clause, i + width))
                continue
            if word not in NEGATORS or (word == "not" and following == "only"):
                continue
            strong = strong or word not in _WEAK_NEGATORS
            target = _target(clause, i + 1)
            negated.update(target)
            if not target and word not in _WEAK_NEGATORS and not any(j > i for j in negated):
                pending = True
        for i, word in enumerate(clause):
            if word in NEGATORS or word.isdigit() or i in implicit:
                continue
            how = "negated" if i in negated else "shadowed" if strong else "plain"
            seen.setdefault(stem(word), (set(), word))[0].add(how)
    return {key: (frozenset(hows), surface) for key, (hows, surface) in seen.items()}


_FLIP = {"negated": "plain", "plain": "negated", "shadowed": "shadowed"}


def _with_prefixed(own: _Polarity, other: _Polarity) -> _Polarity:
    """Read "unavailable" as negated "available" (and "unpaid" as negated "paid") when the other text says
    "available"."""
    extended = dict(own)
    for word, (hows, surface) in own.items():
        for prefix in _PREFIXES:
            root = word[len(prefix) :]
            shortest = 4 if prefix == "un" else 5  # "unpaid" / "paid"; "in", "im"... begin too many other words
            if not word.startswith(prefix) or len(root) < shortest:
                continue
            root = root if root in other else stem(root)  # "unpaid": the stem of "paid" is "pay"
            if root in other and root not in own:
                extended[root] = (frozenset(_FLIP[how] for how in hows), surface)
    return extended


def _bare_negation(candidate: str, reference: str) -> str | None:
    """The same words once negators are removed, but not the same negators: "I will be there" / "I will not"."""
    cand = [w for clause in clauses(candidate) for w in clause]
    ref = [w for clause in clauses(reference) for w in clause]
    cand_neg, ref_neg = [w for w in cand if w in NEGATORS], [w for w in ref if w in NEGATORS]
    if cand_neg == ref_neg or [w for w in cand if w not in NEGATORS] != [w for w in ref if w not in NEGATORS]:
        return None
    side = "candidate" if len(cand_neg) > len(ref_neg) else "reference"
    return f"the {side} is the other text negated"


_FREE = re.compile(r"\b([^\W\d_]+)-free\b", re.IGNORECASE)
_FREE_OTHERWISE = re.compile(r"\b([^\W\d_]+) free\b(?! (?:of|from)\b)|\bfree (?:of|from) ([^\W\d_]+)", re.IGNORECASE)
""""Gluten free" and "free of gluten": "gluten-free" written otherwise."""


def _read_otherwise(text: str, other: str) -> list[re.Match[str]]:
    """The "gluten free" and "free of gluten" of ``text`` whose word ``other`` joins to "free" ("gluten-free")."""
    joined = {stem(m.group(1).casefold()) for m in _FREE.finditer(other)}
    found = _FREE_OTHERWISE.finditer(text) if joined else iter(())
    return [m for m in found if stem((m.group(1) or m.group(2)).casefold()) in joined]


def without_free(text: str, other: str = "") -> str:
    """``text`` with a word joined to "free" said as "without" it ("gluten-free bread": "without gluten bread"), and
    "gluten free" or "free of gluten" so too where ``other`` writes "gluten-free" (alone, "free of" need not say it:
    "free of charge", "I am free")."""
    for m in reversed(_read_otherwise(text, other)):
        text = f"{text[: m.start()]}without {m.group(1) or m.group(2)}{text[m.end() :]}"
    return _FREE.sub(r"without \1", text)


def free_at_no_cost(text: str, other: str) -> str | None:
    """The first "X free" of ``text`` read as "X-free" because ``other`` says so, or None: "free" after a word may
    also be "at no cost" ("coffee free with every meal" / "coffee-free"), so this reading may lift a fail to a doubt,
    never to a pass ("free of X" says "without X" either way)."""
    return next((m.group(0) for m in _read_otherwise(text, other) if m.group(1)), None)


def _joined(text: str, other: str) -> str:
    """``text`` with a negation prefix joined by a hyphen written as one word: "un-" always ("un-locked" is
    "unlocked", not "locked"; "UN-led" is no prefix), the others where ``other`` writes the word so ("in-depth" /
    "indepth"; "in-depth" is not "not depth"), and "gluten-free" as "without gluten"."""
    theirs = set(words(other))

    def join(match: re.Match[str]) -> str:
        one_word = match.group(1) + match.group(2)
        return one_word if match.group(1) in ("un", "Un") or one_word.casefold() in theirs else match.group(0)

    return _HYPHENATED.sub(join, without_free(text, other))


_ALL_BUT = re.compile(r"\b(?:nothing|none|nobody|no one|noone)\s+but\b\s*", re.IGNORECASE)
"""An exception, no negation: "nothing but trouble" says "trouble" and no more (read as such by the cues)."""

_ANSWER_NO = re.compile(r"\A\s*no(?:\s*[,:;!]|\s+[\u2013\u2014-])\s+", re.IGNORECASE)


def agreeing_no(text: str) -> str:
    """``text`` without an opening answer "No," that a negation of the rest agrees with ("No, it will not ship." says
    "It will not ship."); before a clause that negates nothing ("No, the order is cancelled.") it stays a negation."""
    found = _ANSWER_NO.match(text)
    return text[found.end() :] if found and NEGATORS & set(words(text[found.end() :])) else text


def negation_conflict(candidate: str, reference: str) -> str | None:
    """Why the texts disagree in polarity on some word, or None (an agreeing answer "No," aside: ``agreeing_no``; an
    exception "nothing but" negates nothing)."""
    candidate, reference = agreeing_no(_ALL_BUT.sub("", candidate)), agreeing_no(_ALL_BUT.sub("", reference))
    candidate, reference = _joined(candidate, reference), _joined(reference, candidate)
    bare = _bare_negation(candidate, reference)
    if bare is not None:
        return bare
    cand, ref = _polarity(candidate), _polarity(reference)
    cand, ref = _with_prefixed(cand, ref), _with_prefixed(ref, cand)
    for word in cand:  # in the candidate's order, so that the reason names the same word in every process
        if word not in ref or word in STOPWORDS:
            continue
        (cand_how, cand_surface), (ref_how, ref_surface) = cand[word], ref[word]
        if cand_how == {"negated"} and ref_how == {"plain"}:
            return f"the candidate negates {cand_surface!r}, the reference affirms it"
        if ref_how == {"negated"} and cand_how == {"plain"}:
            return f"the reference negates {ref_surface!r}, the candidate affirms it"
    return None


def antonym_conflict(candidate: str, reference: str) -> str | None:
    """Why the texts say opposite things ("open" / "closed", "buy" / "sell"), or None.

    Only plain (not negated) uses count, and only when neither text uses both words: "does not open" and "is
    closed" agree, "open weekdays, closed Sundays" says both.
    """
    candidate, reference = _joined(candidate, reference), _joined(reference, candidate)
    cand, ref = _polarity(candidate), _polarity(reference)
    for word, (hows, surface) in cand.items():
        if hows != {"plain"} or word not in _OPPOSITE or word in ref:
            continue
        for opposite in ref:  # in the reference's order (not a set's), so every process names the same pair
            if opposite not in _OPPOSITE[word] or opposite in cand or ref[opposite][0] != {"plain"}:
                continue
            if word in _PARTICLES and not _same_slot(candidate, surface, reference, ref[opposite][1]):
                continue
            return f"the candidate says {surface!r} where the reference says {ref[opposite][1]!r}"
    return None


_PARTICLES = frozenset({"on", "off", "up", "down", "in", "out", "before", "after", "above", "below", "over", "under"})
"""Opposites that are also prepositions: "turn on" / "turn off" differ, "a flip off of a wave" / "a flip on a wave"
do not."""


def _same_slot(candidate: str, word: str, reference: str, opposite: str) -> bool:
    """Whether the two words are followed by the same word (or both end their clause): "turn *on* the lights" /
    "turn *off* the lights", "lights *on*" / "lights *off*"."""

    def followers(text: str, target: str) -> set[str]:
        return {[*clause, ""][i + 1] for clause in clauses(text) for i, w in enumerate(clause) if w == target}

    return not followers(candidate, word).isdisjoint(followers(reference, opposite))
