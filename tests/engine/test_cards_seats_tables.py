"""Cards, seats and turn order, and the contract tables (ranks and points)."""

from __future__ import annotations

import pytest

from explainer.engine import (
    DECK,
    CardSet,
    EngineError,
    InvalidCardError,
    InvalidContractError,
    InvalidSeatError,
    Rank,
    Seat,
    Suit,
    Team,
    Trump,
    card,
    card_rank,
    card_str,
    card_suit,
    parse_card,
    tables,
)

# -- cards ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [card_str(c) for c in DECK])
def test_every_card_round_trips_through_its_canonical_text(text):
    assert card_str(parse_card(text)) == text


def test_cards_are_suit_times_eight_plus_rank_spades_hearts_diamonds_clubs_seven_to_ace():
    assert parse_card("7S") == 0
    assert parse_card("AS") == 7
    assert parse_card("7H") == 8
    assert parse_card("10D") == 2 * 8 + 3
    assert parse_card("AC") == 31
    assert card(Rank.JACK, Suit.HEARTS) == parse_card("JH")
    assert card_suit(parse_card("QD")) is Suit.DIAMONDS
    assert card_rank(parse_card("QD")) is Rank.QUEEN


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10D", "10D"),
        ("TD", "10D"),
        ("td", "10D"),
        ("10d", "10D"),
        ("jh", "JH"),
        ("  as ", "AS"),
        ("K♠", "KS"),
        ("q♥", "QH"),
        ("7♦", "7D"),
        ("10♣", "10C"),
        ("T♣", "10C"),
    ],
)
def test_parse_accepts_t_for_ten_lower_case_and_suit_symbols(text, canonical):
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize(
    "text", ["11S", "1S", "AX", "A", "S", "", "10", "AS ", "JJ", "ZS", "6S", "AS KS"]
)
def test_invalid_card_raises_invalid_card_error_quoting_the_input(text):
    if text == "AS ":  # surrounding blanks are forgiven; not an error
        assert parse_card(text) == parse_card("AS")
        return
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    assert str(info.value) == f"invalid card: {text!r}"


def test_invalid_card_error_message_for_11s_is_exactly_as_documented():
    with pytest.raises(InvalidCardError, match=r"^invalid card: '11S'$"):
        parse_card("11S")


def test_invalid_card_error_is_an_engine_error_and_a_value_error():
    with pytest.raises(EngineError):
        parse_card("11S")
    with pytest.raises(ValueError):
        parse_card(None)  # type: ignore[arg-type]


def test_card_set_parses_formats_in_deck_order_and_reprs_back():
    hand = CardSet.parse("KS 7S jh, 9C 10d")
    assert str(hand) == "7S KS JH 10D 9C"
    assert repr(hand) == "CardSet('7S KS JH 10D 9C')"
    assert eval(repr(hand)) == hand
    assert len(hand) == 5
    assert parse_card("JH") in hand and parse_card("JS") not in hand
    assert CardSet.parse(["KS", "7S"]) == CardSet.parse("7S KS")


def test_card_set_operators_work_on_the_mask():
    a, b = CardSet.parse("7S KS JH"), CardSet.parse("KS 9C")
    assert str(a | b) == "7S KS JH 9C"
    assert str(a & b) == "KS"
    assert str(a - b) == "7S JH"
    assert not CardSet() and CardSet.parse("AS")


# -- seats, teams, turn order -------------------------------------------------------------


def test_turn_order_is_north_east_south_west_then_north_again():
    assert [Seat.N.after(k).name for k in range(5)] == ["N", "E", "S", "W", "N"]
    assert Seat.W.next is Seat.N
    assert Seat.N.previous is Seat.W


@pytest.mark.parametrize(
    ("seat", "partner", "team"),
    [("N", "S", "NS"), ("S", "N", "NS"), ("E", "W", "EW"), ("W", "E", "EW")],
)
def test_partners_sit_across_and_share_a_team(seat, partner, team):
    s = Seat.parse(seat)
    assert s.partner is Seat.parse(partner)
    assert s.team is Team.parse(team)
    assert s.partner.team is s.team
    assert s.next.team is s.team.other


def test_team_seats_and_parse_either_letter_order():
    assert Team.NS.seats == (Seat.N, Seat.S)
    assert Team.EW.seats == (Seat.E, Seat.W)
    assert Team.parse("we") is Team.EW and Team.parse("SN") is Team.NS


@pytest.mark.parametrize("text", ["X", "", "NE", "north"])
def test_invalid_seat_or_team_raises_invalid_seat_error_quoting_the_input(text):
    with pytest.raises(InvalidSeatError, match=f"invalid seat: {text!r}"):
        Seat.parse(text)
    with pytest.raises(InvalidSeatError, match="invalid team"):
        Team.parse(text + "Q")


def test_seat_parse_is_case_insensitive():
    assert Seat.parse("s") is Seat.S and Seat.parse(" w ") is Seat.W


# -- contract tables ----------------------------------------------------------------------


def _ranks_high_to_low(trump: Trump, suit: str) -> list[str]:
    t = tables(trump)
    cards = [parse_card(r + suit) for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    return [card_str(c)[:-1] for c in sorted(cards, key=lambda c: -t.strength[c])]


def _points(trump: Trump, suit: str, ranks: str) -> list[int]:
    return [tables(trump).points[parse_card(r + suit)] for r in ranks.split()]


def test_trump_suit_ranks_j_9_a_10_k_q_8_7_with_20_14_11_10_4_3_0_0():
    assert _ranks_high_to_low(Trump.HEARTS, "H") == "J 9 A 10 K Q 8 7".split()
    assert _points(Trump.HEARTS, "H", "J 9 A 10 K Q 8 7") == [20, 14, 11, 10, 4, 3, 0, 0]


def test_plain_suit_in_a_trump_contract_ranks_a_10_k_q_j_9_8_7_with_11_10_4_3_2_0_0_0():
    for suit in "SDC":
        assert _ranks_high_to_low(Trump.HEARTS, suit) == "A 10 K Q J 9 8 7".split()
        assert _points(Trump.HEARTS, suit, "A 10 K Q J 9 8 7") == [11, 10, 4, 3, 2, 0, 0, 0]


def test_trump_contract_cards_total_152():
    for trump in (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS):
        assert sum(tables(trump).points) == 152
        assert tables(trump).trump_mask == 0xFF << (8 * trump)


def test_no_trump_every_suit_plain_ace_19_totals_152():
    for suit in "SHDC":
        assert _ranks_high_to_low(Trump.NONE, suit) == "A 10 K Q J 9 8 7".split()
        assert _points(Trump.NONE, suit, "A 10 K Q J 9 8 7") == [19, 10, 4, 3, 2, 0, 0, 0]
    assert sum(tables(Trump.NONE).points) == 152
    assert tables(Trump.NONE).trump_mask == 0


def test_all_trump_every_suit_as_trump_j14_9_9_a6_10_5_k3_q1_totals_152():
    for suit in "SHDC":
        assert _ranks_high_to_low(Trump.ALL, suit) == "J 9 A 10 K Q 8 7".split()
        assert _points(Trump.ALL, suit, "J 9 A 10 K Q 8 7") == [14, 9, 6, 5, 3, 1, 0, 0]
    assert sum(tables(Trump.ALL).points) == 152


def test_trump_parse_words_and_unknown_trump_error():
    assert [
        Trump.parse(w) for w in ("spades", "Hearts", "diamonds", "clubs", "none", "all")
    ] == list(Trump)
    with pytest.raises(InvalidContractError, match="unknown trump: 'sans'"):
        Trump.parse("sans")
