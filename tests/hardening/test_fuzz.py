"""Random damage to the shipped scenarios, pages and catalogs never crashes a verb.

Hypothesis takes a shipped file, breaks it (a line deleted, two lines or two values
swapped, random bytes, a value of the wrong type, invalid UTF-8, a truncation) and runs
``explainer check`` and ``explainer build`` in-process on the damaged project. Each must
return 0, 1 or 2, print no traceback and no internal error (the verbs turn an exception
into a located ``internal error`` line: a crash all the same), and answer every problem
with a located line; a build that fails leaves the previously built site byte for byte
as it was.

A damaged scenario or page file is checked and built in its page's own project
(:func:`~tests.hardening.conftest.copy_pages`: only that page's folder under
``scenarios/``, its ``page.yaml`` and every example beside the damaged one, with the same
templates, catalogs and settings), which checks and builds clean as it is (the fixture
asserts it): the other pages only added the reading, checking and rendering of some
hundred untouched files to every run. A catalog is read against every text of the
project, so a damaged catalog is checked and built in the whole project.
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import fuzzer
from .conftest import ROOT, copy_pages, run_cli, site_files
from .fuzzer import CRASHED, LOCATED

SUMMARY = re.compile(
    r"^(\d+ passed, \d+ failed(; \d+ catalog problems?)?|translations: .*|\d+ problems?; the site was not changed"
    r"|[^:\s][^:]*\.yaml: law \S+ checked (over|on) \d+ .*"
    r"|built \d+ pages .*|.* is up to date .*|note: no base URL configured, .*)$"
)

SCENARIO_FILES = sorted(
    p.relative_to(ROOT).as_posix() for p in (ROOT / "scenarios").rglob("*.yaml")
)
CATALOG_FILES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "locales").rglob("*.po*"))

WRONG_VALUES = [
    "[]",
    "{}",
    "[[[]]]",
    "{a: {b: c}}",
    "",
    "~",
    "null",
    "true",
    "-1",
    "99999999999999999999",
    "&x a",
    "*x",
    "!!python/object:os.system x",
    "'{{ 7*7 }}'",
    '"<script>"',
    "\t",
    "|",
    "[N: AS, N: AS]",
    "{8D|}",
    "{ZZ}",
    '"\\x00"',
    "\u202e",
    "0x10",
    "1e400",
]
PO_WRONG = [
    '""',
    '"%(num)d"',
    '"{8D}"',
    '"{KS|x}"',
    '"\\"',
    '"%s %s %d"',
    'msgstr[7] "x"',
    '"\\n\\n\\n"',
    '"[x](javascript:alert(1))"',
    '"<script>alert(1)</script>"',
    "#, fuzzy",
    'msgid_plural "x"',
    'msgctxt "x"',
    '"' + "x" * 10_000 + '"',
]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


@st.composite
def mutation(draw: st.DrawFn, data: bytes, values: list[str]) -> bytes:
    lines = _lines(data)
    n = len(lines)
    kind = draw(
        st.sampled_from(
            [
                "delete",
                "swap-lines",
                "swap-values",
                "bytes",
                "wrong-type",
                "bad-utf8",
                "truncate",
                "duplicate-line",
                "indent",
            ]
        )
    )
    i = draw(st.integers(0, n - 1))
    j = draw(st.integers(0, n - 1))
    if kind == "delete":
        del lines[i]
    elif kind == "swap-lines":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "duplicate-line":
        lines.insert(j, lines[i])
    elif kind == "indent":
        lines[i] = b" " * draw(st.integers(1, 9)) + lines[i]
    elif kind == "swap-values":
        a, sep_a, va = lines[i].partition(b": ")
        b, sep_b, vb = lines[j].partition(b": ")
        if sep_a and sep_b:
            lines[i], lines[j] = a + sep_a + vb, b + sep_b + va
        else:
            lines[i], lines[j] = lines[j], lines[i]
    elif kind == "bytes":
        blob = draw(st.binary(min_size=1, max_size=16))
        at = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:at] + blob + lines[i][at:]
    elif kind == "wrong-type":
        value = draw(st.sampled_from(values)).encode()
        key, sep, _ = lines[i].partition(b": ")
        key2, sep2, _ = lines[i].partition(b" ")
        lines[i] = key + sep + value if sep else (key2 + b" " + value if sep2 else value)
    elif kind == "bad-utf8":
        blob = draw(
            st.sampled_from(
                [b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf"]
            )
        )
        at = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:at] + blob + lines[i][at:]
    else:  # truncate
        return data[: draw(st.integers(0, len(data)))]
    return b"\n".join(lines)


def _built(root: Path) -> tuple[Path, Path]:
    """``root`` (a clean project) built into ``root/out/site``: the project and the site."""
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=root)
    assert code == 0, lines  # clean as it is: a damage that keeps it valid builds too
    return root, root / "out" / "site"


@pytest.fixture(scope="module")
def fuzz_project(
    tmp_path_factory: pytest.TempPathFactory, pristine: Path
) -> Iterator[tuple[Path, Path]]:
    """The whole project, built: where a damaged catalog is checked and built."""
    root = tmp_path_factory.mktemp("fuzz") / "project"
    shutil.copytree(pristine, root)
    yield _built(root)


def page_of(rel: str) -> str:
    """The page folder a scenario or page file is in: ``scenarios/PAGE/...``."""
    return rel.split("/")[1]


@pytest.fixture(scope="module")
def page_projects(
    tmp_path_factory: pytest.TempPathFactory, pristine: Path
) -> Callable[[str], tuple[Path, Path]]:
    """A damaged file's own page project, built (see the module's docstring), made when
    a file of that page is first drawn and kept for the module: the project and its site."""
    made: dict[str, tuple[Path, Path]] = {}

    def project_of(rel: str) -> tuple[Path, Path]:
        page = page_of(rel)
        if page not in made:
            dest = tmp_path_factory.mktemp(f"fuzz-{page}") / "project"
            made[page] = _built(copy_pages(pristine, dest, [page]))
        return made[page]

    return project_of


def _answer_is_sound(code: int, lines: list[str]) -> None:
    assert code in (0, 1, 2), (code, lines)
    assert lines, "no output"
    crashed = [line for line in lines if any(word in line for word in CRASHED)]
    assert not crashed, crashed
    for line in lines:
        assert LOCATED.match(line) or SUMMARY.match(line), f"unexpected line: {line!r}"
    if code == 2:
        assert any(LOCATED.match(line) for line in lines), lines


def _run_both(root: Path, out: Path) -> None:
    before = site_files(out)
    code, lines = run_cli(["--root", ".", "check"], cwd=root)
    _answer_is_sound(code, lines)
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=root)
    _answer_is_sound(code, lines)
    if code != 0:
        assert site_files(out) == before, "a failed build changed the site"
    debris = [p.name for p in out.parent.iterdir() if p.name != "site"]
    assert not debris, debris


def _fuzz(root: Path, out: Path, rel: str, damaged: bytes) -> None:
    target = root / rel
    original = (ROOT / rel).read_bytes()
    target.write_bytes(damaged)
    try:
        _run_both(root, out)
    finally:
        target.write_bytes(original)


FUZZ = settings(
    max_examples=35,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


@FUZZ
@given(data=st.data())
def test_damaged_scenario_or_page_never_crashes(
    data: st.DataObject, page_projects: Callable[[str], tuple[Path, Path]]
) -> None:
    rel = data.draw(st.sampled_from(SCENARIO_FILES), label="file")
    root, out = page_projects(rel)
    damaged = data.draw(mutation((ROOT / rel).read_bytes(), WRONG_VALUES), label="damaged")
    _fuzz(root, out, rel, damaged)


@FUZZ
@given(data=st.data())
def test_damaged_catalog_never_crashes(
    data: st.DataObject, fuzz_project: tuple[Path, Path]
) -> None:
    root, out = fuzz_project
    rel = data.draw(st.sampled_from(CATALOG_FILES), label="file")
    damaged = data.draw(mutation((ROOT / rel).read_bytes(), PO_WRONG), label="damaged")
    _fuzz(root, out, rel, damaged)


@pytest.mark.parametrize(
    "rel",
    [
        "scenarios/which-card/page.yaml",
        "locales/pl/LC_MESSAGES/messages.po",
        "locales/messages.pot",
    ],
)
@pytest.mark.parametrize("damage", ["empty", "nul-bytes", "latin-1", "utf-16"])
def test_whole_file_damage(
    rel: str,
    damage: str,
    page_projects: Callable[[str], tuple[Path, Path]],
    request: pytest.FixtureRequest,
) -> None:
    where = page_projects(rel) if rel.startswith("scenarios/") else None
    root, out = where or request.getfixturevalue("fuzz_project")
    original = (ROOT / rel).read_bytes()
    damaged = {
        "empty": b"",
        "nul-bytes": b"\x00" * 64,
        "latin-1": original.decode("utf-8").encode("latin-1", "replace"),
        "utf-16": original.decode("utf-8").encode("utf-16"),
    }[damage]
    _fuzz(root, out, rel, damaged)


# ---------------------------------------------------------------------------------------
# The seeded fuzzer (tests/hardening/fuzzer.py): files and requests, every promise


FUZZ_SEED = 20261201
FILE_TRIALS = 14
REQUEST_TRIALS = 40


@pytest.fixture(scope="module")
def small_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = fuzzer.make_project(tmp_path_factory.mktemp("fuzzer"))
    code, lines, _ = fuzzer.run_verb(["--root", str(root), "check"], root)
    assert code == 0, lines  # the project itself is clean
    return root


def test_seeded_fuzzing_of_the_files_keeps_every_promise(small_project: Path) -> None:
    """Damaged scenarios, pages, catalogs (their headers too), pyproject.toml, and links
    out of the project: check and build answer 0, 1 or 2 with located lines only, no
    traceback, no internal error, nothing read through a link, within the CPU bound."""
    rng = random.Random(FUZZ_SEED)
    files = fuzzer.inputs(small_project)
    assert {Path(f).suffix for f in files} == {".yaml", ".po", ".toml", ".csv"}
    findings = []
    for n in range(FILE_TRIALS):
        trial = fuzzer.file_trial(rng, n, small_project, files[n % len(files)])
        finding = fuzzer.run_file_trial(small_project, trial)
        if finding is not None:
            findings.append(f"{trial.target} ({trial.kind}): {finding.problem}")
    assert findings == []


def test_seeded_requests_to_serve_are_all_answered(small_project: Path) -> None:
    rng = random.Random(FUZZ_SEED)
    with fuzzer.serving(small_project) as (address, log):
        findings = []
        for n in range(REQUEST_TRIALS):
            trial = fuzzer.request_trial(rng, n)
            finding = fuzzer.run_request_trial(address, trial, log)
            if finding is not None:
                findings.append(f"{trial.data[:60]!r}: {finding.problem}")
    assert findings == []


@pytest.mark.parametrize(
    ("code", "lines", "problem"),
    [
        (0, ["1 passed, 0 failed"], None),
        (3, ["1 passed, 0 failed"], "exit code 3"),
        (2, ["x.yaml:1:1: internal error: KeyError"], "a traceback or an internal error"),
        (2, ["Traceback (most recent call last):"], "a traceback or an internal error"),
        (2, ["x.yaml:1:1: " + fuzzer.SECRET], "printed what a link out of the project points at"),
        (1, ["a stray line"], "a line that is neither located nor a summary: 'a stray line'"),
        (2, ["1 passed, 1 failed"], "exit 2 without a located line"),
        (-1, [], "more than 60 s of CPU"),
    ],
)
def test_the_fuzzer_sees_each_broken_promise(
    code: int, lines: list[str], problem: str | None
) -> None:
    assert fuzzer.broken_promise(code, lines, 0.0, False) == problem
