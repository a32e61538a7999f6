"""Weight: "25 g", "25g", "0.3 kg", "25 grams" -> "<number> <unit>" as NWB Inspector checks it.

pint reads the quantity and its unit; the value is kept in the unit given and with the digits
given ("21.0 g" stays "21.0 g": the precision said is part of what was measured)."""

from __future__ import annotations

import re
import tokenize
from functools import lru_cache
from typing import Any

from .hedges import asked_back_when_hedged
from .result import RuleResult, accept, clean, reject

FIELD = "weight"
EXAMPLE = "'25 g' or '0.3 kg'"
# The unit symbols NWB Inspector's check_subject_weight accepts.
SYMBOLS = {"kilogram": "kg", "gram": "g", "milligram": "mg", "microgram": "ug"}


@lru_cache(maxsize=1)
def _units() -> Any:
    import pint  # loaded on first use: building the registry takes a moment

    return pint.UnitRegistry()


def normalize_weight(text: str) -> RuleResult:
    raw = clean(text).lower().replace("grams", "g").replace("gram", "g")
    raw = re.sub(r"^(?:weighs?|weight)\s*:?\s*", "", raw)
    asked = asked_back_when_hedged(FIELD, raw, normalize_weight)
    if asked is not None:
        return asked
    if not raw:
        return reject(FIELD, "The weight is empty.", EXAMPLE)
    if re.search(r"\d,\d{3}(?!\d)", raw):  # "1,250 g": a thousands separator or a decimal comma
        return reject(FIELD, f"'{raw}' could be read two ways; write the number with a decimal point.", EXAMPLE)
    raw = re.sub(r"(?<![\d.,])(\d+),(\d{1,2})(?![\d,])", r"\1.\2", raw)  # "21,5 g": a decimal comma
    if re.fullmatch(r"\d+(?:\.\d+)?", raw):
        return reject(FIELD, f"'{raw}' has no unit.", EXAMPLE)
    import pint

    try:
        quantity = _units().Quantity(raw)
    except (pint.errors.PintError, ValueError, AttributeError, TypeError, SyntaxError, tokenize.TokenError):
        # ("25 g}": an unclosed bracket makes pint's tokenizer fail, not refuse)
        return reject(FIELD, f"'{clean(text)}' is not a weight I can read.", EXAMPLE)
    if not hasattr(quantity, "units") or not quantity.check("[mass]"):
        return reject(FIELD, f"'{clean(text)}' is not a mass.", EXAMPLE)
    symbol = SYMBOLS.get(str(quantity.units))
    if symbol is None:
        quantity = quantity.to("g")
        symbol = "g"
    magnitude = float(quantity.magnitude)
    if magnitude <= 0:
        return reject(FIELD, "A weight must be more than zero.", EXAMPLE)
    value = f"{_digits_as_written(raw, magnitude)} {symbol}"
    return accept(FIELD, value, "" if value == clean(text) else f"'{clean(text)}' -> {value}.")


def _digits_as_written(raw: str, magnitude: float) -> str:
    """The number as typed when it is the magnitude kept ("21.0"), else the magnitude's shortest form."""
    typed = re.match(r"\d+(?:\.\d+)?", raw)
    if typed and float(typed.group()) == magnitude:
        return typed.group()
    return f"{magnitude:g}"
