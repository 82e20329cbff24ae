"""Time linear in the input: 1 MB of the worst text for every parser and scan.

A text of ``[a](`` repeated took ``build`` 81 s at 960 KB and ``check`` 13.5 s at 400 KB,
the time growing with the square of the length: each ``](`` started a scan to the end of
the text. Every scan is linear now, and a file holds at most 50 000 characters of prose,
so that Markdown, which costs up to 30 µs a character on such text, renders a file's
pages in seconds. Held two ways, neither of them a timing:

* each worst input, 1 MB of it in one file, is checked and built by the real verbs with
  a CPU watchdog far above what they need (a quadratic scan of 1 MB takes minutes), and
  refused at its place; prose at the limit is rendered in every language;
* the Markdown renderer's work, counted in Python calls (deterministic), doubles when
  its input doubles: markdown-it is pure Python, so a quadratic path would show.

``python benchmarks/hostile.py`` prints the times of the same inputs against their target.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from explainer.i18n.pofile import MAX_MESSAGE_CHARS
from explainer.scenarios.yamlsource import MAX_PROSE
from explainer.site.markdown import render

from . import fuzzer

WORST = {
    "link openers": "[a](",
    "image openers": "![a](",
    "nested brackets": "[",
    "label then bracket": "[a[",
    "link target openers": "](",
    "emphasis runs": "*_",
    "strong runs": "**a",
    "backticks": "``a",
    "less-than": "<",
    "autolinks": "<a:",
    "entities": "&#1",
    "card-token openers": "{AS|",
    "value-token openers": "{=",
    "format openers": "%(",
}
"""Each worst input found, by what it is."""
RENDERED = ["link openers", "image openers", "nested brackets", "emphasis runs"]
"""The slowest for Markdown (30 µs a character): rendered at the prose limit."""
SCANNED = ["](", "[", "%(", "{", "{AS|", "](a("]
"""The worst for the catalog checks' scans, each a translation at the length limit."""
MEGABYTE = 990_000


def _scenario(name: str, text: str) -> str:
    body = text.replace("\n", " ")
    return (
        f"id: {name}\npage: rules\nsection: follow\ncontract: {{trump: hearts}}\n"
        f"trick: [W: AS]\nhand: {{seat: N, cards: [KS, 7S]}}\nexpect: {{legal: [KS, 7S]}}\n"
        f"text: |\n  {body}\n"
    )


@pytest.fixture(scope="module")
def hostile_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fuzzer's small project, with ``babel.cfg`` at its root (so the catalog check
    extracts every text), a 1 MB file of each worst input and, for the worst for
    Markdown, an example with prose at the limit."""
    root = fuzzer.make_project(tmp_path_factory.mktemp("linear"))
    (root / "babel.cfg").write_bytes((root / "locales" / "babel.cfg").read_bytes())
    (root / "locales" / "messages.pot").write_bytes(
        (fuzzer.ROOT / "locales" / "messages.pot").read_bytes()
    )
    folder = root / "scenarios" / "rules" / "follow"
    for n, unit in enumerate(WORST.values()):
        run = (unit * (MEGABYTE // len(unit) + 1))[:MEGABYTE]
        (folder / f"huge-{n}.yaml").write_text(_scenario(f"huge-{n}", run), encoding="utf-8")
    po = root / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    with po.open("a", encoding="utf-8") as catalog:  # translations are scanned too
        for n, unit in enumerate(SCANNED):
            run = (unit * (MAX_MESSAGE_CHARS // len(unit)))[: MAX_MESSAGE_CHARS - 10]
            catalog.write(f'\nmsgctxt "hostile-{n}"\nmsgid "x {{KS}}"\nmsgstr "{run}"\n')
    for n, name in enumerate(RENDERED):
        unit = WORST[name]
        prose = (unit * (MAX_PROSE // len(unit)))[: MAX_PROSE - 10]
        (folder / f"limit-{n}.yaml").write_text(_scenario(f"limit-{n}", prose), encoding="utf-8")
    return root


def test_a_megabyte_of_each_worst_input_is_checked_and_refused_in_bounded_work(
    hostile_project: Path,
) -> None:
    code, lines, _ = fuzzer.run_verb(["--root", str(hostile_project), "check"], hostile_project)
    assert fuzzer.broken_promise(code, lines, 0.0, False) is None, lines[-5:]
    assert code == 2
    for n in range(len(WORST)):
        wanted = (
            f"scenarios/rules/follow/huge-{n}.yaml:8:7: text: too much "
            f"prose in one file (more than {MAX_PROSE} characters of text together): "
            "split it into several files"
        )
        assert wanted in lines, (n, lines[:5])
    lost = [line for line in lines if "card tokens differ from the source: missing {KS}" in line]
    assert len(lost) == len(SCANNED)  # each long translation was scanned to its end


def test_prose_at_the_limit_is_built_in_every_language_in_bounded_work(
    hostile_project: Path, tmp_path: Path
) -> None:
    for huge in hostile_project.glob("scenarios/rules/follow/huge-*.yaml"):
        huge.unlink()
    po = hostile_project / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.write_bytes((fuzzer.ROOT / "locales" / "pl" / "LC_MESSAGES" / "messages.po").read_bytes())
    out = tmp_path / "site"
    code, lines, _ = fuzzer.run_verb(
        ["--root", str(hostile_project), "build", "--out", str(out)], hostile_project
    )
    assert code == 0, lines[-5:]
    page = (out / "pl" / "rules" / "index.html").read_text(encoding="utf-8")
    assert all(f'id="limit-{n}"' in page for n in range(len(RENDERED)))


def _calls(text: str) -> int:
    """The Python calls rendering ``text`` makes: a deterministic measure of its work."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        render(text)
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("name", sorted(WORST))
def test_markdown_work_doubles_when_its_input_doubles(name: str) -> None:
    unit = WORST[name]
    small = _calls(unit * (4_000 // len(unit)))
    large = _calls(unit * (8_000 // len(unit)))
    assert large <= 2.2 * small, (small, large)
