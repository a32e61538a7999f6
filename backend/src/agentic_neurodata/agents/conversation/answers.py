"""Read what the user answered to a pending request: values, declines, intents, a chosen option."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...domain import PendingRequest, RequestOption, ValueConfirmation, ValueProposal, ValueSource
from ...llm import LLMService
from ...metadata.extraction import extract_metadata_from_text
from ...metadata.fields import as_text, get_field
from ...metadata.parsed import IntentKind, ParsedInput
from ...metadata.prose.talk import is_talk
from ...metadata.prose.words import STOPWORDS, content_words, mentioned_fields
from .intake import check_values


@dataclass
class Answer:
    values: dict[str, Any] = field(default_factory=dict)
    rejected: dict[str, str] = field(default_factory=dict)
    declined: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    partial: dict[str, str] = field(default_factory=dict)
    intents: set[IntentKind] = field(default_factory=set)
    parsed: ParsedInput | None = None
    # Where each value came from: read in the words, or typed into a field.
    sources: dict[str, ValueSource] = field(default_factory=dict)
    # Guesses to ask back before anything is written ("monkey" -> rhesus macaque?).
    confirmations: list[ValueConfirmation] = field(default_factory=list)

    @property
    def wants_everything_skipped(self) -> bool:
        return IntentKind.SKIP_ALL in self.intents

    @property
    def wants_to_stop(self) -> bool:
        return IntentKind.CANCEL in self.intents

    @property
    def asks_a_question(self) -> bool:
        return IntentKind.QUESTION in self.intents and not self.values


def read_values(
    request: PendingRequest,
    *,
    message: str | None,
    fields: dict[str, Any] | None,
    skip: list[str] | None,
    partial: dict[str, str],
    llm: LLMService | None,
) -> Answer:
    """Values for the fields `request` asked for, from named fields and/or free text."""
    asked = [f.name for f in request.fields]
    answer = Answer(partial=dict(partial))
    if message:
        parsed = extract_metadata_from_text(message, asked, llm, partial=partial)
        answer.parsed = parsed
        answer.values.update(parsed.values)
        answer.sources.update(dict.fromkeys(parsed.values, ValueSource.WORDS))
        answer.confirmations.extend(parsed.confirmations)
        answer.rejected.update(parsed.rejected)
        answer.notes.extend(parsed.notes)
        answer.partial = {**{k: v for k, v in partial.items() if k not in parsed.values}, **parsed.partial}
        answer.intents = {intent.kind for intent in parsed.intents}
        unanswered = [name for name in asked if not parsed.settles(name)]
        for kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW):
            if kind in answer.intents:
                named = parsed.fields_with_intent(kind)
                answer.declined.extend(named or unanswered)
        if IntentKind.SKIP_ALL in answer.intents:
            answer.declined.extend(unanswered)
    if fields:
        # Fields a correction asked for that no rule knows (a cell id) are kept as plain text.
        intake = check_values(fields, free_text_fields=tuple(asked))
        answer.values.update(intake.accepted)
        answer.sources.update(dict.fromkeys(intake.accepted, ValueSource.FORM))
        answer.rejected.update(intake.rejected)
        answer.notes.extend(intake.notes)
        answer.confirmations = [c for c in answer.confirmations if c.field not in intake.accepted]
        answer.confirmations.extend(intake.confirmations)
        for name in intake.accepted:
            answer.rejected.pop(name, None)
            answer.partial.pop(name, None)
    if skip:
        answer.declined.extend(skip)
    answer.declined = sorted({name for name in answer.declined if name not in answer.values})
    answer.confirmations = [c for c in answer.confirmations if c.field not in answer.declined]
    return answer


def replacements_asked_back(answer: Answer, metadata: dict[str, Any], asked: list[str], said: str) -> None:
    """A value read in a sentence that would replace a different one given before, for a field the
    question did not ask, becomes a question ("Change the subject ID from NK-31 to healthy?").

    Read beside what was asked ("the animal was healthy" answering the subject description once
    gave the subject ID 'healthy'), a misreading would silently overwrite a right value; a person
    correcting a value answers one click. Values typed into a field are meant and stay as typed."""
    for name, value in list(answer.values.items()):
        before = metadata.get(name)
        if name in asked or before is None or before == value or answer.sources.get(name) != ValueSource.WORDS:
            continue
        del answer.values[name]
        answer.sources.pop(name, None)
        spec = get_field(name)
        label = spec.label if spec else name.replace("_", " ")
        asked_back = ValueConfirmation(
            field=name,
            said=said,
            question=f"Change the {label} from {as_text(before)} to {as_text(value)}?",
            proposals=[ValueProposal(value=value, label=as_text(value))],
        )
        answer.confirmations.append(asked_back)
        if answer.parsed:  # what the reply says it saved
            answer.parsed.values.pop(name, None)
            answer.parsed.confirmations.append(asked_back)


def read_intent(message: str | None, llm: LLMService | None) -> set[IntentKind]:
    """Intents of a reply to a yes/no proposal ("yes go ahead", "no thanks", "keep it as it is")."""
    if not message:
        return set()
    return {intent.kind for intent in extract_metadata_from_text(message, (), llm).intents}


# "what happens if I accept?", "should I say no?": asked about a choice, not making it ("can you
# improve it?" is a request, so it is not here)
_ASKS_ABOUT = re.compile(
    r"^\W*(?:what|why|how|which|where|when|who|should\s+i|would\s+it|is\s+it|is\s+there|does|do\s+i)\b[^?]*\?\W*$",
    re.I,
)


def asks_about_the_choice(message: str | None) -> bool:
    return bool(message) and _ASKS_ABOUT.match(message or "") is not None


def fields_named(message: str | None) -> list[str]:
    """The fields a message names ("what do you mean by session description?" -> session_description)."""
    return mentioned_fields(message) if message else []


_LEADING_NO = re.compile(r"^\W*(?:no|nope|nah|wrong|not\s+(?:that|quite))\b\W*", re.I)


def goes_on_after_no(message: str) -> bool:
    """ "no, it is a cynomolgus": words after the no that are not talk ("no, thanks" is only a no)."""
    lead = _LEADING_NO.match(message)
    rest = message[lead.end() :] if lead else ""
    return bool(content_words(rest)) and not is_talk(rest)


def says_nothing(message: str | None, given: dict[str, Any] | None) -> bool:
    """A typed reply that is only talk ("hmm", "whatever you think"): no choice, no value."""
    return bool(message) and not given and is_talk(message or "")


def match_option(text: str | None, options: list[RequestOption]) -> RequestOption | None:
    """The option a reply names: its value, its label, its number, or an unambiguous part of them.
    A question about the options ("what happens if I accept?") names none."""
    if not text or asks_about_the_choice(text):
        return None
    wanted = text.strip().lower()
    if wanted.isdigit() and 1 <= int(wanted) <= len(options):
        return options[int(wanted) - 1]
    for option in options:
        if wanted in (option.value.lower(), option.label.lower()):
            return option
    partial = [o for o in options if wanted and (wanted in o.value.lower() or wanted in o.label.lower())]
    if len(partial) == 1:
        return partial[0]
    inside = [o for o in options if o.label.lower() in wanted or o.value.lower() in wanted]
    if len(inside) == 1:
        return inside[0]
    # "kilosort please": a word of the reply that names exactly one option.
    # (words that say nothing are left out: "the" of "ok, but the age is 13 weeks" named "Write these values")
    words = [w for w in re.findall(r"[a-z0-9']+", wanted) if len(w) >= 3 and w not in STOPWORDS]
    named = {o.value: o for o in options for w in words if w in o.value.lower() or w in o.label.lower()}
    return next(iter(named.values())) if len(named) == 1 else None
