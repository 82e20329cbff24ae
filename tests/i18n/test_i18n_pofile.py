"""The check's catalog reader: Babel's reading of every file Babel writes, every problem located."""

from __future__ import annotations

import io

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.i18n.pofile import read_lines

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
    return [(m.context, m.id, m.string, m.fuzzy, m.lineno) for m in catalog]


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
