"""No-op markers for translatable strings in Python source.

``P_(context, message)`` and ``NP_(context, singular, plural)`` only return their
arguments: they mark a string for extraction (``babel.cfg`` keywords ``P_:1c,2`` and
``NP_:1c,2,3``) while the lookup happens later, at render time, in the language of the
page being written (see :mod:`explainer.i18n.catalog`). The same idea as gettext's
``N_``, with a message context, because one English word ("trump", "spades") is often
several words in another language.

>>> P_("seat", "North")
('seat', 'North')
"""

from __future__ import annotations

__all__ = ["NP_", "P_"]


def P_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` for translation under ``context``; return ``(context, message)``."""
    return (context, message)


def NP_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a plural message for translation; return ``(context, singular, plural)``."""
    return (context, singular, plural)
