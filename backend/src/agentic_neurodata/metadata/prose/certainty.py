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

# Sentence boundaries for "the same sentence": a full stop, "!", "?", ";" or a contrasting "but".
# A title's or an initial's full stop ("Dr. A. Reyes") does not end a sentence.
_SENTENCE = re.compile(r"(?<!\bDr)(?<!\bProf)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\b[A-Z])[.!?;](?:\s|$)|\bbut\b", re.I)

# -- people

# Roles that are not the person who recorded: a person named in the same sentence may hold them.
_OTHER_ROLE = re.compile(
    r"\b(?:PI|P\.I\.|principal\s+investigator|supervisor|supervised|lab\s+head|head\s+of|group\s+leader|"
    r"surger(?:y|ies)|surgeon|operated|histology|analy[sz]ed|analysis|analyses|sort(?:ed|ing)|"
    r"collaborat\w*|thanks?|credit|vendor|supplier|provided|gift|technician|advis[oe]r|behalf|"
    r"named|called|name)\b",
    re.I,
)


def experimenter_doubt(text: str, start: int, end: int) -> str:
    """A name read without a certain cue: uncertain if its sentence also names another role."""
    sentence = _sentence_around(text, start, end)
    role = _OTHER_ROLE.search(sentence)
    if role:
        return f"the same sentence names another role ('{role.group(0)}')"
    return ""


# -- institutions

# Organisations that are not where the work was done: vendors, funders, collaborators, donors.
_OTHER_ORGANISATION = re.compile(
    r"\b(?:vendor|supplier|purchased|ordered|bought|obtained|supplied|shipped|came\s+from|from\s+the\s+lab|"
    r"gift|collaborat\w*|joint|funded|funding|grant|thanks?|sent|provided|donated|sequencing|"
    r"Jackson\s+Lab\w*|Charles\s+River|Envigo|Taconic|Janvier|Harlan|Addgene)\b",
    re.I,
)
# "we recorded at X", "the work was done at X", "I work at X": the frame says where the work was done.
_WORK_AT = re.compile(
    r"\b(?:recorded|recordings?|record|done|performed|carried\s+out|collected|acquired|conducted|"
    r"work(?:ed|s)?|experiments?|electrophysiology|ephys|imaging|institution)\b[^.;:]{0,25}?\b(?:at|in)\s+(?:the\s+)?$",
    re.I,
)


def institution_doubt(text: str, start: int, end: int, others: int) -> str:
    """An institution read from prose: uncertain when the message names another organisation (or
    more than one institution) and the words around it do not say the work was done there."""
    if _WORK_AT.search(text[max(0, start - 60) : start]):
        return ""
    other = _OTHER_ORGANISATION.search(text)
    if other:
        return f"the message also names another organisation or role ('{other.group(0)}')"
    if others:
        return "the message names more than one institution"
    return ""


# -- session start

# Events that are not the recording: a time beside them may be theirs.
_OTHER_EVENT = re.compile(
    r"\b(?:surger(?:y|ies)|operat(?:ed|ion)|implant(?:ed|ation)?|inject(?:ed|ion)|virus|perfus(?:ed|ion)|"
    r"upload(?:ed)?|sent|backed\s+up|backup|copied|e-?mail|checked|anaesthetis\w+|anesthetiz\w+|"
    r"drug|habituation|born|birth|weaned|arrived|arrival|shipped|training|trained)\b",
    re.I,
)
# Words right before a time that say it is the recording's: "recording started at", "session start".
_RECORDING_FRAME = re.compile(
    r"\b(?:record(?:ing|ings|ed)?|sessions?|imaging|ephys|experiment|start(?:ed|s|ing)?|beg[au]n|"
    r"start\s+time|start_time)\b[^.;]{0,30}$",
    re.I,
)


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


def description_doubt(kept: str) -> str:
    """A session description read from prose (not after a key): uncertain when it reads as a free
    sentence (a pronoun or greeting first, a verb telling what happened), mixes in the animals' group
    ("of cage 5"), or names no kind of session (a technique, a task, or the area recorded)."""
    if _SENTENCE_LEAD.match(kept) or _FINITE_VERB.search(kept):
        return "this sentence may not describe the session"
    if _GROUP.search(kept):
        return "this names the animals' group, not only the session"
    if not _KIND.search(kept) and not find_area(kept, in_prose=True):
        words = {w.lower() for w in re.findall(r"[^\W\d_]+", kept)}
        if words & _GENERIC:
            return "this names a session but not what kind"
    return ""


def _sentence_around(text: str, start: int, end: int) -> str:
    cuts = [m.end() for m in _SENTENCE.finditer(text, 0, start)]
    sentence_start = cuts[-1] if cuts else 0
    after = _SENTENCE.search(text, end)
    return text[sentence_start : after.start() if after else len(text)]
