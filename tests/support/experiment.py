"""A small experiment for batch tests: five sessions of three formats in `<subject>/<session>` folders,
generated (SpikeGLX, Intan, a whole session of a SpikeGLX run with its Phy sorting and trials table)
and real (../shared/realdata Intan and Open Ephys legacy, linked in place, never copied), with its
sessions table and shared values; and helpers to compare NWB files."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from agentic_neurodata.sample_data import SampleSpec, write_sample_intan, write_sample_session, write_sample_spikeglx

from .paths import REALDATA, ROOT
from .server import free_port

SHARED = {
    "species": "Mus musculus",
    "session_description": "Spontaneous activity recorded for the batch tests",
    "experimenter": "Smith, Jane",
    "institution": "Massachusetts Institute of Technology",
    "lab": "Smith Lab",
    "electrode_location": "VISp",
    "timezone": "Europe/Paris",
    "dandiset_id": "000123",
}
# A whole session (issue 13): three streams in one file. Phy and Kilosort read its sorting alike, so
# detection asks which; the table's `format` column answers that question.
COMPOSED = "m4/day1"
COMPOSED_ANSWER = "PhySortingInterface"
TABLE = f"""folder,subject_id,session_id,session_start_time,sex,age,format
m1/day1,m1,day1,2024-03-05 09:00,F,P90D,
m1/day2,m1,day2,2024-03-06T10:00:00+01:00,F,P91D,
m2/day1,m2,day1,2024-03-05 09:30,M,P60D,
m2/day2,m2,day2,,M,P61D,
{COMPOSED},m4,day1,,F,P70D,{COMPOSED_ANSWER}
"""
FORMATS = {
    "m1/day1": "SpikeGLX",
    "m1/day2": "Intan",
    "m2/day1": "Intan",
    "m2/day2": "OpenEphysLegacy",
    COMPOSED: "SpikeGLX, Phy sorting and trials table",
}


def _link_files(source: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for item in sorted(source.iterdir()):
        os.symlink(item, target / item.name)


def write_experiment(root: Path) -> Path:
    parent = root / "experiment"
    write_sample_spikeglx(parent / "m1" / "day1", SampleSpec(n_channels=8, duration_s=1.0))
    write_sample_intan(parent / "m1" / "day2")
    (parent / "m2" / "day1").mkdir(parents=True)
    os.symlink(REALDATA / "intan" / "example_intan_file.rhd", parent / "m2" / "day1" / "example_intan_file.rhd")
    _link_files(REALDATA / "openephys_legacy" / "Record Node 101", parent / "m2" / "day2")
    write_sample_session(parent / COMPOSED, SampleSpec(n_channels=8, duration_s=1.0))
    return parent


def acquisition_arrays(path: Path) -> dict[str, np.ndarray]:
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(path), "r") as io:
        nwb = io.read()
        return {name: np.asarray(series.data[:]) for name, series in nwb.acquisition.items()}


def nwb_facts(path: Path) -> dict[str, object]:
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(path), "r") as io:
        nwb = io.read()
        return {
            "subject_id": nwb.subject.subject_id,
            "species": nwb.subject.species,
            "sex": nwb.subject.sex,
            "age": nwb.subject.age,
            "session_id": nwb.session_id,
            "session_start_time": nwb.session_start_time.isoformat(),
            "session_description": nwb.session_description,
            "electrodes": len(nwb.electrodes) if nwb.electrodes is not None else 0,
            "units": len(nwb.units) if nwb.units is not None else 0,
            "trials": len(nwb.trials) if nwb.trials is not None else 0,
        }


@contextmanager
def dask_cluster_on_loopback(workers: tuple[str, ...] = ("w1", "w2")) -> Iterator[str]:
    """`dask scheduler` and one `dask worker` per name, as a lab starts them; yields the address."""
    bin_dir = Path(sys.executable).parent
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    common = ["--no-dashboard"]
    processes = [
        subprocess.Popen(
            [str(bin_dir / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port), *common],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        time.sleep(1.0)
        for name in workers:
            processes.append(
                subprocess.Popen(
                    [
                        str(bin_dir / "dask"),
                        "worker",
                        address,
                        "--name",
                        name,
                        "--nthreads",
                        "1",
                        "--host",
                        "127.0.0.1",
                        *common,
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
