"""A table row of the run without drafts ('vanilla_ar', 'baseline', 'no_spec') printing an
acceptance rate of exactly zero is a placeholder (nothing was drafted, so nothing could be
accepted): no record. The drafted rows beside it are read as before; a drafted row printing a
zero is still a record, and a baseline row printing a rate above zero is not dropped."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PLAIN = st.sampled_from(["vanilla_ar", "Vanilla AR", "baseline", "baseline_ar", "no_spec", "AR"])


def _table(rows: list[tuple[str, str]]) -> str:
    out = ["| Variant | Tok/s | Acceptance | Gain |", "|---|---:|---:|---:|"]
    out += [f"| {name} | 21.40 | {rate} | 1.000 |" for name, rate in rows]
    return "\n".join(out) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    plain=_PLAIN,
    zero=st.sampled_from(["0.000", "0.00", "0"]),
    rates=st.lists(st.integers(min_value=300, max_value=960), min_size=2, max_size=5),
)
def test_the_plain_rows_zero_is_no_record(
    read: Read, plain: str, zero: str, rates: list[int]
) -> None:
    rows = [(plain, zero)] + [(f"drafted_v{i}", f"{v / 1000:.3f}") for i, v in enumerate(rates)]
    recs = read(_table(rows)).records
    assert [r.printed_rate for r in recs] == [v / 1000 for v in rates]
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=examples(20), deadline=None)
@given(rates=st.lists(st.integers(min_value=300, max_value=960), min_size=2, max_size=4))
def test_a_drafted_rows_zero_stays(read: Read, rates: list[int]) -> None:
    rows = [("drafted_z", "0.000")] + [
        (f"drafted_v{i}", f"{v / 1000:.3f}") for i, v in enumerate(rates)
    ]
    recs = read(_table(rows)).records
    assert len(recs) == len(rates) + 1
    assert recs[0].printed_rate == 0.0


def test_a_plain_rows_rate_above_zero_stays(read: Read) -> None:
    recs = read(_table([("baseline", "0.250"), ("drafted_v0", "0.700")])).records
    assert [r.printed_rate for r in recs] == [0.25, 0.7]


def test_identifier_words_name_the_plain_run() -> None:
    for label in ("vanilla_ar", "no_spec", "baseline_autoregressive", "target_only"):
        assert I.baseline_label(label)
    for label in ("vanilla_sd", "ar_tree", "fuzzy_sd_T2"):
        assert not I.baseline_label(label)
