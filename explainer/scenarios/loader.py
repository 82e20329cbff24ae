"""Scenario and page files -> the validated, located model, with every problem found.

:func:`load_file` reads one file; :func:`load_project` reads a folder tree (or a list
of files), then checks what only the whole project can say: ids unique across files,
``page``/``section`` references that resolve. Nothing here raises on bad input; each
problem is a :class:`~explainer.scenarios.diagnostics.Diagnostic` pointing at the key
or value at fault, and a file with any problem yields no model value (``None``).

The loader also asks the engine what makes an input *invalid* rather than *wrong*:
an illegal ``play``, an impossible deal, a bid out of turn. The engine's answer is
kept on the scenario (``outcome``) so that the runner does not compute it twice.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from explainer.engine import (
    BiddingError,
    Contract,
    EngineError,
    IllegalPlayError,
    InvalidCardError,
    InvalidDealError,
    RuleSet,
    Seat,
    Team,
    Trump,
    card_str,
    check_play,
    deal_cards,
    find_rules,
    parse_bid,
    parse_card,
    play_deal,
    run_bidding,
)
from explainer.engine.play import Rule

from .diagnostics import INVALID, Diagnostic, sort_key
from .model import (
    KINDS,
    AnyScenario,
    BiddingScenario,
    DealingScenario,
    DealScenario,
    Location,
    Page,
    PlayScenario,
    Section,
    Text,
)
from .yamlsource import MAX_ITEMS, MappingNode, Node, ScalarNode, SequenceNode, SourceError, compose

__all__ = [
    "Project",
    "load_file",
    "load_text",
    "load_project",
    "find_files",
    "display_path",
    "COMMON_KEYS",
    "KIND_KEYS",
    "EXPECT_KEYS",
    "CONTRACT_KEYS",
    "RULES_KEYS",
    "HAND_KEYS",
    "PAGE_KEYS",
    "SECTION_KEYS",
    "TABLES",
    "PAGE_FILE",
]

PAGE_FILE: Final = "page.yaml"
"""Files with this name are page files; every other ``.yaml``/``.yml`` is a scenario."""
COMMON_KEYS: Final = ("id", "kind", "title", "text", "page", "section", "order", "expect",
                      "status", "reason")
"""Keys every scenario may have."""
KIND_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "play": ("contract", "trick", "hand", "play"),
    "deal": ("contract", "dealer", "tricks"),
    "bidding": ("dealer", "turned", "bids"),
    "dealing": ("dealer", "deck", "taker"),
}
"""The keys of each kind, besides :data:`COMMON_KEYS`."""
EXPECT_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "play": ("legal", "rule", "winner", "points"),
    "deal": ("tricks", "card_points", "last_trick", "belote", "capot", "points", "made", "score"),
    "bidding": ("taker", "trump", "annulled"),
    "dealing": ("turned", "hands"),
}
"""The ``expect`` keys of each kind, in the order ``--fill`` writes them."""
CONTRACT_KEYS: Final = ("game", "rules", "trump", "taker")
RULES_KEYS: Final = ("preset", "undertrump", "partner_overtrump")
HAND_KEYS: Final = ("seat", "cards")
PAGE_KEYS: Final = ("id", "order", "title", "intro", "sections")
SECTION_KEYS: Final = ("id", "title", "text", "tables")
TABLES: Final = ("ranks", "points", "rules")
STATUSES: Final = ("checked", "disputed")

RESERVED_PAGE_IDS: Final = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
)
"""A page id is a folder name of the site: no device names that Windows reserves."""

_ID: Final = re.compile(r"[a-z0-9-]+\Z")
_INT: Final = re.compile(r"[+-]?[0-9]+\Z")
_NONE: Final = frozenset({"none", "null", "~", ""})
_BOOLS: Final = {"true": True, "false": False}


@dataclass(frozen=True, slots=True)
class Project:
    """Everything read from a set of files: pages, scenarios (sorted by page, section,
    order, id) and every problem found, sorted by path and line.

    ``files`` counts the scenario files read (valid or not), ``failed_paths`` holds the
    scenario files that could not be read as a scenario: the check counts them as failed.
    """

    pages: tuple[Page, ...]
    scenarios: tuple[AnyScenario, ...]
    diagnostics: tuple[Diagnostic, ...]
    failed_paths: tuple[str, ...] = ()
    files: tuple[str, ...] = field(default=(), compare=False)


def display_path(path: Path | str) -> str:
    """``path`` relative to the current folder when it is below it, else as given."""
    p = str(path)
    if os.path.isabs(p):
        folder, name = os.path.split(p)
        return os.path.join(_display_folder(folder, os.getcwd()), name)
    return p


@functools.lru_cache(maxsize=256)
def _display_folder(folder: str, cwd: str) -> str:
    try:
        rel = os.path.relpath(folder, cwd)
    except ValueError:  # pragma: no cover - another drive on Windows
        return folder
    if rel == ".":
        return ""
    return folder if rel.startswith("..") else rel


# --------------------------------------------------------------------------- reading


def _what(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return f"{node.value!r}" if node.value else "nothing"


def _hint(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class KeyLocations(Mapping[str, Location]):
    """Key path -> :class:`Location`, kept as 0-based ``(line, column)`` until asked."""

    __slots__ = ("path", "marks")

    def __init__(self, path: str) -> None:
        self.path = path
        self.marks: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Location:
        m = self.marks[key]
        if isinstance(m, Location):
            return m
        return Location(self.path, m[0] + 1, m[1] + 1)

    def __setitem__(self, key: str, value: Any) -> None:
        self.marks[key] = value

    def __contains__(self, key: object) -> bool:
        return key in self.marks

    def __iter__(self) -> Iterator[str]:
        return iter(self.marks)

    def __len__(self) -> int:
        return len(self.marks)

    def __repr__(self) -> str:
        return f"KeyLocations({dict(self)!r})"


class _Reader:
    """Reads one file's nodes, recording key locations and problems."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.diags: list[Diagnostic] = []
        self.keys = KeyLocations(path)

    # -- locations and problems

    def loc(self, node: Node) -> Location:
        m = node.start_mark
        return Location(self.path, m.line + 1, m.column + 1)

    def error(self, node: Node | Location | None, message: str, code: str = "invalid") -> None:
        if node is None:
            loc = Location(self.path, 1, 1)
        elif isinstance(node, Location):
            loc = node
        else:
            loc = self.loc(node)
        self.diags.append(Diagnostic(loc, message, code, INVALID))

    # -- structure

    def mapping(
        self, node: Node, name: str, allowed: Sequence[str] | None, *, what: str = "a mapping"
    ) -> dict[str, tuple[Node, Node]] | None:
        """The pairs of a mapping node (``None`` after reporting a problem); records key
        locations under ``name`` and reports duplicate and unknown keys."""
        if not isinstance(node, MappingNode):
            self.error(node, f"{name or 'file'}: expected {what}, got {_what(node)}", "type")
            return None
        if len(node.value) > MAX_ITEMS:
            self.error(node, f"{name or 'file'}: too many keys (at most {MAX_ITEMS})", "too-long")
            return None
        out: dict[str, tuple[Node, Node]] = {}
        prefix = f"{name}." if name else ""
        for knode, vnode in node.value:
            if not isinstance(knode, ScalarNode):
                self.error(knode, f"{prefix}?: a key must be a plain word, got {_what(knode)}",
                           "type")
                continue
            key = knode.value
            if key in out:
                first = self.loc(out[key][0])
                self.error(knode, f"duplicate key {prefix}{key} (first at line {first.line})",
                           "duplicate-key")
                continue
            if allowed is not None and key not in allowed:
                where = f"{name}: " if name else ""
                self.error(knode, f"{where}unknown key {key!r}{_hint(key, allowed)}",
                           "unknown-key")
                continue
            out[key] = (knode, vnode)
            m = knode.start_mark
            self.keys.marks[prefix + key] = (m.line, m.column)
        return out

    def sequence(self, node: Node, name: str, *, what: str = "a list") -> list[Node] | None:
        if not isinstance(node, SequenceNode):
            self.error(node, f"{name}: expected {what}, got {_what(node)}", "type")
            return None
        if len(node.value) > MAX_ITEMS:
            self.error(node, f"{name}: too many items ({len(node.value)}, at most {MAX_ITEMS})",
                       "too-long")
            return None
        keys = self.keys.marks
        for i, item in enumerate(node.value, 1):
            m = item.start_mark
            keys[f"{name}.{i}"] = (m.line, m.column)
        return list(node.value)

    def string(self, node: Node, name: str, *, what: str = "a string") -> str | None:
        if not isinstance(node, ScalarNode):
            self.error(node, f"{name}: expected {what}, got {_what(node)}", "type")
            return None
        if node.value == "" and node.style in (None, ""):
            self.error(node, f"{name}: missing value (expected {what})", "type")
            return None
        return node.value  # type: ignore[no-any-return]

    def integer(self, node: Node, name: str) -> int | None:
        text = self.string(node, name, what="a whole number")
        if text is None:
            return None
        if not _INT.match(text.strip()):
            self.error(node, f"{name}: expected a whole number, got {text!r}", "type")
            return None
        return int(text)

    def boolean(self, node: Node, name: str) -> bool | None:
        text = self.string(node, name, what="true or false")
        if text is None:
            return None
        value = _BOOLS.get(text.strip().lower())
        if value is None:
            self.error(node, f"{name}: expected true or false, got {text!r}", "type")
        return value

    def ident(self, node: Node, name: str) -> str | None:
        text = self.string(node, name, what="an id")
        if text is None:
            return None
        if not _ID.match(text):
            self.error(node, f"{name}: invalid id {text!r} (use a-z, 0-9 and -)", "bad-id")
            return None
        return text

    def choice(self, node: Node, name: str, choices: Sequence[str]) -> str | None:
        text = self.string(node, name)
        if text is None:
            return None
        if text not in choices:
            self.error(
                node,
                f"{name}: unknown value {text!r}{_hint(text, choices)} (expected {_or(choices)})",
                "bad-value",
            )
            return None
        return text

    def text(self, node: Node, name: str, ctx: str, line_of: Node) -> Text | None:
        value = self.string(node, name, what="a text")
        if value is None:
            return None
        return Text(value, ctx, line_of.start_mark.line + 1)

    # -- engine values

    def card(self, node: Node, name: str) -> int | None:
        text = self.string(node, name, what="a card")
        if text is None:
            return None
        try:
            return parse_card(text)
        except InvalidCardError as exc:
            self.error(node, str(exc), "bad-card")
            return None

    def seat(self, node: Node, name: str) -> Seat | None:
        text = self.string(node, name, what="a seat")
        if text is None:
            return None
        try:
            return Seat.parse(text)
        except EngineError as exc:
            self.error(node, f"{exc} (expected N, E, S or W)", "bad-seat")
            return None

    def seat_or_none(self, node: Node, name: str) -> Seat | None | bool:
        """A seat, ``None`` for ``none``, or ``False`` after a problem."""
        if isinstance(node, ScalarNode) and node.value.strip().lower() in _NONE:
            return None
        seat = self.seat(node, name)
        return False if seat is None else seat

    def team(self, node: Node, name: str) -> Team | None:
        text = self.string(node, name, what="a team")
        if text is None:
            return None
        try:
            return Team.parse(text)
        except EngineError as exc:
            self.error(node, f"{exc} (expected NS or EW)", "bad-seat")
            return None

    def team_or_none(self, node: Node, name: str) -> Team | None | bool:
        if isinstance(node, ScalarNode) and node.value.strip().lower() in _NONE:
            return None
        team = self.team(node, name)
        return False if team is None else team

    def cards(self, node: Node, name: str) -> list[tuple[int, Node]] | None:
        """A list of distinct cards, each with its node."""
        items = self.sequence(node, name, what="a list of cards")
        if items is None:
            return None
        out: list[tuple[int, Node]] = []
        seen: dict[int, Node] = {}
        ok = True
        for item in items:
            c = self.card(item, name)
            if c is None:
                ok = False
                continue
            if c in seen:
                self.error(item, f"duplicate card: {card_str(c)} (also at line "
                           f"{seen[c].start_mark.line + 1})", "duplicate-card")
                ok = False
                continue
            seen[c] = item
            out.append((c, item))
        return out if ok else None

    def play_item(self, node: Node, name: str) -> tuple[Seat, int, Node] | None:
        """One ``SEAT: CARD`` pair; returns the seat, the card and the card's node."""
        if not (isinstance(node, MappingNode) and len(node.value) == 1):
            self.error(node, f"{name}: a play is one 'SEAT: CARD' pair, got {_what(node)}",
                       "type")
            return None
        knode, vnode = node.value[0]
        seat = self.seat(knode, name) if isinstance(knode, ScalarNode) else None
        if seat is None and not isinstance(knode, ScalarNode):
            self.error(knode, f"{name}: a play is one 'SEAT: CARD' pair", "type")
        c = self.card(vnode, name)
        if seat is None or c is None:
            return None
        return seat, c, vnode

    def plays(self, node: Node, name: str) -> list[tuple[Seat, int, Node]] | None:
        items = self.sequence(node, name, what="a list of plays")
        if items is None:
            return None
        out = [self.play_item(item, f"{name}.{i}") for i, item in enumerate(items, 1)]
        if any(p is None for p in out):
            return None
        return out  # type: ignore[return-value]


def _or(choices: Sequence[str]) -> str:
    return ", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]


# --------------------------------------------------------------------------- scenarios


def load_text(text: str, path: str) -> tuple[AnyScenario | Page | None, list[Diagnostic]]:
    """Read one file's text: a page when the file is named ``page.yaml``, else a scenario."""
    r = _Reader(path)
    try:
        root = compose(text)
    except SourceError as exc:
        return None, [Diagnostic(Location(path, exc.line, exc.column), exc.message, exc.code)]
    name = os.path.basename(path)
    if root is None or (isinstance(root, ScalarNode) and root.value == "" and root.style in (None, "")):
        what = "page" if name == PAGE_FILE else "scenario"
        r.error(None, f"empty file: expected a {what} mapping", "empty")
        return None, r.diags
    if name == PAGE_FILE:
        page = _page(r, root, os.path.basename(os.path.dirname(path)) or "page")
        return (page if not r.diags else None), r.diags
    stem = name.rsplit(".", 1)[0]
    scenario = _scenario(r, root, stem)
    return (scenario if not r.diags else None), r.diags


def load_file(
    path: Path | str, *, shown: str | None = None
) -> tuple[AnyScenario | Page | None, list[Diagnostic]]:
    """Read one file; the path is shown in diagnostics as given (relative to cwd when below
    it), or as ``shown``."""
    shown = shown if shown is not None else display_path(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(_MAX_READ)
    except OSError as exc:
        return None, [Diagnostic(Location(shown, 1, 1),
                                 f"cannot read file: {exc.strerror or exc}", "io")]
    from .yamlsource import MAX_BYTES

    if len(data) > MAX_BYTES:
        return None, [Diagnostic(Location(shown, 1, 1),
                                 f"file too large (more than {MAX_BYTES} bytes)", "too-large")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [Diagnostic(Location(shown, 1, 1),
                                 f"not UTF-8 text (byte {exc.start})", "encoding")]
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return load_text(text, shown)
    except Exception as exc:  # noqa: BLE001 - never a traceback for the user
        return None, [Diagnostic(Location(shown, 1, 1),
                                 f"internal error: {type(exc).__name__}: {exc}", "internal")]


_MAX_READ: Final = 1_000_001


def _scenario(r: _Reader, root: Node, stem: str) -> AnyScenario | None:
    pairs = r.mapping(root, "", None, what="a scenario mapping")
    if pairs is None:
        return None
    kind = "play"
    if "kind" in pairs:
        kind = r.choice(pairs["kind"][1], "kind", KINDS) or ""
        if not kind:
            return None
    allowed = COMMON_KEYS + KIND_KEYS[kind]
    for key in list(pairs):
        if key not in allowed:
            knode = pairs.pop(key)[0]
            hint = _hint(key, allowed)
            if not hint and key in _ALL_KIND_KEYS:
                hint = f" (not a key of kind: {kind})"
            r.error(knode, f"unknown key {key!r}{hint}", "unknown-key")
    r.keys[""] = Location(r.path, 1, 1)

    def get(key: str) -> Node | None:
        pair = pairs.get(key)
        return pair[1] if pair else None

    ident = stem
    if (n := get("id")) is not None:
        ident = r.ident(n, "id") or stem
    elif not _ID.match(stem):
        r.error(None, f"id: the file name {stem!r} is not a valid id; add an 'id:' "
                "(a-z, 0-9 and -)", "bad-id")
    common: dict[str, Any] = {"id": ident, "kind": kind, "path": r.path}
    if (n := get("title")) is not None:
        common["title"] = r.text(n, "title", f"{ident}|title", pairs["title"][0])
    if (n := get("text")) is not None:
        common["text"] = r.text(n, "text", f"{ident}|text", pairs["text"][0])
    if (n := get("page")) is not None:
        common["page"] = r.ident(n, "page")
    if (n := get("section")) is not None:
        common["section"] = r.ident(n, "section")
        if "page" not in pairs:
            r.error(pairs["section"][0], "section: needs a page", "missing")
    if (n := get("order")) is not None:
        common["order"] = r.integer(n, "order") or 0
    if (n := get("status")) is not None:
        common["status"] = r.choice(n, "status", STATUSES) or "checked"
    if (n := get("reason")) is not None:
        common["reason"] = r.string(n, "reason")
        if common.get("status") != "disputed":
            r.error(pairs["reason"][0], "reason: only with status: disputed", "missing")
    elif common.get("status") == "disputed":
        r.error(pairs["status"][0], "status: disputed needs a reason", "missing")
    builder = _BUILDERS[kind]
    result = builder(r, pairs, common)
    return result


_ALL_KIND_KEYS: Final = frozenset(k for keys in KIND_KEYS.values() for k in keys)


def _require(r: _Reader, pairs: dict[str, tuple[Node, Node]], key: str, why: str) -> Node | None:
    pair = pairs.get(key)
    if pair is None:
        r.error(None, f"{key}: required {why}", "missing")
        return None
    return pair[1]


def _contract(
    r: _Reader, node: Node, *, need_taker: bool
) -> tuple[Contract, RuleSet] | None:
    pairs = r.mapping(node, "contract", CONTRACT_KEYS)
    if pairs is None:
        return None
    ok = True
    game = "belote"
    if "game" in pairs:
        game = r.choice(pairs["game"][1], "contract.game", ("belote", "coinche")) or ""
        ok = bool(game)
    trump: Trump | None = None
    if "trump" in pairs:
        vnode = pairs["trump"][1]
        text = r.string(vnode, "contract.trump", what="a trump")
        if text is not None:
            try:
                trump = Trump.parse(text)
            except EngineError as exc:
                r.error(vnode, str(exc), "bad-trump")
    else:
        r.error(r.keys["contract"], "contract.trump: required", "missing")
    taker: Seat | None = None
    if "taker" in pairs:
        taker = r.seat(pairs["taker"][1], "contract.taker")
        ok = ok and taker is not None
    elif need_taker:
        r.error(r.keys["contract"], "contract.taker: required for kind: deal", "missing")
        ok = False
    rules = _rules(r, pairs["rules"][1]) if "rules" in pairs else find_rules("house")
    if not ok or trump is None or rules is None:
        return None
    return Contract(trump, game, taker), rules


def _rules(r: _Reader, node: Node) -> RuleSet | None:
    preset_node = node
    knobs: dict[str, tuple[str, Node]] = {}
    if isinstance(node, MappingNode):
        pairs = r.mapping(node, "contract.rules", RULES_KEYS)
        if pairs is None:
            return None
        preset = "house"
        if "preset" in pairs:
            preset_node = pairs["preset"][1]
            text = r.string(preset_node, "contract.rules.preset")
            if text is None:
                return None
            preset = text
        for key in RULES_KEYS[1:]:
            if key in pairs:
                value = r.string(pairs[key][1], f"contract.rules.{key}")
                if value is None:
                    return None
                knobs[key] = (value, pairs[key][1])
    else:
        text = r.string(node, "contract.rules", what="a preset or a mapping")
        if text is None:
            return None
        preset = text
    try:
        rules = find_rules(preset)
    except EngineError as exc:
        from explainer.engine import PRESETS

        r.error(preset_node, f"{exc}{_hint(preset, PRESETS)} (expected {_or(list(PRESETS))})",
                "bad-rules")
        return None
    for key, (value, vnode) in knobs.items():
        try:
            rules = rules.with_knobs(**{key: value})
        except EngineError as exc:
            r.error(vnode, str(exc), "bad-rules")
            return None
    return rules


def _play_scenario(
    r: _Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> PlayScenario | None:
    node = _require(r, pairs, "contract", "for kind: play")
    contract = _contract(r, node, need_taker=False) if node is not None else None
    trick: list[tuple[Seat, int, Node]] = []
    if "trick" in pairs:
        trick = r.plays(pairs["trick"][1], "trick") or []
    bad = bool(r.diags)
    seen: dict[int, Node] = {}
    for i, (seat, c, cnode) in enumerate(trick, 1):
        if c in seen:
            r.error(cnode, f"duplicate card: {card_str(c)} is played twice in the trick",
                    "duplicate-card")
            bad = True
        seen[c] = cnode
        if i > 1 and seat != trick[i - 2][0].next:
            expected = trick[i - 2][0].next
            r.error(r.keys[f"trick.{i}"],
                    f"play out of turn: {seat.name} plays after {trick[i - 2][0].name}, "
                    f"expected {expected.name}", "out-of-turn")
            bad = True
    has_hand = "hand" in pairs
    limit = 3 if has_hand else 4
    if len(trick) > limit:
        r.error(r.keys[f"trick.{limit + 1}"],
                f"too many plays: a trick holds {limit} plays "
                + ("before the hand to move" if has_hand else "at most"), "too-many")
        bad = True
    hand_seat: Seat | None = None
    hand: list[tuple[int, Node]] = []
    if has_hand:
        hp = r.mapping(pairs["hand"][1], "hand", HAND_KEYS)
        if hp is not None:
            if "seat" in hp:
                hand_seat = r.seat(hp["seat"][1], "hand.seat")
            else:
                r.error(r.keys["hand"], "hand.seat: required", "missing")
            if "cards" in hp:
                hand = r.cards(hp["cards"][1], "hand.cards") or []
            else:
                r.error(r.keys["hand"], "hand.cards: required", "missing")
        if hand_seat is not None and trick and not bad and len(trick) <= 3:
            expected = trick[-1][0].next
            if hand_seat != expected:
                r.error(hp["seat"][1] if hp else r.keys["hand"],  # type: ignore[index]
                        f"play out of turn: hand.seat is {hand_seat.name}, but after "
                        f"{trick[-1][0].name} it is {expected.name}'s turn", "out-of-turn")
        if len(hand) > 8:
            r.error(r.keys["hand.cards"], f"hand.cards: {len(hand)} cards, at most 8",
                    "too-many")
        for c, cnode in hand:
            if c in seen:
                r.error(cnode, f"duplicate card: {card_str(c)} is both in the trick and in the hand",
                        "duplicate-card")
        if hand_seat is not None and not trick:
            pass
    elif not bad and len(trick) < 4:
        where = r.keys.get("trick", Location(r.path, 1, 1))
        r.error(where, f"trick: without a hand, the trick must hold all four plays "
                f"(got {len(trick)})", "missing")
    play: int | None = None
    if "play" in pairs:
        vnode = pairs["play"][1]
        play = r.card(vnode, "play")
        if not has_hand:
            r.error(r.keys["play"], "play: needs a hand to play from", "missing")
        elif play is not None and hand and not r.diags:
            if play not in {c for c, _ in hand}:
                r.error(vnode, f"illegal play: {card_str(play)} is not in the hand",
                        "not-in-hand")
            elif contract is not None:
                try:
                    check_play(play, [c for c, _ in hand], [c for _, c, _ in trick],
                               contract[0].trump, contract[1])
                except IllegalPlayError as exc:
                    r.error(vnode, str(exc), "illegal-play")
    kind_keys = EXPECT_KEYS["play"]
    expect = _expect(r, pairs, "play", kind_keys)
    four = len(trick) + (1 if play is not None else 0) == 4
    for key in ("legal", "rule"):
        if key in expect and not has_hand:
            r.error(r.keys[f"expect.{key}"], f"expect.{key}: needs a hand", "missing")
    for key in ("winner", "points"):
        if key in expect and not four:
            r.error(r.keys[f"expect.{key}"],
                    f"expect.{key}: needs a finished trick (four plays: trick and play)",
                    "missing")
    if r.diags or contract is None:
        return None
    return PlayScenario(
        **common, expect=expect, keys=r.keys, contract=contract[0], rules=contract[1],
        trick=tuple((s, c) for s, c, _ in trick), hand_seat=hand_seat,
        hand=tuple(c for c, _ in hand), play=play,
    )


def _deal_scenario(
    r: _Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> DealScenario | None:
    node = _require(r, pairs, "contract", "for kind: deal")
    contract = _contract(r, node, need_taker=True) if node is not None else None
    dealer = r.seat(pairs["dealer"][1], "dealer") if "dealer" in pairs else None
    tricks: list[list[tuple[Seat, int, Node]]] = []
    node = _require(r, pairs, "tricks", "for kind: deal")
    if node is not None:
        items = r.sequence(node, "tricks", what="a list of tricks")
        for i, item in enumerate(items or (), 1):
            plays = r.plays(item, f"tricks.{i}")
            tricks.append(plays or [])
    expect = _expect(r, pairs, "deal", EXPECT_KEYS["deal"])
    if r.diags or contract is None:
        return None
    plays_only = [[(s, c) for s, c, _ in t] for t in tricks]
    try:
        outcome = play_deal(contract[0], plays_only, contract[1], dealer=dealer)
    except (InvalidDealError, IllegalPlayError) as exc:
        key = "tricks"
        if exc.trick_index is not None:
            key += f".{exc.trick_index + 1}"
            if exc.play_index is not None:
                key += f".{exc.play_index + 1}"
        code = "illegal-play" if isinstance(exc, IllegalPlayError) else "bad-deal"
        r.error(_where(r, key), str(exc), code)
        return None
    except EngineError as exc:
        r.error(r.keys.get("tricks"), str(exc), "bad-deal")
        return None
    return DealScenario(**common, expect=expect, keys=r.keys, contract=contract[0],
                        rules=contract[1], dealer=dealer,
                        tricks=tuple(tuple(t) for t in plays_only), outcome=outcome)


def _where(r: _Reader, key: str) -> Location:
    while key:
        if key in r.keys:
            return r.keys[key]
        key = key.rpartition(".")[0]
    return Location(r.path, 1, 1)


def _bidding_scenario(
    r: _Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> BiddingScenario | None:
    dealer = turned = None
    if (node := _require(r, pairs, "dealer", "for kind: bidding")) is not None:
        dealer = r.seat(node, "dealer")
    if (node := _require(r, pairs, "turned", "for kind: bidding")) is not None:
        turned = r.card(node, "turned")
    bids: list[tuple[Seat, Any]] = []
    if (node := _require(r, pairs, "bids", "for kind: bidding")) is not None:
        for i, item in enumerate(r.sequence(node, "bids", what="a list of bids") or (), 1):
            name = f"bids.{i}"
            if not (isinstance(item, MappingNode) and len(item.value) == 1):
                r.error(item, f"{name}: a bid is one 'SEAT: BID' pair, got {_what(item)}",
                        "type")
                continue
            knode, vnode = item.value[0]
            seat = r.seat(knode, name)
            text = r.string(vnode, name, what="a bid")
            if seat is None or text is None:
                continue
            try:
                bids.append((seat, parse_bid(text)))
            except EngineError as exc:
                r.error(vnode, str(exc), "bad-bid")
    expect = _expect(r, pairs, "bidding", EXPECT_KEYS["bidding"])
    if r.diags or dealer is None or turned is None:
        return None
    try:
        outcome = run_bidding(dealer, turned, bids)
    except BiddingError as exc:
        key = f"bids.{exc.bid_index + 1}" if exc.bid_index is not None else "bids"
        r.error(_where(r, key), str(exc), "bad-bid")
        return None
    return BiddingScenario(**common, expect=expect, keys=r.keys, dealer=dealer, turned=turned,
                           bids=tuple(bids), outcome=outcome)


def _dealing_scenario(
    r: _Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> DealingScenario | None:
    dealer = None
    if (node := _require(r, pairs, "dealer", "for kind: dealing")) is not None:
        dealer = r.seat(node, "dealer")
    deck: list[tuple[int, Node]] = []
    if (node := _require(r, pairs, "deck", "for kind: dealing")) is not None:
        deck = r.cards(node, "deck") or []
        if deck and len(deck) != 32:
            r.error(r.keys["deck"], f"deck: a deck has 32 cards, got {len(deck)}", "bad-deal")
    taker = r.seat(pairs["taker"][1], "taker") if "taker" in pairs else None
    expect = _expect(r, pairs, "dealing", EXPECT_KEYS["dealing"])
    if r.diags or dealer is None:
        return None
    cards = tuple(c for c, _ in deck)
    try:
        outcome = deal_cards(cards, dealer, taker)
    except EngineError as exc:  # pragma: no cover - the checks above catch these
        r.error(r.keys.get("deck"), str(exc), "bad-deal")
        return None
    return DealingScenario(**common, expect=expect, keys=r.keys, dealer=dealer, deck=cards,
                           taker=taker, outcome=outcome)


_BUILDERS: Final = {
    "play": _play_scenario,
    "deal": _deal_scenario,
    "bidding": _bidding_scenario,
    "dealing": _dealing_scenario,
}


# --------------------------------------------------------------------------- expect


def _expect(
    r: _Reader, pairs: dict[str, tuple[Node, Node]], kind: str, allowed: Sequence[str]
) -> dict[str, Any]:
    """The stated facts as engine values (see the model's docstrings)."""
    if "expect" not in pairs:
        return {}
    node = pairs["expect"][1]
    if isinstance(node, ScalarNode) and node.value == "" and node.style in (None, ""):
        return {}  # ``expect:`` with nothing yet: --fill writes into it
    ep = r.mapping(node, "expect", allowed)
    if ep is None:
        return {}
    out: dict[str, Any] = {}
    for key, (_, vnode) in ep.items():
        name = f"expect.{key}"
        reader = _x_int if (kind, key) == ("play", "points") else _EXPECT_READERS[key]
        value = reader(r, vnode, name)
        if value is not _BAD:
            out[key] = value
    return out


_BAD: Final = object()
_ExpectReader = Callable[["_Reader", Node, str], Any]


def _x_cardset(r: _Reader, node: Node, name: str) -> Any:
    cards = r.cards(node, name)
    return _BAD if cards is None else frozenset(c for c, _ in cards)


def _x_rule(r: _Reader, node: Node, name: str) -> Any:
    text = r.string(node, name, what="a rule id")
    if text is None:
        return _BAD
    try:
        return Rule.parse(text.strip())
    except ValueError as exc:
        r.error(node, f"{name}: {exc}", "bad-value")
        return _BAD


def _or_bad(read: _ExpectReader, failed: object = None) -> _ExpectReader:
    """An ``expect`` reader from a :class:`_Reader` method that returns ``failed`` (already
    reported) when the value is bad: ``None``, or ``False`` where ``None`` is a value."""

    def reader(r: _Reader, node: Node, name: str) -> Any:
        value = read(r, node, name)
        return _BAD if value is failed else value

    return reader


_x_seat = _or_bad(_Reader.seat)
_x_seat_or_none = _or_bad(_Reader.seat_or_none, failed=False)
_x_team = _or_bad(_Reader.team)
_x_team_or_none = _or_bad(_Reader.team_or_none, failed=False)
_x_int = _or_bad(_Reader.integer)
_x_bool = _or_bad(_Reader.boolean)
_x_card = _or_bad(_Reader.card)


def _x_trump_or_none(r: _Reader, node: Node, name: str) -> Any:
    text = r.string(node, name, what="a trump")
    if text is None:
        return _BAD
    if text.strip().lower() in _NONE - {"none"}:
        return None
    try:
        trump = Trump.parse(text)
    except EngineError as exc:
        r.error(node, str(exc), "bad-trump")
        return _BAD
    return None if trump == Trump.NONE else trump


def _x_winners(r: _Reader, node: Node, name: str) -> Any:
    items = r.sequence(node, name, what="a list of seats")
    if items is None:
        return _BAD
    seats = [r.seat(item, name) for item in items]
    if any(s is None for s in seats):
        return _BAD
    if len(seats) != 8:
        r.error(node, f"{name}: expected the winners of 8 tricks, got {len(seats)}", "bad-value")
        return _BAD
    return tuple(seats)


def _x_teams(r: _Reader, node: Node, name: str) -> Any:
    pairs = r.mapping(node, name, None, what="a mapping {NS: points, EW: points}")
    if pairs is None:
        return _BAD
    out: dict[Team, int] = {}
    for key, (knode, vnode) in pairs.items():
        try:
            team = Team.parse(key)
        except EngineError:
            r.error(knode, f"{name}: unknown team {key!r} (expected NS or EW)", "bad-seat")
            return _BAD
        value = r.integer(vnode, f"{name}.{team.name}")
        if value is None:
            return _BAD
        out[team] = value
    if len(out) != 2:
        r.error(node, f"{name}: expected points for both teams, NS and EW", "bad-value")
        return _BAD
    return out


def _x_hands(r: _Reader, node: Node, name: str) -> Any:
    pairs = r.mapping(node, name, None, what="a mapping of seats to cards")
    if pairs is None:
        return _BAD
    out: dict[Seat, frozenset[int]] = {}
    for key, (knode, vnode) in pairs.items():
        try:
            seat = Seat.parse(key)
        except EngineError as exc:
            r.error(knode, f"{exc} (expected N, E, S or W)", "bad-seat")
            return _BAD
        cards = r.cards(vnode, f"{name}.{seat.name}")
        if cards is None:
            return _BAD
        out[seat] = frozenset(c for c, _ in cards)
    return out


_EXPECT_READERS: Final = {
    "legal": _x_cardset,
    "rule": _x_rule,
    "winner": _x_seat,
    "points": _x_teams,
    "tricks": _x_winners,
    "card_points": _x_teams,
    "last_trick": _x_team,
    "belote": _x_seat_or_none,
    "capot": _x_team_or_none,
    "made": _x_bool,
    "score": _x_teams,
    "taker": _x_seat_or_none,
    "trump": _x_trump_or_none,
    "annulled": _x_bool,
    "turned": _x_card,
    "hands": _x_hands,
}


# --------------------------------------------------------------------------- pages


def _page(r: _Reader, root: Node, folder: str) -> Page | None:
    pairs = r.mapping(root, "", PAGE_KEYS, what="a page mapping")
    if pairs is None:
        return None
    r.keys[""] = Location(r.path, 1, 1)
    ident = folder
    if "id" in pairs:
        ident = r.ident(pairs["id"][1], "id") or folder
    elif not _ID.match(folder):
        r.error(None, f"id: the folder name {folder!r} is not a valid id; add an 'id:'",
                "bad-id")
    if ident in RESERVED_PAGE_IDS:
        r.error(pairs["id"][1] if "id" in pairs else None,
                f"id: reserved name {ident!r} (a file name on some systems; choose another id)",
                "bad-id")
    title = None
    if "title" in pairs:
        title = r.text(pairs["title"][1], "title", f"page:{ident}|title", pairs["title"][0])
    else:
        r.error(None, "title: required for a page", "missing")
    intro = None
    if "intro" in pairs:
        intro = r.text(pairs["intro"][1], "intro", f"page:{ident}|intro", pairs["intro"][0])
    order = r.integer(pairs["order"][1], "order") or 0 if "order" in pairs else 0
    sections: list[Section] = []
    if "sections" in pairs:
        seen: dict[str, int] = {}
        for i, item in enumerate(r.sequence(pairs["sections"][1], "sections") or (), 1):
            name = f"sections.{i}"
            sp = r.mapping(item, name, SECTION_KEYS)
            if sp is None:
                continue
            if "id" not in sp:
                r.error(item, f"{name}.id: required", "missing")
                continue
            sid = r.ident(sp["id"][1], f"{name}.id")
            if sid is None:
                continue
            if sid in seen:
                r.error(sp["id"][1], f"{name}.id: duplicate section id {sid!r} "
                        f"(also at line {seen[sid]})", "duplicate-id")
                continue
            seen[sid] = sp["id"][1].start_mark.line + 1
            stitle = None
            if "title" in sp:
                stitle = r.text(sp["title"][1], f"{name}.title", f"page:{ident}:{sid}|title",
                                sp["title"][0])
            else:
                r.error(item, f"{name}.title: required", "missing")
            stext = None
            if "text" in sp:
                stext = r.text(sp["text"][1], f"{name}.text", f"page:{ident}:{sid}|text",
                               sp["text"][0])
            tables: list[str] = []
            if "tables" in sp:
                for t in r.sequence(sp["tables"][1], f"{name}.tables") or ():
                    value = r.choice(t, f"{name}.tables", TABLES)
                    if value is not None:
                        tables.append(value)
            if stitle is not None:
                sections.append(Section(id=sid, title=stitle, text=stext,
                                        tables=tuple(tables)))  # type: ignore[arg-type]
    if r.diags or title is None:
        return None
    return Page(id=ident, path=r.path, title=title, intro=intro, order=order,
                sections=tuple(sections), keys=r.keys)


# --------------------------------------------------------------------------- project


def find_files(path: Path) -> list[Path]:
    """``path`` itself if it is a file, else every ``.yaml``/``.yml`` below it, sorted."""
    if path.is_file():
        return [path]
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")) and not name.startswith("."):
                found.append(Path(dirpath, name))
    return found


def load_project(root: Path, paths: Sequence[Path] | None = None) -> Project:
    """Read the files under ``paths`` (default: ``root/scenarios``) and check the project.

    Page files under ``root/scenarios`` are always read, so that a scenario checked on
    its own still has its ``page`` and ``section`` resolved; their problems are only
    reported when they are among the files checked.
    """
    targets = list(paths) if paths is not None else [Path(root) / "scenarios"]
    files: list[Path] = []
    for target in targets:
        files.extend(find_files(Path(target)))
    pages: list[Page] = []
    scenarios: list[AnyScenario] = []
    diags: list[Diagnostic] = []
    failed: list[str] = []
    shown_files: list[str] = []
    checked_pages: set[str] = set()
    for f in files:
        shown = display_path(f)
        value, found = load_file(f, shown=shown)
        diags.extend(found)
        if f.name == PAGE_FILE:
            checked_pages.add(os.path.realpath(f))
            if isinstance(value, Page):
                pages.append(value)
            continue
        shown_files.append(shown)
        if value is None:
            failed.append(shown)
        else:
            scenarios.append(value)  # type: ignore[arg-type]
    known_pages = list(pages)
    site_root = Path(root) / "scenarios"
    if paths is not None and site_root.is_dir() and any(s.page for s in scenarios):
        for f in site_root.rglob(PAGE_FILE):
            if os.path.realpath(f) in checked_pages:
                continue
            value, _ = load_file(f)
            if isinstance(value, Page):
                known_pages.append(value)

    page_by_id: dict[str, Page] = {}
    for page in pages:
        if page.id in page_by_id:
            other = page_by_id[page.id]
            diags.append(Diagnostic(page.keys.get("id", Location(page.path, 1, 1)),
                                    f"duplicate page id {page.id!r} (also {other.path})",
                                    "duplicate-id"))
        else:
            page_by_id[page.id] = page
    for page in known_pages:
        page_by_id.setdefault(page.id, page)

    by_id: dict[str, AnyScenario] = {}
    bad_ids: set[int] = set()
    for s in scenarios:
        first = by_id.get(s.id)
        if first is not None:
            diags.append(Diagnostic(s.where("id"), f"duplicate id {s.id!r} (also in "
                                    f"{first.where('id')})", "duplicate-id"))
            bad_ids.add(id(s))
        else:
            by_id[s.id] = s
        if s.page is not None:
            home = page_by_id.get(s.page)
            if home is None:
                diags.append(Diagnostic(s.where("page"), f"page: unknown page {s.page!r}"
                                        f"{_hint(s.page, page_by_id)}", "unknown-page"))
                bad_ids.add(id(s))
            elif s.section is not None and s.section not in {x.id for x in home.sections}:
                names = [x.id for x in home.sections]
                diags.append(Diagnostic(s.where("section"),
                                        f"section: unknown section {s.section!r} in page "
                                        f"{s.page!r}{_hint(s.section, names)}",
                                        "unknown-section"))
                bad_ids.add(id(s))
    if bad_ids:
        failed.extend(s.path for s in scenarios if id(s) in bad_ids)
        scenarios = [s for s in scenarios if id(s) not in bad_ids]
    scenarios.sort(key=lambda s: (s.page or "", s.section or "", s.order, s.id))
    pages.sort(key=lambda p: (p.order, p.id))
    diags.sort(key=sort_key)
    return Project(pages=tuple(pages), scenarios=tuple(scenarios), diagnostics=tuple(diags),
                   failed_paths=tuple(failed), files=tuple(shown_files))
