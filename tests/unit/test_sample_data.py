"""The generated SpikeGLX run: small, deterministic, readable by SpikeInterface as written."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from agentic_neurodata.cli import main
from agentic_neurodata.sample_data import SampleSpec, read_sample_ap, write_sample_spikeglx


def test_sample_is_small_deterministic_and_has_spikes(tmp_path: Path) -> None:
    a = write_sample_spikeglx(tmp_path / "a")
    b = write_sample_spikeglx(tmp_path / "b")
    files = sorted(p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file())
    assert files == [
        "sample_run_g0_imec0/sample_run_g0_t0.imec0.ap.bin",
        "sample_run_g0_imec0/sample_run_g0_t0.imec0.ap.meta",
        "sample_run_g0_imec0/sample_run_g0_t0.imec0.lf.bin",
        "sample_run_g0_imec0/sample_run_g0_t0.imec0.lf.meta",
    ]
    assert sum(p.stat().st_size for p in a.rglob("*") if p.is_file()) < 10_000_000
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes()
    ap = read_sample_ap(a, SampleSpec().n_channels)
    assert ap.shape == (90_000, 32)
    noise = np.median(np.abs(ap)) / 0.6745
    assert ap.min() < -8 * noise  # spikes stand well out of the noise


def test_meta_has_no_subject_or_experimenter(tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path)
    meta = next(run.rglob("*.ap.meta")).read_text()
    for required in (
        "fileName=",
        "imSampRate=30000",
        "nSavedChans=33",
        "snsApLfSy=32,0,1",
        "imDatPrb_pn=NP1000",
        "typeThis=imec",
        "fileCreateTime=",
        "~imroTbl=",
        "~snsChanMap=",
        "firstSample=",
    ):
        assert required in meta
    assert "subject" not in meta.lower() and "experimenter" not in meta.lower()


def test_spikeinterface_reads_the_values_back(tmp_path: Path) -> None:
    from spikeinterface.extractors import read_spikeglx

    run = write_sample_spikeglx(tmp_path)
    recording = read_spikeglx(run, stream_id="imec0.ap")
    assert recording.get_num_channels() == 32
    assert recording.get_sampling_frequency() == 30000.0
    np.testing.assert_array_equal(recording.get_traces(), read_sample_ap(run, 32))


def test_cli_writes_sample_data(tmp_path: Path, capsys) -> None:
    assert main(["sample-data", str(tmp_path), "--channels", "40", "--seconds", "1"]) == 0
    assert "40 channels" in capsys.readouterr().out
    assert read_sample_ap(tmp_path / "sample_run_g0", 40).shape == (30_000, 40)
