"""A prose figure labelled only by one draft setting ('62% acceptance at n_max=3') where
exactly one table row of the paste states that setting in any spelling ('--draft-max 3',
'draft-max=3') and prints the same figure digit for digit: the table's run told again in the
text, one record (the row's). Another value, two rows of that setting, or a prose label of its
own beside the setting keep both."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SPELL = ["`--draft-max {n}`", "draft-max={n}", "`--spec-draft-n-max {n}`", "n_max={n}"]


def _paste(said_n: int, said: str, rows: list[tuple[int, str]], spell: str, extra: str = "") -> str:
    body = "\n".join(f"| {spell.format(n=n)} | {30 - n}.{n} | {rate} |" for n, rate in rows)
    return (
        "Drafting on this laptop is slower than plain decoding at every setting. Even with "
        f"{said} draft acceptance at n_max={said_n}{extra}, speed drops.\n\n"
        "| Setting | tok/s | Draft acceptance |\n"
        "|---|---:|:---:|\n"
        "| plain | 31.0 | — |\n"
        f"{body}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    ns=st.lists(st.integers(1, 8), min_size=2, max_size=4, unique=True),
    pick=st.integers(0, 3),
    rates=st.lists(st.integers(20, 99), min_size=4, max_size=4, unique=True),
    spell=st.sampled_from(_SPELL),
)
def test_a_prose_figure_at_one_rows_setting_is_that_row(
    read: Read, ns: list[int], pick: int, rates: list[int], spell: str
) -> None:
    rows = [(n, f"{rates[i]}%") for i, n in enumerate(ns)]
    n, rate = rows[pick % len(rows)]
    got = read(_paste(n, rate, rows, spell)).records
    assert sorted(r.printed_rate for r in got) == sorted(int(r[:-1]) / 100 for _, r in rows)
    assert all("table" in r.structure for r in got)


def test_negative_control_another_value_is_its_own_run() -> None:
    got = read_paste(_paste(3, "64%", [(2, "71%"), (3, "62%")], _SPELL[0])).records
    assert len(got) == 3


def test_negative_control_two_rows_of_that_setting_keep_the_prose() -> None:
    got = read_paste(_paste(3, "62%", [(3, "62%"), (3, "55%")], _SPELL[1])).records
    assert len(got) == 3


def test_negative_control_a_label_of_its_own_keeps_the_prose() -> None:
    # (a second setting beside the draft's: another run than the row's)
    text = _paste(3, "62%", [(2, "71%"), (3, "62%")], _SPELL[0], extra=" with batch 8")
    assert len(read_paste(text).records) == 3
