"""The small, documented table of what NeuroConv's registry does not say by itself.

Detection reads everything else (path key, suffixes, streams) from each class. Only these facts
are written down by hand, each with the reason:

- SUFFIX_ALIASES: suffixes a reader opens but its class does not declare.
- RECORDING_FAMILIES: the NeuroConv packages whose readers read a neurophysiology recording.
- COMPANION_FAMILIES: the packages whose readers read what accompanies a recording (trials, events,
  behaviour); tried only on files no recording reader read, and only beside a recording.
- NEEDED_FILES: files a reader needs but does not name when they are missing.
- REQUIRED_COMPANIONS: a header file without which a reader cannot work, but which it only looks
  for after reading the whole data file (so it is not opened at all without it).
- PREFERRED_OVER: when two readers tie on the same files, the one NWB users expect.
- PREFERRED_FOR_SWEEPS: the same, for a file recorded in sweeps (several pieces).
- ARGUMENT_HINTS: required arguments beyond the path and stream, how to suggest a value from the
  file where one can be read, and how to ask the user for it. A class that needs arguments and is
  not in this table is never proposed (we could not fill them); when its suffixes match the upload,
  the "no format found" message names it and says what it needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ....domain import FieldRequest

# BDF is EDF with 24-bit samples; NeuroConv's EDF readers open it (via pyedflib) but list only ".edf".
SUFFIX_ALIASES: dict[str, tuple[str, ...]] = {
    "EDFRecordingInterface": (".bdf",),
    "EDFAnalogInterface": (".bdf",),
}

# The service converts neurophysiology recordings. NeuroConv's behavior, text, image and events readers
# describe data that accompanies a recording (videos, pose, trial tables, pictures), and some accept
# almost any file; on their own they are not the recording, so detection does not propose them.
RECORDING_FAMILIES: tuple[str, ...] = ("ecephys", "icephys", "ophys", "fiber_photometry")
# Beside a recording they are part of the session (a trials table, TTL events, pose, audio) and go in
# the same NWB file; they are tried only on files no recording reader explained, so they cost nothing
# on an upload that is only a recording, and they are never the recording themselves.
COMPANION_FAMILIES: tuple[str, ...] = ("text", "events", "behavior")

# Phy and Kilosort folders: SpikeInterface asserts params.py exists without naming it, and reads the
# spike times before anything else. Each entry: (file, what it holds) for the message that names it.
_PHY_FILES = (
    ("params.py", "the sorter's parameters: sampling rate, channel count and the file it sorted"),
    ("spike_times.npy", "the time of every spike, in samples"),
)
NEEDED_FILES: dict[str, tuple[tuple[str, str], ...]] = {
    "PhySortingInterface": _PHY_FILES,
    "KiloSortSortingInterface": _PHY_FILES,
}

# Axona data (.bin) is described by its .set file; without it Axona's LFP/position readers load the
# entire .bin (minutes for a large SpikeGLX file) before they fail.
REQUIRED_COMPANIONS: dict[str, str] = {
    "AxonaRecordingInterface": ".set",
    "AxonaLFPDataInterface": ".set",
    "AxonaPositionDataInterface": ".set",
    "AxonaUnitRecordingInterface": ".set",
}

# EDF electrode signals (EEG, ECoG) belong in an ElectricalSeries; NeuroConv's analog EDF reader is for
# auxiliary channels (temperature, respiration) and reads the same files as plain TimeSeries.
PREFERRED_OVER: dict[str, str] = {
    "EDFRecordingInterface": "EDFAnalogInterface",
}

# An ABF file recorded in sweeps (episodic stimulation: several pieces) is a patch-clamp protocol: the
# intracellular reader writes each sweep with its stimulus; the extracellular reader would write the
# sweeps as pieces of one recording. A file in one piece stays a real tie (gap-free ABF is either).
PREFERRED_FOR_SWEEPS: dict[str, str] = {
    "AxonIntracellularInterface": "AxonRecordingInterface",
}


@dataclass(frozen=True)
class ArgumentHint:
    questions: tuple[FieldRequest, ...]
    # Values read from the file (keyed like the questions); None when the file cannot tell.
    suggest: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # True when the file has no header naming its layout (WhiteMatter: 8 bytes, then interleaved int16):
    # only offered when no reader with a real header claims the files.
    headerless: bool = False
    value_types: dict[str, type[Any]] = field(default_factory=dict)
    # Stand-in values used only to prove the reader opens the files (a rate or gain does not decide
    # whether a file parses). They are never offered as the answer: the user is still asked.
    probe_values: dict[str, Any] = field(default_factory=dict)


# Spike-sorting outputs store spike times as sample indices; the rate of the recording they came from
# is not in the files.
_SORTING_RATE = FieldRequest(
    name="sampling_frequency",
    description="Sampling rate of the recording the spikes were sorted from, in Hz",
    example="30000",
    why="Sorting output stores spike times as sample numbers; the rate turns them into seconds",
)


def _abf_suggestions(source_data: dict[str, Any]) -> dict[str, Any]:
    """Response channel = the first recorded channel; clamp mode from its unit (mV: current clamp, A: voltage clamp)."""
    from neo.rawio import AxonRawIO

    reader = AxonRawIO(filename=str(Path(source_data["file_path"])))
    reader.parse_header()
    channels = [(str(c["name"]), str(c["units"])) for c in reader.header["signal_channels"]]
    if not channels:
        return {}
    name, unit = channels[0]
    mode = "current_clamp" if unit.endswith("V") else "voltage_clamp" if unit.endswith("A") else None
    suggestion: dict[str, Any] = {"response_channel_name": name, "_channel_options": [c for c, _ in channels]}
    if mode:
        suggestion["mode"] = mode
    return suggestion


ARGUMENT_HINTS: dict[str, ArgumentHint] = {
    "AxonIntracellularInterface": ArgumentHint(
        questions=(
            FieldRequest(
                name="mode",
                description="Recording mode of the patch-clamp amplifier",
                example="current_clamp",
                why="Decides whether the response is a membrane potential or a current",
            ),
            FieldRequest(
                name="response_channel_name",
                description="The ADC channel that recorded the cell's response",
                example="IN 0",
            ),
        ),
        suggest=_abf_suggestions,
        value_types={"mode": str, "response_channel_name": str},
    ),
    "WhiteMatterRecordingInterface": ArgumentHint(
        questions=(
            FieldRequest(
                name="sampling_frequency",
                description="Sampling rate of the binary file, in Hz",
                example="25000",
                why="A raw binary file (WhiteMatter) does not store its sampling rate",
            ),
            FieldRequest(
                name="num_channels",
                description="Number of interleaved channels in the file",
                example="64",
                why="A raw binary file (WhiteMatter) does not store its channel count",
            ),
        ),
        headerless=True,
        value_types={"sampling_frequency": float, "num_channels": int},
    ),
    # TDT's reader needs the factor from stored int16 values to microvolts; TDT files do not give it.
    "TdtRecordingInterface": ArgumentHint(
        questions=(
            FieldRequest(
                name="gain",
                description="Conversion factor from the stored int16 values to microvolts",
                example="1.0",
                why="TDT files do not store the amplifier gain; without it the voltages would be wrong",
            ),
        ),
        value_types={"gain": float},
        probe_values={"gain": 1.0},
    ),
    # MountainSort's firings.mda: NeuroConv declares the rate as an integer.
    "MdaSortingInterface": ArgumentHint(
        questions=(_SORTING_RATE,),
        value_types={"sampling_frequency": int},
        probe_values={"sampling_frequency": 30000},
    ),
    "XClustSortingInterface": ArgumentHint(
        questions=(_SORTING_RATE,),
        value_types={"sampling_frequency": float},
        probe_values={"sampling_frequency": 30000.0},
    ),
    # EXTRACT's segmentation (.mat) holds the cells' traces but not the imaging rate.
    "ExtractSegmentationInterface": ArgumentHint(
        questions=(
            FieldRequest(
                name="sampling_frequency",
                description="Imaging frame rate of the segmented movie, in Hz",
                example="30",
                why="EXTRACT's output does not store the frame rate of the movie",
            ),
        ),
        value_types={"sampling_frequency": float},
        probe_values={"sampling_frequency": 30.0},
    ),
}
