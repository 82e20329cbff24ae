"""The site's settings (``[tool.explainer]``): every bad input refused at its place, in
``check`` and ``build`` alike, and the good ones reaching the site.

One file per bad input (``cases/bad-settings/*.toml``), as ``cases/bad/`` holds one per bad
scenario: the file is the project's ``pyproject.toml``, and its first line (and any
``# expect:`` line after) states the exact diagnostic it must produce.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from explainer.cli import main
from explainer.new import create_site
from explainer.settings import base_url_problem, read_settings
from explainer.tomlsource import positions

CASES = Path(__file__).resolve().parent / "cases" / "bad-settings"
PREFIX = "# expect: "


def _cases() -> list[Path]:
    return sorted(CASES.glob("*.toml"))


def _expected(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith(PREFIX), f"{path.name}: the first line must be '{PREFIX}...'"
    return [line[len(PREFIX) :] for line in lines if line.startswith(PREFIX)]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new site (``explainer new``), the current folder."""
    root = tmp_path / "club"
    create_site(root)
    monkeypatch.chdir(root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return root


def test_there_is_a_case_for_every_kind_of_bad_setting() -> None:
    assert len(_cases()) >= 30


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.stem)
def test_a_bad_setting_stops_check_and_build_with_its_located_diagnostic(
    case: Path, site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site / "pyproject.toml").write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    expected = _expected(case)
    n = len(expected)
    problems = f"{n} problem{'s' if n != 1 else ''}"
    assert main(["check"]) == 2
    assert capsys.readouterr().out.splitlines() == [
        *expected,
        f"0 passed, 0 failed; {problems} in pyproject.toml, so nothing else was checked",
    ]
    assert main(["build"]) == 2
    assert capsys.readouterr().out.splitlines() == [
        *expected,
        f"{problems}; the site was not changed",
    ]
    assert not (site / "site").exists()


def test_a_pyproject_that_is_not_utf8_names_its_first_bad_byte(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site / "pyproject.toml").write_bytes(b'[tool.explainer]\ntitle = "Caf\xe9"\n')
    assert main(["check"]) == 2
    assert capsys.readouterr().out.splitlines()[0] == (
        "pyproject.toml:2:13: not UTF-8 text (byte 0xE9); re-save the file as UTF-8"
    )


def test_no_pyproject_gives_the_defaults(site: Path) -> None:
    (site / "pyproject.toml").unlink()
    config, problems = read_settings(site)
    assert problems == () and config.title is None and config.rule_sets == {}
    assert main(["check"]) == 0


def test_the_other_tools_settings_are_not_judged(site: Path) -> None:
    (site / "pyproject.toml").write_text(
        '[project]\nname = "club"\n[tool.ruff]\nline-length = "any"\n', encoding="utf-8"
    )
    assert read_settings(site)[1] == ()


# -- the settings reach the site -----------------------------------------------------------

CLUB = """\
[tool.explainer]
title = "The Tuesday club"
tagline = "How we play, worked out."
intro = "Belote as the Tuesday club plays it."
rules = "club"
compare = []

[tool.explainer.rule-sets.club]
preset = "house"
undertrump = "optional"
capot_points = 250
tie = "failed"
name = "the Tuesday club's rules"
note = "The club's rules sheet (2026)."
"""

DEAL = """\
id: a-capot
title: A capot
page: rules
section: follow
order: 2
kind: deal
contract: {trump: hearts, taker: S}
dealer: W
tricks:
  - [N: AS, E: 7S, S: 7H, W: 7C]
  - [S: JH, W: 7D, N: QS, E: 8S]
  - [S: 9H, W: 8C, N: QD, E: 9S]
  - [S: AH, W: 8D, N: KD, E: JS]
  - [S: 10H, W: 9C, N: 10D, E: QC]
  - [S: KH, W: 9D, N: AD, E: KC]
  - [S: QH, W: JC, N: KS, E: 10C]
  - [S: 8H, W: JD, N: 10S, E: AC]
"""


def test_a_site_rule_set_is_every_scenario_s_default_and_named_on_the_page(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site / "pyproject.toml").write_text(CLUB, encoding="utf-8")
    (site / "scenarios" / "rules" / "follow" / "02-capot.yaml").write_text(DEAL, encoding="utf-8")
    assert main(["check", "--fill"]) == 0, capsys.readouterr().out
    filled = (site / "scenarios" / "rules" / "follow" / "02-capot.yaml").read_text("utf-8")
    assert "score: {NS: 270, EW: 0}" in filled  # the club's capot 250 (house: 252) + belote
    assert main(["build"]) == 0
    page = (site / "site" / "en" / "rules" / "index.html").read_text(encoding="utf-8")
    assert page.count("Belote, the Tuesday club&#39;s rules, hearts are trump.") == 2
    assert 'href="../rule-sets/index.html#preset-club"' in page
    assert "Sources disagree" not in page  # compare = []: no variant notes
    home = (site / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "<h1>The Tuesday club</h1>" in home and "How we play, worked out." in home
    assert "<title>The Tuesday club</title>" in home
    practice = (site / "site" / "en" / "practice" / "index.html").read_text(encoding="utf-8")
    assert "the Tuesday club&#39;s rules" in practice and "house rules" not in practice
    rulesets = (site / "site" / "en" / "rule-sets" / "index.html").read_text(encoding="utf-8")
    assert 'id="preset-club"' in rulesets and "The club&#39;s rules sheet (2026)." in rulesets


def test_the_default_preset_is_the_one_the_site_s_rule_set_starts_from(site: Path) -> None:
    """What Practice needs to know of a club's rule set built on Pagat's Belote."""
    (site / "pyproject.toml").write_text(
        CLUB.replace('preset = "house"', 'preset = "pagat_belote"'), encoding="utf-8"
    )
    config, problems = read_settings(site)
    assert problems == () and config.default_rules.name == "club"
    assert config.default_preset == "pagat_belote"
    (site / "pyproject.toml").write_text('[tool.explainer]\nrules = "ffb_belote"\n', "utf-8")
    assert read_settings(site)[0].default_preset == "ffb_belote"
    (site / "pyproject.toml").unlink()
    assert read_settings(site)[0].default_preset == "house"


def test_a_scenario_names_a_site_rule_set_and_changes_one_of_its_knobs(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site / "pyproject.toml").write_text(CLUB.replace('rules = "club"\n', ""), encoding="utf-8")
    deal = DEAL.replace("{trump: hearts, taker: S}", "{trump: hearts, taker: S, rules: club}")
    path = site / "scenarios" / "rules" / "follow" / "02-capot.yaml"
    path.write_text(deal + "expect: {score: {NS: 270, EW: 0}}\n", encoding="utf-8")
    assert main(["check"]) == 0, capsys.readouterr().out
    changed = deal.replace("rules: club}", "rules: {preset: club, capot_points: 252}}")
    path.write_text(changed + "expect: {score: {NS: 272, EW: 0}}\n", encoding="utf-8")
    assert main(["check"]) == 0, capsys.readouterr().out


def test_a_scenario_naming_an_unknown_rule_set_is_offered_the_site_s(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site / "pyproject.toml").write_text(CLUB, encoding="utf-8")
    example = site / "scenarios" / "rules" / "follow" / "01-follow-suit.yaml"
    text = example.read_text(encoding="utf-8")
    example.write_text(text.replace("{game: belote,", "{game: belote, rules: clb,"), "utf-8")
    assert main(["check"]) == 2
    assert capsys.readouterr().out.splitlines()[0] == (
        "scenarios/rules/follow/01-follow-suit.yaml:9:33: unknown rules: 'clb' (did you mean"
        " 'club'?) (expected house, ffb_belote, pagat_belote, official or club)"
    )


def test_languages_choose_what_is_built_and_a_theme_language_needs_no_site_catalog(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (site / "pyproject.toml").read_text(encoding="utf-8")
    (site / "pyproject.toml").write_text(
        text.replace('# languages = ["en", "fr"]', 'languages = ["en", "fr"]'), encoding="utf-8"
    )
    assert main(["build"]) == 0
    assert capsys.readouterr().out.startswith("built 11 pages in 2 languages (en, fr)")
    page = (site / "site" / "fr" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "Quelles cartes Nord peut-il jouer" in page  # the theme's French, at once
    assert "interface" not in page  # the theme speaks French: no notice


# -- the scaffold's settings --------------------------------------------------------------


def test_every_commented_setting_of_the_scaffold_works_once_uncommented(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (site / "pyproject.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    settings = [
        line[2:]
        for line in lines
        if line.startswith("# ") and ("= " in line or line.startswith("# [tool.explainer"))
        and not line.startswith("# `")
    ]  # fmt: skip
    assert len(settings) >= 10
    (site / "pyproject.toml").write_text(
        "\n".join(line[2:] if line[2:] in settings else line for line in lines) + "\n",
        encoding="utf-8",
    )
    config, problems = read_settings(site)
    assert problems == ()
    assert (config.rules, sorted(config.rule_sets), config.compare) == ("club", ["club"], ())
    assert main(["check"]) == 0
    assert main(["build"]) == 0, capsys.readouterr().out
    page = (site / "site" / "fr" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "Belote, our club&#39;s rules, atout cœur." in page


# -- the base URL and SOURCE_DATE_EPOCH from the command line and the environment --------


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "data:text/html,x", "//host/", "ftp://host/", "https://"]
)
def test_a_base_url_flag_that_is_not_http_is_refused_before_anything(
    url: str, site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", "--base-url", url]) == 2
    assert capsys.readouterr().out == (
        "--base-url: expected an absolute http or https URL (https://rules.example.org/),"
        f" got {url!r}\n"
    )
    assert not (site / "site").exists()


@pytest.mark.parametrize("value", ["99999999999999999999", "²", "-1", "1e9", " 5", "１２"])
def test_a_source_date_epoch_that_is_not_a_time_is_one_line(
    value: str, site: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    assert main(["build", "--base-url", "https://rules.example.org/"]) == 2
    assert capsys.readouterr().out == (
        "SOURCE_DATE_EPOCH: expected a whole number of seconds since 1970-01-01 (at most"
        f" 253402300799, the end of 9999), got {value!r}\n"
    )


def test_a_source_date_epoch_dates_the_sitemap(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    assert main(["build", "--base-url", "https://rules.example.org/"]) == 0
    assert "<lastmod>2026-01-01</lastmod>" in (site / "site" / "sitemap.xml").read_text("utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "")  # empty: unset, as CI systems leave it
    assert main(["build", "--base-url", "https://rules.example.org/"]) == 0
    assert "lastmod" not in (site / "site" / "sitemap.xml").read_text("utf-8")


@given(st.text(max_size=40))
def test_a_base_url_is_accepted_only_as_an_absolute_http_url_without_markup(text: str) -> None:
    url = "https://rules.example.org/" + text
    if base_url_problem(url) is None:
        assert not set(url) & set('"<>\\` \t\n\r') and "?" not in url and "#" not in url
    assert base_url_problem(text) is not None or text.lower().startswith(("http:", "https:"))


@given(
    st.dictionaries(
        st.from_regex(r"[a-z][a-z_-]{0,8}", fullmatch=True),
        st.one_of(st.integers(), st.text(max_size=10), st.lists(st.text(max_size=5), max_size=3)),
        max_size=6,
    )
)
def test_every_key_and_value_of_a_table_is_located(table: dict[str, object]) -> None:
    import json

    text = "[tool.explainer]\n" + "".join(
        f"{key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in table.items()
    )
    found = positions(text)
    for line, key in enumerate(table, start=2):
        assert found.keys[("tool", "explainer", key)] == (line, 1)
        assert found.values[("tool", "explainer", key)] == (line, len(key) + 4)


def test_the_settings_texts_are_extracted_at_their_lines_for_the_site_s_catalogs() -> None:
    import io

    from explainer.i18n.extract import extract_settings

    found = list(extract_settings(io.BytesIO(CLUB.encode()), (), (), {}))
    assert [(line, context, message) for line, _, (context, message), _ in found] == [
        (2, "site:title", "The Tuesday club"),
        (3, "site:tagline", "How we play, worked out."),
        (4, "site:intro", "Belote as the Tuesday club plays it."),
        (13, "rule-set:club|name", "the Tuesday club's rules"),
        (14, "rule-set:club|note", "The club's rules sheet (2026)."),
    ]
    assert all(comments and comments[0].startswith("The ") for *_, comments in found)
    assert list(extract_settings(io.BytesIO(b"[tool.explainer\n"), (), (), {})) == []


def test_a_play_example_names_a_site_rule_set_that_carries_scoring_rules_too(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A club rule set holds play and scoring knobs together; a play uses the play ones
    (the same knobs written inline in a play would be refused: they score a whole deal)."""
    (site / "pyproject.toml").write_text(CLUB.replace('rules = "club"\n', ""), encoding="utf-8")
    example = site / "scenarios" / "rules" / "follow" / "01-follow-suit.yaml"
    text = example.read_text(encoding="utf-8")
    example.write_text(text.replace("{game: belote,", "{game: belote, rules: club,"), "utf-8")
    assert main(["build"]) == 0, capsys.readouterr().out
    page = (site / "site" / "en" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "Belote, the Tuesday club&#39;s rules, hearts are trump." in page
    inline = "{game: belote, rules: {preset: house, capot_points: 250},"
    example.write_text(text.replace("{game: belote,", inline), "utf-8")
    assert main(["check"]) == 2
    assert "knob capot_points does not apply to kind: play" in capsys.readouterr().out


def test_reading_the_settings_of_a_check_of_some_files_loads_no_babel() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from explainer.settings import read_settings\n"
        f"read_settings(Path({str(Path(__file__).resolve().parents[1])!r}))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('babel', 'jinja2'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.splitlines()[-1] == "[]"
