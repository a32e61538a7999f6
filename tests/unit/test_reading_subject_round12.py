"""General rules of the offline reader (issue 14, twelfth round) for the subject and the session's
time and place: ids, species, strain, genotype, age, weight, brain area. Each rule covers a family
of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


# -- a weight keeps the digits it was given: "21.0 g" is not "21 g"


@pytest.mark.parametrize(
    ("text", "asked", "weight"),
    [
        ("rat KW-3 | M | 310.0 g | CA1", [], "310.0 g"),
        ("mouse KW-4, female, 19.50 g on the day", [], "19.50 g"),
        ("0.40 kg", ["weight"], "0.40 kg"),
        ("mouse KW-5, 24 grams", [], "24 g"),
        ("weight: 22.3g", [], "22.3 g"),
    ],
)
def test_a_weight_keeps_the_digits_given(text: str, asked: list[str], weight: str) -> None:
    assert read(text, *asked).values.get("weight") == weight


# -- an area with a part, a layer, a qualifier before it or an unlisted area beside it is kept as written


@pytest.mark.parametrize(
    ("text", "asked", "area"),
    [
        ("tetrodes sat in CA3 stratum lucidum", [], "CA3 stratum lucidum"),
        ("Site: CA1, stratum oriens", [], "CA1, stratum oriens"),
        ("units from the nucleus accumbens shell", [], "nucleus accumbens shell"),
        ("Recording site: primary motor cortex, hindlimb region", [], "primary motor cortex, hindlimb region"),
        ("barrel cortex, C2 column", ["electrode_location"], "barrel cortex, C2 column"),
        ("we recorded in the ventromedial thalamus", [], "ventromedial thalamus"),
        ("probes in the paraventricular thalamus", [], "paraventricular thalamus"),
        ("recorded in V1 and perirhinal cortex", [], "V1 and perirhinal cortex"),
        ("silicon probes in the subiculum and presubiculum", [], "subiculum and presubiculum"),
    ],
)
def test_an_area_narrowed_by_its_words_is_kept_as_written(text: str, asked: list[str], area: str) -> None:
    assert read(text, *asked).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recorded in the thalamus", "TH"),
        ("Location: V1, the target region of the virus", "VISp"),
        ("Recording site: left hemisphere, primary motor cortex", "MOp"),
        ("probes in the primary somatosensory cortex", "SSp"),
        ("recording from the lateral septum, which was the aim", "LS"),
    ],
)
def test_an_area_said_exactly_still_gets_its_acronym(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- a key naming another event's site holds no recording site; a recording key names it


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("rec_site=CA1; stim_area=medial septum", "CA1"),
        ("recording_area=ACA; stim_area=VTA; animal=KQ-2", "ACA"),
        ("stim_area: dorsal raphe; recording_site: BLA", "BLA"),
        ("inj site: VTA", None),
        ("opto_target = V1", None),
        ("Recording region: zona incerta", "ZI"),
    ],
)
def test_a_key_says_whose_site_an_area_is(text: str, area: str | None) -> None:
    assert read(text).values.get("electrode_location") == area
