"""Every page in every language, in headless Chromium: the session's one browser, server and
build (``browser`` and ``served_site``, tests/conftest.py).

- No console errors, no failed requests (so the CSP and the relative links hold), every
  example present; a hand starts neutral, a tap reveals one card's verdict and "Show the
  answer" all of them; without JavaScript the answer is a closed <details> and the cards
  are not buttons.
- axe-core 4 finds no violation on any page x language x light/dark x 1280/390 px (one
  test per page, each loading it once).
- Nothing scrolls sideways at 320 px: a box wider than its content scrolls by itself,
  takes keyboard focus and is labelled. The Rule sets page has no such box: nothing on
  it scrolls sideways at 1280 or 320 px.
- which-card prints on at most one A4 page per two examples, with the reasons printed.
- The Practice page keeps a running score; the language switch keeps the #anchor.

With ``EXPLAINER_SCREENSHOTS=1`` screenshots and the printed PDFs go to ``screenshots/``
(ignored by git). Skipped when Chromium, Playwright or axe-core is missing, except on CI
(``CI=true``), where that is a failure.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from explainer.scenarios.loader import load_project
from tests.browser import axe_script

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WIDTHS = (1280, 390)
SCHEMES = ("light", "dark")


def _pages(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("index.html"))


def _watch(page: Any, problems: list[str]) -> None:
    page.on(
        "console",
        lambda m: (
            problems.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning")
            else None
        ),
    )
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    # A request the next navigation cancels (the favicon, on a loaded machine) is aborted,
    # not missing: a missing file still shows as an HTTP error below.
    page.on(
        "requestfailed",
        lambda r: (
            problems.append(f"request failed: {r.url}") if r.failure != "net::ERR_ABORTED" else None
        ),
    )
    page.on(
        "response",
        lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None,
    )


def _shot(page: Any, rel: str, suffix: str) -> None:
    """A full-page screenshot in ``screenshots/`` when ``EXPLAINER_SCREENSHOTS`` is set."""
    if not os.environ.get("EXPLAINER_SCREENSHOTS"):
        return
    shots = ROOT / "screenshots"
    shots.mkdir(exist_ok=True)
    name = rel.replace("/", "_").removesuffix("_index.html").replace(".html", "") or "root"
    page.screenshot(path=str(shots / f"{name}-{suffix}.png"), full_page=True)


def _check_hand(example: Any) -> int:
    """Tap an allowed and a forbidden card of a neutral hand; return the taps made."""
    block = example.locator("[data-question]")
    buttons = block.locator(".hand button[data-card]")
    assert buttons.count() == block.locator(".hand > li").count() > 0
    assert block.locator(".hand .legal, .hand .illegal, .hand .mark").count() == 0  # neutral
    out_line = block.locator(".verdict-out")
    taps = 0
    for wanted in ("legal", "illegal"):
        codes = [
            li.get_attribute("data-card") for li in block.locator(f".verdicts li.{wanted}").all()
        ]
        if not codes:
            continue
        button = block.locator(f'.hand button[data-card="{codes[0]}"]')
        button.tap()
        item = block.locator(f'.verdicts li[data-card="{codes[0]}"]').text_content() or ""
        why = block.locator(f".why-{wanted} .reason").text_content() or ""
        assert out_line.is_visible()
        assert out_line.get_attribute("class") == f"verdict-out {wanted}"
        assert (out_line.text_content() or "") == f"{item.strip()} {why.strip()}"
        assert button.get_attribute("aria-pressed") == "true"
        assert f"revealed {wanted}" in (button.get_attribute("class") or "")
        taps += 1
    answer = block.locator("details.answer")
    assert answer.get_attribute("open") is None
    block.locator(".show-answer").click()
    assert answer.get_attribute("open") is not None
    assert block.locator(".hand button.revealed").count() == buttons.count()
    return taps


def test_every_page_in_every_language(browser: Any, served_site: tuple[str, Path]) -> None:
    base, out = served_site
    project = load_project(ROOT)
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    problems: list[str] = []
    page = context.new_page()
    _watch(page, problems)
    tapped = 0
    for rel in _pages(out):
        page.goto(base + rel)
        page.wait_for_load_state("load")
        parts = rel.split("/")
        if len(parts) == 3:  # <lang>/<page>/index.html
            lang, page_id = parts[0], parts[1]
            assert page.get_attribute("html", "lang") == lang
            for s in project.scenarios:
                if s.page == page_id:
                    anchor = f"law-{s.id}" if s.kind == "law" else s.id  # laws: law-<id>
                    assert page.locator(f"#{anchor}").count() == 1, (rel, s.id)
            for example in page.locator(".example-play:has([data-question])").all()[:2]:
                tapped += _check_hand(example)
        _shot(page, rel, "390")
    context.close()
    assert not problems, "\n".join(problems)
    assert tapped > 0


def test_without_javascript_the_answer_waits_in_a_closed_details(
    browser: Any, served_site: tuple[str, Path]
) -> None:
    base, _ = served_site
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    for rel in ("en/which-card/index.html", "pl/practice/index.html"):
        page.goto(base + rel)
        blocks = page.locator("[data-question]")
        assert blocks.count() > 0
        assert page.locator(".hand button").count() == 0
        assert page.locator("details.answer[open]").count() == 0
        assert page.locator("details.answer").count() == blocks.count()
        assert not page.locator(".show-answer").first.is_visible()
        assert (
            not page.locator(".tap-hint").first.is_visible()
            if page.locator(".tap-hint").count()
            else True
        )
        assert not page.locator(".verdicts").first.is_visible()
    context.close()


def test_practice_keeps_a_running_score(browser: Any, served_site: tuple[str, Path]) -> None:
    base, _ = served_site
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(base + "fr/practice/index.html")
    score = page.locator(".practice-score")
    assert "0" == score.locator("[data-score=right]").text_content()
    positions = page.locator(".position")
    assert positions.count() >= 3 * 8
    right = 0
    for i, wanted in enumerate(("legal", "illegal", "legal")):
        block = positions.nth(i).locator("[data-question]")
        code = (
            block.locator(f".verdicts li.{wanted}").first.get_attribute("data-card")
            if block.locator(f".verdicts li.{wanted}").count()
            else block.locator(".verdicts li").first.get_attribute("data-card")
        )
        legal = block.locator(f'.verdicts li[data-card="{code}"]').get_attribute("class")
        block.locator(f'.hand button[data-card="{code}"]').tap()
        block.locator(f'.hand button[data-card="{code}"]').tap()  # a second tap never counts
        right += legal == "legal"
        assert score.locator("[data-score=tried]").text_content() == str(i + 1)
        assert score.locator("[data-score=right]").text_content() == str(right)
    assert re.fullmatch(r"Bonnes réponses\u00a0: \d+ sur 3\.", (score.text_content() or "").strip())
    context.close()


def test_the_language_switch_keeps_the_anchor(browser: Any, served_site: tuple[str, Path]) -> None:
    base, _ = served_site
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "en/which-card/index.html#follow-suit")
    page.locator('.languages a[lang="pl"]').click()
    page.wait_for_load_state("load")
    assert page.url == base + "pl/which-card/index.html#follow-suit"
    page.goto(base + "pl/which-card/index.html")
    page.locator('.languages a[lang="fr"]').click()
    page.wait_for_load_state("load")
    assert page.url == base + "fr/which-card/index.html"
    context.close()


SHIPPED_PAGES = _pages(ROOT / "site")
"""Every page of the committed site (tests/site/test_site_fresh.py keeps it a fresh build):
one axe test each, so the suite's workers share them."""


def test_the_axe_tests_cover_every_built_page(served_site: tuple[str, Path]) -> None:
    _, out = served_site
    assert SHIPPED_PAGES == _pages(out)
    assert len(SHIPPED_PAGES) > 0


@pytest.fixture(scope="module")
def axe_page(browser: Any) -> Iterator[Any]:
    """One page for every axe test of the module (a worker's): axe is injected by the test,
    so this context alone bypasses the pages' CSP."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("rel", SHIPPED_PAGES)
def test_axe_finds_no_violation_in_either_scheme_at_either_width(
    axe_page: Any, served_site: tuple[str, Path], rel: str
) -> None:
    """The page is loaded and axe injected once; each scheme and width is emulated on it
    and axe run again (nothing else reloads)."""
    base, _ = served_site
    page = axe_page
    page.emulate_media(color_scheme=SCHEMES[0])
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.goto(base + rel)
    page.add_script_tag(path=str(axe_script()))
    page.evaluate("axe.configure({noHtml: true})")
    found: list[str] = []
    runs = 0
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            runs += 1
            for v in result["violations"]:
                targets = [" ".join(map(str, n["target"])) for n in v["nodes"][:3]]
                found.append(
                    f"{rel} {scheme} {width}px: {v['id']} ({v['impact']}) on"
                    f" {len(v['nodes'])} nodes, e.g. {targets}"
                )
    assert runs == len(SCHEMES) * len(WIDTHS)
    assert not found, "\n".join(found)


OVERFLOW = """(boxes) => {
  const doc = document.documentElement;
  const problems = [];
  if (doc.scrollWidth > doc.clientWidth) {
    problems.push('the page scrolls sideways by ' + (doc.scrollWidth - doc.clientWidth) + 'px');
  }
  for (const el of document.querySelectorAll('main *, header *, footer *')) {
    if (el.closest('.sr') || el.scrollWidth <= el.clientWidth + 1) { continue; }
    const style = getComputedStyle(el);
    if (style.overflowX === 'visible' && el.getBoundingClientRect().right <= doc.clientWidth) {
      continue;
    }
    const ok = boxes && el.classList.contains('scroll') && style.overflowX === 'auto'
      && el.tabIndex === 0 && el.getAttribute('role') === 'region'
      && el.hasAttribute('aria-labelledby');
    if (!ok) {
      problems.push(el.tagName.toLowerCase() + '.' + el.className + ' is ' + el.scrollWidth
                    + 'px wide in ' + el.clientWidth + 'px');
    }
  }
  for (const el of document.querySelectorAll('main *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > doc.clientWidth + 1 && !(boxes && el.closest('.scroll'))) {
      problems.push(el.tagName.toLowerCase() + '.' + el.className + ' ends at ' + r.right);
    }
  }
  return problems.slice(0, 5);
}"""
"""What scrolls sideways or sticks out of the screen; with ``boxes`` true, a box that
scrolls by itself, takes keyboard focus and is labelled is allowed."""


def test_nothing_scrolls_sideways_or_is_clipped_at_320px(
    browser: Any, served_site: tuple[str, Path]
) -> None:
    base, out = served_site
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    found: list[str] = []
    for rel in _pages(out):
        page.goto(base + rel)
        page.wait_for_load_state("load")
        found += [f"{rel}: {p}" for p in page.evaluate(OVERFLOW, True)]
        if rel.endswith(("which-card/index.html", "one-deal/index.html")):
            _shot(page, rel, "320")
    context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("width", [1280, 320])
def test_the_rule_sets_page_never_scrolls_sideways(
    browser: Any, served_site: tuple[str, Path], width: int
) -> None:
    """Not even inside a box: every rule set's value and source fits the screen, with or
    without JavaScript, in every language."""
    base, _ = served_site
    found: list[str] = []
    for script in (True, False):
        context = browser.new_context(
            viewport={"width": width, "height": 800}, java_script_enabled=script
        )
        page = context.new_page()
        for lang in ("en", "fr", "pl"):
            page.goto(base + f"{lang}/rule-sets/index.html")
            page.wait_for_load_state("load")
            found += [f"{lang} {width}px js={script}: {p}" for p in page.evaluate(OVERFLOW, False)]
        context.close()
    assert not found, "\n".join(found)


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_which_card_prints_on_one_a4_page_per_two_examples_with_the_reasons(
    browser: Any, served_site: tuple[str, Path]
) -> None:
    base, out = served_site
    project = load_project(ROOT)
    context = browser.new_context()
    page = context.new_page()
    for lang in ("en", "pl", "fr"):
        page.goto(f"{base}{lang}/which-card/index.html")
        page.emulate_media(media="print")
        examples = sum(1 for s in project.scenarios if s.page == "which-card" and s.kind != "law")
        assert page.locator(".example").count() == examples
        for printed in (
            "details.answer .allowed",
            "details.answer .why-legal",
            "details.answer .why-illegal",
        ):
            assert page.locator(printed).first.is_visible(), (lang, printed)
        pdf = page.pdf(format="A4", print_background=False)
        if os.environ.get("EXPLAINER_SCREENSHOTS"):
            (ROOT / "screenshots").mkdir(exist_ok=True)
            (ROOT / "screenshots" / f"{lang}_which-card.pdf").write_bytes(pdf)
        pages = _pdf_pages(pdf)
        # A law's counterexample is an example too (a position, its verdicts, the rule).
        shown = examples + page.locator(".law-counter").count()
        assert pages <= (shown + 1) // 2, (lang, pages, shown)
        page.emulate_media(media="screen")
    context.close()
