"""Detection: which NeuroConv readers read an upload, and what the files already know.

A new kind of stream is found here with no code of ours when NeuroConv's registry has its reader;
what the registry does not say (argument hints, preferred readers, companion files) goes in hints.py.
"""

from .choice import complete
from .detector import NOT_CHOSEN, detect
from .extraction import extract
from .options import conversion_options, create_nwbfile, interfaces_of
from .probe import ProbeTimeout, call_with_timeout, describe_error, instantiate
from .registry import get_class, is_converter, registry, supported_format_names

__all__ = [
    "NOT_CHOSEN",
    "ProbeTimeout",
    "call_with_timeout",
    "complete",
    "conversion_options",
    "create_nwbfile",
    "describe_error",
    "detect",
    "extract",
    "get_class",
    "instantiate",
    "interfaces_of",
    "is_converter",
    "registry",
    "supported_format_names",
]
