"""The Your position page answers as the engine does, in Chromium, from ``file://``.

The page's script (``templates/static/position.js``) is the engine's logic written again in
JavaScript over data generated from the engine (``static/position-data.js``). These tests
call its functions in batches through ``page.evaluate`` and compare every answer with the
Python engine's:

- 100 000 seeded random positions under every rule set the page offers and under each
  value of each knob (the legal cards and the rule id), and the numbered law each ruling
  links to;
- 10 000 seeded random deals under every scoring rule set of both games: every preset,
  each with each knob at each of its values, and random mixtures (made, score, held);
- invalid positions: the page refuses each with exactly the messages ``explainer check``
  gives for the same position written as a scenario.

A knob value the script does not know makes it throw ("unsupported rule value"), and a
knob the engine has that the script reads nowhere fails
:func:`test_the_script_reads_every_knob_the_engine_has`: a new rule never passes silently.
Then a few real keystrokes show the wiring: the answer and the live region follow the
form, the address fragment keeps the position and a link reproduces it, and axe finds
nothing at 1280 and 320 px in light and dark. Skipped without Chromium, except on CI.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from explainer.engine import (
    BELOTE,
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    KNOB_KINDS,
    KNOBS,
    PLAY_KNOBS,
    PRESETS,
    STEP_KNOBS,
    BidKind,
    CoincheContract,
    CoincheRules,
    Contract,
    DealScore,
    IllegalPlayError,
    InvalidContractError,
    InvalidDealError,
    Level,
    Rule,
    RuleSet,
    Seat,
    Team,
    Trump,
    capot_value,
    card_str,
    deal_total,
    find_coinche_rules,
    make_ruler,
    multiplied,
    play_coinche_deal,
    play_deal,
    random_scored_deal,
    score_classic_declarations,
    score_coinche,
    score_deal,
    score_trick,
    trick_points,
)
from explainer.scenarios.diagnostics import Code
from explainer.scenarios.loader import load_project, load_text
from explainer.site.position import POSITION, position_rule_sets
from tests.browser import axe_script, axe_violations

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SEED = 29
POSITIONS = 100_000
DEALS = 10_000
VARIANT_POSITIONS = 20_000
VARIANT_DEALS = 1_000
"""The positions and deals for a rule set the page does not offer (a preset with one knob
changed, or a mixture): they prove the script reads every value, the offered rule sets
get the full count."""
MIXTURES = 12
"""Rule sets with every scoring knob drawn at random, per game (knobs interact)."""
TRUMPS = tuple(Trump)


def call(page: Any, function: str, *args: Any) -> Any:
    """``function(*args)`` in the page, the arguments and the answer sent as JSON text:
    Playwright's own serialization takes seconds for a hundred thousand numbers."""
    script = f"a => JSON.stringify(({function})(...JSON.parse(a)))"
    return json.loads(page.evaluate(script, json.dumps(args)))


def keep(page: Any, name: str, value: Any) -> None:
    """Store ``value`` in the page as ``window[name]`` (sent once, used by many calls)."""
    page.evaluate(f"a => {{ window.{name} = JSON.parse(a); }}", json.dumps(value))


@pytest.fixture(scope="module")
def page(browser: Any, built_site: Path) -> Iterator[Any]:
    """The English page, opened from ``file://`` (no server: it must work offline)."""
    context = browser.new_context()
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None
    )
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto((built_site / "en" / POSITION / "index.html").as_uri())
    page.wait_for_function("() => window.ExplainerPosition !== undefined")
    yield page
    context.close()
    assert not problems, problems


# -- rule sets ----------------------------------------------------------------------------


def _variants(rules: RuleSet | CoincheRules, knobs: list[str], values: Any) -> Iterator[Any]:
    for knob in knobs:
        for value in values(knob):
            if value != rules.knobs[knob]:
                yield rules.with_knobs(**{knob: value})


def _unique(named: list[tuple[str, dict[str, str]]]) -> list[tuple[str, dict[str, str]]]:
    seen: set[str] = set()
    out = []
    for name, knobs in named:
        key = json.dumps(knobs, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append((name, knobs))
    return out


def play_rule_sets() -> list[tuple[str, dict[str, str]]]:
    """Every rule set the page offers (its play rules, named by its id), then the first
    with each knob at each of its values: whatever knobs and values the engine has today."""
    offered = position_rule_sets()
    out = [(rs.id, rs.play_knobs) for rs in offered]
    first = offered[0].play
    out += [
        (f"{offered[0].id}, {k}: {v.knobs[k]}", v.knobs)
        for k in KNOBS
        for v in _variants(first, [k], lambda k: KNOBS[k].values)
    ]
    return _unique(out)


def belote_rule_sets(rng: random.Random) -> list[tuple[str, RuleSet]]:
    """Every classic preset of the page, each with each knob at each value, and mixtures."""
    out: list[tuple[str, RuleSet]] = []
    for rs in position_rule_sets():
        if rs.game != "belote":
            continue
        out.append((rs.id, rs.play))  # its name: one of the page's, scored over every deal
        out += [
            (f"{rs.id} {v.knobs}", v)
            for v in _variants(rs.play, list(KNOBS), lambda k: KNOBS[k].values)
        ]
    for i in range(MIXTURES):
        mixed = {k: rng.choice(spec.values) for k, spec in KNOBS.items()}
        out.append((f"mixture {i}", out[0][1].with_knobs(**mixed)))
    seen: set[RuleSet] = set()
    return [(n, r) for n, r in out if not (r in seen or seen.add(r))]  # type: ignore[func-returns-value]


COMPARED_ONLY: frozenset[str] = STEP_KNOBS["declarations"] - {"declarations"}
"""Knobs that only decide which declarations score in a Coinche deal (``classic_declarations``
is classic Belote's): the calculator is given what each team scores after the comparison,
so they change nothing it computes."""


def coinche_scoring_knobs() -> list[str]:
    return sorted(STEP_KNOBS["deal"] - set(PLAY_KNOBS[:3]) - COMPARED_ONLY)


def coinche_rule_sets(rng: random.Random) -> list[tuple[str, CoincheRules]]:
    knobs = coinche_scoring_knobs()
    out: list[tuple[str, CoincheRules]] = []
    for name, rules in COINCHE_PRESETS.items():
        out.append((name, rules))
        out += [
            (f"{name} {k}: {v.knobs[k]}", v)
            for k in knobs
            for v in _variants(rules, [k], lambda k: COINCHE_KNOBS[k].values)
        ]
    for i in range(MIXTURES):
        mixed = {k: rng.choice(COINCHE_KNOBS[k].values) for k in knobs}
        out.append((f"mixture {i}", find_coinche_rules(**mixed)))
    seen: set[CoincheRules] = set()
    return [(n, r) for n, r in out if not (r in seen or seen.add(r))]  # type: ignore[func-returns-value]


def test_the_script_reads_every_knob_the_engine_has(page: Any) -> None:
    """A knob the engine adds is read somewhere in the script, or this fails."""
    api = page.evaluate(
        "({ok: ExplainerPosition.ok, play: ExplainerPosition.playKnobs,"
        " belote: ExplainerPosition.beloteKnobs, coinche: ExplainerPosition.coincheKnobs})"
    )
    assert api["ok"], "the engine's rule ids are not the ones the script returns"
    of_a_deal = {k for k in KNOBS if KNOB_KINDS[k] & {"play", "deal"}}  # not bidding, match
    assert set(api["play"]) | set(api["belote"]) == of_a_deal
    assert set(api["play"]) | set(api["coinche"]) | COMPARED_ONLY >= STEP_KNOBS["deal"]
    assert set(api["coinche"]) <= set(COINCHE_KNOBS)


# -- positions ----------------------------------------------------------------------------


def random_positions(rng: random.Random, count: int) -> list[list[int]]:
    """``[trump, hand mask, trick card...]``: a trick of 0-3 cards and a hand of 1-8 others."""
    out = []
    for _ in range(count):
        played = rng.randrange(4)
        cards = rng.sample(range(32), played + rng.randrange(1, 9))
        hand = 0
        for c in cards[played:]:
            hand |= 1 << c
        out.append([rng.randrange(6), hand, *cards[:played]])
    return out


@pytest.fixture(scope="module")
def positions(page: Any) -> list[list[int]]:
    ps = random_positions(random.Random(SEED), POSITIONS)
    keep(page, "__positions", ps)
    return ps


def test_the_page_rules_every_position_as_the_engine_does(
    page: Any, positions: list[list[int]]
) -> None:
    rule_sets = play_rule_sets()
    offered = {rs.id for rs in position_rule_sets()}
    rules = [r.value for r in Rule]
    assert len(rule_sets) > len(offered)
    for name, knobs in rule_sets:
        count = POSITIONS if name in offered else VARIANT_POSITIONS
        got = call(
            page,
            "(k, n) => ExplainerPosition.ruleMany(k, window.__positions.slice(0, n))",
            knobs,
            count,
        )
        rulers = [make_ruler(t, PRESETS["house"].with_knobs(**knobs)) for t in TRUMPS]
        differences = []
        for i, (trump, hand, *trick) in enumerate(positions[:count]):
            legal, rule = rulers[trump](hand, tuple(trick))
            if (got[2 * i], rules[got[2 * i + 1]]) != (legal, rule.value):
                differences.append((trump, hand, trick, got[2 * i : 2 * i + 2], legal, rule.value))
        assert not differences, (name, len(differences), differences[:3])


def test_each_ruling_links_to_the_law_its_page_would(page: Any, positions: list[list[int]]) -> None:
    """The first law (page order) stating the deciding rule that covers the position."""
    data = page.evaluate("window.EXPLAINER_ENGINE.laws")
    laws = {s.id: s.law for s in load_project(ROOT).scenarios if s.kind == "law"}
    assert data and all(entry["id"] in laws for entry in data)
    sample = positions[:20_000]
    rulers = [make_ruler(t, PRESETS["house"]) for t in TRUMPS]
    asked = []
    expected = []
    for trump, hand, *trick in sample:
        rule = rulers[trump](hand, tuple(trick))[1].value
        asked.append([trump, rule, hand, *trick])
        found = None
        for entry in data:
            if entry["rule"] == rule and laws[entry["id"]].covers(Trump(trump), trick, hand):
                found = entry["id"]
                break
        expected.append(found)
    got = call(page, "ps => ExplainerPosition.lawMany(ps)", asked)
    differences = [(a, g, e) for a, g, e in zip(asked, got, expected, strict=True) if g != e]
    assert not differences, differences[:3]
    assert sum(e is not None for e in expected) > len(sample) // 2


def test_a_finished_trick_has_the_engines_winner_and_points(page: Any) -> None:
    rng = random.Random(SEED + 1)
    tricks = [[rng.randrange(6), rng.randrange(4), *rng.sample(range(32), 4)] for _ in range(5000)]
    for rs in position_rule_sets():
        got = call(page, "ExplainerPosition.trickMany", rs.play_knobs, tricks)
        for (trump, leader, *cards), answer in zip(tricks, got, strict=True):
            r = score_trick(cards, Trump(trump), Seat(leader), rs.play)
            assert answer == [r.winner, *r.card_points], (rs.id, trump, leader, cards)


# -- deals --------------------------------------------------------------------------------


def _belote_suits(trump: int) -> list[int]:
    return [trump] if trump < 4 else [0, 1, 2, 3] if trump == Trump.ALL else []


def _synthetic(rng: random.Random) -> dict[str, Any]:
    """A deal's facts, edges often: ties, capots, belotes, declarations."""
    trump = rng.randrange(6)
    taker = rng.randrange(4)
    total = rng.choice((152, 248)) if trump == Trump.ALL else 152
    capot = rng.choice((-1, -1, -1, -1, 0, 1))
    belotes = [t for _ in _belote_suits(trump) for t in [rng.choice((-1, -1, 0, 1))] if t >= 0]
    last = capot if capot >= 0 else rng.randrange(2)
    if capot >= 0:
        points = [total, 0] if capot == 0 else [0, total]
    elif rng.random() < 0.3:  # near a tie, counted with the last trick and the belotes
        bonus = [sum(BELOTE for t in belotes if t == team) for team in (0, 1)]
        ns = (total + 10 * (1 - 2 * (last == 0)) + bonus[1] - bonus[0]) // 2 + rng.choice(
            (-1, 0, 0, 1)
        )
        points = [min(max(ns, 0), total), total - min(max(ns, 0), total)]
    else:
        ns = rng.randrange(total + 1)
        points = [ns, total - ns]
    return _facts(trump, taker, points, last, capot, belotes, rng)


def _facts(trump: int, taker: int, points: list[int], last: int, capot: int, belotes: list[int],
           rng: random.Random) -> dict[str, Any]:  # fmt: skip
    decl = [0, 0]
    if rng.random() < 0.4:
        decl[rng.randrange(2)] = rng.choice((20, 50, 100, 150, 200))
    return {
        "trump": trump,
        "taker": taker,
        "cardPoints": points,
        "last": last,
        "capot": capot,
        "solo": capot == taker & 1 and rng.random() < 0.5,
        "belotes": belotes,
        "declarations": decl,
        "bid": rng.choice([*range(80, 190, 10), "capot", "generale"]),
        "level": rng.choice((0, 0, 1, 2)),
    }


def _played(rng: random.Random) -> dict[str, Any]:
    """A deal's facts from a random legal deal played by the engine."""
    trump = Trump(rng.randrange(6))
    d = random_scored_deal(rng, trump, taker=Seat(rng.randrange(4)))
    capot = -1 if d.capot is None else int(d.capot)
    belotes = [s & 1 for s in d.belotes]
    return _facts(
        int(trump), int(d.taker), list(d.card_points), d.winners[-1] & 1, capot, belotes, rng
    )


def random_deals(rng: random.Random, count: int) -> list[dict[str, Any]]:
    return [(_played if i % 2 else _synthetic)(rng) for i in range(count)]


@pytest.fixture(scope="module")
def deals(page: Any) -> list[dict[str, Any]]:
    ds = random_deals(random.Random(SEED + 2), DEALS)
    keep(page, "__deals", ds)
    return ds


def engine_belote(rules: RuleSet, d: dict[str, Any]) -> list[Any]:
    """The engine's score of a classic deal from its facts, as ``play_deal`` and
    ``declare_classic`` score it: a coinche refused under ``classic_coinche: off``, no
    belote under ``belote_bonus: off``, :func:`score_deal`; with declarations a tie of the
    totals held over under ``tie: litige``, else :func:`score_classic_declarations`, then
    the coinche's :func:`multiplied`."""
    multiplier = (1, 2, 4)[d["level"]]
    if multiplier != 1 and rules.classic_coinche == "off":
        return ["coinche-off"]
    capot, last = d["capot"], d["last"]
    winners = [Seat(capot)] * 8 if capot >= 0 else [Seat(last ^ 1)] * 7 + [Seat(last)]
    belotes = [] if rules.belote_bonus == "off" else [Seat(team) for team in d["belotes"]]
    taker = Seat(d["taker"])
    s = score_deal(tuple(d["cardPoints"]), winners, belotes, taker, rules,
                   trump=Trump(d["trump"]), multiplier=multiplier)  # fmt: skip
    decl = tuple(d["declarations"])
    if decl == (0, 0):
        return [int(s.made), *s.score, s.held]
    if rules.classic_declarations == "off":
        return ["declarations-off"]
    t = taker.team
    total = (s.points[0] + decl[0], s.points[1] + decl[1])
    if rules.tie == "litige" and total[0] == total[1]:
        return [0, *((0, total[1]) if t == 0 else (total[0], 0)), total[t]]
    made, score = score_classic_declarations(
        s.points,
        decl,
        taker=taker,
        capot=s.capot,
        belotes=belotes,
        tie="made" if rules.tie == "made" else "failed",
        belote_rule=rules.belote,
        capot_count=capot_value(rules, Trump(d["trump"]), defenders=True),
        deal_points=deal_total(rules, Trump(d["trump"])),
    )
    coinched = multiplied(DealScore(s.points, s.capot, made, score, 0), taker, multiplier)
    return [int(made), *coinched.score, 0]


def engine_coinche(rules: CoincheRules, d: dict[str, Any]) -> list[Any]:
    """The engine's score of a Coinche deal from its facts, as ``play_coinche_deal``
    scores it: :func:`trick_points`, then :func:`score_coinche`."""
    trump = Trump(d["trump"])
    bid = d["bid"] if isinstance(d["bid"], int) else BidKind(d["bid"])
    contract = CoincheContract(Seat(d["taker"]), trump, bid, Level(d["level"]))
    capot = Team(d["capot"]) if d["capot"] >= 0 else None
    decl = tuple(d["declarations"])
    if any(decl) and not rules.declarations:
        return ["declarations-off"]
    belote = [0, 0]
    for team in d["belotes"]:
        belote[team] += BELOTE
    p = trick_points(tuple(d["cardPoints"]), Team(d["last"]), capot, trump=trump, rules=rules)
    try:
        s = score_coinche(contract, trick_points=p, belote=(belote[0], belote[1]),
                          declarations=decl, capot=capot, solo=d["solo"], rules=rules)  # fmt: skip
    except InvalidContractError:
        return ["surcoinche-off"]
    return [int(s.made), *s.score, sum(s.held)]


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_the_page_scores_every_deal_as_the_engine_does(
    page: Any, deals: list[dict[str, Any]], game: str
) -> None:
    rng = random.Random(SEED + 3)
    rule_sets: list[tuple[str, Any]]
    rule_sets = belote_rule_sets(rng) if game == "belote" else coinche_rule_sets(rng)
    score = engine_belote if game == "belote" else engine_coinche
    assert len(rule_sets) > 20
    offered = {rs.id for rs in position_rule_sets() if rs.game == game}
    outcomes: set[Any] = set()
    for name, rules in rule_sets:
        count = DEALS if name in offered else VARIANT_DEALS
        got = call(page, "(g, k, n) => ExplainerPosition.scoreMany(g, k, window.__deals.slice(0, n))",
                   game, rules.knobs, count)  # fmt: skip
        differences = []
        for d, answer in zip(deals[:count], got, strict=True):
            expected = score(rules, d)
            outcomes.add(expected[0] if len(expected) == 1 else (expected[0], expected[3] > 0))
            if answer != expected:
                differences.append((d, answer, expected))
        assert not differences, (name, len(differences), differences[:2])
    # made, failed, held over (litige), and each refusal all occurred
    assert {(1, False), (0, False), (0, True), "declarations-off"} <= outcomes
    assert ("surcoinche-off" if game == "coinche" else "coinche-off") in outcomes


def test_an_unknown_knob_value_is_refused_not_guessed(page: Any) -> None:
    knobs = dict(PRESETS["house"].knobs, undertrump="sometimes")
    message = page.evaluate(
        "k => { try { ExplainerPosition.ruleMany(k, [[1, 3]]); return ''; }"
        " catch (e) { return e.message; } }",
        knobs,
    )
    assert message == "unsupported rule value: undertrump: sometimes"


# -- invalid positions --------------------------------------------------------------------

POSITION_CODES = frozenset(
    {
        Code.TYPE,
        Code.BAD_CARD,
        Code.BAD_SEAT,
        Code.DUPLICATE_CARD,
        Code.OUT_OF_TURN,
        Code.TOO_MANY,
        Code.MISSING,
        Code.NOT_IN_HAND,
        Code.ILLEGAL_PLAY,
    }
)
"""The codes of the check's messages about a position's trick, hand and play."""


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def scenario(trump: int, trick: list[str], seat: int, hand: list[str], play: str) -> str:
    """The position as a ``kind: play`` scenario, each token as typed (quoted)."""
    lines = [f"contract: {{game: belote, rules: house, trump: {Trump(trump).word}}}"]
    if trick:
        lines.append("trick:")
        for token in trick:
            parts = token.split(":")
            pair = f"{{{_quoted(parts[0])}: {_quoted(parts[1])}}}" if len(parts) == 2 else None
            lines.append(f"  - {pair or _quoted(token)}")
    if hand:
        lines += [
            "hand:",
            f"  seat: {Seat(seat).name}",
            f"  cards: [{', '.join(map(_quoted, hand))}]",
        ]
    if play:
        lines.append(f"play: {_quoted(play)}")
    return "\n".join(lines) + "\n"


def check_messages(text: str) -> list[str]:
    """What ``explainer check`` says of the position's trick, hand and play; a card twice
    in a hand is located by its YAML line, which the page has not (the rest is the same)."""
    _, diags = load_text(text, "position.yaml")
    found = [d.message for d in diags if d.code in POSITION_CODES]
    return sorted(re.sub(r" \(also at line \d+\)$", "", m) for m in found)


def _tokens(rng: random.Random) -> tuple[int, list[str], int, list[str], str]:
    """A valid position as typed: trick plays in turn, the seat to move, its hand."""
    played = rng.randrange(4)
    cards = rng.sample(range(32), played + rng.randrange(1, 9))
    names = [f"{'7 8 9 10 J Q K A'.split()[c & 7]}{'SHDC'[c >> 3]}" for c in cards]
    leader = rng.randrange(4)
    trick = [f"{Seat((leader + i) & 3).name}:{names[i]}" for i in range(played)]
    return rng.randrange(6), trick, (leader + played) & 3, names[played:], ""


def _corrupted(rng: random.Random) -> tuple[int, list[str], int, list[str], str]:
    trump, trick, seat, hand, play = _tokens(rng)
    kind = rng.randrange(12)
    if kind == 0 and trick:  # a card twice in the trick
        trick.append(f"{Seat((seat) & 3).name}:{trick[0].split(':')[1]}")
    elif kind == 1:  # a trick of five
        trick = [f"{Seat(i & 3).name}:{c}" for i, c in enumerate("7S 8S 9S 10S JS".split())]
        hand = rng.choice(([], hand))
    elif kind == 2:  # a hand that does not fit: nine cards
        hand = [f"{r}{s}" for s in "SHDC" for r in "7 8 9 10 J Q K A".split()][:9]
    elif kind == 3 and trick:  # a play out of turn
        trick[-1] = "NESW"[rng.randrange(4)] + trick[-1][1:]
    elif kind == 4:  # the wrong player to move
        seat = rng.randrange(4)
    elif kind == 5:  # not a card, not a seat, not a play
        trick.append(rng.choice(("N:XS", "Q:7S", "7S", "N:7S:8S", "N:", ":7S")))
    elif kind == 6:  # a card twice in the hand, or in the trick and the hand
        hand.append(rng.choice(hand + [t.split(":")[1] for t in trick]))
    elif kind == 7:  # a card to play, legal or not, in the hand or not
        play = rng.choice(hand + ["AS", "7H", "ZZ"])
    elif kind == 8:  # no hand
        hand, play = [], rng.choice(("", "7S"))
    elif kind == 9:  # cards as people type them
        hand = [h.lower().replace("10", "t") for h in hand]
    return trump, trick, seat, hand, play


def test_an_invalid_position_is_refused_with_the_checks_messages(page: Any) -> None:
    rng = random.Random(SEED + 4)
    cases = [_corrupted(rng) for _ in range(3000)]
    inputs = [
        {"trump": t, "trick": ", ".join(tr), "seat": s, "hand": ", ".join(h), "play": p}
        for t, tr, s, h, p in cases
    ]
    got = call(page, "(k, xs) => xs.map(x => ExplainerPosition.problemTexts(k, x))",
               PRESETS["house"].knobs, inputs)  # fmt: skip
    differences = []
    refused = 0
    for case, messages in zip(cases, got, strict=True):
        expected = check_messages(scenario(*case))
        refused += bool(expected)
        if sorted(messages) != expected:
            differences.append((case, messages, expected))
    assert not differences, (len(differences), differences[:3])
    assert len(cases) // 3 < refused < len(cases)  # both kinds, many of each


TYPOS = "0123456789TJQKAOILSHDCXZtjqkaoilshdcxz♠♥♦♣♤♡♢♧é!"
"""What a mistyped card is made of: digits, ranks, suits, the letters O, I and L that
look like digits, suit symbols, others."""


def test_a_mistyped_card_gets_the_checks_guesses(page: Any) -> None:
    """The cards the check suggests for a card that is none (a letter O for a zero, or
    the closest codes, likeliest first), every length up to past the longest guessed."""
    rng = random.Random(SEED + 7)
    lengths = (0, 1, 2, 2, 3, 3, 3, 4, 5, 7)  # guessed up to 6 characters
    typed = sorted({"".join(rng.choices(TYPOS, k=rng.choice(lengths))) for _ in range(3000)})
    inputs = [{"trump": 1, "trick": "", "seat": 0, "hand": t, "play": ""} for t in typed]
    got = call(page, "(k, xs) => xs.map(x => ExplainerPosition.problemTexts(k, x))",
               PRESETS["house"].knobs, inputs)  # fmt: skip
    differences = []
    guessed = 0
    for text, messages in zip(typed, got, strict=True):
        expected = check_messages(scenario(1, [], 0, [text] if text else [], ""))
        guessed += any("did you mean" in m for m in expected)
        if sorted(messages) != expected:
            differences.append((text, messages, expected))
    assert not differences, (len(differences), differences[:3])
    assert len(typed) // 6 < guessed < len(typed) // 2  # guesses, and plain refusals


# -- the page, as a reader uses it ----------------------------------------------------------


def _open(
    browser: Any, built_site: Path, lang: str = "en", fragment: str = "", **options: Any
) -> tuple[Any, Any]:
    context = browser.new_context(**options)
    page = context.new_page()
    page.goto((built_site / lang / POSITION / "index.html").as_uri() + fragment)
    page.wait_for_function("() => document.getElementById('pos-trick-status').textContent !== ''")
    return context, page


def _allowed(page: Any) -> list[str]:
    return [
        c.get_attribute("data-card") for c in page.locator("#pos-trick-answer .allowed .card").all()
    ]


def _settled(page: Any, wanted: str) -> str:
    """The live region's text once it holds ``wanted`` (it waits for typing to pause)."""
    page.wait_for_function(
        "w => document.getElementById('pos-trick-status').textContent.includes(w)", arg=wanted
    )
    return page.locator("#pos-trick-status").text_content() or ""


def test_the_keyboard_drives_the_form_and_the_address_keeps_the_position(
    browser: Any, built_site: Path
) -> None:
    context, page = _open(browser, built_site)
    assert _allowed(page) == ["QH", "KS", "9C"]  # house rules: no lower trump under the partner's
    assert "except a trump lower than your partner's" in _settled(page, "Allowed cards:")
    page.focus("#pos-rules")
    page.keyboard.press("ArrowDown")  # the next rule set: the FFB's classic rules
    assert page.locator("#pos-rules").input_value() == "ffb_belote"
    assert _allowed(page) == ["QH", "7H", "KS", "9C"]
    page.focus("#pos-hand")
    page.keyboard.press("End")
    page.keyboard.type(", AD")
    _settled(page, "duplicate card: AD is both in the trick and in the hand")
    assert page.locator("#pos-trick-answer .position-problems li").all_text_contents() == [
        "duplicate card: AD is both in the trick and in the hand"
    ]
    for _ in ", AD":
        page.keyboard.press("Backspace")
    page.keyboard.press("Tab")  # to the card to play
    page.keyboard.type("7H")
    _settled(page, "Winner: North.")
    fragment = page.evaluate("location.hash")
    assert "rules=ffb_belote" in fragment and "trick=W:AD,N:8H,E:7D" in fragment
    assert "hand=QH,7H,KS,9C" in fragment and "play=7H" in fragment
    answer = page.locator("#pos-trick-answer").inner_text()
    context.close()
    context, again = _open(browser, built_site, fragment=fragment)
    assert again.locator("#pos-trick-answer").inner_text() == answer
    assert again.locator("#pos-rules").input_value() == "ffb_belote"
    context.close()


def test_a_link_reproduces_a_position_and_the_engine_rules_it(
    browser: Any, built_site: Path
) -> None:
    from explainer.engine import CardSet, Contract, legal_cards, parse_card
    from explainer.i18n.catalog import load_catalogs
    from explainer.i18n.names import Words

    context, page = _open(
        browser, built_site, "pl", "#t=spades&trick=N:7S,E:8H&hand=9S,KS,AH,8S&rules=pagat_belote"
    )
    assert page.locator("#pos-trick").input_value() == "N:7S, E:8H"
    assert page.locator("#pos-seat").input_value() == "S"
    hand = CardSet.parse("9S KS AH 8S")
    ruling = legal_cards(
        hand, [parse_card("7S"), parse_card("8H")], Trump.SPADES, PRESETS["pagat_belote"]
    )
    assert set(_allowed(page)) == {str(CardSet([c])) for c in ruling.legal}
    assert (
        page.locator("#pos-trick-answer [data-rule]").get_attribute("data-rule")
        == ruling.rule.value
    )
    words = Words(load_catalogs(ROOT)["pl"])
    contract = words.contract(Contract(Trump.SPADES), PRESETS["pagat_belote"])
    assert page.locator("#pos-contract").inner_text().startswith(contract)
    context.close()


def test_a_complete_trick_shows_its_winner_and_points(browser: Any, built_site: Path) -> None:
    context, page = _open(browser, built_site, "fr", "#t=hearts&trick=S:AS,W:10S,N:7S,E:JH")
    result = page.locator("#pos-trick-answer .trick-result").inner_text()
    assert result.startswith("Gagnant du pli\u00a0: Est.")  # the examples' sentences
    assert result.endswith("11 + 10 + 0 + 20 = 41 points.")
    context.close()


@functools.cache
def _english() -> Any:
    """The English words of the shipped catalogs, read once: a test asks for them once per
    refused deal, and reading the catalogs takes a quarter of a second."""
    from explainer.i18n.catalog import load_catalogs
    from explainer.i18n.names import Words

    return Words(load_catalogs(ROOT)["en"])


def _target_ids(built_site: Path, page_url: str, href: str) -> tuple[str, set[str]]:
    """The anchor ``href`` (relative to the page) names, and the ids of the file it names."""
    from urllib.parse import urljoin, urlsplit

    url = urlsplit(urljoin(page_url, href))
    html = Path(url.path).read_text(encoding="utf-8")
    return url.fragment, set(re.findall(r' id="([^"]+)"', html))


def test_where_the_rule_sets_split_the_page_says_which_allow_which_cards(
    browser: Any, built_site: Path
) -> None:
    """The page as it opens (house rules, North's eight of trump under West's ace): each
    other rule set that allows other cards here is named, with its cards; no other is."""
    from explainer.engine import legal_cards, parse_card

    context, page = _open(browser, built_site)
    hand = [parse_card(c) for c in ("QH", "7H", "KS", "9C")]
    trick = [parse_card(c) for c in ("AD", "8H", "7D")]
    words = _english()
    chosen = set(legal_cards(hand, trick, Trump.HEARTS, PRESETS["house"]).legal)
    expected = {}
    for rs in position_rule_sets():
        legal = set(legal_cards(hand, trick, Trump.HEARTS, rs.play).legal)
        if legal != chosen:
            expected[words.preset(rs.id)] = sorted(card_str(c) for c in legal)
    got = {}
    for note in page.locator("#pos-trick-answer .preset-note").all():
        text = note.inner_text()
        names = [n for n in expected if f"under the {n}, the allowed cards would be" in text]
        assert len(names) == 1, text
        got[names[0]] = sorted(c.get_attribute("data-card") for c in note.locator(".card").all())
    assert expected and got == expected
    context.close()


def test_a_finished_trick_says_which_rule_sets_count_it_otherwise(
    browser: Any, built_site: Path
) -> None:
    """All trump: the card values are each rule set's scale; the winner is everyone's."""
    from explainer.engine import parse_card

    context, page = _open(browser, built_site, "en", "#t=all&trick=S:9S,W:JS,N:7S,E:AS")
    cards = [parse_card(c) for c in ("9S", "JS", "7S", "AS")]
    words = _english()
    house = score_trick(cards, Trump.ALL, Seat.S, PRESETS["house"])
    expected = {}
    for rs in position_rule_sets():
        r = score_trick(cards, Trump.ALL, Seat.S, rs.play)
        assert r.winner == house.winner
        if r.card_points != house.card_points:
            points = " + ".join(map(str, r.card_points)) + f" = {sum(r.card_points)} points"
            expected[words.preset(rs.id)] = f"the trick is worth {points}."
    notes = page.locator("#pos-trick-answer .preset-note").all_inner_texts()
    got = {
        n: line.split(", ", 1)[1] for line in notes for n in expected if f"Under the {n}," in line
    }
    assert expected and got == expected and len(notes) == len(expected)
    context.close()


def test_a_ruling_names_its_rule_set_and_links_to_it_to_its_law_and_to_its_section(
    browser: Any, built_site: Path
) -> None:
    """The rule set in words with a link to its entry on the Rule sets page; the numbered
    law that decides and the section that explains it; every link reaches its anchor."""
    from explainer.engine import Contract

    context, page = _open(
        browser, built_site, "en", "#rules=ffb_belote&t=spades&trick=N:7S&hand=8S,AH"
    )
    words = _english()
    contract = page.locator("#pos-contract")
    assert contract.inner_text().startswith(
        words.contract(Contract(Trump.SPADES), PRESETS["ffb_belote"])
    )
    link = contract.locator("a.rules-link")
    assert link.inner_text() == "About these rules"
    anchor, ids = _target_ids(built_site, page.url, link.get_attribute("href") or "")
    assert "/rule-sets/" in (link.get_attribute("href") or "") and anchor in ids
    shown = page.locator("#pos-rules-words li").all_text_contents()  # in a closed <details>
    assert shown and all(
        words.knob_value(k, v) in shown
        for k, v in PRESETS["ffb_belote"].knobs.items()
        if (k, v) in _knob_phrases()
    )
    law, section = page.locator("#pos-trick-answer .law-link a").all()
    assert re.fullmatch(r"See rule \d+\.", law.inner_text())
    for a in (law, section):
        anchor, ids = _target_ids(built_site, page.url, a.get_attribute("href") or "")
        assert anchor in ids, a.get_attribute("href")
    assert (law.get_attribute("href") or "").split("#")[1].startswith("law-")
    context.close()


def _knob_phrases() -> Any:
    from explainer.i18n.names import KNOB_PHRASES

    return KNOB_PHRASES


def _others_named(page: Any, game: str) -> list[str]:
    """The rule sets the deal's answer names as scoring it otherwise, each line's name."""
    names = [_english().preset(rs.id) for rs in position_rule_sets() if rs.game == game]
    lines = page.locator("#pos-deal-answer ul.variants li").all_inner_texts()
    return sorted(n for line in lines for n in names if line.startswith(f"Under the {n}: "))


def test_a_deal_says_why_it_is_made_or_failed_and_where_other_rule_sets_score_it_otherwise(
    browser: Any, built_site: Path
) -> None:
    """A classic tie (81 against 81 with the last trick) and a coinched Coinche 100: the
    outcome in the examples' sentences, and each rule set of the game that scores the
    deal otherwise, named with its score (the engine's)."""
    tie = {"trump": 1, "taker": 2, "cardPoints": [81, 71], "last": 1, "capot": -1,
           "solo": False, "belotes": [], "declarations": [0, 0], "bid": 80, "level": 0}  # fmt: skip
    context, page = _open(browser, built_site, "en",
                          "#rules=house&t=hearts&taker=S&tricks=5&ns=81&ew=71&last=EW")  # fmt: skip
    house = engine_belote(PRESETS["house"], tie)
    assert PRESETS["house"].tie == "made"
    outcome = page.locator("#pos-deal-answer .outcome").inner_text()
    assert outcome == (
        "✓ Contract made. The takers have as many points as the defenders, 81 each, and under"
        " these rules a tie counts as made."
    )
    final = page.locator("#pos-deal-answer tr.final td").all_inner_texts()
    assert [int(x) for x in final] == house[1:3]
    words = _english()
    expected = sorted(
        words.preset(rs.id)
        for rs in position_rule_sets()
        if rs.game == "belote" and engine_belote(rs.play, tie) != house
    )
    assert expected and _others_named(page, "belote") == expected
    context.close()

    coinched = dict(tie, trump=0, taker=1, cardPoints=[60, 92], bid=100, level=1)
    context, page = _open(browser, built_site, "en",
                          "#rules=ffb_contree&t=spades&taker=E&bid=100&level=coinche&tricks=5"
                          "&ns=60&ew=92&last=EW")  # fmt: skip
    rules = COINCHE_PRESETS["ffb_contree"]
    assert not rules.must_beat_defence and engine_coinche(rules, coinched)[0] == 1
    outcome = page.locator("#pos-deal-answer .outcome").inner_text()
    assert outcome == "✓ Contract made. The takers' total, 102, reaches their bid of 100."
    expected = sorted(
        words.preset(name)
        for name, other in COINCHE_PRESETS.items()
        if engine_coinche(other, coinched) != engine_coinche(rules, coinched)
    )
    assert _others_named(page, "coinche") == expected
    context.close()


def test_a_no_trump_or_all_trump_deal_says_when_its_rules_let_nobody_bid_it(
    browser: Any, built_site: Path
) -> None:
    """Every preset lets nobody bid sans atout or tout atout (``classic_sa_ta: off``,
    Coinche's ``sa_ta: off``): the page still counts such a deal, and says so beside it;
    a suit contract gets no such note."""
    offered = {rs.id: rs for rs in position_rule_sets()}
    for name in ("house", "ffb_contree"):
        rs = offered[name]
        closed = (
            not rs.scoring.sa_ta if rs.game == "coinche" else rs.scoring.classic_sa_ta == "off"  # type: ignore[union-attr]
        )
        assert closed
        for trump, noted in (("all", True), ("none", True), ("hearts", False)):
            context, page = _open(browser, built_site, "en",
                                  f"#rules={name}&t={trump}&taker=S&tricks=8")  # fmt: skip
            note = page.locator("#pos-deal-answer .sa-ta-off")
            assert note.count() == int(noted), (name, trump)
            if noted:
                assert note.inner_text() == (
                    "These rules let nobody bid no-trump or all-trump;"
                    " the deal is still counted by their other rules."
                )
                status = page.locator("#pos-deal-status")
                status.wait_for(state="attached")
                page.wait_for_function(
                    "() => document.getElementById('pos-deal-status').textContent !== ''"
                )
                assert note.inner_text() in status.inner_text()
            context.close()


PAGE_OUTCOMES = r"""fragments => (async () => {
  const out = [];
  for (const f of fragments) {
    // the page answers the hashchange first: its listener came first
    await new Promise(done => {
      window.addEventListener('hashchange', () => setTimeout(done, 0), {once: true});
      location.hash = f;
    });
    const outcome = document.querySelector('#pos-deal-answer p.outcome');
    const says = document.querySelectorAll('#pos-deal-answer [data-says]');
    out.push([outcome ? outcome.className.trim().split(/\s+/)[1] : null,
              Array.from(says, n => n.getAttribute('data-says'))]);
  }
  return out;
})()"""
"""The deal's verdict and sentences as the page shows them for each fragment in turn (one
call for a rule set's deals, each answered as a reader's edit of the address is)."""


def test_a_deals_outcome_is_chosen_from_the_result_as_the_examples_choose_it(
    browser: Any, built_site: Path
) -> None:
    """Random deals of eight tricks under every rule set the page offers, coinched and
    not: the page's verdict (never "failed" for a litige) and its sentences are those
    :mod:`explainer.site.outcomes` chooses for the engine's result (why it is made or not;
    the score's parts are the table's rows)."""
    from explainer.site.outcomes import classic_outcome, coinche_outcome

    rng = random.Random(SEED + 8)
    context, page = _open(browser, built_site, "en")
    seen: set[str] = set()
    for rs in position_rule_sets():
        fragments, expected = [], []
        for _ in range(40):
            trump, taker = Trump(rng.randrange(6)), Seat(rng.randrange(4))
            d = random_scored_deal(rng, trump, rs.play, taker=taker, leader=Seat(rng.randrange(4)))
            tricks = ";".join(",".join(f"{s.name}:{card_str(c)}" for s, c in t) for t in d.tricks())
            head = f"#rules={rs.id}&t={trump.word}&taker={taker.name}&count=tricks"
            if rs.game == "belote":
                result = play_deal(Contract(trump, "belote", taker), d.tricks(), rs.play)
                o = classic_outcome(result, rs.play)
                fragments.append(f"{head}&deal={tricks}")
            else:
                bid = rng.choice([80, 90, 100, 110, 120, 130, 140, 160, "capot"])
                level = rng.choice((Level.NONE, Level.NONE, Level.COINCHE, Level.SURCOINCHE))
                kind = bid if isinstance(bid, int) else BidKind(bid)
                contract = CoincheContract(taker, trump, kind, level)
                assert isinstance(rs.scoring, CoincheRules)
                o = coinche_outcome(play_coinche_deal(contract, d.tricks(), rules=rs.scoring),
                                    rs.scoring)  # fmt: skip
                fragments.append(f"{head}&bid={bid}&level={level.word}&deal={tricks}")
            expected.append([o.verdict.value, [c.says.value for c in o.why]])
        for fragment, got, wanted in zip(
            fragments, page.evaluate(PAGE_OUTCOMES, fragments), expected, strict=True
        ):
            assert got == wanted, (rs.id, fragment)
            seen.add(got[0])
    context.close()
    assert {"made", "failed"} <= seen


def test_without_javascript_the_page_explains_itself(browser: Any, built_site: Path) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((built_site / "en" / POSITION / "index.html").as_uri())
    assert not page.locator("#position-form").is_visible()
    assert "JavaScript" in (page.locator("main").inner_text())
    context.close()


AXE_STATES = ("", "#rules=ffb_contree&t=all&trick=N:7S,E:7S&hand=XX&tricks=solo&level=surcoinche")
"""The page as it opens, and refusing a position with the Coinche fields shown."""


@pytest.mark.parametrize(
    ("lang", "states", "widths"),
    [
        ("en", AXE_STATES, (1280, 320)),
        ("fr", AXE_STATES[1:], (320,)),
        ("pl", AXE_STATES[1:], (320,)),
    ],
)
def test_axe_finds_nothing_at_1280_and_320_px_in_light_and_dark(
    browser: Any, built_site: Path, lang: str, states: tuple[str, ...], widths: tuple[int, ...]
) -> None:
    """Every state at both widths in English; the other languages' longer words at the
    narrowest (tests/site/test_browser.py runs axe on every page as it opens, too). Each
    rule runs in the modes where its result can differ (:func:`tests.browser.axe_violations`;
    the same stylesheet and scripts as every page, as tests/site/test_browser.py proves)."""
    script = axe_script()
    found = []
    for fragment in states:
        context, page = _open(browser, built_site, lang, fragment, bypass_csp=True,
                              viewport={"width": min(widths), "height": 900})  # fmt: skip
        page.add_script_tag(path=str(script))
        page.evaluate("axe.configure({noHtml: true})")
        found += [f"{fragment} {line}" for line in axe_violations(page, widths)]
        context.close()
    assert not found, "\n".join(found)


# -- a deal given by its eight tricks ------------------------------------------------------


def _written(tricks: list[list[tuple[Seat, int]]]) -> str:
    return "\n".join(", ".join(f"{s.name}:{card_str(c)}" for s, c in t) for t in tricks)


def _spoiled(
    rng: random.Random, tricks: list[list[tuple[Seat, int]]]
) -> list[list[tuple[Seat, int]]]:
    """The deal with one thing wrong, often: a card moved, a seat changed, a play missing,
    two plays swapped, a trick missing; or left as played."""
    tricks = [list(t) for t in tricks]
    kind = rng.randrange(8)
    t, i = rng.randrange(8), rng.randrange(4)
    if kind == 0:  # two cards of two tricks swapped: often an illegal play
        u, j = rng.randrange(8), rng.randrange(4)
        (s1, c1), (s2, c2) = tricks[t][i], tricks[u][j]
        tricks[t][i], tricks[u][j] = (s1, c2), (s2, c1)
    elif kind == 1:
        tricks[t][i] = (Seat(rng.randrange(4)), tricks[t][i][1])
    elif kind == 2:
        del tricks[t][i]
    elif kind == 3:
        tricks[t][i], tricks[t][(i + 1) & 3] = tricks[t][(i + 1) & 3], tricks[t][i]
    elif kind == 4:
        del tricks[t]
    elif kind == 5:
        tricks[t][i] = (tricks[t][i][0], tricks[(t + 1) & 7][i][1])
    return tricks


def engine_played(
    game: str, rs: Any, tricks: Any, trump: Trump, taker: Seat, bid: Any, level: int
) -> Any:
    """The engine's play and score of a deal of eight tricks, or its message."""
    try:
        if game == "belote":
            contract = Contract(trump, "belote", taker, multiplier=(1, 2, 4)[level])
            try:
                r = play_deal(contract, tricks, rs.play)
            except InvalidContractError:  # a coinche, under classic_coinche: off
                return [f"there is no coinche under the {_english().preset(rs.id)}"]
            return [*r.card_points, int(r.made), *r.score, r.held]
        bid = bid if isinstance(bid, int) else BidKind(bid)
        c = play_coinche_deal(
            CoincheContract(taker, trump, bid, Level(level)), tricks, rules=rs.scoring
        )
        return [*c.card_points, int(c.made), *c.score, sum(c.scored.held)]
    except (InvalidDealError, IllegalPlayError) as exc:
        return [str(exc)]
    except InvalidContractError:
        return [f"there is no surcoinche under the {_english().preset(rs.id)}"]


def test_a_deal_of_eight_tricks_is_played_and_scored_as_the_engine_does(page: Any) -> None:
    rng = random.Random(SEED + 5)
    refused = 0
    for rs in position_rule_sets():
        deals, expected = [], []
        for _ in range(300):
            trump, taker = Trump(rng.randrange(6)), Seat(rng.randrange(4))
            d = random_scored_deal(rng, trump, rs.play, taker=taker, leader=Seat(rng.randrange(4)))
            tricks = d.tricks() if rng.random() < 0.5 else _spoiled(rng, d.tricks())
            bid, level = (
                rng.choice([*range(80, 190, 10), "capot", "generale"]),
                rng.choice((0, 1, 2)),
            )
            deals.append([int(trump), int(taker), bid, level, _written(tricks)])
            expected.append(engine_played(rs.game, rs, tricks, trump, taker, bid, level))
        got = call(
            page,
            "(g, k, p, ds, n) => ExplainerPosition.dealMany(g, k, p, ds, n)"
            ".map(r => typeof r[0] === 'number' ? r : ExplainerPosition.explain(r))",
            rs.game,
            rs.scoring_knobs,
            rs.play_knobs,
            deals,
            rs.id,
        )
        differences = [(d, g, e) for d, g, e in zip(deals, got, expected, strict=True) if g != e]
        assert not differences, (rs.id, len(differences), differences[:2])
        refused += sum(len(e) == 1 for e in expected)
    assert 500 < refused < 1500


def test_a_deal_whose_plays_cannot_be_read_gets_the_checks_messages(page: Any) -> None:
    head = "kind: deal\ncontract: {game: belote, rules: house, trump: hearts, taker: S}\ntricks:\n"
    cases = [
        ["N:7S, E:8S, S:9S, W:10S"] * 7 + ["N:XS, E:8S, 7H, Q:10S"],
        ["N:7S, E:8S, S:9S, W:10S", "N:7S:8S, E:JS"],
    ]
    for lines in cases:
        yaml = head + "".join(
            "  - [" + ", ".join(_play_yaml(tok) for tok in line.split(", ")) + "]\n"
            for line in lines
        )
        _, diags = load_text(yaml, "deal.yaml")
        expected = sorted(d.message for d in diags)
        got = call(
            page,
            "(k, p, ds) => ExplainerPosition.dealMany('belote', k, p, ds, 'house')"
            ".map(r => ExplainerPosition.explain(r))",
            PRESETS["house"].knobs,
            PRESETS["house"].knobs,
            [[1, 2, 80, 0, "\n".join(lines)]],
        )
        assert sorted(got[0]) == expected


def _play_yaml(token: str) -> str:
    parts = token.split(":")
    return f"{{{_quoted(parts[0])}: {_quoted(parts[1])}}}" if len(parts) == 2 else _quoted(token)


def test_a_link_to_a_whole_deal_shows_the_engines_score(browser: Any, built_site: Path) -> None:
    deal = random_scored_deal(
        random.Random(SEED + 6), Trump.CLUBS, PRESETS["ffb_belote"], taker=Seat.E
    )
    tricks = ";".join(",".join(f"{s.name}:{card_str(c)}" for s, c in t) for t in deal.tricks())
    fragment = f"#rules=ffb_belote&t=clubs&taker=E&count=tricks&deal={tricks}"
    context, page = _open(browser, built_site, "en", fragment)
    final = page.locator("#pos-deal-answer tr.final td").all_text_contents()
    assert [int(x) for x in final] == list(deal.score)
    assert page.locator("#pos-deal").input_value().count("\n") == 7
    context.close()
