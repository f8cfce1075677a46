"""Lines led by a setting's name and value before a colon, written `name=value:` as well as
`name value:` ('γ=4: accept=7.6%', 'k=2: ...'), the symbol γ alone there naming the draft
tokens a step: each line its own run, labelled by the setting (the figures on the line above
belong to the run before). As a table's k column, a sweep so led claims 1 + k x rate for a
falling rate only: a rate that rises with k, or a k past a fixed chain's (a maximum), keeps its
rate alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _sweep(ks: list[int], rates: list[float], name: str, sep: str, key: str) -> str:
    lines = ["Re-ran the chain after the cache fix; figures per setting:"]
    lines += [
        f"{name}{sep}{k}: {key}{100 * r:.1f}%, speedup={0.4 + r:.2f}x"
        for k, r in zip(ks, rates, strict=True)
    ]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(50), deadline=None)
@given(
    ks=st.lists(st.integers(2, 8), min_size=2, max_size=4, unique=True).map(sorted),
    top=st.integers(300, 900),
    name=st.sampled_from(["γ", "gamma"]),
    sep=st.sampled_from(["=", " "]),
    key=st.sampled_from(["accept=", "acceptance ", "accept rate: "]),
)
def test_falling_rates_give_their_lengths(
    read: Read, ks: list[int], top: int, name: str, sep: str, key: str
) -> None:
    rates = [round((top - 40 * i) / 1000, 3) for i in range(len(ks))]
    text = _sweep(ks, rates, name, sep, key)
    got = read(text).records
    assert [round(r.printed_rate or -1, 4) for r in got] == rates, text
    for k, rate, r in zip(ks, rates, got, strict=True):
        assert r.accept_length is not None and abs(r.accept_length - (1 + k * rate)) < 1e-6


def test_a_line_not_led_above_keeps_its_own_figures(read: Read) -> None:
    text = (
        "Sweep after the fix:\n"
        "γ=1 (one-token verify): accept=31.0%, speedup=0.90x\n"
        "γ=1 (batched verify): accept=29.5%, speedup=0.80x\n"
        "γ=3: accept=18.2%, speedup=0.62x\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or -1, 4) for r in got] == [0.31, 0.295, 0.182]
    assert [round(r.accept_length or 0, 4) for r in got] == [1.31, 1.295, 1.546]


@settings(max_examples=examples(30), deadline=None)
@given(
    sep=st.sampled_from(["=", " "]),
    name=st.sampled_from(["γ", "gamma"]),
    case=st.sampled_from(
        [([2, 4], [0.126, 0.176]), ([2, 4, 8], [0.50, 0.45, 0.52]), ([4, 16], [0.40, 0.20])]
    ),
)
def test_rising_rates_or_maxima_keep_rates_alone(
    read: Read, sep: str, name: str, case: tuple[list[int], list[float]]
) -> None:
    ks, rates = case
    got = read(_sweep(ks, rates, name, sep, "accept=")).records
    assert [round(r.printed_rate or -1, 4) for r in got] == rates
    assert all(r.accept_length is None for r in got if r.labels[0][1] != "1")


def test_a_key_that_is_no_setting_leads_nothing(read: Read) -> None:
    text = "MTP on.\nstep=3: accept=41.0%\nstep=4: accept=40.0%\n"
    assert all(r.accept_length is None for r in read(text).records)
