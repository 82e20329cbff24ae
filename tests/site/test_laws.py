"""Laws on the built pages: each anchored and marked as checked, with the count the
engine computed, its counterexamples worded like every example, the examples linking to
the law of their rule, and Coinche's laws naming Coinche's rule sets."""

from __future__ import annotations

import re
from gettext import NullTranslations
from pathlib import Path

import pytest
from babel.numbers import format_decimal

from explainer.engine import LawOutcome, MatchOutcome
from explainer.i18n.catalog import Catalog
from explainer.i18n.names import Words
from explainer.scenarios.kinds.law import KIND as LAW_KIND
from explainer.scenarios.kinds.law import CoincheCounterView, LawScenario, law_index
from explainer.scenarios.kinds.play import KIND as PLAY_KIND
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
    rule sets (positions for a play law, deals for a deal law, matches for a match law)."""
    return max(
        o.checked
        if isinstance(o, LawOutcome)
        else o.matches
        if isinstance(o, MatchOutcome)
        else o.deals
        for o in law.outcome.outcomes
    )


def test_the_shipped_pages_have_laws() -> None:
    assert {law.page for law in LAWS} == {"which-card", "one-deal", "coinche", "match"}


@pytest.mark.parametrize("law", LAWS, ids=lambda s: s.id)
def test_each_law_is_anchored_marked_and_shows_the_engines_count(
    built_site: Path, law: LawScenario
) -> None:
    html = _law_html(built_site, law)
    assert html.count(f'id="law-{law.id}"') == 1
    assert f'<a class="anchor" href="#law-{law.id}">' in html
    first = law.outcome.outcomes[0]
    what = (
        "Checked over {} positions"
        if isinstance(first, LawOutcome)
        else "Checked on {} random matches"
        if isinstance(first, MatchOutcome)
        else "Checked on {} random deals"
    )
    assert (
        '<p class="law-check"><span class="law-mark" aria-hidden="true">§</span> '
        + what.format(format_decimal(_checked(law), locale="en"))
        + " under each of: "
    ) in html


@pytest.mark.parametrize("page", ["which-card", "one-deal", "coinche", "match"])
def test_a_page_with_laws_explains_the_checked_mark_once(built_site: Path, page: str) -> None:
    html = _page(built_site, page)
    assert html.count('<p class="law-legend">') == 1
    assert (
        '<p class="law-legend"><span class="law-mark" aria-hidden="true">§</span> A numbered'
        " rule marked like this is a checked statement: the rules engine tries it on many"
        " random positions or deals, under each rule set named, and says where it holds."
        " Plain text around it is explanation only.</p>"
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


WHICH_CARD_LINKS = {
    "climb-over-partner": "climb-trump-led",
    "climb-all-trump": "all-trump-climb",
    "follow-suit": "follow-plain-suit",
    "no-trump-follow": "follow-plain-suit",
    "no-trump-discard": "no-trump-free-discard",
    "trick-worth-41": "opponent-winning-trump",
    "trump-when-void": "opponent-winning-trump",
    "partner-wins-any-card": "partner-winning-no-trump-needed",
    "overtrump": "opponent-trumped-overtrump",
    "partner-trumped-no-lower-trump": "partner-winning-no-trump-needed",
    "undertrump-house": "must-undertrump",
    "undertrump-contree": "no-undertrump-coinche",
}
"""Each play example of which-card and the law it links to: one that states the rule
which decided the example and covers its position (``discard`` has three such laws)."""


def _article(html: str, example_id: str) -> str:
    article = html[html.index(f'<article class="example example-play" id="{example_id}"') :]
    return article[: article.index("</article>")]


def test_every_play_example_links_to_the_law_that_explains_it(built_site: Path) -> None:
    html = _page(built_site, "which-card")
    plays = {
        s.id
        for s in PROJECT.scenarios
        if s.page == "which-card" and isinstance(s, PlayScenario) and s.outcome.ruling is not None
    }
    assert plays == set(WHICH_CARD_LINKS)
    for example_id, law_id in WHICH_CARD_LINKS.items():
        link = f'<p class="law-link"><a href="#law-{law_id}">See rule '
        assert link in _article(html, example_id), example_id


def test_an_example_links_to_the_law_covering_it_not_the_first_of_its_rule() -> None:
    """``undertrump-contree`` is decided by ``discard``, as is ``no-trump-discard``:
    each goes to the law about its own position, whatever the page order."""
    index = law_index([LAW_KIND.view(s) for s in LAWS if s.page == "which-card"])
    discard = [law_id for law_id, _ in index.by_rule["discard"]]
    assert discard == [  # LAWS is in id order
        "all-trump-void-discard",
        "no-trump-free-discard",
        "no-trump-held-discard",
        "no-undertrump-coinche",
    ]
    by_id = {s.id: s for s in PROJECT.scenarios}
    for example_id in ("undertrump-contree", "no-trump-discard"):
        view = PLAY_KIND.view(by_id[example_id])
        assert index.link(view) == WHICH_CARD_LINKS[example_id]


def test_an_example_whose_position_no_law_covers_links_nowhere() -> None:
    index = law_index([LAW_KIND.view(s) for s in LAWS if s.page == "which-card"])
    view = PLAY_KIND.view({s.id: s for s in PROJECT.scenarios}["undertrump-contree"])
    only_first = law_index([LAW_KIND.view(s) for s in LAWS if s.id == "no-trump-free-discard"])
    assert index.link(view) is not None
    assert only_first.link(view) is None


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
    assert "Coinche, FFB coinche rules (2015)" in html or "FFB contrée rules (2016)" in html


COINCHE_DEAL_LAWS = {
    "coinche-deal-declarations-score": ("declarations", ["ffb_contree", "pagat_coinche"]),
    "coinche-deal-tie-fails": ("scoring", ["ffb_contree", "pagat_coinche"]),
    "coinche-deal-failed-takers-keep-belote": ("scoring", ["ffb_contree"]),
    "coinche-deal-either-team-belote": ("scoring", ["pagat_coinche"]),
    "coinche-deal-coinched-winner-takes-all": ("scoring", ["pagat_coinche"]),
    "coinche-deal-capot-252": ("capot", ["pagat_coinche"]),
    "coinche-deal-defence-capot": ("capot", []),
}
"""The Coinche page's deal laws: the section each stands in, and the presets that break it."""
PRESET_TITLES = {
    "ffb_coinche": "FFB coinche rules (2015)",
    "ffb_contree": "FFB contrée rules (2016)",
    "pagat_coinche": "Pagat coinche rules",
}


def test_the_coinche_page_numbers_its_deal_laws_in_its_scoring_sections(built_site: Path) -> None:
    html = _page(built_site, "coinche")
    numbers = [int(n) for n in re.findall(r'<li class="law" id="law-[^"]+" value="(\d+)"', html)]
    assert numbers == list(range(1, len(numbers) + 1))
    for law_id, (section, _) in COINCHE_DEAL_LAWS.items():
        start = html.index(f'<section class="section" id="{section}"')
        end = html.index("</section>", start)
        assert start < html.index(f'id="law-{law_id}"') < end, law_id
        assert (
            "Checked on 10,000 random deals under each of: " + ", ".join(PRESET_TITLES.values())
            in html[start:end]
        )


@pytest.mark.parametrize("law_id", COINCHE_DEAL_LAWS)
def test_a_coinche_deal_law_shows_a_coinche_deal_where_a_preset_breaks_it(
    built_site: Path, law_id: str
) -> None:
    (law,) = [s for s in LAWS if s.id == law_id]
    html = _law_html(built_site, law)
    if "<article " in html:  # the section's examples follow its last law
        html = html[: html.index("<article ")]
    broken = COINCHE_DEAL_LAWS[law_id][1]
    titles = re.findall(r'<p class="law-counter-title">Under the (.*?) this does not hold:', html)
    assert titles == [PRESET_TITLES[p] for p in broken]
    assert html.count('<table class="score lines">') == len(broken)
    shown = dict(LAW_KIND.view(law).counterexamples)
    for preset in broken:
        cv = shown[preset]
        assert isinstance(cv, CoincheCounterView)
        block = html[html.index(f"Under the {PRESET_TITLES[preset]} this does not hold:") :]
        block = block[: block.index("</details>")]
        contract = re.search(r'<p class="contract">Contract: .*?#preset-(\w+)"', block)
        assert contract is not None and contract.group(1) == preset
        ns, ew = cv.deal.result.score
        assert f'<th scope="row">Score for the deal</th><td>{ns}</td><td>{ew}</td>' in block
        assert '<p class="outcome ' in block and "The eight tricks" in block
    if not broken:
        assert "It holds under all of them." in html
