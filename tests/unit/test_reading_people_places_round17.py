"""General rules of the offline reader (issue 14, seventeenth round) for people, places and words, talk and
taken-back values. Each rule covers a family of mistakes, not one sentence; the sentences are our own, from no
corpus file. Both directions are tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- words taken back with "? no —", "? no wait —", "? sorry —" give nothing; the replacement is read


@pytest.mark.parametrize(
    ("text", "field", "kept", "dropped"),
    [
        (
            "Recorded at University of Lyon? no wait — at University of Geneva, rat G-4.",
            "institution",
            "University of Geneva",
            "Lyon",
        ),
        (
            "The work was done at the Wellcome Institute? sorry — at Karolinska Institutet.",
            "institution",
            "Karolinska Institutet",
            "Wellcome",
        ),
        (
            "done at the Salk Institute? no — at the Scripps Research Institute",
            "institution",
            "Scripps Research Institute",
            "Salk",
        ),
        ("- animal: rbx_ab_12? no, rbx_ab_14\n- sex: M", "subject_id", "rbx_ab_14", "12"),
        ("rat R7? no, R9, female", "subject_id", "R9", "R7"),
    ],
)
def test_words_taken_back_give_nothing(text: str, field: str, kept: str, dropped: str) -> None:
    value = read(text).values.get(field)
    assert value == kept
    assert dropped not in str(read(text).values)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # "no" answering another question, or "no idea": the words before stay
        ("Is the age needed? no idea, but mouse KX-3 is a female.", "subject_id", "KX-3"),
        ("Recorded at the University of Bergen. Anything else? no, that's all", "institution", "University of Bergen"),
    ],
)
def test_a_question_answered_otherwise_takes_nothing_back(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


def test_a_replaced_animal_is_not_read() -> None:
    values = read("We used gerbils? no — rats (Long-Evans), rat LE-3").values
    assert values.get("species") == "Rattus norvegicus"


def test_a_keyed_value_taken_back_is_weighed_by_its_finder() -> None:
    values = read("Experimenter: Tom Berg? No - sorry - it was Lena Holm. Institution: University of Oslo.").values
    assert values.get("experimenter") == ["Holm, Lena"]


def test_a_time_is_not_taken_back_by_a_zone_said_after_it() -> None:
    parsed = read("Recorded on 2024-03-06 at 3:10 pm Central? no - we're on Eastern - sorry, skip the time")
    assert "session_start_time" not in parsed.values


@pytest.mark.parametrize(
    ("text", "kept", "dropped"),
    [
        ("The recording started 2023-02-01 at 11:00? no — 13:00, Berlin time.", "T13:00", "T11:00"),
        ("Started at 10:30 CET on 02/03/2023? no — 3 February 2023, 10:30 CET.", "2023-02-03", "2023-03-02"),
    ],
)
def test_a_number_taken_back_by_another_number_is_not_kept(text: str, kept: str, dropped: str) -> None:
    stored = str(read(text).values.get("session_start_time", "")) + str(
        [p.value for c in read(text).confirmations for p in c.proposals]
    )
    assert dropped not in stored


# -- an institution's name is not cut where a dash or a name word goes on with it


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Rat W-3 was recorded at the University of Minnesota–Twin Cities.", "University of Minnesota–Twin Cities"),
        ("We recorded at University of Illinois-Chicago, mouse 4.", "University of Illinois-Chicago"),
        (
            "done at Pontificia Universidade Católica do Rio Grande do Sul",
            "Pontificia Universidade Católica do Rio Grande do Sul",
        ),
        ("I'm at Sapienza Universidad de Roma", "Sapienza Universidad de Roma"),
        ("we work at Ariel – Ariel University Center, Israel", "Ariel – Ariel University Center"),
        # an acronym before the dash is not taken; a campus with an animal's number after it is not one
        ("Recorded at UCL – University College London", "University College London"),
    ],
)
def test_an_institution_is_taken_with_the_words_joined_to_it(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- an animal's supplier and a target of the words are not where the work was done


@pytest.mark.parametrize(
    "text",
    [
        "The voles came from the Prairie Vole Breeding Colony Center.",
        "Our flies were from the Bloomington Drosophila Stock Center.",
        "It's a zebrafish, nacre, from the Zebrafish International Resource Center.",
        "The fibre was aimed at the LHb.",
        "The laser was targeted at the PVT and the lens centred on the MDT.",
    ],
)
def test_a_supplier_or_a_target_is_no_institution(text: str) -> None:
    assert "institution" not in read(text).values


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Mice came from the Mutant Mouse Resource Center and were recorded at the University of Utah.",
            "University of Utah",
        ),
        ("I'm writing from the Sainsbury Wellcome Centre.", "Sainsbury Wellcome Centre"),
        ("The probe was aimed at CA1; recorded at NTNU.", "NTNU"),
    ],
)
def test_the_place_of_work_beside_a_supplier_or_a_target_is_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


def test_an_animal_from_an_institution_that_is_no_supplier_was_recorded_there() -> None:
    assert read("Mouse KL-2 from the Francis Crick Institute, male, 12 weeks").values.get("institution") == (
        "Francis Crick Institute"
    )


# -- the lab of a person is named by the family name, after initials and middle names


@pytest.mark.parametrize(
    ("text", "lab"),
    [
        ("Units were recorded in the laboratory of J. Anthony Movshon.", "Movshon Lab"),
        ("in the lab of E. J. Chichilnisky, retina 4", "Chichilnisky Lab"),
        ("We are the lab of Mary Beth Walker at Emory.", "Walker Lab"),
        ("in the lab of Anna de la Cruz, mouse 3", "de la Cruz Lab"),
        ("in the lab of Karel Svoboda. Mouse M2 was used.", "Svoboda Lab"),
    ],
)
def test_the_lab_of_a_person_is_named_by_the_family_name(text: str, lab: str) -> None:
    assert read(text).values.get("lab") == lab


# -- a title line under a signed name, and a place and date heading a message, are no names


@pytest.mark.parametrize(
    "text",
    [
        "Mouse T-4 was recorded at Universidad de Chile.\nSaludos,\nDr. Pablo Soto\nProfesor Asociado",
        "Rat 9, male.\nCordialement,\nDr. Claire Martin\nMaître de Conférences",
        "Best,\nDr. Anna Berg\nSenior Lecturer",
    ],
)
def test_a_title_line_is_no_part_of_a_signed_name(text: str) -> None:
    assert all(" " not in name.split(", ")[0] for name in read(text).values.get("experimenter", []))
    assert "Profesor" not in str(read(text).values) and "Lecturer" not in str(read(text).values)


def test_a_name_after_a_sign_off_alone_is_not_stored() -> None:
    parsed = read("Recorded at Universidad de Chile.\nUn saludo,\nDr. Pablo Soto\nProfesor Asociado")
    assert "experimenter" not in parsed.values


def test_a_name_said_as_the_recorder_is_still_read_before_a_sign_off() -> None:
    parsed = read("Recorded by Dr. Ana Ruiz at UCL.\nSaludos,\nAna")
    assert parsed.values.get("experimenter") == ["Ruiz, Ana"]


@pytest.mark.parametrize(
    "text",
    [
        "Porto Alegre, 4 March 2022, 11:30",
        "Belo Horizonte, Monday 9 May 2022, 14:00",
        "Santa Cruz, 2021-10-02 08:15",
    ],
)
def test_a_place_and_date_line_is_no_person(text: str) -> None:
    assert "experimenter" not in read(text).values


@pytest.mark.parametrize(
    ("text", "experimenter"), [("Anna Berg, recorded mouse 3", ["Berg, Anna"]), ("Lena Holm, here", ["Holm, Lena"])]
)
def test_a_name_leading_a_message_is_still_read(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


# -- talk confirming a whole answer is no part of it; a whole answer saying more is read by the finders


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("MIT is the institution", "institution", "Massachusetts Institute of Technology"),
        ("Karolinska Institutet please", "institution", "Karolinska Institutet"),
        ("CA3 it is", "electrode_location", "CA3"),
        ("Holm Lab is our lab", "lab", "Holm Lab"),
        ("Lab: Holm Lab", "lab", "Holm Lab"),
        ("Session: open field with two objects", "session_description", "Open field with two objects"),
        ("Description: sleep after maze running", "session_description", "Sleep after maze running"),
        ('ok, the lab name is literally "Vision & Memory Lab"', "lab", "Vision & Memory Lab"),
        ('call it exactly "Circuits of Sleep Lab"', "lab", "Circuits of Sleep Lab"),
        ("Long-Evans, from Charles River", "strain", "Long-Evans"),
        ("Ai14 x Sst-IRES-Cre (bought from the JAX)", "genotype", "Ai14 x Sst-IRES-Cre"),
    ],
)
def test_talk_confirming_a_whole_answer_is_left_out(text: str, field: str, value: object) -> None:
    assert read(text, field).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field", "values"),
    [
        ("Long Evans, and she's 9 weeks", "strain", {"strain": "Long-Evans"}),
        ("a Wistar female", "strain", {"strain": "Wistar", "sex": "F"}),
        ("C57BL/6J male, 24 g", "strain", {"strain": "C57BL/6J", "sex": "M", "weight": "24 g"}),
    ],
)
def test_a_whole_answer_saying_more_of_the_animal_is_read_value_by_value(
    text: str, field: str, values: dict[str, str]
) -> None:
    read_values = read(text, field).values
    assert {name: read_values.get(name) for name in values} == values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # the value's own words that look like talk are kept
        ("Open field, please note the light was off", "session_description", None),
        ("Institute of Science and Technology Austria", "institution", "Institute of Science and Technology Austria"),
    ],
)
def test_a_whole_answer_keeps_its_own_words(text: str, field: str, value: str | None) -> None:
    stored = read(text, field).values.get(field)
    if value is None:
        assert stored is None or "please note" in stored
    else:
        assert stored == value


# -- a name said family name first without saying so is asked back, not stored in either order


@pytest.mark.parametrize(
    "text",
    ["Lee Min-ji ran it", "Recorded by Choi Hyun-woo", "Experimenter: Zhang Xiao-yu", "Jung Ha-eun did the recording"],
)
def test_an_east_asian_name_in_unsaid_order_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values
    assert [c.field for c in parsed.confirmations] == ["experimenter"]


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("Recorded by Min-ji Lee", ["Lee, Min-ji"]),
        ("Recorded by Lee Min-ji (Lee is the family name)", ["Lee, Min-ji"]),
        ("Experimenter: Zhang, Xiao-yu", ["Zhang, Xiao-yu"]),
        ("Operator: Wang Yu-Ting (family name Wang)", ["Wang, Yu-Ting"]),
        ("Recorded by Anna Berg", ["Berg, Anna"]),
    ],
)
def test_a_name_in_a_said_order_is_stored(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


# -- the kind of recording opening a methods sentence is no session description said as one


@pytest.mark.parametrize(
    "text",
    [
        "Two-photon imaging in Vip-IRES-Cre;Ai148 mice was performed at the Allen Institute; mouse 7 was male.",
        "Extracellular recordings in rats were performed at UCL.",
        "Calcium imaging in zebrafish larvae was carried out by Ana Ruiz.",
        "Patch-clamp recordings in slices from mouse M2 were made at EPFL.",
    ],
)
def test_the_technique_opening_a_methods_sentence_is_not_stored(text: str) -> None:
    assert "session_description" not in read(text).values


def test_a_session_described_as_one_is_still_read() -> None:
    parsed = read("Session: two-photon imaging of V1 during passive viewing")
    assert parsed.values.get("session_description") == "Two-photon imaging of V1 during passive viewing"


# -- institutions named with an article after "de", a Nordic "universitet", a university hospital


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Rat R-2 was recorded at Universidad de las Palmas.", "Universidad de las Palmas"),
        ("Recorded at the Institut de la Mémoire in Paris, mouse 3.", "Institut de la Mémoire"),
        ("We recorded at Lunds universitet; mouse L-4, female.", "Lunds universitet"),
        ("Data from Aarhus Universitet, rat 12.", "Aarhus Universitet"),
        ("Patient P-4 was recorded at Universitätsklinikum Freiburg-Mitte.", "Universitätsklinikum Freiburg-Mitte"),
    ],
)
def test_institutions_named_in_other_languages_are_read_whole(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


@pytest.mark.parametrize(
    "text",
    [
        "The mice came from the breeding colony of Uppsala universitet; we recorded at KTH? no idea, ask Eva.",
        "The monkey was at Universitätsklinikum Köln for surgery, then recorded at the University of Bonn.",
    ],
)
def test_an_institution_of_another_role_is_not_stored_as_the_place_of_work(text: str) -> None:
    values = read(text).values
    assert values.get("institution") not in ("Uppsala universitet", "Universitätsklinikum Köln")


# -- a keyed value said as "not A but B" is B; a name said part by part is read in DANDI's order


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("the experimenter is not Jonas but Mira Holm.", "experimenter", ["Holm, Mira"]),
        ("Institution: not Aalto but the University of Helsinki", "institution", "University of Helsinki"),
        ("Sex: not female but male", "sex", "M"),
    ],
)
def test_a_keyed_value_said_as_not_a_but_b_is_b(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


def test_not_sure_but_a_guess_is_asked_back() -> None:
    parsed = read("Lab: not sure but probably the Holm lab")
    assert "lab" not in parsed.values


@pytest.mark.parametrize(
    ("text", "asked", "experimenter"),
    [
        ("family name Okoye, given name Adaeze, she recorded it", (), ["Okoye, Adaeze"]),
        ("first name Lucas, last name van Dijk; he ran the session", (), ["van Dijk, Lucas"]),
        ("family name Haddad, given name Yara", ("experimenter",), ["Haddad, Yara"]),
    ],
)
def test_a_name_said_part_by_part_is_read_in_order(text: str, asked: tuple[str, ...], experimenter: list[str]) -> None:
    assert read(text, *asked).values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    "text", ["The PI: family name Li, given name Wei", "family name Okoye, given name Adaeze (the surgeon)"]
)
def test_a_name_said_part_by_part_of_another_role_is_not_stored(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- cancelling said first, whatever the reason after it; skipping in more words


@pytest.mark.parametrize(
    "text",
    [
        "cancel the whole thing, the sorting was wrong",
        "please abort, the camera dropped frames",
        "scrap it, we'll record again next week",
        "stop stop — that's not the right session",
        "cancel, I'll come back to this on Monday",
    ],
)
def test_cancelling_said_first_cancels(text: str) -> None:
    assert [intent.kind.value for intent in read(text).intents] == ["cancel"]


@pytest.mark.parametrize("text", ["Stop time was 10:30", "cancel the age, it's wrong", "abortion of the session? no"])
def test_cancel_words_inside_other_talk_do_not_cancel(text: str) -> None:
    assert "cancel" not in [intent.kind.value for intent in read(text).intents]


@pytest.mark.parametrize(
    ("text", "asked", "kind", "fields"),
    [
        ("Convert with what you've got.", (), "skip_all", []),
        ("no keywords this time", (), "skip_field", ["keywords"]),
        ("no lab at all", (), "skip_field", ["lab"]),
        ("nah, nothing", ("keywords",), "skip_field", ["keywords"]),
    ],
)
def test_skips_in_more_words(text: str, asked: tuple[str, ...], kind: str, fields: list[str]) -> None:
    intents = read(text, *asked).intents
    assert [(intent.kind.value, intent.fields) for intent in intents] == [(kind, fields)]


def test_forgot_before_a_value_is_no_unknown() -> None:
    parsed = read("oh, forgot: the session description is 'Sleep after the maze'")
    assert parsed.values.get("session_description") == "Sleep after the maze"
    assert not parsed.intents


# -- an aside in brackets in a keyword list, a role after a keyed name


@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        ("keywords: place cells, CA1, (see the paper)", ["place cells", "CA1"]),
        ("Keywords: sharp-wave ripples (SWR), sleep", ["sharp-wave ripples (SWR)", "sleep"]),
    ],
)
def test_a_bracketed_aside_in_a_keyword_list_is_no_keyword(text: str, keywords: list[str]) -> None:
    assert read(text).values.get("keywords") == keywords


def test_keywords_said_not_final_are_asked_back() -> None:
    parsed = read("keywords: place cells, CA1, (provisional)")
    assert "keywords" not in parsed.values
    assert [c.field for c in parsed.confirmations] == ["keywords"]


@pytest.mark.parametrize(
    ("text", "asked", "experimenter"),
    [
        ("Experimenter: Mira Holm, PhD student", (), ["Holm, Mira"]),
        ("Jonas Berg, research technician", ("experimenter",), ["Berg, Jonas"]),
        ("Experimenters: Holm, Mira; Berg, Jonas", (), ["Holm, Mira", "Berg, Jonas"]),
    ],
)
def test_a_role_after_a_keyed_name_is_no_second_person(
    text: str, asked: tuple[str, ...], experimenter: list[str]
) -> None:
    assert read(text, *asked).values.get("experimenter") == experimenter


def test_a_role_alone_is_no_name() -> None:
    assert "experimenter" not in read("Experimenter: PhD student").values


# -- a lab taken back by another lab; a vendor named after "from" is no rival of the place of work


def test_a_lab_taken_back_by_another_lab_gives_the_other() -> None:
    values = read("Recorded at Caltech, in the Holm lab? no, the Berg lab").values
    assert values.get("lab") == "Berg Lab"


def test_a_vendor_is_not_proposed_as_the_institution() -> None:
    parsed = read("Rats came from Envigo; our group is the Holm lab at the University of Bergen.")
    proposed = [p.value for c in parsed.confirmations for p in c.proposals if c.field == "institution"]
    assert parsed.values.get("institution", "University of Bergen") == "University of Bergen"
    assert all(value == "University of Bergen" for value in proposed)


# -- a label naming a technique and the area it was done in is a session description


@pytest.mark.parametrize(
    ("text", "description"),
    [
        (
            "Silicon probe recording in the medial septum of mouse MS-3, male",
            "Silicon probe recording in the medial septum",
        ),
        ("Calcium imaging in CA3 of mouse C-8, female", "Calcium imaging in CA3"),
        ("Recording in the nucleus accumbens of rat NA-2", "Recording in the nucleus accumbens"),
    ],
)
def test_a_technique_in_an_area_is_a_label_of_the_session(text: str, description: str) -> None:
    assert read(text).values.get("session_description") == description


@pytest.mark.parametrize(
    "text",
    [
        "Tetrode recordings in CA1 were performed by Ana Ruiz at UCL.",
        "Imaging in V1 was hard today, mouse 3",
        "Recording in CA1 of mouse 4 failed, so we used mouse 5",
    ],
)
def test_a_technique_in_an_area_inside_a_sentence_is_not_stored(text: str) -> None:
    assert "session_description" not in read(text).values


def test_a_technique_in_an_area_after_other_sentences_is_asked_back() -> None:
    parsed = read("Mouse m7, female, recorded by Ana Ruiz at MIT. Tetrode recording in CA1.")
    assert "session_description" not in parsed.values
    assert "session_description" in [c.field for c in parsed.confirmations]
