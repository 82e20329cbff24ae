"""Every field of the engine's results is read, and every argument changes what it should.

Written against the survivors of a mutation run (issue 16): a preset passed to
``verdict``, ``check_play`` or a random deal that the engine ignored, a card that
``in`` missed, a result field that nothing read, an error that lost its card or place.
"""

from __future__ import annotations

import random

import pytest

from explainer.engine import (
    HOUSE,
    OFFICIAL,
    PLAIN_ORDER,
    PRESETS,
    TRUMP_ORDER,
    BiddingError,
    CardSet,
    Contract,
    EngineError,
    IllegalPlayError,
    InvalidContractError,
    InvalidDealError,
    Rule,
    Seat,
    Suit,
    Team,
    Trump,
    check_play,
    deal_cards,
    parse_card,
    play_deal,
    random_deal,
    random_scored_deal,
    score_trick,
    tables,
    verdict,
)
from explainer.engine.errors import did_you_mean

# Spades trump, AD led and JS trumped by E's opponent... S's partner N has not played:
# S holds no diamond; house makes S undertrump (7S 9S), official lets S discard.
UNDER_HAND = CardSet.parse("7S 9S KH QC")
UNDER_TRICK = [parse_card("AD"), parse_card("JS")]


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# -- verdict and check_play take the preset -------------------------------------------------


def test_verdict_under_official_lets_a_discard_be_played_where_house_forbids_it():
    kh = parse_card("KH")
    official = verdict(kh, UNDER_HAND, UNDER_TRICK, Trump.SPADES, OFFICIAL)
    house = verdict(kh, UNDER_HAND, UNDER_TRICK, Trump.SPADES, HOUSE)
    assert (official.card, official.legal, official.rule) == (kh, True, Rule.DISCARD)
    assert (house.card, house.legal, house.rule) == (kh, False, Rule.UNDERTRUMP)


def test_check_play_under_official_accepts_the_discard_house_refuses():
    kh = parse_card("KH")
    ruling = check_play(kh, UNDER_HAND, UNDER_TRICK, Trump.SPADES, OFFICIAL)
    assert (str(ruling.legal), ruling.rule) == ("7S 9S KH QC", Rule.DISCARD)
    with pytest.raises(IllegalPlayError) as info:
        check_play(kh, UNDER_HAND, UNDER_TRICK, Trump.SPADES, HOUSE)
    e = info.value
    assert str(e) == "illegal play: KH (must undertrump: 7S 9S)"
    assert (e.card, e.rule, CardSet(e.allowed)) == (kh, Rule.UNDERTRUMP, CardSet.parse("7S 9S"))
    assert (e.trick_index, e.play_index) == (None, None)


def test_check_play_of_a_card_not_in_the_hand_keeps_the_card_rule_and_allowed_cards():
    with pytest.raises(IllegalPlayError) as info:
        check_play(parse_card("AS"), CardSet.parse("7S 8H"), [parse_card("9S")], Trump.HEARTS)
    e = info.value
    assert str(e) == "illegal play: AS is not in the hand"
    assert (e.card, e.rule, CardSet(e.allowed)) == (
        parse_card("AS"),
        Rule.FOLLOW,
        CardSet.parse("7S"),
    )


def test_verdict_of_a_card_not_in_the_hand_keeps_the_card():
    with pytest.raises(IllegalPlayError) as info:
        verdict(parse_card("7S"), CardSet.parse("8S"), [], Trump.HEARTS)
    assert str(info.value) == "illegal play: 7S is not in the hand"
    assert (info.value.card, info.value.rule, info.value.allowed) == (parse_card("7S"), None, 0)


# -- cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["7S", "AC", "JH", "10D"])
def test_every_card_of_a_set_is_in_it_including_7s_and_ac(text: str):
    assert parse_card(text) in CardSet.parse(text)
    assert parse_card(text) not in CardSet()


@pytest.mark.parametrize("other", [-1, 32, "7S", None, 0.0])
def test_what_is_not_a_card_is_never_in_a_set(other: object):
    assert other not in CardSet.parse("7S 8S 9S 10S JS QS KS AS AC")


def test_the_lowest_and_highest_card_ids_are_7s_and_ac():
    assert (parse_card("7S"), parse_card("AC")) == (0, 31)


# -- contract and tables --------------------------------------------------------------------


def test_contract_parse_reads_the_scenario_words():
    assert Contract.parse("hearts", taker="S") == Contract(Trump.HEARTS, "belote", Seat.S)
    assert Contract.parse("all", game="coinche") == Contract(Trump.ALL, "coinche", None)
    assert Contract.parse("none").taker is None
    with pytest.raises(InvalidContractError) as info:
        Contract.parse("hearts", game="tarot")
    assert str(info.value) == "unknown game: 'tarot' (expected belote or coinche)"


def test_tables_know_their_trump_and_each_suits_rank_order():
    t = tables(Trump.HEARTS)
    assert t.trump is Trump.HEARTS
    assert t.order[Suit.HEARTS] == TRUMP_ORDER
    assert t.order[Suit.SPADES] == t.order[Suit.CLUBS] == PLAIN_ORDER
    assert tables(Trump.ALL).order == (TRUMP_ORDER,) * 4
    assert tables(Trump.NONE).order == (PLAIN_ORDER,) * 4
    assert Contract(Trump.CLUBS).tables is tables(Trump.CLUBS)


# -- trick, dealing and deal results --------------------------------------------------------


def test_a_scored_trick_keeps_its_leader_and_cards_in_play_order():
    cards = _cards("AS 10S 7S JH")
    r = score_trick(cards, Trump.HEARTS, Seat.S)
    assert (r.leader, r.cards, r.winner, r.winning_card) == (
        Seat.S,
        tuple(cards),
        Seat.E,
        parse_card("JH"),
    )


def test_a_trick_of_three_cards_is_not_scored():
    with pytest.raises(InvalidDealError) as info:
        score_trick(_cards("AS 10S 7S"), Trump.HEARTS)
    assert str(info.value) == "a finished trick has 4 cards, got 3"


def test_a_dealing_result_keeps_its_dealer_and_taker():
    deck = list(range(32))
    before = deal_cards(deck, Seat.W)
    after = deal_cards(deck, Seat.W, Seat.E)
    assert (before.dealer, before.taker, before.hands, before.turned) == (Seat.W, None, None, 20)
    assert (after.dealer, after.taker) == (Seat.W, Seat.E)
    assert after.first == before.first
    assert after.hands is not None and 20 in after.hands[Seat.E]  # the turned card


@pytest.mark.parametrize(
    ("deck", "message", "index"),
    [
        ([*range(31), 32], "invalid card in the deck: 32", 31),
        ([*range(31), -1], "invalid card in the deck: -1", 31),
        ([*range(31), 0], "7S is in the deck twice", 31),
        ([5, *range(5), *range(6, 31), 5], "QS is in the deck twice", 31),
    ],
)
def test_a_bad_deck_names_the_card_and_its_place(deck: list[int], message: str, index: int):
    with pytest.raises(InvalidDealError) as info:
        deal_cards(deck, Seat.N)
    assert (str(info.value), info.value.play_index, info.value.trick_index) == (
        message,
        index,
        None,
    )


def _a_random_deal(seed: int = 3, rules=OFFICIAL, leader: Seat = Seat.N):
    return random_scored_deal(random.Random(seed), Trump.SPADES, rules, leader=leader)


def test_a_deal_result_keeps_its_contract():
    r = _a_random_deal()
    contract = Contract(Trump.SPADES, taker=Seat.N)
    assert play_deal(contract, r.tricks(), OFFICIAL).contract is contract


@pytest.mark.parametrize(
    ("where", "bad", "message", "place"),
    [
        ((2, 1), 32, "invalid card in trick 3: 32", (2, 1)),
        ((2, 1), -1, "invalid card in trick 3: -1", (2, 1)),
        ((2, 1), "7S", "invalid card in trick 3: '7S'", (2, 1)),
        ((5, 3), "seat", "invalid seat in trick 6: 4", (5, 3)),
    ],
)
def test_a_bad_card_or_seat_in_a_deal_names_its_trick_and_play(
    where: tuple[int, int], bad: object, message: str, place: tuple[int, int]
):
    tricks = _a_random_deal().tricks()
    ti, pi = where
    seat, c = tricks[ti][pi]
    tricks[ti][pi] = (4, c) if bad == "seat" else (seat, bad)  # type: ignore[call-overload]
    with pytest.raises(InvalidDealError) as info:
        play_deal(Contract(Trump.SPADES, taker=Seat.N), tricks, OFFICIAL)
    assert (str(info.value), info.value.trick_index, info.value.play_index) == (message, *place)


def test_a_seat_with_nine_cards_and_one_with_seven_is_no_deal():
    tricks = _a_random_deal().tricks()
    first_seat = tricks[0][0][0]
    seat, c = tricks[7][3]
    other = next(s for s in Seat if s not in (seat, first_seat))
    tricks[7][3] = (other, c)
    with pytest.raises(InvalidDealError) as info:
        play_deal(Contract(Trump.SPADES, taker=Seat.N), tricks, OFFICIAL)
    e = info.value
    assert str(e) in {f"{s.name} plays {n} cards, expected 8" for s in Seat for n in (7, 9)}
    assert (e.trick_index, e.play_index) == (None, None)


def test_an_illegal_play_in_a_whole_deal_keeps_its_card_and_place():
    r = _a_random_deal(seed=3)  # legal under official, an illegal discard under house
    with pytest.raises(IllegalPlayError) as info:
        play_deal(Contract(Trump.SPADES, taker=Seat.N), r.tricks(), HOUSE)
    e = info.value
    ti, pi = e.trick_index, e.play_index
    assert ti is not None and pi is not None
    assert e.card == r.tricks()[ti][pi][1]
    assert str(e) == (
        f"illegal play in trick {ti + 1}: {r.tricks()[ti][pi][0].name} plays"
        f" {CardSet([e.card])} (partner wins, no lower trump: {CardSet(e.allowed)})"
    )
    assert e.rule is Rule.PARTNER_WINS


# -- random deals ---------------------------------------------------------------------------


def test_a_random_deal_is_played_under_the_preset_it_is_given():
    r = _a_random_deal(seed=3, rules=OFFICIAL)
    assert r.rules is OFFICIAL
    contract = Contract(Trump.SPADES, taker=Seat.N)
    assert play_deal(contract, r.tricks(), OFFICIAL).score == r.score
    with pytest.raises(IllegalPlayError):
        play_deal(contract, r.tricks(), HOUSE)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_field_of_a_random_deal_agrees_with_playing_it_back(name: str):
    rules = PRESETS[name]
    for seed in range(6):
        leader = Seat(seed % 4)
        taker = Seat((seed + 1) % 4)
        r = random_scored_deal(random.Random(seed), Trump.ALL, rules, taker=taker, leader=leader)
        assert (r.trump, r.taker, r.leader, r.rules) == (Trump.ALL, taker, leader, rules)
        assert sorted(r.cards) == list(range(32))
        assert [h.bit_count() for h in r.hands] == [8, 8, 8, 8]
        assert sum(r.hands) == (1 << 32) - 1
        tricks = r.tricks()
        assert tricks[0][0][0] is leader
        for seat, hand in zip(Seat, r.hands, strict=True):
            dealt = {c for t in tricks for s, c in t if s is seat}
            assert CardSet(hand) == CardSet(dealt)
        back = play_deal(Contract(Trump.ALL, taker=taker), tricks, rules)
        assert back.winners == r.winners
        assert (back.card_points, back.belote, back.belotes, back.capot) == (
            r.card_points,
            r.belote,
            r.belotes,
            r.capot,
        )
        assert (back.points, back.made, back.score, back.held) == (
            r.points,
            r.made,
            r.score,
            r.held,
        )


def test_random_deals_count_all_trump_cards_on_the_presets_scale():
    ffb = random_scored_deal(random.Random(1), Trump.ALL, PRESETS["ffb_belote"])
    house = random_scored_deal(random.Random(1), Trump.ALL, HOUSE)
    assert sum(ffb.card_points) == 248  # trump values, 62 a suit, before the ratio
    assert sum(house.card_points) == 152


def test_random_deal_gives_the_tricks_of_the_same_seeded_scored_deal():
    for leader in Seat:
        tricks = random_deal(random.Random(7), Trump.HEARTS, OFFICIAL, leader=leader)
        same = random_scored_deal(random.Random(7), Trump.HEARTS, OFFICIAL, leader=leader)
        assert tricks == same.tricks()
        assert tricks[0][0][0] is leader
    assert random_deal(random.Random(7), Trump.HEARTS) == (
        random_scored_deal(random.Random(7), Trump.HEARTS, HOUSE).tricks()
    )


def test_a_random_deal_whose_takers_take_every_trick_is_a_capot():
    for seed in range(3000):
        r = random_scored_deal(random.Random(seed), Trump.HEARTS, HOUSE)
        if r.capot is not None:
            break
    else:
        pytest.fail("no capot in 3000 random deals")
    assert len({w.team for w in r.winners}) == 1
    assert r.capot is r.winners[0].team
    assert r.capot in (Team.NS, Team.EW)


# -- errors ---------------------------------------------------------------------------------


def test_did_you_mean_names_the_closest_choice_from_three_fifths_alike():
    assert did_you_mean("hose", ("house", "official")) == " (did you mean 'house'?)"
    assert did_you_mean("offical", iter(["house", "official"])) == " (did you mean 'official'?)"
    assert did_you_mean("abcxy", ["abcde"]) == " (did you mean 'abcde'?)"  # 3 of 5 alike
    assert did_you_mean("abxyz", ["abcde"]) == ""  # 2 of 5
    assert did_you_mean(3, ["3"]) == ""
    assert did_you_mean("house", []) == ""


def test_engine_errors_keep_their_places():
    e = InvalidDealError("x", trick_index=2, play_index=3)
    assert (str(e), e.trick_index, e.play_index) == ("x", 2, 3)
    b = BiddingError("y", bid_index=4)
    assert (str(b), b.bid_index) == ("y", 4)
    assert BiddingError("z").bid_index is None
    i = IllegalPlayError("w", card=5, rule=Rule.FOLLOW, allowed=6, trick_index=1, play_index=0)
    assert (i.card, i.rule, i.allowed, i.trick_index, i.play_index) == (5, Rule.FOLLOW, 6, 1, 0)
    assert all(
        issubclass(c, EngineError) and issubclass(c, ValueError)
        for c in (InvalidDealError, BiddingError, IllegalPlayError, InvalidContractError)
    )
