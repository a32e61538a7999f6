"""The catalogue itself: one entry per check NWB Inspector can raise (every name in `available_checks`).

Electrophysiology comes first; position, video, optogenetics and optical physiology are covered too, because
converters write position tracking and video beside the voltage data and some detected readers are not ephys.

Field names are the flat metadata names the service uses everywhere (upload form, metadata
rules, NeuroConv mapping): subject_id, species, sex, age, date_of_birth, weight,
session_start_time, session_id, experimenter, institution, lab, experiment_description,
keywords, related_publications, electrode_location, device_description, subject_description,
cell_id, sampling_rate_hz.
"""

from __future__ import annotations

from ..domain import FixKind, FixStrategy, IssueCategory
from .entry import CheckKnowledge

META = IssueCategory.MISSING_METADATA
DATA = IssueCategory.DATA_INTEGRITY
FORMAT = IssueCategory.FORMAT
PRACTICE = IssueCategory.BEST_PRACTICE
INTERNAL = IssueCategory.INSPECTOR_INTERNAL

# Pseudo-checks for what NWB Inspector reports that is not one of its registered checks.
INSPECTOR_INTERNAL_ERROR = "inspector_internal_error"
PYNWB_VALIDATION = "pynwb_validation"
PYNWB_READ_ERROR = "pynwb_read_error"

RULE_SPECIES = (
    "Latin binomial (genus capitalised, species lower case) or an NCBI Taxonomy URL; common names are "
    "translated (mouse → Mus musculus) and a strain is kept in `strain`."
)
RULE_SEX = "One of M (male), F (female), U (unknown) or O (other); 'male', 'female', 'unknown' are translated."
RULE_AGE = (
    "ISO 8601 duration: P90D (90 days), P12W (12 weeks), P3M (3 months), P2Y (2 years); a range is "
    "written P1D/P3D. '12 weeks', 'P90', '3 months' are translated."
)
RULE_EXPERIMENTER = "'Last, First' or 'Last, First M.'; 'Dr. Jane Smith' becomes 'Smith, Jane'."
RULE_SLASHES = "No '/' characters: DANDI builds file paths from it. Slashes are replaced with '-'."
RULE_LOCATION = (
    "A brain area from the Allen Mouse Brain Common Coordinate Framework, as acronym (VISp, CA1) or "
    "full name ('Primary visual area'); for other species the standard atlas name."
)
RULE_START_TIME = (
    "Date and time the recording started, with a time zone or UTC offset "
    "(2024-03-05T14:30:00-05:00); after 1980 and not in the future."
)
RULE_RATE = "Samples per second, a positive number (30000 for a 30 kHz system)."
RULE_DESCRIPTION = "Plain text; placeholders such as 'no description' are not accepted."


def _ask(check: str, field: str, question: str, example: str, rule: str) -> FixStrategy:
    return FixStrategy(
        check_name=check,
        kind=FixKind.ASK,
        field=field,
        question=question,
        example=example,
        rule=rule,
        description=f"Ask the user for {field.replace('_', ' ')}.",
    )


def _auto(check: str, description: str, rule: str, field: str | None = None) -> FixStrategy:
    return FixStrategy(check_name=check, kind=FixKind.AUTO, description=description, rule=rule, field=field)


def _subject_questions(check: str) -> list[FixStrategy]:
    return [
        _ask(
            check,
            "subject_id",
            "What is the ID of the animal (as in your lab records)?",
            "m042",
            "Any short identifier without '/'.",
        ),
        _ask(check, "species", "Which species is the subject?", "Mus musculus", RULE_SPECIES),
        _ask(check, "sex", "What is the sex of the subject?", "F", RULE_SEX),
        _ask(
            check, "age", "How old was the subject on the recording day (or give the date of birth)?", "P90D", RULE_AGE
        ),
    ]


def _build() -> dict[str, CheckKnowledge]:
    entries: dict[str, CheckKnowledge] = {}

    def add(
        key: str, title: str, category: IssueCategory, meaning: str, why: str, how: str, *fixes: FixStrategy
    ) -> None:
        entries[key] = CheckKnowledge(
            check_name=key.split("@")[0].split("#")[0],
            title=title,
            category=category,
            meaning=meaning,
            why_it_matters=why,
            how_to_fix=how,
            fixes=list(fixes),
        )

    # ----------------------------------------------------------------- subject (DANDI requires these)
    c = "check_subject_exists"
    add(
        c,
        "No subject information",
        META,
        "The file has no Subject: nothing says which animal was recorded.",
        "DANDI refuses files without a subject: subject ID, species, sex and age are required to interpret "
        "and reuse the recording, and to group sessions of the same animal.",
        "Give the subject ID, species, sex and age (or date of birth); the service adds a Subject and converts again.",
        *_subject_questions(c),
    )
    c = "check_subject_id_exists"
    add(
        c,
        "Subject ID missing",
        META,
        "The Subject has no subject_id.",
        "DANDI names files and folders after the subject ID and uses it to link sessions of the same animal.",
        "Give the animal's ID as used in your lab records.",
        _subject_questions(c)[0],
    )
    c = "check_subject_id_no_slashes"
    add(
        c,
        "Subject ID contains '/'",
        META,
        "The subject ID contains a slash.",
        "DANDI builds paths from the subject ID; a slash would create unintended sub-folders.",
        "The service replaces each '/' with '-' and says so in the report.",
        _auto(c, "Replace '/' in the subject ID with '-'.", RULE_SLASHES, "subject_id"),
    )
    c = "check_subject_sex"
    add(
        c,
        "Subject sex not in the standard form",
        META,
        "The subject's sex is not one of the standard codes M, F, U or O.",
        "DANDI requires sex in a controlled form so archives can be searched and filtered reliably.",
        "The service translates common words (male → M, female → F, unknown → U); anything else is asked.",
        _auto(c, "Normalise the subject's sex to M/F/U/O.", RULE_SEX, "sex"),
    )
    add(
        f"{c}#missing",
        "Subject sex missing",
        META,
        "The Subject has no sex.",
        "DANDI requires the subject's sex; use U when it is genuinely unknown.",
        "Give the sex of the subject (M, F, U for unknown, O for other).",
        _ask(c, "sex", "What is the sex of the subject?", "F", RULE_SEX),
    )
    c = "check_subject_species_exists"
    add(
        c,
        "Subject species missing",
        META,
        "The Subject has no species.",
        "DANDI requires the species; without it the data cannot be found by species or compared across studies.",
        "Give the species, e.g. 'Mus musculus' (common names such as 'mouse' are translated).",
        _ask(c, "species", "Which species is the subject?", "Mus musculus", RULE_SPECIES),
    )
    c = "check_subject_species_form"
    add(
        c,
        "Species not in Latin binomial form",
        META,
        "The species is written in a form DANDI does not accept (e.g. 'mouse' instead of 'Mus musculus').",
        "DANDI matches species against the NCBI Taxonomy; free text such as 'C57BL/6 mouse' cannot be matched.",
        "The service translates common names to the Latin binomial and keeps a strain in the strain field.",
        _auto(c, "Normalise the species to its Latin binomial (strain kept in `strain`).", RULE_SPECIES, "species"),
    )
    c = "check_subject_age"
    add(
        c,
        "Subject age not in ISO 8601 form",
        META,
        "The subject's age is not an ISO 8601 duration such as P90D.",
        "DANDI requires age as a duration so ages can be compared and searched; '3 months' or '90' are ambiguous.",
        "The service translates common forms ('12 weeks' → P12W, 'P90' → P90D); anything else is asked.",
        _auto(c, "Normalise the age to an ISO 8601 duration.", RULE_AGE, "age"),
    )
    add(
        f"{c}#missing",
        "Subject age missing",
        META,
        "The Subject has neither an age nor a date of birth.",
        "DANDI requires the age (or date of birth) of the subject at the time of the session.",
        "Give the age on the recording day, e.g. P90D for 90 days, or the date of birth.",
        _ask(c, "age", "How old was the subject on the recording day (or give the date of birth)?", "P90D", RULE_AGE),
    )
    c = "check_subject_proper_age_range"
    add(
        c,
        "Age range bounds reversed",
        META,
        "The age is given as a range whose upper bound is not larger than its lower bound.",
        "A reversed range is almost certainly a typing mistake and makes the age meaningless.",
        "Give the range with the smaller age first, e.g. P60D/P90D.",
        _ask(c, "age", "What age range applies (smaller bound first)?", "P60D/P90D", RULE_AGE),
    )
    c = "check_subject_weight"
    add(
        c,
        "Subject weight without a unit",
        META,
        "The subject's weight is not written as a number followed by a unit.",
        "A weight without a unit ('25') is ambiguous and cannot be compared.",
        "The service rewrites recognisable weights as '<number> <unit>' (25g → '25 g'); otherwise it asks.",
        _auto(
            c,
            "Rewrite the weight as '<number> <unit>'.",
            "A number, a space and one of kg, g, mg, ug, ng, pg: '25 g'.",
            "weight",
        ),
    )
    c = "check_description"
    add(
        f"{c}@Subject",
        "Subject description missing",
        META,
        "The Subject has no free-text description.",
        "A sentence about the animal (line, surgery, housing, condition) helps others reuse the data correctly.",
        "Optionally describe the subject in one sentence; the file is valid without it.",
        _ask(
            c,
            "subject_description",
            "Describe the subject in one sentence (optional).",
            "Adult female C57BL/6J mouse, head-fixed, implanted 2 weeks before recording.",
            RULE_DESCRIPTION,
        ),
    )

    # ----------------------------------------------------------------- session metadata
    c = "check_session_start_time_future_date"
    add(
        c,
        "Session start time in the future",
        META,
        "The session start time is later than now.",
        "All times in the file are relative to the session start; a future date is certainly wrong and DANDI "
        "rejects it.",
        "Give the real date and time the recording started, with its time zone.",
        _ask(
            c,
            "session_start_time",
            "When did the recording start (date, time and time zone)?",
            "2024-03-05T14:30:00-05:00",
            RULE_START_TIME,
        ),
    )
    c = "check_session_start_time_old_date"
    add(
        c,
        "Session start time looks like a placeholder",
        META,
        "The session start time is on or before 1 January 1980, which usually means a default value was written.",
        "Every time in the file is relative to the session start; a placeholder date hides when the data were taken.",
        "Give the real date and time the recording started, with its time zone.",
        _ask(
            c,
            "session_start_time",
            "When did the recording start (date, time and time zone)?",
            "2024-03-05T14:30:00-05:00",
            RULE_START_TIME,
        ),
    )
    c = "check_session_id_no_slashes"
    add(
        c,
        "Session ID contains '/'",
        META,
        "The session ID contains a slash.",
        "DANDI builds paths from the session ID; a slash would create unintended sub-folders.",
        "The service replaces each '/' with '-' and says so in the report.",
        _auto(c, "Replace '/' in the session ID with '-'.", RULE_SLASHES, "session_id"),
    )
    c = "check_experimenter_exists"
    add(
        c,
        "Experimenter missing",
        META,
        "The file does not say who performed the experiment.",
        "DANDI lists experimenters as contributors; it also tells others whom to ask about the data.",
        "Give the name(s) of the experimenter(s), 'Last, First'.",
        _ask(
            c,
            "experimenter",
            "Who performed the experiment? (several names separated by ';')",
            "Smith, Jane",
            RULE_EXPERIMENTER,
        ),
    )
    c = "check_experimenter_form"
    add(
        c,
        "Experimenter name not in 'Last, First' form",
        META,
        "An experimenter's name is not written 'Last, First' as DANDI expects.",
        "DANDI matches contributors by name; 'Jane Smith' and 'Smith, Jane' would be two different people.",
        "The service rewrites names to 'Last, First' (titles such as 'Dr.' are dropped).",
        _auto(c, "Rewrite experimenter names as 'Last, First'.", RULE_EXPERIMENTER, "experimenter"),
    )
    c = "check_experiment_description"
    add(
        c,
        "Experiment description missing",
        META,
        "The file has no description of the experiment.",
        "A few sentences on the purpose and design of the experiment make the data understandable to others.",
        "Describe the experiment in one or two sentences.",
        _ask(
            c,
            "experiment_description",
            "What was the experiment about (one or two sentences)?",
            "Spontaneous activity in primary visual cortex of awake head-fixed mice.",
            RULE_DESCRIPTION,
        ),
    )
    c = "check_institution"
    add(
        c,
        "Institution missing",
        META,
        "The file does not say at which institution the data were recorded.",
        "The institution is part of the provenance DANDI shows and helps credit and contact the lab.",
        "Give the institution's full name.",
        _ask(
            c,
            "institution",
            "At which institution was the recording made?",
            "Massachusetts Institute of Technology",
            "The institution's full name, not an abbreviation.",
        ),
    )
    c = "check_keywords"
    add(
        c,
        "Keywords missing",
        META,
        "The file has no keywords.",
        "Keywords make the dataset findable in DANDI searches.",
        "Give a few keywords separated by commas.",
        _ask(
            c,
            "keywords",
            "Which keywords describe this recording (comma separated)?",
            "electrophysiology, Neuropixels, V1",
            "A few short terms separated by commas.",
        ),
    )
    c = "check_doi_publications"
    add(
        c,
        "Publication is not a DOI",
        META,
        "A related publication is not written as a DOI ('doi:10.…' or 'https://doi.org/10.…').",
        "DANDI links publications by DOI; other references cannot be resolved.",
        "The service prefixes a bare DOI (10.1234/abcd) with 'doi:'; other references are asked for as DOIs.",
        _auto(
            c,
            "Prefix bare DOIs with 'doi:'.",
            "'doi:10.1234/abcd' or 'https://doi.org/10.1234/abcd'.",
            "related_publications",
        ),
    )
    c = "check_file_extension"
    add(
        c,
        "File name does not end in .nwb",
        FORMAT,
        "The file's extension is not one of .nwb or .nwb.h5.",
        "Tools and DANDI recognise NWB files by their extension.",
        "Rename the file to end in .nwb (the service always writes .nwb files).",
    )
    c = "check_processing_module_name"
    add(
        c,
        "Non-standard processing module name",
        PRACTICE,
        "A processing module is named something other than the standard modality names "
        "(ecephys, icephys, behavior, ophys, ogen, misc, retinotopy).",
        "Standard names let tools and readers find processed data without guessing.",
        "This name comes from the converter; it can be kept. Rename the module if you post-process the file.",
    )

    # ----------------------------------------------------------------- electrodes and devices
    c = "check_electrodes_location_allen_ccf"
    add(
        c,
        "Electrode location is not an atlas term",
        META,
        "The electrodes' brain location is not a term of the Allen Mouse Brain atlas (often it is 'unknown').",
        "The brain area is what most people search and filter on; atlas terms make it comparable across labs.",
        "Give the brain area the probe recorded from, as an Allen CCF acronym or name.",
        _ask(c, "electrode_location", "Which brain area did the electrodes record from?", "VISp", RULE_LOCATION),
    )
    c = "check_intracellular_electrode_location_allen_ccf"
    add(
        c,
        "Patch electrode location is not an atlas term",
        META,
        "The intracellular electrode's location is not a term of the Allen Mouse Brain atlas.",
        "The brain area of the recorded cell is essential to interpret intracellular recordings.",
        "Give the brain area of the recorded cell, as an Allen CCF acronym or name.",
        _ask(c, "electrode_location", "In which brain area was the recorded cell?", "CA1", RULE_LOCATION),
    )
    c = "check_intracellular_electrode_cell_id_exists"
    add(
        c,
        "Recorded cell has no ID",
        META,
        "The intracellular electrode does not name the cell it recorded from.",
        "A cell ID lets several recordings of the same cell be recognised as such.",
        "Give an identifier for the recorded cell.",
        _ask(c, "cell_id", "What is the ID of the recorded cell?", "cell_03", "Any short identifier, unique per cell."),
    )
    c = "check_description"
    add(
        f"{c}@Device",
        "Device description missing",
        META,
        "A recording device (probe or amplifier) has no description.",
        "The device description says what hardware produced the data, which readers need to judge it.",
        "The service writes a description generated from what the recording files say about the device "
        "(model, manufacturer, serial number) and lists it as an auto-fix.",
        _auto(
            c,
            "Describe each device from its own model, manufacturer and serial number; name a placeholder device "
            "after the acquisition system the format implies.",
            "Built only from facts in the recording files and the format, never invented; a device nothing is known "
            "about is asked for once.",
            "device_description",
        ),
    )
    add(
        f"{c}@DeviceModel",
        "Device model description missing",
        META,
        "A device model (NWB 2.9 keeps the model apart from the device) has no description.",
        "The model description says what kind of hardware recorded the data.",
        "The service writes a description from the model's number and manufacturer and lists it as an auto-fix; "
        "when the files give neither, a description would say nothing, and the issue stays listed.",
        _auto(
            c,
            "Describe each device model from its name, model number and manufacturer.",
            "Built only from facts in the recording files, never invented.",
            "device_model_description",
        ),
    )
    add(
        f"{c}@ElectrodeGroup",
        "Electrode group description missing",
        META,
        "An electrode group has no description or a placeholder one.",
        "The group description says which probe or shank the channels belong to.",
        "The service writes a description from the group's own electrodes, device and location and lists it as "
        "an auto-fix.",
        _auto(
            c,
            "Describe each electrode group from its own electrode count, device and location.",
            "Built only from facts in the file, never invented.",
            "electrode_group_description",
        ),
    )
    add(
        f"{c}@VectorData",
        "Table column without a description",
        META,
        "A column the reader added to a table (e.g. the electrodes table) has the placeholder description "
        "'no description'.",
        "Without a description nobody can tell what the column's values mean (a port letter, a filter setting, an "
        "impedance in ohms).",
        "The service describes the column through NeuroConv's column metadata: with the vendor's documented "
        "meaning when it knows the reader's field, else with a sentence saying where the value was read from. "
        "Columns of other tables (events, trials, intervals) are written by their reader and cannot be described "
        "this way; they stay listed.",
        _auto(
            c,
            "Describe the columns the reader added from the vendor's documentation, or say where their values "
            "come from.",
            "The vendor's documented meaning, or only where the value was read from; never a guessed meaning.",
            "column_description",
        ),
    )
    add(
        c,
        "Description missing or a placeholder",
        PRACTICE,
        "An object in the file has no description, or only a placeholder such as 'no description'.",
        "Descriptions tell readers what each part of the file holds; most tools show them.",
        "This description comes from the recording software or converter. It is a suggestion: keep the file as is, "
        "or add a description when you post-process the file.",
    )
    c = "check_electrical_series_dims"
    add(
        c,
        "Voltage data transposed",
        DATA,
        "The second dimension of the voltage data does not match the number of electrodes: the data may be "
        "stored channels × time instead of time × channels.",
        "Readers would take channels for time samples; every analysis of the file would be wrong.",
        "This comes from the converter, not from your metadata: check that the right format was detected, and "
        "report it with the file if it persists.",
    )
    c = "check_electrical_series_reference_electrodes_table"
    add(
        c,
        "Voltage data not linked to the electrode table",
        DATA,
        "The voltage series points to a table other than the file's electrode table.",
        "Without the link, nobody can tell which electrode recorded which channel.",
        "This comes from the converter: report it with the file.",
    )
    c = "check_electrical_series_unscaled_data"
    add(
        c,
        "Voltage data without a scale to volts",
        DATA,
        "The voltage data are raw integers and no conversion factor to volts is stored.",
        "Without the factor, amplitudes cannot be expressed in volts and cannot be compared across recordings.",
        "Give the gain of the recording system (volts per bit), or choose the interface that reads it from "
        "the files; report it if the format should have provided it.",
    )

    # ----------------------------------------------------------------- units (spike sorting)
    c = "check_units_table_has_spikes"
    add(
        c,
        "Units without spike times",
        DATA,
        "The Units table has no spike_times column.",
        "A Units table is defined by its spike times; without them it holds no sorted spikes.",
        "Check that the sorting output folder is complete (spike_times.npy, spike_clusters.npy).",
    )
    c = "check_negative_spike_times"
    add(
        c,
        "Negative spike times",
        DATA,
        "Some spike times are negative.",
        "Times are measured from the session start; negative spikes happened before the session started, which "
        "means the sorting and recording clocks are misaligned.",
        "Check the alignment of the sorting output with the recording (start time offset).",
    )
    c = "check_units_resolution_is_set"
    add(
        c,
        "Spike time resolution not set",
        DATA,
        "The Units table does not state the resolution of its spike times.",
        "The resolution (1 / sampling rate) tells how precise spike times are; analyses of synchrony depend on it.",
        "Give the sampling rate of the system that recorded the spikes; the resolution is 1 / that rate.",
        _ask(
            c,
            "sampling_rate_hz",
            "At what sampling rate were the spikes recorded (Hz)?",
            "30000",
            RULE_RATE + " The Units resolution is set to 1 / rate.",
        ),
    )
    c = "check_units_resolution_is_valid"
    add(
        c,
        "Spike time resolution implausible",
        DATA,
        "The Units resolution is larger than 10 ms, so the sampling rate was probably entered instead of "
        "1 / sampling rate.",
        "An implausible resolution misleads every analysis of spike timing precision.",
        "Give the sampling rate of the recording system; the resolution is 1 / that rate.",
        _ask(
            c,
            "sampling_rate_hz",
            "At what sampling rate were the spikes recorded (Hz)?",
            "30000",
            RULE_RATE + " The Units resolution is set to 1 / rate.",
        ),
    )
    c = "check_spike_times_not_in_samples"
    add(
        c,
        "Spike times look like sample numbers",
        DATA,
        "All sampled spike times are whole numbers: they are probably sample indices, not seconds.",
        "Spike times in samples are off by the sampling rate (e.g. 30000×); rates and timings would be wrong.",
        "Give the sampling rate so sample indices can be converted to seconds, or check the sorter's output.",
        _ask(c, "sampling_rate_hz", "At what sampling rate were the spikes recorded (Hz)?", "30000", RULE_RATE),
    )
    c = "check_spike_times_not_in_unobserved_interval"
    add(
        c,
        "Spikes outside observed intervals",
        DATA,
        "Some spikes fall outside the intervals in which their unit was declared observed.",
        "Either the observation intervals or the spike times are wrong; firing rates computed from them would be off.",
        "Check the sorting output's observation intervals; report it if it comes from the converter.",
    )
    c = "check_ascending_spike_times"
    add(
        c,
        "Spike times not in ascending order",
        DATA,
        "A unit's spike times go backwards or repeat.",
        "Descending spike times are always a data error (concatenated trials, a sorter bug or a conversion error).",
        "Check the sorting output; spike times of each unit must increase.",
    )
    c = "check_units_table_duration"
    add(
        c,
        "Spike times span more than a year",
        DATA,
        "The spike times span more than a year, so they are probably not in seconds.",
        "Times in the wrong unit make every rate and timing computed from the file wrong.",
        "Check the time unit of the sorting output (seconds, milliseconds or samples) and give the sampling rate.",
        _ask(c, "sampling_rate_hz", "At what sampling rate were the spikes recorded (Hz)?", "30000", RULE_RATE),
    )

    # ----------------------------------------------------------------- time series
    c = "check_regular_timestamps"
    add(
        c,
        "Regular timestamps stored explicitly",
        PRACTICE,
        "The series stores a timestamp for every sample although the sampling rate is constant.",
        "A start time and a rate describe the same timing exactly and save space and reading time.",
        "A suggestion about how the converter stores time; the file is correct as is.",
    )
    c = "check_data_orientation"
    add(
        c,
        "Data may be transposed",
        DATA,
        "Time should be the first dimension of the data, but another dimension is longer.",
        "If the data are transposed, readers take channels for samples and every analysis is wrong.",
        "Check the detected format; report it with the file if the converter wrote it this way.",
    )
    c = "check_timestamps_match_first_dimension"
    add(
        c,
        "Timestamps and data lengths differ",
        DATA,
        "The number of timestamps does not match the number of samples.",
        "Samples cannot be placed in time reliably; part of the data or of the timing is missing.",
        "Check that the recording files are complete (an interrupted copy often causes this), then convert again.",
    )
    c = "check_timestamps_ascending"
    add(
        c,
        "Timestamps not ascending",
        DATA,
        "The timestamps of a series go backwards.",
        "Time must increase; analyses assume ordered samples.",
        "Check the recording's timestamps file; report it if the converter produced it.",
    )
    c = "check_timestamps_without_nans"
    add(
        c,
        "Timestamps contain NaN",
        DATA,
        "Some timestamps are not numbers (NaN).",
        "Samples without a time cannot be placed or aligned.",
        "Check the recording's timestamps; report it if the converter produced it.",
    )
    c = "check_timestamp_of_the_first_sample_is_not_negative"
    add(
        c,
        "Data start before the session",
        DATA,
        "The first sample's time is negative, i.e. before the session start time.",
        "All times should be measured from the session start, the earliest moment in the file; negative times "
        "usually mean misaligned clocks.",
        "Use the earliest recording time as session start time, or check the alignment of the streams.",
    )
    c = "check_missing_unit"
    add(
        c,
        "Data unit missing",
        DATA,
        "A series does not say in which unit its data are.",
        "Without a unit, values cannot be interpreted (volts? amperes? arbitrary units?).",
        "This comes from the converter: report it with the file.",
    )
    c = "check_resolution"
    add(
        c,
        "Invalid resolution value",
        FORMAT,
        "A series states a resolution that is neither a positive number nor -1 / NaN for unknown.",
        "The resolution tells how precise values are; an invalid one misleads readers.",
        "This comes from the converter: report it with the file.",
    )
    c = "check_rate_is_not_zero"
    add(
        c,
        "Sampling rate is zero",
        DATA,
        "A series with more than one sample has a sampling rate of 0 Hz.",
        "Without a rate, samples cannot be placed in time.",
        "Give the sampling rate of the recording.",
        _ask(c, "sampling_rate_hz", "What is the sampling rate of the recording (Hz)?", "30000", RULE_RATE),
    )
    c = "check_rate_is_positive"
    add(
        c,
        "Sampling rate is negative",
        DATA,
        "A series has a negative sampling rate.",
        "A negative rate is impossible; the timing of all samples is wrong.",
        "Give the sampling rate of the recording.",
        _ask(c, "sampling_rate_hz", "What is the sampling rate of the recording (Hz)?", "30000", RULE_RATE),
    )
    c = "check_rate_not_below_threshold"
    add(
        c,
        "Sampling rate suspiciously low",
        DATA,
        "The sampling rate is so low that the sampling period (seconds per sample) was probably entered instead.",
        "A rate given as a period stretches the recording in time by a large factor.",
        "Give the sampling rate in samples per second.",
        _ask(c, "sampling_rate_hz", "What is the sampling rate of the recording (Hz)?", "30000", RULE_RATE),
    )
    c = "check_time_series_duration"
    add(
        c,
        "Recording longer than a year",
        DATA,
        "The series spans more than a year, which suggests wrong timestamps or a wrong rate.",
        "Timing errors of this size make the file unusable for analysis.",
        "Check the sampling rate and timestamps of the recording.",
    )
    c = "check_time_series_data_is_not_empty"
    add(
        c,
        "Empty data series",
        DATA,
        "A series holds no samples.",
        "An empty series suggests a stream was not read; readers may also fail on it.",
        "The service leaves empty streams out of the next conversion and lists that as an auto-fix.",
        _auto(
            c, "Leave streams with no samples out of the conversion.", "Only streams with zero samples are left out."
        ),
    )

    # ----------------------------------------------------------------- tables
    c = "check_empty_table"
    add(
        c,
        "Empty table",
        PRACTICE,
        "A table in the file has no rows (often an event stream in which nothing happened).",
        "Empty tables carry no information and make NWB Inspector's own checks fail on some of them.",
        "The service leaves empty event tables out of the next conversion and lists that as an auto-fix.",
        _auto(c, "Drop empty event tables from the conversion.", "Only tables with zero rows are dropped."),
    )
    c = "check_dynamic_table_region_data_validity"
    add(
        c,
        "Table reference out of range",
        DATA,
        "A reference into a table (e.g. the electrodes of a series) points to rows that do not exist.",
        "Links between data and electrodes are broken; channel positions and locations cannot be found.",
        "This comes from the converter: report it with the file.",
    )
    c = "check_ids_unique"
    add(
        c,
        "Duplicate table IDs",
        DATA,
        "Some rows of a table share the same ID.",
        "IDs identify rows (units, electrodes, trials); duplicates make references ambiguous.",
        "Check the source (e.g. duplicate cluster IDs in the sorting output); report it if the converter produced it.",
    )
    c = "check_single_row"
    add(
        c,
        "Table with a single row",
        PRACTICE,
        "A table has only one row; another data type may describe it better.",
        "A suggestion on representation only.",
        "Nothing needs to be done; the file is correct as is.",
    )
    c = "check_column_binary_capability"
    add(
        c,
        "Yes/no column stored as numbers or text",
        PRACTICE,
        "A table column holds only the values 0 and 1 (or yes/no) but is stored in a type wider than one byte.",
        "A one-byte type holds the same values in half the space or less; a suggestion only.",
        "The service stores channel and unit columns holding only 0 and 1 in one byte (uint8), keeping their "
        "values and meaning (a channel number that happens to be 0 or 1 is not made a yes/no column). Columns of "
        "other tables (events, trials) are written by their reader as they are and stay a suggestion.",
        _auto(
            c,
            "Store the electrode and unit table columns that hold only 0 and 1 in one byte each.",
            "Same values, smaller type; nothing renamed or reinterpreted.",
        ),
    )
    c = "check_table_values_for_dict"
    add(
        c,
        "Table cell holds a dictionary as text",
        PRACTICE,
        "A text cell contains a serialised dictionary.",
        "Structured values hidden in text cannot be searched or read by tools.",
        "Store the dictionary's entries as separate columns when you post-process the file.",
    )
    c = "check_col_not_nan"
    add(
        c,
        "Column with only NaN values",
        PRACTICE,
        "A table column appears to contain only NaN values.",
        "An empty column adds nothing and may confuse readers.",
        "Nothing needs to be done; the column comes from the converter.",
    )
    c = "check_table_time_columns_are_not_negative"
    add(
        c,
        "Negative times in a table",
        DATA,
        "A time column of a table contains negative values.",
        "Times are measured from the session start; negative values mean misaligned clocks.",
        "Use the earliest recording time as session start time, or check the alignment of the streams.",
    )
    c = "check_time_intervals_start_time_not_constant"
    add(
        c,
        "All intervals start at the same time",
        DATA,
        "Every interval in a time-intervals table has the same start time.",
        "This usually means start times were not filled in; trial timing would be lost.",
        "Check the source of the intervals (trial or epoch files).",
    )
    c = "check_time_interval_time_columns"
    add(
        c,
        "Interval times not ordered",
        DATA,
        "The time columns of an intervals table are not in ascending order.",
        "Intervals are expected in time order; tools may misread unordered ones.",
        "Check the source of the intervals.",
    )
    c = "check_time_intervals_stop_after_start"
    add(
        c,
        "Interval stops before it starts",
        DATA,
        "Some intervals end before they start.",
        "Negative durations are impossible; start and stop may be swapped or on different clocks.",
        "Check the source of the intervals.",
    )
    c = "check_time_intervals_duration"
    add(
        c,
        "Intervals span more than a year",
        DATA,
        "The intervals span more than a year, which suggests a wrong time unit.",
        "Timing errors of this size make the intervals unusable.",
        "Check the time unit of the intervals' source (seconds vs. milliseconds).",
    )

    # ----------------------------------------------------------------- names, storage, deprecated types
    c = "check_name_slashes"
    add(
        c,
        "Object name contains a slash",
        FORMAT,
        "An object's name contains '/' or '\\'.",
        "Slashes separate groups in HDF5 paths; such names break reading.",
        "This comes from the converter or channel names in the recording; report it with the file.",
    )
    c = "check_name_colons"
    add(
        c,
        "Object name contains a colon",
        PRACTICE,
        "An object's name contains ':'.",
        "Colons can break tools that build paths from names.",
        "A suggestion only; the name comes from the recording software.",
    )
    c = "check_empty_string_for_optional_attribute"
    add(
        c,
        "Optional attribute set to an empty string",
        PRACTICE,
        "An optional attribute was written as an empty string instead of being left out.",
        "An empty string looks like a value; leaving it out says clearly that it is unknown.",
        "The service leaves empty optional metadata out of the next conversion and lists that as an auto-fix.",
        _auto(
            c,
            "Leave optional metadata given as empty strings out of the conversion.",
            "Only empty strings are removed; no value is invented.",
        ),
    )
    c = "check_small_dataset_compression"
    add(
        c,
        "Dataset not compressed",
        PRACTICE,
        "A dataset larger than 50 MB is stored without compression.",
        "Compression (gzip) typically halves the size of electrophysiology data, which speeds up uploads and "
        "downloads; every NWB reader decodes it.",
        "The service converts again with gzip compression (its default).",
        _auto(c, "Convert again with gzip compression.", "Lossless compression only."),
    )
    c = "check_large_dataset_compression"
    add(
        c,
        "Large dataset not compressed",
        PRACTICE,
        "A dataset larger than 20 GB is stored without compression.",
        "Uncompressed data of this size are slow to upload, store and stream.",
        "The service converts again with gzip compression (its default).",
        _auto(c, "Convert again with gzip compression.", "Lossless compression only."),
    )
    c = "check_sweeptable_deprecated"
    add(
        c,
        "Deprecated SweepTable",
        FORMAT,
        "The file uses SweepTable, which NWB 2.4 replaced with the intracellular recordings tables.",
        "Newer tools may not read sweeps from the deprecated table.",
        "This comes from the converter: a newer NeuroConv version writes the new tables.",
    )

    # ----------------------------------------------------------------- position and head direction (behaviour)
    # NeuroConv's Axona interface writes Position/SpatialSeries next to the voltage data, so these fire on
    # electrophysiology files too.
    c = "check_spatial_series_dims"
    add(
        c,
        "Position data has too many columns",
        DATA,
        "A position series (SpatialSeries) has more than three columns; it should hold x, (x, y) or (x, y, z).",
        "Readers take the columns as coordinates; with extra columns the positions cannot be interpreted and DANDI "
        "rejects the file.",
        "This comes from the converter or the tracking export: store each tracked point or extra value (e.g. "
        "speed) as its own series, then convert again. Report it with the file if the converter wrote it.",
    )
    c = "check_spatial_series_unit"
    add(
        c,
        "Position unit not recognised",
        PRACTICE,
        "The unit of a position series is not one of meters, centimeters, millimeters, micrometers, degrees, "
        "radians, pixels or 'n.a.'.",
        "Distances and speeds computed from the positions are only comparable when the unit is known.",
        "This comes from the tracking software or the converter; if the unit is unknown it should be 'n.a.'. "
        "Report it with the file.",
    )
    c = "check_compass_direction_unit"
    add(
        c,
        "Head direction not in degrees or radians",
        PRACTICE,
        "A direction series inside CompassDirection has a unit other than 'degrees' or 'radians'.",
        "Directions are angles; without an angular unit, turning angles and tuning curves cannot be computed.",
        "This comes from the tracking software or the converter; report it with the file.",
    )
    c = "check_spatial_series_degrees_magnitude"
    add(
        c,
        "Angles in degrees out of range",
        DATA,
        "A series in degrees has values beyond ±360.",
        "Angles outside one full turn usually mean the unit is wrong (e.g. the values are not degrees).",
        "Check the unit the tracking software exported; report it with the file if the converter set it.",
    )
    c = "check_spatial_series_radians_magnitude"
    add(
        c,
        "Angles in radians out of range",
        DATA,
        "A series in radians has values beyond ±2π.",
        "Values that large are almost certainly degrees labelled as radians, which makes every angle wrong.",
        "Check the unit the tracking software exported; report it with the file if the converter set it.",
    )

    # ----------------------------------------------------------------- images and video
    c = "check_image_series_external_file_valid"
    add(
        c,
        "Linked video file not found",
        DATA,
        "An image series points to a video or image file next to the NWB file, and that file does not exist there.",
        "The frames live only in the linked file; without it the video is lost for everyone who downloads the "
        "data, and DANDI rejects the file.",
        "Keep the video files in the same folder as the NWB file (with the same relative path) and upload them "
        "together, or convert again with the videos next to the recording.",
    )
    c = "check_image_series_external_file_relative"
    add(
        c,
        "Linked video file given with an absolute path",
        PRACTICE,
        "An image series links to its video with an absolute path (e.g. C:/data/... or /home/...).",
        "An absolute path only works on the computer that wrote the file; on any other machine the video is not found.",
        "This comes from the converter: convert again with the video next to the recording so the path is "
        "relative, or report it with the file.",
    )
    c = "check_image_series_data_size"
    add(
        c,
        "Video stored inside the file is very large",
        PRACTICE,
        "An image series holds more than 20 GB of frames inside the NWB file.",
        "Such files are slow to upload and stream; a video kept as a separate file next to the NWB file is "
        "usually smaller and easier to view.",
        "A suggestion only: convert the video in external mode (linked file) if you want a smaller NWB file.",
    )
    c = "check_image_series_starting_frame_without_external_file"
    add(
        c,
        "Video start frames set without a linked video",
        PRACTICE,
        "An image series has `starting_frame` set although its frames are stored inside the file.",
        "`starting_frame` only means something for linked video files; here it is misleading.",
        "This comes from the converter; report it with the file.",
    )
    c = "check_order_of_images_unique"
    add(
        c,
        "Image order has repeats",
        PRACTICE,
        "The list giving the order of a set of images names some image more than once.",
        "Tools that show the images in order would show duplicates or skip images.",
        "This comes from the converter; report it with the file.",
    )
    c = "check_order_of_images_len"
    add(
        c,
        "Image order does not list every image",
        PRACTICE,
        "The list giving the order of a set of images is longer or shorter than the number of images.",
        "Some images would have no place in the order, or the order refers to images that do not exist.",
        "This comes from the converter; report it with the file.",
    )
    c = "check_index_series_points_to_image"
    add(
        c,
        "Index series points to a time series",
        PRACTICE,
        "An IndexSeries refers to frames of another time series, a form NWB has deprecated; it should refer to an "
        "Images container.",
        "Newer tools may not follow the old link, so the shown stimuli could not be looked up.",
        "This comes from the converter: a newer NeuroConv version writes the new form. Report it with the file.",
    )

    # ----------------------------------------------------------------- optogenetics
    c = "check_optogenetic_stimulus_site_has_optogenetic_series"
    add(
        c,
        "Stimulation site without stimulation data",
        PRACTICE,
        "An optogenetic stimulation site is described, but no optogenetic series records stimulation at it.",
        "Without the stimulation times and power, nobody can tell when the light was on, which is what the site is "
        "for.",
        "Add the stimulation series if you have it (as a new conversion with the stimulus file), or leave the site "
        "out; report it with the file if the converter wrote it.",
    )

    # ----------------------------------------------------------------- optical physiology (imaging, fiber photometry)
    c = "check_roi_response_series_dims"
    add(
        c,
        "Fluorescence traces transposed",
        DATA,
        "The second dimension of a fluorescence series does not match the number of regions of interest: the data "
        "may be stored ROIs × time instead of time × ROIs.",
        "Readers would take cells for time points; every analysis of the traces would be wrong, and DANDI rejects "
        "the file.",
        "This comes from the converter, not from your metadata: check that the right format was detected, and "
        "report it with the file if it persists.",
    )
    c = "check_roi_response_series_link_to_plane_segmentation"
    add(
        c,
        "Fluorescence traces not linked to their ROIs",
        PRACTICE,
        "A fluorescence series refers to a table that is not a PlaneSegmentation (the table of segmented regions).",
        "Without the link, the traces cannot be matched to the cells' shapes and positions in the image.",
        "This comes from the converter; report it with the file.",
    )
    c = "check_emission_lambda_in_nm"
    add(
        c,
        "Emission wavelength not in nanometres",
        PRACTICE,
        "The emission wavelength of an optical channel is below 10, so it is probably not in nanometres.",
        "NWB stores wavelengths in nm; a value such as 0.52 (µm) would be read as 0.52 nm.",
        "Give the emission wavelength in nanometres (e.g. 520) in the imaging metadata and convert again.",
    )
    c = "check_excitation_lambda_in_nm"
    add(
        c,
        "Excitation wavelength not in nanometres",
        PRACTICE,
        "The excitation wavelength of an imaging plane is below 10, so it is probably not in nanometres.",
        "NWB stores wavelengths in nm; a value such as 0.92 (µm) would be read as 0.92 nm.",
        "Give the excitation wavelength in nanometres (e.g. 920) in the imaging metadata and convert again.",
    )
    c = "check_plane_segmentation_image_mask_shape_against_ref_images"
    add(
        c,
        "ROI masks and reference images differ in size",
        DATA,
        "The masks of the segmented regions do not have the same size in pixels as the reference images.",
        "Masks cannot be overlaid on the images they were drawn on, so the cells cannot be located.",
        "This comes from the segmentation output or the converter; check the segmentation files and report it "
        "with the file.",
    )
    c = "check_imaging_plane_location_allen_ccf"
    add(
        c,
        "Imaging location is not an atlas term",
        META,
        "The location of an imaging plane in a mouse recording is not a term of the Allen Mouse Brain atlas.",
        "The brain area is what most people search and filter on; atlas terms make it comparable across labs.",
        "Give the imaging location as an Allen CCF acronym or name (e.g. VISp) in the imaging metadata and "
        "convert again; the check can be ignored if the atlas does not fit your preparation.",
    )

    # ----------------------------------------------------------------- what is not a registered check
    add(
        INSPECTOR_INTERNAL_ERROR,
        "NWB Inspector check crashed",
        INTERNAL,
        "One of NWB Inspector's own checks stopped with a programming error while looking at part of the file.",
        "This says nothing about your data: the check could not run, so that one aspect was not verified. It is "
        "listed for completeness and does not fail the file.",
        "Nothing to do on your side. If it concerns an empty event stream, the service leaves such streams out of "
        "the next conversion; otherwise it is reported to NWB Inspector's maintainers.",
    )
    add(
        PYNWB_VALIDATION,
        "Schema validation error",
        FORMAT,
        "PyNWB's validator found a part of the file that does not follow the NWB schema.",
        "Files that break the schema may not open in other tools and are rejected by DANDI.",
        "This comes from the converter, not from your metadata: report it with the file.",
    )
    add(
        PYNWB_READ_ERROR,
        "File cannot be read",
        FORMAT,
        "PyNWB could not read the file.",
        "A file that cannot be read cannot be used or uploaded.",
        "Convert again; if it persists, report it with the recording.",
    )
    return entries


CATALOGUE: dict[str, CheckKnowledge] = _build()
