"""The three agents. They never import each other: they talk through the MCP router."""
