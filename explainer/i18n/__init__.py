"""Translations: the catalogs the site reads, the Babel extractor and the catalog checks.

The check pipeline (:mod:`explainer.pipeline`) imports from here :func:`check_catalogs`
(every problem of the template and catalogs), :func:`coverage` and
:func:`format_coverage`. They are imported on first use, so that reading a catalog for
the site does not load the checkers and Babel's extraction.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .checkers import check_catalogs, coverage, format_coverage

__all__ = ["check_catalogs", "coverage", "format_coverage"]

_HOME: Final = {
    "check_catalogs": ".checkers",
    "coverage": ".checkers",
    "format_coverage": ".checkers",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home, __name__), name)
