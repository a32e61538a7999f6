"""The conversion agent and its two rooms (see docs/architecture.md, "Where things go"):

- detection/: which NeuroConv readers read an upload (registry, candidates, probing, ranking, the
  user's choice) and what the files already know;
- writing/: one NWB version from a settled detection (plan, metadata, fast bounded-memory writing,
  versions, the NeuroConv specification beside the file).

The agent (agent.py) routes its actions to the rooms; each room's __init__ is its public surface.
"""
