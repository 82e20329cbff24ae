"""Hypothesis profiles and the built wheel, shared by the whole suite.

``mutation``: for ``benchmarks/mutation.py`` (``--hypothesis-profile=mutation``, set in
``[tool.mutmut]``): no deadline (mutmut's trampolines slow every call), the same
examples on every run (a mutant is killed or not, never by luck) and no example database
(each mutant starts clean).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# ``explainer check`` checks laws in one process under the suite (the command line's
# default is two where two CPUs are available): tests/test_law_workers.py asks for two.
os.environ.setdefault("EXPLAINER_JOBS", "1")

settings.register_profile("mutation", deadline=None, derandomize=True, database=None)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout, built once for the tests that install it
    (:func:`tests.install.build_wheel`)."""
    from tests.install import build_wheel

    return build_wheel(tmp_path_factory.mktemp("wheel"))
