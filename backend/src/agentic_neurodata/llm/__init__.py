"""LLM service: one interface, an Anthropic provider and a deterministic offline provider."""
