"""Rule summaries (engine.rulebook): every rule a game cites in its log has one, written in
the data files with a title and a source; bad files are refused with the key named."""

import random

import pytest

import cwbattles
from cwbattles.engine.errors import DataError
from cwbattles.engine.rulebook import load_rule_summaries, rule_summary


@pytest.mark.parametrize("name", ["cedar-creek", "champion-hill", "chancellorsville"])
def test_every_rule_the_log_cites_has_a_summary(name):
    g = cwbattles.load(name)
    rules = g.rule_summaries()
    cited = set()
    for seed in range(3):
        rng = random.Random(seed)
        s = g.new_game(seed=seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        cited |= {e.rule for e in s.log}
    missing = sorted(r for r in cited if rule_summary(rules, r) is None)
    assert not missing, missing
    assert all(v["source"] in ("printed", "verified", "reconstructed") and v["title"] for v in rules.values())


def test_a_cited_subsection_falls_back_to_its_rule():
    rules = {"8": {"title": "Combat", "summary": "s", "source": "verified"}}
    assert rule_summary(rules, "8.0")["number"] == "8"
    assert rule_summary(rules, "8.6")["title"] == "Combat"
    assert rule_summary(rules, "9") is None


def test_a_bad_file_names_the_key(tmp_path):
    p = tmp_path / "rules.toml"
    p.write_text('[[rule]]\nnumber = "1"\ntitle = "t"\nsummary = "s"\nsource = "copied"\n')
    with pytest.raises(DataError, match=r"rule\[0\]\.source"):
        load_rule_summaries(p)
