"""A second rules site, end to end, as a club makes it from the released package.

In a temporary folder, from a wheel built from this checkout (:mod:`tests.install`):
``explainer new club`` (the run's one new site, copied); the club's own rule set made
the site's default in its ``pyproject.toml``; a page with a play example, a finished
trick and a whole deal scored; French added with an empty catalog and German with a few
strings; then the README's command as written (a virtualenv, the package installed: the
run's one install, tests/conftest.py's ``set_up``; the site built), the wheel standing
for the release's tag. In Chromium (one browser, one build): the French pages show the
theme's words in French, the German pages the site's German strings and the notice that
the interface is English, axe finds no violation, and every contract line names the
club's rule set, on the Practice page too.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.frontend import CommandLineInterface

from tests.browser import axe_script, serving
from tests.install import Made, SetUp, readme_commands, run

pytestmark = pytest.mark.browser

SETTINGS = """
[tool.explainer.rule-sets.club]
preset = "house"
undertrump = "optional"
capot_points = 250
tie = "failed"
name = "our club's rules"
note = "Our club's rules sheet: undertrumping is optional, a capot scores 250, a tie fails."
"""

SECTIONS = """\
  - id: tricks
    title: Winning a trick
    text: |
      The highest trump wins the trick; without a trump, the highest card of the suit led.
  - id: score
    title: Scoring a deal
    text: |
      At the end of the deal each team counts the points of the tricks it won.
"""

TRICK = """\
id: trump-wins
title: A trump wins the trick
page: rules
section: tricks
order: 1
contract: {game: belote, trump: hearts}
trick: [S: AS, W: 10S, N: 7S, E: JH]
expect:
  winner: E
  points: 41
text: |
  South leads {AS}, West and North follow, and East trumps with {JH}: East wins the trick.
"""

DEAL = """\
id: deal-made
kind: deal
title: The contract is made
page: rules
section: score
order: 1
contract: {game: belote, trump: hearts, taker: W}
dealer: N
tricks:
  - [E: AS, S: 8S, W: KS, N: JS]
  - [E: 9C, S: AC, W: QC, N: JC]
  - [S: 7H, W: QH, N: JH, E: 8H]
  - [N: 10S, E: 10H, S: QS, W: 9S]
  - [E: KC, S: 7C, W: 7S, N: 8C]
  - [E: 10C, S: 9H, W: KH, N: AD]
  - [S: 7D, W: 9D, N: KD, E: 10D]
  - [E: QD, S: JD, W: AH, N: 8D]
expect:
  made: true
  score: {NS: 78, EW: 104}
text: |
  West takes with hearts as trump and earns the belote. East and West finish with 104
  points against 78, so the contract is made.
"""

GERMAN = {
    ("page:rules|title", "Which card may I play?"): "Welche Karte darf ich spielen?",
    ("page:rules:tricks|title", "Winning a trick"): "Einen Stich gewinnen",
    ("rule-set:club|name", "our club's rules"): "die Regeln unseres Vereins",
}


def _configure(made: Made) -> None:
    """What the club writes: its rule set as the default, a page of three examples, the
    site's words extracted, French and German catalogs, a few German strings."""
    site, tool = made.site, made.tool
    settings = site / "pyproject.toml"
    text = settings.read_text(encoding="utf-8")
    assert '# rules = "club"' in text  # the scaffold shows the setting, commented
    text = text.replace('# rules = "club"', 'rules = "club"')
    settings.write_text(text + SETTINGS, encoding="utf-8")
    page = site / "scenarios" / "rules"
    (page / "page.yaml").write_text(
        (page / "page.yaml").read_text(encoding="utf-8") + SECTIONS, encoding="utf-8"
    )
    for folder, name, body in (("tricks", "01-trump-wins", TRICK), ("score", "01-made", DEAL)):
        (page / folder).mkdir()
        (page / folder / f"{name}.yaml").write_text(body, encoding="utf-8")
    run([str(tool / "python"), "-m", "explainer.i18n.update"], site)  # as the README says
    locales = site / "locales"
    for lang in ("fr", "de"):  # Babel's own command (the tool's is this one, linked)
        init = ["init", "-i", str(locales / "messages.pot"), "-d", str(locales), "-l", lang]
        CommandLineInterface().run(["pybabel", "-q", *init])
    _translate(site / "locales" / "de" / "LC_MESSAGES" / "messages.po", GERMAN)


def _translate(po: Path, strings: dict[tuple[str, str], str]) -> None:
    """Fill in the entries of ``strings`` (``(msgctxt, msgid) -> msgstr``) in ``po``, as a
    translator's editor does."""
    text = po.read_text(encoding="utf-8")
    for (context, english), translated in strings.items():
        entry = f'msgctxt "{context}"\nmsgid "{english}"\nmsgstr ""\n'
        assert entry in text, entry
        text = text.replace(entry, entry.replace('msgstr ""', f'msgstr "{translated}"'))
    po.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def built(made: Made, set_up: SetUp, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club's site (a copy of the run's new site, tests/conftest.py's ``made``),
    configured, then built by the README's command (its install half run once per run:
    ``set_up``)."""
    made = dataclasses.replace(made, site=made.copy(tmp_path_factory.mktemp("second")))
    _configure(made)
    env = set_up.share(made.site)
    build = made.local(readme_commands(made.site)[0])
    assert build == f"{set_up.install} && .venv/bin/explainer build"
    build = build.removeprefix(f"{set_up.install} && ")
    lines = run(["bash", "-c", build], made.site, env=env).stdout.splitlines()
    assert "built 16 pages in 3 languages (en, de, fr) into site" in lines
    return made.site / "site"


def _text(page: Any, selector: str) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(selector).all_inner_texts()]


def test_the_club_s_site_from_the_wheel_in_french_and_german(built: Path, browser: Any) -> None:
    pages = sorted(p.relative_to(built).as_posix() for p in built.rglob("index.html"))
    assert [p for p in pages if p.startswith("de/")] == [
        "de/index.html", "de/practice/index.html", "de/rule-sets/index.html",
        "de/rules/index.html", "de/your-position/index.html",
    ]  # fmt: skip
    script = axe_script()
    # axe is injected by the test, so this context alone bypasses the pages' CSP
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    violations: list[str] = []
    with serving(built) as base:
        for rel in pages:
            page.goto(base + rel)
            page.add_script_tag(path=str(script))
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            violations += [f"{rel}: {v['id']} ({v['impact']})" for v in result["violations"]]
        page.goto(base + "fr/rules/index.html")
        french = _text(page, "main")[0]
        contracts = _text(page, "p.contract")
        assert "Quelles cartes Nord peut-il jouer" in french  # the theme's words
        assert "La réponse, et pourquoi" in french
        assert page.locator(".untranslated.interface").count() == 0
        assert len(contracts) == 3
        assert all(c.startswith("Belote, our club's rules, atout cœur.") for c in contracts)
        page.goto(base + "de/rules/index.html")
        assert _text(page, "h1") == ["Welche Karte darf ich spielen?"]
        assert "Einen Stich gewinnen" in _text(page, "h2")
        notice = page.locator(".untranslated.interface")
        assert notice.count() == 1 and notice.get_attribute("lang") == "en"
        assert "not yet translated into this language" in notice.inner_text()
        assert "Which cards may North play?" in _text(page, "main")[0]
        contracts = _text(page, "p.contract")
        assert len(contracts) == 3
        assert all(c.startswith("Belote, die Regeln unseres Vereins,") for c in contracts)
        page.goto(base + "en/rules/index.html")
        contracts = _text(page, "p.contract")
        assert all(re.match(r"Belote, our club's rules, hearts are trump\.", c) for c in contracts)
        assert "our club's rules" in _text(page, "main")[0]
        page.goto(base + "en/practice/index.html")  # drills the site's default rule set
        contracts = _text(page, "p.contract")
        assert contracts and all(c.startswith("Belote, our club's rules,") for c in contracts)
        page.goto(base + "en/your-position/index.html")  # rules any trick: the club's first
        assert page.locator("#pos-rules option").first.inner_text() == "our club's rules"
        assert page.locator("#pos-contract").inner_text().startswith("Belote, our club's rules,")
    context.close()
    assert violations == []
