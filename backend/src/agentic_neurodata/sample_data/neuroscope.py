"""A small NeuroScope recording: interleaved int16 .dat with its .xml parameter file."""

from __future__ import annotations

from pathlib import Path

from .signals import to_int16, traces_uv

RATE_HZ = 20000
CHANNELS = 8
UV_PER_BIT = 0.195


def _xml(n_channels: int) -> str:
    channels = "".join(f'<channel skip="0">{c}</channel>' for c in range(n_channels))
    return (
        '<?xml version=\'1.0\'?>\n<parameters version="1.0" creator="neuroscope-2.0">\n'
        "<acquisitionSystem><nBits>16</nBits>"
        f"<nChannels>{n_channels}</nChannels><samplingRate>{RATE_HZ}</samplingRate>"
        "<voltageRange>20</voltageRange><amplification>1000</amplification><offset>0</offset>"
        "</acquisitionSystem>\n"
        f"<fieldPotentials><lfpSamplingRate>1250</lfpSamplingRate></fieldPotentials>\n"
        f"<anatomicalDescription><channelGroups><group>{channels}</group></channelGroups></anatomicalDescription>\n"
        "</parameters>\n"
    )


def write_sample_neuroscope(root: Path, seconds: float = 1.0, seed: int = 11) -> Path:
    folder = Path(root) / "sample_neuroscope"
    folder.mkdir(parents=True, exist_ok=True)
    data = to_int16(traces_uv(int(seconds * RATE_HZ), CHANNELS, RATE_HZ, seed), UV_PER_BIT)
    data.tofile(folder / "sample_neuroscope.dat")
    (folder / "sample_neuroscope.xml").write_text(_xml(CHANNELS))
    return folder
