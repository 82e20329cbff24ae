"""Laws on the built pages: each anchored and marked as checked, with the count the
engine computed, its counterexamples worded like every example, the examples linking to
the law of their rule, and Coinche's laws naming Coinche's rule sets."""

from __future__ import annotations

import re
from gettext import NullTranslations
from pathlib import Path

import pytest
from babel.numbers import format_decimal

from explainer.engine import LawOutcome
from explainer.i18n.catalog import Catalog
from explainer.i18n.names import Words
from explainer.scenarios.kinds.law import KIND as LAW_KIND
from explainer.scenarios.kinds.law import LawScenario, law_index
from explainer.scenarios.kinds.play import PlayScenario
from explainer.scenarios.loader import load_project

ROOT = Path(__file__).resolve().parents[2]
PROJECT = load_project(ROOT)
LAWS = sorted((s for s in PROJECT.scenarios if isinstance(s, LawScenario)), key=lambda s: s.id)
EN = Words(Catalog("en", NullTranslations()))


def _page(site: Path, page: str) -> str:
    return (site / "en" / page / "index.html").read_text(encoding="utf-8")


def _law_html(site: Path, law: LawScenario) -> str:
    """The law's list item, up to the next law or the end of its section."""
    html = _page(site, law.page)
    start = html.index(f'<li class="law" id="law-{law.id}"')
    ends = [
        i
        for i in (html.find('<li class="law" ', start + 1), html.find("</section>", start))
        if i > 0
    ]
    return html[start : min(ends)]


def _checked(law: LawScenario) -> int:
    """What the engine checked the law over: the page shows the largest count of its
    rule sets (positions for a play law, deals for a deal law)."""
    return max(o.checked if isinstance(o, LawOutcome) else o.deals for o in law.outcome.outcomes)


def test_the_shipped_pages_have_laws() -> None:
    assert {law.page for law in LAWS} == {"which-card", "one-deal", "coinche"}


@pytest.mark.parametrize("law", LAWS, ids=lambda s: s.id)
def test_each_law_is_anchored_marked_and_shows_the_engines_count(
    built_site: Path, law: LawScenario
) -> None:
    html = _law_html(built_site, law)
    assert html.count(f'id="law-{law.id}"') == 1
    assert f'<a class="anchor" href="#law-{law.id}">' in html
    what = (
        "Checked over {} positions"
        if isinstance(law.outcome.outcomes[0], LawOutcome)
        else "Checked on {} random deals"
    )
    assert (
        '<p class="law-check"><span class="law-mark" aria-hidden="true">§</span> '
        + what.format(format_decimal(_checked(law), locale="en"))
        + " under each of: "
    ) in html


@pytest.mark.parametrize("page", ["which-card", "one-deal", "coinche"])
def test_a_page_with_laws_explains_the_checked_mark_once(built_site: Path, page: str) -> None:
    html = _page(built_site, page)
    assert html.count('<p class="law-legend">') == 1
    assert (
        '<p class="law-legend"><span class="law-mark" aria-hidden="true">§</span> A numbered'
        " rule marked like this is a checked statement: the rules engine tries it on every"
        " kind of position, under each rule set named, and says where it holds. Plain text"
        " around it is explanation only.</p>"
    ) in html
    assert html.index("law-legend") < html.index('<li class="law" ')


def test_a_law_failing_under_house_shows_its_counterexample_with_verdicts(
    built_site: Path,
) -> None:
    (law,) = [s for s in LAWS if s.id == "partner-winning-any-card"]
    (house,) = [o for o in law.outcome.outcomes if o.preset == "house"]
    assert isinstance(house, LawOutcome) and house.counterexample is not None
    cx = house.counterexample
    html = _law_html(built_site, law)
    block = html[html.index('<p class="law-counter-title">Under the house rules this') :]
    block = block[: block.find('<div class="law-counter">')]
    assert block.startswith(
        '<p class="law-counter-title">Under the house rules this does not hold:</p>\n'
        '<p class="contract">Belote, house rules, hearts are trump.</p>'
    )
    verdicts = re.findall(
        r'<li class="(?:il)?legal"><span class="mark"[^>]*>.</span> ([^<]*)</li>', block
    )
    assert verdicts == [EN.verdict(c, c in cx.legal) for c in cx.hand]
    assert verdicts == ["Seven of hearts may not be played.", "Nine of hearts may be played."]


def test_a_play_example_links_to_the_law_of_the_rule_that_decided_it(built_site: Path) -> None:
    html = _page(built_site, "which-card")
    views = [s for s in PROJECT.scenarios if s.page == "which-card"]
    by_rule = law_index([LAW_KIND.view(s) for s in LAWS if s.page == "which-card"]).by_rule
    linked = 0
    for s in views:
        if not isinstance(s, PlayScenario) or s.outcome.ruling is None:
            continue
        law_id = by_rule.get(s.outcome.ruling.rule.value)
        if law_id is None:
            continue
        article = html[html.index(f'<article class="example example-play" id="{s.id}"') :]
        article = article[: article.index("</article>")]
        assert f'<p class="law-link"><a href="#law-{law_id}">See rule ' in article, s.id
        linked += 1
    assert linked >= 3


def test_follow_examples_link_to_the_follow_law(built_site: Path) -> None:
    """The rule ``follow`` has its law, so the examples it decides link to a rule too."""
    by_rule = law_index([LAW_KIND.view(s) for s in LAWS if s.page == "which-card"]).by_rule
    assert by_rule["follow"] == "follow-plain-suit"
    html = _page(built_site, "which-card")
    follows = [
        s
        for s in PROJECT.scenarios
        if s.page == "which-card"
        and isinstance(s, PlayScenario)
        and s.outcome.ruling is not None
        and s.outcome.ruling.rule.value == "follow"
    ]
    assert len(follows) >= 2
    for s in follows:
        article = html[html.index(f'<article class="example example-play" id="{s.id}"') :]
        article = article[: article.index("</article>")]
        assert '<p class="law-link"><a href="#law-follow-plain-suit">See rule ' in article, s.id


def test_coinche_laws_name_coinches_rule_sets(built_site: Path) -> None:
    html = _page(built_site, "coinche")
    assert "Checked over" in html
    for id_ in ("ffb_coinche", "ffb_contree", "pagat_coinche"):
        assert id_ not in re.sub(r'data-[a-z-]+="[^"]*"|href="[^"]*"', "", html)
    assert (
        "under each of: FFB coinche rules (2015), FFB contrée rules (2016), Pagat coinche rules."
        in html
    )
    assert '<p class="contract">Coinche, Pagat coinche rules, hearts are trump.</p>' in html
    assert "Coinche, house rules" not in html and "Coinche, official rules" not in html
