"""Detection: which NeuroConv readers read an upload, how they compose one session, and what the
files already know.

A new kind of stream is found here with no code of ours when NeuroConv's registry has its reader;
what the registry does not say (argument hints, preferred readers, companion files) goes in hints.py.
The session's streams, their links (links.py) and time offsets are composed in session.py.
"""

from .choice import complete, set_included
from .detector import NOT_CHOSEN, detect
from .extraction import extract
from .facts import total_samples
from .links import unit_ids_to_channel_ids
from .options import conversion_options, create_nwbfile, interfaces_of
from .probe import ProbeTimeout, call_with_timeout, describe_error, instantiate
from .registry import get_class, is_converter, registry, supported_format_names
from .session import member_names
from .together import distinct_series, name_series

__all__ = [
    "NOT_CHOSEN",
    "ProbeTimeout",
    "call_with_timeout",
    "complete",
    "conversion_options",
    "create_nwbfile",
    "describe_error",
    "detect",
    "distinct_series",
    "extract",
    "get_class",
    "instantiate",
    "interfaces_of",
    "is_converter",
    "member_names",
    "name_series",
    "registry",
    "set_included",
    "supported_format_names",
    "total_samples",
    "unit_ids_to_channel_ids",
]
