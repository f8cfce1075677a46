"""A mean of accepted tokens a step (window, round) whose name leaves the target's own token
unsaid ('Avg Accepted/window', 'accepted/step') is accepted drafts where it is below 1: every
step emits the target's token, so no figure counting it falls below 1; the length is 1 + it.
At 1 or above the name alone decides nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _table(name: str, value: str, ratio: str) -> str:
    return (
        "## Microbenchmark summary\n\n"
        f"| Mode | Batches | Avg Latency (s) | {name} | Acceptance Ratio |\n"
        "| --- | --- | --- | --- | --- |\n"
        f"| base | 3 | 0.4412 | {value} | {ratio} |\n"
    )


def test_a_mean_below_one_a_window_is_accepted_drafts() -> None:
    got = read_paste(_table("Avg Accepted/window", "0.52", "0.13")).records
    assert [(r.printed_length, r.accept_length, r.bonus.value) for r in got] == [
        (0.52, 1.52, "excluded")
    ]
    assert got[0].bonus.rule.startswith("value:")


def test_negative_control_a_mean_above_one_stays_unknown() -> None:
    got = read_paste(_table("Avg Accepted/window", "1.52", "0.38")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(1.52, None)]


def test_negative_control_a_drafts_name_decides_as_before() -> None:
    # the name already leaves the target's token out
    got = read_paste("accepted draft tokens per step: 0.83\n").records
    assert [r.accept_length for r in got] == [1.83]


@settings(max_examples=examples(25), deadline=None)
@given(
    hundredths=st.integers(5, 300),
    name=st.sampled_from(["avg accepted per step", "accepted/step", "mean accepted per round"]),
)
def test_below_one_decides_at_one_or_above_nothing(hundredths: int, name: str) -> None:
    v = hundredths / 100
    got = read_paste(f"eagle run, 4 drafts a step\n{name}: {v:.2f}\n").records
    assert len(got) == 1
    r = got[0]
    if v < 1.0:
        assert r.accept_length is not None and abs(r.accept_length - (1 + v)) < 1e-6
        assert r.bonus.value == "excluded"
    else:
        assert r.accept_length is None


def _two_tables(name: str, first: list[float], second: list[float], second_name: str = "") -> str:
    def table(col: str, values: list[float]) -> str:
        rows = "".join(f"| {i + 2} | {20 + i}.5 | {v:.2f} |\n" for i, v in enumerate(values))
        return f"| depth | tok/s | {col} |\n|---|---|---|\n{rows}"

    return (
        "Drafter A over the large target:\n"
        + table(name, first)
        + "\nDrafter B over the small target:\n"
        + table(second_name or name, second)
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    first=st.lists(st.integers(105, 290).map(lambda x: x / 100), min_size=1, max_size=3),
    second=st.lists(st.integers(5, 95).map(lambda x: x / 100), min_size=1, max_size=3),
    name=st.sampled_from(["accepted/round", "Avg Accepted/window", "accepted/step"]),
)
def test_a_table_printed_again_follows_the_value_its_twin_proves(
    first: list[float], second: list[float], name: str
) -> None:
    # the same column of the same table printed again: a mean below 1 in one proves the
    # target's token left out of the name in both
    got = read_paste(_two_tables(name, first, second)).records
    assert [r.accept_length for r in got] == [round(1 + v, 6) for v in first + second]


def test_negative_control_another_name_does_not_follow() -> None:
    got = read_paste(_two_tables("accepted/round", [1.65], [0.43], "accepted/step")).records
    assert [r.accept_length for r in got] == [None, 1.43]
