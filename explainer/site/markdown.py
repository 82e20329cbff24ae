"""The site's Markdown: CommonMark without raw HTML, plus card tokens.

One :class:`~markdown_it.MarkdownIt` instance renders every text of every language.
Raw HTML is off; links may only be relative or ``http(s)``; images may only be
relative (the site loads nothing from elsewhere). The card plugin turns ``{KS}``
into a card chip and ``{8D|ósemką karo}`` into a chip showing the given words; the
names come from the language passed in the render ``env`` (``{"words": Words}``).

>>> render("Play {KS}.").strip()  # doctest: +NORMALIZE_WHITESPACE
'<p>Play <span class="card s-spades" data-card="KS"><span class="pip" aria-hidden="true">K♠</span><span class="sr">king of spades</span></span>.</p>'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from functools import lru_cache
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import OptionsDict

from explainer.engine import card_str, card_suit, parse_card
from explainer.i18n.catalog import SOURCE_LANGUAGE, Catalog
from explainer.i18n.names import Words
from explainer.scenarios.tokens import CARD_TOKEN, VALUE_TOKEN, is_card_token

__all__ = [
    "Values",
    "card_html",
    "card_plugin",
    "make_markdown",
    "render",
    "render_inline",
    "safe_link",
    "value_plugin",
]

_SCHEME = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9+.\-]*):")
_SUIT_CLASS = ("s-spades", "s-hearts", "s-diamonds", "s-clubs")


def safe_link(url: str) -> bool:
    """Allow relative links and ``http(s)`` only: no ``javascript:``, ``data:``, ``//host``.

    >>> [safe_link(u) for u in ("../x/index.html#a", "https://a.b", "JavaScript:x", "//evil")]
    [True, True, False, False]
    """
    stripped = url.strip()
    if stripped.startswith(("//", "\\\\", "/\\", "\\/")):
        return False
    match = _SCHEME.match(stripped)
    return match is None or match.group(1).lower() in ("http", "https")


def _is_absolute(url: str) -> bool:
    return _SCHEME.match(url) is not None or url.strip().startswith("//")


def card_plugin(md: MarkdownIt) -> None:
    """Add the ``card`` inline rule (before ``backticks``) and its render rule."""
    md.inline.ruler.before("backticks", "card", _card_rule)
    md.add_render_rule("card", _render_card)


def value_plugin(md: MarkdownIt) -> None:
    """Add the ``value`` inline rule: ``{=belote}`` becomes the number the render ``env``'s
    ``values`` function gives for it (the example's rule set, the page's locale); a
    token it does not know stays as written (the check reports it)."""
    md.inline.ruler.before("backticks", "value", _value_rule)
    md.add_render_rule("value", _render_value)


def _value_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("{=", state.pos):
        return False
    match = VALUE_TOKEN.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        token = state.push("value", "span", 0)
        token.meta = {"name": match.group("name"), "arg": match.group("arg")}
        token.content = match.group(0)
    state.pos = match.end()
    return True


def _render_value(
    self: Any,
    tokens: Sequence[Token],
    idx: int,
    options: OptionsDict,
    env: MutableMapping[str, Any],
) -> str:
    token = tokens[idx]
    values = env.get("values") if env else None
    text = values(token.meta["name"], token.meta["arg"]) if values else None
    return escapeHtml(token.content if text is None else str(text))


def _card_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "{":
        return False
    match = CARD_TOKEN.match(state.src, state.pos)
    if match is None or not is_card_token(match.group(0)):
        return False
    if not silent:
        token = state.push("card", "span", 0)
        token.meta = {"card": parse_card(match.group("code")), "words": match.group("words")}
        token.content = match.group(0)
    state.pos = match.end()
    return True


def _words(env: Mapping[str, Any] | None) -> Words:
    if env and isinstance(env.get("words"), Words):
        return cast(Words, env["words"])
    return _english()


@lru_cache(maxsize=1)
def _english() -> Words:
    from babel.support import NullTranslations

    return Words(Catalog(SOURCE_LANGUAGE, NullTranslations()))


def card_html(c: int, words: Words, text: str | None = None, *, extra_class: str = "") -> str:
    """A card chip: rank letter and suit symbol (hidden from screen readers) and the card's
    full name for screen readers, as a sentence holds it ("king of spades"), or ``text``
    shown instead (``{8D|ósemką karo}``).

    The colour class is never the only signal: the symbol and the name say the suit.
    """
    if text is None:
        return _chip(c, words, extra_class)
    pip, cls = _face(c, words, extra_class)
    return (
        f'<span class="{cls} words" data-card="{card_str(c)}">'
        f'<span class="pip" aria-hidden="true">{pip}</span> {escapeHtml(text)}</span>'
    )


@lru_cache(maxsize=1024)
def _chip(c: int, words: Words, extra_class: str) -> str:
    """A card chip with the card's own name (:func:`card_html`), made once per card,
    language and class: a page of examples shows the same 32 cards thousands of times."""
    pip, cls = _face(c, words, extra_class)
    name = escapeHtml(words.card_name_in_text(c))
    return (
        f'<span class="{cls}" data-card="{card_str(c)}">'
        f'<span class="pip" aria-hidden="true">{pip}</span>'
        f'<span class="sr">{name}</span></span>'
    )


def _face(c: int, words: Words, extra_class: str) -> tuple[str, str]:
    """A chip's rank letter and suit symbol, and its classes (the suit's colour)."""
    suit = card_suit(c)
    pip = escapeHtml(words.rank_letter(c)) + suit.symbol
    return pip, f"card {_SUIT_CLASS[suit]}" + (f" {extra_class}" if extra_class else "")


def _render_card(
    self: Any,
    tokens: Sequence[Token],
    idx: int,
    options: OptionsDict,
    env: MutableMapping[str, Any],
) -> str:
    meta = tokens[idx].meta
    return card_html(meta["card"], _words(env), meta["words"])


def _render_image(
    self: Any,
    tokens: Sequence[Token],
    idx: int,
    options: OptionsDict,
    env: MutableMapping[str, Any],
) -> str:
    token = tokens[idx]
    if _is_absolute(str(token.attrGet("src") or "")):
        # an image from elsewhere would be an external request: show its text instead
        return escapeHtml(self.renderInlineAsText(token.children or [], options, env))
    return str(self.image(tokens, idx, options, env))


def make_markdown() -> MarkdownIt:
    """The site's Markdown renderer (CommonMark, no raw HTML, safe links, card tokens)."""
    md = MarkdownIt("commonmark", {"html": False})
    md.validateLink = safe_link  # type: ignore[method-assign]
    md.use(card_plugin)
    md.use(value_plugin)
    md.add_render_rule("image", _render_image)
    return md


_MD = make_markdown()


Values = Callable[[str, str | None], str | None]
"""What a value token stands for: ``values("belote", None)`` -> ``"20"``, or ``None``."""


def render(text: str, words: Words | None = None, values: Values | None = None) -> str:
    """Render a block of Markdown in the language of ``words`` (English by default),
    value tokens through ``values`` (an example's rule set)."""
    return str(_MD.render(text, {"words": words or _english(), "values": values}))


def render_inline(text: str, words: Words | None = None, values: Values | None = None) -> str:
    """Render one line of inline Markdown (a title) without a surrounding paragraph."""
    return str(_MD.renderInline(text, {"words": words or _english(), "values": values}))
