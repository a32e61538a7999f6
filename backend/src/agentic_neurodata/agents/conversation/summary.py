"""What goes into the file, said back before the first conversion, and the guesses asked back.

Values read from a person's sentences are shown once, compactly ("This goes into the file:
species: Mus musculus; age: P12W"), to be confirmed or edited in place; values typed into
fields are not asked again. A guess ("monkey") is one short question with one-click answers.
"""

from __future__ import annotations

from typing import Any

from ...domain import (
    FieldRequest,
    PendingRequest,
    PendingRequestType,
    RequestOption,
    ValueConfirmation,
    ValueSource,
)
from ...metadata.fields import FIELDS, get_field, in_words
from ...metadata.fields import as_text as shown

CONFIRM_VALUE = "confirm_value"
CONFIRM_SUMMARY = "confirm_summary"
NO = "no"
CONFIRM = "confirm"


def from_words(metadata: dict[str, Any], sources: dict[str, ValueSource]) -> list[str]:
    """Fields whose value came from a sentence (read, or a guess confirmed since), in the registry's order."""
    from_sentences = (ValueSource.WORDS, ValueSource.CONFIRMED)
    names = [name for name, source in sources.items() if source in from_sentences and name in metadata]
    return sorted(names, key=_order)


def _order(name: str) -> int:
    return list(FIELDS).index(name) if name in FIELDS else len(FIELDS)


def summary_text(metadata: dict[str, Any], names: list[str]) -> str:
    parts = [f"{label(name)}: {in_words(metadata[name])}" for name in names]
    return "This goes into the file: " + "; ".join(parts) + "."


def summary_request(metadata: dict[str, Any], names: list[str]) -> PendingRequest:
    fields = []
    for name in names:
        spec = get_field(name)
        fields.append(
            FieldRequest(
                name=name,
                required=False,
                description=spec.description if spec else "",
                example=spec.example if spec else None,
                suggested=shown(metadata[name]),
            )
        )
    return PendingRequest(
        type=PendingRequestType.METADATA,
        purpose=CONFIRM_SUMMARY,
        message=summary_text(metadata, names) + " Confirm to convert, or change a value first.",
        fields=fields,
        options=[RequestOption(value=CONFIRM, label="Write these values", description="Convert with them")],
    )


def confirmation_request(confirmation: ValueConfirmation, kept: Any = None) -> PendingRequest:
    """One-click answers to a guess; `kept` is the value a no keeps, when the field has one."""
    options = [
        RequestOption(value=option_value(p.value), label=_yes(i, p.label)) for i, p in enumerate(confirmation.proposals)
    ]
    if kept is not None:
        options.append(
            RequestOption(value=NO, label=f"No, keep {shown(kept)}", description="Keep the value given before")
        )
    else:
        options.append(
            RequestOption(value=NO, label="No", description=f"Leave the {label(confirmation.field)} out for now")
        )
    return PendingRequest(
        type=PendingRequestType.USER_INPUT, purpose=CONFIRM_VALUE, message=confirmation.question, options=options
    )


def guesses_left_out(confirmations: list[ValueConfirmation]) -> str:
    said = "; ".join(f"{label(c.field)} ('{c.said}')" for c in confirmations)
    return f"Not written, since your words could mean more than one thing: {said}."


def option_value(value: Any) -> str:
    """How a proposal is named in the options (and answered back)."""
    return shown(value)


def _yes(index: int, label: str) -> str:
    return f"Yes, {label}" if index == 0 else label


def label(name: str) -> str:
    spec = get_field(name)
    return spec.label if spec else name.replace("_", " ")
