"""Metadata rules shared by every agent and the UI: normalise what people type, validate it,
and map it onto NeuroConv's metadata structure."""
