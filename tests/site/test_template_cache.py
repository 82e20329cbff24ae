"""Compiled templates kept in the user's cache folder (``explainer.site.env``): a new
process loads them instead of compiling the theme again, and the pages are the same
whatever the cache holds."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from jinja2 import Environment
from jinja2.bccache import bc_magic

from explainer.site.env import TEMPLATE_CACHE, make_env

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of the user's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "explainer" / TEMPLATE_CACHE


def _compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates compiled from now on."""
    compiled: list[str] = []
    original = Environment.compile

    def spy(self: Environment, source: str, name: str | None = None, *a: object, **k: object):  # type: ignore[no-untyped-def]
        compiled.append(name or "")
        return original(self, source, name, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(Environment, "compile", spy)
    return compiled


def _source(name: str) -> str:
    env = make_env(ROOT)
    template = env.get_template(name)
    assert template.filename is not None
    return Path(template.filename).read_text(encoding="utf-8")


def test_a_new_environment_loads_the_compiled_templates_instead_of_compiling(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = _compiles(monkeypatch)
    first = make_env(ROOT).get_template("page.html")
    assert "page.html" in compiled and any(cache.iterdir())
    compiled.clear()
    again = make_env(ROOT).get_template("page.html")
    assert compiled == []
    assert again.render.__code__.co_code == first.render.__code__.co_code


@pytest.mark.parametrize(
    "damage",
    [b"\x00" * 20, bc_magic + b"\x00" * 20, bc_magic + pickle.dumps("other") + b"\xff"],
    ids=["not-jinja2", "unreadable-after-the-magic", "another-checksum"],
)
def test_a_damaged_or_stale_entry_is_compiled_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes
) -> None:
    make_env(ROOT).get_template("_cite.html")
    for entry in cache.iterdir():
        entry.write_bytes(damage)
    compiled = _compiles(monkeypatch)
    make_env(ROOT).get_template("_cite.html")
    assert "_cite.html" in compiled


def _copied_cite(project: Path) -> tuple[Path, Path]:
    """A project whose ``templates/_cite.html`` is a copy of the theme's: the project and
    the copy."""
    (project / "templates").mkdir(parents=True)
    shadow = project / "templates" / "_cite.html"
    shadow.write_text(_source("_cite.html"), encoding="utf-8")
    return project, shadow


def test_a_template_edited_in_the_project_is_compiled_from_its_new_source(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project, shadow = _copied_cite(tmp_path / "project")
    make_env(project).get_template("_cite.html")
    shadow.write_text("{% macro title(source) %}edited{% endmacro %}", encoding="utf-8")
    compiled = _compiles(monkeypatch)
    edited = make_env(project).get_template("_cite.html")
    assert "_cite.html" in compiled
    assert str(edited.module.title(None)) == "edited"  # type: ignore[attr-defined]


def test_a_cache_folder_that_cannot_be_written_only_costs_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    page = make_env(ROOT).get_template("_cite.html")
    assert page.module is not None


def test_a_copy_of_the_theme_in_another_folder_loads_the_same_compiled_templates(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project, shadow = _copied_cite(tmp_path / "copy")
    make_env(ROOT).get_template("_cite.html")
    compiled = _compiles(monkeypatch)
    copy = make_env(project).get_template("_cite.html")
    assert compiled == []
    assert copy.filename == str(shadow)  # its own file, for its error messages
