"""The web app checks species before upload with its own table; it must accept exactly what the
server accepts, or a name would pass the form and be refused later (or the other way round)."""

from __future__ import annotations

import re
from pathlib import Path

from agentic_neurodata.metadata.species import SPECIES

FRONTEND_TABLE = Path(__file__).resolve().parents[2] / "frontend" / "src" / "metadata" / "species.ts"
ENTRY = re.compile(r"name: '([^']+)',\s*commonName: '[^']*',\s*taxonId: (\d+)")


def test_the_web_app_and_the_server_know_the_same_species_with_the_same_taxon_ids() -> None:
    frontend = {name: int(taxon) for name, taxon in ENTRY.findall(FRONTEND_TABLE.read_text(encoding="utf-8"))}
    server = {species.latin: species.taxon_id for species in SPECIES}
    assert len(frontend) > 30, "the species table of the web app was not parsed"
    assert frontend == server
