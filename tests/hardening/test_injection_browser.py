"""The hostile pages in headless Chromium: no script from content ever runs.

The site of test_injection.py (hostile titles, prose, card words, translations) is
served over HTTP and opened page by page. The test fails on any dialog (``alert``),
``window.__pwned`` being set, a page error, or a Content-Security-Policy violation
(reported as a console message or a ``securitypolicyviolation`` event): a violation
means markup from content reached the page and only the CSP stopped it.

Skipped when Chromium or Playwright is missing, except on CI (``CI=true``), where that
is a failure — the same rule and browser flags as every browser test (tests/browser.py); the
session's one browser (``browser``) and hostile build (``hostile_out``, conftest.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import serving

pytestmark = pytest.mark.browser


WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


CLICK_ALL = """buttons => { for (const b of buttons) {
  b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, composed: true}));
} }"""
"""A click on each button, in order (one call for a page's hundreds of cards)."""


PROBE = f"""async () => {{
  const clickAll = {CLICK_ALL};
  clickAll(document.querySelectorAll('.hand button[data-card]'));
  clickAll(document.querySelectorAll('.show-answer'));
  await new Promise(done => setTimeout(done, 50));
  return {{pwned: typeof window.__pwned, csp: window.__csp,
          js: document.documentElement.classList.contains('js')}};
}}"""
"""Every card of the page clicked, then every "Show the answer"; after 50 ms, whether
``window.__pwned`` was set, the CSP violations seen and whether the site's script ran."""


@pytest.fixture(scope="module")
def hostile_server(hostile_out: Path) -> Iterator[tuple[str, Path]]:
    with serving(hostile_out) as base:
        yield base, hostile_out


def test_no_content_script_runs_and_no_csp_violation(
    browser: Any, hostile_server: tuple[str, Path]
) -> None:
    base, out = hostile_server
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("index.html"))
    assert "pl/hostile/index.html" in pages
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_init_script(WATCH)
    problems: list[str] = []
    page = context.new_page()
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on(
        "console",
        lambda m: (
            problems.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning") or "Content Security Policy" in m.text
            else None
        ),
    )
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on(
        "request",
        lambda r: (
            problems.append(f"request off the site: {r.url}")
            if not r.url.startswith(base)
            else None
        ),
    )
    for rel in pages:
        page.goto(base + rel)
        page.wait_for_load_state("load")
        # tap every card of every example hand: the site's own script runs on content
        # (dispatched: hostile titles may overlap the cards; the clicks reach the script),
        # every button in document order, as Playwright's dispatch_event does; then 50 ms
        # for what the clicks queued, and what the page shows: one call for the page
        seen = page.evaluate(PROBE)
        if seen["pwned"] != "undefined":
            problems.append(f"{rel}: window.__pwned was set")
        for violation in seen["csp"]:
            problems.append(f"{rel}: CSP violation: {violation}")
        assert seen["js"], rel
    context.close()
    assert not problems, "\n".join(problems)
