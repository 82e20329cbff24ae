"""``explainer/scenarios/diagnostics.py``: a key path written dotted, one problem kept on
one line, the report's order and the exit code of a run (issue 16: the diagnostics
mutants)."""

from __future__ import annotations

from explainer.scenarios.diagnostics import (
    DISAGREE,
    EXIT_DISAGREE,
    EXIT_INVALID,
    EXIT_OK,
    INVALID,
    Code,
    Diagnostic,
    Location,
    dotted,
    exit_code,
    one_line,
    sort_key,
)

HERE = Location("x.yaml", 3, 5, ("tricks", 2))


def test_a_key_path_is_written_with_dots_and_list_positions() -> None:
    assert dotted(("tricks", 3, 2)) == "tricks.3.2"
    assert dotted(("expect",)) == "expect"
    assert dotted(()) == ""


def test_a_diagnostic_prints_as_its_place_and_message_on_one_line() -> None:
    assert str(Diagnostic(HERE, "bad\ncard")) == "x.yaml:3:5: bad\\ncard"


def test_one_line_escapes_controls_as_python_does_and_keeps_tabs() -> None:
    assert one_line("a\tb\nc\x1b[31m\u202ed") == "a\tb\\nc\\x1b[31m\\u202ed"
    assert one_line("plain text") == "plain text"


def test_diagnostics_sort_by_path_line_column_then_message() -> None:
    d = Diagnostic(HERE, "too many plays", Code.TOO_MANY)
    assert sort_key(d) == ("x.yaml", 3, 5, "too many plays")


def test_the_exit_code_is_the_worst_severity_found() -> None:
    invalid = Diagnostic(HERE, "a", Code.BAD_CARD, INVALID)
    disagree = Diagnostic(HERE, "b", Code.DISAGREE, DISAGREE)
    assert exit_code([]) == EXIT_OK == 0
    assert exit_code([disagree]) == EXIT_DISAGREE == 1
    assert exit_code([invalid]) == EXIT_INVALID == 2
    assert exit_code([disagree, invalid, disagree]) == EXIT_INVALID
    assert exit_code(iter([disagree])) == EXIT_DISAGREE
