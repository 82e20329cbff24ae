"""``cache.ByIdentity`` keeps a value while the same object, key and stamp come back; a
look-alike object, another key or another stamp computes again, and the memo never grows
past its limit."""

from __future__ import annotations

from explainer.cache import KEEP, ByIdentity


class Counter:
    """A computation that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        return self.calls


def test_the_same_object_key_and_stamp_reuse_the_value() -> None:
    memo: ByIdentity[int] = ByIdentity()
    held, compute = ["x"], Counter()
    assert [memo.get(held, "k", b"1", compute) for _ in range(3)] == [1, 1, 1]
    assert compute.calls == 1


def test_an_equal_but_other_object_computes_again() -> None:
    """Identity, not equality: a catalog read again is another catalog."""
    memo: ByIdentity[int] = ByIdentity()
    compute = Counter()
    assert memo.get(["x"], "k", None, compute) == 1
    assert memo.get(["x"], "k", None, compute) == 2


def test_another_key_or_stamp_computes_again() -> None:
    memo: ByIdentity[int] = ByIdentity()
    held, compute = ("t",), Counter()
    assert memo.get(held, "a", b"g1", compute) == 1
    assert memo.get(held, "b", b"g1", compute) == 2
    assert memo.get(held, "a", b"g2", compute) == 3
    assert memo.get(held, "a", b"g2", compute) == 3


def test_the_memo_holds_its_objects_so_an_identity_is_not_reused() -> None:
    """The object is kept alive by the memo: a new object cannot take its id and be
    mistaken for it."""
    memo: ByIdentity[int] = ByIdentity()
    compute = Counter()
    memo.get(["gone"], "k", None, compute)
    fresh = [["new"] for _ in range(100)]
    assert [memo.get(obj, "k", None, compute) for obj in fresh] == list(range(2, 102))


def test_at_most_limit_entries_are_kept_then_all_are_dropped() -> None:
    memo: ByIdentity[int] = ByIdentity(limit=2)
    objs, compute = [["a"], ["b"], ["c"]], Counter()
    assert [memo.get(o, "k", None, compute) for o in objs] == [1, 2, 3]
    assert memo.get(objs[2], "k", None, compute) == 3  # kept after the clear
    assert memo.get(objs[0], "k", None, compute) == 4  # dropped by the clear
    assert KEEP == ByIdentity()._limit


def test_clear_forgets_every_value() -> None:
    memo: ByIdentity[int] = ByIdentity()
    held, compute = ["x"], Counter()
    memo.get(held, "k", None, compute)
    memo.clear()
    assert memo.get(held, "k", None, compute) == 2
