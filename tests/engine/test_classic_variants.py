"""Classic Belote's organiser's option and the variants other engines play, on real deals.

Sans atout and tout atout bids (FFB-B16 §11.1, ``classic_sa_ta``); a coinche and a
surcoinche (belote-cli, ``classic_coinche``); the belote bonus switched off (OpenSpiel,
``belote_bonus``); tout atout counted with the trump values unscaled (belote-cli,
``all_trump_points: trump_values``); and Oliboy50's two Coinche variants
(``defence_capot``, ``no_trump_bid``).
"""

from __future__ import annotations

import random

import pytest

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_OTHER_VALUES,
    COINCHE_PRESETS,
    KNOBS,
    PRESETS,
    BiddingError,
    CoincheContract,
    Contract,
    InvalidContractError,
    Level,
    Seat,
    Team,
    Trump,
    capot_value,
    deal_total,
    declare_classic,
    find_coinche_rules,
    find_rules,
    parse_card,
    play_deal,
    random_scored_deal,
    run_bidding,
    score_coinche,
    score_deal,
)
from explainer.engine.presets import OTHER_VALUES
from explainer.engine.sources import SOURCES


def tricks(*lines: str) -> list[list[tuple[Seat, int]]]:
    return [
        [(Seat.parse(p.split(":")[0]), parse_card(p.split(":")[1])) for p in line.split()]
        for line in lines
    ]


# The one-deal page's "made, with the belote": West takes hearts, East-West make 104 to 78.
MADE_WITH_BELOTE = tricks(
    "E:AS S:8S W:KS N:JS",
    "E:9C S:AC W:QC N:JC",
    "S:7H W:QH N:JH E:8H",
    "N:10S E:10H S:QS W:9S",
    "E:KC S:7C W:7S N:8C",
    "E:10C S:9H W:KH N:AD",
    "S:7D W:9D N:KD E:10D",
    "E:QD S:JD W:AH N:8D",
)
COINCHE = find_rules("house", classic_coinche="on")


def made_with_belote(multiplier: int = 1, rules=COINCHE, taker: Seat = Seat.W):
    contract = Contract(Trump.HEARTS, taker=taker, multiplier=multiplier)
    return play_deal(contract, MADE_WITH_BELOTE, rules, dealer=Seat.N)


# -- sans atout and tout atout bids ------------------------------------------------------

PASSES = [(Seat.E, "pass"), (Seat.S, "pass"), (Seat.W, "pass"), (Seat.N, "pass")]
SA_TA = find_rules("ffb_belote", classic_sa_ta="on")


@pytest.mark.parametrize(("word", "trump"), [("none", Trump.NONE), ("all", Trump.ALL)])
def test_the_second_round_may_name_sans_atout_or_tout_atout_under_classic_sa_ta_on(
    word: str, trump: Trump
) -> None:
    r = run_bidding(Seat.N, parse_card("JH"), [*PASSES, (Seat.E, "pass"), (Seat.S, word)], SA_TA)
    assert (r.taker, r.trump, r.round, r.annulled) == (Seat.S, trump, 2, False)


def test_without_the_option_sans_atout_is_refused_at_its_bid() -> None:
    with pytest.raises(BiddingError) as info:
        run_bidding(Seat.N, parse_card("JH"), [*PASSES, (Seat.E, "none")])
    assert str(info.value) == (
        "in the second round E names a suit or passes; none is bid only with classic_sa_ta: on"
        " (not under house)"
    )
    assert info.value.bid_index == 4


def test_the_first_round_still_only_takes_the_turned_suit_with_the_option() -> None:
    with pytest.raises(BiddingError) as info:
        run_bidding(Seat.N, parse_card("JH"), [(Seat.E, "all")], SA_TA)
    assert str(info.value) == "in the first round E may only take or pass, not all"


def test_the_option_changes_no_bidding_a_suit_could_already_make() -> None:
    bids = [*PASSES, (Seat.E, "pass"), (Seat.S, "clubs")]
    assert run_bidding(Seat.N, parse_card("JH"), bids, SA_TA) == run_bidding(
        Seat.N, parse_card("JH"), bids
    )


def test_every_preset_leaves_the_option_off_and_the_ffb_cites_it() -> None:
    assert {p.classic_sa_ta for p in PRESETS.values()} == {"off"}
    cite = OTHER_VALUES["classic_sa_ta"]["on"].cites[0]
    assert (cite.key, cite.section) == ("FFB-B16", "§11.1")


# -- a coinche in classic Belote (belote-cli) ---------------------------------------------


@pytest.mark.parametrize(("multiplier", "ew"), [(1, 104), (2, 208), (4, 416)])
def test_a_coinche_multiplies_the_score_of_the_team_that_made_the_contract(
    multiplier: int, ew: int
) -> None:
    d = made_with_belote(multiplier)
    assert (d.made, d.points, d.score) == (True, (78, 104), (78, ew))


def test_a_failed_coinched_contract_multiplies_the_defenders_score() -> None:
    d = made_with_belote(2, taker=Seat.S)  # the same tricks, North-South took and failed
    assert d.made is False
    assert d.score == (0, 2 * (162 + 20))


def test_a_litige_is_not_multiplied() -> None:
    tie = find_rules("ffb_belote", classic_coinche="on")
    winners = [Seat.E, Seat.N] * 4  # North-South win the last trick: 71 + 10 against 81
    plain = score_deal((71, 81), winners, (), Seat.N, tie)
    coinched = score_deal((71, 81), winners, (), Seat.N, tie, multiplier=2)
    assert (plain.held, plain.score) == (81, (0, 81))
    assert coinched == plain


def test_a_coinche_is_refused_where_the_rules_play_none() -> None:
    with pytest.raises(InvalidContractError, match=r"a coinche is not played under house"):
        made_with_belote(2, find_rules("house"))
    with pytest.raises(InvalidContractError, match="invalid multiplier: 3"):
        Contract(Trump.HEARTS, taker=Seat.W, multiplier=3)


def test_a_coinche_multiplies_a_deal_scored_with_its_declarations() -> None:
    rules = find_rules("pagat_belote", classic_coinche="on")
    d, _ = declare_classic(made_with_belote(2, rules), {Seat.W: ("tierce AH",)}, rules=rules)
    plain, _ = declare_classic(made_with_belote(1, rules), {Seat.W: ("tierce AH",)}, rules=rules)
    won = 1 if plain.made else 0  # East-West took: their score doubles when they make it
    assert d.score[won] == 2 * plain.score[won] and d.score[1 - won] == plain.score[1 - won]


# -- the belote bonus switched off (OpenSpiel) -------------------------------------------


def test_without_the_belote_bonus_nobody_scores_a_belote() -> None:
    d = made_with_belote(1, find_rules("house", belote_bonus="off"))
    assert (d.belote, d.belotes, d.points, d.score) == (None, (), (78, 84), (78, 84))


def test_the_belote_bonus_off_is_openspiels_option() -> None:
    cite = OTHER_VALUES["belote_bonus"]["off"].cites[0]
    assert cite.key == "OPENSPIEL" and "use_belote_rebelote" in cite.quote


# -- tout atout counted with the trump values, unscaled (belote-cli) ----------------------

UNSCALED = find_rules("house", all_trump_points="trump_values")


@pytest.mark.parametrize("seed", range(12))
def test_an_all_trump_deal_counted_unscaled_adds_up_to_258(seed: int) -> None:
    d = random_scored_deal(random.Random(seed), Trump.ALL, UNSCALED)
    assert sum(d.card_points) == 248
    whole = deal_total(UNSCALED, Trump.ALL, capot=d.capot is not None)
    assert sum(d.points) - 20 * len(d.belotes) == whole


def test_an_unscaled_all_trump_capot_is_348_and_other_contracts_keep_the_capot_points() -> None:
    assert capot_value(UNSCALED, Trump.ALL) == 348
    assert capot_value(UNSCALED, Trump.HEARTS) == capot_value(UNSCALED, Trump.NONE) == 252
    assert deal_total(UNSCALED, Trump.NONE) == 162


# -- Oliboy50's Coinche: the defence's own points after its capot, sans atout double -----

NINETY = CoincheContract(Seat.S, Trump.SPADES, 90)


def test_a_defence_capot_scores_the_failure_base_or_its_own_trick_points() -> None:
    base = score_coinche(NINETY, trick_points=(0, 252), capot=Team.EW)
    own = score_coinche(
        NINETY,
        trick_points=(0, 252),
        capot=Team.EW,
        rules=find_coinche_rules(defence_capot="own_points"),
    )
    assert (base.score, own.score) == ((0, 250), (0, 340))


def test_own_points_change_nothing_without_a_defence_capot() -> None:
    rules = find_coinche_rules(defence_capot="own_points")
    failed = score_coinche(NINETY, trick_points=(60, 102), rules=rules)
    assert failed == score_coinche(NINETY, trick_points=(60, 102))


@pytest.mark.parametrize(
    ("trump", "level", "score"),
    [
        (Trump.NONE, Level.NONE, (290, 50)),
        (Trump.SPADES, Level.NONE, (200, 50)),
        # Pagat's coinche doubles the bid only (coinche_scoring: as_uncoinched): 112 + 2 × 180
        (Trump.NONE, Level.COINCHE, (470, 50)),
    ],
)
def test_a_sans_atout_contracts_value_counts_double_under_no_trump_bid_double(
    trump: Trump, level: Level, score: tuple[int, int]
) -> None:
    rules = find_coinche_rules("pagat_coinche", no_trump_bid="double")
    contract = CoincheContract(Seat.S, trump, 90, level)
    assert score_coinche(contract, trick_points=(112, 50), rules=rules).score == score


def test_every_other_value_is_a_value_of_its_knob_taken_by_no_preset_and_sourced() -> None:
    for knob, values in OTHER_VALUES.items():
        for value, sourced in values.items():
            assert value == sourced.value and value in KNOBS[knob].values
            assert all(getattr(p, knob) != value for p in PRESETS.values())
            assert sourced.cites and all(c.key in SOURCES for c in sourced.cites)
    for knob, values in COINCHE_OTHER_VALUES.items():
        for value, sourced in values.items():
            assert value == sourced.value and value in COINCHE_KNOBS[knob].values
            assert all(p.knobs[knob] != value for p in COINCHE_PRESETS.values())
            assert [c.key for c in sourced.cites] == ["OLIBOY50"]
