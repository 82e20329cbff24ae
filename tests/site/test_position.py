"""The Your position page as built: its data are the engine's, its words the examples'.

The browser tests (``test_position_browser.py``) prove the script answers as the engine;
these check what it is given: the generated ``static/position-data.js`` (the engine's
tables, rule ids, rule sets and laws, byte-identical from build to build) and the words
rendered into the page (the same sentences the worked examples use, in every language),
the navigation that reaches it from every page, and its size.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from explainer.engine import (
    ALL_TRUMP_SCALES,
    COINCHE_PRESETS,
    PRESETS,
    InvalidCardError,
    Rule,
    Seat,
    Trump,
    card_str,
    parse_card,
    point_table,
    presets_for,
    tables,
)
from explainer.i18n.catalog import load_catalogs
from explainer.i18n.names import Words
from explainer.scenarios.kinds.law import law_index
from explainer.settings import Settings, read_settings
from explainer.site.build import gather
from explainer.site.position import (
    POSITION,
    SCRIPT,
    engine_data,
    engine_script,
    position_laws,
    position_rule_sets,
    spellings,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site() -> Any:
    built, problems = gather(ROOT)
    assert not problems
    return built


def _data(built_site: Path) -> dict[str, Any]:
    text = (built_site / SCRIPT).read_text(encoding="ascii")
    return json.loads(text[text.index("= ") + 2 : text.rindex(";")])


CLUB = """\
[tool.explainer]
rules = "DEFAULT"

[tool.explainer.rule-sets.club]
preset = "house"
undertrump = "optional"
name = "the Tuesday club's rules"
note = "The club's rules sheet (2026)."
"""


def _club(tmp_path: Path, default: str) -> Settings:
    (tmp_path / "pyproject.toml").write_text(CLUB.replace("DEFAULT", default), encoding="utf-8")
    settings, problems = read_settings(tmp_path)
    assert not problems
    return settings


def test_the_sites_default_rule_set_comes_first_then_its_own_then_the_presets(
    tmp_path: Path,
) -> None:
    presets = [*presets_for("belote"), *COINCHE_PRESETS]
    club = position_rule_sets(_club(tmp_path, "club"))
    assert [rs.id for rs in club] == ["club", *presets]
    assert club[0].play.knobs == dict(PRESETS["house"].knobs, undertrump="optional")
    pagat = position_rule_sets(_club(tmp_path, "pagat_belote"))
    assert [rs.id for rs in pagat] == [
        "pagat_belote",
        "club",
        *(p for p in presets if p != "pagat_belote"),
    ]


def test_a_site_without_settings_offers_the_presets_each_games_default_first() -> None:
    offered = position_rule_sets()
    assert [rs.id for rs in offered] == [*presets_for("belote"), *COINCHE_PRESETS]
    assert offered[0].id == "house"
    for rs in offered:
        assert rs.play == (
            PRESETS[rs.id] if rs.game == "belote" else COINCHE_PRESETS[rs.id].play_rules
        )


def test_the_data_are_the_engines_tables_and_rule_ids(built_site: Path) -> None:
    data = _data(built_site)
    assert data["rules"] == [r.value for r in Rule]
    assert data["seats"] == [s.name for s in Seat]
    assert data["cards"] == [card_str(c) for c in range(32)]
    for trump in Trump:
        t = tables(trump)
        got = data["tables"][trump]
        assert (got["points"], got["above"], got["winKey"]) == (
            list(t.points),
            list(t.above),
            [list(k) for k in t.win_key],
        )
        assert got["trumpMask"] == t.trump_mask and got["trumpLike"] == list(t.trump_like)
    assert data["scales"] == {s: list(point_table(Trump.ALL, s)) for s in ALL_TRUMP_SCALES}
    assert [(r["id"], r["play"]) for r in data["ruleSets"]] == [
        (rs.id, rs.play_knobs) for rs in position_rule_sets()
    ]


def test_every_spelling_of_a_card_is_the_engines() -> None:
    found = spellings()
    assert len(found) == 32 * 108 // 32  # 9 ranks (10 and T) x 12 suits (letters, symbols)
    for text, c in found.items():
        assert parse_card(text) == c
    for wrong in ("1S", "11H", "JX", "♠J"):
        with pytest.raises(InvalidCardError):
            parse_card(wrong)
        assert wrong not in found


def test_the_data_file_is_the_same_bytes_from_build_to_build(site: Any) -> None:
    laws = position_laws(_views(site))
    first = engine_script(engine_data(position_rule_sets(), laws))
    assert first == engine_script(engine_data(position_rule_sets(), position_laws(_views(site))))
    assert first.startswith(b"/* Generated") and first.endswith(b"};\n")


def _views(site: Any) -> list[tuple[str, list[Any]]]:
    return [(pv.page.id, [v for sv in pv.sections for v in sv.examples]) for pv in site.pages]


def test_a_ruling_links_to_the_law_each_worked_example_links_to(site: Any) -> None:
    """Every play example of every page: the page's own law link (``LawIndex.link``) is
    the first of the page's laws the position data lists for its rule that covers it."""
    laws = position_laws(_views(site))
    checked = 0
    for page, views in _views(site):
        index = law_index(views)
        for v in views:
            if getattr(v.scenario, "kind", None) != "play" or v.rule is None:
                continue
            trick = [c for _, _, c in v.trick]
            hand = sum(1 << c for c in v.hand)
            mine = next(
                (
                    law.id
                    for law in laws
                    if law.page == page
                    and law.rule is v.rule
                    and law.law.covers(v.contract.trump, trick, hand)
                ),
                None,
            )
            assert mine == index.link(v), v.scenario.id
            checked += mine is not None
    assert checked > 10


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_the_page_carries_the_examples_sentences(built_site: Path, lang: str) -> None:
    html = (built_site / lang / POSITION / "index.html").read_text(encoding="utf-8")
    words = dict(
        (key, unescape(text))
        for key, text in re.findall(r'<span data-w="([^"]+)">([^<]*)</span>', html)
    )
    w = Words(load_catalogs(ROOT)[lang])
    for rule in Rule:
        assert words[f"rule-{rule.value}"] == w.rule(rule)
        assert words[f"name-{rule.value}"] == w.rule_name(rule)
        assert words[f"illegal-{rule.value}"] == w.illegal(rule)
    assert words["rule-partner-wins-restricted"] == w.rule(Rule.PARTNER_WINS, restricted=True)
    for c in range(32):
        assert words[f"verdict-1-{card_str(c)}"] == w.verdict(c, True)
        assert words[f"verdict-0-{card_str(c)}"] == w.verdict(c, False)
    for seat in Seat:
        assert words[f"which-{seat.name}"] == w.which_cards(seat)
    for rs in position_rule_sets():
        assert words[f"preset-{rs.id}"] == w.preset(rs.id)
        assert f'<option value="{rs.id}">' in html


def test_every_page_links_to_the_your_position_page(built_site: Path) -> None:
    pages = [p for p in built_site.glob("*/*/index.html")] + list(built_site.glob("*/index.html"))
    for page in pages:
        if page.parent == built_site:
            continue  # the root page only chooses a language
        html = page.read_text(encoding="utf-8")
        nav = html[html.index('<nav class="site-nav"') :]
        nav = nav[: nav.index("</nav>")]
        target = "your-position/index.html"
        assert f'href="{target}"' in nav or f'href="../{target}"' in nav, page


def test_the_page_and_its_scripts_stay_within_the_page_budget(built_site: Path) -> None:
    for lang in ("en", "fr", "pl"):
        page = built_site / lang / POSITION / "index.html"
        scripts = re.findall(r'<script src="\.\./\.\./([^"]+)"', page.read_text(encoding="utf-8"))
        assert "static/position.js" in scripts and SCRIPT in scripts
        size = page.stat().st_size + sum((built_site / s).stat().st_size for s in scripts)
        assert size < 150_000, (lang, size)
        assert page.stat().st_size < 100_000


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_every_law_and_section_a_ruling_may_link_to_exists(built_site: Path, lang: str) -> None:
    """Each law the script may link a ruling to: its number's link reaches the law, its
    section's link the section, on the page the law is on."""
    folder = built_site / lang / POSITION
    html = (folder / "index.html").read_text(encoding="utf-8")
    spans = re.findall(r'<span data-w="law-([^"]+)">(.*?)</span>', html)
    assert len(spans) == len(_data(built_site)["laws"])
    for law, body in spans:
        hrefs = re.findall(r'href="([^"]+)"', body)
        assert len(hrefs) == 2 and hrefs[0].endswith(f"#law-{law}"), body
        for href in hrefs:
            path, anchor = href.split("#")
            target = (folder / path).resolve().read_text(encoding="utf-8")
            assert f' id="{anchor}"' in target, href


def test_a_club_site_s_page_offers_its_rule_set_first_named_and_linked(project: Path) -> None:
    """Built: the club's rule set is the form's first choice, by its name, with its knobs
    in the data the script reads and a link to its column on the Rule sets page."""
    import io

    from explainer.site.build import run_build

    text = (project / "pyproject.toml").read_text(encoding="utf-8")
    club = CLUB.replace("DEFAULT", "club").split("\n", 1)[1]
    text = text.replace(
        "[tool.explainer]\n", "[tool.explainer]\n" + club.split("\n\n")[0] + "\n", 1
    )
    text += "\n" + club.split("\n\n", 1)[1]
    (project / "pyproject.toml").write_text(text, encoding="utf-8")
    out = project / "site"
    stream = io.StringIO()
    assert run_build(project, out, None, stream) == 0, stream.getvalue()
    html = (out / "en" / POSITION / "index.html").read_text(encoding="utf-8")
    options = re.findall(r'<option value="([^"]+)">([^<]+)</option>', html)
    assert options[0] == ("club", "the Tuesday club&#39;s rules")
    assert (
        '<span data-w="about-club"><a class="rules-link" href="../rule-sets/index.html#preset-club">'
        in html
    )
    data = _data(out)
    assert data["ruleSets"][0]["id"] == "club"
    assert data["ruleSets"][0]["play"]["undertrump"] == "optional"
