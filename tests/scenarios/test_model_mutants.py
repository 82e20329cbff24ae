"""``explainer/scenarios/model.py``: where a key path points (the key, its nearest written
parent, else the file's first line), the status words, and the values a scenario, page
and section hold when a file leaves a key out (issue 16: the model mutants)."""

from __future__ import annotations

from explainer.scenarios.diagnostics import Location
from explainer.scenarios.model import Page, Scenario, Section, Status, Text

KEYS = {
    ("expect",): Location("a.yaml", 3, 1),
    ("expect", "legal"): Location("a.yaml", 4, 3),
    ("tricks", 2): Location("a.yaml", 9, 5),
}


def test_status_words_are_the_format_s() -> None:
    assert [s.value for s in Status] == ["checked", "disputed"]
    assert Status("disputed") is Status.DISPUTED


def test_scenario_where_finds_the_key_itself() -> None:
    s = Scenario(id="a", kind="play", path="a.yaml", keys=KEYS)
    assert s.where("expect", "legal") == Location("a.yaml", 4, 3)
    assert s.where("tricks", 2) == Location("a.yaml", 9, 5)


def test_scenario_where_falls_back_to_the_nearest_written_parent() -> None:
    s = Scenario(id="a", kind="play", path="a.yaml", keys=KEYS)
    assert s.where("expect", "winner") == Location("a.yaml", 3, 1)
    assert s.where("expect", "legal", 2, "x") == Location("a.yaml", 4, 3)


def test_scenario_where_falls_back_to_the_file_s_first_line() -> None:
    s = Scenario(id="a", kind="play", path="a.yaml", keys=KEYS)
    assert s.where("tricks", 3) == Location("a.yaml", 1, 1)
    assert s.where() == Location("a.yaml", 1, 1)
    assert Scenario(id="b", kind="play", path="b.yaml").where("x") == Location("b.yaml", 1, 1)


def test_page_where_finds_a_key_its_parent_or_the_file() -> None:
    title = Text("T", "page:p|title", 2)
    page = Page(id="p", path="p/page.yaml", title=title, keys={("sections", 1): KEYS[("expect",)]})
    assert page.where("sections", 1, "id") == Location("a.yaml", 3, 1)
    assert page.where("sections", 2) == Location("p/page.yaml", 1, 1)


def test_a_scenario_s_defaults_are_a_checked_example_with_nothing_stated() -> None:
    s = Scenario(id="a", kind="play", path="a.yaml")
    assert (s.title, s.text, s.page, s.section, s.order) == (None, None, None, None, 0)
    assert (dict(s.expect), dict(s.keys), s.status, s.reason, s.outcome) == (
        {},
        {},
        Status.CHECKED,
        None,
        None,
    )


def test_a_scenario_s_outcome_is_neither_compared_nor_shown() -> None:
    one = Scenario(id="a", kind="play", path="a.yaml", outcome=1)
    assert one == Scenario(id="a", kind="play", path="a.yaml", outcome=2)
    assert "outcome" not in repr(one)


def test_page_and_section_defaults() -> None:
    title = Text("T", "c", 1)
    page = Page(id="p", path="p.yaml", title=title)
    assert (page.intro, page.order, page.sections, dict(page.keys)) == (None, 0, (), {})
    section = Section(id="s", title=title)
    assert (section.text, section.tables) == (None, ())
