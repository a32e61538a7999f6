"""Imported once by the forkserver so every worker child starts with NeuroConv, PyNWB and NWB
Inspector already loaded (each would otherwise cost seconds of imports)."""

import neuroconv  # noqa: F401
import nwbinspector  # noqa: F401
import pynwb  # noqa: F401


def ready(progress: object) -> bool:
    return True
