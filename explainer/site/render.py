"""Rendering: the files of a checked site, each one on its own.

:func:`outputs` lists the pages a site has (one :class:`Output` each: its path, its
template, its language and, for a scenario page, what the page shows);
:class:`Renderer` renders any of them, so a full build renders them all and an
incremental one (:mod:`.incremental`) only those whose inputs changed, with the same
code and the same bytes. :func:`render_site` is the full build's: every file in memory.

What a page shows that costs time and depends on no language (the Practice positions,
an example's notes on the other rule sets) is computed once per render, or kept by a
:class:`~.incremental.Memo` between renders.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Final
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from jinja2 import Environment
from markupsafe import Markup

from explainer.cache import by_identity
from explainer.engine import BELOTE, LAST_TRICK, PLAIN_ORDER, Rule, RuleSet, Team
from explainer.i18n.catalog import Catalog
from explainer.i18n.markers import P_
from explainer.i18n.position import field_labels
from explainer.scenarios.kinds.law import law_index
from explainer.scenarios.model import Page, Scenario, Section, Text
from explainer.settings import Settings

from .env import make_env, use_language
from .examples import View, capot_values, contract_kinds, macro_of, outcome_of, score_lines
from .position import (
    POSITION,
    SCRIPT,
    PositionLaw,
    PositionRuleSet,
    engine_data,
    engine_script,
    position_context,
    position_laws,
    position_rule_sets,
)
from .practice import Position, draw_positions, practice_presets
from .theme import static_files
from .variants import (
    RULE_SETS,
    Variant,
    other_value_rows,
    rule_set_games,
    rules_anchor,
    variants,
)

__all__ = [
    "DEFAULT_TITLE",
    "PRACTICE",
    "SITEMAP",
    "Output",
    "PageView",
    "Renderer",
    "SectionView",
    "Site",
    "epoch_problem",
    "outputs",
    "render_site",
    "site_texts",
]

PRACTICE: Final = "practice"
"""The Practice page's folder in each language (a page id no scenario page may take)."""
SITEMAP: Final = "sitemap.xml"

# NOTE: The site's name where its settings give none ([tool.explainer] title).
DEFAULT_TITLE: Final = P_("site", "Rules, worked out")


@dataclass(frozen=True, slots=True)
class SectionView:
    section: Section
    examples: tuple[View, ...]


@dataclass(frozen=True, slots=True)
class PageView:
    page: Page
    sections: tuple[SectionView, ...]

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        """The page's examples, in page order."""
        return tuple(v.scenario for sv in self.sections for v in sv.examples)


@dataclass(frozen=True, slots=True)
class Site:
    """Everything the site shows, checked and computed, before any language is applied."""

    root: Path
    pages: tuple[PageView, ...]
    catalogs: Mapping[str, Catalog]
    settings: Settings = Settings()


@dataclass(frozen=True, slots=True)
class Output:
    """One page of the site: where it goes, its template, its language (``None`` for
    the root page) and, for a scenario page, what it shows."""

    path: str
    template: str
    lang: str | None = None
    view: PageView | None = None


def outputs(site: Site) -> list[Output]:
    """Every page of ``site``, language by language (the root page first)."""
    found = [Output("index.html", "root.html")]
    for lang in site.catalogs:
        found.append(Output(f"{lang}/index.html", "home.html", lang))
        found += [
            Output(f"{lang}/{pv.page.id}/index.html", "page.html", lang, pv) for pv in site.pages
        ]
        found.append(Output(f"{lang}/{PRACTICE}/index.html", "practice.html", lang))
        found.append(Output(f"{lang}/{RULE_SETS}/index.html", "rulesets.html", lang))
        found.append(Output(f"{lang}/{POSITION}/index.html", "position.html", lang))
    return found


def site_texts(config: Settings) -> dict[str, Text | None]:
    """The site's own words, for every page: its title (the theme's default where the
    settings give none), tagline and home introduction, each translated like a page's
    texts (the templates' ``site_title``, ``site_tagline``, ``site_intro``)."""
    title = config.title or Text(DEFAULT_TITLE[1], DEFAULT_TITLE[0], 0)
    return {"site_title": title, "site_tagline": config.tagline, "site_intro": config.intro}


def _own_rule_sets(config: Settings) -> dict[str, tuple[str, RuleSet, str]]:
    """The site's rule sets as the Rule sets page takes them (preset, rules, note)."""
    return {
        name: (rs.preset, rs.rules, rs.note.source if rs.note else "")
        for name, rs in config.rule_sets.items()
    }


def _with_slash(url: str) -> str:
    return url if url.endswith("/") else url + "/"


Variants = Callable[[Scenario], tuple[Variant, ...]]
"""An example's notes on the other rule sets (:func:`~.variants.variants`, the site's
``compare`` applied)."""

_SCORE: Final = {
    "score_right": Markup('<span data-score="right">0</span>'),
    "score_tried": Markup('<span data-score="tried">0</span>'),
}


class Renderer:
    """Renders the pages of one checked site, one :class:`Output` at a time.

    ``env`` (a :func:`~.env.make_env` Environment over the site's templates),
    ``variants`` and ``positions`` may be given by a caller that keeps them between
    builds; each page's bytes are the same either way.
    """

    def __init__(
        self,
        site: Site,
        base_url: str | None,
        *,
        env: Environment | None = None,
        variants_of: Variants | None = None,
        positions: Callable[[], tuple[Position, ...]] | None = None,
    ) -> None:
        config = site.settings
        self.site = site
        self.base = _with_slash(base_url) if base_url else None
        self.env = env if env is not None else make_env(site.root)
        self.langs = list(site.catalogs)
        self._positions = positions or partial(
            draw_positions,
            rules=config.default_rules,
            compare=config.compare,
            preset=config.default_preset,
        )
        self._installed: str | None = None
        self._ctx: dict[str, Any] = {}
        self._position: tuple[tuple[PositionRuleSet, ...], tuple[PositionLaw, ...]] | None = None
        self.common: dict[str, Any] = {
            "kinds": contract_kinds(),
            "rules": tuple(Rule),
            "presets": practice_presets(),
            "teams": (Team.NS, Team.EW),
            "rank_columns": PLAIN_ORDER,
            "last_trick": LAST_TRICK,
            "capot_values": capot_values(),
            "belote": BELOTE,
            "variants": variants_of or _kept(partial(variants, compare=config.compare)),
            "macro_of": macro_of,
            "other_value_rows": other_value_rows(),
            "outcome": outcome_of,
            "score_lines": score_lines,
            "rule_set_games": rule_set_games(own=_own_rule_sets(config)),
            "rules_anchor": partial(rules_anchor, own=tuple(config.rule_sets)),
            "nav_pages": [pv.page for pv in site.pages],
            **site_texts(config),
        }

    def _language(self, lang: str) -> dict[str, Any]:
        """Install ``lang``'s translations (once while it stays the current one)."""
        if self._installed != lang:
            catalog = self.site.catalogs[lang]
            self._ctx = use_language(self.env, catalog, self.site.settings.rule_sets)
            self._installed = lang
        return self._ctx

    def links(self, lang: str | None, path: str, rel: str) -> dict[str, Any]:
        """The canonical link, the alternates and the language switch of one page."""
        base, langs = self.base, self.langs
        names = {other: self.site.catalogs[other].name for other in langs}
        return {
            "canonical": None if base is None else f"{base}{lang}/{path}" if lang else base,
            "alternates": [] if base is None or lang is None else _alternates(base, langs, path),
            "switcher": []
            if lang is None
            else [
                {
                    "lang": other,
                    "name": names[other],
                    "current": other == lang,
                    "href": f"{rel}{other}/{path}index.html",
                }
                for other in langs
            ],
        }

    def render(self, output: Output) -> bytes:
        """The bytes of one page."""
        ctx = self._language(output.lang or self.langs[0])
        extra = self._extra(output)
        template = self.env.get_template(output.template)
        return template.render(**self.common, **ctx, **extra).encode("utf-8")

    def _extra(self, output: Output) -> dict[str, Any]:
        """What one page's template takes besides the common context."""
        if output.lang is None:
            choices = [
                {"lang": lang, "name": self.site.catalogs[lang].name, "href": f"{lang}/index.html"}
                for lang in self.langs
            ]
            return {**self.links(None, "", ""), "rel": "", "home": "index.html", "choices": choices}
        if output.template == "home.html":
            pages = [pv.page for pv in self.site.pages]
            return {
                **self.links(output.lang, "", "../"),
                "rel": "../",
                "home": "index.html",
                "nav_rel": "",
                "current": "",
                "pages": pages,
            }
        folder = output.path.split("/")[1]
        extra = {
            **self.links(output.lang, folder + "/", "../../"),
            "rel": "../../",
            "home": "../index.html",
            "nav_rel": "../",
            "current": folder,
        }
        if output.view is not None:
            pv = output.view
            examples = [v for sv in pv.sections for v in sv.examples]
            return {**extra, "page": pv.page, "sections": pv.sections, "laws": law_index(examples)}
        if output.template == "practice.html":
            return {**extra, **_SCORE, "positions": self._positions()}
        if output.template == "position.html":
            return {**extra, **self._position_page(output.lang)}
        return extra

    def _position_data(self) -> tuple[tuple[PositionRuleSet, ...], tuple[PositionLaw, ...]]:
        """The rule sets the Your position page offers and the play laws of the site's
        pages, found once per render."""
        if self._position is None:
            views = [
                (pv.page.id, [v for sv in pv.sections for v in sv.examples])
                for pv in self.site.pages
            ]
            self._position = (position_rule_sets(self.site.settings), position_laws(views))
        return self._position

    def _position_page(self, lang: str) -> dict[str, Any]:
        """What the Your position page shows in ``lang`` (its words, rule sets, laws)."""
        rule_sets, laws = self._position_data()
        sections = {
            (pv.page.id, sv.section.id): sv.section for pv in self.site.pages for sv in pv.sections
        }
        law_sections = [(law, sections[(law.page, law.section)]) for law in laws]
        w = self._language(lang)["w"]
        fields = field_labels(w.catalog, (w.team(Team.NS), w.team(Team.EW)))
        return position_context(w, rule_sets, law_sections, fields)

    def static(self) -> dict[str, bytes]:
        """The files every build writes whole: the theme's and the site's static files,
        and the engine's data for the Your position page's script."""
        rule_sets, laws = self._position_data()
        files = static_files(self.site.root)
        files[SCRIPT] = engine_script(engine_data(rule_sets, laws))
        return files

    def sitemap(self) -> bytes | None:
        """``sitemap.xml``, when the site has a base URL."""
        if self.base is None:
            return None
        paths = [f"{pv.page.id}/" for pv in self.site.pages]
        paths += [f"{PRACTICE}/", f"{RULE_SETS}/", f"{POSITION}/"]
        return _sitemap(self.base, self.langs, paths).encode("utf-8")


def render_site(site: Site, base_url: str | None) -> dict[str, bytes]:
    """Every file of the site, by relative path (``/``-separated), rendered in memory.

    ``base_url`` (absolute) adds canonical links, hreflang alternates and ``sitemap.xml``;
    without it they are left out.
    """
    renderer = Renderer(site, base_url, positions=_once(site.settings))
    files = {o.path: renderer.render(o) for o in outputs(site)}
    sitemap = renderer.sitemap()
    if sitemap is not None:
        files[SITEMAP] = sitemap
    files.update(renderer.static())
    return dict(sorted(files.items()))


def _kept(notes: Variants) -> Variants:
    """``notes`` made once per example while the renderer lives: every language shows
    the same notes (they are engine values), and a play example asks twice (its
    heading's "sources disagree" and its answer)."""
    kept: dict[int, tuple[Scenario, tuple[Variant, ...]]] = {}
    return lambda scenario: by_identity(kept, scenario, notes)


def _once(config: Settings) -> Callable[[], tuple[Position, ...]]:
    """The Practice positions of ``config``, drawn at the first call only."""
    drawn: list[tuple[Position, ...]] = []

    def positions() -> tuple[Position, ...]:
        if not drawn:
            drawn.append(
                tuple(
                    draw_positions(
                        rules=config.default_rules,
                        compare=config.compare,
                        preset=config.default_preset,
                    )
                )
            )
        return drawn[0]

    return positions


def _alternates(base: str, langs: list[str], path: str) -> list[dict[str, str]]:
    """The same page in every language, and English as ``x-default`` (pages and sitemap)."""
    alts = [{"hreflang": lang, "url": f"{base}{lang}/{path}"} for lang in langs]
    alts.append({"hreflang": "x-default", "url": f"{base}{langs[0]}/{path}"})
    return alts


def epoch_problem(value: str | None) -> str | None:
    """What is wrong with ``SOURCE_DATE_EPOCH`` (``None`` when it is unset, empty or a
    whole number of seconds from 1970 to the year 9999, as reproducible builds define it)."""
    if not value:
        return None
    if value.isascii() and value.isdigit() and int(value) <= _LAST_EPOCH:
        return None
    return (
        "SOURCE_DATE_EPOCH: expected a whole number of seconds since 1970-01-01 (at most"
        f" {_LAST_EPOCH}, the end of 9999), got {value[:40]!r}"
    )


_LAST_EPOCH: Final = 253402300799
"""9999-12-31T23:59:59Z: the last second a four-digit year writes."""


def _sitemap(base: str, langs: list[str], paths: list[str]) -> str:
    """``sitemap.xml``: every page in every language, with its alternates; every text
    and attribute escaped for XML."""
    lastmod = ""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch_problem(epoch) is None:
        lastmod = time.strftime("%Y-%m-%d", time.gmtime(int(epoch)))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for path in ["", *paths]:
        for lang in langs:
            lines.append("  <url>")
            lines.append(f"    <loc>{xml_escape(base + lang + '/' + path)}</loc>")
            if lastmod:
                lines.append(f"    <lastmod>{lastmod}</lastmod>")
            for alt in _alternates(base, langs, path):
                lines.append(
                    f'    <xhtml:link rel="alternate" hreflang={quoteattr(alt["hreflang"])}'
                    f" href={quoteattr(alt['url'])}/>"
                )
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"
