"""`agentic-neurodata mcp`: the agents served to AI assistants over stdio with the official MCP SDK.

Not to be confused with `agentic_neurodata.router`, the in-process router the agents talk through:
this package is an outside door to the same runtime, like the web API and the command line.

- views.py: what the tools answer (Pydantic models, so every tool publishes an output schema)
- service.py: the operations, synchronous, on a Runtime (read-only ones never change state)
- tools.py: the SDK server, its tool descriptions and the error/progress plumbing
- command.py: the `mcp` sub-command (settings, runtime, stdio)

Nothing is imported here, so `agentic-neurodata --help` stays fast: command.py loads the SDK
only when the server starts.
"""
