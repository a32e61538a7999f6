"""Agentic Neurodata Conversion: raw neurophysiology recordings to valid, DANDI-ready NWB files."""

__version__ = "0.1.0"
