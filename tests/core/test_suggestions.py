"""Did-you-mean within a budget (rulespec/lib/suggestions.py, issue #37): difflib's answer when the
work is small, and bounded work, with still an answer or none, when it is not."""

import difflib
import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.lib import suggestions
from rulespec.lib.suggestions import Candidates, close_matches, run_budget

_word = st.text("abcde 12", max_size=8)


@settings(max_examples=400, deadline=None)
@given(_word, st.lists(_word, max_size=30), st.integers(1, 3), st.sampled_from([0.0, 0.5, 0.6, 0.8]))
def test_within_the_budget_the_answer_is_difflib_s(word, candidates, n, cutoff):
    unique = list(dict.fromkeys(candidates))
    assert close_matches(word, candidates, n, cutoff) == difflib.get_close_matches(word, unique, n, cutoff)


def _random_texts(count: int, length: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [rng.randbytes(length // 2).hex() for _ in range(count)]


def test_one_suggestion_among_twenty_thousand_long_texts_takes_little_time():
    texts = _random_texts(20_000, 400)
    started = time.process_time()
    close_matches(texts[0][:-1] + "!", texts, n=3, cutoff=0.5)
    assert time.process_time() - started < 1.0


def test_the_suggestions_of_a_run_share_its_budget():
    """Four thousand misspelt words among 20,000 texts: the run ends in seconds; once its budget is spent
    there is no suggestion (the caller's message says what is wrong without one)."""
    texts = [f"play {colour} {n}" for colour in ("red", "blue", "green", "gold") for n in range(5_000)]
    candidates = Candidates(texts)
    started = time.process_time()
    with run_budget():
        answers = [candidates.closest(f"paly red {n}", cutoff=0.5) for n in range(4_000)]
        assert close_matches("paly red 1", texts, cutoff=0.5) == []  # (any later suggestion of the run too)
    assert time.process_time() - started < 10
    assert answers[0] and answers[0][0].startswith("play ")
    assert answers[-1] == []
    assert close_matches("paly red 1", texts, cutoff=0.5)  # a new run has a budget again


def test_a_run_inside_a_run_shares_the_outer_budget(monkeypatch):
    monkeypatch.setattr(suggestions, "OVERHEAD", 0)
    with run_budget(30):
        with run_budget(1_000):
            assert close_matches("apple", ["apply"]) == ["apply"]  # 10 characters compared
        assert close_matches("apple", ["apply", "ample"], n=2) == ["apply", "ample"]  # 20 more
        assert close_matches("apple", ["apply"]) == []  # spent
