"""Coinche deal scoring (coinche.md §2): worked examples E8-E14, E18, E19 and the knobs.

E8, E9 and E13 are whole deals, checked trick by trick (``play_coinche_deal``); the
rest are the scoring arithmetic (``score_coinche``) on the facts the example states.
Every number agrees with coinche.md's hand derivation: no side had to be corrected.
"""

from __future__ import annotations

import pytest

from explainer.engine.cards import parse_card
from explainer.engine.coinche import (
    FFB_COINCHE,
    FFB_CONTREE,
    PAGAT_COINCHE,
    BidKind,
    CoincheContract,
    CoincheRules,
    Level,
    card_points_of,
    declare_classic,
    find_coinche_rules,
    play_coinche_deal,
    score_classic_declarations,
    score_coinche,
    trick_points,
)
from explainer.engine.coinche.errors import DeclarationError
from explainer.engine.contract import Contract, Trump
from explainer.engine.deal import DealResult, play_deal
from explainer.engine.errors import InvalidContractError
from explainer.engine.rules import find_rules
from explainer.engine.seats import Seat, Team


def tricks(*lines: str) -> list[list[tuple[Seat, int]]]:
    return [
        [(Seat.parse(p.split(":")[0]), parse_card(p.split(":")[1])) for p in line.split()]
        for line in lines
    ]


E8_TRICKS = tricks(
    "N:KD E:JD S:QD W:8D",
    "N:QH E:9H S:AH W:KH",
    "S:AD W:8S N:9D E:10D",
    "W:KC N:QC E:7C S:10C",
    "S:9C W:JC N:9S E:8C",
    "N:QS E:AS S:7S W:10S",
    "E:JH S:KS W:10H N:8H",
    "S:7D W:AC N:JS E:7H",
)
E9_TRICKS = tricks(
    "E:QD S:10D W:JS N:JD",
    "N:7H E:AH S:JH W:9H",
    "E:KD S:9D W:9S N:QS",
    "S:QH W:8H N:KH E:10H",
    "E:JC S:QC W:9C N:7C",
    "S:7D W:10C N:AC E:8D",
    "E:10S S:AD W:8S N:KS",
    "S:8C W:AS N:7S E:KC",
)
E13_TRICKS = tricks(
    "S:7D W:KH N:10D E:AD",
    "W:10H N:8S E:9H S:7H",
    "E:8H S:AH W:JH N:JC",
    "W:7S N:9S E:AS S:QS",
    "E:AC S:10S W:9C N:7C",
    "E:QH S:KD W:KS N:8C",
    "E:KC S:QD W:QC N:9D",
    "E:10C S:8D W:JS N:JD",
)


def e8(rules: CoincheRules, bid: int = 110, level: Level = Level.NONE) -> tuple[int, int]:
    contract = CoincheContract(Seat.S, Trump.SPADES, bid, level)
    return play_coinche_deal(contract, E8_TRICKS, rules=rules, dealer=Seat.W).score


def e9(rules: CoincheRules, bid: int = 100, level: Level = Level.NONE) -> tuple[int, int]:
    contract = CoincheContract(Seat.W, Trump.DIAMONDS, bid, level)
    return play_coinche_deal(contract, E9_TRICKS, rules=rules, dealer=Seat.N).score


def knobs(**kw: str) -> CoincheRules:
    return find_coinche_rules(**kw)


# --- E8: a made contract; rounding -------------------------------------------------------


def test_e8_full_deal_facts() -> None:
    r = play_coinche_deal(CoincheContract(Seat.S, Trump.SPADES, 110), E8_TRICKS, dealer=Seat.W)
    assert (r.card_points, r.last_trick, r.belote, r.capot) == ((107, 45), Team.NS, None, None)
    assert (r.points, r.total, r.made) == ((117, 45), (117, 45), True)
    assert r.declarations.points == (0, 0)


@pytest.mark.parametrize("rules", [FFB_COINCHE, FFB_CONTREE, PAGAT_COINCHE])
def test_e8_made_points_plus_bid_half_up(rules: CoincheRules) -> None:
    assert e8(rules) == (230, 50)


def test_e8_rounding_half_down() -> None:
    assert e8(knobs(rounding="half_down")) == (230, 40)


def test_e8_rounding_none() -> None:
    assert e8(knobs(rounding="none")) == (227, 45)


def test_e8_scoring_points_only() -> None:
    assert e8(knobs(scoring="points_only")) == (120, 50)


def test_e8_scoring_bid_only() -> None:
    assert e8(knobs(scoring="bid_only")) == (110, 0)


# --- E9: failed with the takers' belote ---------------------------------------------------


def test_e9_full_deal_facts() -> None:
    r = play_coinche_deal(CoincheContract(Seat.W, Trump.DIAMONDS, 100), E9_TRICKS, dealer=Seat.N)
    assert (r.card_points, r.belote, r.points, r.total, r.made) == (
        (86, 66),
        Seat.E,
        (86, 96),
        (86, 96),
        False,
    )


@pytest.mark.parametrize("rules", [FFB_COINCHE, PAGAT_COINCHE])
def test_e9_belote_imprenable_takers_keep_their_belote(rules: CoincheRules) -> None:
    assert e9(rules) == (260, 20)


def test_e9_belote_prenable_defence_takes_it() -> None:
    assert e9(FFB_CONTREE) == (280, 0)


def test_e9_failure_base_162_half_down_prenable_cannes() -> None:
    rules = knobs(failure_base="162", belote="prenable", rounding="half_down")
    assert e9(rules) == (280, 0)


def test_e9_colver_162_prenable_no_rounding() -> None:
    assert e9(knobs(failure_base="162", belote="prenable", rounding="none")) == (282, 0)


def test_belote_attack_only_a_defence_belote_never_scores() -> None:
    # E9's cards with E's belote on the defence: N takes 80 diamonds and makes it.
    contract = CoincheContract(Seat.N, Trump.DIAMONDS, 80)
    r = play_coinche_deal(contract, E9_TRICKS, dealer=Seat.N, rules=knobs(belote="attack_only"))
    assert (r.made, r.score) == (True, (170, 80))
    r = play_coinche_deal(contract, E9_TRICKS, dealer=Seat.N)
    assert (r.made, r.score) == (False, (0, 260))


# --- E10: 80 against 82, 81-81 -------------------------------------------------------------

C80 = CoincheContract(Seat.N, Trump.CLUBS, 80)


def s80(p: tuple[int, int], rules: CoincheRules) -> tuple[bool, tuple[int, int]]:
    r = score_coinche(C80, trick_points=p, rules=rules)
    return r.made, r.score


def test_e10a_must_beat_defence_no_reaching_the_bid_is_enough() -> None:
    assert s80((80, 82), FFB_CONTREE) == (True, (160, 80))


def test_e10a_must_beat_defence_yes_fails_below_the_defence() -> None:
    assert s80((80, 82), FFB_COINCHE) == (False, (0, 240))


def test_e10a_bid_80_needs_82() -> None:
    assert s80((80, 82), PAGAT_COINCHE) == (False, (0, 240))
    assert s80((80, 82), knobs(bid_80_needs="82", must_beat_defence="no")) == (False, (0, 240))


def test_e10b_must_beat_defence_no_81_81_made() -> None:
    assert s80((81, 81), FFB_CONTREE) == (True, (160, 80))


def test_e10b_tie_failed() -> None:
    assert s80((81, 81), FFB_COINCHE) == (False, (0, 240))


def test_e10b_tie_made() -> None:
    assert s80((81, 81), knobs(tie="made")) == (True, (160, 80))


def test_e10b_tie_litige_defence_scores_now_takers_points_held() -> None:
    r = score_coinche(C80, trick_points=(81, 81), rules=knobs(tie="litige"))
    assert (r.made, r.score, r.held, r.redeal) == (False, (0, 80), (81, 0), False)


def test_e10b_tie_redeal_nothing_scores() -> None:
    r = score_coinche(C80, trick_points=(81, 81), rules=knobs(tie="redeal"))
    assert (r.score, r.redeal) == ((0, 0), True)


def test_e10b_pagat_81_fails_an_80() -> None:
    assert s80((81, 81), PAGAT_COINCHE) == (False, (0, 240))


def test_tie_fail_is_coinche_md_spelling_of_failed() -> None:
    assert knobs(tie="fail").tie == "failed"


def test_min_bid_82_an_80_bid_needs_82() -> None:
    rules = knobs(min_bid="82", must_beat_defence="no")
    assert s80((81, 81), rules) == (False, (0, 240))
    assert s80((82, 80), rules) == (True, (160, 80))


# --- E11: coinched, what is multiplied ----------------------------------------------------


def test_e11_coinche_scoring_whole() -> None:
    assert e8(FFB_COINCHE, level=Level.COINCHE) == (540, 0)


def test_e11_coinche_scoring_flat() -> None:
    assert e8(FFB_CONTREE, level=Level.COINCHE) == (540, 0)


def test_e11_coinche_scoring_flat_points_only() -> None:
    rules = find_coinche_rules("ffb_contree", scoring="points_only")
    assert e8(rules, level=Level.COINCHE) == (320, 0)


def test_e11_coinche_scoring_bid_only() -> None:
    """The winner takes the base and the doubled bid, the loser nothing."""
    rules = find_coinche_rules("pagat_coinche", coinche_scoring="bid_only")
    assert e8(rules, level=Level.COINCHE) == (380, 0)


def test_e11_pagat_coinched_and_made_is_scored_as_if_not_coinched_with_the_bid_doubled() -> None:
    """Pagat: "A coinche doubles the score for the bid only"; made, "the bidding team
    scores the number of points they took plus the number they bid, and their opponents
    score the points they took": 117 + 2 x 110 = 337 -> 340, and 45 -> 50."""
    assert e8(PAGAT_COINCHE, level=Level.COINCHE) == (340, 50)


def test_e11_cannes_bid_only_162_half_down() -> None:
    rules = knobs(coinche_scoring="bid_only", failure_base="162", rounding="half_down")
    assert e8(rules, level=Level.COINCHE) == (380, 0)


def test_e11_colver_bid_only_162_no_rounding() -> None:
    rules = knobs(coinche_scoring="bid_only", failure_base="162", rounding="none")
    assert e8(rules, level=Level.COINCHE) == (382, 0)


def test_e11_failed_120_coinched() -> None:
    assert e8(FFB_COINCHE, 120, Level.COINCHE) == (0, 560)
    assert e8(FFB_CONTREE, 120, Level.COINCHE) == (0, 560)
    assert e8(PAGAT_COINCHE, 120, Level.COINCHE) == (0, 400)


def test_e11_pagat_failed_coinched_100_whole_and_bid_only() -> None:
    c = CoincheContract(Seat.N, Trump.HEARTS, 100, Level.COINCHE)
    assert score_coinche(c, trick_points=(60, 102), rules=PAGAT_COINCHE).score == (0, 360)
    rules = find_coinche_rules("pagat_coinche", coinche_scoring="whole")
    assert score_coinche(c, trick_points=(60, 102), rules=rules).score == (0, 520)


def test_coinche_scoring_base_only() -> None:
    assert e8(knobs(coinche_scoring="base_only"), level=Level.COINCHE) == (430, 0)


# --- E12: surcoinched with belote ---------------------------------------------------------


def e12(rules: CoincheRules) -> tuple[int, int]:
    return e9(rules, 90, Level.SURCOINCHE)


def test_e12_belote_multiplied_yes() -> None:
    assert e12(FFB_COINCHE) == (0, 1080)


def test_e12_belote_multiplied_no() -> None:
    assert e12(knobs(belote_multiplied="no")) == (0, 1020)


def test_e12_ffb_contree_flat_times_four() -> None:
    assert e12(FFB_CONTREE) == (0, 1020)


def test_e12_pagat_bid_only_times_four() -> None:
    assert e12(find_coinche_rules("pagat_coinche", coinche_scoring="bid_only")) == (0, 540)


def test_e12_pagat_surcoinched_and_made_keeps_the_defences_points() -> None:
    """Made (96 against a bid of 90): the takers 76 + 20 + 4 x 90 = 456 -> 460, the
    defence its own 86 -> 90."""
    assert e12(PAGAT_COINCHE) == (90, 460)


def test_e12_surcoinche_3_ffb_el() -> None:
    rules = knobs(surcoinche="3", coinche_scoring="bid_only", belote_multiplied="no")
    assert e12(rules) == (0, 450)


def test_e12_cannes_times_three_162_half_down() -> None:
    rules = knobs(
        surcoinche="3",
        coinche_scoring="bid_only",
        belote_multiplied="no",
        failure_base="162",
        rounding="half_down",
    )
    assert e12(rules) == (0, 450)


def test_e12_belote_counts_no_fails_takers_keep_belote() -> None:
    assert e12(knobs(belote_counts="no")) == (1000, 20)


def test_surcoinche_off_refuses_a_surcoinched_contract() -> None:
    with pytest.raises(InvalidContractError, match="a surcoinche is not played under ffb_coinche"):
        e12(knobs(surcoinche="off"))


# --- E13: a capot not bid; the defence's declaration changes hands ------------------------


def e13(rules: CoincheRules) -> tuple[int, int]:
    contract = CoincheContract(Seat.W, Trump.HEARTS, 110)
    announced = {Seat.N: ["tierce JD"]} if rules.declarations else {}
    return play_coinche_deal(
        contract, E13_TRICKS, rules=rules, dealer=Seat.E, announced=announced
    ).score


def test_e13_full_deal_facts() -> None:
    contract = CoincheContract(Seat.W, Trump.HEARTS, 110)
    r = play_coinche_deal(contract, E13_TRICKS, dealer=Seat.E, announced={Seat.N: ["tierce JD"]})
    assert (r.card_points, r.capot, r.belote, r.points) == ((0, 152), Team.EW, None, (0, 252))
    assert (r.declarations.best, r.declarations.points, r.total, r.made) == (
        Seat.N,
        (20, 0),
        (20, 252),
        True,
    )


def test_e13_capot_declarations_to_capot_team() -> None:
    assert e13(FFB_COINCHE) == (0, 380)


def test_e13_ffb_contree_no_declarations() -> None:
    assert e13(FFB_CONTREE) == (0, 360)


def test_e13_pagat_capot_250_declarations_void() -> None:
    assert e13(PAGAT_COINCHE) == (0, 360)


def test_e13_capot_declarations_void() -> None:
    assert e13(knobs(capot_declarations="void")) == (0, 360)


def test_e13_capot_points_162() -> None:
    assert e13(knobs(capot_points="162", declarations="off")) == (0, 270)


def test_capot_points_250_and_252() -> None:
    assert trick_points((152, 0), Team.NS, Team.NS, rules=knobs(capot_points="250")) == (250, 0)
    assert trick_points((152, 0), Team.NS, Team.NS) == (252, 0)


# --- E14: a capot bid ---------------------------------------------------------------------


def capot(rules: CoincheRules, made: bool, level: Level = Level.NONE) -> tuple[int, int]:
    c = CoincheContract(Seat.S, Trump.SPADES, BidKind.CAPOT, level)
    if made:
        return score_coinche(
            c,
            trick_points=trick_points((152, 0), Team.NS, Team.NS, rules=rules),
            capot=Team.NS,
            rules=rules,
        ).score
    return score_coinche(c, trick_points=(140, 22), rules=rules).score


EL = dict(coinche_scoring="bid_only", surcoinche="3")
CANNES = dict(
    coinche_scoring="bid_only",
    surcoinche="3",
    capot_value="270",
    failure_base="162",
    rounding="half_down",
)


@pytest.mark.parametrize(
    ("case", "made", "level", "ffb_coinche", "ffb_contree", "pagat", "el", "cannes"),
    [
        ("a", True, Level.NONE, (500, 0), (500, 0), (500, 0), (500, 0), (520, 0)),
        ("b", False, Level.NONE, (0, 410), (0, 500), (0, 500), (0, 410), (0, 430)),
        ("c", True, Level.COINCHE, (1000, 0), (1000, 0), None, (750, 0), (790, 0)),
        ("d", True, Level.SURCOINCHE, (2000, 0), (2000, 0), None, (1000, 0), (1060, 0)),
        ("e", False, Level.COINCHE, (0, 820), (0, 1000), None, (0, 660), (0, 700)),
    ],
)
def test_e14_capot_bid_as_contract_and_flat(
    case: str,
    made: bool,
    level: Level,
    ffb_coinche: tuple[int, int],
    ffb_contree: tuple[int, int],
    pagat: tuple[int, int] | None,
    el: tuple[int, int],
    cannes: tuple[int, int],
) -> None:
    assert capot(FFB_COINCHE, made, level) == ffb_coinche
    assert capot(FFB_CONTREE, made, level) == ffb_contree
    if pagat is not None:
        assert capot(PAGAT_COINCHE, made, level) == pagat
    assert capot(knobs(**EL), made, level) == el
    assert capot(knobs(**CANNES), made, level) == cannes


def test_capot_value_260() -> None:
    assert capot(knobs(capot_value="260"), True) == (510, 0)


def test_generale_value_solo_made_and_failed() -> None:
    c = CoincheContract(Seat.S, Trump.SPADES, BidKind.GENERALE)
    rules = knobs(generale="solo", generale_value="1000")
    assert score_coinche(c, trick_points=(252, 0), capot=Team.NS, solo=True, rules=rules).score == (
        1000,
        0,
    )
    assert score_coinche(
        c, trick_points=(252, 0), capot=Team.NS, solo=False, rules=rules
    ).score == (0, 1000)
    assert score_coinche(
        c, trick_points=(252, 0), capot=Team.NS, solo=True, rules=knobs(generale="solo")
    ).score == (500, 0)


# --- E18: declarations and the contract ---------------------------------------------------

C100 = CoincheContract(Seat.N, Trump.HEARTS, 100)


def test_e18a_declarations_count_yes_a_tierce_makes_the_contract() -> None:
    r = score_coinche(C100, trick_points=(83, 79), declarations=(20, 0))
    assert (r.total, r.made, r.score) == ((103, 79), True, (200, 80))


def test_e18a_declarations_count_no_the_tierce_changes_hands() -> None:
    r = score_coinche(
        C100, trick_points=(83, 79), declarations=(20, 0), rules=knobs(declarations_count="no")
    )
    assert (r.made, r.score) == (False, (0, 280))


def test_e18b_a_better_defence_declaration_voids_the_takers() -> None:
    r = score_coinche(C100, trick_points=(83, 79), declarations=(0, 50))
    assert (r.made, r.score) == (False, (0, 310))


# --- E19: classic Belote with declarations ------------------------------------------------


def test_e19a_classic_declarations_made() -> None:
    assert score_classic_declarations((92, 70), (0, 50), taker=Seat.E, tie="failed") == (
        True,
        (92, 120),
    )


def test_e19b_classic_declarations_failed_defence_takes_162_and_all_declarations() -> None:
    assert score_classic_declarations((66, 96), (20, 0), taker=Seat.N, tie="failed") == (
        False,
        (0, 182),
    )


def test_classic_declarations_belote_imprenable_takers_keep_it() -> None:
    made, score = score_classic_declarations(
        (66, 96), (0, 0), taker=Seat.N, belote=Seat.S, belote_rule="imprenable"
    )
    assert (made, score) == (False, (20, 162))


# --- all_trump_points ---------------------------------------------------------------------


def test_all_trump_points_scales_sum_to_152() -> None:
    for value in ("ffb2015", "pagat"):
        assert card_points_of(range(32), Trump.ALL, knobs(all_trump_points=value)) == 152
    assert card_points_of(range(32), Trump.ALL, knobs(all_trump_points="ffb2016_ratio")) == 248


def test_all_trump_points_ffb2015_jack_13_queen_2() -> None:
    rules = knobs(all_trump_points="ffb2015")
    assert card_points_of([parse_card("JH"), parse_card("QH")], Trump.ALL, rules) == 15


def test_all_trump_points_pagat_jack_14_queen_1() -> None:
    rules = knobs(all_trump_points="pagat")
    assert card_points_of([parse_card("JH"), parse_card("QH")], Trump.ALL, rules) == 15
    assert card_points_of([parse_card("JH")], Trump.ALL, rules) == 14


def test_all_trump_points_ffb2016_ratio_scales_to_162() -> None:
    rules = knobs(all_trump_points="ffb2016_ratio")
    # FFB-B16's example: 198 (with the dix de der) x 162/258 -> 124.
    assert trick_points((188, 60), Team.NS, None, trump=Trump.ALL, rules=rules) == (124, 38)


def test_sa_ta_on_a_tout_atout_deal_scores_on_the_presets_scale() -> None:
    import random

    from explainer.engine.simulate import random_scored_deal

    d = random_scored_deal(random.Random(3), Trump.ALL, taker=Seat.N, leader=Seat.E)
    contract = CoincheContract(Seat.N, Trump.ALL, 80)
    ffb = play_coinche_deal(contract, d.tricks(), dealer=Seat.N, rules=knobs(sa_ta="on"))
    ratio = play_coinche_deal(contract, d.tricks(), dealer=Seat.N, rules=FFB_CONTREE)
    assert sum(ffb.card_points) == 152
    assert sum(ratio.card_points) == 248
    assert sum(ratio.scored.trick_points) in (161, 162, 163, 252)


def test_a_sans_atout_deal_has_no_belote_and_152_card_points() -> None:
    import random

    from explainer.engine.simulate import random_scored_deal

    d = random_scored_deal(random.Random(4), Trump.NONE, taker=Seat.E, leader=Seat.E)
    r = play_coinche_deal(CoincheContract(Seat.E, Trump.NONE, 90), d.tricks(), dealer=Seat.N)
    assert (r.belote, sum(r.card_points)) == (None, 152)


def test_contract_parses_scenario_words() -> None:
    c = CoincheContract.parse(taker="W", trump="diamonds", bid="90", level="surcontre")
    assert c == CoincheContract(Seat.W, Trump.DIAMONDS, 90, Level.SURCOINCHE)
    assert CoincheContract.parse(taker="S", trump="spades", bid="capot").bid is BidKind.CAPOT
    assert c.written_bid == "90"


@pytest.mark.parametrize(
    ("bid", "message"),
    [
        ("85", "invalid bid: '85' (a bid is a multiple of 10, at least 80)"),
        ("70", "invalid bid: '70' (a bid is a multiple of 10, at least 80)"),
        ("lots", "invalid bid: 'lots' (expected a number, capot or generale)"),
    ],
)
def test_contract_with_an_impossible_bid_is_invalid(bid: str, message: str) -> None:
    with pytest.raises(InvalidContractError) as e:
        CoincheContract.parse(taker="W", trump="diamonds", bid=bid)
    assert str(e.value) == message


def tout_atout_plays() -> list[list[tuple[Seat, int]]]:
    """A tout atout deal led by E, each seat playing its hand in order: K and Q of spades
    and hearts with N, of diamonds with S, of clubs with W."""
    hands = {
        Seat.N: "KS QS KH QH 7D 8D 7C 8C",
        Seat.E: "AS 10S JS 9S AH 10H JH 9H",
        Seat.S: "8S 7S 8H 7H AD 10D KD QD",
        Seat.W: "JD 9D AC 10C KC QC JC 9C",
    }
    cards = {s: [parse_card(c) for c in h.split()] for s, h in hands.items()}
    plays = [[(s, cards[s][i]) for s in (Seat.E, Seat.S, Seat.W, Seat.N)] for i in range(8)]
    return plays


@pytest.mark.parametrize(("value", "belotes"), [("each_suit", (60, 20)), ("none", (0, 0))])
def test_all_trump_belote_at_tout_atout(value: str, belotes: tuple[int, int]) -> None:
    plays = tout_atout_plays()
    rules = find_coinche_rules(sa_ta="on", all_trump_belote=value)
    r = play_coinche_deal(
        CoincheContract(Seat.N, Trump.ALL, 80), plays, rules=rules, play_rules=None, dealer=Seat.N
    )
    assert r.scored.belote == belotes


def _classic(lines: str, trump: Trump, taker: Seat, dealer: Seat) -> DealResult:
    plays = tricks(*lines.strip().splitlines())
    return play_deal(
        Contract(trump, "belote", taker), plays, find_rules("ffb_belote"), dealer=dealer
    )


E19A = """
E:KD S:9D W:8D N:AD
N:QS E:AS S:9S W:8S
S:JH W:KH N:10H E:7H
N:JS E:QC S:10S W:7S
N:7C E:AC S:JC W:8H
E:QD S:10C W:7D N:KC
E:10D S:AH W:KS N:9H
W:QH N:8C E:JD S:9C
"""


def test_e19a_classic_declarations_on_a_cinquante_makes_the_contract() -> None:
    deal = _classic(E19A, Trump.SPADES, Seat.E, Seat.N)
    rules = find_rules("ffb_belote", classic_declarations="on")
    scored, decl = declare_classic(
        deal, {Seat.E: ["cinquante KD"], Seat.S: ["tierce JC"]}, rules=rules
    )
    assert (deal.points, decl.points, scored.made, scored.score) == (
        (92, 70),
        (0, 50),
        True,
        (92, 120),
    )


def test_classic_declarations_off_refuses_an_announced_declaration() -> None:
    deal = _classic(E19A, Trump.SPADES, Seat.E, Seat.N)
    with pytest.raises(DeclarationError) as exc:
        declare_classic(deal, {Seat.E: ["cinquante KD"]}, rules=find_rules("ffb_belote"))
    assert (
        str(exc.value) == "declarations are not played under ffb_belote (classic_declarations: off)"
    )
