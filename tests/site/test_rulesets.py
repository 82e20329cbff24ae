"""The Rule sets page: every rule set of both games, every rule, each value in words with
its source (title, edition, section, address, quote), from the engine's data."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from markupsafe import escape

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    KNOBS,
    OTHER_VALUES,
    PRESET_SOURCES,
    PRESETS,
    preset_sources,
    presets_for,
)
from explainer.i18n.catalog import load_catalog
from explainer.i18n.names import Words
from explainer.site.env import make_env, use_language
from explainer.site.variants import (
    GAMES,
    other_value_rows,
    rule_set_games,
    rule_set_rows,
    rules_anchor,
)

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "pl")
ALL_PRESETS = {"belote": presets_for("belote"), "coinche": tuple(COINCHE_PRESETS)}


def _esc(text: str) -> str:
    return str(escape(text))


def _page(site: Path, lang: str) -> str:
    return (site / lang / "rule-sets" / "index.html").read_text(encoding="utf-8")


def _knobs(game: str) -> list[str]:
    """Every knob of ``game``; Coinche's table leaves out classic Belote's declarations."""
    if game == "coinche":
        return [k for k in COINCHE_KNOBS if k != "classic_declarations"]
    return [k for k, spec in KNOBS.items() if game in spec.games]


def _cell(html: str, anchor: str) -> str:
    cell = html[html.index(f'id="{anchor}"') :]
    return cell[: cell.index("</tr>")]


def test_rows_are_every_knob_of_each_game_under_every_preset_without_the_alias() -> None:
    for game in GAMES:
        rows = rule_set_rows(game)
        assert [r.knob for r in rows] == _knobs(game)
        for row in rows:
            assert [name for name, _ in row.values] == list(ALL_PRESETS[game])
            for name, sourced in row.values:
                values = PRESET_SOURCES[name] if game == "coinche" else preset_sources(name)
                assert sourced == values[row.knob]
    assert "official" not in {p for g in rule_set_games() for p in g.presets}


def test_each_preset_lists_the_documents_its_values_cite() -> None:
    for g in rule_set_games():
        for name, documents in g.documents:
            values = PRESET_SOURCES[name] if g.game == "coinche" else preset_sources(name)
            cited = {c.source for k in _knobs(g.game) for c in values[k].cites}
            assert set(documents) == cited and len(documents) == len(cited)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_lists_every_preset_of_both_games_and_every_knob(
    built_site: Path, lang: str
) -> None:
    html = _page(built_site, lang)
    w = Words(load_catalog(ROOT, lang))
    for game, presets in ALL_PRESETS.items():
        assert f'id="game-{game}"' in html
        for knob in _knobs(game):
            assert html.count(f'id="rule-{game}-{knob}"') == 1
            assert _esc(w.knob_label(knob)) in html
            for name in presets:
                assert html.count(f'id="{name}-{knob}"') == 1
        for name in presets:
            assert html.count(f'id="preset-{name}"') == 1
    assert 'id="preset-official"' not in html and 'id="official-' not in html
    official = w.preset("official")
    assert not re.search(rf">\s*{re.escape(official[:1].upper() + official[1:])}\s*<", html)


@pytest.mark.parametrize("lang", LANGS)
def test_every_value_is_in_words_with_its_sources_or_a_note(built_site: Path, lang: str) -> None:
    html = _page(built_site, lang)
    w = Words(load_catalog(ROOT, lang))
    for g in rule_set_games():
        for row in g.rows:
            for name, sourced in row.values:
                cell = _cell(html, f"{name}-{row.knob}")
                words = _esc(w.knob_value(row.knob, sourced.value))
                assert f'<strong class="value">{words[:1].upper()}{words[1:]}</strong>' in cell
                assert cell.count('<p class="cite">') == len(sourced.cites)
                assert ('<p class="note"' in cell) == bool(sourced.note)
                for cite in sourced.cites:
                    _check_citation(cell, cite, w)


def _check_citation(cell: str, cite: Any, w: Words) -> None:
    """The document's title (in its language), edition and section, its address as a
    link, the quote in the document's language; never the citation's key."""
    source = cite.source
    assert f'<cite lang="{source.lang}">{_esc(source.title)}</cite>' in cell
    assert _esc(w.rule_text("source edition", source.edition)) in cell
    section = _esc(w.rule_text("source section", cite.section))
    assert f'<span lang="{source.lang}">{section}</span>' in cell
    assert f'<q lang="{source.lang}">{_esc(cite.quote)}</q>' in cell
    if source.url:
        assert f'<a href="{source.url}" rel="external noreferrer">' in cell
    assert f">{cite.key}<" not in cell and f" {cite.key}," not in cell


def test_rule_sets_page_quotes_the_ffb_classic_rulebook_in_french(built_site: Path) -> None:
    cell = _cell(_page(built_site, "en"), "ffb_belote-undertrump")
    assert '<q lang="fr">Si c&#39;est impossible, il faut fournir un atout plus faible</q>' in cell
    assert "§5.2.2" in cell
    assert 'href="https://www.ffbelote.org/' in cell


def test_a_citation_shows_its_document_never_its_key_or_a_maintainers_field() -> None:
    """Whatever else the data keeps beside a citation (where a quote was read, for the
    maintainers), the page shows the document, its edition, section, address and quote."""
    source = SimpleNamespace(
        key="SRC-KEY", publisher="Fédération Française de Belote", lang="fr",
        title="Règles officielles de la Belote", edition="2016-01-27",
        url="https://example.org/regles.pdf", read_in="https://mirror.example/copy.md",
    )  # fmt: skip
    cite = SimpleNamespace(
        key="SRC-KEY", section="§10.2", quote="même en cas de chute", source=source,
        read_in="a transcription in some repository",
    )  # fmt: skip
    env = make_env(ROOT)
    ctx = use_language(env, load_catalog(ROOT, "en"))
    module = env.get_template("_cite.html").make_module(vars=ctx)
    html = str(module.full(cite)) + str(module.short(cite))
    assert '<a href="https://example.org/regles.pdf" rel="external noreferrer">' in html
    assert '<cite lang="fr">Règles officielles de la Belote</cite>' in html
    assert (
        'January 27, 2016, <span lang="fr">§10.2</span>' in html
        and '<q lang="fr">même en cas de chute</q>' in html
    )
    assert "SRC-KEY" not in html and "mirror" not in html and "transcription" not in html
    assert "Fédération Française de Belote" not in html  # named once per rule set, above


def test_a_rule_set_the_page_does_not_list_links_to_the_page() -> None:
    assert rules_anchor(PRESETS["house"]) == "preset-house"
    assert rules_anchor(COINCHE_PRESETS["pagat_coinche"]) == "preset-pagat_coinche"
    assert rules_anchor(PRESETS["official"]) == "rule-sets"


def test_every_contract_line_links_an_anchor_of_the_rule_sets_page(built_site: Path) -> None:
    anchors = set(re.findall(r'id="([^"]+)"', _page(built_site, "fr")))
    for page in ("which-card", "one-deal", "coinche"):
        html = (built_site / "fr" / page / "index.html").read_text(encoding="utf-8")
        links = re.findall(r'href="\.\./rule-sets/index\.html#([^"]+)"', html)
        assert links, page
        assert sorted(set(links) - anchors) == []


def test_other_value_rows_are_every_value_no_preset_takes_in_knob_order() -> None:
    rows = other_value_rows()
    assert [(r.knob, r.value) for r in rows] == [
        (knob, value) for knob in KNOBS for value in OTHER_VALUES.get(knob, {})
    ]
    for row in rows:
        assert row.sourced == OTHER_VALUES[row.knob][row.value]
        assert row.anchor == f"other-{row.knob}-{row.value}"
        assert all(getattr(PRESETS[n], row.knob) != row.value for n in presets_for("belote"))


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_rule_sets_page_lists_the_values_played_elsewhere_with_their_programs(
    built_site: Path, lang: str
) -> None:
    html = (built_site / lang / "rule-sets" / "index.html").read_text(encoding="utf-8")
    table = html[html.index('id="other-values"') :]
    for row in other_value_rows():
        assert f'<tr id="{row.anchor}">' in table
    cell = table[table.index('id="other-belote_bonus-off"') :]
    cell = cell[: cell.index("</tr>")]
    assert 'href="https://github.com/google-deepmind/open_spiel/pull/1574"' in cell
    assert '<q lang="en">&#34;use_belote_rebelote&#34;: False</q>' in cell


def test_every_note_on_a_value_played_elsewhere_links_its_row(built_site: Path) -> None:
    rules_page = (built_site / "en" / "rule-sets" / "index.html").read_text(encoding="utf-8")
    html = (built_site / "en" / "one-deal" / "index.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'href="\.\./rule-sets/index\.html#(other-[\w-]+)"', html))
    assert anchors == {"other-belote_bonus-off"}
    for anchor in anchors:
        assert f'id="{anchor}"' in rules_page
