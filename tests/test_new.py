"""``explainer new``: a rules site that checks and builds at once with the packaged theme,
which a project's ``templates/`` overrides file by file; the theme ships in the wheel and
an editable install reads the repository's ``templates/``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from explainer.cli import main
from explainer.new import SCAFFOLD, create_site, install_source, scaffold_files
from explainer.site.theme import PACKAGED_THEME, theme_dirs

ROOT = Path(__file__).resolve().parents[1]


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
        ".gitignore",
        "README.md",
        "locales/babel.cfg",
        "pyproject.toml",
        "scenarios/rules/follow/01-follow-suit.yaml",
        "scenarios/rules/page.yaml",
    ]
    assert capsys.readouterr().out.splitlines() == [
        f"created {site} (6 files): " + ", ".join(files),
        f"next: cd {site} && explainer build",
    ]
    assert "[tool.explainer]" in (site / "pyproject.toml").read_text(encoding="utf-8")
    readme = (site / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# My rules\n")
    install = install_source()
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
    files = create_site(target, install="explainer")
    assert sorted(files) == sorted(scaffold_files("Empty", "explainer"))
    assert (target / "locales").is_dir()
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]


def test_every_scaffold_file_is_shipped_as_package_data() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"theme/**/*", "scaffold/**/*"' in pyproject
    assert not any(p.name.startswith(".") for p in SCAFFOLD.rglob("*"))  # globs skip them


# ----------------------------------------------------------------- installed for real


def _fresh_venv(where: Path) -> Path:
    """A new virtualenv without explainer; the libraries it needs come from this test's
    environment, linked one by one into a folder on its path, leaving out any explainer
    installed there (CI installs it non-editable into that environment: pip would then
    see it as installed and skip ours, and Python would import it before ours)."""
    venv.create(where, with_pip=False)
    python = where / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    import jinja2

    libs = Path(jinja2.__file__).resolve().parents[1]
    linked = where / "test-libraries"
    linked.mkdir()
    for entry in libs.iterdir():
        if not _is_explainer(entry.name):
            (linked / entry.name).symlink_to(entry)
    Path(purelib, "test-libraries.pth").write_text(f"{linked}\n", encoding="utf-8")
    return python


def _is_explainer(name: str) -> bool:
    """Whether a site-packages entry belongs to an installed explainer (its package, its
    metadata, an editable install's finder or path file)."""
    lowered = name.lower()
    return lowered.startswith(("explainer", "__editable__.explainer", "__editable___explainer"))


def _source_copy(tmp_path: Path) -> Path:
    """The files a build of the package reads, copied (links kept) outside the repository."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("explainer", "templates"):
        shutil.copytree(
            ROOT / name, src / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__")
        )
    return src


def _pip(python: Path, *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "-q", "install", "--no-deps", *args],
        check=True, capture_output=True,
    )  # fmt: skip


def _run(argv: list[str], cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _theme_of(python: Path, cwd: Path) -> Path:
    code = "from explainer.site.theme import PACKAGED_THEME as t; print(t)"
    return Path(_run([str(python), "-c", code], cwd).strip())


def test_the_wheel_in_a_fresh_venv_builds_a_new_site_in_another_folder(tmp_path: Path) -> None:
    src = _source_copy(tmp_path)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"),
         str(src)],
        check=True, capture_output=True,
    )  # fmt: skip
    (wheel,) = (tmp_path / "dist").glob("explainer-*.whl")
    python = _fresh_venv(tmp_path / "venv")
    _pip(python, str(wheel))
    work = tmp_path / "elsewhere"
    work.mkdir()
    theme = _theme_of(python, work)
    assert theme.is_dir() and not theme.is_symlink() and "site-packages" in theme.parts
    assert sorted(p.name for p in theme.iterdir()) == sorted(
        p.name for p in (ROOT / "templates").iterdir()
    )
    explainer = str(tmp_path / "venv" / "bin" / "explainer")
    _run([explainer, "new", "rules"], work)
    assert _run([explainer, "build"], work / "rules").startswith("built 6 pages")
    assert (work / "rules" / "site" / "en" / "rules" / "index.html").is_file()


def test_an_editable_install_reads_the_repository_templates(tmp_path: Path) -> None:
    src = _source_copy(tmp_path)
    python = _fresh_venv(tmp_path / "venv")
    _pip(python, "-e", str(src))
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
