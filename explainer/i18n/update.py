"""``python -m explainer.i18n.update``: bring every catalog up to date after the English changed.

One command for the two ``pybabel`` steps, for each set of catalogs the project holds:
the site's ``locales/`` and, in explainer's own repository, the theme's
``explainer/locales/`` (:func:`~explainer.i18n.check.catalog_sets`)::

    pybabel extract -F <set>/babel.cfg -k 'P_:1c,2' -k 'NP_:1c,2,3' --add-comments=NOTE: \\
        --sort-by-file --project=<name> --copyright-holder='the <name> authors' \\
        -o <set>/messages.pot .
    pybabel update -i <set>/messages.pot -d <set> --ignore-obsolete --no-fuzzy-matching

run from the project's folder with Babel's own command line, so the files are exactly
what those commands write. New and changed messages arrive empty (no fuzzy guesses);
messages no longer in the sources are dropped; every translation is kept. It prints one
line per file written and exits 0, or 2 with one line when a set cannot be extracted.

``--root DIR`` names the project's folder (default: the current one).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from .catalog import find_languages
from .check import THEME, CatalogSet, catalog_sets
from .staleness import COMMENT_TAGS, KEYWORDS

__all__ = ["commands", "main", "update"]


def _project_name(root: Path) -> str:
    """The project's name for the template's header: ``[project] name``, else the folder's."""
    try:
        name = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"][
            "name"
        ]
    except (OSError, ValueError, KeyError, TypeError):
        name = None
    return name if isinstance(name, str) and name else root.resolve().name


def commands(cs: CatalogSet) -> list[list[str]]:
    """The ``pybabel`` command lines that bring ``cs`` up to date, run from its root."""
    name = "explainer" if cs.name == THEME else _project_name(cs.root)
    folder = os.path.relpath(cs.folder, cs.root)
    template = os.path.join(folder, "messages.pot")
    extract = [
        "pybabel", "-q", "extract", "-F", os.path.join(folder, "babel.cfg"),
        *(arg for k in KEYWORDS for arg in ("-k", k)),
        *(f"--add-comments={tag}" for tag in COMMENT_TAGS),
        "--sort-by-file", f"--project={name}", f"--copyright-holder=the {name} authors",
        "-o", template, ".",
    ]  # fmt: skip
    found = [extract]
    if len(find_languages(cs.folder.parent)) > 1:  # pybabel update needs a catalog
        found.append(
            ["pybabel", "-q", "update", "-i", template, "-d", folder,
             "--ignore-obsolete", "--no-fuzzy-matching"]
        )  # fmt: skip
    return found


def update(root: Path) -> list[str]:
    """Run :func:`commands` for every catalog set of ``root`` that has a ``babel.cfg``;
    return the files written (relative to ``root``). Raises :class:`SystemExit` with
    Babel's message when Babel cannot extract or update."""
    from babel.messages.frontend import CommandLineInterface

    written: list[str] = []
    for cs in catalog_sets(root):
        if not cs.mapping.is_file():
            continue
        with contextlib.chdir(cs.root), contextlib.redirect_stderr(io.StringIO()) as err:
            for argv in commands(cs):
                try:
                    CommandLineInterface().run(argv)  # type: ignore[no-untyped-call]
                except (Exception, SystemExit) as exc:  # noqa: BLE001 - one line for people
                    detail = err.getvalue().strip().splitlines() or [str(exc)]
                    raise SystemExit(f"{' '.join(argv[:3])}: {detail[-1]}") from None
        written.append(os.path.relpath(cs.template, cs.root))
        written += [
            os.path.relpath(cs.folder / lang / "LC_MESSAGES" / "messages.po", cs.root)
            for lang in find_languages(cs.folder.parent)[1:]
        ]
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: 0 when every catalog is up to date, 2 when one cannot be."""
    parser = argparse.ArgumentParser(
        prog="python -m explainer.i18n.update",
        description="Extract the English messages again and merge them into every catalog"
        " (the site's, and the theme's in explainer's own repository).",
    )
    parser.add_argument("--root", type=Path, default=Path("."), help="the project's folder")
    args = parser.parse_args(argv)
    root: Path = args.root
    if not (root / "locales" / "babel.cfg").is_file():
        print(f"{root / 'locales' / 'babel.cfg'}: no such file (run in the project's folder)")
        return 2
    try:
        written = update(root)
    except SystemExit as exc:
        print(exc.code)
        return 2
    for path in written:
        print(f"updated {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
