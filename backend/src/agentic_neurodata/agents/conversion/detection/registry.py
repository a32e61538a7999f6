"""NeuroConv's own registry of interfaces and converters: the only list of formats we use."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def registry() -> dict[str, type[Any]]:
    """Every NeuroConv data interface and converter class by name (imports NeuroConv once)."""
    from neuroconv.converters import converter_list
    from neuroconv.datainterfaces import interface_list

    classes: dict[str, type[Any]] = {cls.__name__: cls for cls in interface_list}
    classes.update({cls.__name__: cls for cls in converter_list})
    return classes


def get_class(name: str) -> type[Any]:
    try:
        return registry()[name]
    except KeyError:
        raise KeyError(f"NeuroConv has no interface or converter named {name!r}") from None


def is_converter(cls: type[Any]) -> bool:
    from neuroconv import NWBConverter

    return issubclass(cls, NWBConverter)


def describe(cls: type[Any]) -> dict[str, Any]:
    return {
        "name": cls.__name__,
        "display_name": getattr(cls, "display_name", None) or cls.__name__,
        "info": getattr(cls, "info", "") or "",
        "suffixes": list(getattr(cls, "associated_suffixes", ()) or ()),
    }


def supported_format_names() -> list[str]:
    return sorted(registry())
