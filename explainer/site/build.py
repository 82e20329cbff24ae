"""``explainer build``: check everything, render every page in memory, then write.

Gather, then write (MkDocs's ``build()`` is the model): the project is loaded and every
scenario run through the engine first; any problem is printed ``path:line:col: message``
and the build stops with exit 2 (invalid input) or 1 (an example disagrees with the
engine) without touching the output folder. Otherwise every file is rendered into
memory, written into a temporary folder beside the output, and swapped in with two
renames, so a reader never sees half a site and a failure leaves the old one intact.

The output is deterministic: the same inputs give byte-identical files (sorted
iteration, no timestamps; ``SOURCE_DATE_EPOCH`` adds ``<lastmod>`` to the sitemap).

Layout (every link relative, so the site works from ``file://`` and any base path)::

    index.html                  choose a language
    <lang>/index.html           each language's landing page
    <lang>/<page>/index.html    each page, examples anchored by their scenario id
    sitemap.xml                 with hreflang alternates
    static/                     CSS and JavaScript (no inline styles or scripts)
    .explainer-build            hash of the inputs: an unchanged project is not re-rendered
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import os
import shutil
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TextIO
from xml.sax.saxutils import escape as xml_escape

from explainer.engine import (
    BELOTE,
    CAPOT,
    LAST_TRICK,
    PLAIN_ORDER,
    PRESETS,
    EngineError,
    Rule,
    Team,
)
from explainer.i18n.catalog import Catalog, CatalogError, find_languages, load_catalogs
from explainer.scenarios.diagnostics import Diagnostic, one_line, sort_key
from explainer.scenarios.model import AnyScenario, Location, Page, Section

from .env import make_env, use_language
from .examples import View, contract_kinds, view_of

__all__ = ["run_build", "build_site", "gather", "render_site", "write_site", "Site",
           "DEFAULT_BASE_URL", "STAMP", "inputs_digest", "configured_base_url"]

EXIT_OK = 0
EXIT_DISAGREE = 1
EXIT_INVALID = 2
DEFAULT_BASE_URL = "https://example.invalid/"
STAMP = ".explainer-build"
"""The file in the output folder holding the digest of the inputs it was built from."""


@dataclass(frozen=True, slots=True)
class SectionView:
    section: Section
    examples: tuple[View, ...]


@dataclass(frozen=True, slots=True)
class PageView:
    page: Page
    sections: tuple[SectionView, ...]


@dataclass(frozen=True, slots=True)
class Site:
    """Everything the site shows, checked and computed, before any language is applied."""

    root: Path
    pages: tuple[PageView, ...]
    catalogs: Mapping[str, Catalog]


# ------------------------------------------------------------------------------ gather


def gather(root: Path) -> tuple[Site | None, list[Diagnostic]]:
    """Load and check the project; compute every example's facts.

    Returns the site, or ``None`` and every problem found (sorted by place).
    """
    from explainer.scenarios.loader import load_project
    from explainer.scenarios.runner import run

    project = load_project(root)
    problems = list(project.diagnostics)
    for scenario in project.scenarios:
        problems.extend(run(scenario))
    problems.extend(_catalog_problems(root))
    catalogs: Mapping[str, Catalog] = {}
    try:
        catalogs = load_catalogs(root)
    except CatalogError as exc:
        problems.append(Diagnostic(Location(exc.path, exc.line, 1), str(exc.args[0]),
                                   "catalog", "invalid"))
    views: dict[str, View] = {}
    for scenario in project.scenarios:
        try:
            views[scenario.id] = view_of(scenario)
        except EngineError as exc:  # the runner should have said so already
            if not problems:
                problems.append(Diagnostic(scenario.where(""), str(exc), "engine", "invalid"))
    if problems:
        return None, sorted(set(problems), key=sort_key)
    pages = tuple(_page_view(p, project.scenarios, views)
                  for p in sorted(project.pages, key=lambda p: (p.order, p.id)))
    return Site(root, pages, catalogs), []


def _catalog_problems(root: Path) -> list[Diagnostic]:
    try:
        from explainer.i18n.checkers import check_catalogs  # type: ignore[import-not-found]
    except ImportError:
        return []
    # A catalog behind its sources only means some English shows through (marked "not yet
    # translated" on the page); what would break a page (syntax, placeholders, plurals,
    # card tokens) stops the build.
    return [d for d in check_catalogs(root) if d.code not in _TOLERATED]


_TOLERATED = frozenset({"po-outdated", "po-fuzzy"})


def _page_view(page: Page, scenarios: Iterable[AnyScenario], views: Mapping[str, View]) -> PageView:
    mine = sorted((s for s in scenarios if s.page == page.id),
                  key=lambda s: (s.order, s.id))
    sections = []
    for section in page.sections:
        sections.append(SectionView(section, tuple(
            views[s.id] for s in mine if s.section == section.id)))
    return PageView(page, tuple(sections))


# ------------------------------------------------------------------------------ render


def configured_base_url(root: Path) -> str:
    """``[tool.explainer] base_url`` from the project's ``pyproject.toml``, else the default."""
    try:
        with (root / "pyproject.toml").open("rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        return DEFAULT_BASE_URL
    value = data.get("tool", {}).get("explainer", {}).get("base_url")
    return value if isinstance(value, str) and value else DEFAULT_BASE_URL


def _with_slash(url: str) -> str:
    return url if url.endswith("/") else url + "/"


def render_site(site: Site, base_url: str) -> dict[str, bytes]:
    """Every file of the site, by relative path (``/``-separated), rendered in memory."""
    base = _with_slash(base_url)
    env = make_env(site.root)
    langs = list(site.catalogs)
    files: dict[str, str] = {}
    names = {lang: cat.name for lang, cat in site.catalogs.items()}
    common: dict[str, Any] = {
        "kinds": contract_kinds(),
        "rules": tuple(Rule),
        "presets": tuple(sorted(PRESETS.items())),
        "teams": (Team.NS, Team.EW),
        "rank_columns": PLAIN_ORDER,
        "last_trick": LAST_TRICK,
        "capot": CAPOT,
        "belote": BELOTE,
    }

    def alternates(path: str) -> list[dict[str, str]]:
        alts = [{"hreflang": lang, "url": f"{base}{lang}/{path}"} for lang in langs]
        alts.append({"hreflang": "x-default", "url": f"{base}{langs[0]}/{path}"})
        return alts

    def switcher(path: str, rel: str, current: str) -> list[dict[str, Any]]:
        return [{"lang": lang, "name": names[lang], "current": lang == current,
                 "href": f"{rel}{lang}/{path}index.html"} for lang in langs]

    # the root page: choose a language (English chrome, each language named in itself)
    root_cat = site.catalogs[langs[0]]
    ctx = use_language(env, root_cat)
    files["index.html"] = env.get_template("root.html").render(
        **common, **ctx, rel="", home="index.html", canonical=base,
        alternates=[], switcher=[],
        choices=[{"lang": lang, "name": names[lang], "href": f"{lang}/index.html"}
                 for lang in langs],
    )
    home_t = env.get_template("home.html")
    page_t = env.get_template("page.html")
    pages = [pv.page for pv in site.pages]
    for lang in langs:
        ctx = use_language(env, site.catalogs[lang])
        files[f"{lang}/index.html"] = home_t.render(
            **common, **ctx, rel="../", home="index.html", pages=pages,
            canonical=f"{base}{lang}/", alternates=alternates(""),
            switcher=switcher("", "../", lang),
        )
        for pv in site.pages:
            path = f"{pv.page.id}/"
            files[f"{lang}/{path}index.html"] = page_t.render(
                **common, **ctx, rel="../../", home="../index.html", page=pv.page,
                sections=pv.sections, canonical=f"{base}{lang}/{path}",
                alternates=alternates(path), switcher=switcher(path, "../../", lang),
            )
    files["sitemap.xml"] = _sitemap(base, langs, [f"{pv.page.id}/" for pv in site.pages])
    out = {path: text.encode("utf-8") for path, text in files.items()}
    static = site.root / "templates" / "static"
    for f in sorted(static.rglob("*")) if static.is_dir() else ():
        if f.is_file():
            out["static/" + f.relative_to(static).as_posix()] = f.read_bytes()
    return dict(sorted(out.items()))


def _sitemap(base: str, langs: list[str], paths: list[str]) -> str:
    lastmod = ""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        lastmod = time.strftime("%Y-%m-%d", time.gmtime(int(epoch)))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
             ' xmlns:xhtml="http://www.w3.org/1999/xhtml">']
    for path in ["", *paths]:
        for lang in langs:
            lines.append("  <url>")
            lines.append(f"    <loc>{xml_escape(base + lang + '/' + path)}</loc>")
            if lastmod:
                lines.append(f"    <lastmod>{lastmod}</lastmod>")
            for alt in langs:
                lines.append(f'    <xhtml:link rel="alternate" hreflang="{alt}"'
                             f' href="{xml_escape(base + alt + "/" + path)}"/>')
            lines.append(f'    <xhtml:link rel="alternate" hreflang="x-default"'
                         f' href="{xml_escape(base + langs[0] + "/" + path)}"/>')
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------- write


def unsafe_output(root: Path, out: Path) -> str | None:
    """Why the site must not replace the folder ``out`` (``None`` when it may).

    The build replaces ``out`` as a whole, so ``out`` may not be the project, hold it,
    lie inside its sources, or be a folder of other files: only a missing or empty
    folder, or a site built before (it holds :data:`STAMP`), is replaced.
    """
    o, r = out.resolve(), Path(root).resolve()
    if o == r or o in r.parents:
        return "it holds the project"
    for name in ("scenarios", "templates", "locales"):
        source = (r / name).resolve()
        if o == source or source in o.parents:
            return f"it is the project's {name}/ or inside it"
    if o.exists() and not o.is_dir():
        return "it is not a folder"
    if o.is_dir() and not (o / STAMP).is_file() and any(o.iterdir()):
        return (f"it holds files but no site built by explainer (no {STAMP}); "
                "empty it or choose another --out")
    return None


def _debris(out: Path, kind: str) -> str:
    return f".{out.name}-{kind}-"


@contextlib.contextmanager
def _output_lock(parent: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``parent`` (the output's folder) while writing: two
    builds at once swap their sites in one after the other. A killed build's lock goes
    with its process. No lock where ``fcntl`` is missing (Windows)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover
        yield
        return
    fd = os.open(parent, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _recover(out: Path) -> None:
    """Clean up after a build that was killed (a killed process cleans nothing): put
    back a site it had moved away but not yet replaced, remove its temporary folders.
    Only called under :func:`_output_lock`, so no live build owns them."""
    parent = out.parent
    for old in sorted(parent.glob(_debris(out, "old") + "*")):
        if not os.path.lexists(out) and (old / "site").is_dir():
            os.rename(old / "site", out)
        shutil.rmtree(old, ignore_errors=True)
    for tmp in sorted(parent.glob(_debris(out, "tmp") + "*")):
        shutil.rmtree(tmp, ignore_errors=True)


def write_site(out: Path, files: Mapping[str, bytes]) -> None:
    """Write ``files`` into a temporary folder beside ``out`` and swap it in.

    The old output is renamed away, the new one renamed in, the old one removed; on any
    failure the temporary folder is removed and the old output stays as it was. The
    whole swap holds a lock on the output's folder, and first clears what a killed
    build left there (:func:`_recover`).
    """
    out = out.absolute()
    parent = out.parent
    parent.mkdir(parents=True, exist_ok=True)
    with _output_lock(parent):
        _recover(out)
        _swap_in(out, files)


def _swap_in(out: Path, files: Mapping[str, bytes]) -> None:
    parent = out.parent
    tmp = Path(tempfile.mkdtemp(prefix=_debris(out, "tmp"), dir=parent))
    old: Path | None = None
    try:
        os.chmod(tmp, 0o755)
        made: set[Path] = {tmp}
        for rel, data in files.items():
            target = tmp.joinpath(*rel.split("/"))
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            target.write_bytes(data)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=_debris(out, "old"), dir=parent))
            os.rename(out, old / "site")
            try:
                os.rename(tmp, out)
            except BaseException:
                os.rename(old / "site", out)
                raise
        else:
            os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


_LIBRARIES: Final = ("jinja2", "markdown-it-py", "babel", "PyYAML", "MarkupSafe")
"""The libraries whose versions can change what a build checks or writes."""


def inputs_digest(root: Path, base_url: str) -> str:
    """A hash of everything the site is made from: scenarios, templates, catalogs, the
    package's own code, the libraries' versions and the base URL. Equal digests give
    equal sites and equal check results."""
    h = hashlib.sha256()
    h.update(f"base_url={base_url}\0".encode())
    for dist in _LIBRARIES:
        try:
            version = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            version = "-"
        h.update(f"{dist}={version}\0".encode())
    package = Path(__file__).resolve().parent.parent
    groups = [("scenarios", root / "scenarios"), ("templates", root / "templates"),
              ("locales", root / "locales"), ("explainer", package)]
    for name, folder in groups:
        for rel, path in _walk(folder):
            if name == "explainer" and not rel.endswith((".py", ".json")):
                continue
            with open(path, "rb") as f:
                data = f.read()
            h.update(f"{name}/{rel}\0{len(data)}\0".encode())
            h.update(data)
    return h.hexdigest()


def _walk(folder: Path) -> list[tuple[str, str]]:
    """``(relative posix path, path)`` of the files under ``folder``, sorted; no caches."""
    found: list[tuple[str, str]] = []
    top = str(folder)
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        rel_dir = os.path.relpath(dirpath, top).replace(os.sep, "/")
        prefix = "" if rel_dir == "." else rel_dir + "/"
        found.extend((prefix + n, os.path.join(dirpath, n)) for n in filenames
                     if not n.endswith((".pyc", ".mo")))
    found.sort()
    return found


def _up_to_date(out: Path, digest: str) -> bool:
    try:
        return (out / STAMP).read_text(encoding="ascii").strip() == digest
    except OSError:
        return False


def build_site(root: Path, out: Path, base_url: str, *, force: bool = False) -> tuple[int, list[Diagnostic], str]:
    """Check, render and write; return ``(exit code, problems, what happened)``."""
    why = unsafe_output(root, out)
    if why is not None:
        return (EXIT_INVALID, [Diagnostic(Location(str(out), 1, 1),
                                          f"refusing to replace the output folder: {why}",
                                          "output", "invalid")], "nothing was written")
    digest = inputs_digest(root, base_url)
    site: Site | None = None
    if not force and _up_to_date(out, digest):
        # The stamp is written only by a build whose check passed, and the digest covers
        # every input of that check (scenarios, catalogs, templates, the package's code,
        # the libraries' versions): the check would answer the same, and nothing is written.
        return EXIT_OK, [], f"{out} is up to date (same inputs as its last checked build)"
    site, problems = gather(root)
    if problems:
        code = EXIT_INVALID if any(p.severity == "invalid" for p in problems) else EXIT_DISAGREE
        return code, problems, "the site was not changed"
    assert site is not None
    files = render_site(site, base_url)
    files[STAMP] = (digest + "\n").encode("ascii")
    write_site(out, files)
    pages = sum(1 for p in files if p.endswith(".html"))
    return EXIT_OK, [], (f"built {pages} pages in {len(site.catalogs)} languages"
                         f" ({', '.join(site.catalogs)}) into {out}")


def run_build(
    root: Path = Path("."),
    out: Path | None = None,
    base_url: str | None = None,
    out_stream: TextIO | None = None,
    *,
    force: bool = False,
) -> int:
    """The ``build`` command: return 0 (built), 1 (an example disagrees), 2 (invalid input)."""
    stream = out_stream if out_stream is not None else sys.stdout
    root = Path(root)
    target = Path(out) if out is not None else root / "site"
    url = base_url or configured_base_url(root)
    try:
        code, problems, summary = build_site(root, target, url, force=force)
    except Exception as exc:  # noqa: BLE001 - the user never sees a traceback
        print(one_line(f"{root / 'scenarios'}:1:1: internal error: {type(exc).__name__}: {exc}"),
              file=stream)
        return EXIT_INVALID
    for p in problems:
        print(p, file=stream)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''}; {summary}",
              file=stream)
    else:
        print(summary, file=stream)
    return code


_ = find_languages  # re-exported for the serve command's watch list
