"""The three agents. They never import each other: they talk through the agent router (router/)."""
