"""``explainer new DIR``: a new rules site that builds at once.

The files come from ``explainer/scaffold/`` inside the package: a ``pyproject.toml``
with ``[tool.explainer]`` (the site's title, tagline and introduction set, every other
setting there commented and working), one page with one example, ``locales/`` holding
only its ``babel.cfg`` (the one place a site keeps it), a ``.gitignore`` and a README
whose two commands set the site up and build it, or set it up and check it. The site has no templates of its own: the packaged
theme draws it (:mod:`explainer.site.theme`), and a ``templates/`` folder added later
overrides it file by file.

The folder is written whole or not at all: the files go into a temporary folder beside
``DIR``, which is then renamed to ``DIR`` (``DIR`` may exist if it is empty).
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shlex
import shutil
import tempfile
from pathlib import Path
from typing import Final, TextIO
from urllib.parse import unquote, urlparse

from explainer.scenarios.diagnostics import EXIT_INVALID, EXIT_OK, one_line

__all__ = ["SCAFFOLD", "create_site", "install_source", "run_new", "scaffold_files"]

SCAFFOLD: Final = Path(__file__).resolve().parent / "scaffold"
"""The files of a new site, as shipped in the package."""

_RENAMED: Final = {"gitignore": ".gitignore"}
"""Scaffold files stored under another name: package data globs skip dot files."""

_FILLED: Final = frozenset({"README.md", "pyproject.toml"})
"""Scaffold files with ``{title}`` and ``{install}`` filled in (in ``pyproject.toml``, the
string ``"{title}"`` becomes the title as a TOML string, whatever it holds)."""


class NewSiteError(Exception):
    """The site cannot be created at the folder named (one line for people)."""


def install_source() -> str:
    """What ``pip install`` takes to install this explainer again, shell-quoted: the
    local folder or wheel it was installed from (pip records it in
    ``direct_url.json``), else the package's name and version."""
    try:
        dist = importlib.metadata.distribution("explainer")
        raw = dist.read_text("direct_url.json")
        version = dist.version
    except importlib.metadata.PackageNotFoundError:
        return "explainer"
    if raw:
        try:
            url = urlparse(str(json.loads(raw).get("url", "")))
        except (ValueError, AttributeError):
            url = urlparse("")
        if url.scheme == "file" and url.path:
            return shlex.quote(unquote(url.path))
    return f"explainer=={version}"


def scaffold_files(title: str, install: str) -> dict[str, bytes]:
    """Every file of a new site by relative path (``/``-separated), sorted."""
    files: dict[str, bytes] = {}
    for path in sorted(SCAFFOLD.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(SCAFFOLD)
        name = _RENAMED.get(rel.name, rel.name)
        data = path.read_bytes()
        if rel.name in _FILLED:
            text = data.decode("utf-8")
            if rel.name == "pyproject.toml":  # a JSON string is a TOML basic string
                text = text.replace('"{title}"', json.dumps(title, ensure_ascii=False))
            text = text.replace("{title}", title).replace("{install}", install)
            data = text.encode("utf-8")
        files[rel.with_name(name).as_posix()] = data
    return dict(sorted(files.items()))


def _refusal(target: Path) -> str | None:
    """Why ``target`` cannot become a new site (``None`` when it can)."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        return "exists and is not a folder"
    if target.is_dir() and any(target.iterdir()):
        return "exists and is not empty; name a new folder"
    if not target.parent.is_dir():
        return f"no such folder: {target.parent}"
    return None


def create_site(target: Path, *, install: str | None = None) -> dict[str, bytes]:
    """Write a new site into ``target`` (absent or empty); return the files written.

    Raises :class:`NewSiteError` when ``target`` is a file, holds files, or its parent
    is missing; nothing is written then.
    """
    target = Path(target)
    why = _refusal(target)
    if why is not None:
        raise NewSiteError(f"{target}: {why}")
    title = target.resolve().name.replace("-", " ").replace("_", " ").strip() or "Rules"
    files = scaffold_files(title[:1].upper() + title[1:], install or install_source())
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-new-", dir=target.parent))
    try:
        os.chmod(tmp, 0o755)
        (tmp / "locales").mkdir()
        for rel, data in files.items():
            path = tmp.joinpath(*rel.split("/"))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        os.replace(tmp, target)  # onto an empty folder too (POSIX rename)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return files


def run_new(target: Path, *, out: TextIO) -> int:
    """The ``new`` command: 0 when the site was created, 2 when it could not be."""
    try:
        files = create_site(target)
    except NewSiteError as exc:
        print(one_line(str(exc)), file=out)
        return EXIT_INVALID
    except OSError as exc:
        print(one_line(f"{target}: cannot create the site: {exc.strerror or exc}"), file=out)
        return EXIT_INVALID
    print(f"created {target} ({len(files)} files): " + ", ".join(files), file=out)
    print(f"next: cd {shlex.quote(str(target))} && explainer build", file=out)
    return EXIT_OK
