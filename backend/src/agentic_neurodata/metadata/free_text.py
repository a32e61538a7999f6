"""The offline reader of what people type: no model, no network, deterministic.

It reads a whole description at once ("Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1
recording, started 5 March 2024 2:30pm EST") and single answers to the question just asked
("it's a rat", "P90", "no idea, skip it", "just go ahead, no more questions").

How: intents are found per clause first (a clause that says "I don't know the age" gives no
value). Then finders, most specific first, each claim the words they understood: explicit
"key: value" pairs, dates with their zone (dateparser's search, dates_in_text.py), institutions,
labs, people (nameparser splits them), genotype and strain, the species with the id after it,
sex, age, weight, brain area, what was recorded. Whatever is left answers the question that was
asked. Every value goes through the metadata rules: what comes out is normalised, refused with
a reason, or, when the words do not say one value exactly ("monkey", "mouse 7 of cage C"), a
confirmation to ask back. Precision first: a finder that is not sure leaves the words alone.
Precision by asking back (prose/certainty.py): a session description, experimenter, institution,
session start or genotype found in running text, in a frame whose role is not certain (a free
sentence, a person in a sentence naming another role, an institution beside a vendor, a time beside
a surgery, a viral construct), is asked back with the reading as its proposal, not stored.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..domain import ValueConfirmation, ValueProposal
from . import age as age_rule
from . import names
from .brain_areas import (
    a_sentence_about_the_site,
    another_site_after,
    before_another_device,
    end_of_its_side,
    find_area,
    in_another_fields_quotes,
    landmark_doubt,
    last_cell_area,
    named_by_cue,
    names_a_thing,
    negated,
    only_a_side,
    qualified_kind_of_recording,
    requested_in_quotes,
    the_files_own,
    with_its_side,
)
from .dates import HAS_TIME, attach_zone, normalize_date_of_birth, normalize_session_start_time
from .dates_in_text import (
    TIME_OF_DAY,
    approximate_time,
    counted_from,
    find_datetimes,
    of_another_session,
    spoken_times_as_digits,
)
from .fields import FIELDS, validate_field
from .hedges import GUESS, bound_near, hedge_near, hedged
from .identifiers import EXAMPLES as ID_EXAMPLES
from .identifiers import species_is_not_an_id
from .names import with_family_name_said
from .parsed import FoundValue, Intent, IntentKind, ParsedInput, Rejection
from .prose import asides, certainty, edits, keys, layout, people, positional, several, subject, tables, talk
from .prose import intents as said
from .prose.other_animals import clauses_of_other_animals
from .prose.taken_back import replaced_after_a_marker, taken_back
from .prose.whole_values import as_text, only_whole_values
from .prose.words import (
    DASH_KEYED,
    KEYS,
    MASK,
    PAIR,
    content_words,
    field_named,
    list_items,
    mentioned_fields,
    strip_preamble,
    value_end,
)
from .result import RuleResult, ask_back
from .species import subspecies_after
from .strains import (
    CROSSED_AFTER,
    NOT_A_LINE,
    WILD_TYPE,
    find_genotypes,
    find_strains,
    keyed_as_genotype,
    said_of_a_place,
    species_of_strain,
)
from .zones import Zone, find_zone, is_city

# Fields whose answer is the whole message when they are the one thing asked.
WHOLE_ANSWER_FIELDS = {
    "session_description",
    "experiment_description",
    "subject_description",
    "keywords",
    "institution",
    "lab",
    "experimenter",
    "electrode_location",
    "genotype",
    "strain",
}
# Words that make a capitalised pair at the start of a message something other than a person.
_NOT_PEOPLE = {
    "female", "male", "adult", "young", "mouse", "mice", "rat", "rats", "recording", "session", "visual", "cortex",
    "primary", "the", "this", "neuropixels", "spikeglx", "open", "ephys", "lab", "university", "institute", "human",
    "patient", "subject", "species", "sleep", "calcium", "imaging", "two", "chronic", "acute", "tetrode", "long",
    "wild", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
}  # fmt: skip
_DESCRIBES_SESSION = re.compile(
    r"\b(?:recordings?|sessions?|imaging|experiments?|task|trials?|stimulation|sleep|behaviou?r|viewing|"
    r"optotagging|optogenetics|patch[\s-]clamp|electrophysiology|ephys|paradigm|protocol|training|foraging|"
    r"navigation|exploration|assay|mapping)\b",
    re.I,
)
_DESCRIPTION_LEAD = re.compile(
    r"^\s*(?:this\s+is\s+an?|this\s+was\s+an?|it\s+was\s+an?|it'?s\s+an?|it\s+is\s+an?|we\s+did\s+an?|"
    r"we\s+ran\s+an?|we\s+made\s+an?)\s+",
    re.I,
)
_NOT_A_DESCRIPTION = re.compile(
    r"^(?:the\s+|our\s+|this\s+|a\s+)?(?:recording|recordings|session|sessions|experiment|data)\s+"
    r"(?:was|were|is|are|has\s+been|have\s+been)?\s*(?:made|done|performed|started|begun|began|recorded|run|"
    r"carried\s+out|collected|acquired|taken|date|time|on|at)?\s*$",
    re.I,
)
# "Imaging started [2023-05-04 at 09:12]": a kind of session said only to have started or ended is when, not what.
_ONLY_AN_EVENT = re.compile(
    r"^(?:[\w/-]+\s+){1,3}(?:(?:was|were|has|had)\s+)?(?:started|began|begun|ended|finished|stopped|commenced)\s*$",
    re.I,
)
# Words that say when or which session, not what it was: "recording on 2022-09-15 at 11:00",
# "but the session itself was on ...", "at recording 25 g" say nothing of what was done.
_ONLY_WHEN = re.compile(
    r"^(?:recordings?|recorded|sessions?|experiments?|data|date|time|start(?:ed)?|began|begun|itself|was|were|is|"
    r"are|on|at|in|of|the|a|an|but|and|then|this|that|its|from|to|by|am|pm|a\.m\.|p\.m\.|g|kg|mg|today|"
    r"yesterday|january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$",
    re.I,
)
# "was done", "were performed": a verb after the words makes them the subject of a sentence.
_VERB_OF_A_SENTENCE = r"(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\b"
# A short label before a colon that leads a description ("Today's session: ...").
_LABEL = re.compile(r"^[^:]{1,30}:\s+(?=\S)")
# "Today's session: ...", "Recording: ...": a label naming the session says what follows describes it.
_SESSION_LABEL = re.compile(
    r"^\s*[^:]{0,20}\b(?:session|recording|experiment|protocol|paradigm|summary|today|day)\s*:\s+\S", re.I
)
_ID_FIELDS = {"subject_id", "session_id", "cell_id"}
# Words that make an answer a sentence around a name rather than the name itself.
_IN_A_SENTENCE = re.compile(r"^(?:we|we'?re|our|i|i'?m|it'?s|it\s+is|part\s+of|at|in|from)\b|" + GUESS.pattern, re.I)
# "Home institution:", "previous lab:", "Institution (funding):", "Experimenter (surgery):": a key of another time or
# role than the recording's.
_OTHER_ONE_BEFORE_KEY = re.compile(
    r"\b(?:previous|former|old|earlier|home|funding|backup|surgery|surgical)[\s_]+"
    r"(?:institution|institute|university|lab|laboratory|experimenters?)\b[^:=\n]{0,20}(?:[:=]\s*)?$|"
    r"\((?:[^()]*\b(?:funding|funder|surgery|surgical|previous|former|home|analysis|histology|PI)\b[^()]*)\)\s*"
    r"(?::|=)?\s*$",
    re.I,
)
# "The related paper's description:", "Previous session description:": another thing's or time's description.
_OTHER_DESCRIPTION_BEFORE_KEY = re.compile(
    r"\b(?:paper|article|preprint|grant|project|previous|last|earlier|other|old|pilot)(?:['’]s)?[\s_]+"
    r"(?:(?:session|experiment)[\s_]+)?(?:description|keywords)$",
    re.I,
)
_ADD_PEOPLE_AS = re.compile(
    rf"\b(?:add|put|list|use|set|enter)\s+(?P<value>{people.PEOPLE})\s+as\s+(?:the\s+)?(?P<key>experimenters?)\b"
)
# After "should be": a quoted value, a capitalised one, a number, or a list ("place cells, theta sequences").
_SAID_VALUE_AFTER_SHOULD = re.compile(r"['\"‘“]|[A-Z0-9]|[^\n.;]{1,60}?,\s*\w")
_QUOTED = r"(?P<q>['\"‘“])(?P<value>[^'\"‘’“”\n]{2,300})['\"’”]"
_PUT_QUOTED_AS = re.compile(
    rf"\b(?:put|use|write|set|enter|keep|make|take)\s+{_QUOTED}\s+(?:as|for|in|into)\s+(?:the\s+|our\s+)?"
    r"(?P<key>[a-z][a-z_]*(?:[ \t]+[a-z_]+){0,3})",
    re.I,
)
_KEEP_FIELD_AS_QUOTED = re.compile(
    r"\b(?:keep|put|set|write|use|have|make)\s+(?:the\s+|our\s+)?(?P<key>[a-z][a-z_ ]{1,30}?)(?:\s+field)?\s+as\s+"
    rf"{_QUOTED}",
    re.I,
)
# "description 'Ex vivo retina, chirp'", "; keywords "grid cells, theta"": a field's name, then its value quoted.
_KEY_THEN_QUOTED = re.compile(
    r"(?:^|(?<=[,;:\n(])|(?<=[,;:]\s))\s*(?P<key>(?:(?:session|experiment)[ \t]+)?description|keywords)[ \t]+"
    rf"{_QUOTED}",
    re.I,
)
# "we're at Brown", "I'm based at Tufts", "from Emory": where the person is, said before the name.
_WHERE_WE_ARE = re.compile(
    r"^\s*(?:(?:we'?re|we\s+are|i'?m|i\s+am|it'?s|it\s+is|it\s+was|they'?re|they\s+are|this\s+was)\s+)?"
    r"(?:(?:based|located|working|recorded|done)\s+)?(?:at|in|from)\s+(?:the\s+)?",
    re.I,
)
_ID_CHANGE = re.compile(
    r"\b(?:renamed|re-?labell?ed|re-?tagged|old\s+id|new\s+id|previous\s+id|formerly|vendor(?:'s)?\s+id)\b", re.I
)
_CUT_CLAUSE = "the words are what was left of a sentence once other values were taken out of it"
# Words after "X is/are" that judge or point instead of naming a value ("keywords are important", "lab is below").
_JUDGEMENT = re.compile(
    r"\s*(?:important|useful|optional|needed|required|necessary|mandatory|many|few|several|missing|wrong|fine|good|"
    r"ok(?:ay)?|not\b|also|still|already|the\s+same|same|different|below|above|attached|listed|unclear|tricky|hard|"
    # "the keywords are in the paper", "the description is on the lab wiki": where the value is, not the value
    r"(?:in|on|from)\s+(?:the|our|my|a|an|this|that|his|her|their)|elsewhere|coming|pending|to\s+(?:follow|come))\b",
    re.I,
)
_SEVERAL_TEXTS_ASKED = "several descriptions were asked; this reads as this one"
# What each description is about, to tell which one a sentence answers when several were asked.
_DESCRIPTION_CUES = {
    "subject_description": re.compile(
        r"\b(?:animals?|mouse|mice|rats?|subject|healthy|surgery|implant\w*|housed|cage|strain|genotype)\b", re.I
    ),
    "experiment_description": re.compile(
        r"\b(?:aim|goal|wanted|hypothes\w+|question|study|studied|whether|purpose|investigat\w+|effects?\s+of)\b",
        re.I,
    ),
    "session_description": re.compile(r"\b(?:record\w*|session|imag\w+|trials?|task|during)\b", re.I),
}
_FREE_TEXT = {"session_description", "experiment_description", "subject_description", "keywords"}
# "the rat name is", "its name:", "the animal's name": the key "name" said of the animal.
# Of a long list of areas or strains, the first few are weighed: enough to tell them apart, linear on long lists.
_MOST_AREAS = 12
_ANIMAL_NAME_KEY = re.compile(
    r"\b(?:mouse|mice|rat|rats|animal|subject|monkey|marmoset|dog|cat|bird|it|its|his|her|pet)(?:'s)?\s+name$", re.I
)
# "Project name:", "File name:", "Session name:": the key "name" said of a thing, not of a person.
# "From: Anna Lind <anna@ki.se>": the header lines of a pasted e-mail.
_EMAIL_HEADER = re.compile(r"(?:^|\n)[ \t]*(?:From|To|Cc|Sent|Date)[ \t]*:[^\n]*(?:@|\b20\d\d\b)", re.I)


def _in_email_header(text: str, start: int) -> bool:
    """'From: Anna <anna@ki.se>\nSubject: metadata': a key opening a line next to an e-mail's header line."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip():
        return False
    previous = text[text.rfind("\n", 0, max(0, line_start - 1)) + 1 : line_start]
    following = text[text.find("\n", start) + 1 :].split("\n", 1)[0] if "\n" in text[start:] else ""
    if any(_EMAIL_HEADER.match(f"\n{line}") for line in (previous, following)):
        return True
    # "From: animal facility\nSubject: transfer": a bare header line beside a title of plain words (an animal's
    # id has a digit or a capital: "Subject: AO-Rat-3")
    title = re.match(r"\w+\s*:\s*([^\n]*)", text[start:])
    plain = title is not None and re.fullmatch(r"(?:(?:re|fwd?|aw|wg)\s*:\s*)*[a-z][a-z '&/-]*", title.group(1).strip())
    return bool(plain) and any(_BARE_EMAIL_HEADER.match(line) for line in (previous, following))


_BARE_EMAIL_HEADER = re.compile(r"[ \t]*(?:From|To|Cc|Sent|Date)[ \t]*:[ \t]*\S", re.I)


_THING_NAME_KEY = re.compile(
    r"(?<![\w'])(?!(?:experimenter|person|researcher|recorder|user|operator|scientist|investigator|your|my|full|"
    r"first|last|given|family|the|a)\b)[a-z]+(?:'s)?[ \t_]+name$",
    re.I,
)
# An explicit id is one word ("m042", "sub-01"), or a cage-qualified number ("7 of cage C") to ask back;
# "mouse 7 of cage C" after a key is left to the species finder, which reads both.
_ONE_ID = re.compile(r"#?[\w.\-]+|\w+\s+(?:of|from|in)\s+(?:the\s+)?(?:cage|litter|box|group|cohort)\s+\w+")
_SEGMENTS = re.compile(r"(?:[^,;\n.]|\.(?=\d)|(?<=\b[A-Z])\.(?=\s[a-z]))+")


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
        parts = [part.strip(" ,;:.-") for part in self.text.split(MASK) if part.strip(" ,;:.-")]
        if any(content_words(part) for part in parts):
            # "the [mouse] is [m042]; see notes": the pieces of a clause a value was taken from are no answer
            parts = [part for part in parts if content_words(part)]
        return " ".join(parts).strip()


# "not me, it was X", "I didn't record it - that was X": the writer denied, then who recorded
_WRITER_THEN_WHO = re.compile(
    r"(?:not\s+me|I\s+(?:did\s+not|didn'?t)\s+(?:record|do)\s+(?:it|this|them))\s*[,;.:\-–—]+\s*(?:it|that)\s+was\s+"
    r"(?=(?-i:[A-Z]))",
    re.I,
)
_WHO_RECORDED_AFTER = re.compile(
    r"\s+(?:who|that)\s+(?:(?:did|ran|performed|made|ran)\s+(?:the\s+|all\s+the\s+)?(?:recordings?|sessions?|experiments?)|"
    r"recorded(?:\s+(?:it|them|this|the\s+\w+))?)\b[^()\n]*(?:\([^()\n]*\))?\W*$",
    re.I,
)
_WHO_IT_WAS = re.compile(r"\W*(?:it|that)\s+was\s+(?-i:[A-Z])")
_BARE_NO = re.compile(r"\W*(?:no|nope|nah)\W*", re.I)


class _Reader:
    def __init__(self, text: str, asked: list[str], partial: dict[str, str], now: datetime | None) -> None:
        self.buffer = _Buffer(text)
        self.asked = asked
        self.partial = partial
        self.now = now
        self.result = ParsedInput()
        self._two_animals = False
        # The message for cue words: "weight_at_arrival" holds the word "arrival" ("_" is a word character).
        self.cues = text.replace("_", " ")
        # "probably Hannah Schmidt", "female, I think": a short answer that says it is a guess is asked back.
        self._guessed_answer = bool(asked) and len(text.split()) <= 12 and bool(GUESS.search(text))
        self._guessed_parts = _parts_said_as_guesses(text) if self._guessed_answer else []

    # -- outcomes

    def store(self, field_name: str, raw: str, rule: Callable[[], RuleResult] | None = None, doubt: str = "") -> bool:
        """Run the field's rule on `raw`: a value, a refusal, or a guess to ask back. `doubt` says why
        the frame the words were found in leaves their role uncertain: the value is then asked back."""
        if self.result.settles(field_name):
            return False
        result = rule() if rule else validate_field(field_name, raw)
        in_a_guess = not self._guessed_parts or any(raw.strip() in part for part in self._guessed_parts)
        if result.ok and not doubt and self._guessed_answer and in_a_guess:
            doubt = "the answer says it is a guess"
        if field_name == "experimenter" and result.needs_confirmation:  # "Chen Yi-Ting (family name Chen)"
            result = names.order_said(result, names.surname_said(self.buffer.original))
        surname = names.surname_said(self.buffer.original) if field_name == "experimenter" and result.ok else ""
        if surname:  # "(Martín Pérez is the surname)": the name is split there; a surname of no name read is asked
            result.value = names.with_surname_said(result.value, surname)
            said_of_one = any(name.startswith(f"{surname}, ") for name in result.value)
            doubt = doubt or ("" if said_of_one else f"the message says the surname is '{surname}'")
        if result.ok and doubt:
            result = _asked_back(field_name, result, doubt)
        if result.ok:
            self.result.values[field_name] = result.value
            self.result.found.append(
                FoundValue(field=field_name, value=result.value, raw=raw.strip(), note=result.note)
            )
            if result.note:
                self.result.notes.append(result.note)
            for extra_name, extra_value in result.extra.items():
                if not self.result.settles(extra_name):
                    self.result.values[extra_name] = extra_value
                    self.result.found.append(FoundValue(field=extra_name, value=extra_value, raw=raw.strip()))
            return True
        if result.needs_confirmation:
            self.result.confirmations.append(
                ValueConfirmation(field=field_name, said=raw.strip(), question=result.error, proposals=result.proposals)
            )
            return True  # the words are understood: they are asked back, not read again as something else
        self.result.rejections.append(
            Rejection(
                field=field_name, raw=raw.strip(), reason=result.error, example=result.example, partial=result.partial
            )
        )
        return False

    def intent(self, kind: IntentKind, fields: Iterable[str], text: str) -> None:
        self.result.intents.append(Intent(kind=kind, fields=list(dict.fromkeys(fields)), text=text.strip()))

    def taken(self, start: int, end: int, kind: str, name: str, raw: str) -> None:
        """Store `raw` for `name` and claim its words, whatever the rule said of it."""
        self.store(name, raw)
        self.buffer.claim(start, end, kind)

    # -- steps

    def read(self) -> ParsedInput:
        text = self.buffer.original
        if not text.strip():
            return self.result
        if self._whole_message_intent(text):
            return self.result
        # ">> which species?\n> a degu": a question quoted from an earlier e-mail is not this message's question
        unquoted = re.sub(r"^[ \t]*>+[^\n]*\?[ \t]*(?:\n|$)", "", text, flags=re.M)
        question = said.question_only(unquoted if unquoted.strip() else text)  # "Dear team, can you ...? Best, Amal"
        # "Can you put Lab: Carandini Lab ... please": a request that gives values is not a question
        request = PAIR.search(text) and not question.rstrip().endswith("?")
        if (
            said.QUESTION.search(question)
            and len(question.split()) <= 15
            and (not re.search(r"\d", text) or said.ASKS_ABOUT_FORM.search(question))
            and not request
            # "How stable are grid cells ...?" answering the experiment's description: the question it asks
            and not (self.asked == ["experiment_description"] and said.research_question(question))
        ):
            self.intent(IntentKind.QUESTION, self.asked, text)
            return self.result
        self._clause_intents()
        addressee = talk.salutation(self.buffer.text)
        if addressee:  # "Dear DANDI Archive,": whom the message is to gives no value
            self.buffer.claim(*addressee, "salutation")
        for start, end in taken_back(self.buffer.text):  # "pig P7? — no, pig P8": the words taken back give nothing
            self.buffer.claim(start, end, "taken back")
        for start, end in replaced_after_a_marker(self.buffer.text):  # "age: 13 weeks (scratch that: 15 weeks)"
            self.buffer.claim(start, end, "replaced")
        for start, end in layout.names_of_folders(self.buffer.text):  # "ELN › Hippocampus project › entry"
            self.buffer.claim(start, end, "folder's name")
        for start, end in layout.names_of_notebooks(self.buffer.text):  # "LabArchives page 'Session 4'"
            self.buffer.claim(start, end, "notebook")
        # "V1 only" answering one question: the value without the word saying it is all (free text is kept as said)
        if len(self.asked) == 1 and self.asked[0] not in (*_FREE_TEXT, "experimenter", "lab", "institution"):
            for start, end in talk.nothing_more_words(self.buffer.text):
                self.buffer.claim(start, end, "talk")
        if self.asked and said.POINTER.match(text):
            for name in self.asked:  # "same as before": the value is elsewhere; it is asked again, not guessed
                reason = f"'{text.strip()}' points to a value given elsewhere; please give the value itself."
                self.result.rejections.append(Rejection(field=name, raw=text.strip(), reason=reason))
            return self.result
        if self.asked and not self.result.intents and (talk.is_talk(text) or talk.defers(text)):
            for name in self.asked:  # "looks good", "I'll check": no value, so it is asked again
                label = name.replace("_", " ")
                reason = f"'{text.strip()}' gives no {label}; please give the value itself, or say skip."
                self.result.rejections.append(Rejection(field=name, raw=text.strip(), reason=reason))
            return self.result
        if self._whole_answer():
            return self.result
        for step in (
            self._ids_of_other_things,
            self._other_animals,
            self._two_fields_one_key,
            self._keyed_roles,
            self._quoted_for_a_field,
            self._explicit_pairs,
            self._zone_for_partial,
            self._dates,
            self._born_before_recorded,
            self._institution,
            self._lab,
            self._people,
            self._acronym_after_person,
            self._genotype_and_strain,
            self._this_files_subject,
            self._species_and_subject,
            self._strain_of_another_species,
            self._named_subject,
            self._subject_id,
            self._subject_said_later,
            self._session_id,
            self._sex,
            self._age,
            self._weight,
            self._lone_subject_id,
            self._location,
            self._description,
            self._answer_to_question,
            self._species_instead_of_id,
            self._merge_intents,
        ):
            step()
        return self.result

    def _ids_of_other_things(self) -> None:
        for start, end in subject.ids_of_other_things(self.buffer.text):  # "447 is the cage number": no animal's id
            self.buffer.claim(start, end, "another thing's id")

    def _other_animals(self) -> None:
        # (the words as said give the clause's edges and brackets: intents read by now are masked in buffer.text)
        for start, end in clauses_of_other_animals(self.buffer.original):  # "the intruder was BALB/c"
            self.buffer.claim(start, end, "another animal")

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
        if self.asked and talk.GO_AHEAD.match(text):  # "go ahead" answering a question: no value, convert
            self.intent(IntentKind.SKIP_ALL, [], text)
            return True
        skip_all = list(said.SKIP_ALL.finditer(text))
        if skip_all:
            self.intent(IntentKind.SKIP_ALL, [], "; ".join(m.group(0) for m in skip_all))
            for match in skip_all:
                self.buffer.claim(match.start(), match.end(), "skip_all")
            # "Dr. Smith at MIT, 5 March 2024 2pm EST, just convert it": the values still count.
            return len(content_words(self.buffer.leftover())) < 2
        if said.CANCEL.search(text):
            self.intent(IntentKind.CANCEL, [], text)
            return True
        if len(text.split()) <= 8 and not self.asked:
            for pattern, kind, how in (
                (said.ACCEPT, IntentKind.ACCEPT_AS_IS, "search"),
                (said.DECLINE, IntentKind.DECLINE, "match"),
                (said.APPROVE, IntentKind.APPROVE, "match"),
            ):
                said_so = pattern.search(text) if how == "search" else pattern.match(text)
                if said_so is None:
                    continue
                one_field = said.NO_FIELD.match(text) if kind is IntentKind.DECLINE else None
                if one_field and field_named(one_field.group("field")):
                    return False  # "No keywords for this one.": one field declined, for the clause intents
                if kind is not IntentKind.ACCEPT_AS_IS and parse_free_text(text[said_so.end() :], now=self.now).values:
                    return False  # "ok so the rat is RT_44", "no, mouse M7": the values are the answer, not a yes/no
                self.intent(kind, [], text)
                return True
        return False

    def _clause_intents(self) -> None:
        text = self.buffer.text
        position = 0
        named_before: list[str] = []
        question_before = False
        for clause in said.CLAUSES.split(text):
            start = text.find(clause, position)
            if start < 0 or not clause.strip():
                continue
            position = start + len(clause)
            declined = said.NO_FIELD.match(clause)  # "no keywords this time": the field after "no", not the "time"
            one_field = field_named(declined.group("field")) if declined else None
            named = [one_field] if one_field else mentioned_fields(clause)
            if self.asked and named and not mentioned_fields(clause, common_words=False):
                named = []  # "skip it for this animal", "we'd rather not name it": the asked field is declined
            asked_back = field_named(clause.strip(" ?")) if text[position : position + 1] == "?" else None
            if asked_back and not self.asked:  # "The lab? No idea, skip.": the field asked is the one declined
                named_before, question_before = [asked_back], True
                continue
            # "I will send the weights tomorrow, I don't have them here": "them" is the field named just before
            pointing = question_before or re.search(r"\b(?:them|it|those|that\s+one)\b", clause, re.I)
            referred = named_before if not named and pointing else []
            named_before = named
            named = named or referred
            kind = None
            if said.DONT_KNOW.search(clause) and not self._unknown_is_a_value(clause, named):
                kind = IntentKind.DONT_KNOW
            elif _declines_a_field(clause):
                kind = IntentKind.SKIP_FIELD
            # ("The lab? No idea, skip.": the declines right after the question are all of its field)
            question_before = question_before and kind is not None and named == referred
            named_before = referred if question_before else named_before
            if kind is None:
                continue
            if not named and _BARE_NO.fullmatch(clause) and content_words(text[position:]):
                continue  # "no, the age is 13 weeks": a correction follows, nothing is declined
            if people.WRITER_NOT_THE_EXPERIMENTER.search(clause) and _WHO_IT_WAS.match(text, position):
                continue  # "Not me, it was Ana Ruiz", "I did not record it, it was X": who recorded follows
            self.intent(kind, named or self.asked, clause)
            self.buffer.claim(start, start + len(clause), "intent")

    def _unknown_is_a_value(self, clause: str, named: list[str]) -> bool:
        about_sex = named == ["sex"] or (not named and self.asked == ["sex"])
        return about_sex and bool(said.UNKNOWN_SEX.fullmatch(clause))

    def _whole_answer(self) -> bool:
        """One free-text field asked and no other cue: the whole answer is its value."""
        if len(self.asked) != 1 or self.asked[0] not in WHOLE_ANSWER_FIELDS or self.result.intents:
            return False
        name = self.asked[0]
        if talk.thinking_aloud(self.buffer.original):
            return True  # "hmm, 'attention' and 'V4'?": the person thinks aloud; nothing is given, it is asked again
        answer = strip_preamble(talk.without_trailing_talk(talk.without_leading_talk(self.buffer.text)), name)
        if name == "electrode_location":  # "posterior parietal cortex, right": the side is no talk after it
            answer = with_its_side(self.buffer.text, answer)
        confirmed = talk.without_confirming_words(answer, _labels_of(name))  # "UCSF is the institution", "LGN it is"
        if PAIR.search(self.buffer.text) and confirmed == answer:  # ("Holm Lab is the lab" is no key and value)
            return False
        answer = confirmed
        if name in ("genotype", "strain"):  # "X, from Jax": the source is no part of the line
            answer = talk.without_source_after(answer)
            if talk.says_more_of_the_animal(answer):
                return False  # "Wistar, and she's 12 weeks": the finders read each value
        if name in ("experimenter", "lab", "institution"):  # "just use Ruiz Lab", "Ruiz Lab - we're small"
            answer = talk.without_sentence_after_name(talk.REQUEST_BEFORE_NAME.sub("", answer)) or answer
            replaced = people.replacement_after_no(answer)  # "Texas A&M? no - University of Texas at Austin"
            answer = answer[replaced:] if replaced is not None else answer
            if people.correction_inside(answer) is not None:  # "Stanford, sorry, I mean Berkeley": which one is asked
                reason = f"'{answer.strip()}' corrects itself; please give the {name} once."
                self.result.rejections.append(Rejection(field=name, raw=answer.strip(), reason=reason))
                return True
        strain = find_strains(answer, short_names=True)
        line = find_genotypes(answer) or WILD_TYPE.search(answer)
        if name in ("genotype", "strain") and strain and (line or subject.find_species(answer)):
            return False  # "wild-type C57BL/6J": a genotype and a strain, each for the finders to read
        if name in ("genotype", "strain", "electrode_location") and re.search(
            r"[,;]\s*(?:but|while|whereas|although|though|however)\b", answer, re.I
        ):
            return False  # "Pvalb-Cre, but the reporter was injected": the finders read the value, not the clause
        # "Sprague Dawley, outbred", "WT littermate of the mutants": a known value, then words about it
        known = _value_before_comment(answer, name) if name in ("genotype", "strain") else None
        answer = known or answer
        if name == "genotype" and not known and WILD_TYPE.search(answer) and not find_genotypes(answer):
            return False  # "plain wild type, no transgenes": the words around "wild type" say the same
        if name == "electrode_location" and certainty.names_other_sites(answer):
            return False  # "injected in VTA, recorded in NAc": the finders tell the sites apart
        if name == "institution" and people.names_an_institution(answer) and _IN_A_SENTENCE.search(answer):
            return False  # "we're part of the Allen Institute", "UCSF, I think": the finder reads the name
        labs = len([*people.NAMED_LAB.finditer(answer), *people.LAB_OF.finditer(answer)])
        if name in ("lab", "institution") and (certainty.gives_something(answer) or labs > 1):
            return False  # "the lab of X gave us the code, we are the Y lab": the finders tell the roles apart
        if name in ("experimenter", "lab", "institution"):
            first = certainty.answer_before_other_role(answer)
            if first is None:
                return False  # "Anna Lee, but Tom Berg did the second half": the finders tell the people apart
            answer = first
        if name == "experimenter":
            answer = re.sub(
                r"^(?:it\s+was\s+|that\s+was\s+|just\s+|only\s+)?(?:me|myself|I)\s*[,:(\-]\s*", "", answer, flags=re.I
            )
            mine = re.fullmatch(
                r"I\s+(?:did|recorded|ran)\s+(?:it|this|them)?\s*(?:myself)?\s*\((?P<name>[^()]+)\)", answer
            )
            answer = mine.group("name") if mine else answer  # "I did it myself (Yara Haddad)"
            answer = answer.lstrip(" -–—:,")  # "me - Laura Jiménez": a name does not start with a dash
            # "Hana Kobayashi (the student), not the PI": who it is not, after the name
            answer = re.sub(r"\s*,\s*not\s+(?:the\s+|my\s+|our\s+)?[\w\-]+(?:\s+[\w\-]+)?\W*$", "", answer)
            # "me (Hana Novotná)", "Dr. X and her student Y": the names, not the words saying who they are
            answer = people.RELATION.sub("", people.ME_NAMED.sub(r"\g<name>", answer))
            answer = re.sub(r"^\((?P<inner>[^()]+)\)$", r"\g<inner>", answer.strip())
            aside = re.search(r"(?<=\w)\s*\((?P<who>[^()]{1,40})\)$", answer)
            family_said = names.with_family_name_said(answer) != answer  # "Tran Thi Thu Ha (family name Tran)"
            if aside and not certainty.names_other_role(aside.group("who")) and not family_said:
                answer = answer[: aside.start()]  # "Alicia Gómez-Pérez (postdoc)": who she is, not her name
            answer = _without_affiliation(answer)
            in_parts = people.name_said_in_parts(answer)  # "family name Okafor, given name Chinedu"
            answer = in_parts[0] if in_parts else answer
        doubt = ""
        if name not in _FREE_TEXT:  # "VTA, confirmed by histology", "Shank3 het, I'd need to check": an aside
            guess = asides.guess_after(answer)
            answer, doubt = (
                (answer[: len(answer) - len(guess)], "the answer says it is a guess")
                if guess
                else (
                    asides.without_aside(answer),
                    "",
                )
            )
        if name in ("lab", "institution"):  # "University of Bonn (but recorded at the Charité)": recorded elsewhere
            cut = re.search(r"\s*[(,;]|\s+(?:but|while|whereas|although|though)\b", answer)
            doubt = doubt or certainty.rival_after_contrast(answer, cut.start() if cut else len(answer))
        lead = _WHERE_WE_ARE.match(answer) if name == "institution" else None
        if lead and lead.end() < len(answer):  # "we're at Brown": the words saying where are not the name
            answer, doubt = answer[lead.end() :], "the name was said in a sentence and is not one we know"
        self.store(name, answer, doubt=doubt)
        return True

    def _two_fields_one_key(self) -> None:
        """'Experimenter and institution: Clara Lindqvist, Uppsala University': one value per field, in order."""
        for start, end, values in people.two_fields_one_key(self.buffer.text):
            if MASK in self.buffer.text[start:end]:
                continue
            for name, raw in values:
                self.store(name, raw)
            self.buffer.claim(start, end, "two fields' key")

    def _keyed_roles(self) -> None:
        """'Supervision: X', 'donor_lab=Y', 'weight_at_arrival=18 g' hold no value of a field: their words
        are claimed; 'age_days=77', 'recording_lab=Z', 'Data collection: W' give the field (keys.py)."""
        for start, end in keys.other_role_blocks(self.buffer.text):
            self.buffer.claim(start, end, "other role")  # "surgery:\n  weight: 24 g": not the session's
        for role in keys.key_roles(self.buffer.text):
            start = role.value_start
            if MASK in self.buffer.text[role.key_start : start + 1]:
                continue
            name = role.field or "experimenter"  # another role's value is read to where a name would end
            end = value_end(self.buffer.text, start, name, [])
            raw = self.buffer.original[start:end].strip()
            if not role.field:  # "Corresponding author: Prof. X, recordings by Y": the role's value is the name only
                lower = re.search(r"[,;]\s+(?=[a-z])", raw)  # "Parents: A x B; pup PP-2": the role ends there
                end, raw = (start + lower.start(), raw[: lower.start()]) if lower else (end, raw)
            if role.field == "experimenter" and not re.fullmatch(people.PEOPLE, raw):
                continue  # "Recordings: CA1 and CA3": a key naming who recorded, then no names
            if role.field == "experimenter":  # "Recordings: A and B (EPFL)": the aside is left for the other finders
                aside = re.search(r"\s*\([^()]*\)\s*$", raw)
                end, raw = (start + aside.start(), raw[: aside.start()]) if aside else (end, raw)
                raw = re.sub(r"\s*\([^()]*\)", "", raw)
            if role.field in ("age", "weight"):
                raw = raw.split("(")[0].strip()  # "P42 (injected at P21)": the aside is another time
            if not raw or (role.field and _PRONOUN.fullmatch(raw)):
                continue  # "age: it was P45 at surgery and P59 at recording": a sentence follows, for the finders
            unit = role.unit or (
                self._units_key() if role.field in ("weight", "age") and _BARE_NUMBER.fullmatch(raw) else ""
            )
            if role.field and not (role.field == "experimenter" and _is_vocabulary(raw)):
                # "Recording site: thalamus (VPM), but confirmation is still pending": a guess around the value
                doubt = certainty.guess_before(self.buffer.original, role.key_start) or (
                    "" if role.field in _FREE_TEXT else certainty.guess_after(self.buffer.original, end)
                )
                self.store(role.field, f"{raw} {unit}" if unit else raw, doubt=doubt)
            self.buffer.claim(role.key_start, end, role.field or "other role")

    def _quoted_for_a_field(self) -> None:
        """ "put 'Spontaneous activity, 20 min' as the session description", "keep the session description as
        'X'": a quoted value the person asks to write into a field they name."""
        found = [
            *_PUT_QUOTED_AS.finditer(self.buffer.text),
            *_KEEP_FIELD_AS_QUOTED.finditer(self.buffer.text),
            *_KEY_THEN_QUOTED.finditer(self.buffer.text),
        ]
        found += list(
            _ADD_PEOPLE_AS.finditer(self.buffer.text)
        )  # "pls add Chen, Yu-Ting and Okonkwo, Chidi as experimenters"
        for match in found:
            words = re.sub(r"[\s_]+", " ", match.group("key").lower().strip()).split()
            # "as the session description please": the longest words that name a field
            said = next((" ".join(words[:n]) for n in range(len(words), 0, -1) if " ".join(words[:n]) in KEYS), "")
            name = KEYS.get(said)
            if not name or MASK in match.group(0):
                continue
            if re.search(
                r"\b(?:don'?t|do\s+not|never|wouldn'?t|would\s+not|not)\s+$", self.buffer.text[: match.start()][-20:]
            ):
                self.buffer.claim(match.start(), match.end(), "not to write")  # "don't put 'Smith Lab' as the lab"
                continue
            doubt = ""
            if name in _SUBJECT_FIELDS:  # "Maybe put 'probably ACC' for the location? we're not sure": a guess
                guess = GUESS.search(self.buffer.original)
                doubt = "the words say it is a guess" if guess else ""
            self.store(name, match.group("value"), doubt=doubt)
            self.buffer.claim(match.start(), match.end(), name)

    def _units_key(self) -> str:
        """'recording_weight=27.8; units=g': a key giving the unit of the row's bare numbers."""
        units = re.search(r"\bunits?\s*[:=]\s*(?P<unit>g|kg|mg|grams?)\b", self.buffer.original, re.I)
        return units.group("unit") if units else ""

    def _explicit_pairs(self) -> None:
        spans = find_datetimes(self.buffer.text)
        for match in list(PAIR.finditer(self.buffer.text)):
            if MASK in self.buffer.text[match.start() : match.end("key")] or not self._only_replaced_between(
                match.end("key"), match.start("value")
            ):
                continue  # ("sex: male. Correction: female": only the words replaced may stand between)
            name = KEYS.get(re.sub(r"[\s_]+", " ", match.group("key").lower().strip()))
            if not name:
                continue
            between = self.buffer.text[match.end("key") : match.start("value")]
            if re.search(r"\b(?:should|must)\b", between, re.I) and not _SAID_VALUE_AFTER_SHOULD.match(
                self.buffer.text, match.start("value")
            ):
                continue  # "the institution must be spelled in full", "keywords should be short": a rule, not a value
            dashed = re.match(r"\s*[-–—]", between)
            if dashed and name not in DASH_KEYED:
                continue  # "Age - see notes": only names and free text are read after a dash
            start = match.start("value")
            end = value_end(self.buffer.text, start, name, spans)
            if name == "institution" and people.DEPARTMENT.fullmatch(self.buffer.text[start:end].strip()):
                # "Institution: Department of Neuroscience, Columbia University": the institution after the unit
                after = re.match(r"\s*,\s*(?=\S)", self.buffer.text[end:])
                start = end + after.end() if after else start
                end = value_end(self.buffer.text, start, name, spans) if after else end
            if name == "institution":  # "University of California, San Francisco": the campus is part of the name
                campus = people.UNIVERSITY_OF.match(self.buffer.text, start)
                end = max(end, campus.end()) if campus else end
            meant = edits.meant_after_not_but(self.buffer.original, start)  # "the experimenter is not A but B"
            if meant != start:
                start, end = meant, value_end(self.buffer.text, meant, name, spans)
            denied = _WRITER_THEN_WHO.match(self.buffer.original, start) if name == "experimenter" else None
            if denied:  # "experimenter: not me, it was Yanliang Shi": the one named after the writer's denial
                start, end = denied.end(), value_end(self.buffer.text, denied.end(), name, spans)
            raw = self.buffer.original[start:end]
            recorded = _WHO_RECORDED_AFTER.search(raw) if name == "experimenter" else None
            if recorded:  # "Yanliang Shi who did the recording": the clause says what the person did
                end, raw = start + recorded.start(), raw[: recorded.start()]
            while (close := raw.rstrip()[-1:]) in _OPENING and raw.count(close) > raw.count(_OPENING[close]):
                end, raw = (
                    end - (len(raw) - len(raw.rstrip()) + 1),
                    raw.rstrip()[:-1],
                )  # "{..., age: P126D}": the dict's
            start = edits.quote_asked_for(self.buffer.original, start)  # "Lab: please write 'Vision Lab'"
            article = re.match(r"the\s+(?=['\"][^'\"\n]{1,300}['\"])", self.buffer.original[start:end], re.I)
            start += article.end() if article else 0  # "Lab is the 'Systems Lab'": the name is in the quotes
            quoted = re.match(r"(['\"])([^'\"\n]{1,300})\1", self.buffer.original[start : start + 310])
            if quoted and name not in ("keywords",):  # "'Visual coding, Neuropixels'  # from the template"
                end, raw = start + quoted.end(), quoted.group(2)
                start += 1
            listed = list_items(self.buffer.original, start) if name in ("experimenter", "keywords") else None
            if listed:  # "experimenter:\n  - Buccino, Alessio\n  - Trapani, Alessandra": each item is one
                raw, end = "; ".join(listed[0]), listed[1]
            if raw.rstrip().endswith(")") and raw.count("(") < raw.count(")"):
                raw = raw.rstrip()[:-1]  # "(genotype: A x B)": the bracket closes the aside
            species_note = re.search(r"\s*\(([^()]{1,40})\)\s*$", raw) if name in ("age", "weight", "sex") else None
            if species_note and _only_a_species(species_note.group(1)):  # "age = 2 years 7 months (monkey)":
                end, raw = end - (len(raw) - species_note.start()), raw[: species_note.start()]  # the animal's kind
            opened = re.search(r"\s*[(\[{]\s*$", raw)
            if opened and raw[: opened.start()].strip():  # "Lab: Berg Lab (PI: Tom Berg)": the bracket opens
                end, raw = end - (len(raw) - opened.start()), raw[: opened.start()]  # an aside with a key of its own
            other = _ASIDE_OF_ANOTHER_THING.search(raw) if name in _FREE_TEXT else None
            if other and raw[: other.start()].strip(" .;,"):  # "8 directions. (the pilot used 12 directions)":
                end, raw = end - (len(raw) - other.start()), raw[: other.start()]  # the aside tells of another thing
            where = re.search(r"\s+(?:at|in)\s+(?:the\s+)?(?=\S)", raw) if name == "lab" else None
            if where and people.names_an_institution(raw[where.end() :]):  # "the lab is the X lab at the University
                end, raw = (
                    end - (len(raw) - where.start()),
                    raw[: where.start()],
                )  # of Y": Y is left for the institution
            if name == "sex" and re.search(
                r"\b(?:either|both|each|any|mixed|opposite)\s+$",
                self.buffer.original[max(0, match.start() - 12) : match.start()],
                re.I,
            ):
                self.buffer.claim(match.start(), match.end("key"), "group's sexes")  # "of either sex were used":
                continue  # the animals of a group, no key of this animal's sex
            if name in _SUBJECT_FIELDS and subject.of_another_animal_than_this_files(self.buffer.text, match.start()):
                self.buffer.claim(match.start(), end, "another animal")  # "Monkey Fig's age is 10 years, but this
                continue  # file is monkey Plum (8 years)": the other animal's value
            if name == "session_start_time" and certainty.key_of_another_event(self.buffer.original, match.start()):
                continue  # "the surgery date was 2 May 2023": another event's date; the dates step weighs it
            if name in ("age", "weight") and subject.key_of_another_time(self.buffer.original, match.start()):
                self.buffer.claim(match.start(), end, "another time")  # "pre-op weight was 27.0 g": not the session's
                continue
            if name in ("experimenter", "lab", "institution") and _OTHER_ONE_BEFORE_KEY.search(
                self.buffer.original[max(0, match.start() - 25) : match.start("value")]
            ):
                self.buffer.claim(match.start(), end, "other role")  # "Home institution: X", "Institution (funding): Y"
                continue
            if name in _FREE_TEXT and _OTHER_DESCRIPTION_BEFORE_KEY.search(
                self.buffer.original[max(0, match.start() - 25) : match.end("key")]
            ):
                self.buffer.claim(match.start(), end, "other role")  # "the paper's description: X"
                continue
            if name == "lab" and re.match(
                r"\s*(?:at|in|from|based|located|situated|housed|hosted|part\s+of|within|near|on|now|currently|also|"
                # "the lab was named after Cajal", "the lab was founded in 2019": what is said of the lab
                r"named|called|founded|renamed|moved|merged|split|closed|created|funded|led|headed|run\s+by)\b",
                raw,
                re.I,
            ):
                continue  # "our lab is at UCSF", "our lab is located in Seattle": where the lab is, not its name
            if name == "experimenter" and raw.strip(" .;,'\"") == names.surname_said(self.buffer.original):
                self.buffer.claim(match.start(), end, "surname")  # "the last name is Gómez Ortega": which words
                continue  # of a name said elsewhere are its surname; no person, no animal's name
            if match.group("key").lower() == "subject" and _in_email_header(self.buffer.original, match.start()):
                self.buffer.claim(match.start(), end, "e-mail header")  # "Subject: metadata": the e-mail's title
                continue
            if name == "experimenter" and _ANIMAL_NAME_KEY.search(self.buffer.original[: match.end("key")]):
                continue  # "the rat name is Biscuit": the animal's name, not a person's
            keyed_name = match.group("key").lower() == "name"  # (the words before it, bounded: stays linear)
            if keyed_name and _THING_NAME_KEY.search(
                self.buffer.original[max(0, match.start() - 40) : match.end("key")]
            ):
                continue  # "Project name: Moser Lab grid cells": a thing's name, not a person's
            if name == "experimenter" and match.group("key").lower() == "name" and subject.looks_like_id(raw.strip()):
                name = "subject_id"  # "The mouse is PV-Cre x Ai32, name EM-3": a code, not a person's name
            if name == "experimenter":  # "the experimenter was myself, Élodie Marchand": the name after "myself"
                # "correct the experimenter: it's Maria Schulz": the words saying it are not the name
                lead = re.match(r"(?:(?:me|myself|I)\s*[,:\-–]|it'?s|it\s+is|it\s+was|that'?s|that\s+is)\s*(?=\S)", raw)
                start, raw = (start + lead.end(), raw[lead.end() :]) if lead else (start, raw)
                # "myself (Sara Lindgren)": the name in brackets; "Sun-hee Kim, Ji-ho Lee and myself": the named ones
                mine = re.fullmatch(r"(?:me|myself)\s*\((?P<name>[^()]+)\)\s*", raw)
                start, raw = (start + mine.start("name"), mine.group("name")) if mine else (start, raw)
                raw = re.sub(r"\s*,?\s*(?:and|&)\s+(?:myself|me)\s*$", "", raw)
                full = people.full_name_in_brackets(raw)  # "also Maria (Maria Okun)": the bracket names her in full
                if full:
                    start, end, raw = start + full.start("full"), start + full.end(), full.group("full")
            affiliation = people.affiliation_after_people(raw) if name == "experimenter" else None
            if affiliation is not None:  # "Experimenter: Giulia Conti, Istituto Italiano di Tecnologia": no person
                end, raw = start + affiliation, raw[:affiliation]
            aside = re.search(r"\s*\([^()]*\)\s*$", raw) if name == "experimenter" else None
            if aside and "(" not in raw[: aside.start()]:
                # "Ahmed Al-Farsi (Sultan Qaboos University)", "Lukas Meyer (postdoc)": the bracket is not the name;
                # its words stay for the other finders (an institution).
                end, raw = start + aside.start(), raw[: aside.start()]
            if name == "electrode_location" and raw.strip():  # "Site: hippocampus, both sides": the side as said
                sided = end_of_its_side(self.buffer.original, end)
                end, raw = sided, raw + self.buffer.original[end:sided]
            if name == "electrode_location":  # "Site: V1 and the fiber over LP": the fiber's place is no site
                kept = before_another_device(raw)
                end, raw = end - (len(raw) - len(kept)), kept
            if name in _SUBJECT_FIELDS and subject.points_elsewhere(raw.strip()):
                self.buffer.claim(match.start(), end, name)  # "Recording site: the same as last session": no value
                continue
            if name == "electrode_location" and (
                people.names_an_institution(raw) or is_city(re.split(r"[(,;]", raw)[0]) or only_a_side(raw)
            ):
                continue  # "Location: Sainsbury Wellcome Centre, London", "Location: Amsterdam": a place, not an area
            if name == "electrode_location" and a_sentence_about_the_site(raw):
                continue  # "Location: the probe went through RSP, but the units are in SUB": for the area finder
            bare_location = name == "electrode_location" and match.group("key").lower().strip() == "location"
            if bare_location and find_area(raw[:120]) is None:
                continue  # "Location: Boston": a bare "Location" may be a place; only a brain area is read from it
            if name not in _FREE_TEXT and name not in _ID_FIELDS:  # "FVB/NJ fyi", "ventral CA1 this time": an aside
                kept = asides.without_aside(_TRAILING_ASIDE.sub("", raw))
                end, raw = end - (len(raw) - len(kept)), kept
            if name in _ID_FIELDS and (subject.SEX.fullmatch(raw.strip()) or subject.find_species(raw)):
                continue  # "the subject is female": the sex, not an id
            bare_id_key = re.fullmatch(r"(?:id|#|no\.?|number)", match.group("key").strip(), re.I)
            if (
                name == "subject_id"
                and bare_id_key
                and subject.id_of_another_thing(self.buffer.text, match.start("key"))
            ):
                continue  # "recording ID: R-12": another thing's id
            if name == "subject_id" and subject.of_another_animal(self.buffer.original, match.start("key")):
                self.buffer.claim(match.start(), end, "another animal")
                continue  # "The previous session's animal was KS090": another animal's id
            copula = re.search(r"\b(?:is|was)\s*$", self.buffer.original[match.end("key") : start])
            if re.search(
                r"\b(?:is|was|are|were)\s*$", self.buffer.original[match.end("key") : start]
            ) and _JUDGEMENT.match(raw):
                continue  # "the keywords are important for search", "the lab are many": said of the field, no value
            if name in _ID_FIELDS and copula and _AGE_TOKEN.fullmatch(raw.strip()):
                continue  # "the subject was P60": an age after the copula, not an id
            if name in _ID_FIELDS and copula and re.match(r"[a-z]+\b(?![\w.-]*\d)", raw.strip()):
                continue  # "the animal was healthy", "the subject was awake": a state, not an id
            lone_word = re.fullmatch(r"[a-z]+\W*", raw.strip())
            if name == "strain" and copula and lone_word and not find_strains(raw, short_names=True):
                continue  # "the strain was lost": what became of it, not its name
            if name in _ID_FIELDS and not _ONE_ID.fullmatch(raw.strip()):
                continue  # "animal: mouse A-17", "our animal is a male bat named Bat7": other finders read these
            if name == "subject_id" and copula and subject.names_a_line(self.buffer.original[start:].split(",")[0]):
                continue  # "this animal is Pvalb-IRES-Cre;Ai14": its genotype, not its id
            undetermined = name != "sex" and re.fullmatch(r"\s*(?:not\s+(?:yet\s+)?determined|undetermined)\W*", raw)
            if said.SKIP_FIELD.match(raw) or said.DONT_KNOW.search(raw) or undetermined:
                self.intent(IntentKind.SKIP_FIELD, [name], raw)  # "Keywords: none yet", "Species: not sure"
                self.buffer.claim(match.start(), end, name)
                continue
            if name not in _FREE_TEXT and _PRONOUN.fullmatch(raw.strip()):
                continue  # "about age: it was P45 at surgery and P59 at recording": a sentence, for the finders
            if raw.strip():
                key = match.group("key").lower().strip()
                keyed_time = ""
                if name == "session_start_time" and not TIME_OF_DAY.search(raw):
                    # "Date: 17.05.2023, Time: 10:05, Zone: Europe/Berlin": the keyed day, time and zone of one start
                    with_time = self._with_start_time_from_elsewhere(raw)
                    keyed_time, raw = ("yes", with_time) if with_time != raw else ("", raw)
                    if keyed_time and find_zone(raw, after_date=True) is None:
                        raw = self._with_zone_from_elsewhere(raw, start, end)
                if name == "session_start_time" and find_zone(raw, after_date=True) is None:
                    raw = _with_keyed_zone(raw, self.buffer.original)  # "start=2022-08-23 18:40;tz=America/Toronto"
                rule = self._dated_rule(name, raw) if name in ("session_start_time", "date_of_birth") else None
                waiting = self.partial.get(name) if name == "session_start_time" and not keyed_time else None
                if waiting and not find_datetimes(raw):  # "start time: Eastern": the zone of the start known before
                    rule = functools.partial(attach_zone, waiting, raw, now=self.now)
                readings = names.one_person_or_two(raw) if key == "experimenter" else None
                if readings is not None:  # "Experimenter: García Martínez, José Luis": one person or two?
                    rule = functools.partial(_already_read, readings)
                bare_date = key == "date" and name == "session_start_time" and not keyed_time
                doubt = "a bare 'Date' may be the note's date, not the recording's" if bare_date else ""
                if name in _SUBJECT_FIELDS and re.search(r"\?\s*\w", raw):
                    self.buffer.claim(match.start(), end, name)  # "Species: mouse? rat?": questions, no value
                    continue
                comment = re.match(r"\s+#\s+([^\n]*)", self.buffer.original[end:])
                if (
                    name in _SUBJECT_FIELDS
                    and comment
                    and certainty.note_says_otherwise(comment.group(1), of_time=name != "sex")
                ):
                    doubt = f"the comment after it says '{comment.group(1).strip()}'"  # "weight: 25 g  # pre-op"
                    self.buffer.claim(end, end + comment.end(), name)
                if name in ("lab", "institution") and comment and people.note_of_another_time(comment.group(1)):
                    doubt = f"the comment after it says '{comment.group(1).strip()}'"  # "lab: X  # the old lab"
                    self.buffer.claim(end, end + comment.end(), name)
                if name in _SUBJECT_FIELDS and raw.rstrip().endswith("?"):  # "strain: C57BL/6J?": asked, not said
                    raw, doubt = raw.rstrip().rstrip("?").rstrip(), "the value is said as a question"
                if name not in _FREE_TEXT and re.search(r"\b(?:either|or)\b", raw, re.I):
                    doubt = "the value names alternatives"
                if name in _SUBJECT_FIELDS:  # "Species: mouse, or rat?": the value after the comma is another
                    doubt = doubt or subject.alternative_after(self.buffer.original, end)
                doubt = doubt or ("" if name in _FREE_TEXT else hedge_near(self.cues, start, end))
                if not doubt and name not in _FREE_TEXT and GUESS.search(raw):
                    doubt = "the value says it is a guess"  # "Brain region: somewhere near CA1"
                doubt = doubt or certainty.guess_before(self.buffer.original, match.start())
                if name not in _FREE_TEXT:  # "Location: hippocampus (dorsal), but histology is pending"
                    doubt = doubt or certainty.guess_after(self.buffer.original, end)
                    note = _NOTE_OF_ANOTHER_TIME.search(raw)  # "CA1 (planned)", "25.1 g (pre-surgery)"
                    doubt = doubt or (f"the note '{note.group(0)}' says it is not this session's" if note else "")
                if name == "strain" and CROSSED_AFTER.match(self.buffer.original, end):
                    doubt = doubt or "the strain is said to be crossed with another"  # "C57BL/6J, crossed with 129"
                if name in ("lab", "institution"):  # "Lab: Costa lab, but data were recorded in the Carey lab"
                    doubt = doubt or certainty.rival_after_contrast(self.buffer.original, end)
                    doubt = doubt or people.changed_after(self.buffer.original, end)  # "X lab, then Y lab after 2020"
                if name == "experimenter":  # "Experimenters: Ana Ruiz, Tom Berg, and the PI"
                    doubt = doubt or people.unnamed_after(self.buffer.original, end)
                if name in ("experimenter", "lab", "institution"):  # "Institution: UCSF - no wait, UCSD"
                    replaced = people.replacement_after_no(self.buffer.original[start : end + 80])
                    if replaced is not None:  # "Institution: X? no, sorry: Y": Y is the value
                        start = start + replaced
                        end = max(end, value_end(self.buffer.text, start, name, spans))
                        raw = self.buffer.original[start:end]
                    cut = people.correction_inside(raw)
                    if cut is not None:
                        raw, doubt = raw[:cut], doubt or "the words after it correct what was said"
                    corrected = people.corrected_after(self.buffer.original, raw, start + len(raw))
                    if (cut is not None or corrected) and self._keyed_again_after(name, end):
                        self.buffer.claim(match.start(), end, name)  # "experimenter: A? no - he's the PI;
                        continue  # experimenter: B": the same key said again gives the value
                    doubt = doubt or corrected
                    doubt = doubt or people.aside_says_otherwise(
                        self.buffer.original[start : end + 200], of_people=name == "experimenter"
                    )
                self.store(name, raw, rule, doubt)
                self.buffer.claim(match.start(), end, name)

    def _only_replaced_between(self, start: int, end: int) -> bool:
        """Whether every claimed character between `start` and `end` was claimed as words replaced by later ones."""
        taken = [(first, last) for first, last, kind in self.buffer.claims if kind == "replaced"]
        return all(
            any(first <= index < last for first, last in taken)
            for index in range(start, end)
            if self.buffer.text[index] == MASK
        )

    def _keyed_again_after(self, name: str, end: int) -> bool:
        """Whether the key of `name` is said again after `end` (a correction giving the value anew)."""
        return any(
            KEYS.get(re.sub(r"[\s_]+", " ", later.group("key").lower().strip())) == name
            for later in PAIR.finditer(self.buffer.text, end)
        )

    def _dated_rule(self, name: str, raw: str) -> Callable[[], RuleResult]:
        rule = normalize_date_of_birth if name == "date_of_birth" else normalize_session_start_time
        return lambda: rule(raw, now=self.now)

    def _zone_for_partial(self) -> None:
        waiting = self.partial.get("session_start_time")
        if not waiting or self.result.settles("session_start_time") or find_datetimes(self.buffer.text):
            return
        # A short reply is the zone ("Eastern", "Berlin"); in a longer one only a zone said as one is, and
        # it takes its own words only: "m042; mouse; ...; Eastern time" gives the other values too.
        short = len(content_words(self.buffer.text)) <= 3
        zone = find_zone(self.buffer.text, bare_city=short, after_date=short)
        if isinstance(zone, Zone) and short:
            self.store(
                "session_start_time",
                self.buffer.text,
                lambda: attach_zone(waiting, self.buffer.original, now=self.now),
            )
            self.buffer.claim(0, len(self.buffer.text), "session_start_time")
        elif isinstance(zone, Zone):
            said = self.buffer.original[zone.start : zone.end]
            self.store("session_start_time", said, lambda: attach_zone(waiting, said, now=self.now))
            self.buffer.claim(zone.start, zone.end, "session_start_time")

    def _dates(self) -> None:
        starts: list[tuple[int, int, str]] = []
        for start, end in find_datetimes(self.buffer.text):
            if MASK in self.buffer.text[start:end]:
                continue
            if counted_from(self.buffer.original, start):
                self.buffer.claim(start, end, "date")  # "15 min after 14:00 CET": the moment meant is not said
                continue
            before = self.buffer.original[max(0, start - 30) : start].lower()
            born = re.search(r"\b(?:born|birth|dob|b\.)\W*(?:on|in|around|about|approx\w*\.?|circa|~)?\W*$", before)
            birth_asked = "date_of_birth" in self.asked and "session_start_time" not in self.asked
            if born or birth_asked:
                raw = self.buffer.original[start:end]
                doubt = certainty.alternatives_doubt(self.cues, start, end) or hedge_near(self.cues, start, end)
                if not _ANOTHER_ANIMAL_BORN.search(re.split(r"[,;.]", before)[-1]):  # "Dam DOB ...": not this animal's
                    self.store("date_of_birth", raw, self._dated_rule("date_of_birth", raw), doubt)
            else:
                doubt = (
                    certainty.start_time_doubt(self.cues, start, end)
                    or certainty.alternatives_doubt(self.cues, start, end)
                    or hedge_near(self.cues, start, end)
                    or ("the time is approximate" if hedged(self.buffer.original[start:end]) else "")
                    or certainty.guess_beside(self.cues, start, end)  # "10:00 CET (I think)", "..., probably"
                    or approximate_time(self.buffer.original, start, end)  # "around 2 pm, maybe 2:30"
                    or of_another_session(self.buffer.original, start)  # "the previous recording was ..."
                    or _said_as_the_end(self.buffer.original, start, end)  # "recording ended 2023-07-07 16:00"
                )
                starts.append((start, end, doubt))
            self.buffer.claim(start, end, "date")
        if not starts:
            return
        # Several times (a file's, a surgery's, the recording's): one said of the recording, or a question.
        spans = {(s, e): self.buffer.original[s:e] for s, e, _ in starts}
        free = [(s, e) for s, e, d in starts if not d]
        start, end, doubt = starts[0] if not free else (*free[0], "")
        if len(set(spans.values())) > 1 and free:
            sure = [(s, e) for s, e in free if certainty.said_of_the_recording_start(self.cues, s)]
            listed = ", ".join(spans.values())
            start, end, doubt = (
                (*sure[0], "") if len(sure) == 1 else (*free[0], f"the message gives more than one time ({listed})")
            )
        raw, ended = self._from_range_start(start, end)
        doubt = doubt or ended
        if not HAS_TIME.search(raw) and not doubt:
            raw = self._with_start_time_from_elsewhere(raw)
        if find_zone(raw, after_date=True) is None:
            raw = self._with_zone_from_elsewhere(raw, start, end)
        if find_zone(raw, after_date=True) is None:  # "start=2024-07-09T08:15 tz=America/Vancouver": a keyed zone
            raw = _with_keyed_zone(raw, self.buffer.original)
        rule = self._dated_rule("session_start_time", raw)
        if doubt and not rule().ok and not rule().proposals:
            return  # "the mouse had been injected on 2023-03-01": another event's day is not asked for its zone
        self.store("session_start_time", raw, rule, doubt)

    def _strain_of_another_species(self) -> None:
        """'mouse M1; Wistar rats were used as controls': a strain of another species than the subject's is
        another animal's, so it is not stored."""
        strain, species = self.result.values.get("strain"), self.result.values.get("species")
        if not isinstance(strain, str) or not isinstance(species, str):
            return
        of_strain = species_of_strain(strain)
        if of_strain is not None and validate_field("species", of_strain).value != species:
            del self.result.values["strain"]
            self.result.found = [f for f in self.result.found if f.field != "strain"]

    def _born_before_recorded(self) -> None:
        """'DOB 2023-05-05, recorded 2023-03-03': a birth after the recording cannot both be right, so the
        date of birth is asked back instead of stored."""
        born, started = self.result.values.get("date_of_birth"), self.result.values.get("session_start_time")
        if not isinstance(born, str) or not isinstance(started, str) or born <= started[:10]:
            return
        del self.result.values["date_of_birth"]
        self.result.found = [f for f in self.result.found if f.field != "date_of_birth"]
        asked = _asked_back(
            "date_of_birth", RuleResult(field="date_of_birth", ok=True, value=born), "it is after the recording"
        )
        self.result.confirmations.append(
            ValueConfirmation(field="date_of_birth", said=born, question=asked.error, proposals=asked.proposals)
        )

    def _from_range_start(self, start: int, end: int) -> tuple[str, str]:
        """'rec was 10:15-11:00 CET 2025-01-14', 'started at 10:05 and ended at 11:40 on ...': a time that
        ends a range is when the session ended; the range's first time (or the one said as the start in
        the same sentence), with the same day and zone, is the start. (The raw value, and a doubt when the
        time read is an end and no start is said.)"""
        original = self.buffer.original
        raw = original[start:end]
        ends = TIME_OF_DAY.match(raw)
        if ends is None:
            return raw, ""
        began = _RANGE_BEGAN.search(original, max(0, start - 25), start)
        several = len(re.findall(r"(?<![\d:])\d{1,2}:\d{2}(?!\d)", original)) > 2  # "10:00-10:45 and 11:00-11:45"
        if several and (began or _ENDED_AT.search(original, max(0, start - 25), start)):
            return raw, "the message gives more than one time"
        if began is None and _ENDED_AT.search(original, max(0, start - 25), start):
            sentence_start = max([m.end() for m in re.finditer(r"[.!?\n]\s", original[:start])], default=0)
            began = _STARTED_AT.search(original, sentence_start, start)
            if began is None:
                return raw, "the time read is when the session ended"
        if began is None:
            return raw, ""
        self.buffer.claim(began.start("time"), began.end("time"), "session_start_time")
        return began.group("time") + raw[ends.end() :], ""

    def _with_start_time_from_elsewhere(self, raw: str) -> str:
        """'Recorded on 2023-02-02. ... Start 08:15.': a day without a time, and one time of day said
        elsewhere as the start ("start 08:15", "the recording started at 9:40"), are one start."""
        said_as_start = [
            m
            for m in TIME_OF_DAY.finditer(self.buffer.text)
            if certainty.said_of_the_recording_start(self.cues, m.start())
            # "time: 09:41", "| 10:12 Europe/Amsterdam |", "11:40 start": a time keyed, in its own cell, or
            # called the start, in a message with one day and one time of day
            or _TIME_KEYED.search(self.cues, max(0, m.start() - 12), m.start())
            or _START_AFTER.match(self.cues, m.end())
        ]
        if len(TIME_OF_DAY.findall(self.buffer.text)) != 1 or len(said_as_start) != 1:
            return raw
        time = said_as_start[0]
        self.buffer.claim(time.start(), time.end(), "session_start_time")
        # "Start 10:40 Central": a zone right after the time said elsewhere is that time's
        after = self.buffer.text[time.end() : time.end() + 30]
        zone = find_zone(after, after_date=True)
        if (
            isinstance(zone, Zone)
            and not after[: zone.start].strip(" (")
            and re.match(r"\s*(?:$|[.;,)\n])", after[zone.end :])  # ("08:15 central amygdala" names an area)
        ):
            self.buffer.claim(time.end() + zone.start, time.end() + zone.end, "session_start_time")
            return f"{raw} {time.group(0)} {zone.label}"
        return f"{raw} {time.group(0)}"

    def _with_zone_from_elsewhere(self, raw: str, start: int, end: int) -> str:
        """'Tokyo time, 2024-04-01 10:00': a zone said elsewhere in the message applies to the date."""
        rest = self.buffer.text[:start] + MASK * (end - start) + self.buffer.text[end:]
        zone = find_zone(rest)
        if not isinstance(zone, Zone):
            return raw
        self.buffer.claim(zone.start, zone.end, "session_start_time")
        return f"{raw} {zone.label}"

    def _institution(self) -> None:
        found = [
            (m.start(), m.start() + len(m.group(0).rstrip(" ,")))
            for pattern in (people.UNIVERSITY_OF, people.NAMED_INSTITUTION, people.KNOWN_INSTITUTION)
            for m in pattern.finditer(self.buffer.text)
        ]
        # "Institution National Eye Institute": the key said without a colon is not the name's first word
        found = [(people.after_key_word(self.buffer.text, start, end), end) for start, end in found]
        found = [
            (people.whole_name_start(self.buffer.text, start), people.whole_name_end(self.buffer.text, end))
            for start, end in found
        ]
        for start, end in [span for span in found if people.greeting_from(self.buffer.text, span[0])]:
            self.buffer.claim(start, end, "greeting")  # "Cheers from Cambridge": no value
            found.remove((start, end))
        for start, end in [span for span in found if people.animals_came_from(self.buffer.text, *span)]:
            self.buffer.claim(start, end, "source")  # "a deer mouse from the Peromyscus Genetic Stock Center"
            found.remove((start, end))
        found = self._without_denied(found, "institution")
        if found:  # "Dr. Chen's lab at Caltech did the surgeries; we recorded at USC": an acronym is a rival too
            found += [
                m.span("acronym")
                for m in people.ACRONYM_AFTER_AT.finditer(self.buffer.text)
                if not people.names_something_else(m.group("acronym"))
                and not named_by_cue(self.buffer.text, *m.span("acronym"))
                and not certainty.names_other_organisation(m.group("acronym"))
                and not people.acronym_is_a_source(self.buffer.text, m)
                and not people.acronym_is_a_target(self.buffer.text, m)
                and not any(s <= m.start("acronym") < e for s, e in found)
            ]
        if not found:
            # "rats from the NIA colony were recorded at NTNU": where the animals came from is passed over
            # "units from LIP": an area; "mice from JAX": a vendor; not a place of work ("units from LGN, recorded
            # at NTNU": the next one may be)
            acronym = next(
                (
                    m
                    for m in people.ACRONYM_AFTER_AT.finditer(self.buffer.text)
                    if not people.acronym_is_a_source(self.buffer.text, m)
                    and not people.acronym_is_a_target(self.buffer.text, m)
                    and not people.names_something_else(m.group("acronym"))
                    and not named_by_cue(self.buffer.text, *m.span("acronym"))
                    and not certainty.names_other_organisation(m.group("acronym"))
                ),
                None,
            )
            if acronym:
                self._institution_at(acronym.start("acronym"), acronym.end("acronym"), 0)
            return
        pointed = people.pointed_to_as_institution(self.buffer.text, found)
        if pointed:  # "... at Y - please use that as the institution": the name the words point back to
            self._institution_at(*pointed, 0, said_as=True)
            for start, end in found:
                if MASK not in self.buffer.text[start:end]:
                    self.buffer.claim(start, end, "institution")
            return
        best = min(found, key=lambda span: (span[0], -(span[1] - span[0])))
        others = {s for s, e in found if e <= best[0] or s >= best[1]}
        visitor = re.search(r"\bvisit\w*", self.cues, re.I)  # a visitor's home and host leave the role open
        if others and not visitor:
            # Several institutions, none a vendor's, funder's or visitor's: the one said to be where the
            # recording was is read, if only one is.
            recorded = {s: (s, e) for s, e in found if certainty.recorded_there(self.cues, s)}
            if len(recorded) == 1:
                best = max(recorded.values(), key=lambda span: span[1] - span[0])
                others = {s for s, e in found if e <= best[0] or s >= best[1]}
        # "we recorded at UCL and Great Ormond Street Hospital": two places joined after one frame
        joined = any(re.fullmatch(r"\s*(?:,|and|&|as\s+well\s+as)\s*", self.buffer.text[best[1] : s]) for s, _ in found)
        self._institution_at(*best, len(others), joined)
        for start, end in found:  # the other institutions are not labs or people either
            if MASK not in self.buffer.text[start:end]:
                self.buffer.claim(start, end, "institution")

    def _without_denied(self, spans: list[tuple[int, int]], kind: str) -> list[tuple[int, int]]:
        """'the Harvey lab, not the Datta lab', 'University of Bonn, not University of Cologne': a name said
        after 'not' is denied; its words are claimed and it is no rival of the one meant."""
        denied = [(s, e) for s, e in spans if people.DENIED_BEFORE.search(self.buffer.original, max(0, s - 20), s)]
        kept = [span for span in spans if span not in denied]
        for start, end in denied:
            self.buffer.claim(start, end, kind)
        return kept

    def _institution_at(self, start: int, end: int, others: int, joined: bool = False, said_as: bool = False) -> None:
        raw = self.buffer.original[start:end].strip(" ,")
        original = self.buffer.original
        if said_as:  # "use that as the institution": the person says what the name is for
            self.store("institution", raw)
            self.buffer.claim(start, end, "institution")
            return
        doubt = "the message names another institution joined to it" if joined else ""
        doubt = doubt or certainty.institution_doubt(original, start, end, others)
        doubt = doubt or certainty.signature_doubt(original, start)
        doubt = doubt or people.guess_next_to(original, start, end)  # "probably Janelia, but I have to ask"
        sentence = certainty.sentence_around(original, start, end)
        doubt = doubt or people.other_act_at(sentence[: max(0, sentence.find(raw))])
        doubt = doubt or people.another_animal_or_later(sentence[: max(0, sentence.find(raw))])
        doubt = doubt or people.earlier_or_denied_place(original, start)  # "(formerly at CSHL)"
        role = certainty.other_role_before(original, start) if re.search(r"\(\s*$", original[:start]) else ""
        if role:  # "my PI, Prof. Ilka Diester (University of Freiburg)": that person's affiliation
            doubt = doubt or f"an affiliation in brackets after a person who may hold another role: {role}"
        if re.match(r"\s+(?:(?:for|of)\s+(?:the\s+)?)?[A-Z][A-Za-z]", original[end:]) and " " not in raw:
            doubt = doubt or "the name goes on after the short form"  # "MPI for Brain Research", "NYU Langone Health"
        if people.town_not_institution(original, start, end):
            doubt = doubt or "the name may be the town's"  # "we recorded in Cambridge, MA"
        self.store("institution", raw, doubt=doubt)
        self.buffer.claim(start, end, "institution")

    def _lab(self) -> None:
        """Of several labs, the one not named as a donor or a source ("we are the X lab") is stored."""
        text = self.buffer.text
        found = sorted([*people.LAB_OF.finditer(text), *people.NAMED_LAB.finditer(text)], key=lambda m: m.start())
        found = [m for m in found if not any(_inside(m.span(), o.span()) for o in found)]
        kept = self._without_denied([m.span() for m in found], "lab")
        found = [m for m in found if m.span() in kept]
        if not found:
            return
        doubts = [
            (
                m,
                certainty.lab_doubt(self.cues, *m.span())
                or people.lab_of_something(self.cues, *m.span())
                or people.former_lab(self.cues, m.start())  # "(before, it was part of the X lab)"
                or certainty.guess_doubt(self.cues, *m.span()),  # "The lab, I believe, is the Ruiz lab"
            )
            for m in found
        ]
        # "designed in the Brody lab; we ran it in the Witten lab": the lab whose clause says the work was done there
        match, doubt = several.pick(doubts, lambda m: people.lab_did_the_work(self.cues, *m.span()), "lab")
        self.store("lab", match.group(0), doubt=doubt)
        for other in found:
            self.buffer.claim(other.start(), other.end(), "lab")

    def _people(self) -> None:
        """A name after a cue whose role is certain ("recorded by", "experimenter:") is stored; one
        found otherwise (after a title, leading a description, before "did") is asked back when its
        sentence also names another role (PI, surgeon, vendor, collaborator...)."""
        text = self.buffer.text
        cued = [m for m in people.PEOPLE_WITH_CUE.finditer(text) if not people.uncertain_cue_abroad(text, m)]
        # "the surgeries were performed by X; recordings were made by Y": the first certain cue whose
        # sentence names no other role before it (the cue's object is then the recording)
        # ("the surgeon was Xin Li, the experimenter Jun Wang": a name keyed as the experimenter's is theirs whatever
        # role another person holds before it)
        match = next(
            (
                m
                for m in cued
                if people.certain_cue(text, m)
                and (not certainty.other_role_before(text, m.start()) or people.keyed_as_experimenter(text, m))
            ),
            None,
        )
        certain = match is not None
        # "sessions 1-3 were recorded by A, sessions 4-6 by B", "by A on Monday and by B on Tuesday": people
        # named for different parts; which one recorded this file is asked
        parts = [
            m
            for m in cued[:12]  # (a few are enough: a long list of cues must not make the reader quadratic)
            if (people.certain_cue(text, m) or people.parallel_by(text, m))
            and not certainty.other_role_before(text, m.start())
            and match is not None
            and m.group("people") != match.group("people")
            and not _inside(m.span("people"), match.span("people"))
        ]
        # a person before a verb of doing ("I, Rita Sousa, ran all sessions") outranks a title alone
        doer = None if certain else people.PERSON_BEFORE_VERB.search(text)
        match = match or doer or self._cue_of_the_recording(cued) or (cued[0] if cued else None)
        in_parts = people.name_said_in_parts(text) if match is None else None
        if in_parts:  # "family name Zhang, given name Yuhan, she recorded it"
            said, start, end = in_parts
            doubt = certainty.experimenter_doubt(self.buffer.original, start, end)
            if not (self.asked == ["experimenter"] or _SAYS_WHO_RECORDED.search(self.buffer.original)):
                doubt = doubt or "the message does not say this person recorded"
            if self.store("experimenter", said, doubt=doubt):
                self.buffer.claim(start, end, "experimenter")
            return
        if match is None:
            match = people.LEADING_NAME.match(text)
            if match is None or _is_vocabulary(match.group("people")):
                return
            if people.heads_a_dateline(self.buffer.original, match.end("people")):
                return  # "São Paulo, 6 June 2023, 13:45": a place and a date
        names = re.sub(r"\s+(?:and|&)\s*$", "", match.group("people").strip(" ,"))
        if MASK in re.sub(r"\([^()]*\)", "", names):  # (an aside's institution may have been read: "Ana Ruiz (UCL)")
            return  # "Start 16:45 ..., Santiago de Chile": words around a value already read are no one name
        start = match.start("people")
        lead = _JUST_ME.match(names)
        if lead:  # "just me, Aiden Walsh": the words before the name are not a person
            names, start = names[lead.end() :], start + lead.end()
        names = people.without_own_clause(text, start + len(names), names)
        names = _without_affiliation(names)
        original = self.buffer.original
        end = start + len(names)
        if people.head_of_group(original, end):  # "by Diego Contreras' group": the group's head, not who recorded
            return
        # "Riya Kapoor ran it, I just did the analysis": another role said in a clause of another subject is theirs
        said_to = people.own_clause_end(original, end) if match is doer else len(original)
        doubt = (
            certainty.guess_doubt(original, start, end)
            if certain
            else certainty.experimenter_doubt(original[:said_to], start, end) or certainty.other_act_by(original, start)
        )
        if parts:
            doubt = doubt or f"the message names other people for other parts ({parts[0].group('people')})"
        if re.match(r"[^\S\n]*\?", original[end:]):
            doubt = doubt or "the name is said as a question"  # "Recorded by Gwendolyn Lewis? hmm, I think ..."
        if not certain and match is not doer and people.WRITER_NOT_THE_EXPERIMENTER.search(original):
            doubt = doubt or "the writer says they did not record, and this may be the writer's name"  # a signature
        key = people.key_before(original, start)
        if key and KEYS.get(re.sub(r"[\s_]+", " ", key.lower())) != "experimenter":
            doubt = doubt or f"the name is under another key ('{key}')"  # "CC: Dr. Maria Lopez"
        doubt = doubt or people.corrected_after(original, names, end)
        doubt = doubt or people.unnamed_after(original, end)
        doubt = doubt or people.another_person_then(original, end)  # "A, then B for the second half"
        sentence = certainty.sentence_around(original, start, end)
        before = sentence[: max(0, sentence.find(names))]
        # ("the analyst is X, the experimenter Y": the act before is the other person's, the role word names Y's)
        keyed = match is not None and match is not doer and people.keyed_as_experimenter(text, match)
        doubt = doubt or people.another_animal_or_later(before) or ("" if keyed else people.other_act_at(before))
        doubt = doubt or ("" if certain else people.act_abroad(before))  # "Die Operation wurde ... von Dr. X"
        doubt = doubt or people.by_of_another_part(text, match)
        if re.match(r"\s*,?\s*et\s+al\b", original[end:]):
            doubt = doubt or "'et al.' says more people recorded than are named"  # "Recorded by Ana Ruiz et al."
        # "Mehmet Öztürk (me) and Ayşe Kaya": an aside saying who someone is is not part of their name;
        # "me (Tom Okafor)" is the name; "her student Omar Farouk" is Omar Farouk
        said = people.RELATION.sub("", people.ME_NAMED.sub(r"\g<name>", names))
        bracket = re.match(r"\s*\([^()\n]{1,60}\)", original[end:])
        ordered = with_family_name_said(said + bracket.group(0)) if bracket else said
        said = ordered if bracket and ordered != said + bracket.group(0) else said  # "Lin Chia-Hsuan (family name Lin)"
        if self.store("experimenter", re.sub(r"\s*\([^()]*\)", "", said), doubt=doubt):
            self.buffer.claim(match.start(), start + len(names), "experimenter")

    def _cue_of_the_recording(self, cued: list[re.Match[str]]) -> re.Match[str] | None:
        """'modelling was done by A; the experiment by B': when the first cue's sentence names another role, a later
        cue in a sentence of the recording itself (its own words, no other role) names the one who recorded."""
        text = self.buffer.text
        if not cued or not certainty.other_role_before(text, cued[0].start()):
            return None
        return next(
            (
                m
                for m in cued[1:12]
                if not certainty.other_role_before(text, m.start())
                and people.about_the_recording(certainty.sentence_around(text, m.start(), m.end()))
            ),
            None,
        )

    def _acronym_after_person(self) -> None:
        """'Dr. Shih-Chieh Lin, NIH, mouse NIH-4': an acronym alone right after the experimenter is where
        they work (not a zone, an area or a strain, which read the same way)."""
        ends = [end for _, end, kind in self.buffer.claims if kind == "experimenter"]
        if not ends or self.result.settles("institution"):
            return
        match = people.ACRONYM_AFTER_PERSON.match(self.buffer.text, max(ends))
        if match and not people.names_something_else(match.group("acronym")):
            self._institution_at(match.start("acronym"), match.end("acronym"), 0)

    def _genotype_and_strain(self) -> None:
        found = find_genotypes(self.buffer.text)
        for reporter in [m for m in found if NOT_A_LINE.match(m.group(0))]:
            self.buffer.claim(reporter.start(), reporter.end(), "reporter")  # "the indicator is GCaMP6s"
        found = [m for m in found if not NOT_A_LINE.match(m.group(0))]
        lines = [m for m in found if not certainty.genotype_doubt(m.group(0), self.buffer.original)]
        if lines:  # "Vglut2-IRES-Cre mice were injected with AAV5-EF1a-DIO-...": a viral construct is no rival line
            for construct in [m for m in found if m not in lines]:
                self.buffer.claim(construct.start(), construct.end(), "construct")
            found = lines
        if found:
            # Of several lines (a donor's, the parents', the animal's), the one nothing speaks against is read.
            # ("the colony is all Ai14, but this animal is ...": a colony's line is no rival of the animal's own)
            own = [m for m in found if not subject.said_of_a_group_kept(self.buffer.original, m.start())]
            doubts = [(m, self._genotype_doubt(m)) for m in own or found]
            genotype, doubt = several.pick(doubts, lambda m: False, "genotype", strict=True)
            # (a sentence's full stop after it is no part of it: "(male, Ai148 x Emx1-Cre).")
            self.store("genotype", _without_closing_bracket(genotype.group(0).strip(" ,;").rstrip(".")), doubt=doubt)
            for match in found:
                self.buffer.claim(match.start(), match.end(), "genotype")
        strains = find_strains(self.buffer.text)
        for keyed in [m for m in strains if keyed_as_genotype(self.buffer.original, m.start())]:
            self.store(
                "genotype", keyed.group(0)
            )  # "genotype w1118": the genotype (its rule asks back a strain's name)
            self.buffer.claim(keyed.start(), keyed.end(), "genotype")
        strains = [m for m in strains if not keyed_as_genotype(self.buffer.original, m.start())]
        for denied in [m for m in strains if subject.denied(self.buffer.original, m.start())]:
            self.buffer.claim(denied.start(), denied.end(), "strain denied")  # "not the N2 strain": not this one's
        strains = [m for m in strains if not subject.denied(self.buffer.original, m.start())]
        # "rat from the Sprague Dawley room, but this one is a Lewis": a room's strain yields to the animal's own
        own = [m for m in strains if not said_of_a_place(self.buffer.original, m)]
        for place in [m for m in strains if own and m not in own]:
            self.buffer.claim(place.start(), place.end(), "strain of a place")
        strains = own or strains
        if strains:
            doubts = [(m, self._strain_doubt(m)) for m in strains[:_MOST_AREAS]]  # (a long list: several either way)
            strain, doubt = several.pick(doubts, lambda m: False, "strain", strict=True)
            self.store("strain", strain.group(0), doubt=doubt)
            for match in strains:
                self.buffer.claim(match.start(), match.end(), "strain")
        coded = _STRAIN_CODE.search(self.buffer.text)
        if coded and not self.result.settles("strain") and not subject.denied(self.buffer.original, coded.start()):
            # "C. elegans, strain AQ3236": a lab's or stock centre's code after the word "strain", kept as said
            self.store("strain", coded.group("code"), doubt=hedge_near(self.cues, *coded.span("code")))
            self.buffer.claim(*coded.span("code"), "strain")
        wild = WILD_TYPE.search(self.buffer.text)
        if wild and not self.result.settles("genotype") and wild.group(0).upper() != "WT":
            # "a wild-type control AD-8", "wild-type littermates": said of another animal than the subject
            other = _OTHER_ANIMAL_AFTER.match(self.buffer.original, wild.end()) or _OTHER_ANIMAL_BEFORE.search(
                self.buffer.original[max(0, wild.start() - 60) : wild.start()]
            )
            # ("its control WT-2 is wild-type": the clause before it names the other animal)
            doubt = f"said of another animal ('{other.group('other')}')" if other else ""
            self.store("genotype", "wild-type", doubt=doubt)
            self.buffer.claim(wild.start(), wild.end(), "genotype")

    def _strain_doubt(self, strain: re.Match[str]) -> str:
        """'a Brown Norway cross', 'its mother was a Wistar', 'probably a C57BL/6J': not said of this animal."""
        # "on a C57BL/6J background" is the animal's strain; a cross, a hybrid or a mixed background is not one strain
        if re.match(r"\s+(?:cross|hybrid|mix|mixed)\b", self.buffer.original[strain.end() :], re.I) or re.search(
            r"\bmixed\s+(?:\w+\s+)?\(?\s*$|\b(?:back)?crossed\s+(?:to|onto|into|with)\s+(?:the\s+)?$",
            self.buffer.original[max(0, strain.start() - 25) : strain.start()],
            re.I,
        ):  # "mixed background (C57BL/6J;129)", "backcrossed to C57BL/6J for 6 generations"
            return "the strain is named as part of a cross or a mixed background"
        if said_of_a_place(self.buffer.original, strain):
            return "said of a room or colony of animals, not necessarily this one"
        if subject.said_of_the_controls(self.buffer.original, strain.start()):
            return "said of the control animals, not this one"  # "the controls were C57BL/6J, ours is ..."
        after = re.match(r"[ -](?P<word>[A-Z][\w/:-]*)", self.buffer.original[strain.end() :])
        if after and not subject.find_species(after.group("word")):
            return f"the name goes on after it ('{after.group('word')}'): a substrain may be meant"  # "Wistar Han"
        before = self.buffer.original[max(0, strain.start() - 12) : strain.start()]
        other_ids = [
            m
            for m in subject.SUBJECT_CUE.finditer(self.buffer.original)
            if not m.start("id") < strain.end() and subject.looks_like_id(m.group("id"))
        ]  # "mouse C57BL/6N, male, ID 2231": the id is given elsewhere, so the strain is not in its place
        if (
            re.search(r"\b(?:mouse|rat|animal|subject|id)\s*#?:?\s*$", before, re.I)
            and re.search(r"\d", strain.group(0))
            and not other_ids
        ):
            return "a strain's name in the place of the animal's id ('mouse CD-1') may be either"
        original = self.cues
        return certainty.lineage_doubt(original, *strain.span(), breeding_only=True) or certainty.guess_in_clause(
            original, *strain.span()
        )

    def _genotype_doubt(self, genotype: re.Match[str]) -> str:
        raw, original = _without_closing_bracket(genotype.group(0).strip(" ,;")), self.buffer.original
        if subject.said_of_a_group_kept(original, genotype.start()):
            return "said of a colony or of the breeders, not necessarily this animal"  # "the colony is all Ai14"
        return (
            certainty.genotype_doubt(raw, original)
            or certainty.genotype_words_doubt(raw, original, genotype.start())
            or certainty.lineage_doubt(original, genotype.start(), genotype.end())
            or certainty.guess_in_clause(self.cues, genotype.start(), genotype.end())  # "probably a Thy1-GCaMP6s mouse"
        )

    def _this_files_subject(self) -> None:
        """'mouse PB-12 died ..., so this file is from her sister PB-13': of the animals named, the one the
        words say this file is about is the subject."""
        match = subject.this_files_subject(self.buffer.text)
        if match is not None and not hedge_near(self.cues, *match.span("id")):
            self.store("subject_id", match.group("id"))
            if not subject.find_species(match.group("between")):
                # (after a species word the id stays for the species finder: it says which of several animals)
                self.buffer.claim(*match.span("id"), "subject_id")

    def _species_and_subject(self) -> None:
        text = self.buffer.text
        match = subject.find_species(text)
        exact = self._exact_over_broad(text)
        if match is None and exact is None:
            strain = self.result.values.get("strain")
            if strain:  # "C57BL/6J, male": a known strain names its species (only that: the strain's own
                # name is no genotype, "B6.Cg-Tg(Thy1-GCaMP6s)GP4.3Dkim/J" gave one before)
                self.store(
                    "species",
                    str(strain),
                    lambda: validate_field("species", str(strain)).model_copy(update={"extra": {}}),
                )
            return
        if match is None:  # "Prairie voles (Microtus ochrogaster)": only the Latin name is known
            assert exact is not None
            exact = self._with_subspecies(exact)  # "Sus scrofa domesticus": the trinomial as said
            self.store("species", exact[0])
            self.buffer.claim(exact[1], exact[2], "species")
            # "prairie vole (Microtus ochrogaster) PV-14": the id after the bracketed Latin name
            after = subject.ID_AFTER_SPECIES.match(text, exact[2] + text.startswith(")", exact[2]))
            if after and not after.group("group") and subject.looks_like_id(after.group("subject"), after_species=True):
                self.store("subject_id", after.group("subject"))
                self.buffer.claim(after.start("subject"), after.end(), "subject_id")
            return
        match, rivals = self._species_among_rivals(text, match)
        match = _outside_a_quoted_note(text, self.buffer.original, match)
        if not rivals and subject.plural(match.group(0)) and not subject.ID_AFTER_SPECIES.match(text, match.end()):
            # "mice from JAX, mouse m1": the mention of one animal with its id says which one is the subject
            with_id = [m for m in subject.find_all_species(text) if subject.ID_AFTER_SPECIES.match(text, m.end())]
            same = [
                m
                for m in with_id
                if validate_field("species", m.group(0)).value == validate_field("species", match.group(0)).value
            ]
            match = same[0] if same else match
        match = subject.named_before_in_full(text, match) or match  # "deer mice ...; mouse PM-8": the deer mouse
        start, end = match.span()
        subspecies = subspecies_after(self.buffer.original, start, end)
        end = subspecies.end() if subspecies else end  # "Peromyscus maniculatus bairdii": the trinomial said
        said = self.buffer.original[start:end]
        doubt = rivals
        if subject.another_one_of_its_kind(self.buffer.original, start):  # "from the CA1 of another mouse"
            doubt = doubt or "the animal word names another animal"
        if exact is not None:  # "Fly FL-6: Drosophila melanogaster": the exact name says which the broad word meant
            exact = self._with_subspecies(exact)  # "a deer mouse, Peromyscus maniculatus bairdii": the trinomial
            said, doubt = exact[0], ""
            self.buffer.claim(exact[1], exact[2], "species")
        # "thanks to the vendor for the mice": the animals someone sold or gave, not the subject.
        lone = subject.plural(said) and not subject.ID_AFTER_SPECIES.match(text, end)
        strain = self.result.values.get("strain")
        same_as_strain = (
            bool(strain) and validate_field("species", said).value == validate_field("species", strain).value
        )
        # "The mice are from JAX ... This one is DA-81": one kind of animal and a subject of its own
        own_subject = any(
            subject.looks_like_id(m.group("id")) for m in subject.SUBJECT_CUE.finditer(self.buffer.original)
        )
        lone = lone and not own_subject
        # "Macaca mulatta x fascicularis hybrid?", "probably a mouse": not one species said for sure
        doubt = doubt or _hybrid_doubt(self.buffer.original, end) or _species_guess(self.cues, start, end)
        if lone and not same_as_strain and certainty.institution_doubt(self.buffer.original, start, end, 0):
            # (the strain stored names the same animal: "Wistar rats, from Envigo" says the species either way)
            doubt = "the animals named beside a vendor or a thanks may not be the subject"
        if subject.owner_of_a_field(self.buffer.original, start) and not subject.ID_AFTER_SPECIES.match(text, end):
            self.buffer.claim(start, end, "species")  # "the birthday of the mouse": a reference, no species said
            return
        said = said if doubt else self._with_subspecies((said, start, end))[0]  # "pig ... Sus scrofa domesticus"
        self.store("species", _subspecies_in_brackets(self.buffer.original, said), doubt=doubt)
        self.buffer.claim(start, end, "species")
        latin = subject.LATIN_IN_BRACKETS.match(self.buffer.original, end)
        end = latin.end() if latin else end
        after = subject.ID_AFTER_SPECIES.match(text, end)
        if after and subject.area_not_id(text, after):
            after = None  # "mouse V1 recording": the area, not the animal
        if after and subject.age_not_id(text, after):
            after = None  # "mouse P8 pup JG-2": the age, then the animal's id
        if after and subject.strain_of(after.group("subject"), _species_meant(said)):
            after = None  # "worm, N2, adult hermaphrodite": the strain, not the animal
        if after and subject.names_a_cross(text, after.end("subject")):
            after = None  # "mouse BL6-CBA F1 hybrid": the cross's name, not the animal's id
        if after and subject.of_another_animal(self.buffer.original, start):
            after = None  # "the previous session's mouse AN-7": another animal's id
        if after and subject.a_relative_of(self.buffer.original, start):
            after = None  # "the mother of this finch is or7": the mother's id
        if after and subject.plural(self.buffer.original[start:end]):
            after = None  # "Mouse: KM-22" names one animal; "mice: 3" counts them, "mice 1-4" names several
        if after is None and not subject.plural(said):
            after = self._id_after_a_broader_word(text, said, end)  # "C. elegans N2, hermaphrodite, worm 4"
        if after and subject.looks_like_id(after.group("subject"), after_species=True):
            raw = after.group("subject")
            if after.group("group"):  # "mouse 7 of cage C": the id holds the cage too, asked back
                raw = self.buffer.original[start : after.end()]
            # (the word said, and the animal word it stands for: "bat ... Rousettus aegyptiacus")
            words = "|".join(re.escape(w.split()[-1]) for w in {said, self.buffer.original[start:end]} if w.split())
            mentions = [
                m
                for m in re.finditer(rf"\b(?:{words})\s+(?P<subject>[A-Z][\w\-]*\d[\w\-]*|{_NUMBER_ID})", text, re.I)
                if not m.group("subject").isdigit() or subject.said_as_recorded(self.buffer.original, m.start())
            ]  # ("reused in rat 26966": a bare number names a rival only when that animal is said to be recorded)
            now = [m for m in mentions if m.start() > after.end() and subject.said_for_now(self.buffer.original, m)]
            if len(now) == 1 and subject.said_at_another_time(self.buffer.original, after.end()):
                after, raw = now[0], now[0].group("subject")  # "Bat 7736 was recorded last week; today it's bat 7741"
                mentions = [m for m in mentions if not subject.said_at_another_time(self.buffer.original, m.end())]
            others = {m.group("subject") for m in mentions} | self._ids_like(after.group("subject"))
            doubt = "the message names more than one animal" if len(others - {after.group("subject")}) else ""
            self._two_animals = bool(doubt)
            if not doubt and _LEFT_OUT.match(self.buffer.original, after.end()):
                doubt = "the animal is said to be left out of the data"  # "rat RX-2 was excluded"
            doubt = doubt or subject.numbered_in_a_group(self.buffer.original, *after.span("subject"))
            self.store("subject_id", raw, doubt=doubt)
            self.buffer.claim(after.start("subject"), after.end(), "subject_id")
            return
        named = subject.NAME_AFTER_SPECIES.match(text, end)
        if named and named.group("subject").lower() not in _NOT_PEOPLE:
            self.taken(named.start("subject"), named.end("subject"), "subject_id", "subject_id", named.group("subject"))

    def _id_after_a_broader_word(self, text: str, said: str, end: int) -> re.Match[str] | None:
        """The id after a later, broader word for the same animal ("C. elegans ..., worm 4", "Macaca
        mulatta, monkey M3"); None when there is no such word, or more than one."""
        species = validate_field("species", said).value
        found = [
            after
            for mention in subject.find_all_species(text[end:])
            if (broad := validate_field("species", mention.group(0))).needs_confirmation
            and species in {p.value for p in broad.proposals}
            and not subject.plural(mention.group(0))
            and (after := subject.ID_AFTER_SPECIES.match(text, end + mention.end())) is not None
            and not subject.strain_of(after.group("subject"), {str(species)})  # "C. elegans worm AML310": a strain
        ]
        return found[0] if len(found) == 1 and not found[0].group("group") else None

    def _with_subspecies(self, said: tuple[str, int, int]) -> tuple[str, int, int]:
        """A Latin binomial followed by a subspecies' epithet ("Peromyscus maniculatus bairdii") is the
        trinomial said: the subspecies is kept, not cut to its species."""
        original = self.buffer.original
        latin = str(validate_field("species", said[0]).value)  # "deer mouse, Peromyscus maniculatus bairdii"
        named = list(re.finditer(re.escape(latin), original, re.I)) if latin.count(" ") == 1 else []
        trinomials = {(m.start(), s.end()) for m in named if (s := subspecies_after(original, *m.span()))}
        if len(trinomials) != 1 or len(named) != 1:  # (the binomial said alone too: which one is the subject's is open)
            return said
        [(start, end)] = trinomials
        return original[start:end], start, end

    def _exact_over_broad(self, text: str) -> tuple[str, int, int] | None:
        """One species said exactly (its name, or a Latin binomial in brackets), where every other animal
        word is a broader name that includes it ("monkey ... rhesus macaque", "Japanese macaque (Macaca
        fuscata)"): that species, with its span. None when nothing is said exactly or two things are."""
        brackets = list(subject.BRACKETED_BINOMIAL.finditer(text))
        said = [(m.group(0), m.start(), m.end()) for m in subject.find_all_species(text)]
        said += [(m.group("latin"), *m.span("latin")) for m in brackets]
        exact: dict[str, tuple[str, int, int]] = {}
        broad: list[tuple[str, set[str]]] = []
        for words, start, end in said:
            result = validate_field("species", words)
            if result.ok:  # (a subspecies said, "Sus scrofa domesticus", is the same animal as its species word)
                exact.setdefault(" ".join(str(result.value).split()[:2]), (words, start, end))
            elif result.needs_confirmation and not any(
                subject.explained_by_the_bracket(text, end, b.start()) for b in brackets
            ):  # ("Bengalese finch bk12wh5 (Lonchura striata domestica)": the bracket says which finch: no rival)
                broad.append((words, {str(p.value) for p in result.proposals}))
        if len(exact) != 1 or not (broad or subject.BRACKETED_BINOMIAL.search(text)):
            return None
        [(value, found)] = exact.items()
        genus = value.split()[0]  # "macaque (Macaca fuscata)": the broad word's genus, named exactly
        return (
            found
            if all(
                value in options
                or genus in {o.split()[0] for o in options}
                or subject.head_word_of(value, words)  # "bat ... Carollia perspicillata": Seba's short-tailed bat
                for words, options in broad
            )
            else None
        )

    def _take_id(self, start: int, end: int, raw: str) -> None:
        self._two_animals = self._two_animals or bool(self._ids_like(raw))
        doubt = "the message names more than one animal" if self._two_animals else ""
        if not doubt and _ID_CHANGE.search(self.cues):
            doubt = "the message names another id for the animal"  # "came with ID 4412; we renamed it QZ-7"
        if not doubt and _LEFT_OUT.match(self.buffer.original, end):
            doubt = "the animal is said to be left out of the data"  # "volunteer HV-3 was excluded"
        doubt = doubt or subject.numbered_in_a_group(self.buffer.original, end - len(raw), end)
        self.store("subject_id", raw, doubt=doubt)
        self.buffer.claim(start, end, "subject_id")

    def _ids_like(self, subject_id: str) -> set[str]:
        """Ids of the same form elsewhere in the message ("SM-1, SM-2, SM-3"): several animals."""
        prefix = re.match(r"#?([A-Za-z]+[\-_]?)\d+$", subject_id)
        if not prefix:
            return set()
        # Words already read (a strain's "F1", a line's "GAD67") are masked in buffer.text.
        pattern = rf"(?<![\w\-/]){re.escape(prefix.group(1))}\d+(?![\w\-/])"
        return {m.group(0) for m in re.finditer(pattern, self.buffer.text)} - {subject_id}

    def _species_among_rivals(self, text: str, first: re.Match[str]) -> tuple[re.Match[str], str]:
        """'The rig is also used for rats, but this was mouse UR-4': of several species, the one with the
        animal's id after it is read; with none or several such, the first is asked back."""
        matches = subject.find_all_species(text)
        # "Drosophila melanogaster fly", "cynomolgus monkeys": words of one noun phrase name one animal.
        apart = [m for m in matches if not any(o is not m and abs(o.end() - m.start()) <= 1 for o in matches)]

        def kind(match: re.Match[str]) -> str:
            match = subject.named_before_in_full(text, match) or match  # "deer mice ...; mouse PM-8": the deer mouse
            result = validate_field("species", match.group(0))
            return str(result.value) if result.ok else ""

        if len({kind(m) for m in apart} - {""}) < 2:
            return first, ""
        for other in matches:
            self.buffer.claim(other.start(), other.end(), "species")
        with_id = [m for m in apart if kind(m) and subject.ID_AFTER_SPECIES.match(text, m.end())]
        if len({kind(m) for m in with_id}) == 1:
            return with_id[0], ""
        return first, "the message names more than one kind of animal"

    def _named_subject(self) -> None:
        match = subject.NAMED.search(self.buffer.text)
        if match and not self.result.settles("subject_id"):
            self.taken(match.start(), match.end(), "subject_id", "subject_id", match.group("subject"))
        keyed = subject.NAME_AFTER_ID_KEY.search(self.buffer.text)
        if keyed and not self.result.settles("subject_id"):  # "ID CM-Ru", "ID: Mango"
            self._take_id(keyed.start("subject"), keyed.end("subject"), keyed.group("subject"))

    def _subject_id(self) -> None:
        for match in subject.SUBJECT_CUE.finditer(self.buffer.text):
            cue = match.group(0)[: match.start("id") - match.start()]
            if re.search(r"\b(?:is|was)\s*$", cue) and _AGE_TOKEN.fullmatch(match.group("id")):
                continue  # "the subject was P60": an age after the copula, not an id
            if re.search(r"\b(?:pup|larva)\s*$", cue, re.I) and _AGE_TOKEN.fullmatch(match.group("id")):
                continue  # "pup P7 recorded today": the pup's age, not an id
            if re.match(r"(?:ID|#|no\.?|number)\b", cue, re.I) and subject.id_of_another_thing(
                self.buffer.text, match.start()
            ):
                continue  # "Session ID is 715093703": the session's id, not the animal's
            if subject.of_another_animal(self.buffer.original, match.start()):
                continue  # "The previous session's animal was KS090": another animal's id
            if subject.looks_like_id(match.group("id")) and not self.result.settles("subject_id"):
                self._take_id(match.start(), match.end(), match.group("id"))
                return
        bids = subject.BIDS_ID.search(self.buffer.text)
        if bids and not self.result.settles("subject_id"):
            self._take_id(bids.start(), bids.end(), bids.group("id"))
        # "Medaka MD-5 (Oryzias latipes, male)": the id before the Latin name (claimed by now) in brackets
        before_latin = [m for m in subject.ids_before_a_latin_name(self.buffer.original) if self._unread(m.span("id"))]
        if len(before_latin) == 1 and not self.result.settles("subject_id"):
            self._take_id(*before_latin[0].span("id"), before_latin[0].group("id"))

    def _unread(self, span: tuple[int, int]) -> bool:
        return MASK not in self.buffer.text[span[0] : span[1]]

    def _subject_said_later(self) -> None:
        """'Two macaques (Macaca nemestrina) ...; data are from monkey Hendrix', "rat ~400g, M, 'Nestor'": the
        animal's id or name after a later word for the same animal, or in quotes on its own; read when there
        is exactly one."""
        species = self.result.values.get("species") or self._species_asked_back()
        if self.result.settles("subject_id") or not species:
            return
        text = self.buffer.original  # (the species words are claimed by now; the words after them are not)
        mentions = [
            m
            for m in subject.find_all_species(text)
            if not subject.plural(m.group(0))
            and not subject.of_another_animal(text, m.start())
            and self._same_animal(subject.named_before_in_full(text, m) or m, str(species))
        ]
        found = subject.names_said_for_the_animal(text, mentions)
        found = [f for f in found if MASK not in self.buffer.text[f[0] : f[1]] and f[2].lower() not in _NOT_PEOPLE]
        if len({said for _, _, said in found}) == 1:
            start, end, said = found[0]
            self._take_id(start, end, said)

    def _species_asked_back(self) -> str | None:
        """'A squirrel monkey; ...': a species asked back still names one animal; its likeliest reading stands
        for it when matching later words for the same animal (nothing is stored from it)."""
        asked = [c for c in self.result.confirmations if c.field == "species" and c.proposals]
        return str(asked[0].proposals[0].value) if len(asked) == 1 else None

    def _same_animal(self, mention: re.Match[str], species: str) -> bool:
        result = validate_field("species", mention.group(0))
        if result.ok:
            return str(result.value) == species or species.startswith(f"{result.value} ")
        return result.needs_confirmation and species in {str(p.value) for p in result.proposals}

    def _session_id(self) -> None:
        match = subject.SESSION_CUE.search(self.buffer.text)
        keyed = match and re.search(
            r"(?:id|#|no\.?|number)\s*[:#=]?\s*$", match.group(0)[: -len(match.group("id"))], re.I
        )
        colon = match and re.search(r"[:=]", match.group(0))
        if (
            match
            and colon
            and not keyed
            and not re.match(r"\s*(?:$|[,;|)\n]|\.(?:\s|$))", self.buffer.original[match.end() :])
        ):
            return  # "This session: 5xFAD mouse AD-12": words go on after it, so it describes the session, not names it
        if match and subject.looks_like_id(match.group("id")):
            self.taken(match.start(), match.end(), "session_id", "session_id", match.group("id"))

    def _sex(self) -> None:
        found = list(subject.SEX.finditer(self.buffer.text))
        if self.result.values.get("species") != "Homo sapiens":  # "the 30-year-old man who recorded it": a person
            found = [m for m in found if (m.group("aged") or "").lower() not in ("man", "woman")]
        original = self.buffer.original
        for left_out in [m for m in found if subject.sex_left_out(original, m)]:
            self.buffer.claim(*subject.sex_span(left_out), "sex of animals left out")  # "females were excluded"
        found = [m for m in found if not subject.sex_left_out(original, m)]
        for other in [m for m in found if subject.sex_of_another_animal(original, m)]:
            self.buffer.claim(*subject.sex_span(other), "another animal's sex")  # "the sham rat R-20 is a male"
        found = [m for m in found if not subject.sex_of_another_animal(original, m)]
        own = [m for m in found if not subject.sex_of_a_group(original, m)]
        for group in [m for m in found if own and m not in own]:
            self.buffer.claim(*subject.sex_span(group), "sex of a group")  # "male; the female rats weighed ..."
        found = own or found
        for denied in [m for m in found if subject.denied(original, subject.sex_span(m)[0])]:
            self.buffer.claim(*subject.sex_span(denied), "sex denied")  # "it's a female. Not male as on the form"
        found = [m for m in found if not subject.denied(original, subject.sex_span(m)[0])]
        if not found:
            # "mouse CR-88, she's 4 months", "he weighs 310 g": the pronoun of the animal whose age or weight it is
            original = self.buffer.original
            pronouns = {
                m.group("pronoun").lower()
                for m in _PRONOUN_OF_THE_ANIMAL.finditer(original)
                if not _person_named_before(original, m.start())
            }
            if len(pronouns) == 1 and self.result.settles("species"):
                doubt = "the message names more than one animal" if self._two_animals else ""
                self.store("sex", "female" if pronouns == {"she"} else "male", doubt=doubt)
            return
        # "Male experimenter, female mouse": a sex said of a person is not the animal's; of two, the one
        # beside the animal's name is read.
        doubts = [(m, subject.sex_of_a_person(self.buffer.original, *m.span())) for m in found]
        match, doubt = several.pick(
            doubts, lambda m: subject.sex_beside_the_animal(self.buffer.original, m.end()), "sex"
        )
        value = subject.sex_said(match)
        doubt = doubt or ("the message names more than one animal" if self._two_animals else "")
        # "pretty sure it's a female but I'd have to check": a guess in the sex's own sentence
        doubt = doubt or certainty.guess_beside(self.buffer.original, *match.span())
        if re.match(r"\s*\?", self.buffer.original[subject.sex_span(match)[1] :]):
            doubt = doubt or "the sex is said as a question"  # "sex M? F? unknown"
        self.store("sex", value, doubt=doubt)
        for other in found:
            self.buffer.claim(*subject.sex_span(other), "sex")  # "29 y/o F": the age before it stays for the age

    def _age(self) -> None:
        found = [
            (
                match,
                certainty.time_of_life_doubt(self.cues, *match.span())
                or hedge_near(self.cues, *match.span())
                or self._group_age_doubt(match)
                or _range_in_words_doubt(self.cues, match.start())
                or ("a list of ages, one per animal" if subject.one_of_listed_ages(self.cues, match.start()) else "")
                or self._age_of_a_named_person(match.start())
                or self._pronoun_of_one_of_two(match.start())
                or certainty.guess_in_clause(self.cues, *match.span())  # "male; I think 12 weeks"
                or ("the age is approximate" if re.search(r"~|\b(?:about|around|approx)", match.group(0), re.I) else "")
                or _age_now_recorded_before(self.cues, match.end()),
            )
            for pattern in (subject.AGE_POSTNATAL, subject.AGE_RANGE, subject.AGE_QUANTITY)
            for found_age in pattern.finditer(self.buffer.text)
            for match in subject.split_repeated_unit(self.buffer.text, found_age)  # "3 weeks, 12 weeks old"
        ]
        # "6-8 weeks" holds "8 weeks": a reading inside a longer one is the same words.
        found = [(m, d) for m, d in found if not any(_inside(m.span(), o.span()) for o, _ in found)]
        for group in [m for m, _ in found if subject.said_of_a_group_kept(self.buffer.original, m.start())]:
            self.buffer.claim(group.start(), group.end(), "a group's age")  # "(the colony ranges 3-18 months)"
        found = [(m, d) for m, d in found if not subject.said_of_a_group_kept(self.buffer.original, m.start())]
        found = [(m, d) for m, d in found if not subject.id_after_an_animal_word(self.buffer.original, m.start())]
        if self.result.values.get("species") != "Homo sapiens":  # "the 30-year-old man who recorded it"
            for person in [m for m, _ in found if subject.age_of_a_person(self.buffer.original, m.end())]:
                self.buffer.claim(person.start(), person.end(), "age of a person")
            found = [(m, d) for m, d in found if not subject.age_of_a_person(self.buffer.original, m.end())]
        found = [(m, d or subject.given_with_a_spread(self.buffer.original, *m.span())) for m, d in found]
        for spread in [m for m, _ in found if subject.a_spread(self.buffer.original, m.start())]:
            self.buffer.claim(spread.start(), spread.end(), "spread")  # "12 weeks (+/- 3 days)": no age of its own
        found = [(m, d) for m, d in found if not subject.a_spread(self.buffer.original, m.start())]
        for spent in [m for m, _ in found if subject.time_spent(self.buffer.original, *m.span())]:
            self.buffer.claim(spent.start(), spent.end(), "time spent")  # "needed 31 days": a span, never an age
        found = [(m, d) for m, d in found if not subject.time_spent(self.buffer.original, *m.span())]
        for bound in [m for m, _ in found if bound_near(self.cues, *m.span())]:
            # "adult (>P60)": a bound is not one age; never stored, and said why
            said_bound = bound_near(self.cues, *bound.span())
            reason = f"'{said_bound}' gives a bound, not the age itself."
            self.result.rejections.append(Rejection(field="age", raw=said_bound, reason=reason, example="'P75'"))
            self.buffer.claim(bound.start(), bound.end(), "bound")
        found = [(m, d) for m, d in found if not bound_near(self.cues, *m.span())]
        if not found:
            return
        shared = subject.age_at_recording_in_the_unit_before(self.buffer.original, [m for m, _ in found])
        if shared and all(doubt for _, doubt in found):  # "6 weeks at surgery, 9 at the recording"
            bare, raw = shared
            self.store("age", raw, lambda raw=raw: age_rule.normalize_age(raw))  # type: ignore[misc]
            for match in [bare, *(m for m, _ in found)]:
                self.buffer.claim(match.start(), match.end(), "age")
            return
        # An age at the session wins over one at arrival or surgery, which is asked back only if alone;
        # two ages neither of which is said of the recording are asked back.
        match, doubt = several.pick(found, lambda m: certainty.said_of_recording(self.cues, *m.span()), "age")
        raw = match.group(0)
        self.store("age", raw, lambda raw=raw: age_rule.normalize_age(raw), doubt)  # type: ignore[misc]
        for other, _ in found:
            if MASK not in self.buffer.text[other.start() : other.end()]:
                self.buffer.claim(other.start(), other.end(), "age")

    def _pronoun_of_one_of_two(self, start: int) -> str:
        """'mouse AB-1 and mouse AB-2; he is 12 weeks old': a pronoun's age when two animals are named."""
        pronoun = re.search(
            r"\b(?:she|he|it)(?:'s|\s+is|\s+was)\s+$", self.buffer.original[max(0, start - 12) : start], re.I
        )
        return "the message names more than one animal" if pronoun and self._two_animals else ""

    def _age_of_a_named_person(self, start: int) -> str:
        """'Recorded by Tom Hale, he is 30 years old': the pronoun before the age is the person's."""
        pronoun = re.search(
            r"\b(?:she|he)(?:'s|\s+is|\s+was)\s+$", self.buffer.original[max(0, start - 12) : start], re.I
        )
        if pronoun and _person_named_before(self.buffer.original, start):
            return "said of a person named before it"
        return ""

    def _group_age_doubt(self, age: re.Match[str]) -> str:
        """'We used 3-month-old males; mouse QX-3 is female': an age said of animals in the plural while the
        message names its own subject is the group's, which the subject may not share."""
        group = _GROUP_AFTER_AGE.match(self.buffer.original, age.end())
        own = self.result.settles("subject_id")
        if group and own:
            return f"said of a group ('{group.group('group')}'), not this animal"
        # "The pups were P10; their mother KR-9 ...": an age said of several animals beside this one or a parent
        plural = _PLURAL_WERE_BEFORE.search(self.buffer.original[max(0, age.start() - 40) : age.start()])
        if plural and (own or _ANOTHER_ANIMAL_BORN.search(self.cues)):
            return f"said of several animals ('{plural.group(0).strip()}'), not this one"
        # "mice (8-12 weeks) were used", "two monkeys, 7 and 9 years old": a range of ages in a sentence
        # about several animals is the group's; the one subject has one age within it.
        if subject.AGE_RANGE.fullmatch(age.group(0)) or re.search(r"\d\s*(?:and|,)\s*\d", age.group(0)):
            sentence = certainty.sentence_around(self.buffer.original, *age.span())
            several_animals = _SEVERAL_ANIMALS.search(sentence)
            if several_animals:
                return f"a range of ages said of several animals ('{several_animals.group(0)}')"
        return ""

    def _weight(self) -> None:
        found = subject.animal_weights(self.buffer.text, self.buffer.original)
        found = [w for w in found if not bound_near(self.cues, *w.span("weight"))]  # "over 300 g" is a bound
        found = [w for w in found if not subject.denied(self.buffer.original, w.start("weight"))]  # "not 289 g"
        for match in subject.WEIGHT.finditer(self.buffer.text):
            # Masses that weigh something else or the animal at another time are claimed, not stored.
            kind = "weight" if found and match.span() == found[0].span() else "mass"
            self.buffer.claim(match.start(), match.end(), kind)
        if found:
            # A weight at the session wins over one on arrival, which is asked back only if alone.
            doubts = [(weight, self._weight_doubt(weight)) for weight in found]

            def certain(w: re.Match[str]) -> bool:  # "296 g (Wed, recording day)": a note names the recording
                said = certainty.said_of_recording(self.cues, *w.span())
                return said or subject.recording_note_after(self.buffer.original, w.end())

            weight, doubt = several.pick(doubts, certain, "weight")
            self.store("weight", weight.group("weight"), doubt=doubt)

    def _weight_doubt(self, weight: re.Match[str]) -> str:
        if re.match(r"\s*of\s+(?!body)\w", self.buffer.original[weight.end() :]):
            return "a mass of something given, not the animal's weight"
        before = self.buffer.original[max(0, weight.start() - 12) : weight.start()]
        if re.search(r"%\s*of\s+$", before):
            return "a share of a weight, not the animal's weight"
        if re.search(r"\d\s*(?:-|–|to)\s*$", before):
            return "a range of weights, not one animal's"
        if re.search(r"(?:±|\+/-|\+-)\s*$", before):
            return "a spread of weights, not one animal's"  # "300 ± 20 g"
        if _in_a_quoted_note(self.buffer.original, weight.start()):
            return "the weight is in a quoted note, which may be of another day"
        if _NO_RECORDING.search(self.cues):
            return "the message says there was no recording that day"  # "weighed HS-2 (24 g), no recording today"
        start, end = weight.span("weight")
        return (
            certainty.time_of_life_doubt(self.cues, *weight.span())
            or hedge_near(self.cues, start, end)
            or certainty.guess_in_clause(self.cues, start, end)  # "female; I think 24 g"
        )

    def _lone_subject_id(self) -> None:
        """'C57BL/6 mice, male, m101, ...': a short code alone between commas is the subject id (in a
        description, or asked for; "E16" answering the age is not an id)."""
        if self.result.settles("subject_id"):
            return
        if self.asked and "subject_id" not in self.asked and not re.search(r"[,;]", self.buffer.original):
            return
        said = {str(self.result.values.get("species"))} | {
            str(p.value) for c in self.result.confirmations if c.field == "species" for p in c.proposals
        }
        for segment in subject.LONE_ID.finditer(self.buffer.text):
            if subject.strain_of(segment.group("id"), said):
                continue  # "worm, N2, adult hermaphrodite": the species' strain, not the animal's id
            if subject.looks_like_id(segment.group("id")):
                self._take_id(segment.start("id"), segment.end("id"), segment.group("id"))
                return

    def _location(self) -> None:
        requested = requested_in_quotes(self.buffer.original)
        if requested and not self.result.settles("electrode_location"):  # "so put both please: 'M1 and PMd'"
            self.store("electrode_location", requested)
            return
        # Not claimed: "V1 recording" names the area and also describes the session.
        text, found, seen = self.buffer.text, [], 0
        while seen < _MOST_AREAS and (area := find_area(text, in_prose=True)) is not None:
            text, seen = text[: area[1]] + MASK * (area[2] - area[1]) + text[area[2] :], seen + 1
            if in_another_fields_quotes(self.buffer.original, area[1]):
                continue  # "description 'Ex vivo retina on an array'": the description's words, not the site
            if tables.in_a_column_of_another_field(self.buffer.original, area[1]):
                continue  # "keyword1,keyword2\nhead direction,anterior thalamus": a keyword's cell
            if landmark_doubt(self.cues, area[1]) or negated(self.buffer.original, area[1], area[2]):
                continue  # "the cortex above CA1", "not CA1": a landmark or a denied area is no site nor rival
            if names_a_thing(self.buffer.original, area[2]):
                continue  # "ELN › Hippocampus project › ...": a project's name, no site nor rival
            doubt = (
                certainty.location_doubt(self.cues, area[1])
                or certainty.plan_doubt(self.cues, area[1], area[2])
                or certainty.guess_in_clause(self.cues, area[1], area[2])
                or certainty.pending_after(self.cues, area[2])
                or certainty.alternatives_doubt(self.cues, area[1], area[2])
                or certainty.both_sides_doubt(self.cues, area[1])
                or qualified_kind_of_recording(self.cues, area[1], area[2])
                or ("a second site is named after it" if another_site_after(self.cues, area[2]) else "")
            )
            found.append((area, doubt))
        if not found and (last := last_cell_area(self.buffer.text)) is not None:
            found = [(last, "")]  # "vole PVL-6 — ♂ — 42 g — LS": the last cell of a line of the animal's values
        if not found:
            return
        said = {self.buffer.original[a[1] : a[2]].lower() for a, _ in found}
        free = [(a, d) for a, d in found if not d]
        if len(said) > 1:
            # Several areas (an injection site, a probe's path, a target missed): only one said to be
            # where the recording was is stored; otherwise the first is asked back.
            recorded = [
                (a, d)
                for a, d in free
                if certainty.said_recorded_there(self.cues, a[1]) or the_files_own(self.cues, a[1])
            ]
            others = ", ".join(sorted(said))
            free = recorded[:1] if len({self.buffer.original[a[1] : a[2]].lower() for a, _ in recorded}) == 1 else []
            found = [(a, d or f"the message names more than one area ({others})") for a, d in found]
        area, doubt = free[0] if free else found[0]
        self.store("electrode_location", self.buffer.original[area[1] : area[2]], doubt=doubt)

    def _description(self) -> None:
        if self.result.settles("session_description"):
            return
        segments = list(_SEGMENTS.finditer(self.buffer.text))
        for index, segment in enumerate(segments):
            if not _DESCRIBES_SESSION.search(segment.group(0)):
                continue
            kept = self._until_first_claim(segment.start(), segment.end())
            if len(kept) == segment.end() - segment.start():
                kept += self._unclaimed_tail(segments[index + 1 :], segment.end())
            kept = _DESCRIPTION_LEAD.sub("", kept)
            kept = _LABEL.sub("", kept)  # "Today's session: foraging ...": the label is not the description
            kept = " ".join(kept.split()).strip(" ,;:-(")
            kept = re.sub(r"(?:\s+(?:by|at|on|in|the|a|an|of|from|and|with|was|were|is|for))+$", "", kept, flags=re.I)
            if _NOT_A_DESCRIPTION.match(kept) or _ONLY_AN_EVENT.match(kept):
                continue
            if len(content_words(kept)) < 1 or len(kept.split()) < 2:
                continue
            if not _describes_the_session(kept):
                continue
            # "Two-photon imaging was done by X": a short kind of session that is the subject of a sentence
            # (about who or where) is not a label standing alone
            # ("Two-photon imaging in Sst-Cre mice was carried out at X": the kind is the head of the subject, the
            # words of the subject cut at a value taken inside it)
            subject_of_a_verb = bool(
                re.search(rf"{re.escape(kept)}\s+{_VERB_OF_A_SENTENCE}", self.buffer.original)
            ) or certainty.head_of_a_subject(self.buffer.original, segment, kept)
            labelled = bool(_SESSION_LABEL.match(segment.group(0))) or (
                (
                    certainty.short_kind_of_session(kept)
                    or (
                        certainty.kind_of_session_in_a_place(kept, leading=index == 0)
                        and _nothing_said_after(segment.group(0), kept)
                    )
                )
                and not subject_of_a_verb
            )
            doubt = certainty.description_doubt(kept) or ("" if labelled else certainty.PROSE_DESCRIPTION)
            if self.store("session_description", kept, doubt=doubt):
                # The words it was made of, up to the first value taken (the text above was tidied).
                start = segment.start() + self.buffer.original[segment.start() :].find(kept.split()[0])
                end = self.buffer.original.find(kept.split()[-1], start) + len(kept.split()[-1])
                self.buffer.claim(start, end, "session_description")
            return

    def _unclaimed_tail(self, following: list[re.Match[str]], end: int) -> str:
        """ ", run 3" after "Neuropixels 1.0 acute recording": short pieces no value took belong to it."""
        tail = ""
        for segment in following:
            words = segment.group(0).split()
            between = self.buffer.text[end : segment.start()]
            if (
                MASK in segment.group(0)
                or MASK in between
                or not 1 <= len(words) <= 4
                or not content_words(segment.group(0))
                or certainty.is_sign_off(segment.group(0))
            ):
                break
            tail += between + segment.group(0)
            end = segment.end()
        return tail

    def _until_first_claim(self, start: int, end: int) -> str:
        """The original words from `start` up to the first value already taken ("V1 recording in
        mouse m042 on 5 March" -> "V1 recording in"); cutting out the middle would leave holes."""
        cut = min([s for s, e, _ in self.buffer.claims if start <= s < end], default=end)
        return self.buffer.original[start:cut]

    def _answer_to_question(self) -> None:
        leftover = strip_preamble(
            talk.without_leading_talk(self.buffer.leftover()), self.asked[0] if len(self.asked) == 1 else ""
        )
        waiting = [
            name
            for name in self.asked
            if not self.result.settles(name) and not any(name in i.fields for i in self.result.intents)
        ]
        if self.result.has_intent(IntentKind.SKIP_ALL) or talk.is_talk(leftover) or said.POINTER.match(leftover):
            return  # "hmm" or "see notes" left beside a keyed value is no value of the fields still waiting
        if talk.thinking_aloud(self.buffer.original):
            return  # "hmm, 'attention' and 'V4'?": the person thinks aloud; the question is asked again
        if not content_words(leftover):
            nothing_read = not (self.result.values or self.result.intents or self.result.confirmations)
            if not (nothing_read and len(waiting) == 1 and leftover):
                return  # "adult" answering the age: its rule says why it is not one
        if len(waiting) == 1:
            name = waiting[0]
            if name == "session_start_time" and self.partial.get(name):
                self.store(name, leftover, lambda: attach_zone(self.partial[name], leftover, now=self.now))
            elif name in ("session_start_time", "date_of_birth"):
                self.store(name, leftover, self._dated_rule(name, leftover))
            else:
                note = re.search(r"(?<=\S)\s*\([^()]{1,60}\)\s*$", leftover) if name not in _FREE_TEXT else None
                if (
                    note
                    and validate_field(name, leftover[: note.start()]).ok
                    and not certainty.note_says_otherwise(note.group(0), of_time=name != "sex")
                ):
                    leftover = leftover[: note.start()]  # "M (checked at weaning)": a note on the answer
                doubt = _CUT_CLAUSE if name in _FREE_TEXT and self._leftover_cut_mid_clause() else ""
                self.store(name, leftover, doubt=doubt)
            return
        fits = [(name, validate_field(name, leftover)) for name in waiting]
        accepted = [(name, result) for name, result in fits if result.ok]
        if len(accepted) == 1 and not (accepted[0][0] in _FREE_TEXT and self._leftover_cut_mid_clause()):
            self.store(accepted[0][0], leftover, lambda: accepted[0][1])
            return
        # Words left between the values read ("the recording is from our [mouse ...] are in Seattle") are
        # no description when several questions were asked: only free text takes them, holes and all.
        texts = [name for name, _ in accepted if name in _FREE_TEXT and name != "keywords"]
        only_texts = len(texts) > 1 and len(accepted) == len(texts) + ("keywords" in dict(accepted))
        if only_texts and not self._leftover_cut_mid_clause() and len(content_words(leftover)) >= 3:
            # a whole sentence answering several descriptions: the one its words are about, as a question
            about = [n for n in texts if _DESCRIPTION_CUES[n].search(leftover)]
            name = about[0] if about else texts[0]
            self.store(name, leftover, lambda: dict(accepted)[name], doubt=_SEVERAL_TEXTS_ASKED)
            return
        used = {word.lower() for found in self.result.found for word in content_words(found.raw)}
        # Words a value was read from are understood, wherever the finder left them unclaimed, and so are
        # the words of a value stored ("mouse, Mus musculus": the Latin name says what "mouse" was read as).
        used |= {word.lower() for value in self.result.values.values() for word in content_words(as_text(value))}
        self.result.unparsed = " ".join(w for w in content_words(leftover) if w.lower() not in used)

    def _leftover_cut_mid_clause(self) -> bool:
        """True when a value was taken out of the middle of a clause, so what is left of that clause is a
        fragment ("bobby is the name we use, the [ID is R-112]"), not an answer of its own."""
        pieces = re.split(rf"{re.escape(MASK)}+", self.buffer.text)
        for index, piece in enumerate(pieces):
            if not content_words(piece):
                continue
            cut_after = index < len(pieces) - 1 and not re.search(r"[,;:.\n\-–—]\s*$", piece)
            cut_before = index > 0 and not re.match(r"\s*[,;:.\n\-–—]", piece)
            if cut_after or cut_before:
                return True
        return False

    def _species_instead_of_id(self) -> None:
        """Asked for the animal's ID, the user named only its species ("mouse"): the species is kept,
        and the ID is refused so that it is asked again rather than silently left out."""
        if "subject_id" not in self.asked or "species" in self.asked or "species" not in self.result.values:
            return
        if self.result.settles("subject_id") or any(
            "subject_id" in i.fields or not i.fields for i in self.result.intents
        ):
            return
        words = next(f.raw for f in self.result.found if f.field == "species")
        self.result.rejections.append(
            Rejection(
                field="subject_id", raw=words, reason=species_is_not_an_id(words), example=ID_EXAMPLES["subject_id"]
            )
        )


_GROUP_AFTER_AGE = re.compile(
    r"[-\s]*(?:old\s+)?(?:(?:male|female|adult|young)\s+)?(?P<group>males|females|mice|rats|animals|pups)\b", re.I
)
_SEVERAL_ANIMALS = re.compile(
    r"\b(?:mice|rats|monkeys|macaques|marmosets|animals|gerbils|ferrets|birds|finches|voles|bats|pups|males|"
    r"females|subjects|participants|cohort|group)\b|\bn\s*=\s*\d+",
    re.I,
)
# Words after a keyed value that are about it, not part of it: "FVB/NJ fyi", "ventral CA1 this time".
_TRAILING_ASIDE = re.compile(
    r"(?:\s+(?:fyi|btw|lol|thx|thanks|pls|plz|please|this\s+time|today|again|as\s+usual|as\s+always))+\W*$",
    re.I,
)
# "10:15-11:00", "10:15 to 11:00", "from 9:00 until 10:30": the first time of a range, right before its end.
_RANGE_BEGAN = re.compile(rf"(?P<time>{TIME_OF_DAY.pattern})\s*(?:-|–|—|to|until|till)\s*$", re.I)
# The subject's fields, whose keyed values are single terms (a question mark makes them a question).
_OPENING = {"}": "{", "]": "["}  # a closing bracket the value did not open ends a dict or a list around it
# "Bat 7736 ...; today it's bat 7741": a number of three digits or more after the animal word, no unit after it.
_NUMBER_ID = r"\d{3,}(?![\w-]|[.,]\d|\s*(?:g|kg|mg|grams?|days?|weeks?|months?|years?|wk|d|m|y|%)\b)"
_SUBJECT_FIELDS = ("species", "strain", "genotype", "sex", "age", "weight", "subject_id", "electrode_location")
_OTHER_ANIMAL_BEFORE = re.compile(
    r"\b(?:its|her|his|their|the|a)\s+(?:(?:male|female|own)\s+)?(?P<other>controls?|littermates?|siblings?|"
    r"sisters?|brothers?|cage\s*mates?|mother|father|dam|sire|parents?)\b[^,;.]*$",
    re.I,
)
_OTHER_ANIMAL_AFTER = re.compile(
    r"[\s-]*(?:(?:male|female)\s+)?(?P<other>controls?|littermates?|siblings?|sham|cage\s*mates?)\b", re.I
)
_TIME_KEYED = re.compile(r"(?:\btime\s*[:=]|\|)\s*$", re.I)
_START_AFTER = re.compile(r"\s*(?:start|started|begin|onset)\b", re.I)
_LEFT_OUT = re.compile(
    r"\s*(?:\([^()]{0,40}\)\s*)?(?:was|were|is|has\s+been|had\s+been)?\s*(?:excluded|removed|discarded|dropped|died|"
    r"euthani[sz]ed|not\s+recorded)\b",
    re.I,
)
_PRONOUN_OF_THE_ANIMAL = re.compile(
    r"\b(?P<pronoun>she|he)(?:'s|\s+is|\s+was|\s+has|\s+weighs|\s+weighed)\s+(?:now\s+)?\d+(?:[.,]\d+)?\s*"
    r"(?:weeks?|wks?|months?|mo|days?|years?|g|grams?|kg)\b",
    re.I,
)
# "ended at 11:40 on ...", "until 11:00", "session end: ...": the time after these is an end.
_ENDED_AT = re.compile(
    r"\b(?:ended|ending|ends|end|finished|stopped|until|till|through)(?:\s*[:=]\s*|\s+)(?:at\s+|around\s+|on\s+)?$",
    re.I,
)


def _only_a_species(said: str) -> bool:
    """'monkey', 'marmoset': the words are one animal word and nothing else."""
    kind = subject.find_species(said)
    return kind is not None and kind.group(0) == said.strip()


def _said_as_the_end(text: str, start: int, end: int) -> str:
    """'recording ended 2023-07-07 16:00': a day (and time) right after an end word is when it ended. (A bare
    time of day after one is the end of a range, read with its start by _from_range_start.)"""
    if TIME_OF_DAY.match(text[start:end]) or not _ENDED_AT.search(text, max(0, start - 25), start):
        return ""
    return "the time read is when the session ended"


_STARTED_AT = re.compile(
    rf"\b(?:started|starting|starts|start|began|begun|begin)\s+(?:at\s+)?(?P<time>{TIME_OF_DAY.pattern})", re.I
)
_PRONOUN = re.compile(r"(?:it|he|she|they|this|that|which)", re.I)
_AGE_TOKEN = re.compile(r"(?:P|E|PND)\d+(?:\.\d+)?[DWMY]?", re.I)
_BARE_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_JUST_ME = re.compile(r"^(?:just|only)\s+(?:me|myself)\s*[,:\-–]?\s*", re.I)
_AFFILIATION = re.compile(
    r",\s*(?:[^,]*\b(?:University|Universit\w+|Institut\w*|College|Hospital|Charit\w+|Centre|Center|School)\b[^,]*)$"
)


# After a species: a second parent ("x fascicularis", "× M. fascicularis") or "hybrid"/"cross" in the words after it.
# (a strain's cross, "mouse x CBA", "mouse F1 hybrid", is still one species)
_HYBRID_AFTER = re.compile(
    r"\s*(?:x|×)\s+(?:[A-Z][a-z]+\s+|[A-Z]\.\s*)?[a-z]{3,}|(?:\s+[a-z.]+){0,3}?\s+(?:hybrids?|crossbreds?)\b"
)


# "Zone: Europe/Athens", "tz=America/Toronto", "timezone: CET": the zone of the start, keyed apart from it.
_ZONE_KEY = re.compile(r"(?:^|(?<=[\s;,|]))(?:time[\s_]*zone|timezone|zone|tz)\s*[:=]\s*(?P<zone>[^\n;,|]{1,40})", re.I)


def _with_keyed_zone(raw: str, text: str) -> str:
    """The start said without its zone, with the zone one key of the message gives (as it is when none does)."""
    zones = [z for m in _ZONE_KEY.finditer(text) if isinstance(z := find_zone(m.group("zone").strip()), Zone)]
    return f"{raw} {zones[0].label}" if len({z.name for z in zones}) == 1 else raw


def _subspecies_in_brackets(text: str, said: str) -> str:
    """The species `said`, or the subspecies of it named in brackets after a word for it in `text`
    ("Domestic pigs (Sus scrofa domesticus) ...; pig YP-12"): the narrower name said is kept, not its species."""
    species = validate_field("species", said)
    if not species.ok:
        return said
    for mention in subject.find_all_species(text):
        latin = subject.LATIN_IN_BRACKETS.match(text, mention.end())
        inner = latin.group(0).strip(" \t()") if latin else ""
        if inner and str(validate_field("species", inner).value).startswith(f"{species.value} "):
            return inner
    for bracket in subject.BRACKETED_BINOMIAL.finditer(text):  # "pig P8 (Sus scrofa domesticus, ♀, 42 kg)"
        inner = bracket.group("latin")
        if str(validate_field("species", inner).value).startswith(f"{species.value} "):
            return inner
    return said


def _hybrid_doubt(original: str, end: int) -> str:
    hybrid = _HYBRID_AFTER.match(original, end)
    return f"the animal is said to be a cross ('{original[end : hybrid.end()].strip()}')" if hybrid else ""


# "probably a rat", "maybe mice", "I think it was a rat", "rat, I think", "a rat?": the species is guessed.
_GUESS_BEFORE_SPECIES = re.compile(
    r"\b(?:I\s+think|I\s+believe|I\s+guess|probably|maybe|perhaps|possibly|presumably|not\s+sure\s+(?:if|whether))"
    r"\s+(?:(?:it|this|that)\s+(?:was|is|'s)\s+|it'?s\s+)?(?:an?\s+)?(?:(?:adult|young|male|female)\s+)?"
    r"(?:(?=[\w/;:()+.\-]*[\d/-])[A-Za-z0-9][\w/;:()+.\-]*\s+)?$",  # "probably a Thy1-GCaMP6s mouse": the line between
    re.I,
)
_GUESS_AFTER_SPECIES = re.compile(r"\s*(?:\?|,?\s*(?:I\s+think|I\s+believe|probably|maybe|perhaps)\b)", re.I)


def _species_meant(said: str) -> set[str]:
    """The Latin names a species word may mean: the one it names, or those a broad word is asked back with."""
    result = validate_field("species", said)
    return {str(result.value)} if result.ok else {str(p.value) for p in result.proposals}


def _species_guess(text: str, start: int, end: int) -> str:
    guess = _GUESS_BEFORE_SPECIES.search(text[max(0, start - 40) : start]) or _GUESS_AFTER_SPECIES.match(text, end)
    return f"the words say '{guess.group(0).strip()}'" if guess else ""


_NOW_AFTER = re.compile(r"(?:\s+old)?\s*,?\s*(?:now|currently|today|at\s+present)\b", re.I)
_RECORDED_BEFORE = re.compile(
    r"\b(?:record\w*|sessions?|experiments?)\b[^.;]{0,40}\b(?:ago|last\s+(?:week|month|year)|earlier)\b", re.I
)


def _age_now_recorded_before(text: str, end: int) -> str:
    """'She is 4 months old now; the recording was two weeks ago': the age today, not on the recording day."""
    if _NOW_AFTER.match(text, end) and _RECORDED_BEFORE.search(text):
        return "the age is said for now, and the recording was earlier"
    return ""


# A note in brackets after a keyed value saying it is a plan, an estimate or another time's.
_NOTE_OF_ANOTHER_TIME = re.compile(
    r"\([^()]*\b(?:planned|intended|target(?:ed)?|aim(?:ed)?|pre-?(?:surgery|op)|at\s+(?:surgery|arrival|implant)|"
    r"estimated|approx\w*|the\s+parents|mother|father|virus|viral|AAV\w*|injected)\b[^()]*\)",
    re.I,
)
# "(the pilot used 12 directions)", "(previous session: 20 trials)": a closing aside about another session, animal or
# run than the one described.
_ASIDE_OF_ANOTHER_THING = re.compile(
    r"[\s.;,]*\(\s*(?:in\s+|for\s+|unlike\s+)?(?:the\s+|a\s+|an\s+|our\s+|my\s+)?(?:pilots?|previous|earlier|"
    r"former|prior|(?:last|next|first|other|another|old|original)\s+(?:sessions?|runs?|days?|weeks?|animals?|mice|mouse|"
    r"rats?|cohorts?|groups?|recordings?|experiments?|stud(?:y|ies)|versions?|setups?|rigs?))\b[^()]*\)\W*$",
    re.I,
)
# "The pups were P10", "the mice are about 8 weeks": an age said of animals in the plural.
_PLURAL_WERE_BEFORE = re.compile(
    r"\b(?:pups|mice|rats|animals|larvae|monkeys|littermates|offspring|siblings)\s+(?:were|are)\s+"
    r"(?:all\s+)?(?:about\s+|around\s+)?$",
    re.I,
)
# "Dam DOB 2022-10-10", "the mother was born on ...": a birth date said of another animal.
_ANOTHER_ANIMAL_BORN = re.compile(
    r"\b(?:dams?|sires?|mother|father|parents?|breeders?|sisters?|brothers?|cage\s*mates?|littermates?)\b", re.I
)
# "no recording today", "we did not record": the day a value was taken on is not a recording day.
_NO_RECORDING = re.compile(
    r"\bno\s+(?:recordings?|sessions?|ephys|imaging)\s+(?:today|that\s+day|this\s+day|on\s+that\s+day)\b|"
    r"\b(?:did\s+not|didn'?t|could\s+not|couldn'?t|was\s+not|wasn'?t|were\s+not|weren'?t)\s+(?:be\s+)?record(?:ed)?\s+"
    r"(?:today|that\s+day|on\s+that\s+day)\b",
    re.I,
)
# A sentence someone else wrote, quoted ("from our surgeon: 'Implant on 2024-01-16, rat 21 at 360 g.'").
_QUOTED_NOTE = re.compile(
    r"""(?<!\w)(?:'(?=[^'\n]{0,600}?\s)[^'\n]{1,600}'|"(?=[^"\n]{0,600}?\s)[^"\n]{1,600}"|“[^”\n]{1,600}”)(?!\w)"""
)


def _in_a_quoted_note(original: str, position: int) -> bool:
    notes = (m.span() for m in _QUOTED_NOTE.finditer(original) if m.end() - m.start() >= 15)
    return any(start < position < end for start, end in notes)


def _outside_a_quoted_note(text: str, original: str, first: re.Match[str]) -> re.Match[str]:
    """The animal named in a quoted note is another message's: an id given for the same species outside
    it says which animal this one is ("the surgeon wrote: 'rat 21 at 360 g' ... rat ID GR-21")."""
    if not _in_a_quoted_note(original, first.start()):
        return first
    species = validate_field("species", first.group(0)).value
    outside = [
        m
        for m in subject.find_all_species(text)
        if not _in_a_quoted_note(original, m.start())
        and validate_field("species", m.group(0)).value == species
        and subject.ID_AFTER_SPECIES.match(text, m.end())
    ]
    return outside[0] if outside else first


def _without_affiliation(names: str) -> str:
    """'Lena Fischer, Charité Berlin': a name then where the person works is one person."""
    return _AFFILIATION.sub("", names) if " and " not in names and "&" not in names else names


def _parts_said_as_guesses(text: str) -> list[str]:
    """ "Long Evans, male, about 3 months I think": the guess is said of its own part only. Empty when it
    covers the whole answer: it opens it ("I think female, 12 weeks") or stands alone ("female, probably")."""
    parts = re.split(r"[,;]", text)
    guessed = [part for part in parts if GUESS.search(part)]
    if len(parts) < 2 or GUESS.search(parts[0]):
        return []
    if any(not content_words(GUESS.sub(" ", part)) for part in guessed):
        return []
    return guessed


def _asked_back(field_name: str, result: RuleResult, doubt: str) -> RuleResult:
    """A value read in a frame whose role is uncertain: the same value, as a question."""
    value = result.value
    label = "; ".join(str(v) for v in value) if isinstance(value, list) else str(value)
    question = f"Did you mean {label!r} as the {field_name.replace('_', ' ')}? ({doubt})"
    return ask_back(field_name, question, [ValueProposal(value=value, label=label, extra=result.extra)])


# "strain AQ3236", "of strain ZIM504": a stock code (capitals, then digits) right after the word "strain".
_STRAIN_CODE = re.compile(r"(?<![\w-])strain\s+(?P<code>[A-Z]{1,4}\d{2,6}[A-Za-z]?)(?![\w/-])")


def _nothing_said_after(segment: str, kept: str) -> bool:
    """'Tetrode recording in CA3 of [rat Nova]': after the label, its segment holds only values taken and the words
    joining them ('of mouse 4 failed' says something more: a sentence, not a label)."""
    rest = segment.replace(MASK, " ").split()[len(kept.split()) :]
    return all(word.lower() in ("of", "in", "from", "the", "a", "an", "and", "with") for word in rest)


_SAYS_WHO_RECORDED = re.compile(
    r"\b(?:recorded|ran\s+(?:it|the)|did\s+(?:it|the\s+recording)|experimenters?|performed|collected)\b", re.I
)


def _labels_of(name: str) -> list[str]:
    """A field's names as a person says them: 'session description', 'session', its aliases."""
    spec = FIELDS.get(name)
    return [name.replace("_", " "), *(spec.aliases if spec else ())]


def _without_closing_bracket(raw: str) -> str:
    """'(genotype: A x B)': the bracket closes the aside, not the genotype."""
    return raw[:-1] if raw.endswith(")") and raw.count("(") < raw.count(")") else raw


def _inside(span: tuple[int, int], other: tuple[int, int]) -> bool:
    return other[0] <= span[0] and span[1] <= other[1] and span != other


def _describes_the_session(kept: str) -> bool:
    """What would be stored names the kind of session ("acute recording", "open field") and says
    more than when it was: "We implanted" or "Recording on 2022-09-15 at 11:00" are not descriptions."""
    if not _DESCRIBES_SESSION.search(kept):
        return False
    words = [w for w in re.findall(r"[^\W\d_][\w'./-]*", kept) if not _ONLY_WHEN.match(w.strip("."))]
    return bool(words)


def _declines_a_field(clause: str) -> bool:
    """'skip', 'pass', 'leave the lab blank', or 'no' and a field's name ('no keywords')."""
    if said.SKIP_FIELD.search(clause):
        return True
    declined = said.NO_FIELD.match(clause)
    return bool(declined and field_named(declined.group("field")))


# Words after a known strain or line that may change what it is: a cross, a zygosity, a number, another line.
_CHANGES_THE_VALUE = re.compile(
    r"[×/;+:=]|\d|\b(?:x|het\w*|hom\w*|hemi\w*|ko|ki|cre|flox\w*|fl|tg|transgenic|knock\w*|crossed|cross|"
    r"mix\w*|backcross\w*|not|no|but|except|or|and|like|same|as|dams?|sires?|mother|father|parents?|breeders?|"
    r"donors?|colony|cage\s*mates?)\b",
    re.I,
)


def _value_before_comment(answer: str, name: str) -> str | None:
    """'Sprague Dawley, outbred', 'WT littermate of the mutants': a whole answer that opens with one known strain
    (or line, or wild type) and goes on with words about it; the value is the known words. None when the words
    after it may change what it is ('Pvalb-Cre x Ai14', 'WT for Shank3', 'C57BL/6J, I think')."""
    found = (
        find_strains(answer, short_names=True)
        if name == "strain"
        else find_genotypes(answer) or list(WILD_TYPE.finditer(answer))
    )
    if len(found) != 1 or answer[: found[0].start()].strip():
        return None
    rest = answer[found[0].end() :]
    if not re.match(r"\s*[,(\-–—]|\s+(?-i:[a-z])", rest) or _CHANGES_THE_VALUE.search(rest) or GUESS.search(rest):
        return None
    return found[0].group(0)


def _is_vocabulary(name: str) -> bool:
    words = {w.lower().strip(".") for w in name.split()}
    # ("Sprague Dawley, outbred": a strain's name in two capitalised words is no person)
    strain = any(m.group(0) == name.strip() for m in find_strains(name))
    return bool(words & _NOT_PEOPLE) or strain or any(subject.find_species(w) for w in words)


_RANGE_IN_WORDS = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\s+(?:to|or)\s+$", re.I
)


def _person_named_before(text: str, position: int) -> bool:
    """'Recorded by Lea Roth. She's 28': a person's name just before, whom a pronoun may mean."""
    return bool(re.search(people.FULL_NAME, text[max(0, position - 100) : position]))  # this sentence or the last


def _range_in_words_doubt(text: str, start: int) -> str:
    """'ten to twelve weeks old', '8 or 9 weeks': the number read ends a range or an alternative."""
    return (
        "the number read ends a range or an alternative"
        if _RANGE_IN_WORDS.search(text[max(0, start - 16) : start])
        else ""
    )


def _already_read(result: RuleResult) -> RuleResult:
    return result


def parse_free_text(
    text: str, asked_fields: Iterable[str] = (), partial: dict[str, str] | None = None, now: datetime | None = None
) -> ParsedInput:
    """Read one message. `asked_fields`: what the service just asked for (single answers go
    there); `partial`: values understood in part before (ParsedInput.partial), e.g. a start
    time still waiting for its time zone; `now`: for tests of relative dates and the future."""
    asked = [name for name in asked_fields if name in FIELDS]
    said = text or ""
    text = keys.with_colon_after_bare_keywords(positional.as_keyed_by_position(text or "", asked, partial or {}))
    text = edits.as_keyed(
        spoken_times_as_digits(
            tables.as_keyed_row(
                layout.as_keyed_lines(layout.as_keyed_roles(layout.as_keyed_answers(layout.without_bold_keys(text))))
            )
        )
    )
    return only_whole_values(_Reader(text, asked, dict(partial or {}), now).read(), said)


def as_payload(parsed: ParsedInput) -> dict[str, Any]:
    """The parse as the JSON the API's UserInputResponse is built from."""
    return {
        "accepted": parsed.values,
        "rejected": parsed.rejected,
        "intents": [i.model_dump() for i in parsed.intents],
        "notes": parsed.notes,
    }
