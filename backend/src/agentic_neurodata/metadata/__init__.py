"""Metadata rules shared by every agent and the UI: normalise what people type, validate it,
and map it onto NeuroConv's metadata structure.

- fields.py: the registry (required / recommended, description, example, why, rule);
  `validate_field`, `validate_fields`, `missing_fields`, `field_requests`.
- one rule per kind: species, sex, age, names (experimenter), dates (start time, date of
  birth, time zones), identifiers, text_fields, brain_areas (electrode location), weight;
  each returns a `RuleResult` (result.py).
- extraction.py: `extract_metadata_from_text(text, asked_fields, llm)` -> `ParsedInput`
  (parsed.py), offline (free_text.py) or through the LLM, always validated by the rules.
- nwb_mapping.py: flat fields -> NeuroConv's nested metadata.

Nothing is imported here, so importing nwb_mapping does not load dateparser or pint."""
