"""The check's catalog reader: Babel's reading of every file Babel writes, every problem located."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.localedata import locale_identifiers
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.i18n.catalog import CatalogError, catalog_path, load_catalog
from explainer.i18n.pofile import (
    MAX_MESSAGE_CHARS,
    MAX_PLURALS,
    PLURAL_SAMPLE,
    PluralFormsError,
    plural_forms,
    read_lines,
)

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
MESSAGES = st.lists(
    st.tuples(
        st.one_of(st.none(), TEXT.filter(bool)),  # msgctxt
        TEXT.filter(bool),  # msgid
        st.one_of(st.none(), TEXT),  # msgid_plural
        st.lists(TEXT, min_size=3, max_size=3),  # the forms
        st.booleans(),  # fuzzy
    ),
    max_size=8,
    unique_by=lambda m: (m[0], m[1]),
)


def _entries(catalog: Catalog) -> list[tuple[object, ...]]:
    return [(m.context, m.id, m.string, m.fuzzy) for m in catalog]


@settings(max_examples=60, deadline=None)
@given(messages=MESSAGES)
def test_a_catalog_babel_writes_is_read_as_babel_reads_it(
    messages: list[tuple[str | None, str, str | None, list[str], bool]],
) -> None:
    catalog = Catalog(locale="pl")
    for context, msgid, plural, strings, fuzzy in messages:
        catalog.add(
            (msgid, plural) if plural is not None else msgid,
            tuple(strings) if plural is not None else strings[0],
            flags=["fuzzy"] if fuzzy else [],
            context=context,
        )
    buf = io.BytesIO()
    write_po(buf, catalog, width=30)
    text = buf.getvalue().decode("utf-8")
    read = read_lines(text.split("\n"), "pl")
    assert read.problems == []
    assert read.catalog is not None
    expected = read_po(io.BytesIO(buf.getvalue()), locale="pl", abort_invalid=True)
    assert _entries(read.catalog) == _entries(expected)
    # a message's line is its msgstr's, where a translator edits (Babel's: its msgid's)
    lines = text.split("\n")
    for message in read.catalog:
        if message.id:
            assert lines[message.lineno - 1].startswith("msgstr"), message.lineno


def test_every_problem_of_a_file_is_reported_each_at_its_line() -> None:
    lines = [
        'msgid "North"',
        'msgstr "Nord',  # 2: unclosed
        'msgid "South"',
        'msgstr "Sud"',
        'msgid "South"',  # 5: twice
        'msgstr "Sud"',
        'msgid_plural "Wests"',  # 7: after msgstr
        'msgid "East"',  # 8: no msgstr
        "msgtsr",  # 9
    ]
    assert read_lines(lines, "fr").problems == [
        (2, "badly quoted string: '\"Nord'"),
        (5, "duplicate entry for msgid 'South'"),
        (7, "msgid_plural must follow the entry's msgid"),
        (9, "unknown keyword 'msgtsr' (expected msgctxt, msgid, msgid_plural, msgstr)"),
    ]


# ---------------------------------------------------------------------------------------
# The header: checked before Babel and gettext trust it


def test_every_plural_rule_of_cldr_is_read() -> None:
    """The bounds (1 to 6 forms, 600 characters) hold every language Babel knows."""
    for locale in locale_identifiers():
        count, expression = get_plural(locale)
        rule = plural_forms(f"nplurals={count}; plural={expression};")
        assert rule.count == count


@settings(max_examples=200, deadline=None)
@given(
    value=st.text(max_size=80)
    | st.from_regex(r"nplurals=[0-9x]{0,4}; plural=[n0-9%?:()<>=!&|+*/ -]{0,40};")
)
def test_any_plural_forms_header_is_a_rule_or_one_problem(value: str) -> None:
    try:
        rule = plural_forms(value)
    except PluralFormsError as exc:
        assert str(exc).startswith("Plural-Forms: ")
        assert "\n" not in str(exc)
        return
    assert 1 <= rule.count <= MAX_PLURALS
    assert all(0 <= rule(n) < rule.count for n in (*PLURAL_SAMPLE, 10**6, -1))


def test_a_rule_that_holds_for_the_sample_never_raises_beyond_it() -> None:
    rule = plural_forms("nplurals=2; plural=n==1 ? 0 : 1 + 0*(1/(n-1001));")
    assert [rule(n) for n in (1, 2, 1000)] == [0, 1, 1]
    assert rule(1001) == 1  # divides by zero there: the last form


def _header(*fields: str) -> list[str]:
    return [
        'msgid ""',
        'msgstr ""',
        *(f'"{f}\\n"' for f in fields),
        "",
        'msgid "North"',
        'msgstr "Nord"',
    ]


@pytest.mark.parametrize(
    ("field", "problem"),
    [
        ("Plural-Forms: nplurals=2; plural=n%0;", "Plural-Forms: plural='n%0' divides by zero for n=0"),
        ("Plural-Forms: nplurals=x; plural=n!=1;", "Plural-Forms: nplurals=x: expected a number of forms from 1 to 6"),
        ("Plural-Forms: nplurals=0; plural=0;", "Plural-Forms: nplurals=0: expected a number of forms from 1 to 6"),
        ("Plural-Forms: nplurals=2; plural=n ==;", "Plural-Forms: cannot read plural='n =='"),
        ("Plural-Forms: nplurals=2; plural=n;", "Plural-Forms: plural='n' gives form 2 for n=2 (nplurals=2: forms 0 to 1)"),
        ("Plural-Forms: nplurals=2; plural=import os;", "Plural-Forms: cannot read plural='import os'"),
        ("Language: <script>", "Language: '<script>' is not a language code (write Language: fr)"),
        ("Language: pl", "Language: 'pl' in the catalog of 'fr' (write Language: fr)"),
        ("Content-Type: text/plain; charset=bogus", "Content-Type: charset=bogus (catalogs are UTF-8: write charset=UTF-8)"),
        ("Content-Type: text/plain; charset=latin-1", "Content-Type: charset=latin-1 (catalogs are UTF-8: write charset=UTF-8)"),
        ("PO-Revision-Date: 2026-13-45 99:99+0000", "PO-Revision-Date: '2026-13-45 99:99+0000' is not a date (expected YYYY-MM-DD HH:MM+0000)"),
    ],
)  # fmt: skip
def test_a_header_field_babel_would_trust_is_refused_at_its_line(field: str, problem: str) -> None:
    read = read_lines(_header("Project-Id-Version: x", field, "MIME-Version: 1.0"), "fr")
    assert read.problems == [(4, problem)]
    assert read.catalog is None


def test_a_header_field_continued_on_the_next_line_is_located_where_it_starts() -> None:
    lines = [
        'msgid ""',
        'msgstr ""',
        '"Language: fr\\n"',
        '"Plural-Forms: nplurals=2; "',
        '"plural=n%0;\\n"',
    ]
    assert read_lines([*lines, 'msgid "a"', 'msgstr "b"'], "fr").problems == [
        (4, "Plural-Forms: plural='n%0' divides by zero for n=0")
    ]


def test_a_form_beyond_the_catalogs_forms_is_refused_and_its_gap_not_repeated() -> None:
    head = _header("Language: pl", "Plural-Forms: nplurals=3; plural=n==1 ? 0 : n<5 ? 1 : 2;")
    lines = [*head, 'msgid "a"', 'msgid_plural "as"', 'msgstr[0] "x"', 'msgstr[999] "y"']
    assert read_lines(lines, "pl").problems == [
        (11, "msgstr[999]: the catalog has 3 plural forms (msgstr[0] to msgstr[2])")
    ]
    lines[-1] = 'msgstr[2] "y"'
    assert read_lines(lines, "pl").problems == [(11, "msgstr[2] without msgstr[1]")]


def test_a_message_over_the_limit_is_refused_at_its_line() -> None:
    lines = ['msgid "a"', f'msgstr "{"x" * (MAX_MESSAGE_CHARS + 1)}"']
    assert read_lines(lines, "fr").problems == [
        (2, f"msgstr too long (more than {MAX_MESSAGE_CHARS} characters)")
    ]


def test_the_site_reads_a_catalog_through_the_checks_reader(tmp_path: Path) -> None:
    """The build refuses what the check refuses, with the same message."""
    po = catalog_path(tmp_path, "pl")
    po.parent.mkdir(parents=True)
    po.write_text(
        "\n".join(_header("Language: pl", "Plural-Forms: nplurals=3; plural=n%0;")), "utf-8"
    )
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path, "pl")
    assert str(caught.value) == (
        "locales/pl/LC_MESSAGES/messages.po:4:1: Plural-Forms: plural='n%0' divides by zero for n=0"
    )
    po.write_text(
        "\n".join(
            _header("Language: pl", "Plural-Forms: nplurals=3; plural=n==1 ? 0 : n<5 ? 1 : 2;")
        ),
        "utf-8",
    )
    assert load_catalog(tmp_path, "pl").ngettext("a", "as", 7) == "as"
