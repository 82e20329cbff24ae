"""The engine's exceptions: each kind of failure has its own type, so callers can act on it.

All are :class:`ValueError` subclasses with lower-case messages that quote the input,
in the manner of python-chess's ``InvalidMoveError`` / ``IllegalMoveError``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """`` (did you mean 'house'?)`` when a choice is close to ``word`` (or starts with
    it: ``'surc'`` → ``'surcoinche'``), else ``""``."""
    if not isinstance(word, str):
        return ""
    names = list(choices)
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    close = close or [c for c in names if word and c.startswith(word)][:1]
    return f" (did you mean {close[0]!r}?)" if close else ""


def one_of(choices: Iterable[str]) -> str:
    """``a, b or c``: how every engine message lists what it expects."""
    items = list(choices)
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else items[0]


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidCardError(EngineError):
    """A card could not be parsed: ``invalid card: '11S'``."""


class InvalidRuleError(EngineError):
    """An unknown rule id: ``unknown rule: 'ruff'``."""


class InvalidSeatError(EngineError):
    """A seat or team could not be parsed: ``invalid seat: 'X'``."""


class UnknownRulesError(EngineError):
    """An unknown rules preset, knob, knob value or source, or a knob that does not apply
    to the game: ``unknown rules: 'tavern' (did you mean 'house'?) (expected ...)``."""


class InvalidContractError(EngineError):
    """An unknown trump or a contract missing what it needs."""


class IllegalPlayError(EngineError):
    """A card that the rules forbid, or that is not in the hand.

    ``rule`` is the rule that decided the legal cards and ``allowed`` those cards,
    so that a caller can explain the refusal; ``trick_index`` and ``play_index``
    locate the play when it comes from a whole deal (both 0-based).
    """

    def __init__(
        self,
        message: str,
        *,
        card: int,
        rule: object = None,
        allowed: int = 0,
        trick_index: int | None = None,
        play_index: int | None = None,
    ) -> None:
        super().__init__(message)
        self.card = card
        self.rule = rule
        self.allowed = allowed
        self.trick_index = trick_index
        self.play_index = play_index


class InvalidDealError(EngineError):
    """A deal that cannot have happened: wrong number of cards, a card twice, play out of turn.

    ``trick_index`` and ``play_index`` (0-based) locate the fault when there is one place.
    """

    def __init__(
        self, message: str, *, trick_index: int | None = None, play_index: int | None = None
    ) -> None:
        super().__init__(message)
        self.trick_index = trick_index
        self.play_index = play_index


class BiddingError(EngineError):
    """A bid out of turn, after the end, or not allowed in its round.

    ``bid_index`` (0-based) is the bid at fault, or ``None`` when the bidding as a whole is.
    """

    def __init__(self, message: str, *, bid_index: int | None = None) -> None:
        super().__init__(message)
        self.bid_index = bid_index
