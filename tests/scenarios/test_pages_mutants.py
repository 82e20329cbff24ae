"""``explainer/scenarios/pages.py``: a page file read whole (its id, texts and their
message contexts, order, sections and tables, the key locations kept) and each refusal
with its place, message and code, all problems of a file in one run (issue 16: the pages
mutants)."""

from __future__ import annotations

from explainer.scenarios.diagnostics import Code, Diagnostic, Location
from explainer.scenarios.loader import load_text
from explainer.scenarios.model import Page, Section, Text
from explainer.scenarios.pages import read_page
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

PATH = "s/pg/page.yaml"


def _load(text: str, folder: str = "pg") -> tuple[object, list[Diagnostic]]:
    return load_text(text, f"s/{folder}/page.yaml")


def _refused(text: str, folder: str = "pg") -> list[tuple[int, int, str, Code]]:
    page, diags = _load(text, folder)
    assert page is None
    return [(d.location.line, d.location.col, d.message, d.code) for d in diags]


def _at(line: int, col: int, *key: str | int) -> Location:
    return Location(PATH, line, col, key)


def test_a_full_page_is_read_whole() -> None:
    text = (
        "title: T\nintro: I\norder: 3\nsections:\n  - id: a\n    title: A\n    text: X\n"
        "    tables: [ranks, rules]\n  - id: b\n    title: B\n"
    )
    page, diags = _load(text)
    assert diags == []
    assert page == Page(
        id="pg",
        path=PATH,
        title=Text("T", "page:pg|title", 1),
        intro=Text("I", "page:pg|intro", 2),
        order=3,
        sections=(
            Section(
                id="a",
                title=Text("A", "page:pg:a|title", 6),
                text=Text("X", "page:pg:a|text", 7),
                tables=("ranks", "rules"),
            ),
            Section(id="b", title=Text("B", "page:pg:b|title", 10)),
        ),
        keys=page.keys if isinstance(page, Page) else {},
    )
    assert isinstance(page, Page)
    assert dict(page.keys) == {
        ("title",): _at(1, 1, "title"),
        ("intro",): _at(2, 1, "intro"),
        ("order",): _at(3, 1, "order"),
        ("sections",): _at(4, 1, "sections"),
        ("sections", 1): _at(5, 5, "sections", 1),
        ("sections", 1, "id"): _at(5, 5, "sections", 1, "id"),
        ("sections", 1, "title"): _at(6, 5, "sections", 1, "title"),
        ("sections", 1, "text"): _at(7, 5, "sections", 1, "text"),
        ("sections", 1, "tables"): _at(8, 5, "sections", 1, "tables"),
        ("sections", 1, "tables", 1): _at(8, 14, "sections", 1, "tables", 1),
        ("sections", 1, "tables", 2): _at(8, 21, "sections", 1, "tables", 2),
        ("sections", 2): _at(9, 5, "sections", 2),
        ("sections", 2, "id"): _at(9, 5, "sections", 2, "id"),
        ("sections", 2, "title"): _at(10, 5, "sections", 2, "title"),
    }


def test_the_id_key_names_the_page_and_its_contexts() -> None:
    page, diags = _load("id: good\ntitle: T\n", folder="Bad Folder")
    assert diags == []
    assert isinstance(page, Page)
    assert (page.id, page.title, page.intro, page.order, page.sections) == (
        "good",
        Text("T", "page:good|title", 2),
        None,
        0,
        (),
    )


def test_a_page_without_order_or_with_order_zero_is_order_zero() -> None:
    for text in ("title: T\n", "title: T\norder: 0\n"):
        page, diags = _load(text)
        assert diags == [] and isinstance(page, Page) and page.order == 0


def test_a_page_without_a_title_is_refused() -> None:
    assert _refused("intro: I\n") == [(1, 1, "title: required for a page", Code.MISSING)]


def test_a_title_that_is_not_a_text_is_refused() -> None:
    assert _refused("title: [1]\n") == [(1, 8, "title: expected a text, got a list", Code.TYPE)]


def test_a_folder_name_that_is_not_an_id_needs_an_id_key() -> None:
    assert _refused("title: T\n", folder="Bad Folder") == [
        (1, 1, "id: the folder name 'Bad Folder' is not a valid id; add an 'id:'", Code.BAD_ID)
    ]


def test_a_reserved_page_id_is_refused_at_the_id_or_the_file() -> None:
    reserved = "(a file name on some systems; choose another id)"
    assert _refused("id: con\ntitle: T\n") == [
        (1, 5, f"id: reserved name 'con' {reserved}", Code.BAD_ID)
    ]
    assert _refused("title: T\n", folder="lpt3") == [
        (1, 1, f"id: reserved name 'lpt3' {reserved}", Code.BAD_ID)
    ]


def test_an_invalid_id_key_is_refused() -> None:
    assert _refused("id: 'Bad Id'\ntitle: T\n") == [
        (1, 5, "id: invalid id 'Bad Id' (use a-z, 0-9 and -)", Code.BAD_ID)
    ]


def test_a_page_that_is_not_a_mapping_is_refused() -> None:
    assert _refused("- a\n") == [(1, 1, "file: expected a page mapping, got a list", Code.TYPE)]


def test_an_unknown_page_key_and_a_bad_order_are_refused() -> None:
    assert _refused("title: T\nfoo: 1\n") == [(2, 1, "unknown key 'foo'", Code.UNKNOWN_KEY)]
    assert _refused("title: T\norder: x\n") == [
        (2, 8, "order: expected a whole number, got 'x'", Code.TYPE)
    ]


def test_sections_that_are_not_a_list_are_refused() -> None:
    assert _refused("title: T\nsections: 3\n") == [
        (2, 11, "sections: expected a list, got '3'", Code.TYPE)
    ]


def test_a_duplicate_section_id_names_the_first_line() -> None:
    text = "title: T\nsections:\n  - id: a\n    title: A\n  - id: a\n    title: B\n"
    assert _refused(text) == [
        (5, 9, "sections.2.id: duplicate section id 'a' (also at line 3)", Code.DUPLICATE_ID)
    ]


def test_every_bad_section_is_reported_in_one_run() -> None:
    text = (
        "intro: I\nsections:\n  - title: A\n  - x\n  - id: 'B a'\n    title: A\n"
        "  - id: c\n  - id: d\n    title: D\n    tables: ranks\n"
        "  - id: e\n    title: E\n    tables: [ranks, nope, points]\n"
    )
    assert _refused(text) == [
        (1, 1, "title: required for a page", Code.MISSING),
        (3, 5, "sections.1.id: required", Code.MISSING),
        (4, 5, "sections.2: expected a mapping, got 'x'", Code.TYPE),
        (5, 9, "sections.3.id: invalid id 'B a' (use a-z, 0-9 and -)", Code.BAD_ID),
        (7, 5, "sections.4.title: required", Code.MISSING),
        (10, 13, "sections.5.tables: expected a list, got 'ranks'", Code.TYPE),
        (
            13,
            21,
            "sections.6.tables: unknown value 'nope' (expected ranks, points or rules)",
            Code.BAD_VALUE,
        ),
    ]


def test_a_section_with_an_empty_tables_list_has_none() -> None:
    page, diags = _load("title: T\nsections:\n  - id: a\n    title: A\n    tables: []\n")
    assert diags == [] and isinstance(page, Page)
    assert page.sections == (Section(id="a", title=Text("A", "page:pg:a|title", 4)),)


def test_a_text_written_below_its_key_is_on_the_key_s_line() -> None:
    text = (
        "title:\n  T\nintro:\n  I\nsections:\n  - id: a\n    title:\n      A\n    text:\n      X\n"
    )
    page, diags = _load(text)
    assert diags == [] and isinstance(page, Page)
    assert (page.title, page.intro) == (
        Text("T", "page:pg|title", 1),
        Text("I", "page:pg|intro", 3),
    )
    assert page.sections == (
        Section(
            id="a",
            title=Text("A", "page:pg:a|title", 7),
            text=Text("X", "page:pg:a|text", 9),
        ),
    )


def test_a_section_text_that_is_not_a_text_is_refused_at_its_key() -> None:
    text = "title: T\nsections:\n  - id: a\n    title: A\n    text: [1]\n"
    assert _refused(text) == [(5, 11, "sections.1.text: expected a text, got a list", Code.TYPE)]


def test_read_page_reports_and_returns_nothing_when_a_section_is_bad() -> None:
    root = compose("title: T\nsections:\n  - id: a\n")
    assert root is not None
    r = Reader(PATH)
    assert read_page(r, root, "pg") is None
    assert [(d.location.line, d.message) for d in r.diags] == [(3, "sections.1.title: required")]
