"""Hypothesis profiles and the slow things made once per session: the built wheel, the built
and served site, one browser (docs/development.md, "Shared fixtures").

``mutation``: for ``benchmarks/mutation.py`` (``--hypothesis-profile=mutation``, set in
``[tool.mutmut]``): no deadline (mutmut's trampolines slow every call), the same
examples on every run (a mutant is killed or not, never by luck) and no example database
(each mutant starts clean).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

from tests.once import once_per_run

if TYPE_CHECKING:
    from tests.install import Made

# ``explainer check`` checks laws in one process under the suite (the command line's
# default is two where two CPUs are available): tests/test_law_workers.py asks for two.
os.environ.setdefault("EXPLAINER_JOBS", "1")

# A suite started in the background by a non-interactive shell (``pytest &``, some CI
# runners) inherits SIGINT ignored, and so would every ``explainer`` it starts: explainer
# keeps an inherited ignore (as ``nohup`` means it), so the tests that send SIGINT would
# wait for nothing. Python's own handler here is reset to the default in each child.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile("mutation", deadline=None, derandomize=True, database=None)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout, built once per run for the tests that install it
    (:func:`tests.install.build_wheel`)."""
    from tests.install import build_wheel

    with once_per_run(tmp_path_factory, "wheel") as (folder, made):
        if made:
            (found,) = (folder / "dist").glob("rules_explainer-*.whl")
            return found
        return build_wheel(folder)


@pytest.fixture(scope="session")
def made(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Made:
    """A new site made by ``explainer new`` of the wheel installed in a fresh virtualenv
    (:func:`tests.install.make_site`), once per run: the tests copy the site before
    changing it and only run that virtualenv's commands."""
    from tests.install import made_site, make_site

    with once_per_run(tmp_path_factory, "made") as (folder, done):
        return made_site(wheel, folder) if done else make_site(wheel, folder)


# ---------------------------------------------------------------------------------------
# Shared by every test that needs the built site or a browser (docs/development.md#tests):
# the slow things are made once per session, and each test opens its own context or copy.

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real project built once per run into a temporary folder (read it, never change
    it)."""
    import io

    from explainer.site.build import run_build

    with once_per_run(tmp_path_factory, "built") as (folder, made):
        out = folder / "site"
        if not made:
            stream = io.StringIO()
            code = run_build(ROOT, out, None, stream)
            assert code == 0, stream.getvalue()
        return out


@pytest.fixture(scope="session")
def served_site(built_site: Path) -> Iterator[tuple[str, Path]]:
    """:func:`built_site` served over HTTP on a free localhost port, for the whole session:
    ``(base URL ending in /, the site's folder)``."""
    from tests.browser import serving

    with serving(built_site) as base:
        yield base, built_site


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole session (:func:`tests.browser.launch`); a test
    opens its own ``browser.new_context()`` and closes it. Skipped with the reason when
    Chromium or Playwright is missing, a failure on CI."""
    from tests.browser import launch

    yield from launch()
