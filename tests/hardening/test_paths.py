"""Paths: nothing in the inputs writes outside the output folder or over the site's own
files, and no output folder can take the project's sources (or any folder that is not a
site) with it.

Ids are ``[a-z0-9-]+`` (traversal, absolute paths and markup are refused: see the
bad-input corpus and test_injection), page ids that some systems reserve for devices are
refused, and pages are written under ``<lang>/``, so a page named ``static``, ``index``,
``sitemap`` or like a language cannot reach the site's top-level files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import ROOT, run_cli, site_files

SITE_NAMES = ["static", "index", "sitemap", "en", "pl", "fr", "site", "explainer-build"]


def _page(root: Path, ident: str) -> None:
    folder = root / "scenarios" / f"page-{ident}"
    folder.mkdir()
    (folder / "page.yaml").write_text(
        f"id: {ident}\ntitle: A page named {ident}\nsections:\n  - id: index\n    title: Index\n",
        encoding="utf-8",
    )
    (folder / "example.yaml").write_text(
        f"id: static\npage: {ident}\nsection: index\ncontract: {{trump: hearts}}\n"
        "trick: [N: AS, E: 7S, S: 8S, W: 9S]\nexpect: {winner: N}\n"
        if ident == "static"
        else f"id: {ident}-example\npage: {ident}\nsection: index\ncontract: {{trump: hearts}}\n"
        "trick: [N: AS, E: 7S, S: 8S, W: 9S]\nexpect: {winner: N}\n",
        encoding="utf-8",
    )


def test_pages_named_like_the_sites_own_files_stay_in_their_folders(one_page: Path) -> None:
    project = one_page
    for ident in SITE_NAMES:
        _page(project, ident)
    out = project / "out" / "site"
    code, lines = run_cli(
        ["--root", ".", "build", "--out", "out/site", "--base-url", "https://rules.example/"],
        cwd=project,
    )
    assert code == 0, lines
    files = site_files(out)
    langs = ["en", "fr", "pl"]
    # the site's own top-level files are its own
    static = ROOT / "templates" / "static"
    for f in static.rglob("*"):
        if f.is_file():
            assert files["static/" + f.relative_to(static).as_posix()] == f.read_bytes()
    assert b"sitemaps.org" in files["sitemap.xml"]
    assert all(f"{lang}/index.html".encode() in files["index.html"] for lang in langs)
    # every page is one folder under each language, and nothing else was written
    pages = {
        p.name.removeprefix("page-")
        for p in (project / "scenarios").iterdir()
        if (p / "page.yaml").is_file()
    }
    pages |= {"which-card", "one-deal", "practice", "rule-sets", "your-position"}  # generated
    allowed = {"index.html", "sitemap.xml", ".explainer-build", ".explainer-site"}
    allowed |= {k for k in files if k.startswith("static/")}
    for lang in langs:
        allowed.add(f"{lang}/index.html")
        allowed |= {f"{lang}/{p}/index.html" for p in pages}
    assert set(files) <= allowed, sorted(set(files) - allowed)
    for lang in langs:
        for ident in SITE_NAMES:
            assert f"{lang}/{ident}/index.html" in files
    # nothing beside the output folder
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]


@pytest.mark.parametrize("reserved", ["con", "nul", "com1", "lpt9", "aux", "prn"])
def test_reserved_device_names_are_refused_as_page_ids(reserved: str, one_page: Path) -> None:
    project = one_page
    folder = project / "scenarios" / "x"
    folder.mkdir()
    (folder / "page.yaml").write_text(f"id: {reserved}\ntitle: Device\n", encoding="utf-8")
    code, lines = run_cli(["--root", ".", "check"], cwd=project)
    assert (
        f"scenarios/x/page.yaml:1:5: id: reserved name {reserved!r} "
        "(a file name on some systems; choose another id)"
    ) in lines
    assert code == 2


def test_a_symlink_loop_in_the_scenarios_ends(one_page: Path) -> None:
    project = one_page
    os.symlink("..", project / "scenarios" / "loop")
    os.symlink("loop", project / "scenarios" / "loop2")
    code, lines = run_cli(["--root", ".", "check"], cwd=project)
    assert code == 0, lines
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=project)
    assert code == 0, lines


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.mark.parametrize(
    "target", [".", "scenarios", "templates", "locales", "scenarios/which-card", "..", "notes"]
)
def test_the_output_folder_cannot_be_the_sources_or_a_folder_of_other_files(
    target: str, project: Path
) -> None:
    """``--out`` names a folder that the build replaces as a whole: the project, its
    sources, a parent of them, or any folder holding files that are not a site must be
    refused, untouched (the build once renamed it away and deleted it)."""
    (project / "notes").mkdir()
    (project / "notes" / "mine.txt").write_text("my notes\n", encoding="utf-8")
    before = _snapshot(project)
    code, lines = run_cli(["--root", ".", "build", "--out", target], cwd=project)
    assert code == 2, lines
    assert lines[0].startswith(f"{target}:1:1: refusing to replace the output folder: "), lines
    assert _snapshot(project) == before


def test_an_empty_or_previous_output_folder_is_replaced(one_page: Path) -> None:
    project = one_page
    (project / "out" / "site").mkdir(parents=True)
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=project)
    assert code == 0, lines
    first = site_files(project / "out" / "site")
    (project / "scenarios" / "one-deal" / "page.yaml").write_text(
        (project / "scenarios" / "one-deal" / "page.yaml")
        .read_text(encoding="utf-8")
        .replace("order: 2", "order: 3"),
        encoding="utf-8",
    )
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=project)
    assert code == 0, lines
    assert site_files(project / "out" / "site") != first


SECRET = "AWS_SECRET=do-not-print-me"
LINKED = [
    ("scenarios/which-card/leak.yaml", "file"),
    ("scenarios/which-card/page.yaml", "file"),
    ("scenarios/leaked-folder", "folder"),
    ("templates/page.html", "file"),
    ("templates/static/leak.txt", "file"),
    ("locales/pl/LC_MESSAGES/messages.po", "file"),
    ("locales/pl/glossary.csv", "file"),
    ("pyproject.toml", "file"),
    ("locales/babel.cfg", "file"),
]


@pytest.mark.parametrize(("rel", "what"), LINKED, ids=[rel for rel, _ in LINKED])
def test_a_link_out_of_the_project_is_refused_at_the_link_and_never_read(
    rel: str, what: str, project: Path, tmp_path: Path
) -> None:
    """A link whose target leaves the project is one located problem for check and build;
    the target's content is printed nowhere and never reaches the site."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    (outside / "x.yaml").write_text(f"title: {SECRET}\n", encoding="utf-8")
    link = project / rel
    if link.exists():
        link.unlink()
    os.symlink(outside if what == "folder" else outside / "secret.txt", link)
    wanted = f"{rel}:1:1: a symbolic link to a {what} outside the project: not read (copy it into the project)"
    for verb in (["check"], ["build", "--out", "out/site"]):
        code, lines = run_cli(["--root", ".", *verb], cwd=project)
        assert code == 2, lines
        assert wanted in lines
        assert not any("do-not-print-me" in line for line in lines), lines
    assert not (project / "out").exists()


def test_links_inside_the_project_keep_working(project: Path) -> None:
    static = project / "templates" / "static"
    os.symlink("site.css", static / "again.css")
    os.symlink("../scenarios", project / "templates" / "sources")  # a folder, inside
    page = project / "scenarios" / "which-card"
    (page / "page.yaml").rename(project / "which-card-page.yaml")
    os.symlink("../../which-card-page.yaml", page / "page.yaml")
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=project)
    assert code == 0, lines
    files = site_files(project / "out" / "site")
    assert files["static/again.css"] == files["static/site.css"]
    assert "en/which-card/index.html" in files
