"""``explainer/scenarios/loader.py``: a file refused before its YAML is read (unreadable,
too large, not UTF-8, with or without a byte-order mark) and the fields every scenario
has, each problem with its place, message and code, all of a file's problems in one run
(issue 16: the loader mutants)."""

from __future__ import annotations

import os
import threading
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
    def broken(text: str, path: str, **kwargs: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(loader, "load_text", broken)
    f = tmp_path / "a.yaml"
    f.write_text("id: a\n")
    assert load_file(f, shown="X") == (
        None,
        [Diagnostic(Location("X", 1, 1), "internal error: KeyError: 'boom'", Code.INTERNAL)],
    )


# -------------------------------------------------------------- what a file's text gives


def test_an_empty_document_marker_is_an_empty_file() -> None:
    """``---`` alone is a document holding a plain empty scalar: empty, like no text."""
    assert _all("---\n", "s/a.yaml") == [
        (1, 1, "empty file: expected a scenario mapping", Code.EMPTY)
    ]
    assert _all("--- \n...\n", "s/pg/page.yaml") == [
        (1, 1, "empty file: expected a page mapping", Code.EMPTY)
    ]


def test_a_page_or_scenario_with_any_problem_gives_no_value() -> None:
    """A problem the kind or the page does not see (a key unknown to every scenario, a
    bad order) still withholds the value, never a half-checked one."""
    page, diags = load_text("title: T\nfoo: 1\n", "s/pg/page.yaml")
    assert page is None and [(d.location.line, d.code) for d in diags] == [(2, Code.UNKNOWN_KEY)]
    value, diags = load_text("id: a\nfoo: 1\n" + PLAY, "s/a.yaml")
    assert value is None and [str(d) for d in diags] == ["s/a.yaml:2:1: unknown key 'foo'"]


@pytest.mark.parametrize(
    ("name", "stem"), [("x.y.yaml", "x.y"), ("a.b.c.yml", "a.b.c"), ("Bad.yaml", "Bad")]
)
def test_the_id_taken_from_a_file_name_drops_only_its_last_extension(name: str, stem: str) -> None:
    assert _all("title: T\n" + PLAY, f"s/{name}") == [
        (
            1,
            1,
            f"id: the file name {stem!r} is not a valid id; add an 'id:' (a-z, 0-9 and -)",
            Code.BAD_ID,
        )
    ]


def test_a_file_name_with_a_dot_can_be_its_id_when_the_file_says_one() -> None:
    value, diags = load_text("id: x-y\n" + PLAY, "s/x.y.yaml")
    assert diags == [] and value is not None and value.id == "x-y"


def test_a_text_written_below_its_key_has_the_line_of_its_key() -> None:
    """The line kept for a text (shown to translators) is its key's, not its value's."""
    value, diags = load_text("id: a\ntitle:\n  The\n  title\ntext: >\n  T\n" + PLAY, "s/a.yaml")
    assert diags == [] and value is not None
    assert value.title is not None and (value.title.source, value.title.line) == ("The title", 2)
    assert value.text is not None and (value.text.source, value.text.line) == ("T\n", 5)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("page: Bad\n", (2, 7, "page: invalid id 'Bad' (use a-z, 0-9 and -)")),
        ("page: pg\nsection: 'S s'\n", (3, 10, "section: invalid id 'S s' (use a-z, 0-9 and -)")),
    ],
)
def test_a_bad_page_or_section_id_is_refused_naming_its_key(
    text: str, expected: tuple[int, int, str]
) -> None:
    assert _all("id: a\n" + text + PLAY, "s/a.yaml") == [(*expected, Code.BAD_ID)]


@pytest.mark.parametrize(("written", "order"), [("0", 0), ("1", 1), ("-3", -3), ("007", 7)])
def test_an_order_is_the_number_written(written: str, order: int) -> None:
    value, diags = load_text(f"id: a\norder: {written}\n" + PLAY, "s/a.yaml")
    assert diags == [] and value is not None and value.order == order


def test_a_byte_order_mark_is_not_a_column_of_the_yaml_either(tmp_path: Path) -> None:
    """The mark is dropped before the YAML is read: a problem libyaml finds on line 1
    is at the column an editor shows."""
    f = tmp_path / "bom.yaml"
    f.write_bytes("\ufeffid: \x01\n".encode())
    assert load_file(f, shown="X")[1] == [
        Diagnostic(
            Location("X", 1, 5),
            "invalid YAML: character U+0001: control characters are not allowed",
            Code.YAML,
        )
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_file_of_unknown_size_is_read_whole(tmp_path: Path) -> None:
    """A pipe (``check <(generate)``) has size 0 until read: read up to the bound."""
    fifo = tmp_path / "a.yaml"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as fh:
            fh.write("id: a\n" + PLAY)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    try:
        value, diags = load_file(fifo, shown="X")
    finally:
        writer.join(timeout=10)
    assert diags == [] and value is not None and value.id == "a"


# ------------------------------------------------------------------ what a project gives


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_a_duplicate_id_is_reported_at_both_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each place is the ``id`` key's (here on line 2 and 3, never the file's start)."""
    _write(
        tmp_path,
        {
            "scenarios/a.yaml": "title: A\nid: same\n" + PLAY,
            "scenarios/b.yaml": "title: B\ntext: x\nid: same\n" + PLAY,
            "scenarios/p/page.yaml": "title: T\nid: pg\n",
            "scenarios/q/page.yaml": "title: U\norder: 1\nid: pg\n",
        },
    )
    monkeypatch.chdir(tmp_path)
    p = load_project(Path("."))
    assert [(str(d), d.code) for d in p.diagnostics] == [
        (
            "scenarios/b.yaml:3:1: duplicate id 'same' (also in scenarios/a.yaml:2:1)",
            Code.DUPLICATE_ID,
        ),
        (
            "scenarios/q/page.yaml:3:1: duplicate page id 'pg' (also scenarios/p/page.yaml)",
            Code.DUPLICATE_ID,
        ),
    ]
    assert p.failed_paths == ("scenarios/b.yaml",)


def test_scenarios_are_sorted_by_page_section_order_and_id(tmp_path: Path) -> None:
    """No page first, then by page id, section id (not the page's section order), order,
    id; ids may begin with a digit, which sorts before every letter."""
    page = "id: 1-p\ntitle: T\nsections:\n" + "".join(
        f"  - id: {x}\n    title: {x}\n" for x in ("b", "a", "9")
    )
    scenarios = {
        "n1.yaml": "id: n1\norder: 0\n",
        "n2.yaml": "id: n2\n",
        "n0.yaml": "id: n0\norder: 1\n",
        "k.yaml": "id: k\norder: 0\npage: 1-p\n",
        "s9.yaml": "id: s9\npage: 1-p\nsection: '9'\n",
        "sa.yaml": "id: sa\norder: 2\npage: 1-p\nsection: a\n",
        "sb.yaml": "id: sb\norder: 1\npage: 1-p\nsection: b\n",
        "sa0.yaml": "id: sa0\norder: 5\npage: 1-p\nsection: a\n",
        "z.yaml": "id: z\npage: zz\n",
    }
    _write(tmp_path, {"p/page.yaml": page, "zz/page.yaml": "title: Z\n"})
    _write(tmp_path, {f"x/{name}": text + PLAY for name, text in scenarios.items()})
    p = load_project(tmp_path, [tmp_path])
    assert p.diagnostics == ()
    assert [(s.id, s.page, s.section, s.order) for s in p.scenarios] == [
        ("n1", None, None, 0),
        ("n2", None, None, 0),
        ("n0", None, None, 1),
        ("k", "1-p", None, 0),
        ("s9", "1-p", "9", 0),
        ("sa", "1-p", "a", 2),
        ("sa0", "1-p", "a", 5),
        ("sb", "1-p", "b", 1),
        ("z", "zz", None, 0),
    ]


def test_a_page_in_a_hidden_folder_is_never_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether the scenario is checked alone or with the whole project, the same answer
    (a page found only when checking one file once made it pass alone and fail whole)."""
    _write(
        tmp_path,
        {
            "scenarios/.drafts/page.yaml": "id: hid\ntitle: H\n",
            "scenarios/p/a.yaml": "id: a\npage: hid\n" + PLAY,
        },
    )
    monkeypatch.chdir(tmp_path)
    unknown = ("scenarios/p/a.yaml:2:1: page: unknown page 'hid'", Code.UNKNOWN_PAGE)
    for paths in (None, [Path("scenarios/p/a.yaml")]):
        p = load_project(Path("."), paths)
        assert [(str(d), d.code) for d in p.diagnostics] == [unknown]
        assert (p.scenarios, p.failed_paths) == ((), ("scenarios/p/a.yaml",))
