"""The pieces of the offline reader (free_text.py): intents, the words around values, and the
patterns that find people, places and the subject in a sentence. Each finder only says where a
value is; the metadata rules decide what it is."""
