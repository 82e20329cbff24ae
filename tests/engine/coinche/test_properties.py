"""Properties of the Coinche engine: an auction always ends or is annulled, a deal's
scores add up, a match ends."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine.coinche import (
    COINCHE_PRESETS,
    Auction,
    AuctionError,
    Call,
    CallKind,
    CoincheContract,
    Level,
    MatchDeal,
    MatchError,
    compare_declarations,
    declarations_in_hand,
    find_coinche_rules,
    run_match,
    score_coinche,
    trick_points,
)
from explainer.engine.contract import Trump
from explainer.engine.seats import Seat, Team
from explainer.engine.simulate import random_hands, random_scored_deal

AUCTION_KNOBS = {
    "coinche_timing": ("in_turn", "any_time"),
    "after_coinche": ("three_passes", "coinched_team_only"),
    "coinche_freezes": ("yes", "no"),
    "self_overbid": ("never", "change_suit"),
    "capot_doublable": ("yes", "no"),
    "surcoinche": ("4", "3", "off"),
    "sa_ta": ("off", "on"),
    "generale": ("off", "solo"),
    "suit_order": ("none", "ranked"),
    "max_bid": ("none", "160"),
}

rule_sets = st.builds(
    lambda preset, knobs: find_coinche_rules(preset, **knobs),
    st.sampled_from(sorted(COINCHE_PRESETS)),
    st.fixed_dictionaries({k: st.sampled_from(v) for k, v in AUCTION_KNOBS.items()}),
)


def random_call(rng: random.Random) -> Call:
    kind = rng.choice(["pass", "pass", "bid", "bid", "coinche", "surcoinche", "capot", "generale"])
    trump = Trump(rng.randrange(6))
    if kind == "bid":
        return Call(CallKind.BID, rng.randrange(8, 19) * 10, trump)
    if kind in ("capot", "generale"):
        return Call(CallKind(kind), None, trump)
    return Call(CallKind(kind))


@settings(max_examples=200, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32), dealer=st.sampled_from(list(Seat)))
def test_an_auction_always_ends_or_is_annulled(rules, seed, dealer) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    auction = Auction(dealer, rules=rules)
    for _ in range(60):  # random calls, the refused ones skipped
        if auction.ended:
            break
        seat = auction.turn if rng.random() < 0.9 else Seat(rng.randrange(4))
        try:
            auction.push(seat, random_call(rng))
        except AuctionError as e:
            assert e.call_index == len(auction.calls)
    for _ in range(4):  # then everyone passes: it must end
        if not auction.ended:
            auction.push(auction.turn, Call(CallKind.PASS))
    assert auction.ended
    r = auction.result()
    assert r.annulled == (r.contract is None)
    if r.contract is not None:
        assert r.level is Level.NONE or r.coinched_by is not None
        assert r.coinched_by is None or r.coinched_by.team != r.taker.team  # type: ignore[union-attr]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    trump=st.sampled_from([Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS]),
    bid=st.integers(8, 16).map(lambda b: b * 10),
    taker=st.sampled_from(list(Seat)),
    level=st.sampled_from(list(Level)),
    preset=st.sampled_from(sorted(COINCHE_PRESETS)),
)
def test_a_deals_scores_add_up(seed, trump, bid, taker, level, preset) -> None:  # type: ignore[no-untyped-def]
    rules = find_coinche_rules(preset, rounding="none", scoring="points_plus_bid")
    rng = random.Random(seed)
    deal = random_scored_deal(rng, trump, taker=taker)
    hands = deal.hands
    announced = (
        {s: declarations_in_hand(hands[s], trump, rules=rules) for s in Seat}
        if rules.declarations
        else {}
    )
    decl = compare_declarations(announced, trump=trump, dealer=Seat.W, hands=hands, rules=rules)
    belote = [0, 0]
    if deal.belote is not None:
        belote[deal.belote.team] = 20
    p = trick_points(deal.card_points, deal.winners[-1].team, deal.capot, trump=trump, rules=rules)
    assert sum(p) in (162, 252, 250)
    c = CoincheContract(taker, trump, bid, level)
    s = score_coinche(
        c,
        trick_points=p,
        belote=(belote[0], belote[1]),
        declarations=decl.points,
        capot=deal.capot,
        rules=rules,
    )
    t = taker.team
    winner = t if s.made else t ^ 1
    extras = sum(belote) + sum(decl.points)
    if deal.capot is not None and rules.capot_declarations == "void":
        extras -= decl.points[deal.capot ^ 1]  # a side with no trick counts no declarations
    if rules.belote == "attack_only":
        extras -= belote[t ^ 1]  # the defenders' belote never scores
    plain = level is Level.NONE or rules.coinche_scoring == "as_uncoinched"
    stake = bid * s.multiplier  # as_uncoinched: scored as plain, the bid multiplied
    if plain and s.made:
        assert sum(s.unrounded) == sum(p) + stake + extras
    elif plain:
        assert s.unrounded[t] == (belote[t] if rules.belote != "prenable" else 0)
        assert s.unrounded[t ^ 1] + s.unrounded[t] == rules.failure_base + stake + extras
    else:
        assert s.unrounded[winner ^ 1] in (0, 20)
        assert s.unrounded[winner] >= (160 + bid) * 2 - 160 * (rules.coinche_scoring == "bid_only")
    rounded = find_coinche_rules(preset)
    r = score_coinche(
        c,
        trick_points=p,
        belote=(belote[0], belote[1]),
        declarations=decl.points,
        capot=deal.capot,
        rules=rounded.with_knobs(rounding="half_up"),
    )
    assert all(x % 10 == 0 for x in r.score)
    assert all(abs(a - b) <= 5 for a, b in zip(r.score, r.unrounded, strict=True))


@settings(max_examples=60, deadline=None)
@given(
    scores=st.lists(
        st.tuples(st.integers(8, 26), st.integers(8, 26)).map(  # unequal once rounded
            lambda s: (s[0] * 10, s[1] * 10 + (10 if s[0] == s[1] else 3))
        ),
        min_size=40,
        max_size=40,
    ),
    final_tie=st.sampled_from(["last_deal_winner", "draw"]),
    belote_finish=st.sampled_from(["not_if_capot_or_failed", "not_if_capot", "allowed", "never"]),
    target=st.sampled_from([1000, 1500, 2000]),
)
def test_a_match_ends(scores, final_tie, belote_finish, target) -> None:  # type: ignore[no-untyped-def]
    rules = find_coinche_rules(target=target, final_tie=final_tie, belote_finish=belote_finish)
    deals = [MatchDeal(s) for s in scores]
    try:
        run_match(deals, dealer=Seat.N, rules=rules)
        raise AssertionError("40 deals of 160 points or more and the match goes on")
    except MatchError as e:  # a deal after the end: the match ended before it
        assert e.deal_index is not None
        deals = deals[: e.deal_index]
    result = run_match(deals, dealer=Seat.N, rules=rules)
    assert result.winner is not None or result.drawn
    assert result.ended_at == len(deals) - 1
    assert result.next_dealer is Seat.N.after(len(deals))
    assert result.deals_counted == len(deals)
    assert max(result.totals) >= target


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    trump=st.sampled_from(list(Trump)),
    reuse=st.sampled_from(["no", "yes"]),
)
def test_declarations_built_from_a_hand_are_valid_announcements(seed, trump, reuse) -> None:  # type: ignore[no-untyped-def]
    rules = find_coinche_rules(card_reuse=reuse)
    hands = random_hands(random.Random(seed))
    announced = {s: declarations_in_hand(hands[s], trump, rules=rules) for s in Seat}
    r = compare_declarations(announced, trump=trump, dealer=Seat.N, hands=hands, rules=rules)
    assert (r.team is None) == (r.points == (0, 0))
    assert r.team is None or r.points[r.team] > 0 and r.points[Team(r.team).other] == 0
