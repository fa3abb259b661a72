from cwbattles.engine.dice import Dice


def test_same_seed_same_rolls_and_counts():
    a, b = Dice(7), Dice(7)
    assert [a.roll() for _ in range(50)] == [b.roll() for _ in range(50)]
    assert a.calls == 50


def test_rolls_are_fair_d6():
    d = Dice(1)
    counts = [0] * 7
    for _ in range(60000):
        counts[d.roll()] += 1
    assert counts[0] == 0
    assert all(9000 < c < 11000 for c in counts[1:])


def test_copy_is_independent_and_json_round_trips():
    d = Dice(3)
    d.roll()
    c = d.copy()
    assert c.roll() == d.roll()
    again = Dice.from_json(d.to_json())
    assert [again.roll() for _ in range(5)] == [d.roll() for _ in range(5)]


def test_script_overrides_then_generator_resumes():
    d, ref = Dice(9), Dice(9)
    d.set_script([6, 1])
    assert [d.roll(), d.roll()] == [6, 1]
    assert d.roll() == ref.roll()
    assert d.calls == 3
