"""The bare script ``benchmarks/check.py`` measures ``explainer check`` against.

The least any checker of the generated scenarios must do, with nothing of the project
imported: read each file with PyYAML's C loader (``yaml.load(text, CSafeLoader)``),
rule it with the small engine below (classic Belote's ``house`` rule set, written
afresh from the rules, not taken from ``explainer.engine``), compare the stated facts
and print ``N passed, N failed``. No validation, no locations, no messages: a file it
cannot rule stops it with a traceback.

    python benchmarks/bare.py FOLDER

Only the shapes ``benchmarks/check.py`` generates are read: plays (``contract``,
``trick``, ``hand``, ``expect: {legal, rule}``) and whole deals (``kind: deal``,
``contract: {trump, taker}``, ``dealer``, ``tricks``, the deal's facts).
"""

from __future__ import annotations

import os
import sys

import yaml

SUITS = "SHDC"
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
TRUMPS = ("spades", "hearts", "diamonds", "clubs", "none", "all")
SEATS = "NESW"
TRUMP_ORDER = "7 8 Q K 10 A 9 J".split()  # low to high
PLAIN_ORDER = "7 8 9 J Q K 10 A".split()
POINTS = {
    "trump": {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3},
    "plain": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2},
    "none": {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2},
    "all": {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1},
}


def card(text: str) -> tuple[str, str]:
    """``"10H"`` -> ``("10", "H")``."""
    text = str(text).upper()
    return text[:-1], text[-1]


class Game:
    """One contract's ranks and points (``trump``: a suit letter, ``none`` or ``all``)."""

    def __init__(self, trump: str) -> None:
        self.trump = trump

    def is_trump(self, c: tuple[str, str]) -> bool:
        """Whether ``c`` is of the trump suit (no card is at no-trump and all-trump)."""
        return c[1] == self.trump

    def strength(self, c: tuple[str, str]) -> int:
        """Its place in its suit's order (a trump's above every plain card)."""
        if self.trump == "all" or self.is_trump(c):
            return TRUMP_ORDER.index(c[0]) + (100 if self.is_trump(c) else 0)
        return PLAIN_ORDER.index(c[0])

    def points(self, c: tuple[str, str]) -> int:
        if self.trump in ("none", "all"):
            return POINTS[self.trump].get(c[0], 0)
        return POINTS["trump" if c[1] == self.trump else "plain"].get(c[0], 0)

    def winner(self, trick: list[tuple[str, str]]) -> int:
        """The index of the winning card: the highest trump, else the highest of the led suit."""
        led = trick[0][1]
        best = 0
        for i, c in enumerate(trick):
            if (c[1] == led or self.is_trump(c)) and self.strength(c) > self.strength(trick[best]):
                best = i
        return best

    def legal(self, hand: list[tuple[str, str]], trick: list[tuple[str, str]]) -> tuple[list, str]:
        """The legal cards of ``hand`` and the rule, under ``house``: follow, climb in a
        trump-like suit, else (partner winning) anything but a lower trump when one can
        beat the partner's trump; else trump, overtrump, or undertrump."""
        if not trick:
            return hand, "lead"
        led = trick[0][1]
        win = self.winner(trick)
        best = trick[win]
        partner = win == len(trick) - 2
        suit = [c for c in hand if c[1] == led]
        beats = [c for c in hand if c[1] == best[1] and self.strength(c) > self.strength(best)]
        if suit:
            trump_like = self.trump == "all" or led == self.trump
            if trump_like and best[1] == led and beats:
                return beats, "climb"
            return suit, "follow"
        trumps = [c for c in hand if self.is_trump(c)]
        if self.trump in ("none", "all") or (not trumps and not partner):
            return hand, "discard"
        if partner:
            if self.is_trump(best) and beats:
                return [c for c in hand if not self.is_trump(c) or c in beats], "partner-wins"
            return hand, "partner-wins"
        if not self.is_trump(best):
            return trumps, "trump"
        if beats:
            return beats, "overtrump"
        return trumps, "undertrump"


def rule_play(data: dict) -> bool:
    game = Game(trump_letter(data["contract"]["trump"]))
    trick = [card(c) for p in data.get("trick") or () for c in p.values()]
    hand = [card(c) for c in data["hand"]["cards"]]
    legal, rule = game.legal(hand, trick)
    expect = data["expect"]
    return {card(c) for c in expect["legal"]} == set(legal) and expect["rule"] == rule


def trump_letter(word: str) -> str:
    i = TRUMPS.index(word)
    return SUITS[i] if i < 4 else word


def rule_deal(data: dict) -> bool:
    game = Game(trump_letter(data["contract"]["trump"]))
    tricks = [[(s, card(c)) for p in t for s, c in p.items()] for t in data["tricks"]]
    hands: dict[str, list] = {s: [] for s in SEATS}
    for t in tricks:
        for s, c in t:
            hands[s].append(c)
    belote = "none"
    if game.trump in SUITS:
        for s, h in hands.items():
            if ("K", game.trump) in h and ("Q", game.trump) in h:
                belote = s
    leader = SEATS[(SEATS.index(data["dealer"]) + 1) % 4]
    winners, points = [], {"NS": 0, "EW": 0}
    for t in tricks:
        cards: list = []
        for i, (s, c) in enumerate(t):
            assert s == SEATS[(SEATS.index(leader) + i) % 4], "play out of turn"
            legal, _ = game.legal(hands[s], cards)
            assert c in legal, "illegal play"
            hands[s].remove(c)
            cards.append(c)
        leader = t[game.winner(cards)][0]
        winners.append(leader)
        points[team(leader)] += sum(game.points(c) for c in cards)
    card_points = dict(points)
    teams = {team(w) for w in winners}
    capot = teams.pop() if len(teams) == 1 else "none"
    total = dict(points)
    if capot != "none":
        total = {"NS": 0, "EW": 0}
        total[capot] = 252
    else:
        total[team(winners[-1])] += 10
    if belote != "none":
        total[team(belote)] += 20
    takers = team(data["contract"]["taker"])
    defenders = "EW" if takers == "NS" else "NS"
    made = total[takers] >= total[defenders]
    score = dict(total) if made else {takers: 0, defenders: total[takers] + total[defenders]}
    facts = {
        "tricks": winners,
        "card_points": card_points,
        "last_trick": team(winners[-1]),
        "belote": belote,
        "capot": capot,
        "points": total,
        "made": made,
        "score": score,
    }
    return all(facts[k] == v for k, v in data["expect"].items())


def team(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def main(folder: str) -> int:
    passed = failed = 0
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith((".yaml", ".yml")):
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as fh:
                data = yaml.load(fh.read(), Loader=yaml.CSafeLoader)
            ok = rule_deal(data) if data.get("kind") == "deal" else rule_play(data)
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
