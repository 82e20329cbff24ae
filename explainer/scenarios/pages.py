"""Page files (``page.yaml``): a page's title, intro and sections, validated and located."""

from __future__ import annotations

from typing import cast

from .diagnostics import Code, KeyPath, dotted
from .keys import (
    ID_PATTERN,
    PAGE_KEYS,
    PAGE_TEXT_KEYS,
    RESERVED_PAGE_IDS,
    SECTION_KEYS,
    SECTION_TEXT_KEYS,
    TABLES,
    page_context,
    section_context,
)
from .model import Page, Section, Table, Text
from .reader import Reader
from .yamlsource import Node

__all__ = ["read_page"]


def read_page(r: Reader, root: Node, folder: str) -> Page | None:
    """The page in ``root`` (``folder`` gives its default id), or ``None`` after reporting."""
    pairs = r.mapping(root, (), PAGE_KEYS, what="a page mapping")
    if pairs is None:
        return None
    ident = _page_id(r, pairs, folder)
    texts: dict[str, Text | None] = dict.fromkeys(PAGE_TEXT_KEYS)
    for key in PAGE_TEXT_KEYS:
        if key in pairs:
            texts[key] = r.text(pairs[key][1], (key,), page_context(ident, key), pairs[key][0])
    title = texts["title"]
    if "title" not in pairs:
        r.error(None, "title: required for a page", Code.MISSING)
    order = r.integer(pairs["order"][1], ("order",)) or 0 if "order" in pairs else 0
    sections: list[Section] = []
    if "sections" in pairs:
        seen: dict[str, int] = {}
        for i, item in enumerate(r.sequence(pairs["sections"][1], ("sections",)) or (), 1):
            section = _section(r, item, ("sections", i), ident, seen)
            if section is not None:
                sections.append(section)
    if r.diags or title is None:
        return None
    return Page(
        id=ident,
        path=r.path,
        title=title,
        intro=texts["intro"],
        order=order,
        sections=tuple(sections),
        keys=r.keys,
    )


def _page_id(r: Reader, pairs: dict[str, tuple[Node, Node]], folder: str) -> str:
    """The page's id: its ``id`` key, else the folder's name (which must be one)."""
    ident = folder
    if "id" in pairs:
        ident = r.ident(pairs["id"][1], ("id",)) or folder
    elif not ID_PATTERN.match(folder):
        r.error(
            None, f"id: the folder name {folder!r} is not a valid id; add an 'id:'", Code.BAD_ID
        )
    if ident in RESERVED_PAGE_IDS:
        r.error(
            pairs["id"][1] if "id" in pairs else None,
            f"id: reserved name {ident!r} (a file name on some systems; choose another id)",
            Code.BAD_ID,
        )
    return ident


def _section(r: Reader, item: Node, at: KeyPath, page: str, seen: dict[str, int]) -> Section | None:
    """One section of the page (``seen``: the ids so far, with their lines)."""
    name = dotted(at)
    sp = r.mapping(item, at, SECTION_KEYS)
    if sp is None:
        return None
    if "id" not in sp:
        r.error(item, f"{name}.id: required", Code.MISSING)
        return None
    sid = r.ident(sp["id"][1], (*at, "id"))
    if sid is None:
        return None
    if sid in seen:
        r.error(
            sp["id"][1],
            f"{name}.id: duplicate section id {sid!r} (also at line {seen[sid]})",
            Code.DUPLICATE_ID,
        )
        return None
    seen[sid] = sp["id"][1].start_mark.line + 1
    texts: dict[str, Text | None] = dict.fromkeys(SECTION_TEXT_KEYS)
    for key in SECTION_TEXT_KEYS:
        if key in sp:
            ctx = section_context(page, sid, key)
            texts[key] = r.text(sp[key][1], (*at, key), ctx, sp[key][0])
    if "title" not in sp:
        r.error(item, f"{name}.title: required", Code.MISSING)
    tables: list[Table] = []
    if "tables" in sp:
        for t in r.sequence(sp["tables"][1], (*at, "tables")) or ():
            value = r.choice(t, (*at, "tables"), TABLES)
            if value is not None:
                tables.append(cast(Table, value))
    title = texts["title"]
    if title is None:
        return None
    return Section(id=sid, title=title, text=texts["text"], tables=tuple(tables))
