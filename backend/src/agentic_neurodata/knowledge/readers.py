"""What the service knows about each reader family: who makes the system, what its device is called
when the files name none, and what the columns it adds to the electrodes and units tables mean.

NeuroConv writes a column for every property a reader gives each channel (or unit) and describes
the ones it knows; the others get the placeholder "no description". The meanings below are from
the vendors' own file-format documentation (Intan's RHD2000 data file formats note, Neuralynx's
Cheetah header reference, Kilosort's and Phy's cluster files, pyABF's header fields). A column this
table does not know gets an honest generated description that says only where the value came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# NeuroConv's made-up names for objects a reader does not name (tools/spikeinterface, tools/icephys).
PLACEHOLDER_DEVICES = ("PlaceholderElectrodeDevice", "PlaceholderIntracellularDevice")


@dataclass(frozen=True)
class ReaderFamily:
    key: str
    vendor: str  # how the files' maker is named in a sentence
    # The device the files come from, for a reader that names none: (name, description), or None when
    # the format is written by many systems (EDF, NeuroScope) and only the user can say which.
    system: tuple[str, str] | None = None
    columns: dict[str, str] = field(default_factory=dict)  # column name -> meaning


INTAN_COLUMNS = {
    "port": "Headstage port (A, B, C or D) of the Intan interface board the channel's headstage was plugged into.",
    "native_order": "Channel number (0-based) of the channel on its port, as wired, before any reordering in the "
    "Intan software.",
    "custom_order": "Position (0-based) of the channel in the order the user set in the Intan software's display.",
    "chip_channel_num": "Channel number (0-based) of the channel on its RHD2000 amplifier chip.",
    "board_stream_num": "Data stream (0-based) of the Intan interface board that carried the channel; each stream "
    "carries up to 32 channels of one amplifier chip.",
    "board_stream": "Data stream (0-based) of the Intan interface board that carried the channel.",
    "native_channel_name": "Channel name given by the Intan software from its port and number (e.g. A-000).",
    "custom_channel_name": "Channel name set by the user in the Intan software.",
    "channel_enabled": "Whether the channel was enabled for recording in the Intan software (1 = enabled).",
    "signal_type": "Kind of Intan signal: 0 amplifier, 1 auxiliary input, 2 supply voltage, 3 board ADC, "
    "4 digital input, 5 digital output.",
    "electrode_impedance_magnitude": "Electrode impedance magnitude (ohms) last measured by the Intan software "
    "before the recording; 0 when it was not measured.",
    "electrode_impedance_phase": "Electrode impedance phase (degrees) last measured by the Intan software before "
    "the recording; 0 when it was not measured.",
    "spike_scope_trigger_mode": "Trigger of the Intan software's spike scope for this channel: 0 = a digital "
    "input, 1 = a voltage threshold. A display setting; the full waveform was recorded either way.",
    "spike_scope_voltage_thresh": "Voltage threshold (microvolts) of the Intan software's spike scope for this "
    "channel (a display setting).",
    "spike_scope_digital_trigger_channel": "Digital input (0-15) that triggered the Intan software's spike scope "
    "for this channel in digital trigger mode (a display setting).",
    "spike_scope_digital_edge_polarity": "Edge of the digital input that triggered the Intan software's spike "
    "scope: 0 = falling edge, 1 = rising edge (a display setting).",
}

NEURALYNX_COLUMNS = {
    "ADMaxValue": "Largest value the analog-to-digital converter gives (counts); with InputRange it sets the "
    "scale from counts to volts.",
    "ADBitVolts": "Volts represented by one count of the analog-to-digital converter.",
    "ADChannel": "Analog-to-digital converter channel of the acquisition system that recorded the channel.",
    "InputRange": "Input range of the channel in microvolts (plus or minus this value).",
    "input_inverted": "Whether Cheetah inverted the signal's polarity (InputInverted in the header).",
    "InputInverted": "Whether Cheetah inverted the signal's polarity.",
    "DSPLowCutFilterEnabled": "Whether Cheetah's digital low-cut (high-pass) filter was on.",
    "DSPHighCutFilterEnabled": "Whether Cheetah's digital high-cut (low-pass) filter was on.",
    "DspLowCutFrequency": "Cut-off frequency (Hz) of Cheetah's digital low-cut (high-pass) filter.",
    "DspHighCutFrequency": "Cut-off frequency (Hz) of Cheetah's digital high-cut (low-pass) filter.",
    "DspLowCutNumTaps": "Number of taps of Cheetah's digital low-cut filter (0 for a non-FIR filter).",
    "DspHighCutNumTaps": "Number of taps of Cheetah's digital high-cut filter (0 for a non-FIR filter).",
    "DspLowCutFilterType": "Kind of Cheetah's digital low-cut filter (e.g. DCO: DC offset removal, FIR, IIR).",
    "DspHighCutFilterType": "Kind of Cheetah's digital high-cut filter (e.g. FIR, IIR).",
    "DspDelayCompensation": "Whether Cheetah shifted the samples back by the delay of its digital filters.",
    "DspFilterDelay_µs": "Delay (microseconds) the digital filters add to the signal.",
    "RecordSize": "Size in bytes of one record of the Neuralynx file.",
    "NumADChannels": "Number of analog-to-digital channels stored in the file.",
    "FileType": "Neuralynx file type (NCS: continuously sampled channel).",
    "HardwareSubSystemName": "Name of the Neuralynx hardware subsystem in Cheetah's configuration.",
    "HardwareSubSystemType": "Model of the Neuralynx acquisition hardware (e.g. DigitalLynxSX).",
    "AcqEntName": "Name of the acquisition entity (the channel) in Cheetah.",
    "SamplingFrequency": "Sampling rate (Hz) stated in the channel's header.",
    "recording_opened": "Date and time Cheetah opened the file.",
    "recording_closed": "Date and time Cheetah closed the file.",
    "ReferenceChannel": "Reference channel Cheetah used for this channel.",
    "FileUUID": "Unique identifier of the file, written by Cheetah.",
    "ProbeName": "Probe name entered in Cheetah.",
    "OriginalFileName": "Name of the file when Cheetah wrote it.",
    "CheetahRev": "Version of the Cheetah acquisition software.",
    "ApplicationName": "Software that wrote the file.",
}

AXON_COLUMNS = {
    "nADCNum": "Analog-to-digital converter input (0-based) of the Axon digitizer that recorded the channel "
    "(nADCNum in the ABF header).",
    "sADCChannelName": "Name of the digitizer input in pCLAMP (sADCChannelName in the ABF header).",
    "sADCUnits": "Unit of the digitizer input in pCLAMP (sADCUnits in the ABF header).",
}

SORTING_COLUMNS = {
    "KSLabel": "Kilosort's automatic label of the cluster: good (a well isolated single unit) or mua "
    "(multi-unit activity).",
    "ContamPct": "Kilosort's estimate of the share (%) of the cluster's spikes that come from other neurons.",
    "Amplitude": "Kilosort's amplitude of the cluster's template (arbitrary units).",
    "amp": "Mean amplitude of the cluster's spikes, as Phy computed it.",
    "ch": "Channel with the largest amplitude of the cluster's template (peak channel), as Phy reports it.",
    "depth": "Depth (micrometres along the probe) of the cluster's peak, as Phy computed it.",
    "fr": "Firing rate of the cluster (spikes per second), as Phy computed it.",
    "firing_rate": "Firing rate of the unit (spikes per second).",
    "n_spikes": "Number of spikes of the cluster.",
    "sh": "Shank of the cluster's peak channel, as Phy reports it.",
    "group": "Label the curator gave the cluster in Phy: good, mua, noise or unsorted.",
    "quality": "Label the curator gave the cluster: good, mua, noise or unsorted.",
    "original_cluster_id": "Identifier of the cluster in the sorter's own output.",
    "cluster_id": "Identifier of the cluster in the sorter's own output.",
}

FAMILIES: dict[str, ReaderFamily] = {
    family.key: family
    for family in (
        ReaderFamily("intan", "Intan", columns=INTAN_COLUMNS),
        ReaderFamily(
            "neuralynx",
            "Neuralynx",
            (
                "NeuralynxAcquisitionSystem",
                "Neuralynx acquisition system recorded with Cheetah; the file header does not name the hardware model.",
            ),
            NEURALYNX_COLUMNS,
        ),
        ReaderFamily(
            "openephys",
            "Open Ephys",
            (
                "OpenEphysAcquisitionSystem",
                "Open Ephys acquisition system: the Open Ephys GUI recording from its acquisition board. The Open "
                "Ephys files do not name the headstage or probe.",
            ),
        ),
        ReaderFamily(
            "blackrock",
            "Blackrock",
            (
                "BlackrockAcquisitionSystem",
                "Blackrock Microsystems acquisition system (Cerebus or NeuroPort, recorded with Central); the NSx "
                "files do not name the front end or electrode array.",
            ),
        ),
        ReaderFamily(
            "axon",
            "Axon",
            (
                "AxonDigitizer",
                "Axon Instruments (Molecular Devices) digitizer recorded with pCLAMP; the ABF file does not name "
                "the amplifier.",
            ),
            AXON_COLUMNS,
        ),
        ReaderFamily("spikeglx", "SpikeGLX"),
        ReaderFamily("edf", "EDF"),
        ReaderFamily("neuroscope", "NeuroScope"),
        ReaderFamily("phy", "Phy", columns=SORTING_COLUMNS),
        ReaderFamily("kilosort", "Kilosort", columns=SORTING_COLUMNS),
    )
}
# Reader class names start with their family's name (IntanRecordingInterface, OpenEphysBinaryConverter).
_PREFIXES = {
    "intan": "intan",
    "neuralynx": "neuralynx",
    "openephys": "openephys",
    "blackrock": "blackrock",
    "axon": "axon",
    "abf": "axon",
    "spikeglx": "spikeglx",
    "edf": "edf",
    "neuroscope": "neuroscope",
    "phy": "phy",
    "kilosort": "kilosort",
}
_ROW = {"electrodes": "channel", "units": "unit"}


def reader_family(interface: str | None) -> ReaderFamily | None:
    """The family of a NeuroConv reader class name, or None when the service has no knowledge of it."""
    name = (interface or "").lower()
    return next((FAMILIES[key] for prefix, key in _PREFIXES.items() if name.startswith(prefix)), None)


def column_description(readers: tuple[str | None, ...], table: str, column: str) -> tuple[str, bool]:
    """(description, documented) of a column a reader added to `table`: the vendor's meaning when the
    family of one of `readers` (those writing the table; in a session, e.g. a recording and its
    sorting, each table has its own) knows it, else an honest sentence saying only where the value
    came from (the first reader's files)."""
    families = [reader_family(reader) for reader in readers]
    for family in families:
        if family is not None and column in family.columns:
            return family.columns[column], True
    first, family = (readers[0], families[0]) if readers else (None, None)
    source = f"the {family.vendor} files" if family else f"the files by {first or 'the reader'}"
    row = _ROW.get(table, "row")
    return f"The value of '{column}' read from {source} for each {row}; its meaning is not documented here.", False


def system_device(interface: str | None) -> tuple[str, str] | None:
    """(name, description) of the acquisition system a format implies, for a reader that names no device."""
    family = reader_family(interface)
    return family.system if family else None


def is_placeholder_device(name: str | None) -> bool:
    return bool(name) and str(name) in PLACEHOLDER_DEVICES
