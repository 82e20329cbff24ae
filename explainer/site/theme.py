"""The theme: a project's own ``templates/`` over the one shipped inside the package.

A rules site needs no templates of its own: the package ships the default theme as
``explainer/theme`` (in the repository a link to the top-level ``templates/``, which is
its source; the wheel holds the files themselves). A project may still have a
``templates/`` folder: a file there replaces the packaged file of the same name, one file
at a time, as MkDocs's ``custom_dir`` overrides a theme; so ``templates/page.html``
restyles the pages and every other template still comes from the package. Static assets
under ``templates/static/`` override the packaged ``static/`` the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from explainer.scenarios.files import leaves

__all__ = ["PACKAGED_THEME", "static_files", "theme_dirs"]

PACKAGED_THEME: Final = Path(__file__).resolve().parent.parent / "theme"
"""The default theme shipped inside the package."""


def theme_dirs(root: Path) -> tuple[Path, ...]:
    """The folders a template is looked up in, the first that has it wins: the project's
    ``templates/`` (when it exists), then the packaged theme (once, when the project's
    folder is the theme's own source, as in this repository)."""
    own = Path(root) / "templates"
    if not own.is_dir():
        return (PACKAGED_THEME,)
    if own.resolve() == PACKAGED_THEME.resolve():
        return (own,)
    return (own, PACKAGED_THEME)


def static_files(root: Path) -> dict[str, bytes]:
    """The site's ``static/`` files by relative path: the packaged theme's, each replaced
    by the project's file of the same path when there is one (never one whose link leaves
    the project: :mod:`explainer.scenarios.files`)."""
    files: dict[str, bytes] = {}
    for folder in reversed(theme_dirs(root)):
        static = folder / "static"
        for f in sorted(static.rglob("*")) if static.is_dir() else ():
            if f.is_file() and not leaves(root, f):
                files["static/" + f.relative_to(static).as_posix()] = f.read_bytes()
    return dict(sorted(files.items()))
