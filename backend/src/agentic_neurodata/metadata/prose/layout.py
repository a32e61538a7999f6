"""Key and value laid out as a two-column table: "| experimenter | Shuqi Wang |", one row per field.

A Markdown or pipe table of two columns whose first cells name fields is a list of keyed values,
read as "experimenter: Shuqi Wang" lines. Its header ("| field | value |") and rule ("| --- | --- |")
give nothing. Tables of animals (a row per animal, a column per field) are prose/tables.py's.
"""

from __future__ import annotations

import re

from .words import KEYS

_ROW = re.compile(
    r"^[ \t]*\|?[ \t]*(?P<key>[^|\n]{1,40}?)[ \t]*\|[ \t]*(?P<value>[^|\n]{0,300}?)[ \t]*\|?[ \t]*$", re.M
)
_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|[ \t]*:?-{3,}:?[ \t]*\|?[ \t]*$", re.M)
_HEADER_WORDS = {"field", "fields", "key", "keys", "name", "value", "values", "metadata", "property", "entry"}
_HEADER_WORDS |= {"role", "who"}  # "| role | name |": a table of who held which role
# "| PI | Eve Marder |": a row naming another role than a field's gives nothing, and leaves the table a table
_OTHER_ROLES = {
    "pi",
    "principal investigator",
    "supervisor",
    "surgeon",
    "surgery",
    "analyst",
    "analysis",
    "technician",
    "lab manager",
    "collaborator",
    "contact",
    "author",
    "corresponding author",
}


def as_keyed_lines(text: str) -> str:
    """`text` with a two-column key/value table written as "key: value" lines; unchanged otherwise."""
    lines = [line for line in text.splitlines() if line.strip()]
    rows = [_ROW.fullmatch(line) for line in lines if not _RULE.fullmatch(line)]
    if len(rows) < 2 or not all(row and "|" in line for row, line in zip(rows, lines, strict=False)):
        return text
    keyed = []
    for row in rows:
        assert row is not None
        key = " ".join(row.group("key").lower().replace("_", " ").split())
        if key in _HEADER_WORDS and row.group("value").strip().lower() in _HEADER_WORDS:
            continue  # "| field | value |": the header
        if key in _OTHER_ROLES:
            continue  # "| PI | Eve Marder |": another role's row
        if key not in KEYS:
            return text  # a row that names no field: not a key/value table
        keyed.append(f"{row.group('key').strip()}: {row.group('value').strip()}")
    return "\n".join(keyed) if keyed else text


# "Name,Role\nIsabel Ortega,experimenter\nDavid Klein,PI": a table of people and what each did.
_ROLE_HEADER = re.compile(
    r"^[ \t]*(?:name|person|people|who|experimenters?|staff)[ \t]*(?P<sep>[,;|\t])[ \t]*(?:role|task|did|job|"
    r"contribution|responsibility)[ \t]*$",
    re.I,
)
_RECORDING_ROLE = re.compile(
    r"^(?:experimenter|recording|recordings|recorded|recorder|data\s+collection|ran\s+the\s+(?:rig|session|recording))$",
    re.I,
)


def as_keyed_roles(text: str) -> str:
    """A table of people and their roles written as "experimenter: X" for the ones who recorded; the others'
    rows give nothing. Unchanged when the text is not such a table (a header, then one person and role a row)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    header = _ROLE_HEADER.match(lines[0]) if len(lines) >= 2 else None
    if header is None:
        return text
    recorded = []
    for line in lines[1:]:
        cells = [cell.strip() for cell in line.strip("|").split(header.group("sep"))]
        if len(cells) != 2 or not cells[0] or not cells[1]:
            return text
        if _RECORDING_ROLE.match(cells[1]):
            recorded.append(cells[0])
    return f"experimenter: {'; '.join(recorded)}" if recorded else text


# "> Experimenter?\nAna Lima": a field asked on a quoted line of an e-mail, answered on the next line.
_QUOTED_QUESTION = re.compile(r"^>[ \t]*(?P<key>[A-Za-z][A-Za-z _]{1,30}?)[ \t]*\?[ \t]*\n(?=[ \t]*[^>\s])", re.M)


def as_keyed_answers(text: str) -> str:
    """`text` with each field asked on a quoted line and answered on the next written as 'field: answer'."""

    def keyed(question: re.Match[str]) -> str:
        key = " ".join(question.group("key").lower().replace("_", " ").split())
        return f"{question.group('key')}: " if key in KEYS else question.group(0)

    return _QUOTED_QUESTION.sub(keyed, text)


# "ELN › Hippocampus project › 2023-11-28 entry", "Drive / Project Amygdala / notes": a path of folders or pages;
# one named as a project, notebook or folder names a line of work, not what this recording's values are.
_PATH_STEP = re.compile(r"[ \t]*(?:›|»|→|(?<=\s)[>/|](?=\s))[ \t]*")
_FOLDER_KIND = re.compile(
    r"\b(?:projects?|folders?|notebooks?|workspaces?|collections?|programs?|programmes?|grants?)\b", re.I
)


def names_of_folders(text: str) -> list[tuple[int, int]]:
    """The spans of the steps of a path ('A › B › C', two steps at least) named as a project, notebook or folder."""
    spans: list[tuple[int, int]] = []
    for line in re.finditer(r"[^\n]+", text):
        steps = list(_PATH_STEP.finditer(line.group(0)))
        if len(steps) < 2:
            continue
        bounds = [0, *(b for step in steps for b in (step.start(), step.end())), len(line.group(0))]
        for begin, finish in zip(bounds[::2], bounds[1::2], strict=True):
            said = line.group(0)[begin:finish]
            if len(said) <= 60 and ":" not in said and _FOLDER_KIND.search(said):
                spans.append((line.start() + begin, line.start() + finish))
    return spans


# "**Experimenter:** Ana Ruiz", "__Lab__: Berg Lab": a key in Markdown bold; the stars are no part of key or value.
_BOLD_KEY = re.compile(r"(?m)^([ \t]*(?:[-*+][ \t]+)?)(\*\*|__)([A-Za-z][\w /()-]{0,40}?)(?::\2|\2[ \t]*:)")


def without_bold_keys(text: str) -> str:
    """`text` with keys in Markdown bold at a line's start written as plain 'key:' (named fields only)."""

    def plain(bold: re.Match[str]) -> str:
        key = " ".join(bold.group(3).lower().replace("_", " ").split())
        return f"{bold.group(1)}{bold.group(3)}:" if key in KEYS else bold.group(0)

    return _BOLD_KEY.sub(plain, text)


# "LabArchives page 'Session 4'", "Benchling entry", "exported from OneNote": a notebook, wiki or office product keeps
# the words; its name is no value of the subject, and neither is the page or entry it names.
_NOTEBOOK_PRODUCT = re.compile(
    r"(?<![\w-])(?:LabArchives|Benchling|eLabFTW|eLabJournal|elabjournal|OneNote|Notion|Confluence|SharePoint|Evernote|"
    r"RSpace|SciNote|Labguru|LabGuru|LabFolder|Labfolder|Obsidian|Jupyter(?:Lab)?|Google\s+(?:Docs?|Sheets?|Drive)|"
    r"Dropbox\s+Paper|OSF|Airtable|Quartzy|Open\s?Lab\s?Notebook)(?![\w-])"
    r"(?:[ \t]+(?i:page|entry|notebook|note|export|record|experiment|doc(?:ument)?)"
    r"(?:[ \t]+(?P<quote>['\"‘“])[^'\"‘’“”\n]{1,60}['\"’”])?)?"
)
# "last edited by admin", "modified by jdoe", "owner: lab-admin": the page's history, not who recorded.
_PAGE_HISTORY = re.compile(
    r"\b(?:last\s+)?(?:edited|modified|updated|saved|changed)\s+(?:on\s+[^;,\n]{1,25}\s+)?by\s+[^;,.\n]{1,40}",
    re.I,
)


def names_of_notebooks(text: str) -> list[tuple[int, int]]:
    """The spans of a notebook product's name (with the page it names) and of a page's editing history."""
    return [match.span() for pattern in (_NOTEBOOK_PRODUCT, _PAGE_HISTORY) for match in pattern.finditer(text)]
