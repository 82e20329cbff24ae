"""Hypothesis profiles and the slow things made once per session: the built wheel, the built
and served site, one browser (docs/development.md, "Shared fixtures").

``mutation``: for ``benchmarks/mutation.py`` (``--hypothesis-profile=mutation``, set in
``[tool.mutmut]``): no deadline (mutmut's trampolines slow every call), the same
examples on every run (a mutant is killed or not, never by luck) and no example database
(each mutant starts clean).
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]


def _bytecode_in_the_cache_folder() -> None:
    """Where ``PYTHONDONTWRITEBYTECODE`` is set (some machines and containers set it so
    that no ``.pyc`` lands in a checkout), every Python the suite starts (its two workers,
    a few hundred ``explainer`` and ``python`` commands) compiles the package from source
    again, and pytest rewrites every test module's asserts again: about 0.35 s of CPU per
    command. The suite then keeps the bytecode in the user's cache folder instead, one
    per checkout (as ``mypy``'s, tests/test_typing.py), still never in the checkout: for
    itself and, through the environment, for every command it runs. A run first drops
    what earlier runs compiled of temporary copies (all but this checkout and Python)."""
    if not sys.dont_write_bytecode:
        return
    from explainer.cache import cache_dir, digest

    prefix = cache_dir() / "pycache" / digest(str(ROOT))[:16]
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # the run's first process, alone yet
        _prune(prefix, Path("/"), {ROOT, Path(sys.prefix), Path(sys.base_prefix)})
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = str(prefix)
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def _prune(node: Path, mirrored: Path, keep: set[Path]) -> None:
    """Remove from the bytecode folder ``node`` (holding the bytecode of ``mirrored``)
    everything but the bytecode of the folders in ``keep`` (this checkout, Python's)."""
    for child in node.iterdir() if node.is_dir() else ():
        path = mirrored / child.name
        if path in keep:
            continue
        if any(k.is_relative_to(path) for k in keep):
            _prune(child, path, keep)
        elif child.is_dir():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)


_bytecode_in_the_cache_folder()

import pytest  # noqa: E402 - after the bytecode's place is set
from hypothesis import settings  # noqa: E402

from tests.once import once_per_run  # noqa: E402

if TYPE_CHECKING:
    from tests.install import Made, SetUp

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


@pytest.fixture(scope="session")
def set_up(made: Made, tmp_path_factory: pytest.TempPathFactory) -> SetUp:
    """:func:`made`'s site where its README's two commands ran whole, once per run
    (tests/test_packaging.py reads what they printed; the workflow and second-site tests
    link its ``.venv``)."""
    from tests.install import set_up

    with once_per_run(tmp_path_factory, "set-up") as (folder, done):
        return set_up(made, folder, done=done)


# ---------------------------------------------------------------------------------------
# Shared by every test that needs the built site or a browser (docs/development.md#tests):
# the slow things are made once per session, and each test opens its own context or copy.


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


# ---------------------------------------------------------------------------------------
# The order the tests are handed out in: pytest-xdist gives each worker an equal share and
# a worker that runs out takes half of what another has left, so a long test that starts
# last keeps one core busy while the other idles. The longest files go first (the minute
# of a test that builds, installs or drives Chromium), the rest keep their order.

SLOW_FIRST = (
    "tests/test_second_site.py",
    "tests/site/test_position_browser.py",
    "tests/test_packaging.py",
    "tests/hardening/test_fuzz.py",
    "tests/test_docs_commands.py",
    "tests/hardening/test_injection_browser.py",
    "tests/test_new.py",
    "tests/site/test_incremental.py",
    "tests/hardening/test_determinism.py",
    "tests/test_typing.py",
    "tests/site/test_browser.py",
)
"""Files whose tests take tens of seconds each, longest first (docs/development.md,
"Speed")."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of :data:`SLOW_FIRST` first, in its order; the others as collected (the
    same order in every worker, as pytest-xdist requires)."""
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}

    def key(item: pytest.Item) -> int:
        return rank.get(item.nodeid.split("::", 1)[0], len(SLOW_FIRST))

    items.sort(key=key)
