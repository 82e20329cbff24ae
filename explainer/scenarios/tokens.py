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

import re
from collections.abc import Callable, Iterator
from typing import Final

from explainer.engine import (
    BELOTE,
    LAST_TRICK,
    InvalidCardError,
    RuleSet,
    Trump,
    capot_value,
    card_str,
    deal_total,
    parse_card,
    point_table,
)

__all__ = [
    "CARD_TOKEN",
    "NUMBER",
    "VALUE_NAMES",
    "VALUE_TOKEN",
    "card_tokens",
    "is_card_token",
    "replace_card_tokens",
    "value_of",
]

NUMBER: Final = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
"""A number written in prose (``41``, ``0.5``), not part of a word or a card token."""

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
    250; 348 at all-trump counted with the trump values); ``deal_total`` the deal's card
    points and last trick (162; 258 at all-trump counted with the trump values, unscaled);
    ``points:CARD`` the card's points under the contract.

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
        return deal_total(rules, trump)
    constants = {"belote": BELOTE, "last_trick": LAST_TRICK, "capot": capot_value(rules, trump)}
    return constants.get(name)


_ = card_str  # used by the doctest
