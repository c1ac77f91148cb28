"""``grounded``: the argument occurred earlier, in a user message or in a tool result that precedes the call.

How values are compared:

- values are compared as whole tokens: word characters (combining marks included: ``राम`` is no part of ``रामायण``)
  joined by ``-`` (or any dash or the minus sign; also before a currency sign: ``$10-$20``), ``.``, ``/``, ``:`` (or
  ``,`` between digits, ``+`` of an exponent) form one token, and no part of a token grounds anything
  (``TCK-2024-0042``, ``2024-03-15``, ``12:30``, ``1,200``, ``10\\u201420``, ``1.5e+300``); a sign starts a token
  (``+5`` is not in ``1+5``);
- a string is grounded when it occurs, ignoring letter case (Unicode case folding), in a user message or in a string,
  key or number of a preceding tool result (each part of a URL's path and query a text of its own, but a query's
  value that is itself a URL or a path, ``?next=/orders/ORD-31``, leaves a value found only there undecided) as
  whole tokens: ``FL-12`` does not occur in ``FL-123`` nor in ``FL-12-3``,
  ``3`` not in ``FL-12-3``, ``1`` not in ``1.5`` nor in ``1,200``, ``paris`` occurs in ``Flights to Paris.``;
  a string that writes a number (without a leading zero: ``0012`` is an id) is also grounded by that number;
  a string with no letter or digit (blank, ``-``) is never grounded; format characters (Unicode category Cf: a
  zero-width space, a soft hyphen) are removed from both sides first, so they never split an id (``AB`` does not
  occur in ``AB\\u200bCD``), and both are composed (NFC), so a decomposed ``café`` is the composed one;
- a number is grounded when a number of the same value (compared exactly, not as 64-bit floats) appears: a JSON
  number of a tool result, or a token that is a whole number (decimal digits as ``int`` reads them, so fullwidth
  ``\\uff11\\uff12`` is 12; an optional decimal part, a leading minus sign, ``,`` thousands separators as in
  ``1,200``; not a part of an id or a date: ``2`` is not in ``FL-2``, ``15`` not in ``2024-03-15``): ``120``,
  ``120.0`` and ``"$120.00"`` hold the same number; ``12`` does not occur in ``120``;
- an array is grounded when each of its items is; ``true``, ``null``, objects and an absent argument are not.
- a failed tool call's result (an error: :func:`result_failed`), in the trace or a ``tool`` message of the
  conversation, grounds nothing: a value read only in its error text is not grounded; a value read only in results
  that may be failures (or data about one: ``{"status": "failed"}``) is undecided;
- a value the agent passed in an earlier call before any user message or tool result showed it is its own: a tool
  result that echoes it back (``"flight FL-999 not found"``) does not ground it; earlier calls are compared as sources
  are (``4521.0`` or ``"4,521"`` passed earlier makes ``"4521"`` the agent's own).
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import sys
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from urllib.parse import unquote

from ._names import words
from ._outcome import Outcome
from ._values import MISSING, describe_value, exact_number, render

__all__ = ["FAILED", "Grounds", "Sources", "match_grounded", "result_failed"]

_DOMAIN = r"(?:[\w-]+\.)+[^\W\d_][^\W\d_]+"
"""What follows the ``@`` of an e-mail address: labels and a dot, and letters (``x.com``; not ``4.17.21``, ``5pm``)."""
_LOCAL = r"[\w.+-]{0,64}@"
"""The rest of an e-mail address's local part after a ``+``, up to its ``@``."""
_JOINED = (
    rf"(?:-{{currency}}?|[./:]|@(?={_DOMAIN})|(?<=\d),(?=\d)|(?<=\d[eE])\+(?=\d)"
    rf"|\+(?=[\w.+-]{{{{0,64}}}}@{_DOMAIN}))"  # braces doubled twice: the pattern is formatted again
)
"""What joins word characters into one token: a hyphen (also before a currency sign: ``$10-$20``), a dot, a slash, a
colon, an ``@`` before a domain (``ana@x.com``; not ``lodash@4.17.21``, ``team@5pm``), a comma between digits, the
plus sign of an exponent (``1.5e+300``: no number of its own, as ``1.5e-300``) or of an e-mail address's local part
(``ana+work@x.com`` is one token)."""


_TRUE = (True, "true")
FAILED, MAYBE = "failed", "may have failed"
"""What :func:`result_failed` says of a result that failed, and of one that may have failed (or may be data about a
failure)."""
_FAILURE = frozenset(
    {"err", "error", "errors", "errored", "errno", "fail", "fails", "failed", "failing", "failure", "failures"}
    | {"exception", "exceptions", "fault", "faults", "traceback", "denied", "invalid", "unauthorized", "forbidden"}
    | {"unauthorised", "refused", "timeout", "timeouts", "timedout", "unavailable", "notfound", "fatal", "unable"}
    | {"cannot", "rejected", "declined", "aborted", "unsuccessful"}
)
"""The words of failure (whole words of :func:`~mb.matching._names.words`: ``HTTPError``, ``error_code``,
``FAILED_PRECONDITION``, ``permissionDenied``; not ``Errand``, ``Exceptional``, ``Failover``, ``default``)."""
_FAILURE_PHRASES = frozenset(
    {("not", "found"), ("timed", "out"), ("could", "not"), ("no", "such"), ("not", "exist"), ("not", "authorized")}
    | {("not", "available"), ("not", "find")}
)
_WEAK = frozenset({"unreachable", "crashed", "prohibited", "disallowed", "exceeded", "throttled", "overloaded"})
_WEAK |= {"expired", "suspended", "econnrefused", "econnreset", "etimedout", "unauthenticated", "enotfound", "eacces"}
_WEAK_PHRASES = frozenset({("not", "allowed"), ("not", "permitted"), ("too", "many"), ("rate", "limited")})
_WEAK_PHRASES |= {("resource", "exhausted"), ("try", "again")}
_WEAK_PHRASES |= {("eai", "again"), ("bad", "gateway"), ("402", "payment")}
"""Words and phrases of failure that ordinary data says too ("Pets not allowed in the cabin", "Fares crashed 40%",
a host whose status is "unreachable"): read only in what the tool itself says (:func:`result_failed`)."""
_SHORT = frozenset({"funds", "balance", "credit", "credits", "permission", "permissions", "privilege", "privileges"})
_SHORT |= {"rights", "quota"}
"""What "insufficient", "not enough" or "out of" (:data:`_LEAD`) says a call lacked, in the two words after it
(``insufficient account balance``, ``insufficient_quota``, ``Not enough funds``, ``ran out of credits``, ``out of
quota``; not ``insufficient evidence``, ``Insufficient stock for express``, ``out of stock``, ``112% of quota``);
"quota" then "reached", "exceeded", "exhausted", "depleted" or "used up", maybe after "has", "been"... (``quota has
been reached``, ``quota is used up``; not ``quota 80% reached``, ``quota not yet reached``), "credits" or "funds" so
too but not "reached", only after words of :data:`_LEAD` (``Your credits have been exhausted``; not ``Funds reached
your account``, ``Promo credits depleted``); a limit of :data:`_USED` reached (``Credit limit reached``, ``Usage cap
hit``, ``You've hit your billing hard limit``; not ``Credit limit: 5,000 EUR``)."""
_USED = (
    frozenset({"has", "have", "was", "were", "is", "are", "been", "already", "just"}),
    frozenset({"reached", "exceeded", "exhausted", "depleted", "used up"}),
    frozenset({"quota", "credit", "credits", "funds"}),
    frozenset({"quota", "credit", "billing", "usage", "spending"}),
)
_COMPOUND = frozenset({"history", "card", "cards", "data", "score", "rating", "report", "check", "offer", "offers"})
"""Words after the one lacked that make it another thing (``Not enough credit history``, ``Insufficient quota data``,
``Out of credit card offers``): no call denied."""
_LEAD = frozenset({"you", "your", "we", "i", "user", "account", "the", "this", "have", "has", "had", "do", "does"})
_LEAD |= {"did", "ve", "run", "ran", "running", "is", "are", "been", "already", "just", "currently"}
_LEAD |= {"oops", "sorry", "hmm", "uh", "oh", "unfortunately", "apologies"}
"""The only words a sentence may have before "not enough" or "out of" saying a call lacked something, with names
holding a digit (``You have run out of credits``, ``Oops, not enough credits``, ``Account u1 has run out of
credits``; not ``Customer had not enough credits for express``, data about someone)."""
_STATUS_WORDS = frozenset({"http", "status", "code", "error"})
"""Words before a number from 400 to 599 that make it a failed request's status (``HTTP 404``)."""
_NEGATING = (frozenset({"no", "0", "zero", "without", "never"}), frozenset({"0", "none", "free", "tolerant"}))
"""The words before and after a word of failure that say there is none (``No errors``, ``Errors: 0``,
``error-free``, ``fault-tolerant``)."""
_FAILURE_PARTS = re.compile(
    r"err|fail|exception|fault|traceback|denied|invalid|unauthori|forbidden|refused|time|unavailable|found|could|such"
    r"|fatal|unable|cannot|reject|declined|abort|unsuccess|exist|authori|available|find|n['\u2019]t|\b[45]\d\d\b"
    r"|unreach|crash|prohibit|allow|permit|exceed|many|limit|throttl|overload|expired|suspend|econn|exhaust|unauthent"
    r"|again|quota|insufficient|enough|credit|fund|deplet|gateway|eacces|\bcap\b",
    re.IGNORECASE,
)
"""A part of each word of failure and of each phrase, found before the words are split."""
_UNSET = frozenset({"", "false", "0", "no", "none", "null"})
_FAILURE_KEY = re.compile(
    r"(?:err(?:or)?|fail(?:ure|ed)?|fault|exception)s?(?:msg|message|code|no|str|string|text|reason|details?|info)?"
)
"""A key whose letters say a failure (``errmsg``, ``errorcode``, ``faultcode``, ``failurereason``; not ``failover``,
``faulttolerant``, ``errand``)."""


def says_failure(text: str, *, weak: bool = False) -> bool:
    """Whether ``text`` has a word of failure (:data:`_FAILURE`) or a phrase of failure (``not found``, ``timed
    out``, ``could not``, ``no such``) not negated (:data:`_NEGATING`); with ``weak``, also one of :data:`_WEAK`."""
    if text.isascii() and not _FAILURE_PARTS.search(text):
        return False  # most texts: no part of a word of failure
    text = _NOT.sub(lambda found: "cannot" if found[1].casefold() == "ca" else f"{found[1]} not", text)
    return any(_says_failure(sentence, weak) for sentence in re.split(r"[.!?](?:\s|$)|\n", text))


_NOT = re.compile(r"(\w+)n['\u2019]t\b")
"""A contraction with "not" (``doesn't``, ``can't``), read as its words."""


def _says_failure(sentence: str, weak: bool) -> bool:
    """:func:`says_failure` of one sentence (a negation in the one before says nothing of it: ``No. Error: ...``)."""
    split = words(sentence)
    led = [True]  # whether the words before each are all of :data:`_LEAD` (or names with a digit), "not" aside
    for word in split:
        led.append(led[-1] and (word in _LEAD or word == "not" or any(letter.isdigit() for letter in word)))
    ahead = [len(split)] * (len(split) + 1)  # the place of the next word that is not of ``_USED[0]`` ("has", "been")
    for place in range(len(split) - 1, -1, -1):
        ahead[place] = ahead[place + 1] if split[place] in _USED[0] else place
    for place, word in enumerate(split):
        before, after = split[place - 1] if place else "", split[place + 1] if place + 1 < len(split) else ""
        failing = word in _FAILURE or (weak and word in _WEAK)
        if failing and before not in _NEGATING[0] and after not in _NEGATING[1]:
            return True
        phrase = (word, after) in _FAILURE_PHRASES or (weak and (word, after) in _WEAK_PHRASES)
        lead = led[max(place - 1, 0)]  # ``You have run out of``; not ``Customer ran``
        lack = word == "insufficient" or ((before, word) == ("out", "of") and lead)
        lack |= word == "enough" and "not" in split[max(place - 2, 0) : place] and lead  # ``do not have enough``
        at = next((at for at in range(place + 1, min(place + 3, len(split))) if split[at] in _SHORT), 0)
        compound = split[at + 1] in _COMPOUND if at and at + 1 < len(split) else False  # ``credit history``
        short = bool(at) and ((word == "insufficient" and split[at] != "quota") or (lack and not compound))
        done = " ".join(split[ahead[place + 1] : ahead[place + 1] + 2])
        done = done if done == "used up" else done.partition(" ")[0]  # ``quota is used up``; not ``quota used: 4%``
        used = word == "quota" and done in _USED[1]  # ``Your credits have been exhausted``; not ``Promo credits``
        used |= word in _USED[2] and done in _USED[1] - {"reached"} and led[place]
        if word in ("limit", "cap") and place:  # ``Credit limit reached``, ``You've hit your billing hard limit``
            at = place - 1 - (split[place - 1] in ("hard", "soft") and place > 1)
            hit = {done, *split[max(at - 2, 0) : at]} & (_USED[1] | {"hit"})
            used |= split[at] in _USED[3] and bool(hit) and "not" not in split[max(at - 2, 0) : place + 3]
        phrase |= weak and (short or used)
        if phrase or (before in _STATUS_WORDS and re.fullmatch(r"[45]\d\d", word)):
            return True
    return False


def result_failed(result: Any, *, depth: int = 0) -> str | None:
    """:data:`FAILED` when a tool result says its call failed: an object with a non-empty ``error`` (as a tool that
    raised is recorded), ``is_error`` or ``isError`` true (as Anthropic's and MCP's tool results say it; or ``"true"``),
    or such an object as its ``result``, or as JSON text (a ``tool`` message's content). :data:`MAYBE` when it may have
    failed or may be a record about a failure (``{"payment_id": "PM-7", "status": "failed"}``): text that says a
    failure (:func:`says_failure`: ``Error: ...`` on any line, ``Invalid flight id``, ``404 Not Found``, ``Request
    timed out``; not ``No errors``), as the result or as a text in it (MCP's text parts, ``{"output": "Error: ..."}``)
    or JSON found in such a text; an object (up to two objects down, in a list's item or in JSON found in a string)
    with a key saying a failure (``errorMessage``, ``is_error``, ``faultString``) set to ``true``, a string or a
    non-empty object or list; ``success`` or ``ok`` false; a status (``status``, ``state``, ``code``,
    ``status_code``, ``httpStatus``...) from 400 to 599. None otherwise."""
    if depth == 0 and isinstance(result, str) and result.lstrip().startswith(("{", "[")):
        with contextlib.suppress(ValueError):
            result = json.loads(result)
    if depth == 0 and (_certain(result) or (isinstance(result, dict) and _certain(result.get("result")))):
        return FAILED
    if isinstance(result, str):
        said = says_failure(result, weak=depth == 0) or any(
            result_failed(found, depth=depth) for found in _json_in(result)
        )
        return MAYBE if said else None
    if isinstance(result, dict):
        if any(_marker(str(key), value, top=depth == 0) for key, value in result.items()):
            return MAYBE
        depth += 1
    items = result.values() if isinstance(result, dict) else result if isinstance(result, list) else ()
    return MAYBE if depth <= 2 and any(result_failed(item, depth=depth) for item in items) else None


def _json_in(text: str) -> Iterator[Any]:
    """The JSON object or array that ``text`` holds after a prefix or in a fence (``Tool returned: {...}``)."""
    for bracket in "{[":
        start = text.find(bracket)
        if start >= 0:
            with contextlib.suppress(ValueError):
                yield json.JSONDecoder().raw_decode(text, start)[0]


def _marker(key: str, value: Any, *, top: bool) -> bool:
    """Whether ``key`` set to ``value`` marks a failure (see :func:`result_failed`); ``top`` for a key of the result
    itself (not of a record it lists), where the weak words of failure, an ``ok`` of ``"no"`` or ``"0"`` and a status
    of ``"KO"`` are read too."""
    folded = "".join(words(key))
    if isinstance(value, str):
        value = value.strip()
    if folded in ("success", "ok", "succeeded"):
        said = ("false", "no", "0") if top else ("false",)
        return value is False or value == 0 or (isinstance(value, str) and value.casefold() in said)
    if top and folded in _SAYING and isinstance(value, str) and says_failure(value, weak=True):
        return True
    if says_failure(key, weak=top) or _FAILURE_KEY.fullmatch(folded):
        return (
            value is True
            or (isinstance(value, (dict, list)) and bool(value))
            or (isinstance(value, str) and value.casefold() not in _UNSET)
        )
    if not (folded.endswith(("status", "state", "statuscode", "httpcode", "responsecode")) or folded == "code"):
        return False
    if isinstance(value, str) and re.fullmatch(r"\d+(?:\.0*)?", value):
        value = float(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return 400 <= value < 600 or (folded == "statuscode" and value >= 400)  # as status_code always was
    return isinstance(value, str) and (says_failure(value, weak=top) or (top and value.casefold() in ("ko", "nok")))


_SAYING = frozenset({"message", "msg", "detail", "details", "reason", "output", "result", "text", "response"})
"""Keys of what a tool itself says (``{"message": "Rate limit exceeded"}``), read for the weak words of failure."""


def _certain(result: Any) -> bool:
    """Whether ``result`` is an object with a non-empty ``error`` (not text that says none, ``"None"``, ``"null"`` or
    ``"false"``, where no other key says what happened: not ``{"error": "False", "code": "E_BUSY"}``) or ``is_error``
    or ``isError`` true."""
    if not isinstance(result, dict):
        return False
    flag = next((result[key] for key in ("is_error", "isError") if key in result), False)
    error = result.get("error")
    unset = (
        isinstance(error, str)
        and error.strip() in _NONE_SAID
        and not any(
            "".join(words(key)) in _TELLING and value not in _FINE for key, value in result.items() if key != "error"
        )
    )
    return (bool(error) and not unset) or (flag.casefold() if isinstance(flag, str) else flag) in _TRUE


_NONE_SAID = ("None", "none", "null", "false", "False")
"""How a result's ``error`` may say there is none as text."""
_TELLING = _SAYING | {"code", "status", "state", "warning", "warnings", "errorcode", "statuscode", "errno"}
_FINE: tuple[Any, ...] = (None, "", 0, 200, "0", "200", "ok", "OK", "success", "succeeded", "done", "completed", [], {})
"""Keys beside ``error`` that may say what happened, and their values that say all went well."""


@functools.cache
def _word() -> str:
    """The pattern of a word character: ``\\w`` or a combining mark (Unicode categories Mn, Mc, Me), which belongs to
    the letter before it (``राम`` does not occur in ``रामायण``, ``ab`` not in ``ab\\u0301c``)."""
    return rf"[\w{_chars()['M']}]"


@functools.cache
def _chars() -> dict[str, str]:
    """The combining marks (``M``), dashes (``Pd``, with the minus sign U+2212) and currency signs (``Sc``)."""
    found: dict[str, list[str]] = {"M": [], "Pd": ["\u2212"], "Sc": []}
    for char in map(chr, range(sys.maxunicode + 1)):
        category = unicodedata.category(char)
        found.get(category, found.get(category[0], [])).append(char)
    return {category: "".join(chars) for category, chars in found.items()}


def _currency() -> str:
    """The pattern of a currency sign (Unicode category Sc)."""
    return f"[{_chars()['Sc']}]"


@functools.cache
def _dashes() -> dict[int, str]:
    """Every dash read as the hyphen (``10\\u201420``, ``10\\u221220`` are one token, as ``10-20``)."""
    return dict.fromkeys(map(ord, _chars()["Pd"]), "-")


@functools.cache
def _token() -> re.Pattern[str]:
    """A token of text: word characters joined (``TCK-2024-0042``, ``2024-03-15``, ``12:30``, ``1,200``), with the
    minus sign of a number; a value is only ever grounded by whole tokens."""
    word = _word()
    return re.compile(rf"-?{word}+(?:{_JOINED.format(currency=_currency())}{word}+)*")


_NUMERAL = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
"""A token that writes a number: decimal digits (as ``int`` reads them), ``,`` thousands separators, a decimal part."""


_PADDED = re.compile(r"-?0\d")
"""The start of digits with a leading zero: an id ("0012"), not a number."""


def _fold(text: str) -> str:
    """``text`` as it is compared: without format characters (category Cf), case-folded, composed (NFC)."""
    if text.isascii():
        return text.casefold()
    text = "".join(char for char in text if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFC", text.casefold()).translate(_dashes())


def _numbers(text: str) -> Iterator[Fraction]:
    """The numbers of ``text``: its tokens that write a number (without a leading zero: ``0042`` is an id)."""
    for token in _token().findall(text):
        if _NUMERAL.fullmatch(token) and not _PADDED.match(token):
            yield Fraction(token.replace(",", ""))


def _leaves(value: Any, texts: list[str], numbers: list[Fraction | None]) -> None:
    """The strings (keys included) and numbers of a JSON value; numbers also as text, for string arguments."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, (int, float)):
            numbers.append(exact_number(item))
            texts.append(render(item))
        elif isinstance(item, dict):
            texts.extend(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


@dataclass
class _Haystack:
    texts: list[str] = field(default_factory=list)
    """The text, folded (:func:`_fold`)."""

    numbers: set[Fraction | None] = field(default_factory=set)
    """Numbers, from JSON numbers and from the text (None for a number that is not finite, equal to none)."""

    places: list[str] = field(default_factory=list)
    """The text, folded, of URLs and paths in a link's query (:func:`_url_parts`)."""


_URL = re.compile(r"\w+://[^\s\"'<>]+")
_URL_PARTS = re.compile(r"[/?#&=;]")
_NUMERIC = re.compile(r"[\d.,_-]*")
"""A URL in a text, what separates the parts of its path and query, and a part of digits alone: each other part is a
text of its own (``ORD-77`` occurs in ``https://shop.example/orders/ORD-77?ref=12345``; ``12345`` does not, nor
``800`` in ``https://cdn.example/img/800/600/a.jpg``: sizes, dates and pages are no ids)."""


def _url_parts(url: str) -> Iterator[tuple[str, bool]]:
    """The parts of ``url`` (:data:`_URL_PARTS`), each true when it is in a query's value that is itself a URL or a
    path, plain or percent-encoded, in the query or the fragment (``?next=/orders/ORD-31``, ``?redirect=https://...``,
    ``#/login?return_to=orders%2FORD-31``): maybe a place to go to next rather than data."""
    address, _, fragment = url.partition("#")
    path, _, query = address.partition("?")
    route, _, hashed = fragment.partition("?")
    route, hashed = ("", route) if "=" in route and not hashed else (route, hashed)
    yield from ((part, False) for part in _URL_PARTS.split(f"{path}/{route}"))
    for pair in re.split(r"[&;]", f"{query}&{hashed}"):
        key, _, value = pair.partition("=")
        value = unquote(value).replace("\\", "/")
        yield key, False
        yield from ((part, "/" in value) for part in _URL_PARTS.split(value))


def _haystack(value: Any, places: bool = False) -> _Haystack:
    """The text and numbers of a JSON value; the parts of each URL are texts of their own, but those of a URL or path
    in a query (:func:`_url_parts`) are kept apart unless ``places``."""
    texts: list[str] = []
    numbers: list[Fraction | None] = []
    _leaves(value, texts, numbers)
    parts = [part for text in texts if "://" in text for url in _URL.findall(text) for part in _url_parts(url)]
    texts += [text for text, place in parts if (places or not place) and not _NUMERIC.fullmatch(text)]
    nested = [_fold(text) for text, place in parts if place and not places and not _NUMERIC.fullmatch(text)]
    haystack = _Haystack([_fold(text) for text in texts], set(numbers), nested)
    for text in haystack.texts:
        haystack.numbers.update(_numbers(text))
    return haystack


class Sources:
    """What the arguments of one example's calls may come from: its user messages and its tool results, in trace
    order. The text of each is read once, on first use."""

    def __init__(self, user_messages: Sequence[str], results: Sequence[Any]) -> None:
        self._user_messages = user_messages
        self._results = results
        self._read: list[tuple[str | None, _Haystack]] = []
        self._calls: list[_Haystack] = []

    @functools.cached_property
    def user(self) -> _Haystack:
        """The user messages."""
        return _haystack(list(self._user_messages), places=True)

    def results(self, count: int, failed: str | None = None) -> list[_Haystack]:
        """Those of the first ``count`` tool results that succeeded (with ``failed``: that failed, or may have failed,
        as :func:`result_failed` says)."""
        while len(self._read) < min(count, len(self._results)):
            result = self._results[len(self._read)]
            self._read.append((result_failed(result), _haystack(result)))
        return [haystack for state, haystack in self._read[:count] if state == failed]

    def first_call(self, item: Any, calls: Sequence[tuple[str, Mapping[str, Any], int]], end: int) -> int | None:
        """The position of the first of ``calls`` (every tool call of the trace: id, arguments, tool results before
        it) before the one at ``end`` whose arguments ground ``item`` as a source would; None when none does."""
        while len(self._calls) < min(end, len(calls)):
            self._calls.append(_haystack(list(calls[len(self._calls)][1].values())))
        earlier = self._calls[:end]
        if _found(item, earlier) is not True:  # most values occur in no earlier call: one search of them all
            return None
        return next(index for index, haystack in enumerate(earlier) if _found(item, [haystack]) is True)


@dataclass(frozen=True, slots=True)
class Grounds:
    """What the arguments of one call may come from: the example's sources, how many tool results precede the call,
    and the agent's earlier calls (a value the agent passed before any source showed it is its own)."""

    sources: Sources
    """The example's user messages and tool results."""

    results_before: int
    """The number of tool results before the call in the trace."""

    earlier: Sequence[tuple[str, Mapping[str, Any], int]] = ()
    """The id and arguments of every tool call of the trace and the number of tool results before each, in order:
    those before the call checked are the agent's earlier calls."""

    index: int = 0
    """The position of the call checked among the trace's tool calls."""


def _occurs(needle: str, text: str) -> bool:
    """Whether ``needle`` occurs in ``text`` as whole tokens (:func:`_token`): not beside a word character, nor
    joined to one by a hyphen, a dot, a slash or a colon (``FL-12-3``, ``example.com``, ``12:30``), nor beside the
    digits of a number written with thousands separators (``1,200``), nor a number after a minus sign."""
    return needle in text and re.search(_pattern(needle), text) is not None


def _pattern(needle: str) -> str:
    """The pattern of :func:`_occurs` (``needle`` is not blank)."""
    before = after = ""
    word, currency = _word(), _currency()
    if re.fullmatch(word, needle[0]):
        before = (
            rf"(?<!{word})(?<!{word}[-./:])(?!(?<={word}@){_DOMAIN})(?<!{word}-{currency})(?<!\d,)(?<!\de\+)"
            rf"(?!(?<={word}\+){_LOCAL}{_DOMAIN})" + (r"(?<!-)" if needle[0].isdigit() else "")
        )
    elif needle[0] in "+-./:@,":
        before = rf"(?<!{word})"  # "-5" does not occur in "10-5", nor "+5" in "1+5": a sign starts a token
    elif re.fullmatch(currency, needle[0]):
        before = rf"(?<!{word}-)"  # "$20" does not occur in "$10-$20"
    if re.fullmatch(word, needle[-1]):
        after = rf"(?![-./:]?{word})(?!@{_DOMAIN})(?!-{currency}{word})(?!,\d)(?!(?<=\de)\+\d)(?!\+{_LOCAL}{_DOMAIN})"
    elif needle[-1] in "-./:@,":
        after = rf"(?!{word})"  # "FL-" does not occur in "FL-12"
    return before + re.escape(needle) + after


def _found(value: Any, haystacks: list[_Haystack]) -> bool | str:
    """True when ``value`` occurs in one of ``haystacks``; else False, or why it cannot be grounded."""
    if isinstance(value, bool) or value is None or isinstance(value, dict):
        return f"grounded checks strings, numbers and arrays of them, got {describe_value(value)}"
    if isinstance(value, str):
        needle = _fold(value).strip()
        if not any(char.isalnum() for char in needle):
            return f"{render(value)} has no letter or digit: such a string is never grounded"
        numeric = _NUMERAL.fullmatch(needle) is not None and not _PADDED.match(needle)  # not an id such as "0012"
        if numeric and _found(Fraction(needle.replace(",", "")), haystacks) is True:
            return True  # "120" is grounded by 120.0, "1200" by "$1,200"
        return any(_occurs(needle, text) for haystack in haystacks for text in haystack.texts)
    if isinstance(value, (int, float, Fraction)):
        number = value if isinstance(value, Fraction) else exact_number(value)
        return number is not None and any(number in haystack.numbers for haystack in haystacks)
    if isinstance(value, list):
        if not value:
            return "an empty array has nothing to ground"
        for item in value:
            found = _found(item, haystacks)
            if found is not True:
                return found if isinstance(found, str) else False
        return True
    return f"grounded checks strings, numbers and arrays of them, got {describe_value(value)}"


def match_grounded(where: str | None, value: Any, grounds: Grounds | None) -> Outcome:
    """Whether ``value`` occurred in a user message (``where`` ``user``), a tool result before the call
    (``tool_results``) or either (None)."""
    if value is MISSING:
        return Outcome.fail("expected a grounded value, got nothing (the parameter is absent)")
    if grounds is None:
        reason = "grounded can only be checked inside extended_assertions (a defect of the benchmark)"
        return Outcome(False, reason, 0.0, error=reason)
    haystacks: list[_Haystack] = []
    named: list[str] = []
    if where in (None, "user"):
        haystacks.append(grounds.sources.user)
        named.append("the user messages")
    if where in (None, "tool_results"):
        haystacks.extend(grounds.sources.results(grounds.results_before))
        named.append(f"the {grounds.results_before} tool result(s) before the call")
    found = _found(value, haystacks)
    places = " or ".join(named)
    if found is True:
        own = _own(value, grounds)
        return Outcome.ok(f"{render(value)} occurs in {places}") if own is None else Outcome.fail(own)
    if isinstance(found, str):
        return Outcome.fail(found)
    if where != "user" and _found(value, grounds.sources.results(grounds.results_before, MAYBE)) is True:
        own = _own(value, grounds)
        reason = own or (
            f"cannot tell whether {render(value)} is grounded: it occurs only in a tool result before the call that "
            "may be a failure (a status, success flag, status code or error inside it, or text saying an error), or "
            "may be data about one"
        )
        return Outcome.fail(own) if own else Outcome(False, reason, 0.0, undecided=True)
    if where != "user" and _found(value, grounds.sources.results(grounds.results_before, FAILED)) is True:
        return Outcome.fail(
            f"{render(value)} occurs only in the error of a failed tool call before the call, which grounds nothing"
        )
    links = [_Haystack(haystack.places) for haystack in grounds.sources.results(grounds.results_before)]
    if where != "user" and _found(value, links) is True:
        reason = f"cannot tell whether {render(value)} is grounded: it occurs only in a URL or path in a link's query"
        return Outcome(False, f"{reason} in a tool result before the call, maybe a place to go to", 0.0, undecided=True)
    return Outcome.fail(f"{render(value)} does not occur in {places}: not grounded")


def _own(value: Any, grounds: Grounds) -> str | None:
    """Why ``value`` (an item of it) is the agent's own: an earlier call of the agent passed it before any user
    message or tool result showed it, so a tool result that echoes it back (``"FL-999 not found"``) does not ground
    it; None when no earlier call did."""
    if isinstance(value, list):
        return next((why for item in value if (why := _own(item, grounds)) is not None), None)
    sources = grounds.sources
    first = sources.first_call(value, grounds.earlier, grounds.index)
    if first is None:
        return None
    call_id, _, results_before = grounds.earlier[first]
    if _found(value, [sources.user, *sources.results(results_before)]) is True:
        return None
    return (
        f"{render(value)} was first passed by the agent itself (call {call_id}), before any user message or tool "
        "result showed it: a tool result that echoes it back does not ground it"
    )
