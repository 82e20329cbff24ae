"""Engine speed figures: legal-card rulings and random full deals per second.

Run ``python benchmarks/engine.py [rulings|deals|auctions|coinche|matches|laws ...]``
(default: all). It prints figures and never fails: the targets (5 M rulings/s, 30 k deals/s) are
shown beside them, met or not. Every figure is the best of :data:`REPEATS` runs in CPU
time (``time.process_time``: the least disturbed by other work on a shared machine); a
wall-clock figure is printed beside some of them.

1. Rulings, one call per position: a fixed, seeded set of 100 000 random positions
   (random contract among the six, including ``none`` and ``all``; random rule set among
   every preset and alias, and each with every value of each play knob; 0-3 cards in the
   trick; 1-8 cards in the hand; every card of a position distinct), each ruled by
   ``make_ruler(trump, rules)(hand, trick)``, which returns the legal cards and the
   deciding rule. Beside it, the same loop over a ruler that does nothing: the cost of
   the loop and one Python call, which no per-call ruler can beat.
2. Rulings in batches, as the laws check positions: :data:`GROUPED_TRICKS` seeded random
   tricks of 1-3 cards (random contract and rule set as above), each with
   :data:`HANDS_PER_TRICK` random full hands of eight cards not in the trick (the laws'
   sampled positions: blocks of up to 128 eight-card hands sharing a trick), 99 968
   positions in all. Timed: for each trick, ``make_trick_ruler(trump, rules)(trick)``
   (its cascade: found by led suit, best card and partner, built on first use, so the
   first of the runs builds them and the best run reads them) then
   ``cascade.rule_all(hands)``, the list of ``(legal, rule)`` of every hand. The target
   (5 M rulings/s) is judged on this figure. Beside it, the per-call ruler over the same
   positions in the same order.
3. Deals: random full deals, every card chosen at random among the legal ones,
   then scored (:func:`explainer.engine.random_scored_deal`: each ruling read from the
   trick's cascade by the trick's shape; the deal laws play several rule sets' streams
   at once with :func:`explainer.engine.simulate.random_scored_deals`, the same deals).
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from collections import Counter

from explainer.engine import (
    KNOBS,
    PRESETS,
    Contract,
    Seat,
    Trump,
    legal_cards,
    make_ruler,
    make_trick_ruler,
    play_deal,
    random_scored_deal,
)
from explainer.engine.rules import RuleSet

PLAY_KNOBS = ("undertrump", "partner_overtrump", "all_trump_partner")
"""The knobs the ruler reads (the others score a deal)."""

SEED = 20261129
POSITIONS = 100_000
DEALS = 20_000
REPEATS = 5
CHECKED = 5_000
HANDS_PER_TRICK = 128
GROUPED_TRICKS = 781
TARGET_RULINGS = 5e6


def rule_sets() -> list[RuleSet]:
    """Every preset and alias, and each with every value of each play knob: every knob
    value is read on the hot path (the ruler's closure), so the figure covers them all."""
    out = list(PRESETS.values())
    for preset in PRESETS.values():
        for name in PLAY_KNOBS:
            out += [preset.with_knobs(**{name: v}) for v in KNOBS[name].values]
    return list(dict.fromkeys(out))


def make_positions(rng: random.Random, n: int) -> list[tuple[object, int, tuple[int, ...]]]:
    """``n`` consistent positions as ``(ruler, hand_mask, trick)``."""
    presets = rule_sets()
    deck = list(range(32))
    out = []
    for _ in range(n):
        trump = Trump(rng.randrange(6))
        rules = rng.choice(presets)
        rng.shuffle(deck)
        in_trick = rng.randrange(4)
        in_hand = rng.randrange(1, 9)
        trick = tuple(deck[:in_trick])
        hand = 0
        for c in deck[in_trick : in_trick + in_hand]:
            hand |= 1 << c
        out.append((make_ruler(trump, rules), hand, trick))
    return out


def timed(repeats: int, run) -> tuple[float, float]:
    """The least wall and the least CPU seconds of ``repeats`` runs of ``run()``."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        run()
        wall = min(wall, time.perf_counter() - w)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu


def _noop_ruler(hand: int, trick: tuple[int, ...]) -> tuple[int, int]:
    return hand, 0


def make_grouped(rng: random.Random) -> list[tuple[object, object, tuple[int, ...], list[int]]]:
    """:data:`GROUPED_TRICKS` tricks as ``(trick_ruler, ruler, trick, hands)``."""
    sets = rule_sets()
    out = []
    for _ in range(GROUPED_TRICKS):
        trump, rules = Trump(rng.randrange(6)), rng.choice(sets)
        trick = tuple(rng.sample(range(32), rng.randrange(1, 4)))
        rest = [c for c in range(32) if c not in trick]
        hands = []
        for _ in range(HANDS_PER_TRICK):
            hand = 0
            for c in rng.sample(rest, 8):
                hand |= 1 << c
            hands.append(hand)
        out.append((make_trick_ruler(trump, rules), make_ruler(trump, rules), trick, hands))
    return out


def bench_rulings() -> None:
    """The per-call ruler beside a ruler that does nothing (the ceiling of any per-call
    ruler here), then the batch face on positions grouped by trick (module docstring)."""
    positions = make_positions(random.Random(SEED), POSITIONS)
    noops = [(_noop_ruler, hand, trick) for _, hand, trick in positions]

    def loop(rows: list[tuple[object, int, tuple[int, ...]]]) -> tuple[float, float]:
        def run() -> None:
            for ruler, hand, trick in rows:
                legal, rule = ruler(hand, trick)

        return timed(REPEATS, run)

    wall, cpu = loop(positions)
    noop_wall, noop_cpu = loop(noops)
    print(
        f"rulings, one call each (make_ruler, {len(rule_sets())} rule sets: every preset and"
        f" play knob value): {POSITIONS / cpu / 1e6:.2f} M/s cpu ({POSITIONS / wall / 1e6:.2f}"
        f" wall; {POSITIONS} positions)"
    )
    print(
        f"  a ruler that does nothing, same loop: {POSITIONS / noop_cpu / 1e6:.2f} M/s cpu"
        f" ({POSITIONS / noop_wall / 1e6:.2f} wall): the ceiling of any per-call ruler here"
    )
    tally = Counter(ruler(hand, trick)[1].value for ruler, hand, trick in positions)
    print("  rules decided: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))

    grouped = make_grouped(random.Random(SEED + 5))
    count = sum(len(hands) for *_, hands in grouped)

    def run_batch() -> None:
        for trick_ruler, _, trick, hands in grouped:
            trick_ruler(trick).rule_all(hands)

    def run_calls() -> None:
        for _, ruler, trick, hands in grouped:
            for hand in hands:
                legal, rule = ruler(hand, trick)

    batch_wall, batch_cpu = timed(REPEATS, run_batch)
    _, calls_cpu = timed(REPEATS, run_calls)
    rate = count / batch_cpu
    print(
        f"rulings in batches (make_trick_ruler + Cascade.rule_all, {GROUPED_TRICKS} tricks"
        f" x {HANDS_PER_TRICK} eight-card hands): {rate / 1e6:.2f} M/s cpu"
        f" ({count / batch_wall / 1e6:.2f} wall); one call each on the same positions:"
        f" {count / calls_cpu / 1e6:.2f} M/s cpu"
    )
    verdict = "met" if rate >= TARGET_RULINGS else "NOT met"
    print(f"  target >= {TARGET_RULINGS / 1e6:.0f} M rulings/s (batch, cpu): {verdict}")

    sample = random.Random(SEED + 1)
    readable = [(sample.randrange(6), sample.choice(list(PRESETS.values()))) for _ in range(20_000)]
    rows = [
        (hand, list(trick), Trump(t), r)
        for (_, hand, trick), (t, r) in zip(positions[: len(readable)], readable, strict=True)
    ]

    def run_readable() -> None:
        for hand, trick, trump, rules in rows:
            legal_cards(hand, trick, trump, rules)

    _, cpu = timed(REPEATS, run_readable)
    print(f"rulings (legal_cards, readable face): {len(rows) / cpu / 1e3:.0f} k/s cpu")


def bench_deals() -> None:
    presets = list(PRESETS.values())
    setup = random.Random(SEED + 2)
    jobs = [
        (
            Trump(setup.randrange(6)),
            setup.choice(presets),
            Seat(setup.randrange(4)),
            Seat(setup.randrange(4)),
        )
        for _ in range(DEALS)
    ]
    made = capots = 0

    def run() -> None:
        nonlocal made, capots
        rng = random.Random(SEED)
        made = capots = 0
        for trump, rules, taker, leader in jobs:
            d = random_scored_deal(rng, trump, rules, taker=taker, leader=leader)
            made += d.made
            capots += d.capot is not None

    _, seconds = timed(REPEATS, run)
    print(
        f"random deals, played and scored: {DEALS / seconds / 1e3:.1f} k/s"
        f"  ({DEALS} deals in {seconds:.2f} s; target >= 30 k/s)"
    )
    print(f"  made {made / DEALS:.0%}, capot {capots / DEALS:.1%}")

    checked = [
        (random_scored_deal(random.Random(i), trump, rules, taker=taker, leader=leader), rules)
        for i, (trump, rules, taker, leader) in enumerate(jobs[:CHECKED])
    ]

    def run_checked() -> None:
        for d, rules in checked:
            play_deal(Contract(d.trump, taker=d.taker), d.tricks(), rules)

    _, seconds = timed(REPEATS, run_checked)
    print(
        f"whole deals checked play by play and scored (play_deal): {CHECKED / seconds / 1e3:.1f} k/s"
    )


def main() -> None:
    cores = os.cpu_count()
    print(
        f"explainer engine benchmark: Python {platform.python_version()},"
        f" {platform.machine()}, {cores} cores, load average {os.getloadavg()[0]:.1f},"
        f" best of {REPEATS} runs in CPU time"
    )
    parts = {
        "rulings": bench_rulings,
        "deals": bench_deals,
        "auctions": bench_coinche_auctions,
        "coinche": bench_coinche_deals,
        "matches": bench_matches,
        "laws": bench_laws,
    }
    for name in sys.argv[1:] or parts:
        parts[name]()


# --- The match and the bidding around the deals -----------------------------------------

MATCHES = 2_000
MATCH_DEALS = 40
BIDDINGS = 20_000
TARGET_MATCH_DEALS = 1e5
"""Deals added to a match per second: a page of matches checks in well under a
millisecond at this speed."""


def make_matches(rng: random.Random) -> list[tuple[object, list[object]]]:
    """:data:`MATCHES` runs of :data:`MATCH_DEALS` deals, each under a random classic or
    Coinche preset: made or failed deals of random scores, a litige now and then where
    the rules have one, an annulled deal now and then."""
    from explainer.engine import COINCHE_PRESETS, MatchDeal, Team, match_rules

    presets = [
        *(PRESETS[n] for n in ("house", "ffb_belote", "pagat_belote")),
        *COINCHE_PRESETS.values(),
    ]
    out: list[tuple[object, list[object]]] = []
    for _ in range(MATCHES):
        rules = rng.choice(presets)
        litige = match_rules(rules).litige
        deals: list[object] = []
        for _ in range(MATCH_DEALS):
            roll, team = rng.random(), rng.choice(list(Team))
            score = (rng.randrange(0, 260), rng.randrange(0, 260))
            if roll < 0.05:
                deals.append(MatchDeal(annulled=True))
            elif roll < 0.1 and litige:
                deals.append(MatchDeal((0, 81) if team is Team.NS else (81, 0), held=81))
            else:
                deals.append(MatchDeal(score, made=team))
        out.append((rules, deals))
    return out


def bench_matches() -> None:
    """Whole matches (``run_match``, no target: every deal is added) and classic
    biddings with sans atout and tout atout allowed (``run_bidding``)."""
    from explainer.engine import find_rules, run_bidding, run_match

    matches = make_matches(random.Random(SEED + 5))

    def run() -> None:
        for rules, deals in matches:
            run_match(deals, dealer=Seat.N, rules=rules, target=10**9)  # type: ignore[arg-type]

    wall, seconds = timed(REPEATS, run)
    n = MATCHES * MATCH_DEALS
    print(
        f"match deals added (run_match): {n / seconds / 1e3:.1f} k/s"
        f" (wall {n / wall / 1e3:.1f} k/s; target {TARGET_MATCH_DEALS / 1e3:.0f} k/s)"
    )
    rng = random.Random(SEED + 6)
    sa_ta = find_rules("ffb_belote", classic_sa_ta="on")
    words = ["pass"] * 7
    biddings = []
    for _ in range(BIDDINGS):
        dealer, turned = rng.choice(list(Seat)), rng.randrange(32)
        n_pass = rng.randrange(8)
        last = "take" if n_pass < 4 else rng.choice(["none", "all"])
        bids = [(dealer.after(i + 1), w) for i, w in enumerate([*words[:n_pass], last])]
        biddings.append((dealer, turned, bids))

    def run_biddings() -> None:
        for dealer, turned, bids in biddings:
            run_bidding(dealer, turned, bids, sa_ta)

    seconds, wall = timed(REPEATS, run_biddings)
    print(
        f"classic biddings with sans atout and tout atout (run_bidding): {BIDDINGS / seconds / 1e3:.1f} k/s"
    )


# --- Coinche (explainer.engine.coinche) -------------------------------------------------

COINCHE_AUCTIONS = 20_000
COINCHE_DEALS = 20_000


def make_auctions(
    rng: random.Random, n: int
) -> list[tuple[object, Seat, list[tuple[Seat, object]]]]:
    """``n`` finished auctions (rules, dealer, calls): random calls in turn, the refused
    ones skipped, then passes until the auction ends."""
    from explainer.engine.coinche import COINCHE_PRESETS, Auction, AuctionError, Call, CallKind

    presets = list(COINCHE_PRESETS.values())
    out = []
    for _ in range(n):
        rules, dealer = rng.choice(presets), Seat(rng.randrange(4))
        auction = Auction(dealer, rules=rules)
        while not auction.ended:
            roll = rng.random()
            if roll < 0.45 or len(auction.calls) > 12:
                call = Call(CallKind.PASS)
            elif roll < 0.85:
                call = Call(CallKind.BID, rng.randrange(8, 17) * 10, Trump(rng.randrange(4)))
            elif roll < 0.95:
                call = Call(CallKind.COINCHE)
            else:
                call = Call(CallKind.SURCOINCHE)
            try:
                auction.push(auction.turn, call)
            except AuctionError:
                pass
        out.append((rules, dealer, list(auction.calls)))
    return out


def bench_coinche_auctions() -> None:
    from explainer.engine.coinche import run_auction

    auctions = make_auctions(random.Random(SEED + 3), COINCHE_AUCTIONS)
    calls = sum(len(c) for _, _, c in auctions)

    def run() -> None:
        for rules, dealer, c in auctions:
            run_auction(dealer, c, rules=rules)  # type: ignore[arg-type]

    _, seconds = timed(REPEATS, run)
    print(
        f"coinche auctions run (run_auction): {COINCHE_AUCTIONS / seconds / 1e3:.1f} k/s"
        f"  ({calls / COINCHE_AUCTIONS:.1f} calls each)"
    )


def bench_coinche_deals() -> None:
    """Random deals under a random coinche contract and preset, with the declarations
    each hand holds: the scoring alone (``score_coinche``), the declarations compared,
    and whole deals checked play by play (``play_coinche_deal``)."""
    from explainer.engine.coinche import (
        COINCHE_PRESETS,
        CoincheContract,
        Level,
        compare_declarations,
        declarations_in_hand,
        play_coinche_deal,
        score_coinche,
        trick_points,
    )

    presets = list(COINCHE_PRESETS.values())
    rng = random.Random(SEED + 4)
    jobs = []
    for _ in range(COINCHE_DEALS):
        trump, taker, rules = Trump(rng.randrange(4)), Seat(rng.randrange(4)), rng.choice(presets)
        d = random_scored_deal(rng, trump, taker=taker, leader=Seat.N)
        contract = CoincheContract(taker, trump, rng.randrange(8, 17) * 10, Level(rng.randrange(3)))
        announced = (
            {s: declarations_in_hand(d.hands[s], trump, rules=rules) for s in Seat}
            if rules.declarations
            else {}
        )
        jobs.append((d, contract, rules, announced))
    facts = []
    for d, contract, rules, announced in jobs:
        decl = compare_declarations(announced, trump=d.trump, dealer=Seat.W, rules=rules)
        belote = (20, 0) if d.belote is not None and d.belote.team == 0 else (0, 0)
        if d.belote is not None and d.belote.team == 1:
            belote = (0, 20)
        facts.append((d, contract, rules, belote, decl.points))
    made = 0

    def run() -> None:
        nonlocal made
        made = 0
        for d, contract, rules, belote, declared in facts:
            p = trick_points(d.card_points, d.winners[-1].team, d.capot, trump=d.trump, rules=rules)
            s = score_coinche(
                contract,
                trick_points=p,
                belote=belote,
                declarations=declared,
                capot=d.capot,
                rules=rules,
            )
            made += s.made

    _, seconds = timed(REPEATS, run)
    print(
        f"scored coinche deals (trick_points + score_coinche): "
        f"{COINCHE_DEALS / seconds / 1e3:.0f} k/s  (target >= 20 k/s; made {made / COINCHE_DEALS:.0%})"
    )

    def run_declarations() -> None:
        for d, _, rules, announced in jobs:
            compare_declarations(announced, trump=d.trump, dealer=Seat.W, rules=rules)

    _, seconds = timed(REPEATS, run_declarations)
    print(f"declarations compared (compare_declarations): {COINCHE_DEALS / seconds / 1e3:.0f} k/s")

    checked = jobs[:CHECKED]

    def run_checked() -> None:
        for d, contract, rules, announced in checked:
            play_coinche_deal(contract, d.tricks(), rules=rules, dealer=Seat.W, announced=announced)

    _, seconds = timed(REPEATS, run_checked)
    print(
        "coinche deals checked play by play, declarations and score (play_coinche_deal): "
        f"{CHECKED / seconds / 1e3:.1f} k/s"
    )


# The laws a rules page states (which-card and one-deal), as the check runs them.
PLAY_LAWS = [
    ("suit", ["void", "partner_winning"], {"may": "any"}),
    (["suit", "none", "all"], ["can_follow"], {"must": "led_suit"}),
    ("suit", ["trump_led", "can_overtrump"], {"must": "higher_led"}),
    ("suit", ["void", "opponent_trumped", "can_overtrump"], {"must": "higher_trumps"}),
    ("suit", ["void", "opponent_trumped", "only_lower_trumps"], {"must": "trumps"}),
]
DEAL_LAWS = [
    ([], ["card_points_152", "points_162_or_capot"]),
    (["made"], ["made_scores_own"]),
    (["failed"], ["failed_takers_zero", "failed_defenders_all"]),
]

COINCHE_DEAL_LAWS = [
    (["tie"], ["failed"]),
    (["failed", "takers_belote"], ["takers_keep_belote"]),
    (["coinched"], ["winner_takes_all"]),
    (["declaration", "not declarations_equal"], ["declarations_scored"]),
]
"""Some of the Coinche page's deal laws: the first pays for the Coinche scoring of the
deals (and their declarations), the others read it."""


def bench_laws() -> None:
    """A fresh process's cost of checking the pages' laws under every preset: the first
    law pays for the shared position tables, each deal law's rule sets for their deals, a
    match law its matches (on the deal laws' deals: under the presets, then under every
    match variant).
    CPU time is shown beside wall time, since other work on the machine inflates the latter."""
    from explainer.engine import (
        COINCHE_PRESETS,
        PRESETS,
        DealLaw,
        MatchLaw,
        PlayLaw,
        check_deal_law,
        check_match_law,
        check_play_law,
        presets_for,
    )

    totals = [0.0, 0.0]

    def timed(run):
        """``run()``'s result and its wall and CPU seconds, added to the totals."""
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        totals[0] += wall
        totals[1] += cpu
        return result, wall, cpu

    for trump, when, then in PLAY_LAWS:
        law = PlayLaw.parse(trump=trump, when=when, then=then)
        result, wall, cpu = timed(lambda law=law: check_play_law(law))
        checked = min(o.checked for o in result.outcomes)
        print(
            f"play law {law}: {wall:.2f} s ({cpu:.2f} s cpu), {len(result.outcomes)} presets,"
            f" >= {checked} positions each, holds under {sorted(result.holds_under)}"
        )
    for when, then in DEAL_LAWS:
        law = DealLaw.parse(trump=["suit", "none", "all"], when=when, then=then)
        result, wall, cpu = timed(lambda law=law: check_deal_law(law))
        print(
            f"deal law {when} -> {then}: {wall:.2f} s ({cpu:.2f} s cpu),"
            f" holds under {sorted(result.holds_under)}"
        )
    for when, then in COINCHE_DEAL_LAWS:
        law = DealLaw.parse(trump="suit", when=when, then=then, game="coinche")
        result, wall, cpu = timed(lambda law=law: check_deal_law(law, COINCHE_PRESETS))
        print(
            f"coinche deal law {when} -> {then}: {wall:.2f} s ({cpu:.2f} s cpu),"
            f" holds under {sorted(result.holds_under)}"
        )
    match_law = MatchLaw.parse(trump="suit", then=["one_winner", "winner_ahead", "points_add_up"])
    presets = {n: PRESETS[n] for n in presets_for("belote")}
    for rules_word, named in (("presets", presets), ("match variants", None)):
        result, wall, cpu = timed(lambda named=named: check_match_law(match_law, named))
        deals = sum(o.deals for o in result.outcomes)
        print(
            f"match law under the {rules_word} ({len(result.outcomes)} rule sets):"
            f" {wall:.2f} s ({cpu:.2f} s cpu), {deals / max(cpu, 1e-9) / 1e3:.0f} k match"
            f" deals/s, holds under {len(result.holds_under)}"
        )
    total_wall, total_cpu = totals
    print(f"laws in all: {total_wall:.2f} s ({total_cpu:.2f} s cpu); target: whole check <= 5 s")


if __name__ == "__main__":
    sys.exit(main())
