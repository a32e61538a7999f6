"""Isolated settings for a test, and the metadata and sample recording most tests use."""

from __future__ import annotations

from pathlib import Path

from agentic_neurodata.config import Settings
from agentic_neurodata.sample_data import SampleSpec


def make_settings(base: Path, **overrides: object) -> Settings:
    values: dict[str, object] = dict(
        upload_dir=base / "uploads",
        output_dir=base / "outputs",
        log_dir=base / "logs",
        state_dir=base / "state",
        frontend_dist=base / "no-frontend",
        llm_provider="offline",
        anthropic_api_key=None,
        api_token=None,
        # The name FastAPI's in-process TestClient sends as Host; a live server is reached as 127.0.0.1.
        allowed_hosts=["testserver"],
    )
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


SAMPLE_SPEC = SampleSpec()


FULL_METADATA = {
    "subject_id": "m042",
    "species": "Mus musculus",
    "sex": "F",
    "age": "P90D",
    "session_description": "Sample Neuropixels recording of mouse V1",
    "session_start_time": "2024-03-05T14:30:00-05:00",
    "experimenter": "Smith, Jane",
    "institution": "Massachusetts Institute of Technology",
    "lab": "Smith Lab",
    "experiment_description": "Spontaneous activity in primary visual cortex",
    "keywords": "electrophysiology, V1",
    "electrode_location": "VISp",
}
