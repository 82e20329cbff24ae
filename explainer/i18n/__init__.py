"""Translations: the catalogs the site reads, the Babel extractors and the catalog check.

The check/build pipeline imports what it needs from here: :func:`catalog_report` (the
catalog check, in one sequence: :mod:`explainer.i18n.check`), :func:`check_catalogs`
(its problems), :func:`coverage` and :func:`format_coverage` (how much each language
translates of the site's current English). They are imported on first use, so that
reading a catalog for the site (:mod:`explainer.i18n.catalog`) does not load the
checkers and Babel's extraction.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .check import catalog_report, catalog_warnings, check_catalogs, coverage
    from .staleness import Coverage, format_coverage

__all__ = [
    "Coverage",
    "catalog_report",
    "catalog_warnings",
    "check_catalogs",
    "coverage",
    "format_coverage",
]

_HOME: Final = {
    "Coverage": ".staleness",
    "catalog_report": ".check",
    "catalog_warnings": ".check",
    "check_catalogs": ".check",
    "coverage": ".check",
    "format_coverage": ".staleness",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home, __name__), name)
