"""The loader's model: values, key locations, message contexts, project checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from explainer.engine import Seat, Team, Trump, parse_card
from explainer.engine.play import Rule
from explainer.scenarios.diagnostics import Location
from explainer.scenarios.kinds.deal import DealScenario
from explainer.scenarios.kinds.play import PlayScenario
from explainer.scenarios.loader import load_file, load_project, load_text
from explainer.scenarios.model import Page

CASES = Path(__file__).resolve().parent.parent / "cases"


def test_play_scenario_values_and_key_locations() -> None:
    s, diags = load_text(
        "id: x\ncontract: {trump: diamonds, rules: {preset: official, undertrump: required}}\n"
        "trick:\n  - N: 8d\n  - E: T♣\nhand:\n  seat: S\n  cards: [QS, 9D]\n"
        "expect:\n  legal: [9D]\n  rule: climb\n",
        "x.yaml",
    )
    assert diags == []
    assert isinstance(s, PlayScenario)
    assert s.trick == ((Seat.N, parse_card("8D")), (Seat.E, parse_card("10C")))
    assert s.rules.name == "official"
    assert (s.rules.undertrump, s.rules.partner_overtrump) == ("required", "optional")
    assert s.expect == {"legal": frozenset({parse_card("9D")}), "rule": Rule.CLIMB}
    assert s.keys["trick", 2] == Location("x.yaml", 5, 5)
    assert s.keys["expect", "legal"] == Location("x.yaml", 10, 3)
    assert s.keys["hand", "cards"] == Location("x.yaml", 8, 3)
    assert s.where("expect", "legal", 1) == Location("x.yaml", 10, 11)
    assert s.where("expect", "legal", 1).key == ("expect", "legal", 1)


def test_scalars_are_strings_not_yaml_1_1_values() -> None:
    s, diags = load_text(
        "kind: deal\n"
        + (CASES / "good" / "deal-hearts.yaml")
        .read_text()
        .split("kind: deal\n")[1]
        .replace("made: false", "made: FALSE"),
        "d.yaml",
    )
    assert diags == []
    assert isinstance(s, DealScenario)
    assert s.expect["made"] is False
    assert s.expect["capot"] is None and s.expect["belote"] is Seat.E
    assert s.expect["score"] == {Team.NS: 0, Team.EW: 182}


def test_texts_carry_their_message_context() -> None:
    s, _ = load_file(CASES / "good" / "climb.yaml")
    assert s is not None and s.title is not None and s.text is not None
    assert s.title.ctx == "overtrump-even-partner|title" and s.title.line == 3
    assert s.text.ctx == "overtrump-even-partner|text"
    page, diags = load_file(CASES / "good" / "which-card" / "page.yaml")
    assert diags == [] and isinstance(page, Page)
    assert page.title.ctx == "page:which-card|title"
    assert page.intro is not None and page.intro.ctx == "page:which-card|intro"
    follow = page.sections[0]
    assert follow.title.ctx == "page:which-card:follow|title"
    assert follow.text is not None and follow.text.ctx == "page:which-card:follow|text"
    assert follow.tables == ("ranks", "points", "rules")


def test_project_sorts_and_resolves_pages() -> None:
    project = load_project(CASES / "good", [CASES / "good"])
    assert project.diagnostics == ()
    assert [p.id for p in project.pages] == ["which-card"]
    placed = [(s.page, s.section, s.order) for s in project.scenarios if s.page]
    assert placed == [("which-card", "follow", 1), ("which-card", "trumping", 2)]
    disputed = next(s for s in project.scenarios if s.status == "disputed")
    assert disputed.reason and "FFB" in disputed.reason.source


def test_ids_are_unique_across_the_project(tmp_path: Path) -> None:
    body = "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: 9S]\n"
    (tmp_path / "a.yaml").write_text("id: same\n" + body)
    (tmp_path / "b.yaml").write_text("id: same\n" + body)
    project = load_project(tmp_path, [tmp_path])
    assert [d.message for d in project.diagnostics] == [
        f"duplicate id 'same' (also in {project.scenarios[0].where('id')})"
    ]
    assert len(project.failed_paths) == 1


@pytest.mark.parametrize("trump", list(Trump), ids=lambda t: t.word)
def test_every_trump_word_reads_as_its_trump(trump: Trump) -> None:
    text = f"contract: {{trump: {trump.word}}}\ntrick: [N: AS, E: 7S, S: 8S, W: 9S]\n"
    s, diags = load_text(text, "t.yaml")
    assert diags == []
    assert isinstance(s, PlayScenario) and s.contract.trump is trump


def test_every_diagnostic_code_is_documented_in_the_architecture_page() -> None:
    from explainer.scenarios.diagnostics import Code

    table = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text()
    assert [c.value for c in Code if f"| `{c.value}` |" not in table] == []


def _club(tmp_path: Path, page: str) -> Path:
    """A project whose page ``club-rules`` holds ``page`` and two examples on it."""
    folder = tmp_path / "scenarios" / "club-rules"
    folder.mkdir(parents=True)
    (folder / "page.yaml").write_text(page, encoding="utf-8")
    for n in (1, 2):
        (folder / f"0{n}.yaml").write_text(
            f"id: ex-{n}\npage: club-rules\nsection: play\ncontract: {{trump: hearts}}\n"
            "trick: [N: AS, E: 7S, S: 8S, W: 9S]\n",
            encoding="utf-8",
        )
    return tmp_path


@pytest.mark.parametrize(
    ("page", "problem"),
    [
        (
            "title: Club\nsectons:\n  - {id: play, title: Play}\n",
            "scenarios/club-rules/page.yaml:2:1: unknown key 'sectons' (did you mean 'sections'?)",
        ),
        (
            "id: club-rules\ntitle: Club\nsections:\n  - {id: Play!, title: Play}\n",
            "scenarios/club-rules/page.yaml:4:10: sections.1.id: invalid id 'Play!' (use a-z, 0-9 and -)",
        ),
        (
            "title: Club\nsections:\n  - {id: play, title: Play, tables: [point]}\n",
            "scenarios/club-rules/page.yaml:3:38: sections.1.tables: unknown value 'point' "
            "(did you mean 'points'?) (expected ranks, points or rules)",
        ),
    ],
)
def test_a_page_file_with_a_problem_is_reported_once_not_at_every_example(
    page: str, problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(_club(tmp_path, page))
    project = load_project(Path("."))
    assert [str(d) for d in project.diagnostics] == [problem]
    assert len(project.failed_paths) == 2  # the examples are not checked, and say nothing


def test_an_example_checked_alone_names_its_page_with_problems(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(_club(tmp_path, "title: Club\nsectons: []\n"))
    project = load_project(Path("."), [Path("scenarios/club-rules/01.yaml")])
    assert [str(d) for d in project.diagnostics] == [
        "scenarios/club-rules/01.yaml:2:1: page: the page 'club-rules' has problems "
        "(run explainer check scenarios/club-rules/page.yaml)"
    ]


def test_an_unknown_page_suggests_the_page_its_name_begins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _club(tmp_path, "title: Club\nsections:\n  - {id: play, title: Play}\n")
    example = root / "scenarios" / "club-rules" / "02.yaml"
    example.write_text(
        example.read_text(encoding="utf-8").replace("page: club-rules", "page: club")
    )
    monkeypatch.chdir(root)
    assert [str(d) for d in load_project(Path(".")).diagnostics] == [
        "scenarios/club-rules/02.yaml:2:1: page: unknown page 'club' (did you mean 'club-rules'?)"
    ]
