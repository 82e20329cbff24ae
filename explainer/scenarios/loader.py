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

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from explainer.engine import (
    BiddingError,
    Contract,
    EngineError,
    IllegalPlayError,
    InvalidDealError,
    RuleSet,
    Seat,
    Trump,
    card_str,
    check_play,
    deal_cards,
    find_rules,
    legal_cards,
    parse_bid,
    play_deal,
    run_bidding,
    score_trick,
)

from .diagnostics import Code, Diagnostic, KeyPath, dotted, sort_key
from .expect import read_expect
from .keys import (
    COMMON_KEYS,
    CONTRACT_KEYS,
    EXPECT_KEYS,
    HAND_KEYS,
    ID_PATTERN,
    KIND_KEYS,
    PAGE_FILE,
    RULES_KEYS,
    STATUSES,
)
from .model import (
    KINDS,
    AnyScenario,
    BiddingScenario,
    DealingScenario,
    DealScenario,
    Location,
    Page,
    PlayOutcome,
    PlayScenario,
)
from .pages import read_page
from .reader import Reader, did_you_mean, display_path, one_of, what_is
from .yamlsource import MappingNode, Node, ScalarNode, SourceError, compose

__all__ = [
    "Project",
    "display_path",
    "find_files",
    "load_file",
    "load_project",
    "load_text",
    "missing_scenarios",
]


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


# --------------------------------------------------------------------------- scenarios


def load_text(text: str, path: str) -> tuple[AnyScenario | Page | None, list[Diagnostic]]:
    """Read one file's text: a page when the file is named ``page.yaml``, else a scenario."""
    r = Reader(path)
    try:
        root = compose(text)
    except SourceError as exc:
        return None, [Diagnostic(Location(path, exc.line, exc.column), exc.message, exc.code)]
    name = os.path.basename(path)
    if root is None or (
        isinstance(root, ScalarNode) and root.value == "" and root.style in (None, "")
    ):
        what = "page" if name == PAGE_FILE else "scenario"
        r.error(None, f"empty file: expected a {what} mapping", Code.EMPTY)
        return None, r.diags
    if name == PAGE_FILE:
        page = read_page(r, root, os.path.basename(os.path.dirname(path)) or "page")
        return (page if not r.diags else None), r.diags
    stem = name.rsplit(".", 1)[0]
    scenario = _scenario(r, root, stem)
    return (scenario if not r.diags else None), r.diags


def _not_utf8(shown: str, data: bytes, start: int) -> Diagnostic:
    """The first byte that is not UTF-8, at its line and column (``start`` is its offset:
    everything before it decodes), with the fix: editors save Latin-1 or Windows-1252
    when told nothing."""
    before = data[:start].decode("utf-8")
    line = before.count("\n") + 1
    column = len(before.rpartition("\n")[2].removeprefix("\ufeff")) + 1
    return Diagnostic(
        Location(shown, line, column),
        f"not UTF-8 text (byte 0x{data[start]:02X}); re-save the file as UTF-8",
        Code.ENCODING,
    )


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
        return None, [
            Diagnostic(Location(shown, 1, 1), f"cannot read file: {exc.strerror or exc}", Code.IO)
        ]
    from .yamlsource import MAX_BYTES

    if len(data) > MAX_BYTES:
        return None, [
            Diagnostic(
                Location(shown, 1, 1),
                f"file too large (more than {MAX_BYTES} bytes)",
                Code.TOO_LARGE,
            )
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [_not_utf8(shown, data, exc.start)]
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return load_text(text, shown)
    except Exception as exc:  # noqa: BLE001 - never a traceback for the user
        return None, [
            Diagnostic(
                Location(shown, 1, 1), f"internal error: {type(exc).__name__}: {exc}", Code.INTERNAL
            )
        ]


_MAX_READ: Final = 1_000_001


def _scenario(r: Reader, root: Node, stem: str) -> AnyScenario | None:
    pairs = r.mapping(root, (), None, what="a scenario mapping")
    if pairs is None:
        return None
    kind = "play"
    if "kind" in pairs:
        kind = r.choice(pairs["kind"][1], ("kind",), KINDS) or ""
        if not kind:
            return None
    allowed = COMMON_KEYS + KIND_KEYS[kind]
    for key in list(pairs):
        if key not in allowed:
            knode = pairs.pop(key)[0]
            hint = did_you_mean(key, allowed)
            if not hint and key in _ALL_KIND_KEYS:
                hint = f" (not a key of kind: {kind})"
            r.error(knode, f"unknown key {key!r}{hint}", Code.UNKNOWN_KEY)

    def get(key: str) -> Node | None:
        pair = pairs.get(key)
        return pair[1] if pair else None

    ident = stem
    if (n := get("id")) is not None:
        ident = r.ident(n, ("id",)) or stem
    elif not ID_PATTERN.match(stem):
        r.error(
            None,
            f"id: the file name {stem!r} is not a valid id; add an 'id:' (a-z, 0-9 and -)",
            Code.BAD_ID,
        )
    common: dict[str, Any] = {"id": ident, "kind": kind, "path": r.path}
    if (n := get("title")) is not None:
        common["title"] = r.text(n, ("title",), f"{ident}|title", pairs["title"][0])
    if (n := get("text")) is not None:
        common["text"] = r.text(n, ("text",), f"{ident}|text", pairs["text"][0])
    if (n := get("page")) is not None:
        common["page"] = r.ident(n, ("page",))
    if (n := get("section")) is not None:
        common["section"] = r.ident(n, ("section",))
        if "page" not in pairs:
            r.error(pairs["section"][0], "section: needs a page", Code.MISSING)
    if (n := get("order")) is not None:
        common["order"] = r.integer(n, ("order",)) or 0
    if (n := get("status")) is not None:
        common["status"] = r.choice(n, ("status",), STATUSES) or "checked"
    if (n := get("reason")) is not None:
        common["reason"] = r.text(n, ("reason",), f"{ident}|reason", pairs["reason"][0])
        if common.get("status") != "disputed":
            r.error(pairs["reason"][0], "reason: only with status: disputed", Code.MISSING)
    elif common.get("status") == "disputed":
        r.error(pairs["status"][0], "status: disputed needs a reason", Code.MISSING)
    builder = _BUILDERS[kind]
    result = builder(r, pairs, common)
    return result


_ALL_KIND_KEYS: Final = frozenset(k for keys in KIND_KEYS.values() for k in keys)


def _require(r: Reader, pairs: dict[str, tuple[Node, Node]], key: str, why: str) -> Node | None:
    pair = pairs.get(key)
    if pair is None:
        r.error(None, f"{key}: required {why}", Code.MISSING)
        return None
    return pair[1]


def _contract(r: Reader, node: Node, *, need_taker: bool) -> tuple[Contract, RuleSet] | None:
    pairs = r.mapping(node, ("contract",), CONTRACT_KEYS)
    if pairs is None:
        return None
    ok = True
    game = "belote"
    if "game" in pairs:
        game = r.choice(pairs["game"][1], ("contract", "game"), ("belote", "coinche")) or ""
        ok = bool(game)
    trump: Trump | None = None
    if "trump" in pairs:
        vnode = pairs["trump"][1]
        text = r.string(vnode, ("contract", "trump"), what="a trump")
        if text is not None:
            try:
                trump = Trump.parse(text)
            except EngineError as exc:
                r.error(vnode, str(exc), Code.BAD_TRUMP)
    else:
        r.error(r.keys.where(("contract",)), "contract.trump: required", Code.MISSING)
    taker: Seat | None = None
    if "taker" in pairs:
        taker = r.seat(pairs["taker"][1], ("contract", "taker"))
        ok = ok and taker is not None
    elif need_taker:
        r.error(
            r.keys.where(("contract",)), "contract.taker: required for kind: deal", Code.MISSING
        )
        ok = False
    rules = _rules(r, pairs["rules"][1]) if "rules" in pairs else find_rules("house")
    if not ok or trump is None or rules is None:
        return None
    return Contract(trump, game, taker), rules


def _rules(r: Reader, node: Node) -> RuleSet | None:
    preset_node = node
    knobs: dict[str, tuple[str, Node]] = {}
    if isinstance(node, MappingNode):
        pairs = r.mapping(node, ("contract", "rules"), RULES_KEYS)
        if pairs is None:
            return None
        preset = "house"
        if "preset" in pairs:
            preset_node = pairs["preset"][1]
            text = r.string(preset_node, ("contract", "rules", "preset"))
            if text is None:
                return None
            preset = text
        for key in RULES_KEYS[1:]:
            if key in pairs:
                value = r.string(pairs[key][1], ("contract", "rules", key))
                if value is None:
                    return None
                knobs[key] = (value, pairs[key][1])
    else:
        text = r.string(node, ("contract", "rules"), what="a preset or a mapping")
        if text is None:
            return None
        preset = text
    try:
        rules = find_rules(preset)
    except EngineError as exc:
        from explainer.engine import PRESETS

        r.error(
            preset_node,
            f"{exc}{did_you_mean(preset, PRESETS)} (expected {one_of(list(PRESETS))})",
            Code.BAD_RULES,
        )
        return None
    for key, (value, vnode) in knobs.items():
        try:
            rules = rules.with_knobs(**{key: value})
        except EngineError as exc:
            r.error(vnode, str(exc), Code.BAD_RULES)
            return None
    return rules


def _play_scenario(
    r: Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> PlayScenario | None:
    node = _require(r, pairs, "contract", "for kind: play")
    contract = _contract(r, node, need_taker=False) if node is not None else None
    trick: list[tuple[Seat, int, Node]] = []
    if "trick" in pairs:
        trick = r.plays(pairs["trick"][1], ("trick",)) or []
    bad = bool(r.diags)
    seen: dict[int, Node] = {}
    for i, (seat, c, cnode) in enumerate(trick, 1):
        if c in seen:
            r.error(
                cnode,
                f"duplicate card: {card_str(c)} is played twice in the trick",
                Code.DUPLICATE_CARD,
            )
            bad = True
        seen[c] = cnode
        if i > 1 and seat != trick[i - 2][0].next:
            expected = trick[i - 2][0].next
            r.error(
                r.keys.where(("trick", i)),
                f"play out of turn: {seat.name} plays after {trick[i - 2][0].name}, "
                f"expected {expected.name}",
                Code.OUT_OF_TURN,
            )
            bad = True
    has_hand = "hand" in pairs
    limit = 3 if has_hand else 4
    if len(trick) > limit:
        r.error(
            r.keys.where(("trick", limit + 1)),
            f"too many plays: a trick holds {limit} plays "
            + ("before the hand to move" if has_hand else "at most"),
            Code.TOO_MANY,
        )
        bad = True
    hand_seat: Seat | None = None
    hand: list[tuple[int, Node]] = []
    if has_hand:
        hp = r.mapping(pairs["hand"][1], ("hand",), HAND_KEYS)
        if hp is not None:
            if "seat" in hp:
                hand_seat = r.seat(hp["seat"][1], ("hand", "seat"))
            else:
                r.error(r.keys.where(("hand",)), "hand.seat: required", Code.MISSING)
            if "cards" in hp:
                hand = r.cards(hp["cards"][1], ("hand", "cards")) or []
            else:
                r.error(r.keys.where(("hand",)), "hand.cards: required", Code.MISSING)
        if hand_seat is not None and trick and not bad and len(trick) <= 3:
            expected = trick[-1][0].next
            if hand_seat != expected:
                r.error(
                    hp["seat"][1] if hp else r.keys.where(("hand",)),  # type: ignore[index]
                    f"play out of turn: hand.seat is {hand_seat.name}, but after "
                    f"{trick[-1][0].name} it is {expected.name}'s turn",
                    Code.OUT_OF_TURN,
                )
        if len(hand) > 8:
            r.error(
                r.keys.where(("hand", "cards")),
                f"hand.cards: {len(hand)} cards, at most 8",
                Code.TOO_MANY,
            )
        for c, cnode in hand:
            if c in seen:
                r.error(
                    cnode,
                    f"duplicate card: {card_str(c)} is both in the trick and in the hand",
                    Code.DUPLICATE_CARD,
                )
        if hand_seat is not None and not trick:
            pass
    elif not bad and len(trick) < 4:
        where = r.keys.where(("trick",))
        r.error(
            where,
            f"trick: without a hand, the trick must hold all four plays (got {len(trick)})",
            Code.MISSING,
        )
    play: int | None = None
    if "play" in pairs:
        vnode = pairs["play"][1]
        play = r.card(vnode, ("play",))
        if not has_hand:
            r.error(r.keys.where(("play",)), "play: needs a hand to play from", Code.MISSING)
        elif play is not None and hand and not r.diags:
            if play not in {c for c, _ in hand}:
                r.error(
                    vnode, f"illegal play: {card_str(play)} is not in the hand", Code.NOT_IN_HAND
                )
            elif contract is not None:
                try:
                    check_play(
                        play,
                        [c for c, _ in hand],
                        [c for _, c, _ in trick],
                        contract[0].trump,
                        contract[1],
                    )
                except IllegalPlayError as exc:
                    r.error(vnode, str(exc), Code.ILLEGAL_PLAY)
    kind_keys = EXPECT_KEYS["play"]
    expect = read_expect(r, pairs, "play", kind_keys)
    four = len(trick) + (1 if play is not None else 0) == 4
    for key in ("legal", "rule"):
        if key in expect and not has_hand:
            r.error(r.keys.where(("expect", key)), f"expect.{key}: needs a hand", Code.MISSING)
    for key in ("winner", "points"):
        if key in expect and not four:
            r.error(
                r.keys.where(("expect", key)),
                f"expect.{key}: needs a finished trick (four plays: trick and play)",
                Code.MISSING,
            )
    if r.diags or contract is None:
        return None
    trump, rules = contract[0].trump, contract[1]
    cards = [c for _, c, _ in trick]
    ruling = (
        legal_cards([c for c, _ in hand], cards, trump, rules) if hand_seat is not None else None
    )
    finished = cards + ([play] if play is not None else [])
    result = score_trick(finished, trump, trick[0][0]) if len(finished) == 4 else None
    return PlayScenario(
        **common,
        expect=expect,
        keys=r.keys,
        contract=contract[0],
        rules=rules,
        trick=tuple((s, c) for s, c, _ in trick),
        hand_seat=hand_seat,
        hand=tuple(c for c, _ in hand),
        play=play,
        outcome=PlayOutcome(ruling, result),
    )


def _deal_scenario(
    r: Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> DealScenario | None:
    node = _require(r, pairs, "contract", "for kind: deal")
    contract = _contract(r, node, need_taker=True) if node is not None else None
    dealer = r.seat(pairs["dealer"][1], ("dealer",)) if "dealer" in pairs else None
    tricks: list[list[tuple[Seat, int, Node]]] = []
    node = _require(r, pairs, "tricks", "for kind: deal")
    if node is not None:
        items = r.sequence(node, ("tricks",), what="a list of tricks")
        for i, item in enumerate(items or (), 1):
            plays = r.plays(item, ("tricks", i))
            tricks.append(plays or [])
    expect = read_expect(r, pairs, "deal", EXPECT_KEYS["deal"])
    if r.diags or contract is None:
        return None
    plays_only = [[(s, c) for s, c, _ in t] for t in tricks]
    try:
        outcome = play_deal(contract[0], plays_only, contract[1], dealer=dealer)
    except (InvalidDealError, IllegalPlayError) as exc:
        key: KeyPath = ("tricks",)
        if exc.trick_index is not None:
            key = (*key, exc.trick_index + 1)
            if exc.play_index is not None:
                key = (*key, exc.play_index + 1)
        code = Code.ILLEGAL_PLAY if isinstance(exc, IllegalPlayError) else Code.BAD_DEAL
        r.error(r.keys.where(key), str(exc), code)
        return None
    except EngineError as exc:
        r.error(r.keys.where(("tricks",)), str(exc), Code.BAD_DEAL)
        return None
    return DealScenario(
        **common,
        expect=expect,
        keys=r.keys,
        contract=contract[0],
        rules=contract[1],
        dealer=dealer,
        tricks=tuple(tuple(t) for t in plays_only),
        outcome=outcome,
    )


def _bidding_scenario(
    r: Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> BiddingScenario | None:
    dealer = turned = None
    if (node := _require(r, pairs, "dealer", "for kind: bidding")) is not None:
        dealer = r.seat(node, ("dealer",))
    if (node := _require(r, pairs, "turned", "for kind: bidding")) is not None:
        turned = r.card(node, ("turned",))
    bids: list[tuple[Seat, Any]] = []
    if (node := _require(r, pairs, "bids", "for kind: bidding")) is not None:
        for i, item in enumerate(r.sequence(node, ("bids",), what="a list of bids") or (), 1):
            at: KeyPath = ("bids", i)
            if not (isinstance(item, MappingNode) and len(item.value) == 1):
                r.error(
                    item,
                    f"{dotted(at)}: a bid is one 'SEAT: BID' pair, got {what_is(item)}",
                    Code.TYPE,
                )
                continue
            knode, vnode = item.value[0]
            seat = r.seat(knode, at)
            text = r.string(vnode, at, what="a bid")
            if seat is None or text is None:
                continue
            try:
                bids.append((seat, parse_bid(text)))
            except EngineError as exc:
                r.error(vnode, str(exc), Code.BAD_BID)
    expect = read_expect(r, pairs, "bidding", EXPECT_KEYS["bidding"])
    if r.diags or dealer is None or turned is None:
        return None
    try:
        outcome = run_bidding(dealer, turned, bids)
    except BiddingError as exc:
        where: KeyPath = ("bids", exc.bid_index + 1) if exc.bid_index is not None else ("bids",)
        r.error(r.keys.where(where), str(exc), Code.BAD_BID)
        return None
    return BiddingScenario(
        **common,
        expect=expect,
        keys=r.keys,
        dealer=dealer,
        turned=turned,
        bids=tuple(bids),
        outcome=outcome,
    )


def _dealing_scenario(
    r: Reader, pairs: dict[str, tuple[Node, Node]], common: dict[str, Any]
) -> DealingScenario | None:
    dealer = None
    if (node := _require(r, pairs, "dealer", "for kind: dealing")) is not None:
        dealer = r.seat(node, ("dealer",))
    deck: list[tuple[int, Node]] = []
    if (node := _require(r, pairs, "deck", "for kind: dealing")) is not None:
        deck = r.cards(node, ("deck",)) or []
        if deck and len(deck) != 32:
            r.error(
                r.keys.where(("deck",)),
                f"deck: a deck has 32 cards, got {len(deck)}",
                Code.BAD_DEAL,
            )
    taker = r.seat(pairs["taker"][1], ("taker",)) if "taker" in pairs else None
    expect = read_expect(r, pairs, "dealing", EXPECT_KEYS["dealing"])
    if r.diags or dealer is None:
        return None
    cards = tuple(c for c, _ in deck)
    try:
        outcome = deal_cards(cards, dealer, taker)
    except EngineError as exc:  # pragma: no cover - the checks above catch these
        r.error(r.keys.where(("deck",)), str(exc), Code.BAD_DEAL)
        return None
    return DealingScenario(
        **common,
        expect=expect,
        keys=r.keys,
        dealer=dealer,
        deck=cards,
        taker=taker,
        outcome=outcome,
    )


_BUILDERS: Final = {
    "play": _play_scenario,
    "deal": _deal_scenario,
    "bidding": _bidding_scenario,
    "dealing": _dealing_scenario,
}


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


def missing_scenarios(root: Path) -> str | None:
    """The line ``check`` and ``build`` print when ``root`` is not a project (it has no
    ``scenarios/`` folder: the command ran in the wrong folder), else ``None``."""
    folder = Path(root) / "scenarios"
    if folder.is_dir():
        return None
    return f"{folder}: no such folder (run in the project's folder, or use --root)"


def load_project(root: Path, paths: Sequence[Path] | None = None) -> Project:
    """Read the files under ``paths`` (default: ``root/scenarios``) and check the project.

    Page files under ``root/scenarios`` are always read, so that a scenario checked on
    its own still has its ``page`` and ``section`` resolved; their problems are only
    reported when they are among the files checked.
    """
    targets = list(paths) if paths is not None else [Path(root) / "scenarios"]
    files: list[Path] = []
    diags: list[Diagnostic] = []
    for target in targets:
        here = find_files(Path(target))
        if not here:  # an empty folder: say so, never a silent "0 passed"
            where = Location(display_path(target), 1, 1)
            diags.append(Diagnostic(where, "nothing to check: no .yaml files here", Code.NOTHING))
        files.extend(here)
    pages: list[Page] = []
    scenarios: list[AnyScenario] = []
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
            diags.append(
                Diagnostic(
                    page.where("id"),
                    f"duplicate page id {page.id!r} (also {other.path})",
                    Code.DUPLICATE_ID,
                )
            )
        else:
            page_by_id[page.id] = page
    for page in known_pages:
        page_by_id.setdefault(page.id, page)

    by_id: dict[str, AnyScenario] = {}
    bad_ids: set[int] = set()
    for s in scenarios:
        first = by_id.get(s.id)
        if first is not None:
            diags.append(
                Diagnostic(
                    s.where("id"),
                    f"duplicate id {s.id!r} (also in {first.where('id')})",
                    Code.DUPLICATE_ID,
                )
            )
            bad_ids.add(id(s))
        else:
            by_id[s.id] = s
        if s.page is not None:
            home = page_by_id.get(s.page)
            if home is None:
                diags.append(
                    Diagnostic(
                        s.where("page"),
                        f"page: unknown page {s.page!r}{did_you_mean(s.page, page_by_id)}",
                        Code.UNKNOWN_PAGE,
                    )
                )
                bad_ids.add(id(s))
            elif s.section is not None and s.section not in {x.id for x in home.sections}:
                names = [x.id for x in home.sections]
                diags.append(
                    Diagnostic(
                        s.where("section"),
                        f"section: unknown section {s.section!r} in page "
                        f"{s.page!r}{did_you_mean(s.section, names)}",
                        Code.UNKNOWN_SECTION,
                    )
                )
                bad_ids.add(id(s))
    if bad_ids:
        failed.extend(s.path for s in scenarios if id(s) in bad_ids)
        scenarios = [s for s in scenarios if id(s) not in bad_ids]
    scenarios.sort(key=lambda s: (s.page or "", s.section or "", s.order, s.id))
    pages.sort(key=lambda p: (p.order, p.id))
    diags.sort(key=sort_key)
    return Project(
        pages=tuple(pages),
        scenarios=tuple(scenarios),
        diagnostics=tuple(diags),
        failed_paths=tuple(failed),
        files=tuple(shown_files),
    )
