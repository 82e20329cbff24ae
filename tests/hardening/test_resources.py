"""Resource attacks: each refused with its exact message after bounded work.

Timings never decide a test here (a shared machine is slow at random); what is held is
the *work*: the peak of Python memory traced while the whole ``explainer check`` runs
(loading, the engine, and the catalogs' re-extraction of every source file) stays
under a few megabytes above a clean run, and the error names the limit. The project is
the one-page copy (:func:`~tests.hardening.conftest.one_page`): a hostile file is
planted beside the pages, which only add the same work to the clean run and to the
attacked one. A segfault
(libyaml's composer recurses in C) is caught by running that case in a subprocess.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from explainer.cli import main

from .conftest import chdir

LIMIT_ABOVE_CLEAN = 16_000_000
"""Bytes of traced memory a hostile file may add to a clean run of the check."""


def _check_traced(root: Path) -> tuple[int, list[str], int]:
    out = io.StringIO()
    tracemalloc.start()
    try:
        with chdir(root), contextlib.redirect_stdout(out):
            code = main(["--root", ".", "check"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return code, out.getvalue().splitlines(), peak


@pytest.fixture(scope="module")
def clean_peak(one_page_pristine: Path) -> int:
    _check_traced(one_page_pristine)  # imports and caches once
    code, lines, peak = _check_traced(one_page_pristine)
    assert code == 0, lines
    return peak


def _plant(root: Path, text: str | bytes, name: str = "scenarios/attack.yaml") -> None:
    path = root / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)


BILLION_LAUGHS = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]"
        for i in range(8)
    ]
    + ["contract: {trump: hearts}", "trick: [N: AS, E: 7S, S: 8S, W: 9S]", ""]
)

CASES = {
    "billion-laughs": (
        BILLION_LAUGHS,
        "scenarios/attack.yaml:1:4: anchors are not allowed: '&a' (write the value out)",
    ),
    "alias-without-anchor": (
        "contract: *c\n",
        "scenarios/attack.yaml:1:11: aliases are not allowed: '*c' (write the value out)",
    ),
    "ten-megabytes": (
        "title: x\ntext: |\n" + ("  " + "x" * 98 + "\n") * 100_000,
        "scenarios/attack.yaml:1:1: file too large (more than 1000000 bytes)",
    ),
    "nested-10000-deep-flow": (
        "title: x\ntext: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "scenarios/attack.yaml:2:56: nesting too deep (more than 50 levels)",
    ),
    "nested-10000-deep-block": (
        "".join("  " * i + "- \n" for i in range(60))
        + "  " * 60
        + "- x\n"
        + "x: "
        + "{a: " * 9_000
        + "b"
        + "}" * 9_000,
        "scenarios/attack.yaml:51:101: nesting too deep (more than 50 levels)",
    ),
    "100000-cards-flow": (
        "contract: {trump: hearts}\nhand:\n  seat: N\n  cards: ["
        + ", ".join(["AS"] * 100_000)
        + "]\n",
        "scenarios/attack.yaml:4:10: too many items in one list (more than 1000)",
    ),
    "100000-cards-block": (
        "contract: {trump: hearts}\nhand:\n  seat: N\n  cards:\n" + "    - AS\n" * 100_000,
        "scenarios/attack.yaml:5:5: too many items in one list (more than 1000)",
    ),
    "100000-keys": (
        "".join(f"k{i}: v\n" for i in range(100_000)),
        "scenarios/attack.yaml:1:1: too many keys in one mapping (more than 1000)",
    ),
    "one-huge-line": (
        "title: " + "x" * 2_000_000 + "\n",
        "scenarios/attack.yaml:1:1: file too large (more than 1000000 bytes)",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_attack_is_refused_with_bounded_work(name: str, one_page: Path, clean_peak: int) -> None:
    text, wanted = CASES[name]
    _plant(one_page, text)
    code, lines, peak = _check_traced(one_page)
    assert wanted in lines
    assert code == 2
    assert peak < clean_peak + LIMIT_ABOVE_CLEAN, f"peak {peak} bytes, clean {clean_peak}"


def test_huge_catalog_is_refused_unread(one_page: Path, clean_peak: int) -> None:
    po = one_page / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.write_bytes(
        po.read_bytes() + b'\nmsgctxt "x"\nmsgid "y"\nmsgstr "' + b"z" * 10_000_000 + b'"\n'
    )
    code, lines, peak = _check_traced(one_page)
    assert (
        "locales/pl/LC_MESSAGES/messages.po:1:1: catalog too large (more than 5000000 bytes)"
        in lines
    )
    assert code == 2
    assert peak < clean_peak + LIMIT_ABOVE_CLEAN, f"peak {peak} bytes, clean {clean_peak}"


def test_long_msgstr_under_the_limit_is_read_in_linear_memory(
    one_page: Path, clean_peak: int
) -> None:
    """A 4 MB msgstr line: the quoting check once kept a regex frame per character (1.4 GB).
    Read to its end, it is refused at its line (a message holds at most 100 000 characters)."""
    po = one_page / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    data = po.read_bytes() + b'\nmsgctxt "x"\nmsgid "y {KS}"\nmsgstr "'
    po.write_bytes(data + b"z" * 4_000_000 + b'"\n')
    code, lines, peak = _check_traced(one_page)
    assert code == 2
    line = data.count(b"\n") + 1
    assert (
        f"locales/pl/LC_MESSAGES/messages.po:{line}:1: msgstr too long (more than 100000 characters)"
        in lines
    ), lines[:3]
    assert peak < clean_peak + 10 * 4_000_000, f"peak {peak} bytes, clean {clean_peak}"


def test_nesting_that_crashed_the_extractor_is_refused(one_page: Path) -> None:
    """400 000 brackets (under 1 MB) overflowed libyaml's recursive composer in the
    catalogs' re-extraction: a segfault, exit -11, no output. In a subprocess so that a
    regression fails this test instead of killing the test run."""
    _plant(one_page, "title: x\ntext: " + "[" * 400_000 + "]" * 400_000 + "\n")
    for verb in (["check"], ["build", "--out", "out/site"]):
        run = subprocess.run(
            [sys.executable, "-m", "explainer", "--root", ".", *verb],
            cwd=one_page,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 2, (run.returncode, run.stdout[-500:], run.stderr[-500:])
        assert "scenarios/attack.yaml:2:56: nesting too deep (more than 50 levels)" in run.stdout
        assert "Traceback" not in run.stdout + run.stderr
    assert not (one_page / "out").exists()
