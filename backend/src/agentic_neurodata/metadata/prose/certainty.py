"""Whether words found in running text say a value in a frame whose role is certain.

Precision by asking back (issue 14): a value is stored only when the words say it exactly in a
frame that leaves no doubt about its role ("Session description: ...", "recorded by X", "the
recording started at T"). A reading from a weaker cue, a free sentence that may describe the
session, a person named in a sentence that also names another role (PI, surgeon, vendor,
collaborator), an institution beside other organisations, a time beside other events, a
construct-like token as genotype, is asked back ("Did you mean ...?") instead. Each function
here returns why a reading is uncertain (shown with the question), or "" when it is certain.
"""

from __future__ import annotations

import re

from ..brain_areas import find_area
from ..hedges import GUESS

# Sentence boundaries for "the same sentence": a full stop, "!", "?", ";" or a contrasting "but".
# A title's or an initial's full stop ("Dr. A. Reyes") does not end a sentence.
# (an initial is a capital: "28.3 g. Recorded ..." ends a sentence)
_SENTENCE = re.compile(
    # ("✓ perfused by A ✓ recording done by B": a check mark or bullet opens an item of its own)
    r"(?<!\bDr)(?<!\bProf)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\b(?-i:[A-Z]))[.!?;](?:\s|$)|\bbut\b|[✓✔•▸►]",
    re.I,
)

# -- people

# Roles that are not the person who recorded: a person named in the same sentence may hold them.
_OTHER_ROLE = re.compile(
    r"\b(?:PI|P\.I\.|principal\s+investigator|supervis\w*|mentor\w*|guidance|lab\s+head|head\s+of|group\s+leader|"
    r"surger(?:y|ies)|surgeon|surgical|craniotom\w*|an(?:a)?esthe\w*|operated|histology|analy[sz]ed|analysis|analyses|sort(?:ed|ing)|"
    r"collaborat\w*|thanks?|credit|vendor|supplier|provided|gift|technician|advis[oe]r|behalf|"
    r"named|called|(?<!family\s)(?<!last\s)(?<!first\s)(?<!given\s)name|implant\w*|inject\w*|perfus\w*|stain\w*|tracing|habituat\w*|handl\w*|genotyp\w*|"
    r"(?:behaviou?ral\s+)?training|model(?:l?ing|l?ed|s)|simulat(?:ed|ions?|ing)|figures?|plots?|code|scripts?|"
    r"husbandry|breeding|approv\w*|contact|corresponding|manager|coordinator|found(?:ed|er|ing)|director)\b",
    re.I,
)


def names_other_role(text: str) -> bool:
    return bool(_OTHER_ROLE.search(text))


def experimenter_doubt(text: str, start: int, end: int) -> str:
    """A name read without a certain cue: uncertain if its sentence also names another role."""
    sentence = sentence_around(text, start, end)
    role = _OTHER_ROLE.search(sentence)
    if role:
        return f"the same sentence names another role ('{role.group(0)}')"
    said_recorded = re.search(r"\b(?:record\w*|ran|run|conducted|performed)\b", text[start:], re.I)
    signed = "" if said_recorded else signature_doubt(text, start).replace("an affiliation", "a name")
    return guess_doubt(text, start, end) or plan_doubt(text, start, end) or signed


# "Kaja Lindqvist, but Prof. Eriksson supervised": a contrasting second clause in an answer.
_CONTRAST_CLAUSE = re.compile(r"\s*[,;]?\s+(?:but|while|whereas|although|though)\s+|\s*;\s+", re.I)


def answer_before_other_role(answer: str) -> str | None:
    """An answer's first clause when a contrasting clause after it names another role (it is cut off);
    the answer itself when there is no such clause; None when the second clause may name the value too."""
    contrast = _CONTRAST_CLAUSE.search(answer)
    if contrast is None:
        return answer
    return answer[: contrast.start()] if _OTHER_ROLE.search(answer[contrast.end() :]) else None


# (the verb in lower case: "the lab of Carl Petersen by ..." ends a name, not a verb)
_ACT_BY = re.compile(
    r"\b(?P<act>(?-i:[a-z]{3,}(?:ed|en))|made|done|run|sent|built|written)\s+by\s+(?:\w+\.?\s+)?$", re.I
)
_RECORDING_ACT = re.compile(r"(?:record|collect|acquir|perform|conduct|carri|imag|measur|run|done|made|obtain)", re.I)


def other_act_by(text: str, start: int) -> str:
    """'shared by Ana Ruiz', 'funded by X': a name after 'by' and a verb of another act than recording."""
    act = _ACT_BY.search(text[max(0, start - 40) : start])
    if act and not _RECORDING_ACT.match(act.group("act")):
        return f"the name follows '{act.group('act')} by', which may be another act than recording"
    return ""


def both_sides_doubt(text: str, start: int) -> str:
    """'the left and right hippocampus': the area found is one side of what was said."""
    if re.search(
        r"\b(?:left|right|ipsilateral|contralateral)\s+(?:and|&|\+)\s+$", text[max(0, start - 25) : start], re.I
    ):
        return "both sides were named; the area read is only one of them"
    return ""


def alternatives_doubt(text: str, start: int, end: int) -> str:
    """'V1 or V2', '2023-01-10 or 2023-01-11': the words offer alternatives."""
    if re.match(r"\s*(?:,\s*)?or\s+\w", text[end:]) or re.search(r"\b(?:either|or)\s+(?:the\s+)?$", text[:start]):
        return "the words name alternatives"
    return ""


def guess_in_clause(text: str, start: int, end: int) -> str:
    """'Probably a C57BL/6J, mouse PB-1': the guess covers its clause, not the whole message."""
    clause_start = max([m.end() for m in re.finditer(r"[,;.!?]\s", text[:start])], default=0)
    clause_end = re.search(r"[,;.!?](?:\s|$)", text[end:])
    clause = text[clause_start : end + (clause_end.start() if clause_end else len(text) - end)]
    guess = GUESS.search(clause)
    return f"the words say '{guess.group(0)}'" if guess else ""


def guess_beside(text: str, start: int, end: int) -> str:
    """'pretty sure it's a female but ...', 'female, I think': a guess in the value's own clause or in a
    clause after it that says nothing else ('probably 5 months' in the next clause is about the age)."""
    own = guess_in_clause(text, start, end)
    if own:
        return own
    after = re.match(r"[^,;.!?]*[,;]\s*(?P<guess>[^,;.!?()]{1,40}?)\s*(?:[,;.!?)]|$)", text[end:])
    if after and GUESS.fullmatch(after.group("guess")):
        return f"the words say '{after.group('guess')}'"
    return ""


def _without_other_asides(text: str, start: int, end: int) -> str:
    """`text` with the bracketed asides that do not hold text[start:end] blanked: '(..., probably 5 months)'
    is a guess about the age in it, not about a name after it."""

    def kept(aside: re.Match[str]) -> bool:  # holds the value, or is a hedge alone right after it ("(I think)")
        holds = aside.start() <= start and end <= aside.end()
        return holds or (not text[end : aside.start()].strip() and bool(_HEDGE_ALONE.fullmatch(aside.group(0))))

    return re.sub(r"\([^()]*\)", lambda m: m.group(0) if kept(m) else " " * len(m.group(0)), text)


_HEDGE_ALONE = re.compile(rf"\(\s*(?:{GUESS.pattern})\W*\)", re.I)


def guess_doubt(text: str, start: int, end: int) -> str:
    """A value whose sentence says it is a guess ('I think Anna recorded it'); a guess inside a bracketed
    aside about something else does not count."""
    guess = GUESS.search(sentence_around(_without_other_asides(text, start, end), start, end))
    return f"the sentence says '{guess.group(0)}'" if guess else ""


def guess_before(text: str, key_start: int) -> str:
    """'I think the strain is C57BL/6J': a guess in the words of the sentence before a key covers its value."""
    window = max(
        0, key_start - 400
    )  # (the sentence before a key, not the whole text: a message of many keys stays linear)
    cuts = [m.end() for m in _SENTENCE.finditer(text, window, key_start)]
    before = text[max([*cuts, text.rfind("\n", window, key_start) + 1, window]) : key_start]
    guess = GUESS.search(before)
    return f"the sentence says '{guess.group(0)}'" if guess else ""


def guess_after(text: str, end: int) -> str:
    """'hippocampus (dorsal), but histology is pending': a guess in the clauses after a keyed value, to the
    end of its sentence or line, covers it."""
    rest = re.match(r"[^.\n]{0,120}", text[end:])
    guess = GUESS.search(rest.group(0)) if rest else None
    return f"the words after it say '{guess.group(0)}'" if guess else ""


_PENDING = re.compile(r"\b(?:histology|confirmation|verification|reconstruction)\s+(?:is\s+|still\s+)*pending\b", re.I)


def pending_after(text: str, end: int) -> str:
    """'CA1, histology pending': a check still to come, said in the sentence after an area."""
    rest = re.match(r"[^.\n]{0,80}", text[end:])
    pending = _PENDING.search(rest.group(0)) if rest else None
    return f"the words after it say '{pending.group(0)}'" if pending else ""


def rival_after_contrast(text: str, end: int) -> str:
    """'Lab: Costa lab (Champalimaud), but data were recorded in the Carey lab': a contrasting clause after a
    keyed lab or institution says the recording was in another one, so which is meant is asked."""
    rest = re.match(r"[^.\n]{0,160}", text[end:])
    contrast = _CONTRAST.search(rest.group(0)) if rest else None
    if rest is None or contrast is None:
        return ""
    after = rest.group(0)[contrast.end() :]
    recording = re.search(r"\b(?:record\w*|data|sessions?|experiments?)\b", after, re.I)  # not "the rig belongs to"
    if recording and (re.search(r"\b[Ll]ab(?:oratory)?\b", after) or _PLACE.search(after)):
        return "a contrasting clause after it names another lab or place"
    return ""


def other_role_before(text: str, start: int) -> str:
    """'The surgeries were performed by X': the words of the sentence before a certain-looking cue
    name another role, so the cue's object is not the recording."""
    cuts = [m.end() for m in _SENTENCE.finditer(text[:start])]
    before = text[cuts[-1] if cuts else 0 : start]
    role = _OTHER_ROLE.search(before)
    return f"the sentence names another role ('{role.group(0)}')" if role else ""


# -- institutions

# Organisations that are not where the work was done: vendors, funders, collaborators, donors.
_OTHER_ORGANISATION = re.compile(
    r"\b(?:vendor|supplier|purchased|ordered|bought|obtained(?=\s+from)|supplied|shipped|came\s+from|from\s+the\s+lab|"
    r"gift|collaborat\w*|joint|facilit(?:y|ies)|funded|funding|grant|thanks?|sent|provided|donated|sequencing|approv\w*|"
    r"committee|ethic\w*|IACUC|licen[cs]\w*|permit\w*|review\s+board|visiting|"
    r"Jackson\s+Lab\w*|JAX|Charles\s+River|Envigo|Taconic|Janvier|Harlan|Addgene)\b",
    re.I,
)
# "we recorded at X", "the work was done at X", "I work at X": the frame says where the work was done.
_WORK_AT = re.compile(
    r"\b(?:recorded|recordings?|record|done|performed|carried\s+out|collected|acquired|conducted|"
    r"work(?:ed|s)?|experiments?|electrophysiology|ephys|imaging|institution|stay(?:ed|ing)?)\b[^.;:]{0,25}?\b(?:at|in)\s+"
    r"(?:the\s+)?$",
    re.I,
)


# "Our group sits at UCL but the rig is in the Crick": a contrast and another place leave the role open.
_CONTRAST = re.compile(r"\b(?:but|while|whereas|although|though|however)\b", re.I)
_PLACE = re.compile(r"\b(?:at|in)\s+(?:the\s+)?(?-i:[A-Z][\w\-]+)")


# "The recordings were analysed at X": the recordings' word, but another activity's place.
_OTHER_ACTIVITY = re.compile(
    r"\b(?:analy[sz]\w*|processed|sorted|stored|sequenced|uploaded|archived|backed|presented|published|visit\w*|"
    r"trained|curated|shared)\b",
    re.I,
)


# "I work at X": where a person works, which another institution named as the recording's outranks.
# ("the work was done at X" is the recording's place: "work" there is a noun)
_WHERE_ONE_WORKS = re.compile(r"work(?:ed|s)?\s+(?:at|in)\b|institution\b", re.I)


def names_other_organisation(text: str) -> bool:
    return bool(_OTHER_ORGANISATION.search(text))


def recorded_there(text: str, start: int) -> bool:
    """'recorded this at the Donders Institute': the words before say the recording was there."""
    frame = _WORK_AT.search(text[max(0, start - 60) : start])
    if frame is None:
        return False
    return not _OTHER_ACTIVITY.search(frame.group(0)) and not _WHERE_ONE_WORKS.match(frame.group(0))


def institution_doubt(text: str, start: int, end: int, others: int) -> str:
    """An institution read from prose: uncertain when the message names another organisation (or
    more than one institution) and the words around it do not say the work was done there."""
    frame = _WORK_AT.search(text[max(0, start - 60) : start])
    if frame and not _OTHER_ACTIVITY.search(frame.group(0)) and not (others and _WHERE_ONE_WORKS.match(frame.group(0))):
        return ""
    other = _OTHER_ORGANISATION.search(text)
    if other:
        return f"the message also names another organisation or role ('{other.group(0)}')"
    if others:
        return "the message names more than one institution"
    elsewhere = text[:start] + " " * (end - start) + text[end:]
    if _CONTRAST.search(elsewhere) and _PLACE.search(elsewhere):
        return "the message contrasts this with another place"
    return ""


# -- session start

# Events that are not the recording: a time beside them may be theirs.
_OTHER_EVENT = re.compile(
    r"\b(?:surger(?:y|ies)|operat(?:ed|ion)|implant(?:ed|ation)?|inject(?:ed|ion)|virus|perfus(?:ed|ion)|"
    r"upload(?:ed)?|sent|backed\s+up|backup|copied|e-?mail|checked|anaesthetis\w+|anesthetiz\w+|"
    r"drug|habituation|born|birth|weaned|arrived|arrival|shipped|training|trained|created|modified|saved|"
    r"exported|converted|written|(?<!this\s)file|analy[sz]ed|sorted|plan(?:ned)?|scheduled|supposed|will|tomorrow|clock|wrong|incorrect|"
    r"drift\w*|offset|off\s+by|\w+\s+off)\b",
    re.I,
)
# Words right before a time that say it is the recording's: "recording started at", "session start".
_RECORDING_FRAME = re.compile(
    r"\b(?:record(?:ing|ings|ed)?|sessions?|imaging|ephys|experiment|start(?:ed|s|ing)?|beg[au]n|"
    r"start\s+time|start_time)\b[^.;]{0,30}$",
    re.I,
)


def key_of_another_event(text: str, key_start: int) -> str:
    """'the surgery date was 2 May', 'injection time: 10:00': a date key led by another event's word."""
    before = re.search(r"(\w+)[\s_-]+$", text[max(0, key_start - 25) : key_start])
    other = _OTHER_EVENT.fullmatch(before.group(1)) if before else None
    return f"the key names another event ('{other.group(0)}')" if other else ""


def said_of_the_recording_start(text: str, start: int) -> bool:
    """'the recording started 2023-02-20 ...': the clause before the time names the recording; 'this file
    is session 2, 2023-03-02 ...': its sentence says it is this one ('Session 1 was ...' is one of several)."""
    if _THIS_SESSION.search(re.split(r"[;.!?]\s", text[max(0, start - 60) : start])[-1]):
        return True
    clause = re.split(r"[;.!?]\s|,\s*", text[max(0, start - 40) : start])[-1]
    if _NUMBERED_SESSION.search(clause):
        return False
    return bool(_RECORDING_FRAME.search(clause)) and not _OTHER_EVENT.search(clause)


_THIS_SESSION = re.compile(
    r"\bthis\s+(?:file|session|recording|dataset|data)\b|\btoday'?s\s+(?:session|recording)\b", re.I
)
_NUMBERED_SESSION = re.compile(r"\b(?:sessions?|recordings?|runs?|days?)\s*#?\s*\d+\b", re.I)


def start_time_doubt(text: str, start: int, end: int) -> str:
    """A time read from prose: uncertain when the message names another event and the words right
    before the time do not say it is the recording's (or name that other event)."""
    other = _OTHER_EVENT.search(text)
    if not other:
        return ""
    before = text[max(0, start - 40) : start]
    clause = re.split(r"[;.!?]\s|,\s*(?=\w+\s+\d)", before)[-1]
    if _RECORDING_FRAME.search(clause) and not _OTHER_EVENT.search(clause):
        return ""
    return f"the message also names another event ('{other.group(0)}')"


# -- genotype

# Viral vectors and plasmids: serotypes, promoters, recombinase-dependent cassettes, reporters of a
# construct. An animal's genotype names alleles or lines, not these.
_CONSTRUCT = re.compile(
    r"(?:^|[\s(\-])(?:r?AAV[\w.]*|pAAV|AAV-?PHP|LV|lenti\w*|HSV|CAV2?|rabies|SAD)(?:[-.\s]|$)|"
    r"\b(?:hSyn|CaMKIIa?|EF1a|CAG|DIO|FLEX|WPRE|Syn)\b-|-(?:hSyn|DIO|FLEX|WPRE)\b",
    re.I,
)


def genotype_doubt(value: str, text: str) -> str:
    """A genotype read from prose that looks like a viral construct, or sits beside a virus."""
    if _CONSTRUCT.search(value):
        return "this looks like a viral construct, not the animal's genotype"
    return ""


# -- session description

# A free sentence: a pronoun or greeting first, or a verb that tells what happened.
_SENTENCE_LEAD = re.compile(
    r"^(?:we|i|our|my|he|she|they|it|you|please|but|and|then|after|before|greetings|hello|hi|dear|thanks|"
    r"today|sorry|so|also|note|notes|however)\b",
    re.I,
)
_FINITE_VERB = re.compile(
    r"\b(?:was|were|is|are|been|begin|began|begun|starts?|started|follow(?:s|ed)?|went|got|had|has|have|did|"
    r"done|does|make|made|ran|perfused|uploaded|finished|stopped|cut|sent|send|find|went|failed|needs?)\b",
    re.I,
)
# Words that name only that there was a session, not what kind.
_GENERIC = {"recording", "recordings", "session", "sessions", "experiment", "experiments", "data"}
_KIND = re.compile(
    r"\b(?:imaging|task|trials?|stimulation|sleep|behaviou?r|viewing|optotagging|optogenetics|patch|clamp|"
    r"whole-cell|electrophysiology|ephys|paradigm|protocol|training|foraging|navigation|exploration|assay|"
    r"mapping|neuropixels|tetrodes?|probes?|silicon|two-photon|2-photon|calcium|photometry|chronic|acute|"
    r"head-fixed|freely|awake|anaesthetized|anesthetized|anaesthetised|anesthetised|urethane|isoflurane|"
    r"slices?|in\s+vivo|in\s+vitro|spontaneous|evoked|passive|licking|running|maze|field|odou?r|tones?|"
    r"gratings?|stimuli|stimulus|sweeps?|juxtacellular|lfp|eeg|ecog|spikes?|units?|place|grid|arrays?|"
    r"intracranial|extracellular|intracellular|single-unit|multi-unit)\b",
    re.I,
)


_GROUP = re.compile(r"\b(?:cage|litter|box|cohort|group)\s+#?\w*\d", re.I)
# Running text without a key or label may describe the session, the animal, a plan or a result.
PROSE_DESCRIPTION = "read from running text, not after a 'description' key"


def short_kind_of_session(kept: str) -> bool:
    """'V1 recording', 'acute tetrode recording': one or two words naming a technique or an area, then the
    session noun, alone in a list: a label of what was recorded, not a sentence that may be about
    something else."""
    words = kept.split()
    if not 2 <= len(words) <= 3 or not re.fullmatch(r"recordings?|imaging|sessions?", words[-1], re.I):
        return False
    return all(_KIND.fullmatch(w) or find_area(w, in_prose=True) for w in words[:-1])


# "Neuropixels recording in the lateral septum", "Calcium imaging in CA1": a kind of session, then where.
_KIND_IN_A_PLACE = re.compile(
    r"(?P<kind>(?:[\w-]+\s+){0,2}(?:recordings?|imaging|sessions?))\s+(?:in|of|from)\s+(?:the\s+)?(?P<place>.+)", re.I
)


def kind_of_session_in_a_place(kept: str, leading: bool) -> bool:
    """'Tetrode recording in CA3 of rat Nova, ...': a label naming a technique and the area it was done in, leading
    a list of values (every word of the place is the area's). Elsewhere it is asked back like any description in
    prose ('..., imaging in barrel cortex' may say where; '... at MIT. Neuropixels recording in V1.' is a sentence)."""
    said = _KIND_IN_A_PLACE.fullmatch(kept.strip())
    if said is None or not leading:
        return False
    kind = said.group("kind").split()
    if not all(_KIND.fullmatch(w) or find_area(w, in_prose=True) for w in kind[:-1]):
        return False
    if "," in said.group("place"):
        return False  # "recordings in the claustrum, both hemispheres": the clause goes on after the area
    area = find_area(said.group("place"), in_prose=True)
    return area is not None and area[1] == 0 and area[2] == len(said.group("place"))


def description_doubt(kept: str) -> str:
    """A session description read from prose (not after a key): uncertain when it reads as a free
    sentence (a pronoun or greeting first, a verb telling what happened), mixes in the animals' group
    ("of cage 5"), or names no kind of session (a technique, a task, or the area recorded)."""
    if _SENTENCE_LEAD.match(kept) or _FINITE_VERB.search(kept):
        return "this sentence may not describe the session"
    if _GROUP.search(kept):
        return "this names the animals' group, not only the session"
    if re.search(r"\d\s*k?Hz\b|\d+-channel", kept, re.I) and not find_area(kept, in_prose=True):
        return "this names acquisition settings, not what was done"
    if re.match(r"\d", kept) or re.search(r"\b(?:day|session)\s+\d+$", kept, re.I):
        return "this names a day or an amount, not what was done"
    if not _KIND.search(kept) and not find_area(kept, in_prose=True):
        words = {w.lower() for w in re.findall(r"[^\W\d_]+", kept)}
        if words & _GENERIC:
            return "this names a session but not what kind"
    return ""


def sentence_around(text: str, start: int, end: int) -> str:
    cuts = [m.end() for m in _SENTENCE.finditer(text, 0, start)]
    sentence_start = cuts[-1] if cuts else 0
    after = _SENTENCE.search(text, end)
    return text[sentence_start : after.start() if after else len(text)]


# -- recording site

# Words that make an area the site of something other than the recording: an injection, an implant
# for light or drugs, a tracer, a lesion; and lists of keywords, which name topics, not a location.
_OTHER_SITE = re.compile(
    r"\b(?:inject\w*|inj|infus\w*|stim|opto|vir(?:us|al)|r?AAV[\w.\-]*|tracer|retrograde|anterograde|cannula\w*|"
    r"fib(?:er|re)s?|lesion\w*|stimulat\w*|into|keywords?|tags?|aim(?:ed|ing)?|intended|planned|craniotom\w*|"
    r"reference|ground(?:ing)?|screws?|skull|head-?(?:plate|post)|(?:recording\s+)?chambers?)\b",
    re.I,
)
# Cues that say the recording itself was there (not only where a probe or electrode went).
_STRONG_SITE = re.compile(
    r"\b(?:record\w*|units?|spikes?|lfps?|eeg|ecog|ephys|electrophysiolog\w*|photometry|imag\w*|location|site|"
    # a recording device placed there ("optrodes were placed in"), or the session itself ("today it was the insula")
    r"(?:probes?|tetrodes?|electrodes?)\s+(?:were|was)\s+(?:\w+ly\s+|later\s+|then\s+)?"
    r"(?:placed|inserted|lowered|positioned|advanced)|"
    r"today|this\s+session)\b",
    re.I,
)
# Words that say the area is where the recording was: the nearest cue before the area wins.
_RECORDED_SITE = re.compile(
    r"\b(?:record\w*|electrodes?|probes?|tetrodes?|optrodes?|units?|spikes?|ephys|electrophysiolog\w*|"
    r"imag\w*|photometry|location|site|targeted|lowered|sessions?|today)\b",
    re.I,
)


# (an optrode also shines light: beside an injection site it stays asked back)
_DEVICE = re.compile(r"\b(?:probes?|tetrodes?|neuropixels|shanks?|silicon|hyperdrives?|microdrives?)\b", re.I)


def _device_into(before: str, cue: re.Match[str]) -> bool:
    """'probes were inserted into', 'tetrodes were lowered into': "into" after a recording device (and no
    injection or implant of something else since) is where the device recorded, not another site."""
    if cue.group(0).lower() != "into":
        return False
    since = max(
        (m.end() for m in _OTHER_SITE.finditer(before, 0, cue.start()) if m.group(0).lower() != "into"), default=0
    )
    return bool(_DEVICE.search(before, since, cue.start()))


def said_recorded_there(text: str, start: int) -> bool:
    """The nearest cue before the area in its sentence says the recording was there ("recorded in")."""
    cuts = [m.end() for m in re.finditer(r"[.!?;,]\s|\n", text[:start])]
    before = text[cuts[-1] if cuts else 0 : start]
    others = [m for m in _OTHER_SITE.finditer(before) if not _device_into(before, m)]
    cues = list(_STRONG_SITE.finditer(before)) + others + list(_RECORDED_SITE.finditer(before))
    nearest = max(cues, key=lambda m: m.end(), default=None)
    return bool(nearest and _STRONG_SITE.fullmatch(nearest.group(0)))


_PLAN = re.compile(
    r"\b(?:will|shall|going\s+to|plan(?:ned|s|ning)?\s+to|tomorrow|next\s+(?:week|session|time|month|day)|"
    r"to-?do|note\s+to\s+self|should|would\s+like)\b",
    re.I,
)


def plan_doubt(text: str, start: int, end: int) -> str:
    """A value in a sentence about what is planned ('The next session will target V1')."""
    plan = _PLAN.search(sentence_around(text, start, end))
    return f"the sentence says what is planned ('{plan.group(0)}')" if plan else ""


def names_other_sites(answer: str) -> bool:
    """An answer naming an injection, implant or other site beside the recording's."""
    return bool(_OTHER_SITE.search(answer))


def location_doubt(text: str, start: int) -> str:
    """An area read from prose: uncertain when the nearest cue before it in its sentence names an
    injection, implant, tracer, stimulation or a keywords list rather than the recording."""
    cuts = [m.end() for m in re.finditer(r"[.!?;]\s|\n", text[:start])]
    before = text[cuts[-1] if cuts else 0 : start]
    line = text[:start].rsplit("\n", 1)[-1]
    if re.match(r"\s*(?:keywords?|tags?)\b", line, re.I):
        return "the area is in a keywords list, not said as the recording site"
    other = [m for m in _OTHER_SITE.finditer(before) if not _device_into(before, m)]
    recorded = list(_RECORDED_SITE.finditer(before))
    if other and (not recorded or recorded[-1].start() < other[-1].start()):
        return f"the area follows '{other[-1].group(0)}', which may not be where the recording was"
    if other and not _STRONG_SITE.search(before):
        # "Injections targeted the SC": a probe's or a target's word after another site's says no recording
        return f"the sentence names '{other[0].group(0)}', and nothing says the recording was here"
    return ""


# -- age and weight at another time

# An age or weight said of another time than the session (arrival, shipping, surgery...), of a plan or
# of the past ("tomorrow", "last week"), or a span of time that is not an age ("after one week").
_OTHER_TIME = re.compile(
    r"\b(?:arriv\w*|shipp\w*|shipped|received|delivered|purchased|ordered|weaned|weaning|surger(?:y|ies)|"
    r"inject\w*|implant\w*|given|administered|operat\w*|born|restrict\w*|tomorrow|next\s+(?:week|month|time)|"
    r"last\s+(?:week|month|time)|previously|will|planned|plan|to\s+do|todo|lost|gained|"
    r"train(?:ing|ed)|pre-?train\w*|habituat\w*|handl(?:ing|ed)|first\s+(?!record)\w+\s+(?:session|day)|"
    r"tamoxifen|induc(?:ed|tion)|dos(?:ed|ing)|lesion(?:ed|s)?|infus\w*|electroporat\w*|transfect\w*|"
    r"virus|viral|AAV\w*|\d+-(?:day|week|month)\s+weighing|(?:the\s+)?(?:day|week)\s+(?:after|before)|"
    # "we got the rat at 8 weeks", "vet check on 2023-12-01": when the animal came, or was seen by a vet
    r"(?:got|obtained|acquired|bought)\s+(?:the|this|our|her|him|it|them)|vet\s+checks?|check-?ups?)\b",
    re.I,
)
_OTHER_ANIMAL = re.compile(
    r"\b(?:her|his|its|their)\s+(?:pups?|litters?|offspring|mother|father|dam|sire|parents?)\b|"
    r"\b(?:cage\s*mates?|littermates?|parents?|mother|father|dams?|sires?|breeders?)\b",
    re.I,
)
# "imaging began at P98", "training started at 8 weeks", "from P60 on": when a series began.
_BEGAN_AT = re.compile(
    r"\b(?:beg[au]n|began|starts?|started|starting|commenced|from|since)\s+(?:at\s+|on\s+|around\s+)?$", re.I
)
_SPAN_BEFORE = re.compile(r"\b(?:after|later|for|within|over|every|per|during|in)\s+(?:the\s+)?$", re.I)
# A recording word right beside the number, with no pause between: "P60 at recording", "recorded at 13 weeks".
# "11 weeks old at the first session ... in this file at its third session": a session named by its rank.
_ORDINAL_SESSION = re.compile(
    r"\b(?P<nth>first|second|third|fourth|fifth|sixth|last|final|\d+(?:st|nd|rd|th))\s+(?:\w+\s+)?"
    r"(?:sessions?|recordings?|recording\s+days?)\b",
    re.I,
)
_RECORDING_AFTER = re.compile(r"^\s{0,2}(?:(?:at|on|during|for)\s+)?(?:the\s+)?(?:record\w*|session|experiment)", re.I)
_RECORDING_BEFORE = re.compile(r"\b(?:record\w*|session|experiment)\b\W*(?:at|on|aged?)?\s*$", re.I)
_RECORDING_WORD = re.compile(r"\b(?:record\w*|sessions?|experiments?)\b", re.I)
# Clause edges; "at 250 g and 8 weeks" is one clause (an "and" before a number joins two values of one time).
# (a table's "|" ends a cell: "virus: AAV1-syn-GCaMP8s at P60 | 21 g" are two times)
_CLAUSE_EDGE = re.compile(r"[,;.!?(|]\s*|\s(?:and|then|but)\s(?!\d)")
_CLAUSE_END = re.compile(r"[,;!?()|]|\.(?!\d)|\s(?:and|then|but)\s(?!\d)")  # an aside in brackets is its own clause


_WHEN_IN_BRACKETS = re.compile(
    r"\s*\(\s*(?P<when>(?:at|on|upon|before|after|pre-?|post-?|during)\s*(?:the\s+)?"
    r"(?:arriv|shipp|surg|inject|implant|restrict|wean|purchas|birth|training|habituat)\w*)[^()\d]{0,20}\)",
    re.I,
)


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    clause_start = max([m.end() for m in _CLAUSE_EDGE.finditer(text[:start])], default=0)
    clause_end = _CLAUSE_END.search(text, end)
    return clause_start, clause_end.start() if clause_end else len(text)


_WEIGHT_UNIT_AT_END = re.compile(r"\d\s*(?:g|kg|grams?)$", re.I)
_THEN_AFTER = re.compile(r"\s+(?:back\s+)?then\b(?=\s*(?:[,;.)!?]|$))", re.I)


def _with_clause_before_a_bare_value(text: str, clause_start: int, start: int, end: int, clause_end: int) -> int:
    """'we got the rat at 8 weeks, 260 g, ...': a weight alone between commas belongs to the clause before it
    (an age alone, "12 weeks old", says how old the animal is); so does one alone in brackets ("got her at 7
    weeks from the vendor (190 g)")."""
    before = text[:clause_start].rstrip()
    alone_in_brackets = before.endswith("(") and not text[clause_start:start].strip() and text[end:].lstrip()[:1] == ")"
    if alone_in_brackets and _WEIGHT_UNIT_AT_END.search(text, start, end):
        return _clause(text, clause_start - 1, clause_start - 1)[0]
    if text[clause_start:start].strip() or text[end:clause_end].strip() or not before.endswith(","):
        return clause_start
    if not _WEIGHT_UNIT_AT_END.search(text, start, end):
        return clause_start
    if before[:-1].rstrip().endswith(")"):  # "(P56 at surgery), 21.4 g": an aside in brackets is its own clause
        return clause_start
    return _clause(text, clause_start - 2, clause_start - 2)[0]


def time_of_life_doubt(text: str, start: int, end: int) -> str:
    """An age or weight read from prose: uncertain when its clause says it was at another time
    (on arrival, at shipping, at surgery or injection, tomorrow, last week) unless a recording word is
    right beside it, or when it is a span ("after one week") rather than how old the animal is."""
    if _SPAN_BEFORE.search(text[max(0, start - 12) : start]):
        return "this reads as a span of time, not the animal's age"
    if _BEGAN_AT.search(text[max(0, start - 30) : start]):
        return "the age when something began, not necessarily at this session"  # "imaging began at P98"
    when = _WHEN_IN_BRACKETS.match(text, end)
    if when:  # "25 g (at arrival)", "P30 (before surgery)": the bracket says when (not "23.9 g (pre-surgery 27 g)")
        return f"said of another time ('{when.group('when')}'), not the session"
    if _THEN_AFTER.match(text, end):  # "vet check on 2023-12-01, weight 6.8 kg then": at the time just named
        sentence = re.split(r"[!?\n]|\.(?!\d)", text[max(0, start - 120) : start])[-1]
        if _OTHER_TIME.search(sentence) and not _RECORDING_WORD.search(sentence):
            return "said of another time ('then'), not the session"
    clause_start, clause_end = _clause(text, start, end)
    clause_start = _with_clause_before_a_bare_value(text, clause_start, start, end, clause_end)
    if _RECORDING_AFTER.match(text[end:clause_end]) or _RECORDING_BEFORE.search(text[clause_start:start]):
        return ""
    other = _OTHER_TIME.search(text[clause_start:clause_end])
    if other:
        return f"said of another time ('{other.group(0)}'), not the session"
    ordinal = _ORDINAL_SESSION.search(text[clause_start:clause_end])
    if ordinal and {m.group("nth").lower() for m in _ORDINAL_SESSION.finditer(text)} - {ordinal.group("nth").lower()}:
        return f"said of one session ('{ordinal.group(0)}') where the message names another"
    animal = _OTHER_ANIMAL.search(text[clause_start:clause_end])
    if animal:
        return f"said of another animal ('{animal.group(0)}')"
    return ""


def note_says_otherwise(note: str, *, of_time: bool) -> bool:
    """'25 g (at arrival)', 'Tom (the PI)', '(not sure)': a note after an answer that makes it another time's,
    another animal's or another role's value, or a guess. (A sex does not change with time: `of_time` False.)"""
    if GUESS.search(note) or _OTHER_ROLE.search(note) or _OTHER_ANIMAL.search(note):
        return True
    return of_time and bool(_OTHER_TIME.search(note))


def said_of_recording(text: str, start: int, end: int) -> bool:
    """'recorded in the NAc at 12 weeks', 'P70 at recording': the number's own clause names the recording
    and no other time."""
    clause_start, clause_end = _clause(text, start, end)
    clause = text[clause_start:clause_end]
    return bool(_RECORDING_WORD.search(clause)) and not _OTHER_TIME.search(clause)


# -- lab

_DONOR = re.compile(
    r"\b(?:gift|provided|donated|shar(?:ed|ing|e)|kindly|courtesy|thanks?|thx|borrowed|lent|gave|give|"
    # "a drive built by Loren's lab": a lab that made the equipment
    r"built|designed|developed|constructed|manufactured|fabricated|machined|wrote|written)\b",
    re.I,
)
# "the mice are from the X lab", "the virus came from the X lab": what came from a lab names a source.
_SOURCE_BEFORE = re.compile(
    r"\b(?:mice|rats|animals?|lines?|breeders?|pups|virus(?:es)?|constructs?|plasmids?|code|probes?|strains?)\b"
    r"[^.;]{0,30}\b(?:from|of)\s+$",
    re.I,
)


def gives_something(text: str) -> bool:
    """Words saying someone gave, shared or provided something (a donor, not the one who recorded)."""
    return bool(_DONOR.search(text))


def lab_doubt(text: str, start: int, end: int) -> str:
    """A lab read from prose: uncertain when its sentence says the lab gave something (a donor, a
    collaborator) rather than being the one that recorded."""
    if re.search(r"\b(?:we\s+are|we'?re|our|in)\s+(?:the\s+)?$", text[max(0, start - 15) : start], re.I):
        return ""  # "we are the X lab", "in the X lab": the lab is ours whatever else the sentence says
    if _SOURCE_BEFORE.search(text[max(0, start - 60) : start]):
        return "the lab is named as where something came from"
    sentence = sentence_around(text, start, end)
    donor = _DONOR.search(sentence)
    if donor:
        return f"the same sentence says the lab gave or made something ('{donor.group(0)}')"
    clause_start = max((m.end() for m in re.finditer(r"[,;.!?]\s", text[:start])), default=0)
    clause_end = re.search(r"[,;.!?](?:\s|$)", text[end:])
    clause = text[clause_start : end + clause_end.start() if clause_end else len(text)]
    # "the lab name", "the lab is now called X": the lab's own name, no other role
    own_name = r"\blab(?:oratory)?(?:['’]?s?\s+name\b|\s+(?:(?:is|was)\s+)?(?:now\s+)?(?:called|named)\b)"
    clause = re.sub(own_name, "lab", clause, flags=re.I)
    role = _OTHER_ROLE.search(clause)  # "Dr. Chen's lab at Caltech did the surgeries; we recorded at USC"
    if role and not re.search(r"\brecord\w*", clause, re.I):
        return f"the same sentence gives the lab another role ('{role.group(0)}')"
    return ""


# -- genotype: words that name a kind of line, or what the animal expresses from a virus

_CONSTRUCT_OR_INJECTION = re.compile(r"\b(?:inject\w*|virus|viral|r?AAV[\w.\-]*|DIO|FLEX)\b", re.I)
_KIND_OF_LINE = re.compile(r"^(?:the\s+)?(?:Cre|Flp|Dre|tTA|rtTA)(?:\s+(?:line|driver|mouse|mice))?$", re.I)
_EXPRESSES = re.compile(r"\b(?:express\w*|indicator|reporter|sensor|labell?ed\s+with)\b", re.I)


def genotype_words_doubt(value: str, text: str, start: int) -> str:
    """A genotype that is only a kind of line ('the Cre line'), one given only in brackets with no
    key ('(TH-Cre)'), or what the animal expresses ('expresses GCaMP7f') is asked back."""
    if _KIND_OF_LINE.match(value.strip()):
        return "this names a kind of line, not which one"
    if re.search(r"\bline\s*[:=]\s*$", text[max(0, start - 20) : start], re.I):
        return "a line may name the strain or the genotype"
    # ("expressing Tg(elavl3:GCaMP6s)": a transgene named as a line, "Tg(...)", is the animal's genotype)
    transgene = re.match(r"\s*Tg\(", value) and not _CONSTRUCT_OR_INJECTION.search(text)
    if _EXPRESSES.search(text[max(0, start - 30) : start]) and not transgene:
        return "this may be what the animal expresses, not its genotype"
    keyed = re.search(r"genotype|line", text[max(0, start - 30) : start], re.I)
    bracketed = text[max(0, start - 1) : start] == "(" and not keyed
    if bracketed and _CONSTRUCT_OR_INJECTION.search(text):
        return "a line in brackets beside a virus may name the animal's line or the construct's target"
    return ""


# -- genotype: lines of the parents or of a donor

# A sentence about breeding or about who gave a line names lines, not this animal's genotype.
_LINEAGE = re.compile(
    r"\b(?:cross(?:ed|es|ing)?|breed(?:er|ers|ing)?|bred|pairs?|parents?|offspring|dams?|sires?|shar(?:e|ed|ing)|"
    r"siblings?|littermates?|sister|brother|"
    r"gift|gave|provided|donated|thx|thanks?|came\s+from|obtained\s+from|imported|received|purchased|ordered|"
    r"bought|father|mother|from\s+(?:JAX|Jackson|Charles\s+River|Envigo|Taconic|Janvier))\b",
    re.I,
)


_BREEDING = re.compile(
    r"\b(?:cross(?:ed|es|ing)?|breed(?:er|ers|ing)?|bred|pairs?|parents?|offspring|dams?|sires?|mother|father|"
    r"siblings?|littermates?|sister|brother|cage\s*mates?)\b",
    re.I,
)


def lineage_doubt(text: str, start: int, end: int, *, breeding_only: bool = False) -> str:
    """A genotype (or, `breeding_only`, a strain: a vendor sells the strain it names) read from prose
    whose sentence is about breeding or a donor: asked back."""
    found = (_BREEDING if breeding_only else _LINEAGE).search(sentence_around(text, start, end))
    return f"the sentence names lines of parents or of a donor ('{found.group(0)}')" if found else ""


# -- a sign-off's affiliation, a generic date key

_SIGN_OFF_WORDS = (
    r"(?:best(?:\s+wishes)?|(?:kind\s+|best\s+|warm\s+)?regards|cheers|sincerely|thanks|yours|signed|"
    # the same in the languages of the messages: "Un saludo,", "Cordialement,", "Viele Grüße,", "Abraços,"
    r"(?:un\s+)?saludos?|cordialement|cordiali\s+saluti|saluti|(?:viele|beste|liebe)\s+gr(?:ü|ue)(?:ß|ss)e|"
    r"mit\s+freundlichen\s+gr(?:ü|ue)(?:ß|ss)en|atenciosamente|abra(?:ç|c)os|met\s+vriendelijke\s+groet(?:en)?|"
    r"(?:vänliga\s+)?hälsningar)"
)
_SIGN_OFF = re.compile(
    rf"\b{_SIGN_OFF_WORDS}\s*(?:,|\n)|"
    r"^[ \t]*--[ \t]*$",  # "--" alone on a line opens an e-mail's signature
    re.I | re.M,
)
_SIGN_OFF_ALONE = re.compile(rf"\W*(?:{_SIGN_OFF_WORDS}|many\s+thanks|thank\s+you|ciao|bye)\W*", re.I)


def is_sign_off(words: str) -> bool:
    """ "Best", "Kind regards": an e-mail's sign-off, part of no value before it."""
    return bool(_SIGN_OFF_ALONE.fullmatch(words))


def signature_doubt(text: str, start: int) -> str:
    """An institution in a signature ('Best, Name, University of X') says where the person works, not
    where the recording was, unless the words between the sign-off and it say so."""
    # ("Saludos, el experimento ...": the same words opening a message, running on in a sentence, greet)
    sign_offs = [
        m
        for m in _SIGN_OFF.finditer(text, 0, start)
        if text[: m.start()].strip(" \t\n!,.") or not re.match(r"[^\S\n]*[a-zà-ÿ]", text[m.end() :])
    ]
    if sign_offs and not re.search(r"\brecord\w*", text[sign_offs[-1].end() : start], re.I):
        return "an affiliation in a signature may not be where the recording was"
    return ""


# "... mice was carried out", "... were performed": the verb of a sentence after the words of its subject
# (";" and "." inside a word, as in "Sst-IRES-Cre;Ai162", do not end the clause)
_SENTENCE_VERB_AFTER = re.compile(
    r"(?:[^,;:.!?\n]|[;:.](?=\S)){0,80}?\b(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?:\w+\s+){0,2}?"
    r"\w+(?:ed|en|un|one|ade)\b",
    re.I,
)


def head_of_a_subject(text: str, segment: re.Match[str], kept: str) -> bool:
    """'Two-photon imaging in Sst-Cre mice was carried out at X': the kept words open the subject of a passive verb
    later in their clause (a methods sentence saying who or where), not a label of the session."""
    start = text.find(kept, segment.start())
    return start >= 0 and bool(_SENTENCE_VERB_AFTER.match(text, start + len(kept)))
