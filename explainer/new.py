"""``explainer new DIR``: a new rules site that builds at once.

The files come from ``explainer/scaffold/`` inside the package: a ``pyproject.toml``
with ``[tool.explainer]`` (the site's title, tagline and introduction set, every other
setting there commented and working), one page with one example, ``locales/`` holding
only its ``babel.cfg`` (the one place a site keeps it), a ``.gitignore``, a GitHub
Actions workflow that checks the site and publishes it to GitHub Pages, and a README
whose two commands set the site up and build it, or set it up and check it. The site
has no templates of its own: the packaged theme draws it (:mod:`explainer.site.theme`), and a ``templates/`` folder added later
overrides it file by file.

The README and the workflow install ``rules-explainer`` pinned to the version that made
the site, from the git repository the package names as its ``Source``
(:func:`install_requirement`): a co-organiser's clone and a CI runner can run them, which
the folder the creator installed from never allowed.

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
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

from explainer import __version__
from explainer.scenarios.diagnostics import EXIT_INVALID, EXIT_OK, one_line

__all__ = [
    "DISTRIBUTION",
    "SCAFFOLD",
    "Release",
    "create_site",
    "install_requirement",
    "release",
    "run_new",
    "scaffold_files",
]

DISTRIBUTION: Final = "rules-explainer"
"""The name explainer is installed by (``pip install rules-explainer``)."""

SCAFFOLD: Final = Path(__file__).resolve().parent / "scaffold"
"""The files of a new site, as shipped in the package."""

_RENAMED: Final = {"gitignore": ".gitignore", "github": ".github"}
"""Top-level scaffold files and folders stored under another name: package data globs
skip dot files."""

_FILLED: Final = frozenset({"README.md", "site.yml", "pyproject.toml"})
"""Scaffold files whose ``{title}``, ``{install}``, ``{version}`` and ``{source}`` are
filled in (in ``pyproject.toml``, the string ``"{title}"`` becomes the title as a TOML
string, whatever it holds)."""


class NewSiteError(Exception):
    """The site cannot be created at the folder named (one line for people)."""


@dataclass(frozen=True, slots=True)
class Release:
    """The explainer a new site is made with: its version and the git repository it is
    released from (tagged ``v<version>``)."""

    version: str
    source: str
    """The repository's URL, ``https://…`` (the package's ``Source`` project URL)."""

    @property
    def requirement(self) -> str:
        """What ``pip install`` takes, shell-quoted: this version from its tag.

        >>> print(Release("0.1.0", "https://example.org/explainer").requirement)
        'rules-explainer @ git+https://example.org/explainer@v0.1.0'
        """
        return shlex.quote(f"{DISTRIBUTION} @ git+{self.source}@v{self.version}")


def release() -> Release:
    """This explainer's version and repository: ``[project.urls] Source`` from the installed
    package's metadata, or from the ``pyproject.toml`` of the source tree it runs from (an
    editable install made before the distribution was renamed has only the old metadata)."""
    source = _source_from_metadata() or _source_from_pyproject()
    if not source:
        raise NewSiteError(
            f"cannot tell where {DISTRIBUTION} {__version__} is released from: install it"
            " with pip (its metadata names its Source repository)"
        )
    return Release(__version__, source)


def _source_from_metadata() -> str | None:
    try:
        urls = importlib.metadata.distribution(DISTRIBUTION).metadata.get_all("Project-URL")
    except importlib.metadata.PackageNotFoundError:
        return None
    for entry in urls or []:
        label, _, url = str(entry).partition(",")
        if label.strip().lower() == "source" and url.strip():
            return url.strip()
    return None


def _source_from_pyproject() -> str | None:
    try:
        with (Path(__file__).resolve().parents[1] / "pyproject.toml").open("rb") as f:
            project = tomllib.load(f).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if project.get("name") != DISTRIBUTION:
        return None
    source: object = project.get("urls", {}).get("Source")
    return source if isinstance(source, str) and source else None


def install_requirement() -> str:
    """What a new site's README and workflow give ``pip install``, shell-quoted."""
    return release().requirement


def scaffold_files(title: str, made_with: Release) -> dict[str, bytes]:
    """Every file of a new site by relative path (``/``-separated), sorted."""
    fills = {
        "{title}": title,
        "{install}": made_with.requirement,
        "{version}": made_with.version,
        "{source}": made_with.source,
    }
    files: dict[str, bytes] = {}
    for path in sorted(SCAFFOLD.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        first, *rest = path.relative_to(SCAFFOLD).parts
        data = path.read_bytes()
        if path.name in _FILLED:
            text = data.decode("utf-8")
            if path.name == "pyproject.toml":  # a JSON string is a TOML basic string
                text = text.replace('"{title}"', json.dumps(title, ensure_ascii=False))
            for placeholder, value in fills.items():
                text = text.replace(placeholder, value)
            data = text.encode("utf-8")
        files["/".join([_RENAMED.get(first, first), *rest])] = data
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


def create_site(target: Path, *, made_with: Release | None = None) -> dict[str, bytes]:
    """Write a new site into ``target`` (absent or empty); return the files written.

    Raises :class:`NewSiteError` when ``target`` is a file, holds files, or its parent
    is missing; nothing is written then.
    """
    target = Path(target)
    why = _refusal(target)
    if why is not None:
        raise NewSiteError(f"{target}: {why}")
    title = target.resolve().name.replace("-", " ").replace("_", " ").strip() or "Rules"
    files = scaffold_files(title[:1].upper() + title[1:], made_with or release())
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
