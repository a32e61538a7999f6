"""NeuroConv's declared suffixes, normalised: they are inconsistent across classes (".bin" and
"csv", "Tbk", ".res.*", templates such as ".imec{probe_index}", even "None")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .hints import SUFFIX_ALIASES
from .scan import ScannedFile

_TEMPLATE = re.compile(r"\{[^}]*\}")
_PLAUSIBLE = re.compile(r"^\.[a-z0-9_\-]{1,12}$")  # longer words are descriptions, not suffixes


@dataclass(frozen=True)
class SuffixSet:
    exact: frozenset[str]
    # ".imec{probe_index}" and ".imec" both mean ".imec" followed by a number.
    numbered: frozenset[str]

    def __bool__(self) -> bool:
        return bool(self.exact or self.numbered)

    def matches_token(self, token: str) -> bool:
        return token in self.exact or any(self._same(stem, token) for stem in self.numbered)

    def matches(self, file: ScannedFile) -> bool:
        return any(self.matches_token(token) for token in file.suffixes)

    def matches_last(self, file: ScannedFile) -> bool:
        return bool(file.suffixes) and self.matches_token(file.last_suffix)

    def present_in(self, tokens: set[str]) -> float:
        """Share of this class's suffixes found among the upload's tokens (suffix coverage)."""
        declared = self.exact | self.numbered
        if not declared:
            return 0.0
        return sum(1 for s in declared if any(self._same(s, t) for t in tokens)) / len(declared)

    @staticmethod
    def _same(declared: str, token: str) -> bool:
        return token == declared or (token.startswith(declared) and token[len(declared) :].isdigit())


def normalise(raw: Iterable[object] | None) -> tuple[set[str], set[str]]:
    exact: set[str] = set()
    numbered: set[str] = set()
    for entry in raw or ():
        text = str(entry).strip().lower()
        if not text or text == "none":
            continue
        if not text.startswith("."):
            text = "." + text
        if text.endswith(".*"):
            text = text[:-2]
        if _TEMPLATE.search(text):
            numbered.add(_TEMPLATE.sub("", text))
            continue
        if not _PLAUSIBLE.match(text):
            continue  # "electrophysiology", "spike sorting": descriptions, not suffixes
        exact.add(text)
    return exact, numbered


def suffixes_of(cls: type[Any]) -> SuffixSet:
    exact, numbered = normalise(getattr(cls, "associated_suffixes", ()))
    exact |= set(SUFFIX_ALIASES.get(cls.__name__, ()))
    # Some classes declare ".imec", others ".imec{probe_index}" for the same ".imec0" files: a
    # declared suffix followed by a number is read as the same suffix.
    numbered |= exact
    return SuffixSet(exact=frozenset(exact), numbered=frozenset(numbered))
