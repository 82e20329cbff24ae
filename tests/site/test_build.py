"""``explainer build``: gather then write, exit codes, determinism, what every page holds."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from explainer.scenarios.loader import load_project
from explainer.site.build import MARKER, STAMP, run_build

ROOT = Path(__file__).resolve().parents[2]
CSP = (
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self';"
    " base-uri 'none'; form-action 'none'"
)


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _build(root: Path, out: Path, **kw: object) -> tuple[int, str]:
    stream = io.StringIO()
    code = run_build(root, out, None, stream, **kw)  # type: ignore[arg-type]
    return code, stream.getvalue()


def _html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _built_before(built_site: Path, out: Path) -> dict[str, bytes]:
    """The site a build of the unchanged project writes (the run's ``built_site``: the
    same inputs, and a build is deterministic) put in ``out``, as a last build left it;
    its files."""
    shutil.copytree(built_site, out, symlinks=True)
    return _files(out)


def test_disagreeing_example_exits_1_and_leaves_the_site_alone(
    project: Path, tmp_path: Path, built_site: Path
) -> None:
    out = tmp_path / "out" / "site"
    before = _built_before(built_site, out)
    f = project / "scenarios" / "which-card" / "follow" / "01-follow-suit.yaml"
    f.write_text(f.read_text().replace("legal: [KS, 7S]", "legal: [KS]"))
    code, text = _build(project, out, force=True)
    assert code == 1
    assert re.search(r"01-follow-suit\.yaml:\d+:\d+: expect\.legal", text), text
    assert _files(out) == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]


def test_invalid_input_exits_2_and_leaves_the_site_alone(
    project: Path, tmp_path: Path, built_site: Path
) -> None:
    out = tmp_path / "out" / "site"
    before = _built_before(built_site, out)
    bad = project / "scenarios" / "which-card" / "follow" / "99-bad.yaml"
    bad.write_text(
        "id: bad-one\npage: which-card\nsection: follow\nexpcet: {}\n"
        "contract: {trump: hearts}\nhand: {seat: N, cards: [KS]}\n"
    )
    code, text = _build(project, out, force=True)
    assert code == 2
    assert "99-bad.yaml:4:1:" in text, text
    assert _files(out) == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]


def test_first_failed_build_creates_nothing(project: Path, tmp_path: Path) -> None:
    bad = project / "scenarios" / "which-card" / "follow" / "99-bad.yaml"
    bad.write_text("id: [\n")
    out = tmp_path / "out" / "site"
    out.parent.mkdir()
    assert _build(project, out)[0] == 2
    assert list(out.parent.iterdir()) == []


def test_two_builds_are_byte_identical(tmp_path: Path, built_site: Path) -> None:

    out = tmp_path / "again"
    assert _build(ROOT, out)[0] == 0
    assert _files(out) == _files(built_site)


def test_unchanged_inputs_skip_the_rebuild_and_any_change_rebuilds(
    project: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    assert _build(project, out)[0] == 0
    stamp = (out / STAMP).read_text()
    code, text = _build(project, out)
    assert code == 0 and "up to date" in text
    (project / "templates" / "home.html").write_text(
        (project / "templates" / "home.html").read_text() + "\n"
    )
    code, text = _build(project, out)
    assert code == 0 and "built" in text
    assert (out / STAMP).read_text() != stamp
    example = project / "scenarios/which-card/follow/01-follow-suit.yaml"
    example.write_text(example.read_text().replace("legal: [KS, 7S]", "legal: [KS]"))
    code, text = _build(project, out)
    assert code == 1 and "expect.legal: scenario says KS" in text


def test_layout(built_site: Path) -> None:
    names = set(_files(built_site))
    for lang in ("en", "fr", "pl"):
        assert f"{lang}/index.html" in names
        for page in ("which-card", "one-deal", "practice"):
            assert f"{lang}/{page}/index.html" in names
    assert {"index.html", "static/site.css", "static/site.js"} <= names


def test_without_a_base_url_no_canonical_alternates_or_sitemap_and_a_note(
    project: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    code, text = _build(project, out)
    assert code == 0, text
    assert text.splitlines()[-1] == (
        "note: no base URL configured, so no canonical links, hreflang alternates or"
        " sitemap.xml (set [tool.explainer] base_url in pyproject.toml, or pass --base-url)"
    )
    assert not (out / "sitemap.xml").exists()
    for page in _html_pages(out):
        html = page.read_text()
        assert 'rel="canonical"' not in html and 'rel="alternate"' not in html, page
        assert "example.invalid" not in html, page


def test_the_shipped_pyproject_sets_no_placeholder_base_url() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert "example.invalid" not in text
    assert re.search(r"^base_url\s*=", text, re.M) is None
    assert "# base_url = " in text


def test_the_language_switch_links_the_same_page_in_every_language(built_site: Path) -> None:
    html = (built_site / "pl" / "which-card" / "index.html").read_text()
    for lang in ("en", "fr", "pl"):
        assert f'href="../../{lang}/which-card/index.html" lang="{lang}"' in html


def test_every_example_is_anchored_in_every_language(built_site: Path) -> None:

    project = load_project(ROOT)
    langs = sorted(p.name for p in built_site.iterdir() if p.is_dir() and p.name != "static")
    assert "en" in langs
    for s in project.scenarios:
        for lang in langs:
            html = (built_site / lang / str(s.page) / "index.html").read_text()
            anchor = f"law-{s.id}" if s.kind == "law" else s.id  # laws: numbered rules
            assert f'id="{anchor}"' in html, (lang, s.id)
    for page in project.pages:
        for section in page.sections:
            for lang in langs:
                html = (built_site / lang / page.id / "index.html").read_text()
                assert f'id="{section.id}"' in html, (lang, page.id, section.id)


def test_content_security_policy_and_no_inline_code(built_site: Path) -> None:
    for page in _html_pages(built_site):
        html = page.read_text()
        assert f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in html, page
        assert "style=" not in html, page
        assert re.search(r"<style\b", html) is None, page
        assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) is None, page
        assert re.search(r"\son[a-z]+=", html) is None, page


def test_no_external_resources(built_site: Path) -> None:
    for page in _html_pages(built_site):
        html = page.read_text()
        for tag in re.finditer(r"<[^>]+>", html):
            t = tag.group(0)
            for attr, url in re.findall(r'\s(src|href)="([^"]*)"', t):
                if not re.match(r"(?i)https?:|//", url):
                    continue
                allowed = re.match(r'<link rel="(canonical|alternate)"', t) or (
                    t.startswith("<a ") and attr == "href"
                )
                assert allowed, (page, t)
    css = (built_site / "static" / "site.css").read_text()
    assert "url(" not in css and "@import" not in css


def test_html_lang_and_alternates(project: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert run_build(project, site, "https://cards.example/", io.StringIO()) == 0
    html = (site / "pl" / "which-card" / "index.html").read_text()
    assert '<html lang="pl">' in html
    for lang in ("en", "fr", "pl", "x-default"):
        assert f'hreflang="{lang}"' in html
    assert '<link rel="canonical" href="https://' in html
    assert 'href="../../fr/which-card/index.html"' in html
    sitemap = (site / "sitemap.xml").read_text()
    assert "<loc>https://cards.example/pl/one-deal/</loc>" in sitemap
    assert "<loc>https://cards.example/fr/practice/</loc>" in sitemap


def test_play_example_shows_what_the_engine_computed(built_site: Path) -> None:
    html = (built_site / "en" / "which-card" / "index.html").read_text()
    block = html[html.index('id="follow-suit"') :]
    block = block[: block.index("</article>")]
    assert "Belote, house rules, hearts are trump." in block
    assert '<li value="1"><span class="seat">West</span>' in block
    assert "Which cards may North play?" in block
    # the hand starts neutral: plain chips, no verdict; the answer waits in a closed details
    hand = block[block.index('<ul class="hand"') :]
    hand = hand[: hand.index("</ul>")]
    assert "<button" not in hand and "legal" not in hand and "✓" not in hand and "✗" not in hand
    assert '<span class="card s-spades" data-card="KS">' in hand
    answer = block[block.index('<details class="answer">') :]
    answer = answer[: answer.index("</details>")]
    assert "Allowed cards:" in answer
    assert (
        '<li data-card="JH" class="illegal"><span class="mark" aria-hidden="true">✗</span>'
        " Jack of hearts may not be played.</li>"
    ) in answer
    assert (
        '<p class="rule why-illegal"><span class="mark" aria-hidden="true">✗</span>'
        ' <span class="reason">You must follow the suit led.</span></p>'
    ) in answer
    assert "Verified by the rules engine" in block


def test_finished_trick_shows_winner_and_points(built_site: Path) -> None:
    html = (built_site / "en" / "which-card" / "index.html").read_text()
    assert "11 + 10 + 0 + 20 = 41 points" in html


def test_tables_are_generated(built_site: Path) -> None:
    html = (built_site / "en" / "one-deal" / "index.html").read_text()
    ranks = html[html.index('id="table-ranks"') :]
    ranks = ranks[: ranks.index("</table>")]
    row = re.search(r"Trump suit</th>(.*?)</tr>", ranks)
    assert row and re.findall(r"<td>([^<]*)</td>", row.group(1)) == [
        "J",
        "9",
        "A",
        "10",
        "K",
        "Q",
        "8",
        "7",
    ]
    assert 'id="table-points"' in html


def test_untranslated_blocks_are_marked(project: Path, tmp_path: Path) -> None:
    po = project / "locales" / "de" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n',
        encoding="utf-8",
    )
    out = tmp_path / "site"
    code, text = _build(project, out)
    assert code == 0, text
    html = (out / "de" / "which-card" / "index.html").read_text()
    assert '<html lang="de">' in html
    assert ">Deutsch</a>" in html
    assert "Not yet translated" in html and 'lang="en"' in html


@pytest.mark.parametrize(
    "base", ["https://cards.example/", "https://cards.example/a&b/it's/", "http://[::1]:8000/x"]
)
def test_the_sitemap_is_xml_and_every_address_in_it_is_under_the_base_url(
    project: Path, tmp_path: Path, base: str
) -> None:
    """Parsed as XML (every text and attribute escaped: ``&``, ``'`` and ``"`` in an
    address), one ``<url>`` per page and language, each with every alternate."""
    import xml.etree.ElementTree as ET

    out = tmp_path / "site"
    assert run_build(project, out, base, io.StringIO()) == 0
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.fromstring((out / "sitemap.xml").read_bytes())
    urls = root.findall("s:url", ns)
    pages = sum(1 for _ in out.glob("en/**/index.html"))
    assert len(urls) == 3 * pages
    prefix = base if base.endswith("/") else base + "/"
    for url in urls:
        loc = url.findtext("s:loc", namespaces=ns)
        assert loc is not None and loc.startswith(prefix)
        links = url.findall("x:link", ns)
        assert [link.get("hreflang") for link in links] == ["en", "fr", "pl", "x-default"]
        assert all(str(link.get("href")).startswith(prefix) for link in links)
        assert loc in [link.get("href") for link in links]
    html = (out / "en" / "index.html").read_text(encoding="utf-8")
    escaped = prefix.replace("&", "&amp;").replace("'", "&#39;")
    assert f'<link rel="canonical" href="{escaped}en/">' in html


@pytest.mark.parametrize("base", ["https://cards.example/belote", "https://cards.example/belote/"])
def test_base_url(project: Path, tmp_path: Path, base: str) -> None:
    out = tmp_path / "site"
    assert run_build(project, out, base, io.StringIO()) == 0
    html = (out / "en" / "one-deal" / "index.html").read_text()
    assert '<link rel="canonical" href="https://cards.example/belote/en/one-deal/">' in html


def test_disputed_example_says_that_sources_disagree(built_site: Path) -> None:
    """Disputed is computed: the FFB contrée example's ruling differs under another
    Coinche preset (Pagat's); the house example's does not (the three classic presets
    require undertrumping)."""
    for lang, words in (
        ("en", "Sources disagree on this rule."),
        ("pl", "Źródła różnią się co do tej zasady."),
        ("fr", "Les sources divergent sur cette règle."),
    ):
        html = (built_site / lang / "which-card" / "index.html").read_text(encoding="utf-8")
        start = html.index('id="undertrump-contree"')
        article = html[start : html.index("</article>", start)]
        assert 'class="disputed"' in article and words in article
        assert "FFB" in article
        other = html[html.index('id="undertrump-house"') :]
        assert 'class="disputed"' not in other[: other.index("</article>")]


def test_a_committed_site_without_the_local_stamp_is_replaced(
    project: Path, tmp_path: Path
) -> None:
    """A fresh clone has ``site/`` as committed: the marker, not the (ignored) digest stamp."""
    out = tmp_path / "site"
    assert _build(project, out)[0] == 0
    (out / STAMP).unlink()
    assert (out / MARKER).is_file()
    code, text = _build(project, out)
    assert code == 0 and "built" in text


def test_the_committed_site_carries_the_marker_and_not_the_stamp() -> None:
    import subprocess

    root = Path(__file__).resolve().parents[2]
    tracked = subprocess.run(
        ["git", "ls-files", "site"], cwd=root, capture_output=True, text=True
    ).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout")
    assert f"site/{MARKER}" in tracked
    assert f"site/{STAMP}" not in tracked
