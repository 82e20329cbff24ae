"""Hostile content renders as inert text: no script, no handler, no bad link, no template.

A copy of the project gets a page and an example whose titles, prose and card-token
words try every classic trick (``<script>``, raw HTML, ``javascript:``/``data:``/
``vbscript:`` links, reference links and autolinks, quotes that break out of
attributes, ``{{ }}`` and ``{% %}``), and Polish and French translations that try the
same on template strings, names of seats and rules, and page titles
(``hostile/translations.json``). The site must build, and its HTML must hold:

* the only ``<script>`` is the site's own ``static/site.js`` (and on the Your position
  page its own two scripts);
* no element has an ``on*`` handler, an ``<iframe>``, ``<img>``, ``<style>``, ``<svg>`` ...
  (the Your position page's form, inputs and inert ``<template>`` are the theme's);
* every ``href``/``src`` is relative or ``http(s)`` (``src`` relative only);
* every attribute value is double-quoted and contains no ``<`` or raw ``"``;
* the template syntax and the markup of the content appear literally, escaped.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

import pytest

from .conftest import run_cli

HOSTILE = Path(__file__).parent / "hostile"
PAYLOAD_MARKERS = ("__pwned", "alert(document.domain)")
FORBIDDEN_TAGS = {
    "iframe",
    "img",
    "style",
    "svg",
    "object",
    "embed",
    "form",
    "base",
    "frame",
    "frameset",
    "math",
    "video",
    "audio",
    "input",
    "textarea",
    "template",
}
START_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)")
STRICT_TAG = re.compile(
    r'<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:="[^"<>]*")?)*\s*/?>'
)


def _po_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def set_translation(po: str, context: str, msgid: str, msgstr: str) -> str:
    """Replace the one-line msgstr of ``(context, msgid)`` in a site catalog's text; a
    message the site's catalog does not have is the theme's: the site rewords it, in an
    entry of its own that wins over the theme's (as a site may)."""
    head = f"msgctxt {_po_string(context)}\nmsgid {_po_string(msgid)}\nmsgstr "
    pattern = re.compile(re.escape(head) + r'"(?:[^"\\\n]|\\.)*"\n')
    new, count = pattern.subn(lambda m: head + _po_string(msgstr) + "\n", po)
    if count == 0 and f"msgctxt {_po_string(context)}\nmsgid {_po_string(msgid)}" not in po:
        return f"{po}\n{head}{_po_string(msgstr)}\n"
    assert count == 1, f"no one-line entry for {context!r} {msgid!r}"
    return new


def make_hostile(root: Path) -> None:
    """Plant the hostile page, example and translations into the project at ``root``."""
    shutil.copytree(HOSTILE / "scenarios", root / "scenarios", dirs_exist_ok=True)
    table = json.loads((HOSTILE / "translations.json").read_text(encoding="utf-8"))
    for lang in ("pl", "fr"):
        path = root / "locales" / lang / "LC_MESSAGES" / "messages.po"
        po = path.read_text(encoding="utf-8")
        for context, msgid, msgstr in table[lang]:
            po = set_translation(po, context, msgid, msgstr)
        path.write_text(po, encoding="utf-8")


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.script_text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.script_text.append(data)


@pytest.fixture(scope="module")
def hostile_site(hostile_out: Path) -> dict[str, str]:
    out = hostile_out
    pages = {
        p.relative_to(out).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(out.rglob("*.html"))
    }
    assert {"en/hostile/index.html", "pl/hostile/index.html", "fr/hostile/index.html"} <= set(pages)
    return pages


def _parsed(text: str) -> _Tags:
    parser = _Tags()
    parser.feed(text)
    parser.close()
    return parser


SCRIPTS: Final = ("static/site.js",)
"""The script of every page; the Your position page adds its own two (the engine's data,
generated, then the logic), all the site's files."""
POSITION_SCRIPTS: Final = ("static/site.js", "static/position-data.js", "static/position.js")


def test_the_only_scripts_are_the_sites_own(hostile_site: dict[str, str]) -> None:
    for name, text in hostile_site.items():
        parsed = _parsed(text)
        scripts = [dict(attrs) for tag, attrs in parsed.tags if tag == "script"]
        wanted = POSITION_SCRIPTS if "/your-position/" in name else SCRIPTS
        assert [s.get("src", "").split("static/")[-1] for s in scripts] == [
            w.removeprefix("static/") for w in wanted
        ], (name, scripts)
        assert all(s["src"].endswith(w) for s, w in zip(scripts, wanted, strict=True)), name
        assert all(set(s) == {"src", "defer"} for s in scripts), (name, scripts)
        assert parsed.script_text == [], name
        assert text.lower().count("<script") == len(wanted), name


POSITION_FORM_TAGS: Final = frozenset({"form", "input", "textarea", "template"})
"""The Your position page's own form and its words' inert ``<template>`` (the theme's)."""


def test_no_handlers_and_no_active_elements(hostile_site: dict[str, str]) -> None:
    for name, text in hostile_site.items():
        allowed = POSITION_FORM_TAGS if "/your-position/" in name else frozenset()
        for tag, attrs in _parsed(text).tags:
            assert tag not in FORBIDDEN_TAGS - allowed, (name, tag, attrs)
            for attr, value in attrs:
                assert not attr.startswith("on"), (name, tag, attr, value)
                assert attr not in ("style", "srcdoc", "formaction"), (name, tag, attr)
                if value is not None:
                    for marker in PAYLOAD_MARKERS:
                        # content may appear in a title="" tooltip as text, never in a link
                        assert marker not in value or attr in ("title", "aria-label"), (
                            name,
                            tag,
                            attr,
                            value,
                        )


def test_links_are_relative_or_http_and_sources_are_local(hostile_site: dict[str, str]) -> None:
    for name, text in hostile_site.items():
        for tag, attrs in _parsed(text).tags:
            for attr, value in attrs:
                if attr not in ("href", "src", "action", "xlink:href") or value is None:
                    continue
                scheme = re.match(r"\s*([a-zA-Z][a-zA-Z0-9+.-]*):", value)
                if attr == "src" or tag == "link" and "stylesheet" in dict(attrs).get("rel", ""):
                    assert scheme is None and not value.startswith("//"), (name, tag, value)
                else:
                    assert scheme is None or scheme.group(1).lower() in ("http", "https"), (
                        name,
                        tag,
                        value,
                    )
                    assert not value.strip().startswith(("//", "\\\\", "/\\")), (name, tag, value)


def test_every_attribute_is_double_quoted(hostile_site: dict[str, str]) -> None:
    for name, text in hostile_site.items():
        for m in START_TAG.finditer(text):
            strict = STRICT_TAG.match(text, m.start())
            end = text.find(">", m.start())
            assert strict is not None and strict.end() == end + 1, (name, text[m.start() : end + 1])


def test_template_syntax_in_content_is_literal(hostile_site: dict[str, str]) -> None:
    en = hostile_site["en/hostile/index.html"]
    assert "{{ config }}" in en
    assert "{% raw %}" in en
    assert "{% if true %}x{% endif %}" in en
    pl_page = hostile_site["pl/hostile/index.html"]
    assert "{{ self }}" in pl_page  # from a translation
    for text in hostile_site.values():
        assert "&lt;Config" not in text and "<Config" not in text
        assert "TemplateReference" not in text and "Undefined" not in text


def test_markup_in_content_is_shown_as_text(hostile_site: dict[str, str]) -> None:
    en = hostile_site["en/hostile/index.html"]
    assert "&lt;script&gt;window.__pwned=true&lt;/script&gt;" in en
    assert "Raw &lt;b&gt;html&lt;/b&gt;" in en
    assert "&lt;style&gt;body{display:none}&lt;/style&gt;" in en
    # card-token words are text inside the chip
    assert re.search(r'data-card="KS"[^>]*>.*?&lt;b&gt;x&lt;/b&gt;</span>', en)
    assert (
        "&#x27; onclick=&#x27;window.__pwned=true" in en or "' onclick='window.__pwned=true" in en
    )
    # rejected links stay visible as their Markdown, never become anchors
    assert "[js](javascript:window.__pwned=true)" in en
    assert '<a href="https://example.org/a?b=c&amp;d=e">ok</a>' in en


def test_hostile_translations_are_escaped(hostile_site: dict[str, str]) -> None:
    table = json.loads((HOSTILE / "translations.json").read_text(encoding="utf-8"))
    for lang in ("pl", "fr"):
        pages = {k: v for k, v in hostile_site.items() if k.startswith(f"{lang}/")}
        joined = "\n".join(pages.values())
        for _context, _msgid, msgstr in table[lang]:
            raw = msgstr.split("%(")[0]
            if "<" in raw:
                assert raw not in joined, (lang, raw)
        assert "&lt;" in joined


@pytest.mark.parametrize("field", ["id", "page", "section"])
@pytest.mark.parametrize(
    "value",
    [
        '"><script>alert(document.domain)</script>',
        "../../x",
        "/etc/passwd",
        "javascript:x",
        "a b",
        "x\\u0000y",
        "ÉTÉ",
        "x/y",
    ],
)
def test_hostile_ids_are_rejected(field: str, value: str, project: Path) -> None:
    extra = "page: which-card\n" if field == "section" else ""
    quoted = json.dumps(value)
    body = (
        f"{field}: {quoted}\n{extra}contract: {{trump: hearts}}\n"
        "trick: [N: AS, E: 7S, S: 8S, W: 9S]\n"
    )
    (project / "scenarios" / "hostile-id.yaml").write_text(body, encoding="utf-8")
    code, lines = run_cli(["--root", ".", "check", "scenarios/hostile-id.yaml"], cwd=project)
    shown = json.loads(quoted)
    assert (
        f"scenarios/hostile-id.yaml:1:{len(field) + 3}: {field}: invalid id {shown!r} (use a-z, 0-9 and -)"
        in [html.unescape(x) for x in lines]
        or any(f"{field}: invalid id" in x for x in lines)
    ), lines
    assert code == 2


def test_percent_sign_in_a_translation_without_placeholders(project: Path) -> None:
    """jinja2's newstyle gettext %-formats every string: "cent % des" (a French habit)
    or "{% raw %}" in a translation without placeholders crashed the build."""
    path = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    po = set_translation(
        path.read_text(encoding="utf-8"),
        "example",
        "Verified by the rules engine",
        "Vérifié à cent % par le moteur {% raw %} %s %(x)s",
    )
    path.write_text(po, encoding="utf-8")
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=project)
    assert code == 0, lines
    page = (project / "out" / "site" / "fr" / "which-card" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "Vérifié à cent % par le moteur {% raw %} %s %(x)s" in page
