"""``explainer new``: a rules site that checks and builds at once with the packaged theme,
which a project's ``templates/`` overrides file by file; the theme ships in the wheel and
an editable install reads the repository's ``templates/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from explainer import __version__
from explainer.cli import main
from explainer.new import (
    SCAFFOLD,
    Release,
    create_site,
    install_requirement,
    release,
    scaffold_files,
)
from explainer.site.theme import PACKAGED_THEME, theme_dirs
from tests.install import ROOT, Made, fresh_venv, pip_install, run, source_copy


def _new(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    site = tmp_path / "my-rules"
    assert main(["new", str(site)]) == 0
    capsys.readouterr()
    return site


def test_new_writes_one_page_one_example_an_empty_locales_and_a_readme(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "my-rules"
    assert main(["new", str(site)]) == 0
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert files == [
        ".github/workflows/site.yml",
        ".gitignore",
        "README.md",
        "locales/babel.cfg",
        "pyproject.toml",
        "scenarios/rules/follow/01-follow-suit.yaml",
        "scenarios/rules/page.yaml",
    ]
    assert capsys.readouterr().out.splitlines() == [
        f"created {site} (7 files): " + ", ".join(files),
        f"next: cd {site} && explainer build",
    ]
    assert "[tool.explainer]" in (site / "pyproject.toml").read_text(encoding="utf-8")
    readme = (site / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# My rules\n")
    install = install_requirement()
    commands = [line.strip() for line in readme.splitlines() if line.startswith("    python3")]
    assert commands == [
        f"python3 -m venv .venv && .venv/bin/pip install {install} && .venv/bin/explainer build",
        f"python3 -m venv .venv && .venv/bin/pip install {install} && .venv/bin/explainer check",
    ]


def test_a_new_site_checks_and_builds_at_once_with_the_packaged_theme(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    site = _new(tmp_path, capsys)
    monkeypatch.chdir(site)
    assert main(["check"]) == 0
    assert capsys.readouterr().out == "1 passed, 0 failed\n"
    assert main(["build"]) == 0
    assert theme_dirs(Path(".")) == (PACKAGED_THEME,)
    page = (site / "site" / "en" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "Follow the suit that was led" in page
    assert (site / "site" / "static" / "site.css").read_bytes() == (
        PACKAGED_THEME / "static" / "site.css"
    ).read_bytes()


def test_a_project_template_overrides_the_packaged_theme_file_by_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = _new(tmp_path, capsys)
    own = site / "templates"
    (own / "static").mkdir(parents=True)
    page = (PACKAGED_THEME / "page.html").read_text(encoding="utf-8")
    (own / "page.html").write_text("<!-- our page -->\n" + page, encoding="utf-8")
    (own / "static" / "site.css").write_text("body { color: teal; }\n", encoding="utf-8")
    assert main(["--root", str(site), "build"]) == 0
    out = site / "site"
    assert (out / "en" / "rules" / "index.html").read_text().startswith("<!-- our page -->")
    assert "<!-- our page -->" not in (out / "en" / "index.html").read_text()  # home.html
    assert (out / "static" / "site.css").read_text() == "body { color: teal; }\n"
    assert (out / "static" / "site.js").read_bytes() == (
        PACKAGED_THEME / "static" / "site.js"
    ).read_bytes()


def test_the_repository_templates_are_the_packaged_theme_not_a_copy() -> None:
    assert PACKAGED_THEME.resolve() == (ROOT / "templates").resolve()
    assert theme_dirs(ROOT) == (ROOT / "templates",)


@pytest.mark.parametrize("what", ["file", "folder with files"])
def test_new_refuses_anything_but_an_absent_or_empty_folder(
    what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "taken"
    if what == "file":
        target.write_text("x", encoding="utf-8")
        why = "exists and is not a folder"
    else:
        target.mkdir()
        (target / "notes.txt").write_text("x", encoding="utf-8")
        why = "exists and is not empty; name a new folder"
    before = sorted(tmp_path.rglob("*"))
    assert main(["new", str(target)]) == 2
    assert capsys.readouterr().out == f"{target}: {why}\n"
    assert sorted(tmp_path.rglob("*")) == before


def test_new_fills_an_empty_folder(tmp_path: Path) -> None:
    target = tmp_path / "empty"
    target.mkdir()
    made_with = Release("9.9.9", "https://example.org/explainer")
    files = create_site(target, made_with=made_with)
    assert files == scaffold_files("Empty", made_with)
    assert (target / "locales").is_dir()
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]


def test_every_scaffold_file_is_shipped_as_package_data() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"theme/**/*", "scaffold/**/*"' in pyproject
    assert not any(p.name.startswith(".") for p in SCAFFOLD.rglob("*"))  # globs skip them


# ----------------------------------------------------------------- installed for real


def _run(argv: list[str], cwd: Path) -> str:
    return run(argv, cwd).stdout


def _theme_of(python: Path, cwd: Path) -> Path:
    code = "from explainer.site.theme import PACKAGED_THEME as t; print(t)"
    return Path(_run([str(python), "-c", code], cwd).strip())


def test_the_wheel_in_a_fresh_venv_builds_a_new_site_in_another_folder(
    made: Made, tmp_path: Path
) -> None:
    """The run's fresh virtualenv with the wheel (tests/conftest.py's ``made``), used from
    a folder of this test's."""
    python = made.tool / "python"
    work = tmp_path / "elsewhere"
    work.mkdir()
    theme = _theme_of(python, work)
    assert theme.is_dir() and not theme.is_symlink() and "site-packages" in theme.parts
    assert sorted(p.name for p in theme.iterdir()) == sorted(
        p.name for p in (ROOT / "templates").iterdir()
    )
    explainer = str(made.tool / "explainer")
    _run([explainer, "new", "rules"], work)
    assert _run([explainer, "build"], work / "rules").startswith("built 6 pages")
    assert (work / "rules" / "site" / "en" / "rules" / "index.html").is_file()


def test_an_editable_install_reads_the_repository_templates(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    python = fresh_venv(tmp_path / "venv")
    pip_install(python, "-e", str(src))
    work = tmp_path / "elsewhere"
    work.mkdir()
    assert _theme_of(python, work).resolve() == (src / "templates").resolve()
    home = src / "templates" / "home.html"
    home.write_text("<!-- edited in the repository -->\n" + home.read_text(), encoding="utf-8")
    explainer = str(tmp_path / "venv" / "bin" / "explainer")
    _run([explainer, "new", "rules"], work)
    _run([explainer, "build"], work / "rules")
    built = (work / "rules" / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert built.startswith("<!-- edited in the repository -->")


def test_the_release_comes_from_the_source_tree_when_the_metadata_is_an_older_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import explainer.new

    from_metadata = release()
    monkeypatch.setattr(explainer.new, "_source_from_metadata", lambda: None)
    assert release() == from_metadata  # the checkout's pyproject.toml names the same Source


def test_new_refuses_when_it_cannot_tell_where_explainer_is_released_from(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import explainer.new

    monkeypatch.setattr(explainer.new, "_source_from_metadata", lambda: None)
    monkeypatch.setattr(explainer.new, "_source_from_pyproject", lambda: None)
    assert main(["new", str(tmp_path / "club")]) == 2
    assert capsys.readouterr().out == (
        f"cannot tell where rules-explainer {__version__} is released from: install it with"
        " pip (its metadata names its Source repository)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_new_site_translates_only_its_own_words_and_shows_the_theme_s_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The translator's path of a new site: one command extracts the site's words (its
    examples, its page, its settings' texts, never the theme's), French shows the theme in
    French at once, German shows its own translations and the theme in English with the
    notice; the coverage counts the site's words only."""
    from babel.messages.frontend import CommandLineInterface
    from babel.messages.pofile import read_po, write_po

    from explainer.i18n.update import main as update

    site = _new(tmp_path, capsys)
    monkeypatch.chdir(site)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert update([]) == 0
    assert capsys.readouterr().out == "updated locales/messages.pot\n"
    for lang in ("fr", "de"):
        CommandLineInterface().run(
            ["pybabel", "-q", "init", "-i", "locales/messages.pot", "-d", "locales", "-l", lang]
        )
    with open("locales/messages.pot", "rb") as f:
        template = read_po(f)
    contexts = sorted(str(m.context) for m in template if m.id)
    assert contexts == [
        "follow-suit|text", "follow-suit|title", "page:rules:follow|text",
        "page:rules:follow|title", "page:rules|intro", "page:rules|title", "site:intro",
        "site:tagline", "site:title",
    ]  # fmt: skip
    po = Path("locales/de/LC_MESSAGES/messages.po")
    with po.open("rb") as f:
        german = read_po(f, locale="de")
    german.get(
        "Which card may I play?", context="page:rules|title"
    ).string = "Welche Karte darf ich spielen?"
    with po.open("wb") as f:
        write_po(f, german)
    assert main(["check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2].startswith("translations: de 11% (1/9), fr 0% (0/9);")
    assert main(["build"]) == 0
    french = Path("site/fr/rules/index.html").read_text(encoding="utf-8")
    assert "Quelles cartes Nord peut-il jouer" in french and "interface" not in french
    german_page = Path("site/de/rules/index.html").read_text(encoding="utf-8")
    assert "<h1>Welche Karte darf ich spielen?</h1>" in german_page
    assert "Which cards may North play?" in german_page
    assert 'class="untranslated interface" lang="en"' in german_page
