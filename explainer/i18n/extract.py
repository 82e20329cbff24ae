"""The Babel extractor for scenario and page YAML files.

``pybabel extract`` calls :func:`extract_yaml` (entry point ``explainer_yaml``, mapped to
``scenarios/**.yaml`` in ``babel.cfg``) for each file. Every translatable field becomes
one message, the whole Markdown text of the field, never a fragment of it, so that a
translator sees a paragraph's full sentence and may reorder it freely:

* a scenario's ``title``, ``text`` and ``reason`` (of ``status: disputed``), under the
  contexts ``<id>|title``, ``<id>|text`` and ``<id>|reason``;
* a page's ``title`` and ``intro`` (``page:<id>|title``, ``page:<id>|intro``) and each
  section's ``title`` and ``text`` (``page:<id>:<section>|title``, ``...|text``).

The contexts are those of :class:`explainer.scenarios.model.Text`, so the site looks a
text up under exactly the key it was extracted with. Each message carries comments
(``#.`` in the catalog) that say where the text appears and explain its card tokens and
placeholders. A file that is not valid YAML, or that the loader's limits refuse (size,
nesting, aliases), yields nothing: ``explainer check`` reports
it, and an extraction run must not stop on one broken file.

The line of a message is the line of its key in the YAML file (1-based, as
:attr:`explainer.scenarios.model.Text.line`), which Babel writes into the ``#:`` reference.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from pathlib import PurePath
from typing import IO, Any, Final, cast

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from explainer.engine import card_str
from explainer.scenarios.keys import (
    PAGE_FILE,
    PAGE_TEXT_KEYS,
    SECTION_TEXT_KEYS,
    TEXT_KEYS,
    page_context,
    scenario_context,
    section_context,
)
from explainer.scenarios.kinds import DEFAULT_KIND, KINDS
from explainer.scenarios.tokens import (
    LINK_TARGET,
    card_tokens,
    is_card_token,
    replace_card_tokens,
)
from explainer.scenarios.yamlsource import MAX_BYTES, SourceError, compose

__all__ = [
    "PLACEHOLDER",
    "card_name",
    "extract_settings",
    "extract_yaml",
    "iter_texts",
    "markdown_shape",
]

PLACEHOLDER: Final = re.compile(
    r"%\((?P<pname>[A-Za-z_][A-Za-z0-9_]*)\)[#0+-]*\d*(?:\.\d+)?[sdifrxXeEgGc]"
    r"|%[#0+-]*\d*(?:\.\d+)?[sdifrxXeEgGc]|%%"
    r"|\{(?P<bname>[A-Za-z_][A-Za-z0-9_]*)(?:![rsa])?(?::[^{}]*)?\}"
)
"""A Python placeholder: ``%(name)s``, ``%d`` or ``{name}`` (card tokens excepted)."""

_RANK_NAMES: Final = {
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
_SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

_LABELS: Final = {
    "title": "Title",
    "text": "Explanation",
    "reason": "Note on why rule sources disagree",
}
"""How a translator's comment names a scenario's text (a kind's own texts: by key)."""


def card_name(code: str) -> str:
    """The English name of a card code, for translators' comments.

    >>> card_name("10D")
    'ten of diamonds'
    """
    return f"{_RANK_NAMES[code[:-1]]} of {_SUIT_NAMES[code[-1]]}"


def placeholders(text: str, *, percent: bool = True) -> list[str]:
    """The Python placeholders in ``text``, in order (card tokens are not placeholders).

    ``percent=False`` leaves ``%`` formats out: in a text that is not a format string,
    "100 % des points" is words.

    >>> placeholders("%(num)d points for {seat}, {KS} and %s")
    ['%(num)d', '{seat}', '%s']
    """
    found = []
    for m in PLACEHOLDER.finditer(text):
        if m.group("bname") is not None:
            if is_card_token(m.group(0)):
                continue
        elif not percent or m.group(0) == "%%":
            continue
        found.append(m.group(0))
    return found


_LINK: Final = re.compile(r"!?\[[^\[\]\n]*+" + LINK_TARGET.pattern)
"""A link or image, ``[words](target)``: its label cannot hold a bracket, so that a scan
is linear (``[`` repeated once took 50 s for 100 KB)."""
_LIST_ITEM: Final = re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+", re.M)
_HEADING: Final = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]", re.M)
_STRONG: Final = re.compile(r"\*\*|__")
_EMPHASIS: Final = re.compile(r"\*|(?<![0-9A-Za-z\u00C0-\u024F])_|_(?![0-9A-Za-z\u00C0-\u024F])")
_NAMED_PLACEHOLDER: Final = re.compile(r"%\([A-Za-z_]\w*\)\w|\{[A-Za-z_]\w*\}")
_BLANK_LINE: Final = re.compile(r"\n[ \t]*\n")
_CODE_SPAN: Final = re.compile(r"`[^`]*`")

#: The features :func:`markdown_shape` counts, with the words its messages use.
SHAPE_NAMES: Final = {
    "paragraphs": "paragraphs",
    "list items": "list items",
    "headings": "headings",
    "links": "links",
    "strong": "'**' (bold) markers",
    "emphasis": "'*'/'_' (emphasis) markers",
    "code": "'`' (code) markers",
}


def markdown_shape(text: str) -> dict[str, int]:
    """The counts of the Markdown structures a translation must keep.

    >>> markdown_shape("A **b** [c](d).\\n\\n- e\\n- *f*")
    {'paragraphs': 2, 'list items': 2, 'headings': 0, 'links': 1, 'strong': 2, 'emphasis': 2, 'code': 0}
    """
    text = replace_card_tokens(text, lambda m, c: "C")
    text = _NAMED_PLACEHOLDER.sub("P", text)
    paragraphs = sum(1 for block in _BLANK_LINE.split(text) if block.strip())
    list_items = len(_LIST_ITEM.findall(text))
    links = len(_LINK.findall(text))
    code = text.count("`")
    rest = _LIST_ITEM.sub("", text)
    rest = _CODE_SPAN.sub("", rest)
    strong = len(_STRONG.findall(rest))
    rest = _STRONG.sub("", rest)
    return {
        "paragraphs": paragraphs,
        "list items": list_items,
        "headings": len(_HEADING.findall(text)),
        "links": links,
        "strong": strong,
        "emphasis": len(_EMPHASIS.findall(rest)),
        "code": code,
    }


_COMMENT_SHAPES: Final = {
    "list items": "list items ('- ' or '1. ')",
    "headings": "headings ('#')",
    "links": "links [words](target) (keep each target)",
    "strong": "'**' bold markers",
    "emphasis": "'*' emphasis markers",
    "code": "'`' code markers",
}


def _comments(text: str, where: str) -> list[str]:
    """The translators' comments of one message: where it appears, its tokens."""
    comments = [where]
    tokens: dict[str, str | None] = {}
    for m, c in card_tokens(text):
        tokens.setdefault(card_str(c), m.group("words"))
    if tokens:
        listed = ", ".join(f"{{{code}}} {card_name(code)}" for code in tokens)
        first = next(iter(tokens))
        comments.append(f"Card tokens: {listed}.")
        comments.append(
            f"Each token is a card chip: keep it ({{{first}}}) to show the card's name, or write "
            f"{{{first}|your inflected words}} to name it in the case your sentence needs. "
            f"Keep the card code; never name another card."
        )
    names = sorted(set(placeholders(text)))
    if names:
        comments.append(
            "Placeholders, filled in by the site; keep each one exactly as written: "
            + ", ".join(names)
            + "."
        )
    shape = markdown_shape(text)
    kept = (
        [f"{shape['paragraphs']} paragraphs (blank lines between them)"]
        if shape["paragraphs"] > 1
        else []
    )
    kept += [f"{shape[key]} {_COMMENT_SHAPES[key]}" for key in _COMMENT_SHAPES if shape[key]]
    if kept:
        comments.append("Markdown: keep the " + ", ".join(kept) + "; translate only the words.")
    if text.endswith("\n"):
        comments.append("The text ends with a newline: end the translation with one too.")
    return comments


def _get(node: MappingNode, key: str) -> Node | None:
    """The value node of ``key`` in a mapping node (the first one if repeated)."""
    for k, v in node.value:
        if isinstance(k, ScalarNode) and k.value == key:
            return cast(Node, v)
    return None


def _scalar(node: MappingNode, key: str) -> str | None:
    value = _get(node, key)
    return value.value if isinstance(value, ScalarNode) else None


Found = tuple[int, str, str, str]
"""``(line, context, message, where)``."""


def iter_texts(root: Node, filename: str) -> Iterator[Found]:
    """Every translatable text of a composed scenario or page document.

    Yields ``(line, context, message, where)``: the 1-based line of the key, the
    message context, the message id and a short description for translators. A
    scenario's translatable keys are those every scenario has and its kind's
    (:data:`explainer.scenarios.kinds.KINDS`); the contexts are the loader's own
    (:mod:`explainer.scenarios.keys`), so the site finds each translation by construction.
    """
    if not isinstance(root, MappingNode):
        return
    path = PurePath(filename)
    is_page = (
        path.name == PAGE_FILE
        if path.name
        else (_get(root, "sections") is not None or _get(root, "intro") is not None)
    )
    if is_page:
        yield from _page_texts(root, _scalar(root, "id") or path.parent.name or "page")
    else:
        yield from _scenario_texts(root, _scalar(root, "id") or path.stem or "scenario")


def _text_at(node: MappingNode, key: str) -> tuple[int, str] | None:
    """The line and message of the text under ``key``, if there is one. The message is
    the scalar's value exactly as the loader reads it (``Text.source``): a block scalar
    (``text: |``) keeps its final newline."""
    found = next(
        ((k, v) for k, v in node.value if isinstance(k, ScalarNode) and k.value == key), None
    )
    if found is None or not isinstance(found[1], ScalarNode):
        return None
    k, value = found
    if not value.value.strip():
        return None
    return k.start_mark.line + 1, value.value


def _page_texts(root: MappingNode, page_id: str) -> Iterator[Found]:
    for key in PAGE_TEXT_KEYS:
        if found := _text_at(root, key):
            label = "Title" if key == "title" else "Introduction"
            where = f"{label} of the page '{page_id}'."
            yield found[0], page_context(page_id, key), found[1], where
    for section_id, item in _sections(_get(root, "sections")):
        for key in SECTION_TEXT_KEYS:
            if found := _text_at(item, key):
                label = "Heading" if key == "title" else "Text"
                where = f"{label} of the section '{section_id}' on the page '{page_id}'."
                yield found[0], section_context(page_id, section_id, key), found[1], where


def _sections(sections: Node | None) -> list[tuple[str, MappingNode]]:
    """The sections of a page with an id, as a list or as ``{id: {...}}``."""
    items: list[tuple[str, MappingNode]] = []
    if isinstance(sections, SequenceNode):
        for item in sections.value:
            if isinstance(item, MappingNode) and (section_id := _scalar(item, "id")):
                items.append((section_id, item))
    elif isinstance(sections, MappingNode):
        for k, v in sections.value:
            if isinstance(k, ScalarNode) and isinstance(v, MappingNode):
                items.append((k.value, v))
    return items


def _scenario_texts(root: MappingNode, scenario_id: str) -> Iterator[Found]:
    kind = KINDS.get(_scalar(root, "kind") or DEFAULT_KIND)
    keys = TEXT_KEYS + (kind.texts if kind is not None else ())
    page = _scalar(root, "page")
    shown_on = f" (page '{page}', section '{_scalar(root, 'section')}')" if page else ""
    for key in keys:
        if found := _text_at(root, key):
            label = _LABELS.get(key, f"The text '{key}'")
            where = f"{label} of the worked example '{scenario_id}'{shown_on}."
            yield found[0], scenario_context(scenario_id, key), found[1], where


def extract_yaml(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor: the translatable texts of one scenario or page YAML file.

    Yields ``(lineno, "pgettext", (context, message), comments)``; Babel reads the
    context from the first element through the ``pgettext`` keyword (``1c,2``), which
    it knows by default (do not pass ``--no-default-keywords``).
    """
    encoding = options.get("encoding", "utf-8")
    filename = getattr(fileobj, "name", "") or ""
    if isinstance(filename, bytes):
        filename = filename.decode()
    try:
        # The loader's guards, before anything is composed: libyaml's composer recurses in
        # C (a file nested 400 000 deep crashed the process) and reads any size.
        text = fileobj.read(MAX_BYTES + 1)
        if len(text) > MAX_BYTES:
            return
        source = text.decode(encoding) if isinstance(text, bytes) else text
        root = compose(source.removeprefix("\ufeff"))
    except (SourceError, yaml.YAMLError, UnicodeDecodeError, LookupError, RecursionError):
        return
    if root is None:
        return
    for line, context, message, where in iter_texts(root, str(filename)):
        yield line, "pgettext", (context, message), _comments(message, where)


def extract_settings(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor: the translatable settings of a ``pyproject.toml`` (entry point
    ``explainer_settings``, mapped to ``pyproject.toml`` in a site's ``locales/babel.cfg``):
    ``[tool.explainer]``'s ``title``, ``tagline`` and ``intro``, and each of the site's
    rule sets' ``name`` and ``note`` (:func:`explainer.settings.settings_texts`), each
    one message under its context (``site:title``, ``rule-set:club|name``). A file that
    cannot be read yields nothing: ``explainer check`` reports it."""
    from explainer.settings import MAX_SETTINGS_BYTES, settings_texts

    data = fileobj.read(MAX_SETTINGS_BYTES + 1)
    if len(data) > MAX_SETTINGS_BYTES:
        return
    try:
        text = data.decode(options.get("encoding", "utf-8")) if isinstance(data, bytes) else data
    except (UnicodeDecodeError, LookupError):
        return
    for line, context, message, where in settings_texts(text.removeprefix("\ufeff")):
        yield line, "pgettext", (context, message), _comments(message, where)
