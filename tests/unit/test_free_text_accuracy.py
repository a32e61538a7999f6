"""The offline free-text reader on varied messages: bulk descriptions and single answers, with
typos, different orders, units and time zones. Scored per field (precision and recall over
field=value pairs, intents and rejections) and printed; each message is also its own test."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput

NOW = datetime(2026, 1, 1, 12, tzinfo=UTC)
MOUSE, RAT = "Mus musculus", "Rattus norvegicus"

# (message, asked fields, expected). Expected keys: field names -> normalised values;
# "intent:<kind>" -> the fields it is about; "rejected" -> fields that must be rejected.
CASES: list[tuple[str, list[str], dict[str, Any]]] = [
    # ---- bulk descriptions
    (
        "Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST",
        [],
        {
            "experimenter": ["Smith, Jane"],
            "institution": "Massachusetts Institute of Technology",
            "species": MOUSE,
            "subject_id": "m042",
            "sex": "F",
            "age": "P12W",
            "electrode_location": "VISp",
            "session_description": "V1 recording",
            "session_start_time": "2024-03-05T14:30:00-05:00",
        },
    ),
    (
        "Jane Smith, Stanford University, C57BL/6J mice, subject M7, male, P60, recorded in CA1 on "
        "2024-03-05 10:00 PST",
        [],
        {
            "experimenter": ["Smith, Jane"],
            "institution": "Stanford University",
            "species": MOUSE,
            "strain": "C57BL/6J",
            "subject_id": "M7",
            "sex": "M",
            "age": "P60D",
            "electrode_location": "CA1",
            "session_description": "Recorded in CA1",
            "session_start_time": "2024-03-05T10:00:00-08:00",
        },
    ),
    (
        "subject id: m042; species: mouse; sex: F; age: 90 days; session start: 2024-03-05 14:30 Europe/Paris",
        [],
        {
            "subject_id": "m042",
            "species": MOUSE,
            "sex": "F",
            "age": "P90D",
            "session_start_time": "2024-03-05T14:30:00+01:00",
        },
    ),
    (
        "rat #7, 3 months old, male, recorded by Bob Lee and Alice Wong at the University of Oxford",
        [],
        {
            "species": RAT,
            "subject_id": "7",
            "age": "P3M",
            "sex": "M",
            "experimenter": ["Lee, Bob", "Wong, Alice"],
            "institution": "University of Oxford",
        },
    ),
    (
        "female Long-Evans rat R12, 10 weeks, hippocampus recording on March 12th, 2024 at 9:15 AM Eastern time",
        [],
        {
            "sex": "F",
            "species": RAT,
            "strain": "Long-Evans",
            "subject_id": "R12",
            "age": "P10W",
            "electrode_location": "HPF",
            "session_description": "Hippocampus recording",
            "session_start_time": "2024-03-12T09:15:00-04:00",
        },
    ),
    (
        "Recorded 2024-06-01 13:00 CEST by Prof. Marie Curie, Institut Pasteur. Mouse ID 55, male, 8-10 weeks.",
        [],
        {
            "session_start_time": "2024-06-01T13:00:00+02:00",
            "experimenter": ["Curie, Marie"],
            "institution": "Institut Pasteur",
            "species": MOUSE,
            "subject_id": "55",
            "sex": "M",
            "age": "P8W/P10W",
        },
    ),
    (
        "The experimenter was John Doe from UCL. Animal: mouse A-17, 4 months, female. Barrel cortex recording.",
        [],
        {
            "experimenter": ["Doe, John"],
            "institution": "University College London",
            "species": MOUSE,
            "subject_id": "A-17",
            "age": "P4M",
            "sex": "F",
            "electrode_location": "SSp-bfd",
            "session_description": "Barrel cortex recording",
        },
    ),
    (
        "zebrafish larva z3, 7 days old, sex unknown, imaging session 2024-02-02 11:00 UTC",
        [],
        {
            "species": "Danio rerio",
            "subject_id": "z3",
            "age": "P7D",
            "sex": "U",
            "session_description": "Imaging session",
            "session_start_time": "2024-02-02T11:00:00+00:00",
        },
    ),
    (
        "macaque monkey M1a, male, 6 years, recording in prefrontal cortex, started on 1 Feb 2023 at 10am GMT, "
        "Smith lab",
        [],
        {
            "species": "Macaca mulatta",
            "subject_id": "M1a",
            "sex": "M",
            "age": "P6Y",
            "electrode_location": "PFC",
            "session_description": "Recording in prefrontal cortex",
            "session_start_time": "2023-02-01T10:00:00+00:00",
            "lab": "Smith Lab",
        },
    ),
    (
        "mouse 042 weighed 25 g, female, aged twelve weeks",
        [],
        {"species": MOUSE, "subject_id": "042", "weight": "25 g", "sex": "F", "age": "P12W"},
    ),
    (
        "Session s03 with mouse m9 (male, P45) recorded on 3 Jan 2024 15:45 Europe/Berlin by Anna van der Berg",
        [],
        {
            "session_id": "s03",
            "species": MOUSE,
            "subject_id": "m9",
            "sex": "M",
            "age": "P45D",
            "session_start_time": "2024-01-03T15:45:00+01:00",
            "experimenter": ["van der Berg, Anna"],
        },
    ),
    (
        "human participant sub-07, female, 34 years, recorded 2023-11-20 09:00 -05:00",
        [],
        {
            "species": "Homo sapiens",
            "subject_id": "sub-07",
            "sex": "F",
            "age": "P34Y",
            "session_start_time": "2023-11-20T09:00:00-05:00",
        },
    ),
    (
        "C57BL/6 mice, male, m101, 2 months old, born 2023-12-04",
        [],
        {
            "species": MOUSE,
            "strain": "C57BL/6",
            "sex": "M",
            "subject_id": "m101",
            "age": "P2M",
            "date_of_birth": "2023-12-04",
        },
    ),
    ("started 5 March 2024 2:30pm", [], {"rejected": ["session_start_time"]}),
    (
        "mouse m042, female, 200 years old",
        [],
        {"species": MOUSE, "subject_id": "m042", "sex": "F", "rejected": ["age"]},
    ),
    (
        "recorded on 05/03/2024 14:30 CET, male mouse m5",
        [],
        {"rejected": ["session_start_time"], "sex": "M", "species": MOUSE, "subject_id": "m5"},
    ),
    (
        "feamle mouse, 12 wks, sesion started 2024-03-05 14:30 EST",
        [],
        {"species": MOUSE, "age": "P12W", "session_start_time": "2024-03-05T14:30:00-05:00"},
    ),
    (
        "experimenters: Smith, Jane; Doe, John. institution = Harvard",
        [],
        {"experimenter": ["Smith, Jane", "Doe, John"], "institution": "Harvard University"},
    ),
    ("keywords: electrophysiology, V1, Neuropixels", [], {"keywords": ["electrophysiology", "V1", "Neuropixels"]}),
    (
        "description: Spontaneous activity in V1 of an awake mouse",
        [],
        {"session_description": "Spontaneous activity in V1 of an awake mouse"},
    ),
    # ---- single answers to the question just asked
    ("it's a rat", ["species"], {"species": RAT}),
    ("P90", ["age"], {"age": "P90D"}),
    ("skip that", ["age"], {"intent:skip_field": ["age"]}),
    ("I don't know the age", ["age", "sex"], {"intent:dont_know": ["age"]}),
    ("just convert it, skip the questions", ["age"], {"intent:skip_all": []}),
    # values given together with "just convert" still count
    (
        "Recorded by Dr. Jane Smith at MIT on 5 March 2024 2:30pm EST, just convert it",
        ["subject_id", "age"],
        {
            "intent:skip_all": [],
            "experimenter": ["Smith, Jane"],
            "institution": "Massachusetts Institute of Technology",
            "session_start_time": "2024-03-05T14:30:00-05:00",
        },
    ),
    (
        "m042 female mouse, skip the rest",
        ["subject_id", "sex", "species", "age"],
        {"intent:skip_all": [], "subject_id": "m042", "sex": "F", "species": MOUSE},
    ),
    ("female", ["sex"], {"sex": "F"}),
    ("F", ["sex"], {"sex": "F"}),
    ("unknown", ["sex"], {"sex": "U"}),
    ("jane smith", ["experimenter"], {"experimenter": ["Smith, Jane"]}),
    (
        "Neuropixels recording in V1 during passive viewing",
        ["session_description"],
        {"session_description": "Neuropixels recording in V1 during passive viewing"},
    ),
    ("I don't know the age, but it's a female", ["age", "sex"], {"intent:dont_know": ["age"], "sex": "F"}),
    ("EST", ["session_start_time"], {"rejected": ["session_start_time"]}),
    ("m042", ["subject_id"], {"subject_id": "m042"}),
    ("3 months", ["age"], {"age": "P3M"}),
    ("about 2 years", ["age"], {"age": "P2Y"}),
    ("12", ["age"], {"rejected": ["age"]}),
    ("mose", ["species"], {"species": MOUSE}),
    ("C57BL/6J", ["species"], {"species": MOUSE, "strain": "C57BL/6J"}),
    ("the institution is MIT", ["institution"], {"institution": "Massachusetts Institute of Technology"}),
    ("V1", ["electrode_location"], {"electrode_location": "VISp"}),
    ("in the hippocampus", ["electrode_location"], {"electrode_location": "HPF"}),
    ("yesterday at 3pm PST", ["session_start_time"], {"session_start_time": "2025-12-31T15:00:00-08:00"}),
    ("5 March 2024 14:30 Europe/Paris", ["session_start_time"], {"session_start_time": "2024-03-05T14:30:00+01:00"}),
    ("n/a", ["lab"], {"intent:skip_field": ["lab"]}),
    ("no idea", ["date_of_birth"], {"intent:dont_know": ["date_of_birth"]}),
    (
        "pass on the experimenter, and I'd rather not give the institution",
        ["experimenter", "institution"],
        {"intent:skip_field": ["experimenter", "institution"]},
    ),
    ("male, 8 weeks", ["sex", "age"], {"sex": "M", "age": "P8W"}),
    ("Smith Lab", ["lab"], {"lab": "Smith Lab"}),
    ("electrophysiology; V1", ["keywords"], {"keywords": ["electrophysiology", "V1"]}),
    ("cancel", [], {"intent:cancel": []}),
    ("yes, go ahead", [], {"intent:approve": []}),
    ("no thanks", [], {"intent:decline": []}),
    ("keep it as is", [], {"intent:accept_as_is": []}),
    ("what does session description mean?", ["session_description"], {"intent:question": ["session_description"]}),
]


def observed(parsed: ParsedInput) -> set[tuple[str, str]]:
    pairs = {(name, repr(value)) for name, value in parsed.values.items()}
    pairs |= {(f"intent:{i.kind.value}", repr(sorted(i.fields))) for i in parsed.intents}
    pairs |= {("rejected", r.field) for r in parsed.rejections}
    return pairs


def expected(spec: dict[str, Any]) -> set[tuple[str, str]]:
    pairs = set()
    for name, value in spec.items():
        if name == "rejected":
            pairs |= {("rejected", field) for field in value}
        elif name.startswith("intent:"):
            pairs.add((name, repr(sorted(value))))
        else:
            pairs.add((name, repr(value)))
    return pairs


def test_there_are_at_least_forty_varied_messages() -> None:
    assert len(CASES) >= 40
    assert sum(1 for _, asked, _ in CASES if not asked) >= 15 and sum(1 for _, asked, _ in CASES if asked) >= 20


def test_field_level_accuracy(capsys: pytest.CaptureFixture[str]) -> None:
    true_positive = predicted = wanted = 0
    misses = []
    for text, asked, spec in CASES:
        got, want = observed(parse_free_text(text, asked, now=NOW)), expected(spec)
        true_positive += len(got & want)
        predicted += len(got)
        wanted += len(want)
        if got != want:
            misses.append(f"{text!r}: extra {sorted(got - want)}, missing {sorted(want - got)}")
    precision, recall = true_positive / predicted, true_positive / wanted
    with capsys.disabled():
        print(
            f"\nOffline free-text reader, {len(CASES)} messages, {wanted} expected field values: "
            f"precision {precision:.1%}, recall {recall:.1%}"
        )
        for miss in misses:
            print("  miss:", miss)
    assert precision >= 0.95 and recall >= 0.9


@pytest.mark.parametrize(("text", "asked", "spec"), CASES, ids=[c[0][:40] for c in CASES])
def test_each_message(text: str, asked: list[str], spec: dict[str, Any]) -> None:
    parsed = parse_free_text(text, asked, now=NOW)
    got, want = observed(parsed), expected(spec)
    # Every message must at least give nothing wrong; most give everything.
    assert not (got - want), f"unexpected: {sorted(got - want)}"


# Written after the reader was tuned on CASES, to estimate how it does on messages it was not
# built around. First run: precision 87.8%, recall 91.5%. Three general bugs it showed were then
# fixed (descriptions built from remnants, ids like "rat-22", a zone named before the date);
# the expectations below were not changed. The remaining differences are reasonable readings
# (e.g. "recorded in auditory cortex" taken as the session description).
HELD_OUT: list[tuple[str, list[str], dict[str, Any]]] = [
    (
        "Hi! Mouse K3 (female, 14 wks old), recorded from M1 on Feb 20 2024 at 4:05 PM PST by Dr. Raj Patel, UCSF.",
        [],
        {
            "species": MOUSE,
            "subject_id": "K3",
            "sex": "F",
            "age": "P14W",
            "electrode_location": "MOp",
            "session_start_time": "2024-02-20T16:05:00-08:00",
            "experimenter": ["Patel, Raj"],
            "institution": "University of California, San Francisco",
        },
    ),
    (
        "Sprague Dawley rat, male, 250 g, ID rat-22, age 9 weeks",
        [],
        {
            "species": RAT,
            "strain": "Sprague-Dawley",
            "sex": "M",
            "weight": "250 g",
            "subject_id": "rat-22",
            "age": "P9W",
        },
    ),
    (
        "we recorded in the VTA of a 6 month old male mouse called b12",
        [],
        {"electrode_location": "VTA", "age": "P6M", "sex": "M", "species": MOUSE},
    ),
    ("start time 2023-10-10 08:30 America/Chicago", [], {"session_start_time": "2023-10-10T08:30:00-05:00"}),
    ("Maria Rossi and Luca Bianchi", ["experimenter"], {"experimenter": ["Rossi, Maria", "Bianchi, Luca"]}),
    ("she is a female", ["sex"], {"sex": "F"}),
    ("male", ["sex", "age"], {"sex": "M"}),
    ("P21", ["age", "sex"], {"age": "P21D"}),
    ("don't know", ["weight"], {"intent:dont_know": ["weight"]}),
    ("skip", ["experiment_description"], {"intent:skip_field": ["experiment_description"]}),
    ("Rat", ["species"], {"species": RAT}),
    ("human", ["species"], {"species": "Homo sapiens"}),
    ("2 yrs", ["age"], {"age": "P2Y"}),
    ("Tokyo time, 2024-04-01 10:00", ["session_start_time"], {"session_start_time": "2024-04-01T10:00:00+09:00"}),
    ("University of Washington", ["institution"], {"institution": "University of Washington"}),
    ("mouse", ["subject_id"], {"rejected": ["subject_id"]}),
    ("no, just convert", [], {"intent:skip_all": []}),
    (
        "Sleep recording in the thalamus of mouse T5, male, 10 weeks; experimenter: Kim, Lee",
        [],
        {
            "session_description": "Sleep recording in the thalamus",
            "electrode_location": "TH",
            "species": MOUSE,
            "subject_id": "T5",
            "sex": "M",
            "age": "P10W",
            "experimenter": ["Kim, Lee"],
        },
    ),
    (
        "female marmoset Coco-2, 3 years, recorded in auditory cortex on 12 May 2023 10:00 EDT",
        [],
        {
            "sex": "F",
            "species": "Callithrix jacchus",
            "subject_id": "Coco-2",
            "age": "P3Y",
            "electrode_location": "AUDp",
            "session_start_time": "2023-05-12T10:00:00-04:00",
        },
    ),
    ("lab of Prof. Ana Souza, Champalimaud Centre", [], {"lab": "Souza Lab", "institution": "Champalimaud Centre"}),
]


def score(cases: list[tuple[str, list[str], dict[str, Any]]]) -> tuple[float, float, list[str]]:
    true_positive = predicted = wanted = 0
    misses = []
    for text, asked, spec in cases:
        got, want = observed(parse_free_text(text, asked, now=NOW)), expected(spec)
        true_positive += len(got & want)
        predicted += len(got)
        wanted += len(want)
        if got != want:
            misses.append(f"{text!r}: extra {sorted(got - want)}, missing {sorted(want - got)}")
    return true_positive / max(predicted, 1), true_positive / max(wanted, 1), misses


def test_held_out_accuracy(capsys: pytest.CaptureFixture[str]) -> None:
    precision, recall, misses = score(HELD_OUT)
    with capsys.disabled():
        print(f"\nHeld-out messages ({len(HELD_OUT)}): precision {precision:.1%}, recall {recall:.1%}")
        for miss in misses:
            print("  miss:", miss)
    assert precision >= 0.85 and recall >= 0.75


@pytest.mark.parametrize("text", ["1" * 10_000, "A-" * 5_000, "A" * 10_000, "P1" * 5_000, "Jane Smith, " * 800])
def test_long_messages_do_not_hang(text: str) -> None:
    # A generous ceiling, not a timing: it catches patterns that go quadratic (one took 16 s here).
    import time

    started = time.monotonic()
    parse_free_text(text[:10_000])
    assert time.monotonic() - started < 5
