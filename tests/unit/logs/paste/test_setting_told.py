"""A figure of prose printing, digit for digit, the value with decimals that an acceptance
setting of the same paste gives (a command line's flag, a script's assignment, a config's key, a
forcing knob), before or after it: that setting told again ('we hold every arm at AL 2.64'
beside '--synthetic-accept-length 2.64'), no record; shown as ignored with the setting's line.
Not a figure that differs from every set value, nor one beside a setting of another name
('--temperature 0.65' and 'acceptance length 0.65' is no restatement), nor a table's row (the
forced tables' own rules, forced.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETTINGS = [
    "```bash\nserve --model M --draft D \\\n  --synthetic-accept-length {v}\n```",
    "```bash\nset -euo pipefail\nNUM_SPEC=4\n# every arm replays one curve\nHELD_AL={v}\n```",
    "```yaml\nspec:\n  # replayed by every arm\n  accept_length_target: {v}\n```",
]
_TOLD = [
    "With speculative decoding on, every run holds the acceptance length at {v} on purpose.",
    "The speculative arm pins the accept length to {v} here, as the other recipes do.",
    "- Each EAGLE draft is replayed at an acceptance length of {v} over 4 draft slots.",
]


def _value(whole: int, frac: int) -> str:
    return f"{whole}.{frac:02d}"


@settings(max_examples=examples(30), deadline=None)
@given(
    setting=st.sampled_from(_SETTINGS),
    told=st.sampled_from(_TOLD),
    whole=st.integers(min_value=1, max_value=6),
    frac=st.integers(min_value=1, max_value=99),
    setting_first=st.booleans(),
)
def test_a_set_value_told_again_is_no_record(
    read: Read, setting: str, told: str, whole: int, frac: int, setting_first: bool
) -> None:
    v = _value(whole, frac)
    parts = [setting.format(v=v), told.format(v=v)]
    text = "\n\n".join(parts if setting_first else parts[::-1]) + "\n"
    got = read(text)
    assert got.records == ()
    assert any("told again: a setting, not a measurement" in b.reason for b in got.ignored)


@settings(max_examples=examples(30), deadline=None)
@given(
    setting=st.sampled_from(_SETTINGS),
    told=st.sampled_from(_TOLD[:2]),
    whole=st.integers(min_value=1, max_value=6),
    frac=st.integers(min_value=1, max_value=98),
)
def test_near_miss_another_value_is_read(
    read: Read, setting: str, told: str, whole: int, frac: int
) -> None:
    # (the run's figure differs from the set value in its last digit)
    text = setting.format(v=_value(whole, frac)) + "\n\n" + told.format(v=_value(whole, frac + 1))
    got = read(text + "\n")
    assert [r.printed_length for r in got.records] == [float(_value(whole, frac + 1))]


def test_near_miss_a_setting_of_another_name(read: Read) -> None:
    text = (
        "```bash\nserve --model M --draft D --speculative-tokens 4 --temperature 1.75\n```\n\n"
        "With speculative decoding on, the run measured an acceptance length of 1.75.\n"
    )
    assert [r.printed_length for r in read(text).records] == [1.75]
