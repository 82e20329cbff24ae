"""What a scenario kind is: its keys, its facts, and the five things it does.

A :class:`Kind` reads its own keys into its model (a :class:`~..model.Scenario`
subclass) and validates them, asking the engine what makes an input impossible;
computes the facts the engine states about a valid scenario; gives the JSON Schema of
its keys; and builds what a page shows of it (a view of engine values, which the
kind's template macro turns into words). Its ``expect`` keys are :class:`Fact`\\s,
each with a :class:`~..facts.FactType` that reads, compares, shows and fills it.

The loader, the runner, ``--fill``, the schema, the extractor and the site find a kind
through :data:`explainer.scenarios.kinds.KINDS`; none of them names a kind's keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from explainer.engine import (
    CardSet,
    DeclarationError,
    EngineError,
    IllegalPlayError,
    InvalidDealError,
    Team,
    Trump,
    tables,
)

from ..diagnostics import Code, KeyPath
from ..facts import BAD, FactType
from ..model import Scenario
from ..reader import Reader
from ..yamlsource import Node, ScalarNode

__all__ = [
    "Fact",
    "Kind",
    "Pairs",
    "played",
    "report_declaration_error",
    "require",
    "sort_for_display",
    "teams",
]

S = TypeVar("S", bound=Scenario)
T = TypeVar("T")
Pairs = dict[str, tuple[Node, Node]]
"""A mapping's pairs by key: ``(key node, value node)``."""


@dataclass(frozen=True, slots=True)
class Fact:
    """An ``expect`` key of a kind, its type, and (for the schema) what it means."""

    key: str
    type: FactType[Any]
    description: str = ""

    @property
    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the value."""
        schema = dict(self.type.schema)
        if self.description:
            schema["description"] = self.description
        return schema


class Kind(Generic[S]):
    """A scenario kind. Subclasses set the class attributes and override the methods."""

    name: ClassVar[str]
    """The value of the ``kind`` key."""
    keys: ClassVar[tuple[str, ...]]
    """The kind's own keys (besides the keys every scenario has), in the schema's order."""
    required: ClassVar[tuple[str, ...]] = ()
    """Which of :attr:`keys` a scenario of this kind must have."""
    facts: ClassVar[tuple[Fact, ...]]
    """The ``expect`` keys, in the order ``--fill`` writes them."""
    states_facts: ClassVar[bool] = True
    """Whether a scenario of this kind must state a fact under ``expect``: an example is
    shown with the badge "Verified by the rules engine", so one that states nothing is
    refused (a law states its claim in ``then`` and may leave ``expect`` out)."""
    texts: ClassVar[tuple[str, ...]] = ()
    """Own keys holding translatable prose (besides ``title``, ``text``, ``reason``)."""
    macro: ClassVar[str]
    """The name of the template macro that shows a scenario of this kind: a key of
    ``MACROS`` in ``templates/examples.html`` (one line there per macro)."""

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> S | None:
        """The scenario (``common`` holds the fields every scenario has), or ``None``
        after reporting every problem through ``r``."""
        raise NotImplementedError

    def computed(self, scenario: S) -> dict[str, Any]:
        """Every fact the engine states about ``scenario``, by ``expect`` key, as engine
        values, in the order of :attr:`facts` (read from ``scenario.outcome``)."""
        raise NotImplementedError

    def properties(self) -> dict[str, Any]:
        """The JSON Schema of each of :attr:`keys`."""
        raise NotImplementedError

    def view(self, scenario: S) -> Any:
        """What a page shows of ``scenario`` (engine values only; the template words it)."""
        raise NotImplementedError

    # -- defaults a kind may override

    def macro_of(self, scenario: S) -> str:
        """The template macro for ``scenario`` (:attr:`macro`; a kind with two faces,
        such as the classic and the Coinche deal, picks by the scenario)."""
        return self.macro

    def rules_of(self, scenario: S) -> Any:
        """The rule set the facts of ``scenario`` depend on (a ``RuleSet`` or a
        ``CoincheRules``), or ``None`` if none does: the site then computes no variants."""
        return None

    def variant_facts(self, scenario: S) -> tuple[str, ...] | None:
        """The facts whose variants a page shows (``None``: every checked fact); a
        kind whose other facts only lead to these may show these alone."""
        return None

    def recompute(self, scenario: S, rules: Any) -> S:
        """``scenario`` with its outcome computed under ``rules`` (another rule set of
        the same game), for the variant notes; raises ``EngineError`` where the example
        cannot happen under ``rules`` (an illegal play or call). Only kinds whose
        :meth:`rules_of` gives a rule set are asked."""
        raise NotImplementedError

    def fill_keys(self, computed: Mapping[str, Any]) -> list[str]:
        """The ``expect`` keys ``--fill`` may write, given the computed facts."""
        return [f.key for f in self.facts if f.key in computed]

    def licensed_numbers(self, scenario: S) -> set[int]:
        """The numbers the prose of ``scenario`` may give: those its stated facts state."""
        out: set[int] = set()
        for key, value in scenario.expect.items():
            out.update(self.fact(key).type.numbers(value))
        return out

    def note(self, key: str, said: Any, got: Any, computed: Mapping[str, Any]) -> str:
        """More words for a disagreement on ``key`` (``computed``: all the engine's facts)."""
        return self.fact(key).type.differences(said, got)

    # -- shared by every kind

    def fact(self, key: str) -> Fact:
        """The fact named ``key``."""
        for f in self.facts:
            if f.key == key:
                return f
        raise KeyError(key)

    @property
    def fact_keys(self) -> tuple[str, ...]:
        """The ``expect`` keys, in order."""
        return tuple(f.key for f in self.facts)

    def read_expect(self, r: Reader, pairs: Pairs) -> dict[str, Any]:
        """The stated facts as engine values; a bad value is reported and left out."""
        if "expect" not in pairs:
            return {}
        node = pairs["expect"][1]
        if isinstance(node, ScalarNode) and node.value == "" and node.style in (None, ""):
            return {}  # ``expect:`` with nothing yet: --fill writes into it
        ep = r.mapping(node, ("expect",), self.fact_keys)
        if ep is None:
            return {}
        out: dict[str, Any] = {}
        for key, (_, vnode) in ep.items():
            value = self.fact(key).type.read(r, vnode, ("expect", key))
            if value is not BAD:
                out[key] = value
        return out


def require(r: Reader, pairs: Pairs, key: str, kind: str) -> Node | None:
    """The value node of ``key``, or ``None`` after reporting it missing."""
    pair = pairs.get(key)
    if pair is None:
        r.error(None, f"{key}: required for kind: {kind}", Code.MISSING)
        return None
    return pair[1]


def sort_for_display(cards: CardSet | Iterable[int], trump: Trump | None = None) -> tuple[int, ...]:
    """Cards grouped by suit (spades, hearts, diamonds, clubs), highest first in each."""
    strength = tables(trump if trump is not None else Trump.NONE).strength
    return tuple(sorted(cards, key=lambda c: (c >> 3, -strength[c])))


def teams(pair: tuple[int, int]) -> dict[Team, int]:
    """An engine pair ``(NS, EW)`` as the facts' team mapping."""
    return {Team.NS: pair[0], Team.EW: pair[1]}


def played(r: Reader, run: Callable[[], T]) -> T | None:
    """``run()``'s result, or ``None`` after reporting the engine's refusal where it
    points: a declaration at ``announced``, an illegal card or an impossible deal at its
    trick and play, anything else at ``tricks``. Both deal kinds (classic and Coinche)
    play their tricks through this, so their errors read the same."""
    try:
        return run()
    except DeclarationError as exc:
        report_declaration_error(r, exc)
    except (InvalidDealError, IllegalPlayError) as exc:
        code = Code.ILLEGAL_PLAY if isinstance(exc, IllegalPlayError) else Code.BAD_DEAL
        r.error(r.keys.where(_at(exc)), str(exc), code)
    except EngineError as exc:
        r.error(r.keys.where(("tricks",)), str(exc), Code.BAD_DEAL)
    return None


def _at(exc: InvalidDealError | IllegalPlayError) -> KeyPath:
    """The key path of the trick (and play) the engine's error names."""
    if exc.trick_index is None:
        return ("tricks",)
    if exc.play_index is None:
        return ("tricks", exc.trick_index + 1)
    return ("tricks", exc.trick_index + 1, exc.play_index + 1)


def report_declaration_error(r: Reader, exc: DeclarationError) -> None:
    """Report ``exc`` at the declaration it names (``announced.N[2]``)."""
    if exc.seat is None:
        r.error(r.keys.where(("announced",)), str(exc), Code.BAD_VALUE)
        return
    at: KeyPath = ("announced", exc.seat)
    where = f"announced.{exc.seat}"
    if exc.index is not None:
        at = (*at, exc.index + 1)
        where += f"[{exc.index + 1}]"
    r.error(r.keys.where(at), f"{where}: {exc}", Code.BAD_VALUE)
