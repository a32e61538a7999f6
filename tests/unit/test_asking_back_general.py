"""General precision rules of the offline reader (issue 14, ninth round): each covers a family of
mistakes, not one sentence. Sentences here are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


# -- keys and values: a value ends at the next key or column, brackets balance, a key says the role


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("lab: Moser lab / institution: NTNU", "lab", "Moser Lab"),
        ("genotype=Sst-Cre; Ai14 | fasted=no | id=QA-7", "genotype", "Sst-Cre; Ai14"),
        ("institution=Karolinska Institutet | room=B12", "institution", "Karolinska Institutet"),
        ("subject: QA-9 | sex: M", "subject_id", "QA-9"),
        ("(genotype: Vip-Cre x Ai32) was used for mouse QA-3", "genotype", "Vip-Cre x Ai32"),
        ("institution: Max Planck Institute for Brain Research (Frankfurt, Germany)", "institution",
         "Max Planck Institute for Brain Research"),
    ],
)  # fmt: skip
def test_a_keyed_value_ends_at_the_next_key_and_keeps_its_brackets_balanced(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Supervision: Dr. Helen Park", "experimenter"),
        ("Contact: Prof. Omar Said", "experimenter"),
        ("spike sorting: Lea Brandt", "experimenter"),
        ("source_lab=Tonegawa Lab", "lab"),
        ("weight_at_surgery=27 g; id=QB-2", "weight"),
        ("age_at_injection=P30; id=QB-3", "age"),
        ("reporter=Ai14 | id=QB-4", "genotype"),
    ],
)
def test_a_key_naming_another_role_gives_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("age_weeks=9; id=QC-1", "age", "P9W"),
        ("body_weight_g=31.5", "weight", "31.5 g"),
        ("weight_at_recording=24 g; weight_at_arrival=19 g", "weight", "24 g"),
        ("age_at_session=P61, age_at_surgery=P40", "age", "P61D"),
        ("recording_lab=Losonczy Lab; donor_lab=Zeng Lab", "lab", "Losonczy Lab"),
        ("Data collection: Noa Levi. Analysis: Dan Ariel.", "experimenter", ["Levi, Noa"]),
        ("recorder=Ana Souza; surgeon=Rui Melo", "experimenter", ["Souza, Ana"]),
    ],
)
def test_a_key_qualified_by_the_recording_or_a_unit_gives_the_field(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


# -- genotypes: alleles are kept whole; a reporter, an indicator or a kind of line alone is no genotype;
# lines of parents or of a donor are asked back; a cross of two strains is asked back


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Tube QD-1, female, Vip-IRES-Cre; Ai65, 20 g", "Vip-IRES-Cre; Ai65"),
        ("mouse QD-2 is Sst-Cre;Ai32 and male", "Sst-Cre;Ai32"),
        ("transgenic line Thy1-jRGECO1a (GP8.20), mouse QD-3", "Thy1-jRGECO1a (GP8.20)"),
    ],
)
def test_a_genotype_of_several_alleles_is_kept_whole(text: str, value: str) -> None:
    assert read(text).values.get("genotype") == value


@pytest.mark.parametrize("answer", ["jRGECO1a", "tdTomato", "the Flp line", "ChR2", "a Cre driver"])
def test_a_reporter_indicator_or_kind_of_line_alone_is_not_a_genotype(answer: str) -> None:
    parsed = read(answer, "genotype")
    assert "genotype" not in parsed.values
    assert any(r.field == "genotype" for r in parsed.rejections)


@pytest.mark.parametrize(
    "text",
    [
        "Chat-IRES-Cre males were bred with Ai32 females; pup QE-1, male",
        "Many thanks to the Zeng lab for sharing Rorb-IRES2-Cre with us",
        "Parents: Emx1-IRES-Cre x Ai148. Mouse QE-2.",
    ],
)
def test_lines_of_parents_or_a_donor_are_not_the_genotype(text: str) -> None:
    assert "genotype" not in read(text).values


@pytest.mark.parametrize(
    ("text", "proposal"), [("strain: BALB/cJ x C57BL/6J F1", "BALB/cJ x C57BL/6J F1"), ("CBA x C57BL/6 hybrid", None)]
)
def test_a_cross_of_two_strains_is_asked_back(text: str, proposal: str | None) -> None:
    parsed = read(text, "strain")
    assert "strain" not in parsed.values
    assert asked_back(parsed, "strain")
    if proposal:
        assert next(c for c in parsed.confirmations if c.field == "strain").proposals[0].value == proposal


# -- hedged numbers are asked back, with the number as the proposal


@pytest.mark.parametrize(
    ("text", "asked", "field", "proposal"),
    [
        ("approximately 14 weeks", "age", "age", "P14W"),
        ("28 g or so", "weight", "weight", "28 g"),
        ("rat QF-1, male, roughly 420 g", "", "weight", "420 g"),
        ("mouse QF-2, circa 5 months old, female", "", "age", "P5M"),
        ("mouse QF-3 weighed ~19.5 g", "", "weight", "19.5 g"),
        ("age: about P60", "", "age", "P60D"),
    ],
)
def test_a_hedged_age_or_weight_is_asked_back(text: str, asked: str, field: str, proposal: str) -> None:
    parsed = read(text, *([asked] if asked else []))
    assert field not in parsed.values
    question = next(c for c in parsed.confirmations if c.field == field)
    assert question.proposals[0].value == proposal


# -- several ages or weights: only one said of the recording is stored; plans and the past are not the session


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("mouse QG-1: implanted at 9 weeks, recorded at 12 weeks", "age", "P12W"),
        ("rat QG-2 came in at 180 g and 6 weeks, was recorded at 9 weeks weighing 310 g", "weight", "310 g"),
        ("rat QG-2 came in at 180 g and 6 weeks, was recorded at 9 weeks weighing 310 g", "age", "P9W"),
        ("Rat QG-3 was 5 months; her litter was 12 days old", "age", "P5M"),
    ],
)
def test_the_age_or_weight_said_of_the_recording_wins(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("mouse QH-1, 24 g, 27 g", "weight"),
        ("to do: weigh rat QH-2 next week, it will be 300 g", "weight"),
        ("mouse QH-3 was 21 g last week", "weight"),
        ("rat QH-4 kept at 85% of 410 g", "weight"),
        ("Tracer injection at P28, recordings a month later, mouse QH-5", "age"),
    ],
)
def test_two_candidates_a_plan_or_another_time_give_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


# -- several brain areas: only one said to be where the recording was is stored


@pytest.mark.parametrize(
    ("text", "asked", "value"),
    [
        ("ChR2 was expressed in the VTA and units were recorded in the nucleus accumbens", "", "ACB"),
        ("silicon probe aimed at CA3, spikes recorded in CA1", "", "CA1"),
        ("infused muscimol into the BLA, recorded in the prelimbic area", "electrode_location", "PL"),
    ],
)
def test_of_several_areas_the_one_recorded_is_stored(text: str, asked: str, value: str) -> None:
    assert read(text, *([asked] if asked else [])).values.get("electrode_location") == value


@pytest.mark.parametrize(
    "text",
    [
        "We aimed for the claustrum; the track ended in the striatum",
        "Electrode in the thalamus, reference screw over the cerebellum",
        "Optic fibre implanted over the VTA; no electrodes this time",
        "Tracer injections targeted the lateral habenula",
        "Craniotomy above the barrel cortex, but the mouse was only imaged for blood flow",
        "the probe passed through the motor cortex into the striatum",
    ],
)
def test_an_area_not_said_to_be_recorded_beside_another_is_asked_back(text: str) -> None:
    assert "electrode_location" not in read(text).values


# -- people, labs and institutions: answers that point elsewhere are no names; donors, sources,
# approval bodies and contrasted places are asked back; of several labs, ours is stored


@pytest.mark.parametrize("answer", ["my supervisor knows, I don't", "ask the lab manager", "not me"])
def test_an_answer_pointing_elsewhere_is_no_name(answer: str) -> None:
    parsed = read(answer, "experimenter")
    assert "experimenter" not in parsed.values
    assert not parsed.confirmations


@pytest.mark.parametrize(
    "text",
    [
        "Injections were performed by Hanna Berg.",
        "Perfusion and staining by Dr. Ivo Petrov",
        "Handling and habituation were performed by Lucía Torres",
    ],
)
def test_a_person_named_for_another_procedure_is_not_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


@pytest.mark.parametrize(
    ("text", "asked", "value"),
    [
        ("the rats came from the Buzsaki lab, we are the Diba lab", "lab", "Diba Lab"),
        ("Thanks to the Hausser lab for the virus; we are the Clopath lab", "", "Clopath Lab"),
    ],
)
def test_of_several_labs_ours_is_stored(text: str, asked: str, value: str) -> None:
    assert read(text, *([asked] if asked else [])).values.get("lab") == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("the virus came from the Boyden lab", "lab"),
        ("thx to the Zador lab for sharing the plasmid", "lab"),
        ("The protocol was approved by the ethics committee of Leiden University.", "institution"),
        ("Our office is at Yale but the recordings happen in the Haskins lab space", "institution"),
    ],
)
def test_a_donor_a_source_an_approval_or_a_contrasted_place_is_not_stored(text: str, field: str) -> None:
    assert field not in read(text).values


def test_a_university_keeps_its_campus_after_a_comma() -> None:
    assert read("Institution: University of Wisconsin, Madison").values["institution"] == (
        "University of Wisconsin, Madison"
    )


# -- a session description read from running text is asked back; after a key or a session label it is stored


@pytest.mark.parametrize(
    "text",
    [
        "Whisker stimulation while recording in barrel cortex, mouse QJ-1",
        "Electrode in CA1, ground screw over the cerebellum",
        "Week 3 of training, rat QJ-2",
        "Two-photon imaging of layer 2/3 during locomotion",
    ],
)
def test_a_description_from_running_text_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "session_description" not in parsed.values


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Session description: passive viewing of drifting gratings", "Passive viewing of drifting gratings"),
        ("Today's recording: sleep in the home cage after maze running", "Sleep in the home cage after maze running"),
    ],
)
def test_a_keyed_or_labelled_description_is_stored(text: str, value: str) -> None:
    assert read(text).values.get("session_description") == value


# -- guesses, plans and several animals


@pytest.mark.parametrize(
    ("text", "asked", "field"),
    [
        ("probably Jonas Weber", "experimenter", "experimenter"),
        ("male I think", "sex", "sex"),
        ("maybe a Long-Evans", "strain", "strain"),
        ("I think the recording was by Clara Ruiz", "", "experimenter"),
    ],
)
def test_a_guess_is_asked_back(text: str, asked: str, field: str) -> None:
    parsed = read(text, *([asked] if asked else []))
    assert field not in parsed.values
    assert asked_back(parsed, field)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Next week we will record from the dentate gyrus", "electrode_location"),
        ("Experimenter: see the lab notebook", "experimenter"),
        ("the technician", "experimenter"),
        ("Head of lab: Prof. Ines Duarte", "lab"),
        ("mouse QK-1 (mother: Sst-Cre, father: Ai32)", "genotype"),
        ("The spikes were sorted at the Flatiron Institute; we are based at NYU.", "institution"),
    ],
)
def test_a_plan_a_pointer_a_head_of_lab_a_parent_or_another_activity_gives_no_value(text: str, field: str) -> None:
    assert field not in read(text, *(["experimenter"] if text == "the technician" else [])).values


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Mice QL-1, QL-2 and QL-4 were recorded", "subject_id"),
        ("We bought Ai9 mice from Jax; the recorded mouse QL-5 is Vip-Cre; Ai9", "genotype"),
    ],
)
def test_several_animals_or_lines_leave_the_value_to_ask(text: str, field: str) -> None:
    assert field not in read(text).values


def test_a_value_ends_where_a_contrast_begins() -> None:
    assert read("Our lab is the Tank lab but the rig belongs to the Brody lab").values.get("lab") == "Tank Lab"


# -- several times, strains named beside a cross, a parent or a guess, alternatives, pointers


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "The export was written 2024-03-01 08:00 UTC; the recording started 2024-02-20 at 10:15 UTC.",
            "2024-02-20T10:15:00+00:00",
        ),
    ],
)
def test_of_several_times_the_recordings_start_is_stored(text: str, value: str) -> None:
    assert read(text).values.get("session_start_time") == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("File saved 2024-03-01 08:00 UTC, session 2024-02-20 10:15 UTC", "session_start_time"),
        ("Last exported: 2024-03-03 09:00 UTC", "session_start_time"),
        ("Rat QM-1 is a Lewis cross; its father was a Wistar.", "strain"),
        ("Maybe a BALB/c, mouse QM-2", "strain"),
        ("strain: C57BL/6J or C57BL/6N", "strain"),
        ("Species: rat or mouse", "species"),
    ],
)
def test_rivals_guesses_and_alternatives_give_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize("answer", ["same as before", "the same as last time", "see the cage card"])
def test_an_answer_pointing_to_another_value_is_refused(answer: str) -> None:
    parsed = read(answer, "institution")
    assert not parsed.values
    assert [r.field for r in parsed.rejections] == ["institution"]


def test_a_keyed_skip_is_a_decline() -> None:
    parsed = read("Keywords: none so far")
    assert "keywords" not in parsed.values
    assert any("keywords" in i.fields for i in parsed.intents)


# -- rivals for the animal's species and sex, institutions, areas and dates with alternatives or guesses


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("The room also houses rats; this recording is of mouse QN-1.", "species", "Mus musculus"),
        ("Male technician, female rat QN-2.", "sex", "F"),
        ("I am employed at Leiden University but recorded this at the Netherlands Institute for Neuroscience.",
         "institution", "Netherlands Institute for Neuroscience"),
    ],
)  # fmt: skip
def test_of_rivals_the_one_said_of_the_subject_or_the_recording_is_read(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("The male surgeon implanted mouse QN-3.", "sex"),
        ("Recorded in LGN or pulvinar, histology pending.", "electrode_location"),
        ("Perhaps recorded in the claustrum.", "electrode_location"),
        ("Tetrodes in CA3 (not verified yet).", "electrode_location"),
        ("born 2023-05-01 or 2023-05-02, mouse QN-4", "date_of_birth"),
        ("Lab: to be determined", "lab"),
        ("rats QN-10-QN-14, female", "subject_id"),
        ("Kind regards, Dr. Mira Holm, Aalborg University", "experimenter"),
    ],
)
def test_a_rival_an_alternative_a_guess_or_a_signature_gives_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


# -- lines of siblings, bare kinds, notes in brackets; hedged times; a place is no brain area


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("mouse QP-1, whose littermate carried Ai32", "genotype"),
        ("Genotype: het", "genotype"),
        ("Reference screw above the olfactory bulb", "electrode_location"),
        ("Location: Champalimaud Foundation, Lisbon", "electrode_location"),
        ("recording start: 2023-10-10 09:30 Europe/Rome (approx.)", "session_start_time"),
        ("the session began roughly at 14:00 on 2023-10-11, Europe/Rome", "session_start_time"),
    ],
)
def test_a_relatives_line_a_bare_kind_a_reference_site_a_place_or_a_hedged_time_is_not_stored(
    text: str, field: str
) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Mecp2 KO, mouse QP-2", "genotype", "Mecp2 KO"),
        ("genotype: Vip-IRES-Cre/+ (checked by PCR)", "genotype", "Vip-IRES-Cre/+"),
        ("mouse QP-3, female, CA1 recording", "session_description", "CA1 recording"),
    ],
)
def test_what_the_words_do_say_is_still_read(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


# -- counts, ranges and swapped keys


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("All rats (n = 8, 4 male) were recorded; this file is rat QR-1.", "sex"),
        ("Adult mice (22-28 g) were used; data from mouse QR-2.", "weight"),
        ("genotype: BALB/cJ", "genotype"),
        ("strain: Sst-IRES-Cre", "strain"),
        ("We recorded at the MPI for Biological Intelligence.", "institution"),
    ],
)
def test_a_count_a_range_a_swapped_key_or_a_cut_name_gives_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Strain: Wistar (Charles River)", "strain", "Wistar"),
        ("age_at_recording_weeks=11", "age", "P11W"),
    ],
)
def test_a_vendor_in_brackets_or_a_unit_after_the_recording_qualifier(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("answer", "asked", "field", "value"),
    [
        ("we're part of the Francis Crick Institute", "institution", "institution", "Francis Crick Institute"),
        ("the one we discussed on Monday", "session_description", "session_description", None),
        ("as discussed", "keywords", "keywords", None),
    ],
)
def test_a_sentence_around_an_answer_or_a_pointer(answer: str, asked: str, field: str, value: str | None) -> None:
    assert read(answer, asked).values.get(field) == value


def test_a_strains_name_in_the_place_of_the_animals_id_is_asked_back() -> None:
    parsed = read("and me, Lea Roth, who recorded mouse CD-1")
    assert "strain" not in parsed.values
    assert asked_back(parsed, "strain")


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Institution: University of Bristol (School of Physiology, Pharmacology and Neuroscience)", "institution",
         "University of Bristol"),
        ("Lab: Mrsic-Flogel lab (SWC)", "lab", "Mrsic-Flogel Lab"),
        ("genotype: Vglut2-IRES-Cre injected with AAV-DIO-ChR2", "genotype", "Vglut2-IRES-Cre"),
    ],
)  # fmt: skip
def test_a_bracketed_unit_or_a_verb_ends_a_keyed_value(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


def test_a_time_written_with_a_tilde_is_asked_back() -> None:
    parsed = read("Recording started ~09:30 on 2023-05-05, Europe/London")
    assert "session_start_time" not in parsed.values
    assert asked_back(parsed, "session_start_time")


def test_keys_under_a_heading_of_another_role_give_no_value() -> None:
    parsed = read("injection:\n  age: P35\n  weight: 19 g\nsubject:\n  id: QS-1\n  sex: M")
    assert "age" not in parsed.values and "weight" not in parsed.values
    assert (parsed.values["subject_id"], parsed.values["sex"]) == ("QS-1", "M")


def test_keys_separated_by_spaces_end_each_value() -> None:
    assert read("animal=QS-2 sex=M age=P45").values == {"subject_id": "QS-2", "sex": "M", "age": "P45D"}


def test_a_strain_whose_name_goes_on_is_asked_back_not_shortened() -> None:
    parsed = read("A Wistar Hannover rat, WH-9")
    assert "strain" not in parsed.values
    assert asked_back(parsed, "strain")


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Experimenter = Ines Roth (PhD student) | PI = Karl Bauer", {"experimenter": ["Roth, Ines"]}),
        (
            "experimenter: Kenji Mori (Tohoku University)",
            {"experimenter": ["Mori, Kenji"], "institution": "Tohoku University"},
        ),
    ],
)  # fmt: skip
def test_a_bracket_after_a_keyed_name_is_not_the_name(text: str, values: dict[str, object]) -> None:
    assert read(text).values == values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Old ID: 9, new ID: QT-2", "subject_id", "QT-2"),
        ("The animal is male, its cage mate is female.", "sex", "M"),
    ],
)
def test_the_current_id_and_the_subjects_own_sex(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Arrived with ID 5521 from the breeder; we renamed it QT-3.", "subject_id"),
        ("The subject is male", "subject_id"),
        ("Brain area: not determined", "electrode_location"),
        ("Recording site: somewhere near the LGN", "electrode_location"),
        ("The recording rig's clock runs 5 min off: it says 2023-03-04 10:05 UTC", "session_start_time"),
    ],
)
def test_a_renamed_animal_a_sex_as_id_an_open_area_or_a_wrong_clock_gives_no_value(text: str, field: str) -> None:
    assert field not in read(text).values


# -- what the words do say is still read (recall kept while precision rules grew)


@pytest.mark.parametrize(
    ("text", "asked", "field", "value"),
    [
        ("the reporter is tdTomato, the mouse QU-1 is wild type", "", "genotype", "wild-type"),
        ("I recorded it myself (Ida Berg)", "experimenter", "experimenter", ["Berg, Ida"]),
        ("fem", "sex", "sex", "F"),
        ("Grant from the Wellcome Trust; recording at the University of Leeds.", "", "institution",
         "University of Leeds"),
        ("Experiments were carried out at the Istituto di Neuroscienze di Pisa.", "", "institution",
         "Istituto di Neuroscienze di Pisa"),
    ],
)  # fmt: skip
def test_recall_kept(text: str, asked: str, field: str, value: object) -> None:
    assert read(text, *([asked] if asked else [])).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "kind"),
    [("that's all I have, please make the NWB file", "skip_all"), ("cancel this, wrong animal", "cancel")],
)
def test_whole_message_intents(text: str, kind: str) -> None:
    assert kind in [i.kind.value for i in read(text).intents]


def test_not_weighed_is_a_decline() -> None:
    parsed = read("not weighed", "weight")
    assert any("weight" in i.fields for i in parsed.intents) and "weight" not in parsed.values


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Recordings: Şule Yıldız and Łukasz Dvořák", ["Yıldız, Şule", "Dvořák, Łukasz"]),
        ("Corresponding author: Prof. Ada Ng, recordings by Bo Lin", ["Lin, Bo"]),
    ],
)
def test_names_with_extended_latin_letters_and_a_role_key_before_the_recorder(text: str, value: list[str]) -> None:
    assert read(text).values.get("experimenter") == value


def test_a_recordings_key_without_names_is_no_experimenter() -> None:
    assert "experimenter" not in read("Recordings: CA1 and CA3").values


def test_an_area_on_both_sides_is_not_stored_as_one_side() -> None:
    assert "electrode_location" not in read("Recorded from the left and right amygdala.").values
