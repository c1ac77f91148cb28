"""A small, deterministic demo agent: a few tools, a tiny keyword retriever, real date arithmetic, no network.

Try it on the bundled benchmark::

    mb examples --unexecuted -o bench.jsonl
    mb run bench.jsonl --agent examples/demo_agent.py:agent -o executed.jsonl
    mb validate --executed executed.jsonl

How it works: the last user message is routed to a skill by keyword rules. Action skills (support tickets,
email, reminders, restaurant bookings, calendar, currency) fill the tool's parameters from the text -- contacts
come from an address book, dates are computed from ``user_time`` with date arithmetic -- call the tool, and
record the call and its result in the trace. Only the tools the example allows (``tools``) are used.
Questions are answered from a small knowledge base: the retriever's hits are recorded, the answer is the best
matching sentence, and a citation points from the answer back to its chunk.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from mb.entities import Citation, Inputs, Outputs, RetrievalResult, RetrievalResults, ToolCall, ToolResult

__all__ = ["agent"]

# --- the world the agent lives in ---------------------------------------------------------------------------

KNOWLEDGE_BASE = {
    "doc_1": "Paris is the capital and most populous city of France. It is a centre of art, fashion and gastronomy.",
    "doc_2": "Berlin is the capital and largest city of Germany.",
    "doc_geo_1": "Versailles is a commune in the Yvelines department, in the Ile-de-France region, about 17 km west "
    "of Paris. The Palace of Versailles is its main sight.",
    "doc_geo_2": "The Louvre is the world's most-visited museum, located on the Right Bank of the Seine in Paris.",
    "doc_monarch": "King Charles III is the current monarch of the United Kingdom, which includes England. "
    "He acceded to the throne on 8 September 2022.",
    "policy-42": "Meeting policy: a meeting lasts one hour unless an end time is given. Only people in your "
    "contacts can be invited.",
    "https://calendar.example.com/help": "Calendar help: an event has a title, a start time, an end time and "
    "optionally a location and attendees.",
}
CONTACTS = {"Dana Scully": "dana.scully@example.com", "Fox Mulder": "fox.mulder@example.com"}
DRIVE = ["q2-report.pdf", "q3-report.pdf", "team-offsite-photos.zip", "budget-2024.xlsx"]
WEB = {
    "king charles iii": ["https://en.wikipedia.org/wiki/Charles_III", "https://www.royal.uk/the-king"],
}
RATES = {("USD", "EUR"): 0.923, ("USD", "GBP"): 0.7912, ("EUR", "USD"): 1.083, ("GBP", "USD"): 1.264}
CURRENCY_WORDS = {
    "us dollars": "USD",
    "dollars": "USD",
    "usd": "USD",
    "euros": "EUR",
    "euro": "EUR",
    "eur": "EUR",
    "pounds": "GBP",
    "pound": "GBP",
    "gbp": "GBP",
}
PRIORITIES = {"high": 1, "urgent": 1, "normal": 3, "low": 5}  # X-Priority: 1 is the highest
NUMBER_WORDS = {w: n for n, w in enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"])}
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
STOPWORDS = {"a", "an", "the", "is", "are", "was", "of", "in", "on", "at", "to", "for", "and", "or", "what", "who"}
STOPWORDS |= {"which", "how", "does", "do", "it", "its", "me", "my", "i"}

# --- tools: JSON in, JSON out -------------------------------------------------------------------------------

Json = Any


def search(args: dict[str, Json]) -> Json:
    """Web search (offline index)."""
    items = WEB.get(str(args["query"]).lower(), [])
    return {"status": "ok", "items": items[: int(args.get("limit", 10))]}


def calendar(args: dict[str, Json]) -> Json:
    """Create a calendar event."""
    event_id = f"evt_{zlib.crc32(str(args['start_time']).encode()) % 1000:03d}"
    return {"status": "created", "event_id": event_id, "calendar": "primary"}


def send_email(args: dict[str, Json]) -> Json:
    """Send an email."""
    return {"status": "sent", "to": args["to"]}


def create_reminder(args: dict[str, Json]) -> Json:
    """Create a reminder."""
    return {"reminder_id": f"r-{len(str(args['text'])) * 37 % 1000}"}


def book_table(args: dict[str, Json]) -> Json:
    """Book a restaurant table."""
    return {"confirmation": f"TBL-{int(args['party_size']) * 1111}"}


def create_ticket(args: dict[str, Json]) -> Json:
    """Open a support ticket."""
    return {"ticket": f"IT-{zlib.crc32(str(args['title']).encode()) % 10000:04d}"}


def convert_currency(args: dict[str, Json]) -> Json:
    """Convert an amount between currencies."""
    return round(float(args["amount"]) * RATES[(str(args["from"]), str(args["to"]))], 2)


TOOLS: dict[str, Callable[[dict[str, Json]], Json]] = {
    tool.__name__: tool
    for tool in (search, calendar, send_email, create_reminder, book_table, create_ticket, convert_currency)
}

# --- the agent's working state: the trace it records --------------------------------------------------------


@dataclass
class Turn:
    """One request being answered: the allowed tools and everything recorded so far."""

    now: datetime
    """The time the user sent the request."""

    allowed: list[str] | None
    """The tools this request may use (None: all)."""

    trace: list[ToolCall | ToolResult | RetrievalResults] = field(default_factory=list)
    """Tool calls, tool results and retrievals, in order."""

    citations: list[Citation] = field(default_factory=list)
    """Spans of the response and the retrieved chunks they rely on."""

    def can_use(self, tool: str) -> bool:
        """Whether the request allows ``tool``."""
        return self.allowed is None or tool in self.allowed

    def call(self, tool: str, params: dict[str, Json]) -> Json:
        """Call a tool and record the call and its result."""
        call_id = f"call_{sum(isinstance(e, ToolCall) for e in self.trace) + 1}"
        self.trace.append(ToolCall(id=call_id, tool=tool, params=params))
        result = TOOLS[tool](params)
        self.trace.append(ToolResult(id=call_id, result=result))
        return result

    def cite(self, response: str, phrase: str, doc_id: str) -> None:
        """Record that ``phrase`` (found in the response) relies on the chunk ``doc_id``."""
        start = response.index(phrase)
        self.citations.append(Citation(document_id=doc_id, span_from=start, span_to=start + len(phrase)))

    def retrieve(self, query: str, k: int = 2) -> list[tuple[str, str]]:
        """Search the knowledge base and record the hits."""
        hits = keyword_search(query, k)
        if hits:
            self.trace.append(RetrievalResults(outputs=[RetrievalResult(id=i, page_content=t) for i, t in hits]))
        return hits


# --- a tiny keyword retriever -------------------------------------------------------------------------------


def terms(text: str) -> list[str]:
    """Lower-cased content words, crudely singularised."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return [w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if w not in STOPWORDS]


INDEX = {doc_id: set(terms(text)) for doc_id, text in KNOWLEDGE_BASE.items()}
"""The knowledge base's terms per document, indexed once."""


def keyword_search(query: str, k: int) -> list[tuple[str, str]]:
    """The ``k`` chunks sharing the most (idf-weighted) terms with the query."""
    documents = INDEX
    frequency = {t: sum(t in d for d in documents.values()) for t in set(terms(query))}
    idf = {t: math.log(1 + len(documents) / n) for t, n in frequency.items() if n}
    scores = {doc_id: sum(w for t, w in idf.items() if t in words) for doc_id, words in documents.items()}
    ranked = sorted((-score, doc_id) for doc_id, score in scores.items() if score > 0)  # best first, ties by id
    return [(doc_id, KNOWLEDGE_BASE[doc_id]) for _, doc_id in ranked[:k]]


def best_sentence(question: str, text: str) -> str:
    """The sentence of ``text`` that shares the most terms with the question."""
    sentences = re.split(r"(?<=\.)\s+", text)
    wanted = set(terms(question))
    return max(sentences, key=lambda s: len(wanted & set(terms(s))))


# --- dates and times, resolved against the time of the request ----------------------------------------------

CLOCK = r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?"


def resolve_day(text: str, today: date) -> date | None:
    """The day a phrase names: today, tomorrow, (this|next) <weekday>, <month> <day>."""
    lower = text.lower()
    if "tomorrow" in lower:
        return today + timedelta(days=1)
    if re.search(r"\b(today|tonight)\b", lower):
        return today
    if match := re.search(r"\b(this|next)?\s*(" + "|".join(WEEKDAYS) + r")\b", lower):
        weekday = WEEKDAYS.index(match[2])
        if match[1] == "next":  # the one in next week (weeks start on Monday)
            return today + timedelta(days=7 - today.weekday() + weekday)
        return today + timedelta(days=(weekday - today.weekday()) % 7)  # the coming one, today included
    if match := re.search(r"\b(" + "|".join(MONTHS) + r")\s+(\d{1,2})(?:st|nd|rd|th)?\b", lower):
        month, day = MONTHS.index(match[1]) + 1, int(match[2])
        candidate = date(today.year, month, day)
        return candidate if candidate >= today else date(today.year + 1, month, day)  # the next one to come
    return None


def to_clock(hour: str, minute: str | None, meridiem: str | None, evening: bool) -> time:
    """A 24-hour time from ``7``, ``30``, ``pm``; an hour without am/pm is read as pm in the evening."""
    h = int(hour) % 12 if meridiem or evening else int(hour)
    if meridiem == "pm" or (evening and not meridiem):
        h += 12
    return time(h, int(minute or 0))


def resolve_times(text: str) -> tuple[time, time | None] | None:
    """The start (and end, for ``from 3pm to 4:30pm``) of the time a phrase names."""
    lower = text.lower()
    evening = bool(re.search(r"\b(evening|tonight|in the afternoon)\b", lower))
    if match := re.search(rf"\bfrom\s+{CLOCK}\s+(?:to|until|-)\s+{CLOCK}", lower):
        end_meridiem = match[6]
        start = to_clock(match[1], match[2], match[3] or end_meridiem, evening)
        return start, to_clock(match[4], match[5], end_meridiem, evening)
    if match := re.search(rf"\bat\s+{CLOCK}\b", lower) or re.search(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b", lower):
        return to_clock(match[1], match[2], match[3], evening), None
    return None


def say_time(moment: time) -> str:
    """``2:00 PM``."""
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'PM' if moment.hour >= 12 else 'AM'}"


def say_day(day: date) -> str:
    """``Friday, February 9``."""
    return f"{day:%A, %B} {day.day}"


# --- skills: each answers one kind of request, or returns None when the request is not its kind --------------


def schedule_event(text: str, turn: Turn) -> str | None:
    """Calendar events: ``Schedule a design review next Friday at 2pm with Alex at HQ``."""
    if not re.search(r"\b(schedule|block (my |the )?calendar|set up a meeting)\b", text, re.IGNORECASE):
        return None
    day, times = resolve_day(text, turn.now.date()), resolve_times(text)
    if day is None or times is None:
        return "When should it be? Please give me a day and a time."
    people = re.search(r"\bwith ([A-Z][a-z]+(?:(?:, | and )[A-Z][a-z]+)*)", text)
    policy = None
    if people:  # who may be invited: the meeting policy says
        policy = next((doc for doc, _ in turn.retrieve("calendar event policy attendees") if "policy" in doc), None)
    start = datetime.combine(day, times[0], tzinfo=turn.now.tzinfo)
    end = datetime.combine(day, times[1], tzinfo=turn.now.tzinfo) if times[1] else start + timedelta(hours=1)
    title = re.search(r"\b(?i:schedule) (?:a |an |the )?(.+?)(?= (?:next|this|on|tomorrow|today|at|with|from)\b)", text)
    title = title or re.search(r"\bfor ([a-z][a-z ]+?)[.!]?$", text)
    params: dict[str, Json] = {
        "title": (title[1] if title else "meeting").capitalize(),
        "start_time": start.isoformat(),
        "end_time": end.isoformat(),
    }
    if location := re.search(r"\bat ([A-Z][\w&-]*(?: [A-Z][\w&-]*)*)", text):
        params["location"] = location[1]
    invited: list[str] = []
    unknown: list[str] = []
    if people:
        for name in re.split(r", | and ", people[1]):
            address = next((a for full, a in CONTACTS.items() if full.split()[0] == name or full == name), None)
            (invited if address else unknown).append(address or name)
    if invited:
        params["attendees"] = invited
    if not turn.can_use("calendar"):
        return "I can't use the calendar for this request."
    turn.call("calendar", params)
    what, begins, ends = str(params["title"]).lower(), say_time(start.time()), say_time(end.time())
    if re.search(r"\bblock\b", text, re.IGNORECASE):
        answer = f"I blocked {say_day(day)} from {begins} to {ends} for {what}."
    else:
        place = f" at {params['location']}" if "location" in params else ""
        answer = f"Sure, I scheduled the {what} for {say_day(day)} at {begins}{place}."
    if unknown:
        rule = "Only people in your contacts can be invited"
        answer += f" {rule}, so I left {' and '.join(unknown)} out."
        if policy is not None:
            turn.cite(answer, rule, policy)
    return answer


def send_mail(text: str, turn: Turn) -> str | None:
    """Emails: ``Email the Q3 report to Dana Scully, high priority``."""
    match = re.search(r"\b(?i:e-?mail|send) (?:the )?(.+?) to ([A-Z][\w.]*(?: [A-Z][\w.]*)*)(.*)$", text)
    if not match:
        return None
    what, who, rest = match[1], match[2], match[3].lower()
    address = CONTACTS.get(who) or next((a for full, a in CONTACTS.items() if full.split()[0] == who), None)
    if address is None:
        return f"I couldn't find {who} in your contacts. What is their email address?"
    params: dict[str, Json] = {"to": address, "subject": what[0].upper() + what[1:]}
    if level := next((p for word, p in PRIORITIES.items() if f"{word} priority" in rest), None):
        params["priority"] = level
    wanted = set(terms(what))
    if files := [f for f in DRIVE if wanted <= set(re.findall(r"[a-z0-9]+", f.lower()))]:
        params["attachments"] = files[0]
    if not turn.can_use("send_email"):
        return "I can't send emails for this request."
    turn.call("send_email", params)
    priority = " with high priority" if params.get("priority") == 1 else ""
    return f"I sent the {what} to {who}{priority}."


def set_reminder(text: str, turn: Turn) -> str | None:
    """Reminders: ``Remind me tomorrow at 9am to call the bank``."""
    if not re.search(r"\bremind me\b", text, re.IGNORECASE):
        return None
    day, times, errand = resolve_day(text, turn.now.date()), resolve_times(text), re.search(r"\bto (.+?)[.!]?$", text)
    if day is None or times is None or errand is None:
        return "What should I remind you of, and when?"
    when = datetime.combine(day, times[0], tzinfo=turn.now.tzinfo)
    if not turn.can_use("create_reminder"):
        return "I can't create reminders for this request."
    turn.call("create_reminder", {"when": when.isoformat(), "text": errand[1]})
    relative = "tomorrow" if day == turn.now.date() + timedelta(days=1) else f"on {say_day(day)}"
    return f"I'll remind you {relative} at {say_time(times[0])} to {errand[1]}."


def book_restaurant(text: str, turn: Turn) -> str | None:
    """Restaurant bookings: ``Book a table for four this Friday at 7:30 in the evening``."""
    if not re.search(r"\bbook a table\b", text, re.IGNORECASE):
        return None
    size = re.search(r"\bfor (\d+|" + "|".join(NUMBER_WORDS) + r")\b", text.lower())
    day, times = resolve_day(text, turn.now.date()), resolve_times(text)
    if size is None or day is None or times is None:
        return "For how many people, and when?"
    party = int(size[1]) if size[1].isdigit() else NUMBER_WORDS[size[1]]
    if not turn.can_use("book_table"):
        return "I can't book tables for this request."
    params: dict[str, Json] = {"date": day.isoformat(), "time": times[0].strftime("%H:%M"), "party_size": party}
    result = turn.call("book_table", params)
    return f"Your table for {party} is booked for {say_day(day)} at {say_time(times[0])} ({result['confirmation']})."


def convert_money(text: str, turn: Turn) -> str | None:
    """Currency conversion: ``How much is 100 US dollars in euros and in pounds?``."""
    amount = re.search(r"\b(\d+(?:\.\d+)?)\b", text)
    found = re.findall(r"\b(" + "|".join(sorted(CURRENCY_WORDS, key=len, reverse=True)) + r")\b", text.lower())
    currencies = list(dict.fromkeys(CURRENCY_WORDS[word] for word in found))
    if amount is None or len(currencies) < 2 or not turn.can_use("convert_currency"):
        return None
    value = float(amount[1])
    number: Json = int(value) if value.is_integer() else value
    source, targets = currencies[0], currencies[1:]
    results = [turn.call("convert_currency", {"amount": number, "from": source, "to": target}) for target in targets]
    parts = [f"{round(result)} {target}" for result, target in zip(results, targets, strict=True)]
    return f"{amount[1]} {source} is about {' and '.join(parts)}."


def open_ticket(text: str, turn: Turn) -> str | None:
    """Support tickets: ``Open a ticket: my VPN keeps dropping every few minutes since this morning's update``."""
    match = re.search(r"\b(?i:open|file|create) an? (?:support )?ticket(?: about| for)?[:,]?\s+(.+?)[.!]?$", text)
    if not match:
        return None
    problem = re.sub(r"^(?:my|our|the) ", "", match[1])
    title = re.split(r"\s+(?:since|after|every|when|because)\b", problem)[0]
    params: dict[str, Json] = {
        "title": title[0].upper() + title[1:],
        "description": problem[0].upper() + problem[1:] + ".",
    }
    if re.search(r"\b(urgent|asap|high priority)\b", text, re.IGNORECASE):
        params["priority"] = "high"
    if not turn.can_use("create_ticket"):
        return "I can't open tickets for this request."
    result = turn.call("create_ticket", params)
    return f"I opened ticket {result['ticket']}: {params['title']}."


def small_talk(text: str, turn: Turn) -> str | None:
    """Thanks and goodbyes need no tool."""
    if re.search(r"\b(thanks|thank you|that's all|bye|goodbye)\b", text, re.IGNORECASE):
        return "You're welcome! Have a great day."
    return None


SKILLS = [open_ticket, send_mail, set_reminder, book_restaurant, schedule_event, convert_money, small_talk]

# --- questions: retrieve, answer with the best sentence, cite it --------------------------------------------


def answer_question(messages: list[str], turn: Turn) -> Outputs:
    """Answer from the knowledge base, citing the chunk the answer comes from."""
    question = messages[-1]
    query = question
    if re.search(r"\b(he|she|it|they|there|that)\b", question.lower()) and len(messages) > 1:
        query += " " + messages[-2]  # resolve references with the previous turn
    hits = turn.retrieve(query)
    if not hits:
        return Outputs(response="I don't know.", trace=turn.trace)
    doc_id, text = hits[0]
    evidence = best_sentence(question, text)
    if re.match(r"(?i)who is\b", question):
        entity = re.match(r"((?:[A-Z]\w*\s?)+?) (?:is|was)\b", evidence)  # the subject of the evidence
        if entity and turn.can_use("search"):
            turn.call("search", {"query": entity[1], "limit": 5})  # the knowledge base may be stale: check the web
    prefix = ""
    if yes_no := re.match(r"(?i)(?:is|are) (.+?) (?:inside|in|within|part of) (.+?)\?*$", question):
        thing, place = yes_no[1], yes_no[2]
        away = rf"\b(km|miles?)\s+(north|south|east|west)\s+of\s+{re.escape(place)}\b"  # "17 km west of Paris"
        outside = re.search(away, evidence, re.IGNORECASE)
        prefix = f"No. {thing} is outside {place}. " if outside else f"Yes. {thing} is in {place}. "
    response = prefix + evidence
    turn.cite(response, evidence, doc_id)
    return Outputs(response=response, trace=turn.trace, citations=turn.citations)


def agent(inputs: Inputs, *, tools: list[str] | None = None, user_time: datetime | None = None) -> Outputs:
    """Answer the last user message: act with a tool when asked to, otherwise answer from the knowledge base."""
    turn = Turn(now=user_time or datetime.now().astimezone(), allowed=tools)
    messages = [m.content for m in inputs.messages if m.role == "user"]
    text = messages[-1].strip()
    for skill in SKILLS:
        reply = skill(text, turn)
        if reply is not None:
            return Outputs(response=reply, trace=turn.trace, citations=turn.citations or None)
    return answer_question(messages, turn)
