"""``explainer/scenarios/loader.py``: a file refused before its YAML is read (unreadable,
too large, not UTF-8, with or without a byte-order mark) and the fields every scenario
has, each problem with its place, message and code, all of a file's problems in one run
(issue 16: the loader mutants)."""

from __future__ import annotations

from pathlib import Path

import pytest

from explainer.scenarios import loader
from explainer.scenarios.diagnostics import Code, Diagnostic, Location
from explainer.scenarios.loader import (
    find_files,
    load_file,
    load_project,
    load_text,
    missing_scenarios,
)
from explainer.scenarios.yamlsource import MAX_BYTES

BAD_NAME = "id: the file name 'Bad' is not a valid id; add an 'id:' (a-z, 0-9 and -)"
NO_CONTRACT = "contract: required for kind: play"


def _problems(text: str) -> list[tuple[int, int, str, Code]]:
    value, diags = load_text(text, "s/Bad.yaml")
    assert value is None
    return [(d.location.line, d.location.col, d.message, d.code) for d in diags]


def test_a_file_not_in_utf8_is_refused_at_its_first_bad_byte(tmp_path: Path) -> None:
    f = tmp_path / "latin.yaml"
    f.write_bytes("id: a\ntitle: caf\xe9\n".encode("latin-1"))
    assert load_file(f, shown="X") == (
        None,
        [
            Diagnostic(
                Location("X", 2, 11),
                "not UTF-8 text (byte 0xE9); re-save the file as UTF-8",
                Code.ENCODING,
            )
        ],
    )


def test_a_byte_order_mark_is_not_a_column(tmp_path: Path) -> None:
    f = tmp_path / "bom.yaml"
    f.write_bytes(b"\xef\xbb\xbfx: \xe9\n")
    assert load_file(f, shown="X")[1] == [
        Diagnostic(
            Location("X", 1, 4),
            "not UTF-8 text (byte 0xE9); re-save the file as UTF-8",
            Code.ENCODING,
        )
    ]


def test_a_byte_order_mark_is_dropped_before_reading(tmp_path: Path) -> None:
    f = tmp_path / "bom.yaml"
    f.write_bytes("\ufeffid: a\nkind: nope\n".encode())
    assert load_file(f, shown="X")[1] == [
        Diagnostic(
            Location("X", 2, 7),
            "kind: unknown value 'nope' (expected play, deal, bidding, dealing, auction, "
            "declarations, match or law)",
            Code.BAD_VALUE,
        )
    ]


def test_a_file_one_byte_past_the_limit_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BYTES + 1))
    assert load_file(big, shown="X") == (
        None,
        [
            Diagnostic(
                Location("X", 1, 1), "file too large (more than 1000000 bytes)", Code.TOO_LARGE
            )
        ],
    )
    exact = tmp_path / "exact.yaml"
    exact.write_bytes(b"#" * MAX_BYTES)
    assert load_file(exact, shown="X")[1] == [
        Diagnostic(Location("X", 1, 1), "empty file: expected a scenario mapping", Code.EMPTY)
    ]


def test_an_unreadable_file_says_why(tmp_path: Path) -> None:
    assert load_file(tmp_path / "nope.yaml", shown="X") == (
        None,
        [Diagnostic(Location("X", 1, 1), "cannot read file: No such file or directory", Code.IO)],
    )


def test_a_section_needs_a_page() -> None:
    assert _problems("title: T\nsection: s\n") == [
        (1, 1, BAD_NAME, Code.BAD_ID),
        (2, 1, "section: needs a page", Code.MISSING),
        (1, 1, NO_CONTRACT, Code.MISSING),
    ]


def test_unknown_keys_are_each_reported_and_dropped() -> None:
    assert _problems("kind: play\nlegal: 1\nfoo: 1\ntitel: x\npackets: []\n") == [
        (2, 1, "unknown key 'legal'", Code.UNKNOWN_KEY),
        (3, 1, "unknown key 'foo'", Code.UNKNOWN_KEY),
        (4, 1, "unknown key 'titel' (did you mean 'title'?)", Code.UNKNOWN_KEY),
        (5, 1, "unknown key 'packets' (not a key of kind: play)", Code.UNKNOWN_KEY),
        (1, 1, BAD_NAME, Code.BAD_ID),
        (1, 1, NO_CONTRACT, Code.MISSING),
    ]


def test_a_disputed_status_needs_a_reason_and_a_reason_needs_it() -> None:
    assert _problems("status: disputed\n") == [
        (1, 1, BAD_NAME, Code.BAD_ID),
        (1, 1, "status: disputed needs a reason", Code.MISSING),
        (1, 1, NO_CONTRACT, Code.MISSING),
    ]
    assert _problems("id: a\nstatus: checked\nreason: r\n") == [
        (3, 1, "reason: only with status: disputed", Code.MISSING),
        (1, 1, NO_CONTRACT, Code.MISSING),
    ]


def test_a_bad_status_order_or_id_is_refused_at_its_value() -> None:
    assert _problems("id: a\nstatus: bogus\norder: x\n") == [
        (3, 8, "order: expected a whole number, got 'x'", Code.TYPE),
        (2, 9, "status: unknown value 'bogus' (expected checked or disputed)", Code.BAD_VALUE),
        (1, 1, NO_CONTRACT, Code.MISSING),
    ]
    assert _problems("id: 'B'\n") == [
        (1, 5, "id: invalid id 'B' (use a-z, 0-9 and -)", Code.BAD_ID),
        (1, 1, NO_CONTRACT, Code.MISSING),
    ]


def _all(text: str, path: str) -> list[tuple[int, int, str, Code]]:
    value, diags = load_text(text, path)
    assert value is None
    return [(d.location.line, d.location.col, d.message, d.code) for d in diags]


def test_an_empty_file_is_empty_but_a_quoted_empty_string_is_a_wrong_type() -> None:
    assert _all("", "s/a.yaml") == [(1, 1, "empty file: expected a scenario mapping", Code.EMPTY)]
    assert _all("# c\n", "s/pg/page.yaml") == [
        (1, 1, "empty file: expected a page mapping", Code.EMPTY)
    ]
    assert _all("''\n", "s/a.yaml") == [
        (1, 1, "file: expected a scenario mapping, got nothing", Code.TYPE)
    ]
    assert _all("''\n", "s/pg/page.yaml") == [
        (1, 1, "file: expected a page mapping, got nothing", Code.TYPE)
    ]


def test_a_yaml_refusal_keeps_its_place_and_code() -> None:
    assert _all("a: &x 1\n", "s/a.yaml") == [
        (1, 4, "anchors are not allowed: '&x' (write the value out)", Code.ALIAS)
    ]


def test_a_page_file_without_a_folder_is_the_page_named_page() -> None:
    page, diags = load_text("title: T\n", "page.yaml")
    assert diags == []
    assert page is not None and page.id == "page"


PLAY = (
    "contract: {trump: spades, rules: official}\ntrick: [N: AH, E: JS]\n"
    "hand: {seat: S, cards: [7S, 8D]}\nexpect: {legal: [7S, 8D]}\n"
)


def _project(root: Path) -> Path:
    sc = root / "scenarios"
    for folder in ("p1", "p2", "empty", ".hidden"):
        (sc / folder).mkdir(parents=True)
    (sc / "p1" / "page.yaml").write_text(
        "id: pg\ntitle: T\norder: 2\nsections:\n  - id: follow\n    title: F\n"
    )
    (sc / "p2" / "page.yaml").write_text("id: pg\ntitle: U\n")
    (sc / ".hidden" / "x.yaml").write_text("x")
    (sc / "p1" / ".x.yaml").write_text("x")
    (sc / "p1" / "notes.txt").write_text("x")
    (sc / "p1" / "a.yaml").write_text("id: a\npage: pg\nsection: folow\n" + PLAY)
    (sc / "p1" / "b.yml").write_text("id: a\npage: pgg\n" + PLAY)
    (sc / "p1" / "c.yaml").write_text("id: c\npage: pg\nsection: follow\n" + PLAY)
    return sc


def test_find_files_takes_yaml_files_sorted_but_no_hidden_ones(tmp_path: Path) -> None:
    sc = _project(tmp_path)
    assert find_files(sc) == [
        sc / "p1" / "a.yaml",
        sc / "p1" / "b.yml",
        sc / "p1" / "c.yaml",
        sc / "p1" / "page.yaml",
        sc / "p2" / "page.yaml",
    ]
    assert find_files(sc / "p1" / "notes.txt") == [sc / "p1" / "notes.txt"]


def test_a_project_reports_every_reference_and_duplicate_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _project(tmp_path)
    monkeypatch.chdir(tmp_path)
    p = load_project(Path("."))
    assert [x.id for x in p.pages] == ["pg", "pg"]
    assert [x.path for x in p.pages] == ["scenarios/p2/page.yaml", "scenarios/p1/page.yaml"]
    assert [(s.id, s.page, s.section) for s in p.scenarios] == [("c", "pg", "follow")]
    assert p.failed_paths == ("scenarios/p1/a.yaml", "scenarios/p1/b.yml")
    assert p.files == ("scenarios/p1/a.yaml", "scenarios/p1/b.yml", "scenarios/p1/c.yaml")
    assert [(str(d), d.code) for d in p.diagnostics] == [
        (
            "scenarios/p1/a.yaml:3:1: section: unknown section 'folow' in page 'pg' "
            "(did you mean 'follow'?)",
            Code.UNKNOWN_SECTION,
        ),
        (
            "scenarios/p1/b.yml:1:1: duplicate id 'a' (also in scenarios/p1/a.yaml:1:1)",
            Code.DUPLICATE_ID,
        ),
        (
            "scenarios/p1/b.yml:2:1: page: unknown page 'pgg' (did you mean 'pg'?)",
            Code.UNKNOWN_PAGE,
        ),
        (
            "scenarios/p2/page.yaml:1:1: duplicate page id 'pg' (also scenarios/p1/page.yaml)",
            Code.DUPLICATE_ID,
        ),
    ]


def test_a_scenario_checked_alone_still_finds_its_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _project(tmp_path)
    monkeypatch.chdir(tmp_path)
    p = load_project(Path("."), [Path("scenarios/p1/c.yaml")])
    assert (p.pages, p.diagnostics, p.failed_paths) == ((), (), ())
    assert [(s.id, s.page, s.section) for s in p.scenarios] == [("c", "pg", "follow")]


def test_an_empty_folder_is_nothing_to_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _project(tmp_path)
    monkeypatch.chdir(tmp_path)
    p = load_project(Path("."), [Path("scenarios/empty")])
    assert p.diagnostics == (
        Diagnostic(
            Location("scenarios/empty", 1, 1), "nothing to check: no .yaml files here", Code.NOTHING
        ),
    )


def test_a_folder_without_scenarios_is_not_a_project(tmp_path: Path) -> None:
    _project(tmp_path)
    assert missing_scenarios(tmp_path) is None
    assert missing_scenarios(tmp_path / "nowhere") == (
        f"{tmp_path / 'nowhere' / 'scenarios'}: no such folder "
        "(run in the project's folder, or use --root)"
    )


def test_a_file_is_read_to_its_last_byte(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    f.write_text("id: a\n" + PLAY.rstrip("\n"))
    value, diags = load_file(f, shown="X")
    assert diags == [] and value is not None and value.id == "a"


def test_a_byte_order_mark_is_dropped_alone(tmp_path: Path) -> None:
    f = tmp_path / "bom.yaml"
    f.write_bytes("\ufeffkind: nope\n".encode())
    assert [str(d) for d in load_file(f, shown="X")[1]] == [
        "X:1:7: kind: unknown value 'nope' (expected play, deal, bidding, dealing, auction, "
        "declarations, match or law)"
    ]


def test_an_internal_error_is_one_located_line_never_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str, path: str) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(loader, "load_text", broken)
    f = tmp_path / "a.yaml"
    f.write_text("id: a\n")
    assert load_file(f, shown="X") == (
        None,
        [Diagnostic(Location("X", 1, 1), "internal error: KeyError: 'boom'", Code.INTERNAL)],
    )
