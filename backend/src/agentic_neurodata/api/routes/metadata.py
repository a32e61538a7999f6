"""The metadata fields and their rules, served so the web app keeps no copy of them.

GET /api/metadata/fields: the field list (labels, descriptions, examples, why each is asked),
the species table and the field aliases. POST /api/metadata/check: the server's own rules run on
what a person typed (normalised value, note, refusal, or the question to ask back); nothing is
stored, so a form can show the server's reading as the person types and still send their words."""

from __future__ import annotations

from fastapi import APIRouter

from ...domain import RequestOption
from ...metadata import species
from ...metadata.fields import FIELD_ALIASES, FIELDS, as_text, validate_field
from ...metadata.sex import CODES
from ..responses import error_responses
from ..schemas import (
    FieldCheck,
    MetadataCatalogue,
    MetadataCheckRequest,
    MetadataCheckResponse,
    MetadataFieldView,
    SpeciesView,
    ValueProposalView,
)

router = APIRouter(tags=["metadata"])
SEX_OPTIONS = [RequestOption(value=code, label=f"{code} — {word}") for code, word in CODES.items()]


@router.get(
    "/api/metadata/fields", response_model=MetadataCatalogue, summary="Metadata fields, examples and species table"
)
def metadata_fields() -> MetadataCatalogue:
    return MetadataCatalogue(
        fields=[
            MetadataFieldView(
                name=spec.name,
                level=spec.level,
                required=spec.required,
                label=spec.label,
                description=spec.description,
                example=spec.example,
                why=spec.why,
                kind=spec.kind,
                alternative=spec.alternative,
                options=SEX_OPTIONS if spec.kind == "sex" else [],
            )
            for spec in FIELDS.values()
        ],
        species=[SpeciesView.model_validate(entry) for entry in species.table()],
        aliases=dict(FIELD_ALIASES),
    )


@router.post(
    "/api/metadata/check",
    response_model=MetadataCheckResponse,
    responses=error_responses(422),
    summary="Run the metadata rules on typed values (nothing is stored)",
)
def check_metadata(body: MetadataCheckRequest) -> MetadataCheckResponse:
    return MetadataCheckResponse(results={name: _check(name, value) for name, value in body.values.items()})


def _check(name: str, value: str | list[str]) -> FieldCheck:
    if (isinstance(value, str) and not value.strip()) or value == []:
        return FieldCheck(ok=True, value=None)
    result = validate_field(name, value)
    if result.ok:
        return FieldCheck(ok=True, value=result.value, shown=as_text(result.value), note=result.note)
    return FieldCheck(
        ok=False,
        error=result.error if not result.needs_confirmation else "",
        example=result.example,
        question=result.error if result.needs_confirmation else "",
        proposals=[ValueProposalView(value=as_text(p.value), label=p.label) for p in result.proposals],
    )
