"""The metadata fields the service asks people for: what each is, why it is needed, an example,
and the rule that normalises and validates an answer. The conversation agent asks from this
registry, the UI shows it, and every agent validates values with `validate_field`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from ..domain import FieldRequest
from .age import normalize_age
from .brain_areas import normalize_location
from .dates import normalize_date_of_birth, normalize_session_start_time
from .identifiers import normalize_cell_id, normalize_session_id, normalize_subject_id
from .names import normalize_experimenters
from .result import RuleResult, reject
from .sex import normalize_sex
from .species import normalize_species
from .strains import normalize_genotype, normalize_strain
from .text_fields import (
    normalize_device_description,
    normalize_experiment_description,
    normalize_group_description,
    normalize_institution,
    normalize_keywords,
    normalize_lab,
    normalize_session_description,
    normalize_subject_description,
)
from .weight import normalize_weight

Level = Literal["required", "recommended", "optional"]
# How the web app shows the field: a plain input, a longer text, or a dedicated widget.
Kind = Literal["text", "multiline", "species", "sex", "age", "datetime", "date", "experimenter", "keywords"]


@dataclass(frozen=True)
class FieldSpec:
    name: str
    level: Level
    label: str
    description: str
    example: str
    why: str
    rule: Callable[[Any], RuleResult]
    aliases: tuple[str, ...] = ()
    # Fields that satisfy the same need: age or date_of_birth.
    alternative: str | None = None
    kind: Kind = "text"

    @property
    def required(self) -> bool:
        return self.level == "required"

    def to_request(self) -> FieldRequest:
        return FieldRequest(
            name=self.name, required=self.required, description=self.description, example=self.example, why=self.why
        )


FIELDS: dict[str, FieldSpec] = {
    spec.name: spec
    for spec in (
        FieldSpec(
            "subject_id",
            "required",
            "subject ID",
            "The identifier of the animal or person recorded.",
            "m042",
            "DANDI files and folders are named after the subject; without it the file cannot be uploaded.",
            normalize_subject_id,
            ("subject id", "subject", "animal id", "mouse id", "animal", "id"),
        ),
        FieldSpec(
            "species",
            "required",
            "species",
            "The species of the subject, common or Latin name.",
            "mouse (Mus musculus)",
            "DANDI requires the species; it is stored as the Latin name with its NCBI Taxonomy link.",
            normalize_species,
            ("species", "animal type", "organism"),
            kind="species",
        ),
        FieldSpec(
            "sex",
            "required",
            "sex",
            "The sex of the subject: male, female, unknown or other.",
            "female",
            "DANDI requires the subject's sex (unknown is a valid answer).",
            normalize_sex,
            ("sex", "gender"),
            kind="sex",
        ),
        FieldSpec(
            "age",
            "required",
            "age",
            "The age of the subject at the time of the recording.",
            "12 weeks, or P90",
            "DANDI requires the age or the date of birth; it is stored as an ISO 8601 duration (P12W).",
            normalize_age,
            ("age", "how old"),
            alternative="date_of_birth",
            kind="age",
        ),
        FieldSpec(
            "date_of_birth",
            "optional",
            "date of birth",
            "The subject's date of birth (instead of the age).",
            "2023-12-04",
            "Lets the age be computed when it is not known directly.",
            normalize_date_of_birth,
            ("date of birth", "birth date", "birthday", "dob", "born"),
            alternative="age",
            kind="date",
        ),
        FieldSpec(
            "session_description",
            "required",
            "session description",
            "What was recorded in this session, in a sentence.",
            "Neuropixels recording in V1 during passive viewing",
            "NWB requires a description of every session so the data can be understood later.",
            normalize_session_description,
            ("session description", "description"),
            kind="multiline",
        ),
        FieldSpec(
            "session_start_time",
            "required",
            "session start time",
            "When the recording started, with its time zone.",
            "5 March 2024 2:30pm EST",
            "NWB needs the start time with a time zone; without one the time would silently be the server's.",
            normalize_session_start_time,
            ("session start time", "start time", "start date", "date", "time", "when", "time zone", "timezone"),
            kind="datetime",
        ),
        FieldSpec(
            "experimenter",
            "recommended",
            "experimenter",
            "Who did the recording (one or several people).",
            "Jane Smith",
            "DANDI credits the people who collected the data.",
            normalize_experimenters,
            ("experimenter", "experimenters", "who", "name", "recorded by"),
            kind="experimenter",
        ),
        FieldSpec(
            "institution",
            "recommended",
            "institution",
            "Where the recording was made.",
            "Massachusetts Institute of Technology",
            "DANDI shows where the data come from.",
            normalize_institution,
            ("institution", "university", "institute"),
        ),
        FieldSpec(
            "lab",
            "recommended",
            "lab",
            "The lab that made the recording.",
            "Smith Lab",
            "Helps others find related datasets and contact the right people.",
            normalize_lab,
            ("lab", "laboratory"),
        ),
        FieldSpec(
            "experiment_description",
            "recommended",
            "experiment description",
            "The purpose of the experiment as a whole.",
            "Spontaneous activity in primary visual cortex",
            "Tells people browsing DANDI what the experiment was for.",
            normalize_experiment_description,
            ("experiment description", "experiment", "purpose"),
            kind="multiline",
        ),
        FieldSpec(
            "keywords",
            "recommended",
            "keywords",
            "A few words to find the data by.",
            "electrophysiology, V1",
            "DANDI's search uses them.",
            normalize_keywords,
            ("keywords", "keyword", "tags"),
            kind="keywords",
        ),
        FieldSpec(
            "electrode_location",
            "recommended",
            "brain area",
            "Where the electrodes were (brain area).",
            "V1 (VISp)",
            "NWB best practice: every electrode group says where it recorded.",
            normalize_location,
            ("electrode location", "brain area", "brain region", "region", "area", "location"),
        ),
        FieldSpec(
            "session_id",
            "optional",
            "session ID",
            "A short name for this session.",
            "s01",
            "DANDI adds it to the file name when a subject has several sessions.",
            normalize_session_id,
            ("session id",),
        ),
        FieldSpec(
            "strain",
            "optional",
            "strain",
            "The strain or line of the subject.",
            "C57BL/6J",
            "Recommended by DANDI for laboratory animals.",
            normalize_strain,
            ("strain", "line"),
        ),
        FieldSpec(
            "genotype",
            "optional",
            "genotype",
            "The genetic modification of the subject, or wild-type.",
            "Pvalb-IRES-Cre;Ai32",
            "DANDI shows it for transgenic animals; readers need it to know which cells were labelled.",
            normalize_genotype,
            ("genotype", "genetic line", "transgenic line"),
        ),
        FieldSpec(
            "subject_description",
            "optional",
            "subject description",
            "A sentence about the subject: strain, condition, surgery.",
            "Adult C57BL/6J mouse, head-fixed",
            "NWB best practice: readers learn what animal the data come from.",
            normalize_subject_description,
            ("subject description",),
            kind="multiline",
        ),
        FieldSpec(
            "device_description",
            "optional",
            "device description",
            "What the recording device is (probe or amplifier model).",
            "Neuropixels 1.0 probe (imec NP1000)",
            "Readers need to know which hardware produced the data.",
            normalize_device_description,
            ("device description", "probe description"),
        ),
        FieldSpec(
            "electrode_group_description",
            "optional",
            "electrode group description",
            "What a group of electrodes is (probe, shank).",
            "Shank 1 of the Neuropixels probe in V1",
            "Says which probe or shank the channels belong to.",
            normalize_group_description,
            ("electrode group description", "group description"),
        ),
        FieldSpec(
            "cell_id",
            "optional",
            "cell ID",
            "The identifier of the recorded cell (patch clamp).",
            "cell_03",
            "Intracellular recordings name the cell they come from.",
            normalize_cell_id,
            ("cell id", "cell"),
        ),
        FieldSpec(
            "weight",
            "optional",
            "weight",
            "The subject's weight at the time of the recording.",
            "25 g",
            "Useful context for dosing and physiology.",
            normalize_weight,
            ("weight", "weighs"),
        ),
    )
}

REQUIRED = tuple(name for name, spec in FIELDS.items() if spec.required)
RECOMMENDED = tuple(name for name, spec in FIELDS.items() if spec.level == "recommended")
# Other names for fields that people (and the upload form) use.
FIELD_ALIASES = {
    "brain_region": "electrode_location",
    "location": "electrode_location",
    "dob": "date_of_birth",
    "experimenters": "experimenter",
    "start_time": "session_start_time",
    "subject": "subject_id",
}


def get_field(name: str) -> FieldSpec | None:
    return FIELDS.get(FIELD_ALIASES.get(name, name))


def validate_field(name: str, value: Any) -> RuleResult:
    """Normalise and validate one answer; a rejection stores nothing."""
    spec = get_field(name)
    if spec is None:
        return reject(
            name, f"'{name}' is not a metadata field this service knows.", ", ".join(sorted(FIELDS)[:6]) + ", …"
        )
    if value is None or (isinstance(value, str) and not value.strip()):
        return reject(spec.name, f"No value was given for {spec.label}.", spec.example)
    result = spec.rule(value)
    return result if result.field == spec.name else result.model_copy(update={"field": spec.name})


def validate_fields(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """(accepted values incl. derived ones such as strain, rejected {field: message}, notes)."""
    accepted: dict[str, Any] = {}
    rejected: dict[str, str] = {}
    notes: list[str] = []
    for name, value in values.items():
        result = validate_field(name, value)
        if result.ok:
            accepted[result.field] = result.value
            for extra_name, extra_value in result.extra.items():
                accepted.setdefault(extra_name, extra_value)
            if result.note:
                notes.append(result.note)
        else:
            rejected[result.field] = result.message
    return accepted, rejected, notes


def as_text(value: Any) -> str:
    """A stored value as a person reads it and a form field takes it back ("Smith, Jane; Doe, John")."""
    return "; ".join(str(v) for v in value) if isinstance(value, list) else str(value)


def in_words(value: Any) -> str:
    """A stored value inside a sentence of several fields ("Saved experimenter: Kim, Ji-woo and Mehta,
    Arjun; lab: ..."): items that hold a comma are joined by "and", so no "; " looks like a new field."""
    if not isinstance(value, list):
        return str(value)
    items = [str(v) for v in value]
    return " and ".join(items) if any("," in item for item in items) else ", ".join(items)


def is_given(metadata: dict[str, Any], name: str) -> bool:
    value = metadata.get(name)
    return value not in (None, "", [], {})


def missing_fields(
    metadata: dict[str, Any], declined: Iterable[str] = (), *, include_recommended: bool = False
) -> list[FieldSpec]:
    """Fields still to ask for, required first; declined ones and satisfied alternatives are left out."""
    skipped = set(declined)
    levels = ("required", "recommended") if include_recommended else ("required",)
    missing = []
    for spec in FIELDS.values():
        if spec.level not in levels or spec.name in skipped or is_given(metadata, spec.name):
            continue
        if spec.alternative and is_given(metadata, spec.alternative):
            continue
        missing.append(spec)
    return sorted(missing, key=lambda s: 0 if s.required else 1)


def field_requests(names: Iterable[str]) -> list[FieldRequest]:
    return [spec.to_request() for spec in (get_field(n) for n in names) if spec is not None]
