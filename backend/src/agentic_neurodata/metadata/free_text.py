"""The offline reader of what people type: no model, no network, deterministic.

It reads a whole description at once ("Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1
recording, started 5 March 2024 2:30pm EST") and single answers to the question just asked
("it's a rat", "P90", "skip that", "I don't know the age", "just convert it").

How: intents are found per clause first (a clause that says "I don't know the age" gives no
value). Then extractors, most specific first, each claim the words they understood (dates
with their zone, explicit "key: value" pairs, institutions, labs, people, species with the
subject id after them, sex, age, weight, brain area, what was recorded). Whatever is left
answers the question that was asked, through that field's rule. Every value goes through the
metadata rules, so what comes out is already normalised, or rejected with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from . import age as age_rule
from .brain_areas import find_area
from .dates import attach_zone, find_datetimes, find_zone
from .fields import FIELDS, validate_field
from .identifiers import EXAMPLES as ID_EXAMPLES
from .identifiers import species_is_not_an_id
from .parsed import FoundValue, Intent, IntentKind, ParsedInput, Rejection
from .result import RuleResult
from .species import BY_ALIAS, STRAINS
from .text_fields import INSTITUTIONS

MASK = "\x1f"  # claimed characters; never part of a word, so regexes cannot run across them
# Fields whose answer is the whole message when they are the one thing asked.
WHOLE_ANSWER_FIELDS = {
    "session_description",
    "experiment_description",
    "keywords",
    "institution",
    "lab",
    "experimenter",
    "electrode_location",
}

# ------------------------------------------------------------------ intents

_SKIP_ALL = re.compile(
    r"\b(?:just convert|convert (?:it|them|the (?:data|files?))?\s*(?:anyway|now|as is|already|without)|"
    r"skip (?:all|the|these|those|every|any|rest of the)\s*(?:the\s+)?(?:questions?|rest|metadata)|skip (?:it )?all|"
    r"skip everything|no more questions|stop asking|don'?t ask|do not ask|minimal mode|"
    r"go ahead without|proceed without|use (?:only )?what you have|without (?:any )?(?:more )?questions)\b",
    re.I,
)
_CANCEL = re.compile(
    r"^\W*(?:please\s+)?(?:cancel|abort|stop(?: it| everything| the conversion)?|start over|never ?mind|"
    r"forget it)\b\W*$",
    re.I,
)
_DONT_KNOW = re.compile(
    r"\b(?:i\s+)?(?:don'?t|do not|didn'?t|did not|doesn'?t)\s+(?:know|remember|recall|have)\b|\bno idea\b|"
    r"\bnot sure\b|\bunsure\b|\bidk\b|\bdunno\b|\bcan'?t (?:remember|recall|say)\b|\bcannot (?:remember|recall)\b|"
    r"\bnot known\b|\bunknown\b|\bno clue\b|\bforgot\b|\bnot recorded\b|\bnobody knows\b|\bno record\b",
    re.I,
)
_SKIP_FIELD = re.compile(
    r"^\W*(?:skip|pass|next|n/?a|none|no|nope|not applicable|no comment|decline)\b(?:\s+(?:on|it|this|that|one|please|"
    r"the\s+[\w ]+|for now))*\W*$|\bskip (?:that|this|it|the [a-z_ ]+|[a-z_]+ question)\b|\b(?:rather|prefer) not\b|"
    r"\bdon'?t want to (?:say|give|share|answer)\b|\bleave (?:it|that|this|the [a-z ]+)? ?(?:blank|empty|out)\b|"
    r"\bnot (?:needed|relevant|applicable)\b",
    re.I,
)
_APPROVE = re.compile(
    r"^\W*(?:yes|yep|yeah|sure|ok(?:ay)?|go ahead|approve[d]?|do it|please do|fix it|improve(?: it)?|"
    r"retry|try again|sounds good|let'?s do it|go for it)\b",
    re.I,
)
_DECLINE = re.compile(r"^\W*(?:no|nope|decline|no thanks|don'?t|do not|leave it)\b", re.I)
_ACCEPT = re.compile(
    r"\baccept(?:ed)?(?: it)?(?: as(?: it)? is)?\b|\bkeep it as(?: it)? is\b|\bgood enough\b|"
    r"\bit'?s fine as(?: it)? is\b",
    re.I,
)
_QUESTION = re.compile(r"\?\s*$|^\W*(?:what|why|how|which|where|can you|could you|should i|do i|does|is it)\b", re.I)
_CLAUSES = re.compile(r"\s*(?:[;.!?\n]+\s+|[;!?\n]+|,\s*(?:but|and|though)?\s*|\s+but\s+|\s+though\s+)\s*", re.I)


def _mentioned_fields(clause: str) -> list[str]:
    lowered = clause.lower()
    found = []
    for spec in FIELDS.values():
        for alias in (spec.name.replace("_", " "), *spec.aliases):
            if re.search(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", lowered):
                found.append(spec.name)
                break
    # "birth date" also mentions "date": the longer name wins.
    if "date_of_birth" in found and "session_start_time" in found and not re.search(r"start|session|record", lowered):
        found.remove("session_start_time")
    if "session_description" in found and "experiment_description" in found:
        found.remove("session_description" if "experiment" in lowered else "experiment_description")
    return found


# ------------------------------------------------------------------ the claimed-text buffer


@dataclass
class _Buffer:
    """The message with the parts already understood masked out (same length, same indices)."""

    original: str
    text: str = ""
    claims: list[tuple[int, int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.text = self.original

    def claim(self, start: int, end: int, kind: str) -> str:
        raw = self.original[start:end]
        self.text = self.text[:start] + MASK * (end - start) + self.text[end:]
        self.claims.append((start, end, kind))
        return raw

    def leftover(self) -> str:
        return " ".join(part.strip(" ,;:.-") for part in self.text.split(MASK) if part.strip(" ,;:.-")).strip()


# ------------------------------------------------------------------ the reader


class _Reader:
    def __init__(self, text: str, asked: list[str], partial: dict[str, str], now: datetime | None) -> None:
        self.buffer = _Buffer(text)
        self.asked = asked
        self.partial = partial
        self.now = now
        self.result = ParsedInput()

    # -- outcomes

    def store(self, field_name: str, raw: str, rule: Callable[[], RuleResult] | None = None) -> bool:
        if field_name in self.result.values or any(r.field == field_name for r in self.result.rejections):
            return False
        result = rule() if rule else validate_field(field_name, raw)
        if result.ok:
            self.result.values[field_name] = result.value
            self.result.found.append(
                FoundValue(field=field_name, value=result.value, raw=raw.strip(), note=result.note)
            )
            if result.note:
                self.result.notes.append(result.note)
            for extra_name, extra_value in result.extra.items():
                self.result.values.setdefault(extra_name, extra_value)
                self.result.found.append(FoundValue(field=extra_name, value=extra_value, raw=raw.strip()))
            return True
        self.result.rejections.append(
            Rejection(
                field=field_name, raw=raw.strip(), reason=result.error, example=result.example, partial=result.partial
            )
        )
        return False

    def intent(self, kind: IntentKind, fields: Iterable[str], text: str) -> None:
        self.result.intents.append(Intent(kind=kind, fields=list(dict.fromkeys(fields)), text=text.strip()))

    # -- steps

    def read(self) -> ParsedInput:
        text = self.buffer.original
        if not text.strip():
            return self.result
        if self._whole_message_intent(text):
            return self.result
        if _QUESTION.search(text) and len(text.split()) <= 15 and not re.search(r"\d", text):
            self.intent(IntentKind.QUESTION, self.asked, text)
            return self.result
        self._clause_intents()
        if self._whole_answer():
            return self.result
        self._explicit_pairs()
        self._zone_for_partial()
        self._dates()
        self._institution()
        self._lab()
        self._people()
        self._species_and_subject()
        self._subject_id()
        self._session_id()
        self._sex()
        self._age()
        self._weight()
        self._lone_subject_id()
        self._location()
        self._description()
        self._answer_to_question()
        self._species_instead_of_id()
        self._merge_intents()
        return self.result

    def _merge_intents(self) -> None:
        """One intent per kind, about all the fields it was said of."""
        merged: dict[IntentKind, Intent] = {}
        for intent in self.result.intents:
            if intent.kind in merged:
                first = merged[intent.kind]
                first.fields = list(dict.fromkeys(first.fields + intent.fields))
                first.text = f"{first.text}; {intent.text}"
            else:
                merged[intent.kind] = intent
        self.result.intents = list(merged.values())

    def _whole_message_intent(self, text: str) -> bool:
        skip_all = list(_SKIP_ALL.finditer(text))
        if skip_all:
            self.intent(IntentKind.SKIP_ALL, [], "; ".join(m.group(0) for m in skip_all))
            for match in skip_all:
                self.buffer.claim(match.start(), match.end(), "skip_all")
            # "Dr. Smith at MIT, 5 March 2024 2pm EST, just convert it": the values still count.
            return len(_content_words(self.buffer.leftover())) < 2
        if _CANCEL.match(text):
            self.intent(IntentKind.CANCEL, [], text)
            return True
        short = len(text.split()) <= 8
        if short and not self.asked:
            if _ACCEPT.search(text):
                self.intent(IntentKind.ACCEPT_AS_IS, [], text)
                return True
            if _DECLINE.match(text):
                self.intent(IntentKind.DECLINE, [], text)
                return True
            if _APPROVE.match(text):
                self.intent(IntentKind.APPROVE, [], text)
                return True
        return False

    def _clause_intents(self) -> None:
        text = self.buffer.text
        position = 0
        for clause in _CLAUSES.split(text):
            start = text.find(clause, position)
            if start < 0 or not clause.strip():
                continue
            position = start + len(clause)
            named = _mentioned_fields(clause)
            kind = None
            if _DONT_KNOW.search(clause) and not self._unknown_is_a_value(clause, named):
                kind = IntentKind.DONT_KNOW
            elif _SKIP_FIELD.search(clause):
                kind = IntentKind.SKIP_FIELD
            if kind is None:
                continue
            self.intent(kind, named or self.asked, clause)
            self.buffer.claim(start, start + len(clause), "intent")

    def _unknown_is_a_value(self, clause: str, named: list[str]) -> bool:
        """'sex unknown' / 'unknown' asked for sex is the value U, not a refusal."""
        about_sex = named == ["sex"] or (not named and self.asked == ["sex"])
        return about_sex and bool(re.fullmatch(r"\W*(?:sex\W*)?(?:is\s+)?unknown\W*", clause, re.I))

    def _whole_answer(self) -> bool:
        """One free-text field asked and no other cue: the whole answer is its value."""
        if len(self.asked) != 1 or self.asked[0] not in WHOLE_ANSWER_FIELDS or self.result.intents:
            return False
        if _PAIR.search(self.buffer.text):
            return False
        name = self.asked[0]
        answer = _strip_preamble(self.buffer.text, name)
        if name == "electrode_location":
            answer = re.sub(r"^(?:in|from|at)\s+(?:the\s+)?", "", answer, flags=re.I)
        self.store(name, answer)
        return True

    def _explicit_pairs(self) -> None:
        for match in list(_PAIR.finditer(self.buffer.text)):
            key = match.group("key").lower().strip()
            name = _KEYS.get(re.sub(r"[\s_]+", " ", key))
            if not name:
                continue
            value_start = match.start("value")
            value_end = _value_end(self.buffer.text, value_start, name)
            raw = self.buffer.original[value_start:value_end]
            if name == "subject_id" and _STARTS_WITH_SPECIES.match(raw.strip()):
                continue  # "animal: mouse A-17" names the species too; the species reader takes both
            if raw.strip():
                self.store(name, raw)
                self.buffer.claim(match.start(), value_end, name)

    def _zone_for_partial(self) -> None:
        partial = self.partial.get("session_start_time")
        if not partial or "session_start_time" in self.result.values:
            return
        if not find_datetimes(self.buffer.text):
            zone = find_zone(self.buffer.text, bare_city=True)
            if (
                zone is not None
                and not isinstance(zone, str)
                and self.store(
                    "session_start_time",
                    self.buffer.text,
                    lambda: attach_zone(partial, self.buffer.original, now=self.now),
                )
            ):
                self.buffer.claim(0, len(self.buffer.text), "session_start_time")

    def _dates(self) -> None:
        for start, end in find_datetimes(self.buffer.text):
            before = self.buffer.original[max(0, start - 30) : start].lower()
            name = (
                "date_of_birth"
                if re.search(r"\b(?:born|birth|dob|b\.)\W*(?:on|in)?\W*$", before)
                else "session_start_time"
            )
            raw = self.buffer.original[start:end]
            if name == "session_start_time" and find_zone(raw) is None:
                raw = self._with_zone_from_elsewhere(raw, start, end)
            rule = FIELDS[name].rule

            # store() calls the rule at once; the defaults bind this iteration's values all the same.
            def read(rule: Callable[[Any], RuleResult] = rule, raw: str = raw, name: str = name) -> RuleResult:
                return rule(raw) if self.now is None else _with_now(name, raw, self.now)

            self.store(name, raw, read)
            self.buffer.claim(start, end, name)

    def _with_zone_from_elsewhere(self, raw: str, start: int, end: int) -> str:
        """'Tokyo time, 2024-04-01 10:00': a zone said elsewhere in the message applies to the date."""
        rest = self.buffer.text[:start] + MASK * (end - start) + self.buffer.text[end:]
        zone = find_zone(rest)
        if zone is None or isinstance(zone, str):
            return raw
        self.buffer.claim(zone.start, zone.end, "session_start_time")
        return f"{raw} {zone.label}"

    def _institution(self) -> None:
        for pattern in (_UNIVERSITY_OF, _NAMED_INSTITUTION, _KNOWN_INSTITUTION):
            match = pattern.search(self.buffer.text)
            if match:
                raw = match.group(0).strip(" ,")
                if self.store("institution", raw):
                    self.buffer.claim(match.start(), match.start() + len(match.group(0).rstrip(" ,")), "institution")
                return

    def _lab(self) -> None:
        match = _LAB_OF.search(self.buffer.text) or _NAMED_LAB.search(self.buffer.text)
        if match and self.store("lab", match.group(0)):
            self.buffer.claim(match.start(), match.end(), "lab")

    def _people(self) -> None:
        match = _PEOPLE_WITH_CUE.search(self.buffer.text)
        if match:
            people = match.group("people")
            start = match.start("people")
            if re.match(r"(?:Dr|Prof|Professor)\b", match.group(0)):
                self.buffer.claim(match.start(), start, "experimenter")
        else:
            match = _LEADING_NAME.match(self.buffer.text)
            if not match or _is_vocabulary(match.group("people")):
                return
            people = match.group("people")
            start = match.start("people")
        people = re.sub(r"\s+(?:and|&)\s*$", "", people.strip(" ,"))
        if self.store("experimenter", people):
            self.buffer.claim(start, start + len(people), "experimenter")

    def _species_and_subject(self) -> None:
        text = self.buffer.text
        match = _SPECIES_NAME.search(text)
        if match:
            start, end = match.span()
            strain = _STRAIN_BEFORE.search(text, max(0, start - 40), start)
            if strain:
                start = strain.start()
            self.store("species", self.buffer.original[start:end])
            self.buffer.claim(start, end, "species")
            subject = _SUBJECT_AFTER.match(text, end)
            if subject and _looks_like_id(subject.group("subject")):
                self.store("subject_id", subject.group("subject"))
                self.buffer.claim(subject.start("subject"), subject.end("subject"), "subject_id")
            return
        strain = _STRAIN_ONLY.search(self.buffer.text)
        if strain:
            self.store("species", strain.group(0))
            self.buffer.claim(strain.start(), strain.end(), "species")

    def _subject_id(self) -> None:
        match = _SUBJECT_CUE.search(self.buffer.text)
        if match and _looks_like_id(match.group("id")):
            self.store("subject_id", match.group("id"))
            self.buffer.claim(match.start(), match.end(), "subject_id")

    def _session_id(self) -> None:
        match = _SESSION_CUE.search(self.buffer.text)
        if match and _looks_like_id(match.group("id")):
            self.store("session_id", match.group("id"))
            self.buffer.claim(match.start(), match.end(), "session_id")

    def _sex(self) -> None:
        match = _SEX.search(self.buffer.text)
        if match:
            self.store("sex", match.group("sex") or match.group("sx"))
            self.buffer.claim(match.start(), match.end(), "sex")

    def _age(self) -> None:
        for pattern in (_AGE_POSTNATAL, _AGE_RANGE, _AGE_QUANTITY):
            match = pattern.search(self.buffer.text)
            if match:
                raw = match.group(0)
                self.store("age", raw, partial(age_rule.normalize_age, raw))
                self.buffer.claim(match.start(), match.end(), "age")
                return

    def _weight(self) -> None:
        match = _WEIGHT.search(self.buffer.text)
        if match:
            self.store("weight", match.group("weight"))
            self.buffer.claim(match.start(), match.end(), "weight")

    def _lone_subject_id(self) -> None:
        """'C57BL/6 mice, male, m101, ...': a short code alone between commas is the subject id."""
        if "subject_id" in self.result.values:
            return
        for segment in re.finditer(
            r"(?:^|(?<=[,;(]))\s*([A-Za-z]{1,4}[\-_]?\d{1,5}[A-Za-z]?)\s*(?=$|[,;)])", self.buffer.text
        ):
            self.store("subject_id", segment.group(1))
            self.buffer.claim(segment.start(1), segment.end(1), "subject_id")
            return

    def _location(self) -> None:
        # Not claimed: "V1 recording" names the area and also describes the session.
        found = find_area(self.buffer.text, in_prose=True)
        if found:
            self.store("electrode_location", self.buffer.original[found[1] : found[2]])

    def _description(self) -> None:
        if "session_description" in self.result.values:
            return
        text = self.buffer.text
        for segment in re.finditer(r"[^,;\n.]+", text):
            words = segment.group(0)
            if not _DESCRIBES_SESSION.search(words):
                continue
            kept = self._until_first_claim(segment.start(), segment.end())
            kept = _DESCRIPTION_CUES.sub(" ", kept)
            kept = " ".join(kept.split()).strip(" ,;:-")
            kept = re.sub(r"(?:\s+(?:by|at|on|in|the|a|an|of|from|and|with))+$", "", kept, flags=re.I)
            content = _content_words(kept)
            if content and len(kept.split()) >= 2:
                if self.store("session_description", kept):
                    self.buffer.claim(segment.start(), segment.end(), "session_description")
                return

    def _until_first_claim(self, start: int, end: int) -> str:
        """The original words from `start` up to the first value already taken ("V1 recording in
        mouse m042 on 5 March" -> "V1 recording in"); cutting out the middle would leave a
        sentence with holes."""
        cut = min([s for s, e, _ in self.buffer.claims if start <= s < end], default=end)
        return self.buffer.original[start:cut]

    def _answer_to_question(self) -> None:
        leftover = _strip_preamble(self.buffer.leftover(), self.asked[0] if len(self.asked) == 1 else "")
        waiting = [
            name
            for name in self.asked
            if name not in self.result.values
            and not any(r.field == name for r in self.result.rejections)
            and not any(name in i.fields for i in self.result.intents)
        ]
        if not _content_words(leftover) or any(i.kind == IntentKind.SKIP_ALL for i in self.result.intents):
            return
        if len(waiting) == 1:
            name = waiting[0]
            if name == "session_start_time" and self.partial.get(name):
                self.store(name, leftover, lambda: attach_zone(self.partial[name], leftover, now=self.now))
            elif name == "session_start_time" and self.now is not None:
                self.store(name, leftover, lambda: _with_now(name, leftover, self.now))  # type: ignore[arg-type]
            else:
                self.store(name, leftover)
            return
        fits = [(name, validate_field(name, leftover)) for name in waiting]
        accepted = [(name, result) for name, result in fits if result.ok]
        if len(accepted) == 1:
            self.store(accepted[0][0], leftover, lambda: accepted[0][1])
            return
        self.result.unparsed = " ".join(_content_words(leftover))

    def _species_instead_of_id(self) -> None:
        """Asked for the animal's ID, the user named only its species ("mouse"): the species is kept,
        and the ID is refused so that it is asked again rather than silently left out."""
        if "subject_id" not in self.asked or "species" in self.asked or "species" not in self.result.values:
            return
        if (
            "subject_id" in self.result.values
            or any(r.field == "subject_id" for r in self.result.rejections)
            or any("subject_id" in i.fields or not i.fields for i in self.result.intents)
        ):
            return
        said = next(f.raw for f in self.result.found if f.field == "species")
        self.result.rejections.append(
            Rejection(
                field="subject_id", raw=said, reason=species_is_not_an_id(said), example=ID_EXAMPLES["subject_id"]
            )
        )


def _with_now(name: str, raw: str, now: datetime) -> RuleResult:
    from .dates import normalize_date_of_birth, normalize_session_start_time

    return (normalize_date_of_birth if name == "date_of_birth" else normalize_session_start_time)(raw, now=now)


# ------------------------------------------------------------------ patterns

_KEYS: dict[str, str] = {}
for _spec in FIELDS.values():
    for _alias in (_spec.name.replace("_", " "), *_spec.aliases):
        if _alias not in (
            "who",
            "when",
            "what",
            "time",
            "date",
            "name",
            "area",
            "animal",
            "how old",
            "born",
            "line",
            "subject",
            "description",
            "experiment",
            "location",
            "region",
            "id",
        ):
            _KEYS.setdefault(_alias, _spec.name)
_KEYS.update(
    {
        "session start": "session_start_time",
        "recording start": "session_start_time",
        "recording started": "session_start_time",
        "start date": "session_start_time",
        "subject": "subject_id",
        "id": "subject_id",
        "description": "session_description",
        "date": "session_start_time",
        "start": "session_start_time",
        "started": "session_start_time",
        "location": "electrode_location",
        "region": "electrode_location",
        "area": "electrode_location",
        "dob": "date_of_birth",
        "born": "date_of_birth",
        "experimenters": "experimenter",
        "animal": "subject_id",
        "name": "experimenter",
    }
)
_PAIR = re.compile(
    r"(?:^|(?<=[\s,;(]))(?P<key>"
    + "|".join(re.escape(k).replace(r"\ ", r"[\s_]+") for k in sorted(_KEYS, key=len, reverse=True))
    + r")\s*(?::|=|\bis\b|\bwas\b|\bwere\b)\s*(?P<value>\S)",
    re.I,
)


def _value_end(text: str, start: int, name: str) -> int:
    """Where an explicit value ends: dates and names may hold commas, other values stop at one."""
    if name == "session_start_time" or name == "date_of_birth":
        spans = [s for s in find_datetimes(text[start:]) if s[0] == 0]
        if spans:
            return start + spans[0][1]
    next_key = r"\s*(?=(?i:" + "|".join(re.escape(k) for k in _KEYS) + r")\s*[:=])"
    if name == "experimenter":
        # Names hold commas ("Smith, Jane") and initials ("J. Smith"); a sentence end or "from MIT" ends them.
        stop = re.compile(rf"\n|[;,]{next_key}|(?<!\b[A-Z])\.(?:\s+|$)|\s+(?i:from|at|of)\s+")
    elif name in ("keywords", "session_description", "experiment_description"):
        stop = re.compile(rf"[;\n]|,{next_key}", re.I)
    else:
        stop = re.compile(r"[,;\n]|\.\s|\.$")
    match = stop.search(text, start)
    end = match.start() if match else len(text)
    masked = text.find(MASK, start)
    return min(end, masked) if masked >= 0 else end


_NAME_WORD = r"(?:[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)*|[A-Z]\.)"
_PARTICLE = r"(?:van|von|der|de|del|da|di|du|la|le|ten|ter)"
_FULL_NAME = (
    rf"(?:{_NAME_WORD}(?:\s+(?:{_PARTICLE}\s+)*{_NAME_WORD}){{1,3}}|[A-Z][a-z]+,\s*{_NAME_WORD}(?:\s+{_NAME_WORD})?)"
)
_PEOPLE = rf"{_FULL_NAME}(?:\s*(?:,|and|&)\s*(?:(?:Dr|Prof)\.?\s+)?{_FULL_NAME})*"
_PEOPLE_WITH_CUE = re.compile(
    rf"(?:\b(?:Dr|Prof|Professor)\.?\s+|\b(?:by|experimenters?|recorded by|performed by|collected by|done by|"
    rf"experimenter was|experimenters were)\s+(?:(?:Dr|Prof)\.?\s+)?)(?P<people>{_PEOPLE})"
)
_LEADING_NAME = re.compile(rf"^\s*(?:(?:Dr|Prof)\.?\s+)?(?P<people>{_NAME_WORD}\s+{_NAME_WORD})(?=\s*(?:,|$|\bhere\b))")

_INSTITUTION_WORD = r"[A-Z][\w\-'&]+"
_UNIVERSITY_OF = re.compile(
    rf"\b(?:University|Univ\.|Universit[éeà]|Universidad|Universität)\s+(?:of|de|di)\s+"
    rf"{_INSTITUTION_WORD}(?:[ ,]+(?!and\b){_INSTITUTION_WORD}){{0,3}}"
)
# Left boundaries are lookbehinds, not \b: a word may hold '-', and each start must be a word's start.
_NAMED_INSTITUTION = re.compile(
    rf"(?<![\w\-'&])(?:{_INSTITUTION_WORD}\s+){{1,4}}(?:University|Institute|College|Institut|Center|"
    rf"Centre|Hospital|Laboratory|Campus)(?:\s+(?:of|for)\s+{_INSTITUTION_WORD}"
    rf"(?:\s+{_INSTITUTION_WORD}){{0,3}})?|\b(?:Institut|Institute)\s+{_INSTITUTION_WORD}"
    rf"(?:\s+{_INSTITUTION_WORD}){{0,2}}"
)
_ACRONYMS = sorted((k for k in INSTITUTIONS if len(k) <= 5 and " " not in k), key=len, reverse=True)
_KNOWN_INSTITUTION = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(re.escape(a.upper()) for a in _ACRONYMS)
    + r"|"
    + "|".join(re.escape(k.title()) for k in INSTITUTIONS if k not in _ACRONYMS)
    + r")(?![\w-])"
)
_LAB_OF = re.compile(rf"\b(?:the\s+)?[Ll]ab(?:oratory)?\s+of\s+(?:(?:Dr|Prof)\.?\s+)?{_NAME_WORD}(?:\s+{_NAME_WORD})?")
_NAMED_LAB = re.compile(r"(?<![\w-])(?:the\s+)?(?<![\w-])[A-Z][\w\-]+\s+[Ll]ab(?:oratory)?\b")

_BULK_UNSAFE_SPECIES = {
    "people",
    "person",
    "patient",
    "participant",
    "fly",
    "flies",
    "bee",
    "worm",
    "monkey",
    "cat",
    "pig",
    "owl",
    "frog",
    "chick",
    "finch",
    "songbird",
    "lab mouse",
    "dog",
}
_SPECIES_NAMES = sorted((a for a in BY_ALIAS if a not in _BULK_UNSAFE_SPECIES), key=len, reverse=True)
_STRAIN_WORD = (
    r"(?-i:[A-Za-z0-9]+[/\-][A-Za-z0-9/\-]+|[A-Z0-9]{2,}[A-Za-z0-9]*)|(?:"
    + "|".join(re.escape(s) for s in sorted(STRAINS, key=len, reverse=True))
    + r")"
)
# Three small patterns rather than one: an optional strain group in front of the species names
# made the search quadratic in the message length.
_SPECIES_NAME = re.compile(rf"(?<![\w-])(?:{'|'.join(re.escape(n) for n in _SPECIES_NAMES)})(?![\w-])", re.I)
_STRAIN_BEFORE = re.compile(rf"(?<![\w/-])(?:{_STRAIN_WORD})\s+$", re.I)
_SUBJECT_AFTER = re.compile(
    r"\s+(?:(?:larva|larvae|pup|adult|juvenile|participant|patient|subject|animal)\s+)?"
    r"(?:(?:id|#|no\.?|number)\s*:?\s*)?(?P<subject>#?[A-Za-z]*\d[\w.\-]*|[A-Z]{1,3}[\-_]?\d[\w.\-]*)",
    re.I,
)
_STARTS_WITH_SPECIES = re.compile(
    rf"(?:(?:{_STRAIN_WORD})\s+)?(?:{'|'.join(re.escape(n) for n in _SPECIES_NAMES)})(?![\w-])", re.I
)
_STRAIN_ONLY = re.compile(
    r"(?<![\w/-])(?:"
    + "|".join(re.escape(s) for s in sorted(STRAINS, key=len, reverse=True) if not s.isdigit() and len(s) > 3)
    + r")(?![\w-])",
    re.I,
)
_SUBJECT_CUE = re.compile(
    r"\b(?:subject|animal|participant|patient|mouse|rat|monkey|fish|id|ID)(?:\s*(?:id|ID|#|no\.?|number))?\s*[:#=]?\s*"
    r"(?P<id>#?[A-Za-z]*[\-_]?\d[\w.\-]*)",
    re.I,
)
_SESSION_CUE = re.compile(r"\bsession\s*(?:id|#|no\.?|number)?\s*[:#=]?\s*(?P<id>[A-Za-z]*\d[\w.\-]*)\b", re.I)
_SEX = re.compile(
    r"(?<![\w-])(?P<sex>male|female|males|females|hermaphrodite|intersex)(?![\w-])|\bsex\s+(?P<sx>unknown)\b", re.I
)
_AGE_UNITS = r"(?:years?|yrs?|months?|mos?|mths?|weeks?|wks?|days?)"
_AGE_NUMBER = r"(?:\d+(?:[.,]\d+)?|" + "|".join(w for w in age_rule.NUMBER_WORDS if len(w) > 2) + r")"
_AGE_POSTNATAL = re.compile(
    r"(?<![\w-])(?:P|PND\s?|postnatal day\s+)\d{1,4}D?(?![\w-])|(?<![\w-])P\d+[YMWD](?:\d+[YMWD])*(?![\w-])", re.I
)
_AGE_RANGE = re.compile(
    rf"(?<![\w.-])(?:between\s+)?\d+(?:\.\d+)?\s*(?:-|–|to|and)\s*\d+(?:\.\d+)?\s*-?\s*{_AGE_UNITS}"
    rf"(?:\s*-?\s*old)?(?![\w-])(?!\s+ago)",
    re.I,
)
_AGE_QUANTITY = re.compile(
    rf"(?<![\w.-])(?:aged?\s+)?(?:about\s+|around\s+|~\s*)?{_AGE_NUMBER}\s*-?\s*{_AGE_UNITS}"
    rf"(?:\s*(?:and|,)?\s*{_AGE_NUMBER}\s*-?\s*{_AGE_UNITS})?(?:\s*-?\s*old)?(?![\w-])(?!\s+ago)"
    rf"|(?<![\w.-])\d+\s*(?:w|wk|mo|y)\b(?!\s+ago)",
    re.I,
)
_WEIGHT = re.compile(
    r"(?:\bweigh(?:s|ed|ing)?\s+|\bweight\s+)?(?<![\w.])(?P<weight>\d+(?:\.\d+)?\s*(?:kg|g|mg|grams?|kilograms?))\b",
    re.I,
)
_DESCRIBES_SESSION = re.compile(
    r"\b(?:recording|recordings|recorded|session|experiment|imaging|task|trials?|"
    r"stimulation|sleep|behaviou?r)\b",
    re.I,
)
_DESCRIPTION_CUES = re.compile(
    r"\b(?:started|starting|began|on|at|this is an?|this was an?|it was an?|it's an?|"
    r"it is an?)\s*$|^\s*(?:this is an?|this was an?|it was an?|it's an?|it is an?)\b",
    re.I,
)
# Words that carry no value of their own once the values around them are taken.
_STOPWORDS = {
    "ok",
    "okay",
    "thanks",
    "thank",
    "you",
    "please",
    "hi",
    "hello",
    "yes",
    "sure",
    "a",
    "an",
    "the",
    "and",
    "but",
    "it's",
    "its",
    "it",
    "is",
    "was",
    "were",
    "are",
    "i",
    "we",
    "our",
    "my",
    "dr",
    "prof",
    "by",
    "at",
    "on",
    "in",
    "of",
    "from",
    "for",
    "to",
    "with",
    "started",
    "starting",
    "start",
    "began",
    "session",
    "recording",
    "recorded",
    "old",
    "aged",
    "age",
    "sex",
    "species",
    "subject",
    "id",
    "that's",
    "this",
    "that",
    "so",
    "also",
    "here",
    "there",
    "about",
    "around",
    "approximately",
    "which",
    "who",
    "when",
    "then",
    "time",
    "zone",
    "date",
    "performed",
    "done",
    "collected",
    "experimenter",
    "experimenters",
    "did",
    "data",
}
_PREAMBLE = re.compile(
    r"^\s*(?:(?:it'?s|it is|its|that'?s|that is|they are|they'?re|we used|i used|i think|probably|"
    r"the answer is|answer|well|um+|uh+|so|oh)\s*[:,]?\s*)+(?:(?:an?|the)\s+)?",
    re.I,
)
_VOCABULARY = {
    "mouse",
    "rat",
    "male",
    "female",
    "recording",
    "session",
    "visual",
    "cortex",
    "primary",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "january",
    "february",
    "september",
    "october",
    "november",
    "december",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "the",
    "this",
    "neuropixels",
    "spikeglx",
    "open",
    "ephys",
    "lab",
    "university",
    "institute",
}


def _content_words(text: str) -> list[str]:
    words = re.findall(r"[\w'/+\-:]+", text)
    return [w for w in words if w.lower().strip("'") not in _STOPWORDS]


def _strip_preamble(text: str, name: str) -> str:
    text = _PREAMBLE.sub("", text.strip())
    if name:
        spec = FIELDS.get(name)
        labels = [name.replace("_", " "), *(spec.aliases if spec else ())]
        label = "|".join(re.escape(a) for a in sorted(labels, key=len, reverse=True))
        text = re.sub(rf"^(?:the\s+)?(?:{label})\s*(?:is|was|were|:|=)\s*", "", text, flags=re.I)
    return text.strip().strip(MASK).strip()


def _looks_like_id(token: str) -> bool:
    token = token.lstrip("#")
    return bool(token) and bool(re.search(r"\d", token)) and not re.fullmatch(r"\d{4}-\d\d.*|\d+(?:st|nd|rd|th)", token)


def _is_vocabulary(name: str) -> bool:
    words = {w.lower().strip(".") for w in name.split()}
    return bool(words & _VOCABULARY) or any(w in BY_ALIAS for w in words)


def parse_free_text(
    text: str, asked_fields: Iterable[str] = (), partial: dict[str, str] | None = None, now: datetime | None = None
) -> ParsedInput:
    """Read one message. `asked_fields`: what the service just asked for (single answers go
    there); `partial`: values understood in part before (ParsedInput.partial), e.g. a start
    time still waiting for its time zone; `now`: for tests of relative dates and the future."""
    asked = [name for name in asked_fields if name in FIELDS]
    return _Reader(text or "", asked, dict(partial or {}), now).read()


def as_payload(parsed: ParsedInput) -> dict[str, Any]:
    """The parse as the JSON the API's UserInputResponse is built from."""
    return {
        "accepted": parsed.values,
        "rejected": parsed.rejected,
        "intents": [i.model_dump() for i in parsed.intents],
        "notes": parsed.notes,
    }
