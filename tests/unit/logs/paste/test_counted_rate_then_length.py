"""A share printed with the counts that give it, then a length named after it, in one cell
(``231/267 = 86.52%, mean length 1.87``, ``86.5% (231/267); AL 1.87``): the rate, its accepted
and drafted counts and the length of the row's run (``cell_phrases.counted_rate_then_length``);
under a draft maximum of one set anywhere in the paste, a length equal to 1 + accepted / drafted
counts the target's token (``one_draft.counted_lengths``). Counts that do not give the share,
another word before the length, or a paste setting another depth decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.cell_phrases import counted_rate_then_length
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _table(cell: str, other: str = "identical") -> str:
    return (
        "| Metric | Control | Pinned |\n| --- | ---: | ---: |\n"
        f"| draft acceptance | {cell} | {other} |\n| decode | 61.4 tok/s | 51.3 tok/s |\n"
    )


def _cell(acc: int, drf: int, form: str, name: str, length: str) -> str:
    share = f"{100 * acc / drf:.2f}%"
    head = f"{acc}/{drf} = {share}" if form == "eq" else f"{share} ({acc}/{drf})"
    return f"{head}, {name} {length}"


@settings(max_examples=examples(40), deadline=None)
@given(
    drf=st.integers(100, 900),
    frac=st.floats(0.2, 0.95),
    form=st.sampled_from(["eq", "bracket"]),
    name=st.sampled_from(["mean length", "mean len", "AL", "acceptance length", "avg len"]),
    one=st.sampled_from(["`n-max=1`", "--draft-max 1", "--spec-draft-n-max 1", ""]),
)
def test_a_counted_share_then_a_length(
    read: Read, drf: int, frac: float, form: str, name: str, one: str
) -> None:
    acc = round(drf * frac)
    length = f"{1 + acc / drf:.2f}"
    text = _table(_cell(acc, drf, form, name, length))
    if one:
        text += f"\nAdopted setup: q8_0 cache, native MTP {one}, flash attention.\n"
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(round(100 * acc / drf, 2) / 100)
    assert (r.accepted_tokens, r.drafted_tokens) == (acc, drf)
    assert r.printed_length == pytest.approx(float(length))
    assert r.accept_length == (pytest.approx(float(length)) if one else None)


def test_counts_that_do_not_give_the_share_are_no_cell() -> None:
    assert counted_rate_then_length("231/267 = 80.52%, mean length 1.87") is None
    assert counted_rate_then_length("231/267 = 86.52%, seq length 1.87") is None
    assert counted_rate_then_length("231/267 = 86.52%, mean length 31.0") is None
    assert counted_rate_then_length("231/267 = 86.52%, mean length 1.87") is not None


def test_a_length_that_is_not_one_plus_the_counts_stays_undecided(read: Read) -> None:
    text = _table("231/267 = 86.52%, mean length 2.41") + "\nnative MTP `n-max=1`\n"
    (r,) = read(text).records
    assert r.printed_length == 2.41 and r.accept_length is None


@pytest.mark.parametrize(
    "setup",
    ["native MTP `n-max=1`, later `n-max=3`", "--draft-max 2", "MTP with k=3 drafts, `n-max=1`"],
)
def test_another_depth_decides_nothing(read: Read, setup: str) -> None:
    (r,) = read(_table("231/267 = 86.52%, mean length 1.87") + f"\n{setup}\n").records
    assert r.printed_length == 1.87 and r.accept_length is None


def test_a_loose_count_after_a_name_is_no_setting(read: Read) -> None:
    # ('MTP: 2 splits' counts the scheduler's splits, no depth)
    text = _table("231/267 = 86.52%, mean length 1.87") + (
        "\n- control graph of the MTP draft: 2 splits\n- native MTP `n-max=1`\n"
    )
    (r,) = read(text).records
    assert r.accept_length == 1.87


def test_russian_names_of_the_cell() -> None:
    from specdiag.core.logs.paste import read_paste

    text = (
        "| Метрика | Контроль | Закреплено |\n| --- | ---: | ---: |\n"
        "| принятие черновика | 231/267 = 86.52%, средняя длина 1.87 | идентично |\n"
        "| декодирование | 61.4 tok/s | 51.3 tok/s |\n\nнативный MTP `n-max=1`\n"
    )
    (r,) = read_paste(text).records
    assert (r.printed_rate, r.printed_length, r.accept_length) == (0.8652, 1.87, 1.87)
