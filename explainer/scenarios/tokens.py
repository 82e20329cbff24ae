"""Card tokens in Markdown prose: ``{KS}`` and ``{KS|words}``.

One definition for every reader of a text: the site renders tokens as card chips, the
extractor explains them to translators, the catalog checks compare them between source
and translation. A brace group is a card token only when its code is a card
(``{8D}``, ``{th}``, ``{Q♠}``), so ``{seat}`` stays a placeholder.

>>> [(card_str(c), m.group("words")) for m, c in card_tokens("Lead {AS}, not {8d|the eight}.")]
[('AS', None), ('8D', 'the eight')]
>>> is_card_token("{10H|dziesiątka kier}"), is_card_token("{8X}"), is_card_token("{num}")
(True, False, False)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator
from typing import Final

from explainer.engine import (
    BELOTE,
    LAST_TRICK,
    InvalidCardError,
    RuleSet,
    Trump,
    card_str,
    parse_card,
    point_table,
)

__all__ = [
    "CARD_TOKEN",
    "LINK_TARGET",
    "NUMBER",
    "VALUE_NAMES",
    "VALUE_TOKEN",
    "bad_card_tokens",
    "card_hint",
    "card_tokens",
    "is_card_token",
    "replace_card_tokens",
    "value_of",
]

NUMBER: Final = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
"""A number written in prose (``41``, ``0.5``), not part of a word or a card token."""

LINK_TARGET: Final = re.compile(r"\]\((?P<target>(?:[^()\n]|\([^()\n]*\))*+)\)")
"""A Markdown link's target after its label, ``](../x/index.html#a)``, with one level of
parentheses inside (``](https://fr.wikipedia.org/wiki/Belote_(jeu))``). No repetition
here runs past a parenthesis, so a scan is linear in the text: "``](``, then anything
but ``)``" ran to the end of the text from each ``](`` (81 s for ``[a](`` repeated over
960 KB)."""

VALUE_TOKEN: Final = re.compile(r"\{=(?P<name>[a-z][a-z_]*)(?::(?P<arg>[0-9A-Za-z_]+))?\}")
"""A value of the example's rule set written in prose: ``{=belote}``, ``{=points:JH}``.
A translation keeps the same value tokens (the catalog check compares them)."""

CARD_TOKEN: Final = re.compile(
    r"\{(?P<code>[0-9A-Za-z]{1,3}|[0-9A-Za-z]{1,2}[♠♥♦♣♤♡♢♧])(?:\|(?P<words>[^{}\n]*))?\}"
)
"""A brace group shaped like a card token; :func:`card_tokens` keeps those naming a card."""


def _card(match: re.Match[str]) -> int | None:
    try:
        return parse_card(match.group("code"))
    except InvalidCardError:
        return None


def card_tokens(text: str) -> Iterator[tuple[re.Match[str], int]]:
    """Each card token of ``text`` with its card, in order."""
    for match in CARD_TOKEN.finditer(text):
        c = _card(match)
        if c is not None:
            yield match, c


def bad_card_tokens(text: str) -> Iterator[str]:
    """Each brace group of ``text`` shaped like a card token that names no card, with
    what is wrong: ``{1OH}`` -> ``card token {1OH}: invalid card: '1OH' (expected ...;
    did you mean {10H}?)``. The site would print it as written.

    >>> list(bad_card_tokens("North plays {JZ}, not {JS}."))
    ["card token {JZ}: invalid card: 'JZ' (expected a rank and a suit, like KS or 10H; did you mean {JS}, {JH}, {JD} or {JC}?)"]
    """
    for match in CARD_TOKEN.finditer(text):
        if _card(match) is None:
            code = match.group("code")
            yield f"card token {match.group(0)}: invalid card: {code!r} {card_hint(code, braces=True)}"


_CARD_CODES: Final = tuple(card_str(c) for c in range(32))
_LOOKALIKES: Final = str.maketrans({"O": "0", "I": "1", "L": "1"})


def card_hint(text: str, *, braces: bool = False) -> str:
    """What a card is written as, and the cards ``text`` may have meant (a letter O for
    a zero, one character off): ``(expected a rank and a suit, like KS or 10H; did you
    mean 10H?)``; with ``braces``, each guess as a card token (``{10H}``).

    >>> card_hint("1OH"), card_hint("ZZ")
    ('(expected a rank and a suit, like KS or 10H; did you mean 10H?)', '(expected a rank and a suit, like KS or 10H)')
    """
    guesses = _card_guesses(text.strip().upper())
    shown = [f"{{{g}}}" if braces else g for g in guesses]
    mean = ""
    if shown:
        listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
        mean = f"; did you mean {listed}?"
    return f"(expected a rank and a suit, like KS or 10H{mean})"


def _card_guesses(code: str) -> list[str]:
    """Up to four cards ``code`` is close to, the likeliest first."""
    if len(code) > 6:
        return []
    try:
        return [card_str(parse_card(code.translate(_LOOKALIKES)))]
    except InvalidCardError:
        pass
    return difflib.get_close_matches(code, _CARD_CODES, n=4, cutoff=0.5)


def is_card_token(text: str) -> bool:
    """Whether ``text`` is exactly one card token."""
    match = CARD_TOKEN.fullmatch(text)
    return match is not None and _card(match) is not None


def replace_card_tokens(text: str, replace: Callable[[re.Match[str], int], str]) -> str:
    """``text`` with every card token replaced by ``replace(match, card)``."""

    def one(match: re.Match[str]) -> str:
        c = _card(match)
        return match.group(0) if c is None else replace(match, c)

    return CARD_TOKEN.sub(one, text)


VALUE_NAMES: Final = ("belote", "last_trick", "capot", "deal_total", "points")
"""The names a value token may use; ``points`` takes a card (``{=points:JH}``)."""


def value_of(name: str, arg: str | None, rules: RuleSet, trump: Trump) -> int | None:
    """The number a value token stands for under ``rules`` and ``trump``, or ``None``
    for an unknown name or a bad argument.

    ``belote`` (20) and ``last_trick`` (10) are the engine's constants; ``capot`` is what
    a capot is worth in cards and bonus under the rule set (``capot_points``: 252 or
    250); ``deal_total`` the deal's card points and last trick (162; at all-trump, the
    rule set's scale); ``points:CARD`` the card's points under the contract.

    >>> from explainer.engine import find_rules
    >>> r = find_rules("house")
    >>> [value_of(n, a, r, Trump.HEARTS) for n, a in
    ...  [("belote", None), ("capot", None), ("deal_total", None), ("points", "JH"), ("x", None)]]
    [20, 252, 162, 20, None]
    """
    scale = rules.all_trump_points
    if name == "points":
        try:
            return point_table(trump, scale)[parse_card(arg or "")]
        except InvalidCardError:
            return None
    if arg is not None:
        return None
    if name == "deal_total":
        if trump == Trump.ALL and scale == "ffb2016_ratio":
            trump = Trump.SPADES  # the ratio scales the deal to a suit contract's total
        return sum(point_table(trump, scale)) + LAST_TRICK
    constants = {"belote": BELOTE, "last_trick": LAST_TRICK, "capot": rules.capot_total}
    return constants.get(name)


_ = card_str  # used by the doctest
