"""GET /api/metadata/fields and POST /api/metadata/check: the one source of the field list, the
rules and the species table, which the web app renders from instead of keeping copies."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from agentic_neurodata.metadata.fields import FIELDS
from agentic_neurodata.metadata.species import SPECIES
from tests.support.settings import make_settings


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):
    with TestClient(create_app(make_settings(Path(tmp_path_factory.mktemp("metadata-api"))))) as test_client:
        yield test_client


def test_the_fields_and_the_species_table_are_served(client: TestClient) -> None:
    catalogue = client.get("/api/metadata/fields").json()
    fields = {f["name"]: f for f in catalogue["fields"]}
    assert list(fields) == list(FIELDS)
    assert fields["species"]["kind"] == "species" and fields["species"]["required"]
    assert fields["age"]["alternative"] == "date_of_birth" and fields["age"]["why"]
    assert [o["value"] for o in fields["sex"]["options"]] == ["M", "F", "U", "O"]
    assert "genotype" in fields and "strain" in fields
    species = {s["latin"]: s for s in catalogue["species"]}
    assert len(species) == len(SPECIES) and species["Mus musculus"]["taxon_id"] == 10090
    assert "mouse" in species["Mus musculus"]["names"]
    assert "monkey" not in species["Macaca mulatta"]["names"]  # a broader name is asked back, not listed as exact
    assert species["Mustela putorius furo"]["stored_as"].endswith("NCBITaxon_9669")
    assert catalogue["aliases"]["location"] == "electrode_location"


def test_check_runs_the_server_rules_and_stores_nothing(client: TestClient) -> None:
    typed = {
        "experimenter": "Jan de Vries; Anna van der Berg",
        "age": "12 weeks",
        "species": "monkey",
        "subject_id": "mouse 7 of cage C",
        "electrode_location": "visual cortex",
        "sex": "zebra",
        "keywords": ["V1", "Neuropixels"],
        "session_description": "",
    }
    results = client.post("/api/metadata/check", json={"values": typed}).json()["results"]
    assert results["experimenter"]["value"] == ["de Vries, Jan", "van der Berg, Anna"]
    assert results["experimenter"]["shown"] == "de Vries, Jan; van der Berg, Anna"
    assert results["age"] == {**results["age"], "ok": True, "value": "P12W", "note": "'12 weeks' -> P12W."}
    assert results["species"]["question"].startswith("Did you mean rhesus macaque (Macaca mulatta)?")
    assert results["species"]["proposals"][0] == {"value": "Macaca mulatta", "label": "rhesus macaque (Macaca mulatta)"}
    assert results["subject_id"]["proposals"][0]["value"] == "mouse7-cageC"
    assert results["electrode_location"]["value"] == "visual cortex"
    assert not results["sex"]["ok"] and "not a sex" in results["sex"]["error"] and results["sex"]["example"]
    assert results["keywords"]["value"] == ["V1", "Neuropixels"]
    assert results["session_description"] == {**results["session_description"], "ok": True, "value": None}
    assert client.get("/api/status").json()["metadata"] == {}
    refused = client.post("/api/metadata/check", json={"values": {"age": 12}})
    assert refused.status_code == 422
