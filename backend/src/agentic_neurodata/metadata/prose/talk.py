"""Replies that are talk, not values: "looks good", "hmm", "whatever you think", "I'll check".

Answering one question, a person often says something about the question or the conversation
instead of a value. Such a reply must never become the value: "looks good" is no institution,
"thanks" no subject ID. A reply counts as talk when every word of it is a word of talk (agreeing,
disagreeing, judging, thanking, hesitating, not caring, pointing back), or when it says the value
will come later or from someone else.
"""

from __future__ import annotations

import re

# Words that say something about the question or the talk, never what an animal, person or place is.
_TALK_WORDS = frozenset(
    """
    yes yeah yep yup ya yea sure ok okay k fine good great cool nice perfect exactly right correct indeed
    affirmative absolutely definitely certainly course lgtm agreed agree true precisely alright awesome
    excellent super totally spot on
    no nah nope wrong incorrect not false negative
    looks look looking sounds sound seems seem is be was that's thats that it's its it this one all me to of
    hmm hm hmmm huh uh um umm er erm eh oh ah well so thanks thank you thx ty please pls plz cheers what
    pardon sorry question the
    whatever think doesn't does matter care any anything either works
    as i said already told above before earlier same again
    wait actually oops hey hi hello also she he they her him
    """.split()  # noqa: SIM905 (a word list reads better as words)
)
# The value will come later or from someone else: "I'll check", "ask Maria". (Given elsewhere, "same as
# yesterday", is intents.POINTER.)
_LATER_OR_ELSEWHERE = re.compile(
    r"^\W*(?:(?:I'?ll|I\s+will|will|let\s+me|we'?ll|we\s+will)\s+(?:have\s+to\s+)?"
    r"(?:check|look|find\s+out|send|get\s+back|ask|confirm|dig)\b|"
    r"(?:please\s+)?ask\s+[A-Z][\w'-]+\W*$|"
    r"(?:it'?s|it\s+is|that'?s)\s+(?:all\s+)?in\s+(?:the|my|our|her|his)\s+"
    r"(?:notes?|notebook|spreadsheet|sheet|log|records?|protocol|email)\b\W*$|"
    r"(?:I'?ll\s+|will\s+)?send\s+(?:it\s+|that\s+)?(?:later|tomorrow|soon)\b|"
    # "I'll write it later", "we will fill that in tomorrow": any act put off to later
    r"(?:I'?ll|I\s+will|we'?ll|we\s+will)\s+(?:[\w']+\s+){1,4}(?:later|tomorrow|soon|next\s+week|afterwards)\W*$)",
    re.I,
)


# "3 is fine", "the ID looks right": a judgement of something said or shown, not a value.
_JUDGEMENT = re.compile(
    r"^\W*[\w'/.-]+(?:\s+[\w'/.-]+){0,3}\s+(?:is|are|was|looks?|sounds?|seems?)\s+(?:all\s+)?"
    r"(?:fine|ok(?:ay)?|good|great|correct|right|perfect)(?:\s+(?:too|as\s+well|then))?\W*$",
    re.I,
)


def is_talk(reply: str) -> bool:
    """True when the reply says nothing an NWB field could hold."""
    if _JUDGEMENT.match(reply):
        return True
    words = re.findall(r"[a-z']+", reply.lower().replace("\u2019", "'"))
    if re.search(r"\d", reply) or not words:
        return False
    return all(word in _TALK_WORDS for word in words)


# "hmm, 'attention' and 'V4'?", "um... Long-Evans?": a reply opening with a hesitation and ending with a question
# mark is the person thinking aloud, no value given.
_THINKING_ALOUD = re.compile(r"^\W*(?:hmm+|hm+|um+|uh+|er+m?|eh|well)\b[^?\n]*\?\W*$", re.I)


def thinking_aloud(reply: str) -> bool:
    """True when the whole reply is a hesitation and a question ('hmm, X and Y?'): nothing is given."""
    return bool(_THINKING_ALOUD.match(reply.replace("\u2019", "'")))


def defers(reply: str) -> bool:
    """True when the reply says the value comes later or from someone else."""
    return bool(_LATER_OR_ELSEWHERE.search(reply.replace("\u2019", "'")))


_LAST_FIRST = re.compile(r"[A-Z][\w'-]+,\s*[A-Z][\w'-]+\.?")
_LEADING_CLAUSE = re.compile(r"^\s*(?P<clause>[^,;:!\-–—]+?)\s*(?:[,;:!]+|\s[-–—])\s*(?=\S)")


def without_leading_talk(reply: str) -> str:
    """The reply less the talk before its value: "yes, C57BL/6J" -> "C57BL/6J", "hmm, Anna Lee" -> "Anna Lee"."""
    while (lead := _LEADING_CLAUSE.match(reply)) and is_talk(lead.group("clause")):
        if _LAST_FIRST.fullmatch(reply.strip()):
            break  # "Good, Anna": a family name that is also a word, before a first name
        reply = reply[lead.end() :]
    return reply


_TRAILING_CLAUSE = re.compile(r"(?:\s*[,;:!.]+|\s+[-–—])\s*(?P<clause>[^,;:!.\-–—]+?)\W*$")


def without_trailing_talk(reply: str) -> str:
    """The reply less the talk after its value: "sleep, memory, thanks!" -> "sleep, memory", "Open field. Cheers!"
    -> "Open field"."""
    while (tail := _TRAILING_CLAUSE.search(reply)) and tail.start() > 0 and is_talk(tail.group("clause")):
        reply = reply[: tail.start()]
    return re.sub(r"(?<=\w)\s*!+\s*$", "", reply)  # "Maria Lopez!": the exclamation is no part of the value


# "Ruiz Lab - we're small", "UCL, it's in London": a sentence of its own after a name is not part of it.
_SENTENCE_AFTER_NAME = re.compile(
    r"(?:\s*[,;!.]|\s+[-–—])\s*(?:we'?re|we\s+are|it'?s|it\s+is|i'?m|i\s+am|they'?re|they\s+are|this\s+is|"
    r"that'?s|there'?s)\b.*$",
    re.I | re.S,
)


def without_sentence_after_name(reply: str) -> str:
    """'Ruiz Lab - we're small' -> 'Ruiz Lab'; only when what stays is a name ('the rats came from the X lab, we
    are the Y lab' is a sentence whose second clause is the answer)."""
    before = _SENTENCE_AFTER_NAME.sub("", reply)
    name_like = re.fullmatch(
        r"(?:the\s+)?[A-Z][^\s,;]*(?:\s+(?:[A-Z&]|of\b|for\b|de\b|the\b)[^\s,;]*){0,6}", before.strip()
    )
    return before if name_like else reply


# "just use Ruiz Lab", "please put UCL": the request before a name is not part of it.
REQUEST_BEFORE_NAME = re.compile(
    r"^\s*(?:(?:just|please|pls|then)\s+)*(?:use|put|write|enter|go\s+with|take)\s+(?=[A-Z\"'‘“])"
)


# "go ahead", "proceed", "convert it" said alone while values are asked: convert with what is known.
# (Asked nothing, as at "Did you mean ...?", the same words are a yes: intents.APPROVE.)
GO_AHEAD = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|yes|fine|alright)\W+)?(?:please\s+)?(?:go\s+ahead|go\s+on|proceed|continue|carry\s+on|"
    r"convert(?:\s+(?:it|them|this))?|start(?:\s+(?:it|converting))?|run\s+it|do\s+it|go)"
    r"(?:\s+(?:please|pls|now|then|anyway))*\W*$",
    re.I,
)


# "Dear DANDI Archive,", "Hi Allen team!", "Hello Dr. Ruiz:": the greeting and whom it is addressed to, at the start.
_SALUTATION = re.compile(
    r"^\s*(?:Dear|Hi|Hello|Hey|Hallo|Bonjour|Hola|Ciao|Good\s+(?:morning|afternoon|evening))[^\S\n]+"
    r"(?P<to>[^\s,:!;]+(?:[^\S\n]+[^\s,:!;]+){0,3})[^\S\n]*(?:[,:!]|\n)",
    re.I,
)
_ADDRESSEE_WORDS = frozenset(
    "team all everyone folks colleagues colleague there guys curators the and of".split()  # noqa: SIM905
)


def salutation(text: str) -> tuple[int, int] | None:
    """The span of the words a message is addressed to ('DANDI Archive' in 'Dear DANDI Archive,'), or None: they
    name the reader of the message, never a value of it."""
    greeting = _SALUTATION.match(text)
    if greeting is None:
        return None
    words = greeting.group("to").split()
    if re.search(r"\d", greeting.group("to")) or not all(
        word[:1].isupper() or word.lower() in _ADDRESSEE_WORDS for word in words
    ):
        return None  # "Hi there mouse M3,": words of the message, not of whom it is addressed to
    return greeting.span("to")


# "V1 only", "just Pvalb-Cre", "CA1 alone": a word saying there is nothing more, around a short answer;
# "WT littermate", "Cre-negative control": the animal's place among the others, after its genotype.
# (the animal's place only after a one-word line: "WT littermate control" is kept as said)
_NOTHING_MORE = re.compile(
    r"^\W*(?P<lead>(?:only|just)\s+)?(?:\S+(?P<place>\s+(?:littermates?|siblings?|controls?))|"
    r"(?P<value>\S+(?:\s+\S+){0,2}?)(?P<tail>\s+(?:only|alone))?)\W*$",
    re.I,
)


def nothing_more_words(reply: str) -> list[tuple[int, int]]:
    """The spans of the words around a short answer that say it is all there is ('V1 only' -> ' only')."""
    said = _NOTHING_MORE.match(reply)
    if said is None:
        return []
    return [said.span(part) for part in ("lead", "tail", "place") if said.group(part)]


# Words that frame a value as the answer to the question asked: "is exactly", "name", "called", "use".
_FRAMING_WORDS = frozenset(
    "name names named call called exactly literally just simply use put write make is are was the our my".split()  # noqa: SIM905
)


def without_confirming_words(answer: str, labels: list[str]) -> str:
    """The value of a whole answer less the talk confirming it as the answer: 'UCSF is the institution' -> 'UCSF',
    'LGN it is' -> 'LGN', 'Ruiz Lab please' -> 'Ruiz Lab', 'lab name is exactly "X"' -> 'X', 'Session: X' -> 'X'.
    `labels` are the field's names ('institution', 'lab'); an answer with no such talk is returned as it is."""
    quoted = _QUOTED_ALONE.fullmatch(answer.strip())
    if quoted and _only_framing(f"{quoted.group('before')} {quoted.group('after')}", labels):
        return quoted.group("value").strip()
    label = "|".join(re.escape(word) for word in sorted(_label_words(labels), key=len, reverse=True))
    key = re.match(rf"^\s*(?:{label})\s*:\s*(?=\S)", answer, re.I) if label else None
    answer = answer[key.end() :] if key else answer
    confirmed = re.fullmatch(
        rf"(?P<value>.+?)\s*,?\s+(?:(?:is|was)\s+(?:the|our|my|its)\s+(?:{label})(?:\s+name)?|"
        rf"it\s+is|it\s+was|that'?s\s+it|please|pls|plz)\W*",
        answer.strip(),
        re.I | re.S,
    )
    return confirmed.group("value") if confirmed else answer


# "lab name is exactly "X"": one quoted value, with words before or after it.
_QUOTED_ALONE = re.compile(r"(?P<before>[^\"“”]*)[\"“](?P<value>[^\"“”]+)[\"”](?P<after>[^\"“”]*)", re.S)


def _label_words(labels: list[str]) -> set[str]:
    return {word for label in labels for word in [label, *label.split()] if len(word) > 2}


def _only_framing(words: str, labels: list[str]) -> bool:
    """Whether the words around a quoted value are talk, framing words and the field's own names only."""
    said = re.findall(r"[a-z']+", words.lower().replace("\u2019", "'"))
    allowed = _TALK_WORDS | _FRAMING_WORDS | {word.lower() for word in _label_words(labels)}
    return all(word in allowed for word in said)


# "Camk2a-tTA;tetO-GCaMP6s, from Jax": where the animals came from, after a line's name, is no part of it.
_SOURCE_AFTER = re.compile(
    r"\s*[,;(]\s*(?:bought\s+|ordered\s+|purchased\s+)?from\s+(?:the\s+)?[\w .&'-]{1,40}\)?\W*$", re.I
)


def without_source_after(answer: str) -> str:
    """A strain's or genotype's answer less where the animals came from ('X, from Jax' -> 'X')."""
    source = _SOURCE_AFTER.search(answer)
    return answer[: source.start()] if source and source.start() > 0 else answer


# "Wistar, and she's 12 weeks", "a Sprague Dawley male": an answer that says more of the animal than one value.
_MORE_OF_THE_ANIMAL = re.compile(
    r"(?:^|[\s,;])(?:and|male|female|(?:she|he|it)(?:'s|’s|\s+is|\s+was)|\d+(?:\.\d+)?\s*(?:weeks?|wks?|months?|"
    r"days?|years?|g|kg|grams?)|P\d+)(?![\w-])",
    re.I,
)


def says_more_of_the_animal(answer: str) -> bool:
    """True when a strain's or genotype's answer also gives the sex, the age, the weight or another clause: the
    finders read each value (the whole answer is no strain)."""
    return bool(_MORE_OF_THE_ANIMAL.search(answer))
