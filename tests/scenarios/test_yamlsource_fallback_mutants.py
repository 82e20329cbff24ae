"""``explainer/scenarios/yamlsource.py``: the fallbacks of its error translation, which the
shipped reader (libyaml) does not reach from a file: the pure-Python reader's positions in
characters and its one-character strings, an error without a character, and a syntax error
with neither a problem nor a place (issue 16: the yamlsource mutants left after the
pre-check's fix)."""

from __future__ import annotations

import pytest
import yaml

from explainer.scenarios import yamlsource
from explainer.scenarios.diagnostics import Code
from explainer.scenarios.yamlsource import SourceError, _reader_error, _syntax_error


def _fields(e: SourceError) -> tuple[str, int, int, Code]:
    return e.message, e.line, e.column, e.code


def test_the_pure_python_reader_s_position_counts_characters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(yamlsource, "HAVE_LIBYAML", False)
    text = "a: é\nbé: ü\x01\n"
    exc = yaml.reader.ReaderError("<s>", 10, "\x01", "utf-8", "special characters are not allowed")
    assert _fields(_reader_error(text, exc)) == (
        "invalid YAML: character U+0001: special characters are not allowed",
        2,
        6,
        Code.YAML,
    )


def test_libyaml_s_position_counts_bytes() -> None:
    if not yamlsource.HAVE_LIBYAML:
        pytest.skip("libyaml is not installed")
    text = "a: é\nbé: ü\x01\n"
    exc = yaml.reader.ReaderError("<s>", 13, 1, "utf-8", "control characters are not allowed")
    assert _fields(_reader_error(text, exc)) == (
        "invalid YAML: character U+0001: control characters are not allowed",
        2,
        6,
        Code.YAML,
    )


def test_a_reader_error_without_a_character_names_u0000() -> None:
    exc = yaml.reader.ReaderError("<s>", 0, None, "utf-8", "unreadable")
    assert _fields(_reader_error("x", exc)) == (
        "invalid YAML: character U+0000: unreadable",
        1,
        1,
        Code.YAML,
    )


def test_a_syntax_error_without_a_problem_or_a_place_is_a_syntax_error_at_the_start() -> None:
    assert _fields(_syntax_error(yaml.MarkedYAMLError(), "")) == (
        "invalid YAML: syntax error",
        1,
        1,
        Code.YAML,
    )
