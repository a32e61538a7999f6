"""Client-given paths are checked before anything is written."""

from __future__ import annotations

import pytest

from agentic_neurodata.api.upload_stream import safe_relative_path
from agentic_neurodata.errors import BadInputError


@pytest.mark.parametrize(
    "name",
    [
        "run1_g0/run1_g0_imec0/run1_g0_t0.imec0.ap.bin",
        "My Recordings/session 1/données.bin",
        "Record Node 101/100_CH1.continuous",
        "single.abf",
        "a/b/c/d/e.meta",
    ],
)
def test_good_relative_paths_are_kept_as_they_are(name: str) -> None:
    assert safe_relative_path(name).as_posix() == name


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("../etc/passwd", "'..'"),
        ("run/../../escape.bin", "'..'"),
        ("/etc/passwd", "absolute"),
        ("C:/Windows/x.bin", "absolute"),
        ("run\\..\\escape.bin", "backslash"),
        ("..\\..\\x", "backslash"),
        ("run/\x00evil.bin", "NUL"),
        ("", "empty"),
        ("   ", "empty"),
        ("run//file.bin", "empty"),
        ("./file.bin", "'.'"),
        ("a/" + "x" * 300, "longer than 255"),
    ],
)
def test_unsafe_paths_are_refused_with_a_reason_and_an_example(name: str, words: str) -> None:
    with pytest.raises(BadInputError) as caught:
        safe_relative_path(name)
    assert words in caught.value.message
    assert "for example" in caught.value.message
    assert caught.value.status_code == 422
