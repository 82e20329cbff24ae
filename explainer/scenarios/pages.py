"""Page files (``page.yaml``): a page's title, intro and sections, validated and located."""

from __future__ import annotations

from .diagnostics import Code, dotted
from .keys import ID_PATTERN, PAGE_KEYS, RESERVED_PAGE_IDS, SECTION_KEYS, TABLES
from .model import Page, Section
from .reader import Reader
from .yamlsource import Node

__all__ = ["read_page"]


def read_page(r: Reader, root: Node, folder: str) -> Page | None:
    """The page in ``root`` (``folder`` gives its default id), or ``None`` after reporting."""
    pairs = r.mapping(root, (), PAGE_KEYS, what="a page mapping")
    if pairs is None:
        return None
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
    title = None
    if "title" in pairs:
        title = r.text(pairs["title"][1], ("title",), f"page:{ident}|title", pairs["title"][0])
    else:
        r.error(None, "title: required for a page", Code.MISSING)
    intro = None
    if "intro" in pairs:
        intro = r.text(pairs["intro"][1], ("intro",), f"page:{ident}|intro", pairs["intro"][0])
    order = r.integer(pairs["order"][1], ("order",)) or 0 if "order" in pairs else 0
    sections: list[Section] = []
    if "sections" in pairs:
        seen: dict[str, int] = {}
        for i, item in enumerate(r.sequence(pairs["sections"][1], ("sections",)) or (), 1):
            at = ("sections", i)
            name = dotted(at)
            sp = r.mapping(item, at, SECTION_KEYS)
            if sp is None:
                continue
            if "id" not in sp:
                r.error(item, f"{name}.id: required", Code.MISSING)
                continue
            sid = r.ident(sp["id"][1], (*at, "id"))
            if sid is None:
                continue
            if sid in seen:
                r.error(
                    sp["id"][1],
                    f"{name}.id: duplicate section id {sid!r} (also at line {seen[sid]})",
                    Code.DUPLICATE_ID,
                )
                continue
            seen[sid] = sp["id"][1].start_mark.line + 1
            stitle = None
            if "title" in sp:
                stitle = r.text(
                    sp["title"][1], (*at, "title"), f"page:{ident}:{sid}|title", sp["title"][0]
                )
            else:
                r.error(item, f"{name}.title: required", Code.MISSING)
            stext = None
            if "text" in sp:
                stext = r.text(
                    sp["text"][1], (*at, "text"), f"page:{ident}:{sid}|text", sp["text"][0]
                )
            tables: list[str] = []
            if "tables" in sp:
                for t in r.sequence(sp["tables"][1], (*at, "tables")) or ():
                    value = r.choice(t, (*at, "tables"), TABLES)
                    if value is not None:
                        tables.append(value)
            if stitle is not None:
                sections.append(Section(id=sid, title=stitle, text=stext, tables=tuple(tables)))  # type: ignore[arg-type]
    if r.diags or title is None:
        return None
    return Page(
        id=ident,
        path=r.path,
        title=title,
        intro=intro,
        order=order,
        sections=tuple(sections),
        keys=r.keys,
    )
