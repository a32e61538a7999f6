"""Values taken back in the message: "pig P7? — no, pig P8", "09:00 Eastern - no wait, that was the pilot".

A person who corrects themselves while writing leaves the wrong value in the text. The words taken
back give nothing: they are masked before the finders run, so only the replacement is read. Two
shapes are general enough to be read at the text level:
- a short value said as a question and answered no: "pig P7? — no, pig P8", "mouse Lederle? no - mouse
  Lerner". The question reaches back to the last clause boundary, a few words at most;
- a time taken back as another event's: "start 2023-04-14 09:00 Eastern - no wait, that was the pilot;
  the real one was ...". The time right before the words taking it back is masked, with those words.
Other corrections ("Institution: UCSF - no wait, UCSD") are weighed by the finders of their field.
"""

from __future__ import annotations

import re

from ..dates_in_text import find_datetimes
from .words import KEYS

# "pig P7? — no,", "Lederle? no -", "X? no wait —", "X? sorry —": a question mark, then "no" (not "no idea"),
# "no wait" or "sorry", and a comma or dash.
_ANSWERED_NO = re.compile(
    r"\?\s*[—–-]?\s*(?P<no>no(?:\s*,?\s*wait)?|sorry|oops|wait\s*,?\s*no)\b(?!\s+(?:idea|clue|sure)\b)"
    r"\s*(?P<mark>[,:\-–—])\s*",
    re.I,
)
# The question's own words: at most four words after the last boundary ("pig P7", "mouse Lederle").
_SHORT_QUESTION = re.compile(r"(?:^|(?<=[,;:(\n.!]))[ \t]*(?P<said>[^\s,;:(\n.!?]+(?:[ \t]+[^\s,;:(\n.!?]+){0,3})$")
# "- no wait, that was the pilot", "; no wait, that's the dry run": the time before belongs to another event.
_ANOTHER_EVENTS_TIME = re.compile(
    r"\b(?:no\s+wait|wait\s*,?\s+no|sorry|oops|actually\s*,?\s+no)\s*[,:\-–—]?\s*"
    r"(?:that\s+was|that'?s|this\s+was|it\s+was)\s+(?:the|our|a|an)\s+(?:pilot|dry[\s-]run|test(?:\s+run)?|"
    r"rehearsal|practice|habituation|surgery|previous|earlier|first\s+attempt|other)\b[^;.\n]*",
    re.I,
)
_WORD = re.compile(r"[^\W\d_]+")
# "at 10:15, not 10:45", "P8 (not P7)", "250 g rather than 300 g": a value with a number, then another of the same
# shape denied right after it: the denied one is no value (a unit or am/pm after both goes with it).
_UNIT = r"(?:[ap]\.?m\.?|[mk]?g|h|hrs?|min|s|ms|d|days?|w|wks?|weeks?|mo|months?|y|yrs?|years?|[mcµu]m)\b"
_DENIED_AFTER = re.compile(
    rf"(?<![^\s,;:(])(?P<said>[^\s,;:(][^\s,;()]*+)(?P<unit>[^\S\n]*{_UNIT})?[^\S\n]*(?:,|\(|[-–—])?[^\S\n]*"
    rf"(?P<denied>(?:not|rather[^\S\n]+than|instead[^\S\n]+of)[^\S\n]+(?P<other>[^\s,;:()][^\s,;()!?]*+)"
    rf"(?P<other_unit>[^\S\n]*{_UNIT})?)(?=[,;)!?\s]|$)",
    re.I,
)


def taken_back(text: str) -> list[tuple[int, int]]:
    """The spans of `text` whose values are taken back later in it."""
    return [*_questions_answered_no(text), *_times_of_another_event(text), *_denied_after_the_value(text)]


# "13 weeks (scratch that: 15 weeks", "male. Correction: female", "P60, sorry, I mean P62", "25 g - make that 26 g":
# words that say the value before them is replaced by the one after them (not "I mean, ..." opening a thought, nor
# "rather than", which denies the value after it).
_REPLACED_BY = re.compile(
    r"(?P<open>\(|[.;,!]|[^\S\n]+[-–—])[^\S\n]*"
    r"(?P<marker>scratch[^\S\n]+that|corrections?|(?:sorry|no|oops)[^\S\n]*,?[^\S\n]*I[^\S\n]+mean|I[^\S\n]+meant|"
    r"make[^\S\n]+(?:that|it)|(?:or[^\S\n]+)?rather(?![^\S\n]+than)|no[^\S\n]+wait|"
    r"actually[^\S\n]*,?[^\S\n]*(?:it'?s|it[^\S\n]+(?:is|was)))"
    r"(?P<mark>[^\S\n]*[:,\-–—][^\S\n]*|[^\S\n]+)(?P<replacement>[^\s,;:.)(!?][^,;:)(!?\n]*)",
    re.I,
)
# People and places corrected after their key are weighed by their finders ("Lab: X, scratch that, Y" is asked back)
_WEIGHED_BY_THE_FINDERS = ("experimenter", "lab", "institution")
_KEY_BEFORE = re.compile(r"(?P<key>[A-Za-z][A-Za-z_ ]{0,25}?)[^\S\n]*[:=][^\S\n]*$")
_SAID_BEFORE = re.compile(r"(?:^|(?<=[:;,(\n]))[^:;,(\n]*$")
_SEX_WORD = re.compile(r"(?:male|female|m|f|unknown|hermaphrodite)$", re.I)
_NUMBER_WITH_UNIT = re.compile(r"(?<![\w.])(?P<number>[A-Za-z]?\d[\d.,/:-]*)[^\S\n]*(?P<unit>[^\W\d_]*)")


def replaced_after_a_marker(text: str) -> list[tuple[int, int]]:
    """'age: 13 weeks (scratch that: 15 weeks)', 'sex: male. Correction: female': the value before the marker is
    taken back, with the marker, so the one after it is read in its place. Which words were the value: the whole
    value of a key said right before it (not a person's or a place's), else a number replaced by a number (of the
    same unit), or a sex by a sex."""
    spans = []
    for marker in _REPLACED_BY.finditer(text):
        reach = max(0, marker.start("open") - 120)  # (a value is a few words: the search stays linear)
        before = text[reach : marker.start("open")].rstrip(" .")
        said = _SAID_BEFORE.search(before)
        if said is None or not said.group(0).strip():
            continue
        start = _taken_back_start(text, reach + said.start(), said.group(0), marker["replacement"].strip())
        if start is not None:
            spans.append((start, marker.start("replacement")))
    return spans


def correction_after(text: str, start: int) -> int | None:
    """Where the first correction marker after `start` begins ("keywords: V1, sleep. Correction: V1, replay"),
    or None: words said before it were replaced, by words the finders may not have put in their place."""
    marker = _REPLACED_BY.search(text, start)
    return marker.start() if marker else None


def _taken_back_start(text: str, said_start: int, said: str, replacement: str) -> int | None:
    """Where the value replaced by `replacement` starts in `said` (the words before the marker), or None when the
    two are not of one kind ('Tom, I mean, he recorded' replaces nothing)."""
    key = _KEY_BEFORE.search(text[max(0, said_start - 30) : said_start])
    field = KEYS.get(re.sub(r"[\s_]+", " ", key["key"].strip().lower()), "") if key else ""
    keyed = field not in ("", *_WEIGHED_BY_THE_FINDERS)
    if keyed and len(said.split()) <= 5 and len(replacement.split()) <= 5:
        return said_start + len(said) - len(said.lstrip())
    number, replacing = list(_NUMBER_WITH_UNIT.finditer(said)), _NUMBER_WITH_UNIT.match(replacement)
    if number and replacing and said[number[-1].end() :].strip() == "":
        same_unit = not replacing["unit"] or number[-1]["unit"].lower() == replacing["unit"].lower()
        return said_start + number[-1].start() if same_unit else None
    said_words, replacing_words = _WORD.findall(said), _WORD.findall(replacement)
    if said_words and replacing_words and said_words[0].lower() == replacing_words[0].lower():
        return said_start + len(said) - len(said.lstrip())  # "Recorded at UCL. Correction: recorded at KCL"
    last_word = re.search(r"\S+$", said)
    first_word = replacement.split()[0].rstrip(".") if replacement.split() else ""
    if last_word and _SEX_WORD.match(last_word.group(0)) and _SEX_WORD.match(first_word):
        return said_start + last_word.start()
    return None


def _denied_after_the_value(text: str) -> list[tuple[int, int]]:
    """'the session started at 10:15, not 10:45': the value after 'not' has the shape of the one said, so it is
    what the person denies (a unit after the denied one must be the said one's, or none)."""
    spans = []
    for denial in _DENIED_AFTER.finditer(text):
        same_unit = (denial.group("unit") or "").strip().lower() == (denial.group("other_unit") or "").strip().lower()
        numbers = re.search(r"\d", denial["said"]) and re.search(r"\d", denial["other"])
        if numbers and _shape(denial["said"]) == _shape(denial["other"]) and (same_unit or not denial["other_unit"]):
            end = denial.end("denied") - (
                0 if denial["other_unit"] else len(denial["other"]) - len(denial["other"].rstrip(".:"))
            )
            spans.append(_with_its_brackets(text, denial.start("denied"), end))  # (a full stop after it stays)
    return spans


def _with_its_brackets(text: str, start: int, end: int) -> tuple[int, int]:
    """'KS094 (not KS093!)': a denial that fills a bracket goes with the bracket, which then says nothing."""
    opening = re.search(r"\(\s*$", text[max(0, start - 5) : start])
    closing = re.match(r"\s*!*\s*\)", text[end:])
    if opening and closing:
        return start - len(opening.group(0)), end + closing.end()
    return start, end


def _questions_answered_no(text: str) -> list[tuple[int, int]]:
    spans = []
    for answer in _ANSWERED_NO.finditer(text):
        replacement = text[answer.end() : answer.end() + 60]
        same_preposition = _same_preposition_before(text, answer.start(), replacement)
        if same_preposition is not None:  # "done at the X Institute? no - at Y": the words from "at" are taken back
            spans.append((same_preposition, answer.end()))
            continue
        last = re.search(r"\S+$", text[max(0, answer.start() - 40) : answer.start()])
        if _firmly_taken_back(answer) and last and _number_for_number(last.group(0), replacement):
            spans.append((answer.start() - len(last.group(0)), answer.end()))  # "at 10:00? no — 14:00"
            continue
        question = _SHORT_QUESTION.search(text, max(0, answer.start() - 60), answer.start())
        if question is None:
            continue
        said = question.group("said")
        firm = _firmly_taken_back(answer) and _firm_reach(text, question.start("said"), said, replacement)
        if not (firm or _same_kind(said, replacement)):
            continue  # "Institution: X? no, sorry: Y": the key before the question is the finders' to weigh
        spans.append((question.start("said"), answer.end()))
    return spans


def _number_for_number(said: str, replacement: str) -> bool:
    """'10:00? no — 14:00', '01/12/2022? no — 1 December 2022': a number (a time, a date) replaced by another: only
    the word with the number is taken back."""
    return bool(re.search(r"\d", said)) and bool(re.match(r"\s*\d", replacement))


# "at", "by", "from", "in": a replacement that opens with one of these replaces the words after the same one before
_PREPOSITION = re.compile(r"(?:at|by|from|in)\b", re.I)


def _same_preposition_before(text: str, question_end: int, replacement: str) -> int | None:
    """Where the words taken back start when the replacement opens with the preposition that opened them ('recorded
    at the X Institute? no - at Y', 'by Dr. A? no, by B'): the last such word in the same clause, or None."""
    opening = _PREPOSITION.match(replacement.lstrip())
    if opening is None:
        return None
    start = max(0, question_end - 80)
    clause = re.split(r"[;.!?\n]", text[start:question_end])[-1]
    clause_start = question_end - len(clause)
    words = list(re.finditer(rf"(?<![\w'’-]){re.escape(opening.group(0))}\b", clause, re.I))
    return clause_start + words[-1].start() if words else None


def _firmly_taken_back(answer: re.Match[str]) -> bool:
    """'voles? no — mice', 'X? no wait, Y', 'X? sorry — Y': a dash or 'wait'/'sorry' says the words before are
    replaced, whatever their kind (a plain 'X? no, Y' may answer a question about something else)."""
    return answer.group("mark") in "-–—" or answer.group("no").lower() != "no"


def _firm_reach(text: str, start: int, said: str, replacement: str) -> bool:
    """Whether a firm 'no —' takes back the whole short question: not the value of a key said just before it
    ('Experimenter: A? no - sorry - it was B' is the finders' to weigh), and not words with a number in them unless
    a number replaces the last of them ('2:15 pm Central? no - we're on Eastern' is left to the finders)."""
    key = re.search(r"([A-Za-z][\w ]{0,25}?)\s*:\s*$", text[max(0, start - 30) : start])
    if key and re.sub(r"[\s_]+", " ", key.group(1).strip().lower()) in KEYS:
        return False
    return not re.search(r"\d", said)


def _same_kind(said: str, replacement: str) -> bool:
    """'pig P7' and 'pig P8 (...)': the replacement opens with the question's first word; or both are one token of
    the same shape ('ibl_witten_31? no, ibl_witten_33'), or the replacement has the shape of the question's last
    word ('mouse M3? no, M4'), or a short replacement ends with the same word ('the X lab? no, the Y lab')."""
    said_words = _WORD.findall(said)
    first = _WORD.match(replacement.lstrip())
    same_head = bool(said_words and first and said_words[0].lower() == first.group(0).lower())
    replacing = replacement.split()[0] if replacement.split() else ""
    if len(said.split()) == 1:
        return _same_shape(said, replacing)
    replacing_clause = re.split(r"[,;.!?()\n]", replacement.strip())[0].split()
    same_tail = bool(said_words and replacing_clause) and said.split()[-1].lower() == replacing_clause[-1].lower()
    # "mouse M3? no, M4"; "in the Svoboda lab? no, the Deisseroth lab": the same kind of name at the end
    return same_head or _same_shape(said.split()[-1], replacing) or (same_tail and len(replacing_clause) <= 4)


# The shape of an ID: its digits as one mark, trailing punctuation dropped ("ibl_witten_31" ~ "ibl_witten_33,")
def _shape(token: str) -> str:
    return re.sub(r"\d+", "#", token.rstrip(".,;:)").lower())


def _same_shape(said: str, replacement: str) -> bool:
    return bool(re.search(r"\d", said)) and _shape(said) == _shape(replacement)


def _times_of_another_event(text: str) -> list[tuple[int, int]]:
    spans = []
    for taken in _ANOTHER_EVENTS_TIME.finditer(text):
        clause_start = max(text.rfind(";", 0, taken.start()), text.rfind("\n", 0, taken.start())) + 1
        times = [span for span in find_datetimes(text[clause_start : taken.start()]) if span]
        if times:
            spans.append((clause_start + times[-1][0], taken.end()))
    return spans
