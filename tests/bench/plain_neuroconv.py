"""A plain NeuroConv script writing the benchmarks' NWB file, as a user writes it without this
service: NeuroConv's SpikeGLX converter with its defaults, the same session and subject metadata.

    python plain_neuroconv.py RUN_FOLDER OUTPUT.nwb METADATA.yaml
"""

from __future__ import annotations

import sys
from datetime import datetime

import yaml
from neuroconv.converters import SpikeGLXConverterPipe

SESSION = ("session_description", "institution", "lab", "experiment_description")
SUBJECT = ("subject_id", "species", "sex", "age")


def main(folder: str, output: str, metadata_file: str) -> None:
    with open(metadata_file, encoding="utf-8") as handle:
        given = yaml.safe_load(handle)
    converter = SpikeGLXConverterPipe(folder_path=folder)
    metadata = converter.get_metadata()
    nwbfile = metadata["NWBFile"]
    nwbfile["session_start_time"] = datetime.fromisoformat(str(given["session_start_time"]))
    nwbfile.update({key: given[key] for key in SESSION if key in given})
    nwbfile["experimenter"] = [given["experimenter"]]
    nwbfile["keywords"] = list(given["keywords"])
    metadata["Subject"] = {key: given[key] for key in SUBJECT if key in given}
    converter.run_conversion(nwbfile_path=output, metadata=metadata, overwrite=True)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        raise SystemExit(0 if sys.argv[1:2] in (["-h"], ["--help"]) else 2)
    main(*sys.argv[1:4])
