"""General rules of the offline reader (issue 14, twelfth round) for people, places and words:
experimenters, institutions, labs, descriptions, and declines. Each rule covers a family of
mistakes, not one sentence; the sentences are our own, from no corpus file. Both directions are
tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import time

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


def declined(parsed: ParsedInput, field: str) -> bool:
    return any(i.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) and field in i.fields for i in parsed.intents)


# -- particles: "ten" opens a Dutch family name as "van" and "de" do


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Experimenter: Pieter ten Cate", "ten Cate, Pieter"),
        ("Recorded by Sanne ten Hove and Joris Bakker.", "ten Hove, Sanne"),
        ("experimenter: Lotte ter Laak; PI: Jan Smit", "ter Laak, Lotte"),
        ("Experimenter: Bas van der Linden", "van der Linden, Bas"),
    ],
)
def test_a_particle_stays_with_the_family_name(text: str, name: str) -> None:
    assert read(text).values["experimenter"][0] == name


# -- a lab's, an institution's, a project's "name" key is not a person's name


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Lab name: Harvey Lab", "lab", "Harvey Lab"),
        ("laboratory name: the Carandini lab", "lab", "Carandini Lab"),
        ("Institution name: Karolinska Institutet", "institution", "Karolinska Institutet"),
    ],
)
def test_a_lab_or_institution_name_key_gives_that_field(text: str, field: str, value: str) -> None:
    parsed = read(text)
    assert parsed.values.get(field) == value
    assert "experimenter" not in parsed.values


@pytest.mark.parametrize(
    "text",
    ["Project name: Grid Cells", "File name: Session Four", "Rig name: Blue Rig", "Dataset name: Head Direction"],
)
def test_a_things_name_is_not_a_person(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values and not asked_back(parsed, "experimenter")


@pytest.mark.parametrize(
    ("text", "name"),
    [("Name: Ingrid Olsen", "Olsen, Ingrid"), ("Experimenter name: Tomás Ortega", "Ortega, Tomás")],
)
def test_a_persons_name_key_still_gives_the_experimenter(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


# -- a place after an institution ("in Göttingen", ", in Virginia") is where it is, not its name


@pytest.mark.parametrize(
    ("text", "asked", "institution"),
    [
        (
            "Institution: Bernstein Center for Computational Neuroscience in Berlin",
            [],
            "Bernstein Center for Computational Neuroscience",
        ),
        ("Our institution is the Netherlands Institute for Neuroscience in Amsterdam.", [], None),
        ("Institution: Baylor College of Medicine in Houston", [], "Baylor College of Medicine"),
        ("EPFL, in Lausanne", ["institution"], "École Polytechnique Fédérale de Lausanne"),
        ("Janelia, in Ashburn", ["institution"], "HHMI Janelia Research Campus"),
        ("the Hertie Institute in Tübingen", ["institution"], "Hertie Institute"),
    ],
)
def test_a_place_after_in_is_left_out_of_the_institution(text: str, asked: list[str], institution: str | None) -> None:
    value = read(text, *asked).values.get("institution")
    assert value == (institution or "Netherlands Institute for Neuroscience")
    assert " in " not in value


@pytest.mark.parametrize(
    "text",
    ["Institution: Washington University in St. Louis", "We recorded at Washington University in St. Louis."],
)
def test_a_name_that_holds_in_and_a_city_is_kept_whole(text: str) -> None:
    assert read(text).values.get("institution") == "Washington University in St. Louis"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Recordings were made at Janelia Research Campus.", []),
        ("Janelia Farm", ["institution"]),
        ("institution: Janelia Research Campus", []),
    ],
)
def test_janelia_has_one_spelling(text: str, asked: list[str]) -> None:
    assert read(text, *asked).values.get("institution") == "HHMI Janelia Research Campus"


# -- a colony, a stock or a vendor the animals came from is not the institution


@pytest.mark.parametrize(
    "text",
    [
        "Old mice from the NIA colony were used; mouse OL-3 was 20 months old.",
        "Breeders from the MMRRC stock; this is mouse MR-9, female.",
        "The rats came from the RRRC repository and were housed in pairs.",
        "Mice from JAX were used; mouse JX-1 is male.",
    ],
)
def test_where_the_animals_came_from_is_not_the_institution(text: str) -> None:
    parsed = read(text)
    assert "institution" not in parsed.values


@pytest.mark.parametrize(
    "text",
    [
        "Aged rats from the NIA colony were recorded at NTNU by Eva Lunde.",
        "Mice from the MMRRC were recorded at NTNU.",
    ],
)
def test_the_place_of_recording_is_still_read_beside_a_source(text: str) -> None:
    assert read(text).values.get("institution") == "NTNU"


# -- a supervisor is not the experimenter


@pytest.mark.parametrize(
    "text",
    [
        "Experiments were run by students under the supervision of Dr. Helena Berg.",
        "The work was supervised by Prof. Marcus Lind.",
        "All sessions were done under the guidance of Dr. Nadia Haddad.",
        "Prof. Oskar Wirth mentored the project; mouse MW-2 was recorded in V1.",
    ],
)
def test_a_supervisor_is_not_stored_as_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_the_experimenter_is_read_beside_a_supervisor() -> None:
    parsed = read("Recorded by Lina Sørensen, under the supervision of Prof. Erik Dahl.")
    assert parsed.values.get("experimenter") == ["Sørensen, Lina"]


# -- "X's postdoc Y": Y did it, not X


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Recorded by Karel Novak's postdoc Iveta Horak.", "Horak, Iveta"),
        ("The sessions were done by Prof. Ruiz's student Marta Gil.", "Gil, Marta"),
        ("recorded in the Lee lab by Dr. Lee's technician Paul Kim", "Kim, Paul"),
    ],
)
def test_the_person_after_a_possessive_relation_is_the_experimenter(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


# -- a short kind of session that is the subject of a sentence is not a label


@pytest.mark.parametrize(
    "text",
    [
        "Calcium imaging was performed by Lea Roth at the Vienna BioCenter.",
        "Tetrode recording was done by Omar Aziz.",
        "Patch-clamp recordings were made by Yuki Sato at RIKEN.",
    ],
)
def test_a_session_kind_in_a_sentence_is_asked_back_not_stored(text: str) -> None:
    assert "session_description" not in read(text).values


@pytest.mark.parametrize("text", ["mouse SK-1, V1 recording, female", "Two-photon imaging, mouse SK-2, male"])
def test_a_session_kind_alone_in_a_list_is_still_read(text: str) -> None:
    assert "session_description" in read(text).values


# -- a decline in British phrasing, or a skip said last after a dash


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("haven't got that - skip", "genotype"),
        ("we haven't got it", "weight"),
        ("have not got the date of birth", "date_of_birth"),
        ("no record of it - pass", "strain"),
    ],
)
def test_a_decline_in_any_phrasing_is_not_a_value(text: str, field: str) -> None:
    parsed = read(text, field)
    assert field not in parsed.values and declined(parsed, field)


@pytest.mark.parametrize(("text", "field"), [("C57BL/6J - next", "strain"), ("Wistar rat", "strain")])
def test_a_value_with_words_after_it_is_not_declined(text: str, field: str) -> None:
    assert not declined(read(text, field), field)


# -- words after a keyed value that take it back


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Experimenter: Jonas Falk. Sorry, not Jonas, it was Mira Falk.", "experimenter"),
        ("Institution was UCSD - no wait, UCSF.", "institution"),
        ("Lab: Olsen lab, scratch that, it is the Moser lab", "lab"),
        ("institution: University of Leeds, I mean the University of York", "institution"),
    ],
)
def test_a_value_taken_back_is_asked_not_stored(text: str, field: str) -> None:
    parsed = read(text)
    assert field not in parsed.values


def test_a_value_taken_back_is_asked_without_the_correction_words() -> None:
    parsed = read("Institution was UCSD - no wait, UCSF.")
    proposals = [p.value for c in parsed.confirmations if c.field == "institution" for p in c.proposals]
    assert proposals == ["University of California, San Diego"]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Institution: University of Leeds, sorry for the late reply", "institution", "University of Leeds"),
        ("Experimenter: Ines Brandt. Sorry about the delay!", "experimenter", ["Brandt, Ines"]),
    ],
)
def test_an_apology_corrects_nothing(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize("text", ["not the Ruiz lab", "not the University of Leeds"])
def test_a_denial_is_not_a_lab_or_institution(text: str) -> None:
    assert not read(text, "lab").values and not read(text, "institution").values


# -- people named for different parts of the work


@pytest.mark.parametrize(
    "text",
    [
        "Days 1-2 were recorded by Pia Lund, days 3-4 by Emil Berg; this file is day 3.",
        "Recorded by Noor Saleh in the morning and by Kofi Mensah in the afternoon.",
    ],
)
def test_people_for_different_parts_are_asked_back(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values and asked_back(parsed, "experimenter")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Recorded by Noor Saleh and Kofi Mensah.", ["Saleh, Noor", "Mensah, Kofi"]),
        ("Surgeries by Ida Holm; recordings by Jon Dahl.", ["Dahl, Jon"]),
    ],
)
def test_one_list_of_people_or_one_recording_cue_is_still_read(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


@pytest.mark.parametrize(
    "text",
    [
        "Behavioural training was done by Ruth Ames.",
        "Habituation and training were carried out by Leo Park.",
        "Spike sorting was performed by Dina Cole.",
    ],
)
def test_a_person_who_did_another_act_is_not_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- an institution where another act happened, in a signature, or only a place


@pytest.mark.parametrize(
    "text",
    [
        "Spike sorting was done at the University of Geneva.",
        "Mice were bred and genotyped at the Pasteur Institute.",
        "Histology was processed at Harvard Medical School.",
    ],
)
def test_an_institution_of_another_act_is_not_stored(text: str) -> None:
    assert "institution" not in read(text).values


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Recordings were done at the University of Geneva.", "University of Geneva"),
        (
            "Patients were implanted for clinical monitoring at Toronto Western Hospital.",
            "Toronto Western Hospital",
        ),
    ],
)
def test_an_institution_of_the_recording_is_still_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


@pytest.mark.parametrize(
    "text",
    [
        "Hi, the data of mouse M2 are uploaded.\n--\nDr. Omar Haddad\nDept. of Physiology\nUniversity of Bern",
        "Hi, files for rat R9 attached.\nKind regards\nSilke Braun\nCharité University Hospital",
    ],
)
def test_an_institution_in_a_signature_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "institution" not in parsed.values
    assert all("\n" not in str(c.proposals[0].value) for c in parsed.confirmations if c.field == "institution")


@pytest.mark.parametrize("text", ["Lisbon", "Germany", "in Boston"])
def test_a_place_alone_is_not_an_institution(text: str) -> None:
    assert "institution" not in read(text, "institution").values


@pytest.mark.parametrize("text", ["we're at Tufts", "I'm based at Emory", "it was at Brandeis"])
def test_an_unknown_name_said_in_a_sentence_is_asked_back(text: str) -> None:
    parsed = read(text, "institution")
    assert "institution" not in parsed.values and asked_back(parsed, "institution")


@pytest.mark.parametrize(("text", "lab"), [("the Tank lab, Princeton", "Tank Lab"), ("Hofer lab, SWC", "Hofer Lab")])
def test_a_place_after_a_lab_and_a_comma_is_left_out(text: str, lab: str) -> None:
    assert read(text, "lab").values.get("lab") == lab


# -- keywords without a note to us, and "for the PI to say"


def test_a_note_after_the_keywords_is_not_a_keyword() -> None:
    parsed = read("Keywords: sleep, spindles, thalamus (feel free to add more)")
    assert parsed.values.get("keywords") == ["sleep", "spindles", "thalamus"]


def test_a_bracket_that_is_part_of_a_keyword_is_kept() -> None:
    parsed = read("Keywords: V1 (primary visual cortex), orientation tuning")
    assert parsed.values.get("keywords") == ["V1 (primary visual cortex)", "orientation tuning"]


@pytest.mark.parametrize(
    ("text", "field"),
    [("that's for the PI to say", "institution"), ("up to my supervisor to decide", "keywords")],
)
def test_someone_elses_answer_to_give_is_a_decline(text: str, field: str) -> None:
    parsed = read(text, field)
    assert field not in parsed.values and declined(parsed, field)


# -- a department before the institution; a name under another key


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Institution: Department of Psychology, Princeton University", "Princeton University"),
        ("Institution: Dept. of Physiology, University of Bern, Switzerland", "University of Bern"),
        ("institution: Faculty of Medicine, University of Oslo", "University of Oslo"),
        ("Institution: Univ. of Bern. Lab: Smith lab", "Univ. of Bern"),
    ],
)
def test_the_institution_after_its_department_is_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


@pytest.mark.parametrize(
    "text", ["CC: Dr. Maria Lopez", "Reviewer: Prof. Gianni Russo", "Approved by: Dr. Kemal Aydin", "To: Dr. Ines Roth"]
)
def test_a_name_under_another_key_is_not_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Experimenter: Dr. Ana Gil", "Gil, Ana"),
        ("PI: Prof. Omar Diaz\nRecorded by Dr. Ana Gil", "Gil, Ana"),
    ],
)
def test_a_name_under_the_experimenters_key_or_cue_is_still_read(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


# -- intents in more phrasings


@pytest.mark.parametrize(
    "text",
    [
        "ok, go ahead and convert",
        "carry on with what you've got",
        "that's everything we have",
        "enough questions now",
    ],
)
def test_going_ahead_in_more_phrasings(text: str) -> None:
    assert read(text).has_intent(IntentKind.SKIP_ALL)


@pytest.mark.parametrize(
    "text",
    ["halt the conversion, the folder is wrong", "oh no, cancel the conversion", "wait, don't convert"],
)
def test_stopping_the_conversion_in_more_phrasings(text: str) -> None:
    assert read(text).has_intent(IntentKind.CANCEL)


@pytest.mark.parametrize(
    "text", ["the conversion stopped with an error, mouse M4", "don't convert the units, mouse M5"]
)
def test_words_about_the_conversion_are_not_a_cancel(text: str) -> None:
    assert not read(text).has_intent(IntentKind.CANCEL)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("I can't provide the genotype, sorry", "genotype"),
        ("We have no weight for this animal.", "weight"),
        ("I've got no date of birth", "date_of_birth"),
    ],
)
def test_not_having_a_value_declines_it(text: str, field: str) -> None:
    assert declined(read(text), field)


def test_skip_both_declines_both_fields_asked() -> None:
    parsed = read("skip both of them", "strain", "genotype")
    assert declined(parsed, "strain") and declined(parsed, "genotype")


def test_having_no_more_of_something_is_no_decline() -> None:
    parsed = read("we had no other rats; rat R5, male")
    assert parsed.values.get("subject_id") == "R5" and not parsed.intents


@pytest.mark.parametrize(
    "text",
    [
        "Hello team, could you tell me which format the date needs? Thanks a lot, Mia",
        "Hi, is the lab field required? Cheers",
    ],
)
def test_a_question_between_a_greeting_and_a_sign_off_is_a_question(text: str) -> None:
    assert read(text).has_intent(IntentKind.QUESTION)


# -- a keyed name ends where a sentence goes on after a comma


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("experimenter is Ola Berg, the second name on the sheet is the PI", ["Berg, Ola"]),
        ("The experimenter was Dr. Rui Sato, and the rat is R-12 (male).", ["Sato, Rui"]),
        ("the experimenter is Ana Lima, not Ana Lins", ["Lima, Ana"]),
        ("experimenters: Kai Roth, Mia Lenz, and Ben Hart", ["Roth, Kai", "Lenz, Mia", "Hart, Ben"]),
        ("Experimenter: Berg, Ola", ["Berg, Ola"]),
    ],
)
def test_a_keyed_name_stops_before_the_sentence_after_it(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


# -- a name after "not" is denied, not a rival


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("it's the Murthy lab, not the Shaevitz lab.", "lab", "Murthy Lab"),
        (
            "the institution should be University of Ghent, not University of Antwerp",
            "institution",
            "University of Ghent",
        ),
        (
            "use institution = Aarhus University (not Aalborg University, my new job)",
            "institution",
            "Aarhus University",
        ),
    ],
)
def test_a_denied_name_is_no_rival(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field"), [("not the Datta lab", "lab"), ("not at Columbia University", "institution")]
)
def test_a_denied_name_alone_is_not_stored(text: str, field: str) -> None:
    assert field not in read(text).values


def test_a_lab_of_another_role_is_still_not_the_lab_after_a_request() -> None:
    parsed = read("donor lab = Luo lab; lab: Smith lab")
    assert parsed.values.get("lab") == "Smith Lab"


# -- recall: particles, known names, French universities


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("recorded by Seán Ó Ceallaigh and Orla Byrne", ["Ó Ceallaigh, Seán", "Byrne, Orla"]),
        ("Experimenter: Máire Ní Dhomhnaill", ["Ní Dhomhnaill, Máire"]),
    ],
)
def test_irish_particles_stay_with_the_family_name(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Experimenter: Lotte Peeters (KU Leuven)", "KU Leuven"),
        ("The recordings were done at Weill Cornell by Ravi Shah.", "Weill Cornell Medicine"),
        ("Recorded by Julie Roy at Université Laval.", "Université Laval"),
    ],
)
def test_more_institutions_are_known(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


def test_a_stay_where_the_recording_was_made_outranks_the_writers_affiliation() -> None:
    parsed = read(
        "I am Dr. Jo Maes from KU Leuven. The recording was made by my student, Lien Claes, "
        "during her stay at the Netherlands Institute for Neuroscience."
    )
    assert parsed.values.get("institution") == "Netherlands Institute for Neuroscience"


# -- recall: a role said in a clause of another subject


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Mona Aziz ran the session, I only did the histology", ["Aziz, Mona"]),
        ("Sven Olsen recorded it and we did the analysis later.", ["Olsen, Sven"]),
    ],
)
def test_another_role_of_another_subject_does_not_doubt_the_doer(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


@pytest.mark.parametrize(
    "text", ["After the surgery, Mona Aziz ran it.", "Mona Aziz ran the analysis, I recorded the session."]
)
def test_another_role_in_the_doers_own_clause_still_doubts(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- recall: a field named and what it should hold, quoted or after a dash


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("the lab field should be 'Wilson Lab'", "lab", "Wilson Lab"),
        ("the keywords should be grid cells, speed cells", "keywords", ["grid cells", "speed cells"]),
        (
            "please put 'Odour task, day 3 of 5' as the session description",
            "session_description",
            "Odour task, day 3 of 5",
        ),
        (
            "please keep the experiment description as 'Effects of stress on sleep'",
            "experiment_description",
            "Effects of stress on sleep",
        ),
        ("Keywords - sleep; spindles", "keywords", ["sleep", "spindles"]),
        ("Institution - University of Kent", "institution", "University of Kent"),
    ],
)
def test_a_field_named_with_what_it_should_hold_is_read(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(("text", "field"), [("Age - see notes", "age"), ("keywords are missing", "keywords")])
def test_a_dash_or_a_placeholder_after_other_keys_gives_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


def test_a_dashed_key_ends_the_value_before_it() -> None:
    parsed = read("keywords - theta, gamma; experimenter - Tim Roos")
    assert parsed.values.get("keywords") == ["theta", "gamma"]
    assert parsed.values.get("experimenter") == ["Roos, Tim"]


# -- names of groups, roles and devices are not people; a family name then an initial is asked


@pytest.mark.parametrize(
    "text",
    [
        "Experimenter: Carandini Lab",
        "Experimenter: Lab Manager",
        "Experimenter: Imaging Core Facility",
        "Experimenter: lab members",
        "Recorded by Open Ephys Acquisition Board.",
        "Recorded by Neuralynx Digital Lynx.",
    ],
)
def test_a_group_a_role_or_a_device_is_not_a_person(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_a_family_name_then_an_initial_is_asked_back() -> None:
    parsed = read("Experimenter: Novak K")
    assert "experimenter" not in parsed.values
    proposals = [p.value for c in parsed.confirmations if c.field == "experimenter" for p in c.proposals]
    assert ["Novak, K."] in proposals


@pytest.mark.parametrize(
    ("text", "name"), [("Experimenter: Emily Post", "Post, Emily"), ("Experimenter: K. Novak", "Novak, K.")]
)
def test_real_names_are_still_read(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


# -- pointers, two institutions, towns, short forms that go on


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Session description: see the lab notebook", "session_description"),
        ("Experiment description: same as the last dataset", "experiment_description"),
        ("Keywords: see above", "keywords"),
        ("Lab: as before", "lab"),
    ],
)
def test_a_pointer_is_not_a_value(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    "text", ["Institution: MIT and Harvard", "Institution: SWC / UCL", "Institution: ETH Zurich / University of Zurich"]
)
def test_two_institutions_keyed_together_are_not_stored(text: str) -> None:
    assert "institution" not in read(text).values


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Institution: Brigham and Women's Hospital", "Brigham and Women's Hospital"),
        ("Institution: Institute of Science and Technology Austria", "Institute of Science and Technology Austria"),
        ("Institution: Texas A&M University", "Texas A&M University"),
    ],
)
def test_one_name_holding_and_is_kept(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


@pytest.mark.parametrize(
    "text", ["We recorded in Cambridge, MA.", "The rig is in Oxford, Ohio.", "Recorded at NYU Langone Health."]
)
def test_a_town_or_a_short_form_that_goes_on_is_not_the_known_institution(text: str) -> None:
    # (round 19: the whole name after the short form, "NYU Langone Health", is read as said)
    assert read(text).values.get("institution") in (None, "NYU Langone Health")


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("We recorded at Cambridge.", "University of Cambridge"),
        ("Recorded by Ana Roth at ETH Zurich.", "ETH Zurich"),
    ],
)
def test_a_known_name_said_as_the_place_of_work_is_still_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- labs: a number, several labs, an institution, or a name after what it studies


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Lab: Lab 3", []),
        ("lab: the Smith and Jones labs", []),
        ("Brody and Tank labs", ["lab"]),
        ("Stanford", ["lab"]),
    ],
)
def test_a_number_several_labs_or_an_institution_are_not_a_lab(text: str, asked: list[str]) -> None:
    assert "lab" not in read(text, *asked).values


@pytest.mark.parametrize(
    ("text", "lab"),
    [
        ("Lab: Laboratory of Neural Circuits", "Laboratory of Neural Circuits"),
        ("lab of Ila Fiete", "Fiete Lab"),
    ],
)
def test_a_lab_named_after_what_it_studies_is_kept_as_said(text: str, lab: str) -> None:
    assert read(text, "lab").values.get("lab") == lab


# -- fourth set: "et al.", list fillers, quoted keyed values, a time on an institution, labs by their clause


def test_et_al_after_the_names_asks_back() -> None:
    parsed = read("Recorded by Mara Lind et al.")
    assert "experimenter" not in parsed.values and asked_back(parsed, "experimenter")


@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        ("Keywords: sleep, spindles, etc.", ["sleep", "spindles"]),
        ("Keywords: theta and more", ["theta"]),
        ("{'keywords': ['olfaction', 'piriform']}", ["olfaction", "piriform"]),
    ],
)
def test_list_fillers_and_closing_brackets_are_not_keywords(text: str, keywords: list[str]) -> None:
    assert read(text).values.get("keywords") == keywords


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "session_description = 'Visual coding, Neuropixels'  # from the template",
            "session_description",
            "Visual coding, Neuropixels",
        ),
        ('lab = "Mrsic-Flogel lab"  # TODO check', "lab", "Mrsic-Flogel Lab"),
    ],
)
def test_a_quoted_keyed_value_ends_at_its_quote(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize("text", ["University of Bonn until 2022", "Columbia University (since 2021)"])
def test_an_institution_said_with_a_time_is_not_stored(text: str) -> None:
    assert "institution" not in read(text, "institution").values


@pytest.mark.parametrize(
    ("text", "asked"),
    [("up to you", ["experiment_description"]), ("you choose", ["keywords"]), ("whatever you think fits", ["lab"])],
)
def test_leaving_the_value_to_us_gives_none(text: str, asked: list[str]) -> None:
    parsed = read(text, *asked)
    assert not parsed.values and declined(parsed, asked[0])


def test_a_lab_of_a_place_after_of_is_named_by_the_person() -> None:
    assert read("the lab of Prof. Tomás Ryan at Trinity", "lab").values.get("lab") == "Ryan Lab"


@pytest.mark.parametrize(
    ("text", "lab"),
    [
        ("The task was developed in the Brody lab; we recorded it in the Witten lab.", "Witten Lab"),
        ("Moser lab mice were recorded by us, the Jadhav lab.", "Jadhav Lab"),
    ],
)
def test_the_lab_whose_clause_says_the_work_was_done_there_is_read(text: str, lab: str) -> None:
    assert read(text).values.get("lab") == lab


@pytest.mark.parametrize("text", ["The Witten lab's rig was used.", "Brody lab mice were used."])
def test_a_lab_named_as_whose_thing_it_is_is_not_stored(text: str) -> None:
    assert "lab" not in read(text).values


# -- recall: more ways to name the experimenter, labs and institutions


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Experimenter: myself (Ines Moreau)", ["Moreau, Ines"]),
        ("the experimenters were Jae Park, Min Cho and myself", ["Park, Jae", "Cho, Min"]),
        ("experimenter: Roy, Ana | Lund, Eva", ["Roy, Ana", "Lund, Eva"]),
        ("Recorded by Dr. rer. nat. Uwe Krüger", ["Krüger, Uwe"]),
        ("The person who did the recording: Amara Obi.", ["Obi, Amara"]),
        ("one more thing: Nils Berg recorded this one, not me", ["Berg, Nils"]),
    ],
)
def test_more_ways_to_name_the_experimenter(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("I am a student in the lab of prof. Keller.", "lab", "Keller Lab"),
        ("Recorded by Rui Alves (Universidade de Lisboa).", "institution", "Universidade de Lisboa"),
        (
            "Mice came from the Jackson Laboratory; the work was done at Emory University.",
            "institution",
            "Emory University",
        ),
        ("Could you put Lab: Olsen Lab and institution: Aarhus University please", "lab", "Olsen Lab"),
    ],
)
def test_more_ways_to_name_a_lab_or_an_institution(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


def test_no_and_a_field_declines_that_field_only() -> None:
    parsed = read("No keywords for this one.")
    assert declined(parsed, "keywords") and not parsed.has_intent(IntentKind.DECLINE)


@pytest.mark.parametrize("text", ["no", "no thanks"])
def test_a_bare_no_is_still_a_decline(text: str) -> None:
    assert read(text).has_intent(IntentKind.DECLINE)


def test_i_work_at_is_still_where_a_person_works() -> None:
    parsed = read("I work at MIT but this was recorded at Harvard University.")
    assert parsed.values.get("institution") == "Harvard University"


# -- fifth set: the new rules do not over-read


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("the institution must be spelled in full", "institution"),
        ("the keywords should be short", "keywords"),
        ("the experimenter should be whoever ran the rig", "experimenter"),
    ],
)
def test_a_rule_about_a_field_is_not_its_value(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    ("text", "field"),
    [("Institution - we're between two", "institution"), ("Lab: it depends on the day", "lab")],
)
def test_a_sentence_after_a_key_is_not_a_name(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize("text", ["don't put 'Hale Lab' as the lab", "please never use 'Hale Lab' as the lab"])
def test_what_not_to_write_is_not_written(text: str) -> None:
    assert "lab" not in read(text).values


@pytest.mark.parametrize("text", ["Lab: Hale lab - actually no, Cole lab", "Institution: Yale; sorry, I mean Brown"])
def test_a_value_taken_back_with_actually_or_i_mean_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "lab" not in parsed.values and "institution" not in parsed.values


@pytest.mark.parametrize(
    "text", ["Experimenters: Ana Roth, Tim Dorn, and the PI", "Recorded by Ana Roth and two undergrads."]
)
def test_a_list_of_people_going_on_with_someone_unnamed_is_asked_back(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_keywords_that_start_like_a_pointer_are_still_keywords() -> None:
    assert read("Keywords: see, hear, touch").values.get("keywords") == ["see", "hear", "touch"]


# -- recordings "obtained by" someone; an answer saying who it is not


def test_recordings_obtained_by_a_person_name_the_experimenter() -> None:
    parsed = read("Recordings were obtained by Lea Vogt in the lab of Max Born at Heidelberg University.")
    assert parsed.values.get("experimenter") == ["Vogt, Lea"]
    assert parsed.values.get("institution") == "Heidelberg University"


def test_animals_obtained_from_a_vendor_still_doubt_the_place() -> None:
    parsed = read("Mice were obtained from Janvier; Ana Roth recorded them.")
    assert "institution" not in parsed.values


@pytest.mark.parametrize(
    ("text", "names"),
    [("Mira Sato (the student), not the PI", ["Sato, Mira"]), ("Ana Lima, not Ana Lins", ["Lima, Ana"])],
)
def test_who_it_is_not_after_the_answer_is_left_out(text: str, names: list[str]) -> None:
    assert read(text, "experimenter").values.get("experimenter") == names


# -- keys of another time or role before the field's name


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Institution (funding): Wellcome Trust", "institution"),
        ("Home institution: ETH Zurich", "institution"),
        ("My former lab was the Smith lab.", "lab"),
        ("Experimenter (surgery): Tom Berg", "experimenter"),
        ("Previous institution: Duke University", "institution"),
    ],
)
def test_a_key_of_another_time_or_role_gives_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Previous lab: Smith lab; current lab: Jones lab", "lab", "Jones Lab"),
        ("Experimenter (recording): Ana Ruiz", "experimenter", ["Ruiz, Ana"]),
        ("Old institution: Yale; new institution: Brown University", "institution", "Brown University"),
    ],
)
def test_the_current_or_recording_key_beside_it_is_read(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


# -- a decline that says "it" or "them" of the field named just before


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("I'll send the weights next week, I don't have them now.", "weight"),
        ("The genotype? We don't know it.", "genotype"),
        ("keywords: none yet", "keywords"),
    ],
)
def test_a_pronoun_in_a_decline_means_the_field_named_before(text: str, field: str) -> None:
    assert declined(read(text), field)


def test_a_pronoun_decline_without_a_field_before_declines_no_named_field() -> None:
    parsed = read("mouse M1, female, I don't have it")
    assert parsed.values.get("subject_id") == "M1"
    assert not declined(parsed, "subject_id") and not declined(parsed, "sex")


# -- recall: a recorder's key with an aside, people added as experimenters, Charité


def test_an_aside_after_a_recorders_key_names_the_institution() -> None:
    parsed = read("Recordings: Kofi Boateng and Ama Owusu-Ansah (EPFL)")
    assert parsed.values.get("experimenter") == ["Boateng, Kofi", "Owusu-Ansah, Ama"]
    assert parsed.values.get("institution") == "École Polytechnique Fédérale de Lausanne"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("pls add Lin, Wei and Osei, Ama as experimenters", ["Lin, Wei", "Osei, Ama"]),
        ("please list Tara Singh as the experimenter", ["Singh, Tara"]),
    ],
)
def test_people_added_as_experimenters_are_read(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


def test_people_not_to_add_are_not_read() -> None:
    assert "experimenter" not in read("don't add Tara Singh as experimenter").values


def test_charite_is_known_by_its_full_name() -> None:
    parsed = read("Experimenters: Jan Roth and Eva Kern, Charité - Universitätsmedizin Berlin.")
    assert parsed.values.get("institution") == "Charité - Universitätsmedizin Berlin"
    assert parsed.values.get("experimenter") == ["Roth, Jan", "Kern, Eva"]


# -- answers that put the value off, a placeholder with a reason, scrapping a conversion


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("I'll have to get back to you on that", "genotype"),
        ("let me check and come back later", "institution"),
        ("N/A - single-person project", "lab"),
        ("none (we are a core facility)", "lab"),
    ],
)
def test_putting_the_value_off_or_a_placeholder_with_a_reason_is_no_value(text: str, field: str) -> None:
    parsed = read(text, field)
    assert field not in parsed.values and declined(parsed, field)


@pytest.mark.parametrize("text", ["I'll check the cage card: mouse M4, female", "let me check: mouse M5, male"])
def test_a_check_before_values_keeps_the_values(text: str) -> None:
    assert read(text).values.get("subject_id") in ("M4", "M5")


def test_scrapping_after_a_mistake_cancels() -> None:
    assert read("scrap this, wrong session").has_intent(IntentKind.CANCEL)


# -- the new patterns stay linear on long messages


@pytest.mark.parametrize(
    "text",
    [
        "Keywords - a; " * 700,
        "not the X lab, " * 600,
        "- skip " * 1400,
        "put 'x' as the lab " * 500,
        "Sessions 1-3 by Ada Byrne, " * 350,
        "Project name: " * 700,
        "Experimenter: Tom Hale. Sorry, not Tom, " * 250,
    ],
)
def test_long_messages_of_the_new_patterns_do_not_hang(text: str) -> None:
    started = time.monotonic()
    read(text[:10_000])
    assert time.monotonic() - started < 20
