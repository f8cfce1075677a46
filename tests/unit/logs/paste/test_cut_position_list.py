"""A per-position list in prose or a quoted statistics line: the first list of the line under a
per-position key is read even where a list under another key comes before it (`blocked =
2/50, pos_accept=[...]`), and a bracketed list whose tail is elided (`[80%, 70%, ...]`) gives its
printed positions, the list going on: listed, never summed (no length from them, even beside an
overall rate their mean would match). Near misses: an ellipsis inside the list, a list under no
per-position key, and a complete list (read as before, summed where the rules sum it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.reader import read_paste
from tests.support.examples import examples

_KEY = st.sampled_from(["pos_accept", "per-position acceptance", "acceptance per position"])
_OTHER = st.sampled_from(["skipped = {a}/{b}", "ratio={a}/{b}", "window = {a}/{b}"])
_SEP = st.sampled_from([",", ", "])


def _rates(draw: st.DrawFn) -> list[int]:
    n = draw(st.integers(2, 7))
    vals = sorted(draw(st.lists(st.integers(5, 99), min_size=n, max_size=n)), reverse=True)
    return vals


_RATES = st.composite(_rates)()


def _line(key: str, rates: list[int], sep: str, tail: str, lead: str) -> str:
    listed = sep.join(f"{v}%" for v in rates)
    return (
        f"My second drafter's output looks like this: `stats drafter(b), {lead}{key}=[{listed}"
        f"{tail}]`. That was the whole run.\n"
    )


def _read(text: str) -> list[tuple[tuple[float, ...], float | None]]:
    return [(r.per_position, r.accept_length) for r in read_paste(text).records]


@settings(max_examples=examples(40), deadline=None)
@given(
    key=_KEY,
    rates=_RATES,
    sep=_SEP,
    other=_OTHER,
    a=st.integers(1, 9),
    b=st.integers(10, 99),
    cut=st.booleans(),
)
def test_list_after_another_key_is_read(
    key: str, rates: list[int], sep: str, other: str, a: int, b: int, cut: bool
) -> None:
    tail = f"{sep}..." if cut else ""
    got = _read(_line(key, rates, sep, tail, other.format(a=a, b=b) + ", "))
    assert got == [(tuple(v / 100 for v in rates), None)]


@settings(max_examples=examples(40), deadline=None)
@given(key=_KEY, rates=_RATES, sep=_SEP)
def test_cut_list_is_never_summed(key: str, rates: list[int], sep: str) -> None:
    # an overall rate equal to the printed positions' mean: a complete list would give
    # 1 + their sum; the cut one gives none
    mean = sum(rates) / len(rates)
    listed = sep.join(f"{v}%" for v in rates)
    whole = f"accept rate = {mean:.4f}%, {key} = [{listed}]\n"
    cut = f"accept rate = {mean:.4f}%, {key} = [{listed}{sep}...]\n"
    (full,) = read_paste(whole).records
    (part,) = read_paste(cut).records
    assert full.accept_length is not None
    assert abs(full.accept_length - (1 + sum(rates) / 100)) < 1e-6
    assert part.accept_length is None
    assert part.per_position == tuple(v / 100 for v in rates)


@settings(max_examples=examples(30), deadline=None)
@given(key=_KEY, rates=_RATES, sep=_SEP, at=st.integers(1, 6))
def test_ellipsis_inside_the_list_reads_nothing(
    key: str, rates: list[int], sep: str, at: int
) -> None:
    items = [f"{v}%" for v in rates]
    items.insert(min(at, len(items) - 1), "...")
    text = f"My output: `stats drafter(b), {key}=[{sep.join(items)}]`. The end.\n"
    assert all(not r.per_position for r in read_paste(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(rates=_RATES, sep=_SEP, name=st.sampled_from(["load", "gpu_util", "latency_ms"]))
def test_list_under_no_position_key_reads_nothing(rates: list[int], sep: str, name: str) -> None:
    listed = sep.join(f"{v}%" for v in rates)
    text = f"My output: `stats drafter(b), skipped = 2/50, {name}=[{listed}{sep}...]`. Done.\n"
    assert read_paste(text).records == ()
