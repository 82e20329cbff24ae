"""The Coinche engine's exceptions, each locating its fault for the scenario's reader.

All are :class:`~explainer.engine.errors.EngineError` subclasses (so ``ValueError``).
Messages are one line in the words of ``coinche.md`` §6.3-§6.4, without the location:
the caller prefixes ``calls[3]: `` from :attr:`AuctionError.call_index`.
"""

from __future__ import annotations

from ..errors import EngineError

__all__ = ["AuctionError", "DeclarationError", "MatchError"]


class AuctionError(EngineError):
    """A call the auction does not allow: ``W cannot coinche E's bid: W and E are partners``.

    ``call_index`` (0-based) is the call at fault, or ``None`` when the auction as a
    whole is (an unfinished auction).
    """

    def __init__(self, message: str, *, call_index: int | None = None) -> None:
        super().__init__(message)
        self.call_index = call_index


class DeclarationError(EngineError):
    """An announced declaration that cannot be: a run that is not a run, a card in two.

    ``seat`` is the seat's letter (``"N"``) and ``index`` the declaration's place in
    that seat's list (0-based); either is ``None`` when the fault is not one token's.
    """

    def __init__(self, message: str, *, seat: str | None = None, index: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.index = index


class MatchError(EngineError):
    """A match that cannot have happened: a deal after the match was won, a negative score.

    ``deal_index`` (0-based) is the deal at fault, or ``None`` for the start.
    """

    def __init__(self, message: str, *, deal_index: int | None = None) -> None:
        super().__init__(message)
        self.deal_index = deal_index
