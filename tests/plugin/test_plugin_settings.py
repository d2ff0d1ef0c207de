"""The plugin's numeric settings are read by pydantic (issue #38), refused in the plugin's words."""

from __future__ import annotations

import pytest

from rulespec.check.pytest_plugin import RuleFileSettings, SettingsProblem


@pytest.mark.parametrize("values, said", [
    ({"players": "two"}, "here: players is a whole number, not 'two'"),
    ({"examples": "0"}, "here: examples must be at least 1, not 0"),
    ({"steps": "9" * 40}, "here: steps must be at most 1,000,000,000, not 999999999999999999999999999999..."),
    ({"seed": "1.5"}, "here: seed is a whole number, not '1.5'"),
    ({"seed": str(2**64)}, "here: seed must be at most 9,223,372,036,854,775,808"),
    ({"fast_forward": "x" * 5000}, "here: fast_forward is a whole number, not 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"),
])
def test_a_setting_that_is_no_number_in_range_is_refused_in_words(values, said):
    with pytest.raises(SettingsProblem) as refused:
        RuleFileSettings().updated(values, "here")
    assert str(refused.value).startswith(said), str(refused.value)


def test_numbers_in_range_are_read():
    settings = RuleFileSettings().updated({"players": "2-4", "seed": "-7", "max_applies": "all", "steps": "30"}, "here")
    assert (settings.player_range, settings.seed, settings.max_applies, settings.steps) == ((2, 4), -7, "all", 30)
