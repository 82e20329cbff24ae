"""Hypothesis profiles shared by the whole suite.

``mutation``: for ``benchmarks/mutation.py`` (``--hypothesis-profile=mutation``, set in
``[tool.mutmut]``): no deadline (mutmut's trampolines slow every call), the same
examples on every run (a mutant is killed or not, never by luck) and no example database
(each mutant starts clean).
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("mutation", deadline=None, derandomize=True, database=None)
