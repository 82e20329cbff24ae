"""Every page in every language, in headless Chromium at phone width.

No console errors, no failed requests (so the CSP and the relative links hold), every
example present, and tapping an allowed and a forbidden card shows the right verdict.
Screenshots go to ``screenshots/`` (ignored by git). Skipped when Chromium or Playwright
is missing, except on CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from explainer.scenarios.loader import load_project
from tests.browser import launch, serving

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    import io

    from explainer.site.build import run_build

    out = tmp_path_factory.mktemp("browser") / "site"
    stream = io.StringIO()
    assert run_build(ROOT, out, None, stream) == 0, stream.getvalue()
    with serving(out) as base:
        yield base, out


def _pages(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("index.html"))


def test_every_page_in_every_language(browser: Any, server: tuple[str, Path]) -> None:
    base, out = server
    project = load_project(ROOT)
    shots = ROOT / "screenshots"
    shots.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                  is_mobile=True, has_touch=True)
    problems: list[str] = []
    page = context.new_page()
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}")
            if r.status >= 400 else None)
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
                    assert page.locator(f"#{s.id}").count() == 1, (rel, s.id)
            for example in page.locator(".example-play").all():
                legal = example.locator(".hand button.legal")
                illegal = example.locator(".hand button.illegal")
                if legal.count() == 0 or illegal.count() == 0:
                    continue
                out_line = example.locator(".verdict-out")
                for button, wanted in ((legal.first, "legal"), (illegal.first, "illegal")):
                    code = button.get_attribute("data-card")
                    expected = example.locator(f'.verdicts li[data-card="{code}"]').text_content()
                    button.tap()
                    assert out_line.is_visible()
                    assert out_line.get_attribute("class") == f"verdict-out {wanted}"
                    assert (out_line.text_content() or "").strip() == (expected or "").strip()
                    assert button.get_attribute("aria-pressed") == "true"
                    tapped += 1
        page.screenshot(path=str(shots / (rel.replace("/", "_").removesuffix("_index.html")
                                          or "root").replace(".html", "") ) + ".png",
                        full_page=True)
    context.close()
    assert not problems, "\n".join(problems)
    assert tapped > 0
