"""Every page in every language, in headless Chromium: the session's one browser, server and
build (``browser`` and ``served_site``, tests/conftest.py).

- No console errors, no failed requests (so the CSP and the relative links hold), every
  example present; a hand starts neutral, a tap reveals one card's verdict and "Show the
  answer" all of them; without JavaScript the answer is a closed <details> and the cards
  are not buttons.
- axe-core 4 finds no violation on any page x language x light/dark x 1280/390 px (one
  test per page, each loading it once). Each rule runs in the modes where its result can
  differ, three runs instead of four (:func:`tests.browser.axe_violations`): every rule in
  light at 390 px; axe's colour rules (``cat.color``: color-contrast, link-in-text-block)
  in dark at 390 px; every other rule in light at 1280 px. Dark at 1280 px needs no run
  of its own, and neither do the colour rules at 1280 px nor the others in dark:
  ``test_the_modes_axe_skips_change_nothing_its_rules_read`` proves from the real
  stylesheet and scripts that the dark scheme changes nothing but colours (which only the
  colour rules read) and that the width changes nothing the colour rules read but box
  sizes and font sizes no larger at 390 px (where the contrast thresholds are therefore
  at least as strict); it fails when a stylesheet or script changes that.
- Nothing scrolls sideways at 320 px (each page as it opens, before its examples are
  tapped at 390 px on the same load): a box wider than its content scrolls by itself,
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
from tests.browser import axe_script, axe_violations

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


HAND = """(block, wanted) => {
  const one = sel => { const all = block.querySelectorAll(sel); return all.length === 1 ? all[0] : null; };
  const text = sel => { const el = one(sel); return el ? el.textContent : null; };
  const out = one('.verdict-out'), answer = one('details.answer');
  const box = out && out.getBoundingClientRect();
  const first = w => { const li = block.querySelector('.verdicts li.' + w); return li && li.getAttribute('data-card'); };
  const code = wanted && first(wanted);
  const button = code && one('.hand button[data-card="' + code + '"]');
  return {
    buttons: block.querySelectorAll('.hand button[data-card]').length,
    cards: block.querySelectorAll('.hand > li').length,
    marked: block.querySelectorAll('.hand .legal, .hand .illegal, .hand .mark').length,
    revealed: block.querySelectorAll('.hand button.revealed').length,
    firsts: ['legal', 'illegal'].filter(w => block.querySelector('.verdicts li.' + w))
      .map(w => [w, first(w)]),
    open: answer ? answer.hasAttribute('open') : null,
    outVisible: !!out && box.width > 0 && box.height > 0 && getComputedStyle(out).visibility !== 'hidden',
    outClass: out && out.getAttribute('class'),
    outText: out && out.textContent,
    item: code ? text('.verdicts li[data-card="' + code + '"]') : null,
    why: wanted ? text('.why-' + wanted + ' .reason') : null,
    pressed: button ? button.getAttribute('aria-pressed') : null,
    buttonClass: button ? button.getAttribute('class') : null,
  };
}"""
"""What a hand block shows, read in one call (each element looked up as strictly as a
Playwright locator: exactly one, else nothing); with ``wanted`` (``legal`` or ``illegal``)
also the first card of that verdict and what its tap showed."""


def _check_hand(example: Any) -> int:
    """Tap an allowed and a forbidden card of a neutral hand; return the taps made."""
    block = example.locator("[data-question]")
    state = block.evaluate(HAND, None)
    assert state["buttons"] == state["cards"] > 0
    assert state["marked"] == 0  # neutral
    taps = 0
    for wanted, code in state["firsts"]:  # the first allowed and forbidden card, if any
        block.locator(f'.hand button[data-card="{code}"]').tap()
        state = block.evaluate(HAND, wanted)
        assert state["item"] is not None and state["why"] is not None, state
        assert state["outVisible"]
        assert state["outClass"] == f"verdict-out {wanted}"
        assert state["outText"] == f"{state['item'].strip()} {state['why'].strip()}"
        assert state["pressed"] == "true"
        assert f"revealed {wanted}" in (state["buttonClass"] or "")
        taps += 1
    assert state["open"] is False
    block.locator(".show-answer").click()
    after = block.evaluate(HAND, None)
    assert after["open"] is True
    assert after["revealed"] == after["buttons"]
    return taps


ANCHORS = """anchors => ({
  lang: document.documentElement.getAttribute('lang'),
  counts: anchors.map(a => document.querySelectorAll('#' + a).length),
  asking: Array.from(document.querySelectorAll('.example-play'))
    .filter(e => e.querySelector('[data-question]')).slice(0, 2).map(e => e.id),
})"""
"""The page's language, how many elements each example's anchor names, and the ids of the
first two examples that ask which card to play."""


def test_every_page_in_every_language_at_390_and_320_px(
    browser: Any, served_site: tuple[str, Path]
) -> None:
    """Each page loaded once on a phone, at 320 px: as it opens nothing may scroll sideways
    or stick out (:data:`OVERFLOW`); then widened to 390 px (no script reads the width, as
    :func:`test_the_modes_axe_skips_change_nothing_its_rules_read` holds, so it is the page
    as it opens there) its examples are checked and tapped."""
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
    clipped: list[str] = []
    for rel in _pages(out):
        page.set_viewport_size({"width": 320, "height": 640})
        page.goto(base + rel)
        page.wait_for_load_state("load")
        clipped += [f"{rel}: {p}" for p in page.evaluate(OVERFLOW, True)]
        if rel.endswith(("which-card/index.html", "one-deal/index.html")):
            _shot(page, rel, "320")
        page.set_viewport_size({"width": 390, "height": 844})
        parts = rel.split("/")
        if len(parts) == 3:  # <lang>/<page>/index.html
            lang, page_id = parts[0], parts[1]
            ids = [s.id for s in project.scenarios if s.page == page_id]
            anchors = [f"law-{s.id}" if s.kind == "law" else s.id  # laws: law-<id>
                       for s in project.scenarios if s.page == page_id]  # fmt: skip
            found = page.evaluate(ANCHORS, anchors)
            assert found["lang"] == lang
            assert found["counts"] == [1] * len(anchors), (rel, ids, found["counts"])
            assert all(found["asking"]), (rel, found["asking"])  # each found by its id
            for example in found["asking"]:
                tapped += _check_hand(page.locator(f'[id="{example}"]'))
        _shot(page, rel, "390")
    context.close()
    assert not problems, "\n".join(problems)
    assert not clipped, "\n".join(clipped)
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
    and axe run where its rules' results can differ (:func:`tests.browser.axe_violations`;
    nothing else reloads)."""
    base, _ = served_site
    page = axe_page
    page.emulate_media(color_scheme=SCHEMES[0])
    page.set_viewport_size({"width": min(WIDTHS), "height": 900})
    page.goto(base + rel)
    page.add_script_tag(path=str(axe_script()))
    page.evaluate("axe.configure({noHtml: true})")
    found = [f"{rel} {line}" for line in axe_violations(page, WIDTHS)]
    assert not found, "\n".join(found)


# -- what lets axe skip a rule in a mode --------------------------------------------------


def css_rules(text: str) -> list[tuple[tuple[str, ...], str, list[tuple[str, str]]]]:
    """Every style rule of a stylesheet in source order: the preludes of the at-rules around
    it (``@media ...``), its selector and its declarations. A small reader for the site's
    own CSS: a nested style rule or a brace in a string makes it fail, not guess."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out: list[tuple[tuple[str, ...], str, list[tuple[str, str]]]] = []
    around: list[str] = []
    selector: str | None = None
    for m in re.finditer(r"([^{}]*)([{}])", text):
        prelude, brace = m.group(1).strip(), m.group(2)
        if brace == "{":
            assert selector is None, f"a rule nested in {selector!r}: not read here"
            if prelude.startswith(("@media", "@supports")):
                around.append(prelude)
            else:
                selector = prelude
        elif selector is not None:
            parts = [d.split(":", 1) for d in prelude.split(";") if d.strip()]
            out.append((tuple(around), selector, [(n.strip(), v.strip()) for n, v in parts]))
            selector = None
        else:
            around.pop()
    assert not around and selector is None, "unbalanced braces"
    return out


COLOUR = re.compile(r"#[0-9a-f]{3,8}|rgba?\([\d.,\s%/]+\)|transparent", re.I)
"""A colour value as the stylesheet writes one."""
BOX = re.compile(r"(padding|margin)(-(top|right|bottom|left))?|(min-|max-)?(width|height)|gap")
"""Properties that only size boxes and the room between them: no colour rule reads them."""
WIDTH_FEATURE = re.compile(r"\((min|max)-width:\s*([\d.]+)(rem|px)\)")
PX = {"rem": 16.0, "px": 1.0, "pt": 4 / 3}
MEASURED = re.compile(
    r"matchMedia|prefers-color-scheme|(inner|outer)(Width|Height)|\bresize\b|(client|offset|scroll)"
    r"(Width|Height)|getBoundingClientRect|getClientRects|visualViewport|ResizeObserver"
    r"|IntersectionObserver|devicePixelRatio|\bscreen\."
)
"""What a script would read to act on the width or the colour scheme."""


def _px(value: str) -> float | None:
    m = re.fullmatch(r"([\d.]+)(rem|px|pt)", value)
    return float(m.group(1)) * PX[m.group(2)] if m else None


def _width_problems(rules: list[tuple[tuple[str, ...], str, list[tuple[str, str]]]]) -> list[str]:
    """What a width-dependent rule sets that a colour rule reads: anything but box sizes
    (never negative), or a font size that is larger at a narrower width than its selector's
    own outside the ``@media`` (``max-width``: no larger; ``min-width``: no smaller)."""
    problems = []
    for i, (around, selector, declarations) in enumerate(rules):
        conditions = " and ".join(a for a in around if re.search(r"width|height|ratio|orient", a))
        if not conditions or any(re.search(r"@media\s+print\b", a) for a in around):
            continue
        sides = {kind for kind, _, _ in WIDTH_FEATURE.findall(conditions)}
        if len(WIDTH_FEATURE.findall(conditions)) != conditions.count("("):
            problems.append(f"{conditions}: a condition on the width not read here")
        for name, value in declarations:
            if BOX.fullmatch(name) and "-" not in value:
                continue
            own = [v for a, s, ds in rules[:i] if not a and s == selector for n, v in ds
                   if n == "font-size"]  # fmt: skip
            wanted, sizes = _px(value), [_px(v) for v in own]
            if name == "font-size" and wanted is not None and own and None not in sizes:
                if sides == {"max"} and all(wanted <= size for size in sizes if size):
                    continue
                if sides == {"min"} and all(wanted >= size for size in sizes if size):
                    continue
            problems.append(f"{conditions} {selector} {{ {name}: {value} }}")
    return problems


def _scheme_problems(rules: list[tuple[tuple[str, ...], str, list[tuple[str, str]]]]) -> list[str]:
    """What the dark scheme sets that is not a custom property, and every value of a custom
    property it sets that is not a colour (in any scheme)."""
    dark = {
        n
        for a, _, ds in rules
        if any("prefers-color-scheme" in x for x in a)
        for n, _ in ds
        if n.startswith("--")
    }
    problems = [] if {"--bg", "--fg"} <= dark else ["the dark scheme sets no --bg and --fg"]
    for around, selector, declarations in rules:
        for name, value in declarations:
            if (name in dark or any("prefers-color-scheme" in a for a in around)) and not (
                name.startswith("--") and COLOUR.fullmatch(value)
            ):
                problems.append(f"{' '.join(around)} {selector} {{ {name}: {value} }}")
    return problems


def test_the_modes_axe_skips_change_nothing_its_rules_read(built_site: Path) -> None:
    """Why :func:`tests.browser.axe_violations` runs each rule in fewer modes than four,
    read from the built site's real stylesheets, scripts and pages:

    - the dark scheme sets nothing but custom properties whose values are colours in every
      scheme, so only colours differ from light: the rules that read no colour (all but
      axe's ``cat.color``) give in dark what they give in light;
    - a rule that depends on the width sets only box sizes, or a font size no larger at the
      narrower width: the colour rules, run at the narrowest width, hold every text to a
      threshold at least as strict as at any wider width (large text gets 3:1, the rest
      4.5:1) over the same colours, backgrounds, weights and visibility;
    - no script reads the width or the scheme, and no page has a style of its own (an
      inline style or a stylesheet for some media only).

    What remains different between widths is where boxes fall. The width rules set no
    position, float, transform, z-index or negative margin, so a text lies over the same
    boxes (its own and its ancestors') at every width, unless at some width it overflows
    its box onto a neighbour's: that one case is not proved here (the every-page test
    catches what sticks out at 320 px, not an overflow within the screen)."""
    static = built_site / "static"
    rules = [r for css in sorted(static.glob("*.css")) for r in css_rules(css.read_text())]
    assert any(d for _, s, d in rules if s == "body")  # the reader read the stylesheet
    problems = _width_problems(rules)
    problems += _scheme_problems(rules)
    problems += [f"{js.name} reads {m.group()}" for js in sorted(static.glob("*.js"))
                 for m in MEASURED.finditer(js.read_text(encoding="utf-8"))]  # fmt: skip
    for page in sorted(built_site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        links = re.findall(r"<link[^>]*rel=\"stylesheet\"[^>]*>", html)
        if re.search(r"<style|\sstyle=|\smedia=", html) or len(links) > 1:
            problems.append(f"{page.relative_to(built_site)} has a style of its own")
    assert not problems, "\n".join(problems)


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


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_the_rule_sets_page_never_scrolls_sideways(
    browser: Any, served_site: tuple[str, Path], script: bool
) -> None:
    """Not even inside a box: every rule set's value and source fits the screen at 1280
    and 320 px, with or without JavaScript, in every language (each page loaded once and
    laid out at each width: no script reads the width, as
    :func:`test_the_modes_axe_skips_change_nothing_its_rules_read` holds)."""
    base, _ = served_site
    found: list[str] = []
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, java_script_enabled=script
    )
    page = context.new_page()
    for lang in ("en", "fr", "pl"):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(base + f"{lang}/rule-sets/index.html")
        page.wait_for_load_state("load")
        for width in (1280, 320):
            page.set_viewport_size({"width": width, "height": 800})
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
