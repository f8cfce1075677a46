"""pytest's failed assertion lines ('FAILED tests/test_spec.py::test_acceptance - assert
0.8142514011208967 > 0.825') under a paste stating the check ('`last_accept_rate > 0.825`'):
each line's left value is that figure measured, one record a line (two builds printing the same
value are two runs). An assertion no stated check matches, a check of no acceptance figure, two
figures stating one bound, or a reversed assertion leave the lines as before (no record)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import asserted as ASRT
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RATE_NAMES = ["last_accept_rate", "acceptance_rate", "draft_acceptance_rate", "accept_rate"]
_LENGTH_NAMES = ["mean_acceptance_length", "accept_length", "acceptance_len"]
_OPS = [">", ">="]


def _paste(name: str, op: str, threshold: str, values: list[str]) -> str:
    out = [
        "The e2e acceptance test has been flaky; the check is currently "
        f"`{name} {op} {threshold}`. Recent failures:",
        "",
    ]
    for i, v in enumerate(values):
        out += [
            f"Build {42500 + i}:",
            f"`FAILED tests/e2e/test_spec_decode.py::test_acceptance - assert {v} {op} {threshold}`",
            "",
        ]
    return "\n".join(out)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_RATE_NAMES),
    op=st.sampled_from(_OPS),
    bar=st.integers(60, 95),
    shortfalls=st.lists(st.integers(1, 5000), min_size=1, max_size=4),
)
def test_each_failed_assertion_is_the_checked_rate(
    read: Read, name: str, op: str, bar: int, shortfalls: list[int]
) -> None:
    threshold = f"0.{bar}"
    values = [f"{bar / 100 - s / 100000:.8f}".rstrip("0") for s in shortfalls]
    assume(all(v.count(".") == 1 and len(v) > 3 for v in values))
    recs = read(_paste(name, op, threshold, values) + "\n").records
    assert [r.printed_rate for r in recs] == [float(v) for v in values]
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=examples(20), deadline=None)
@given(name=st.sampled_from(_LENGTH_NAMES), cents=st.lists(st.integers(150, 249), min_size=1))
def test_a_checked_length_is_printed(name: str, cents: list[int]) -> None:
    values = [f"{c / 100:.2f}" for c in cents[:3]]
    recs = read_paste(_paste(name, ">=", "2.5", values) + "\n").records
    assert [r.printed_length for r in recs] == [float(v) for v in values]


def test_negative_control_unmatched_or_ambiguous_checks_read_nothing() -> None:
    v = "0.8142514011208967"
    for text in (
        # the assertion's threshold is another than the stated check's
        _paste("last_accept_rate", ">", "0.825", [v]).replace(f"{v} > 0.825", f"{v} > 0.9"),
        # the stated check is of no acceptance figure
        _paste("p50_latency_ratio", ">", "0.825", [v]),
        # two figures state the same bound: which one failed is unsaid
        _paste("last_accept_rate", ">", "0.825", [v]).replace(
            "Recent failures:", "Also `mean_accept_rate > 0.825`. Recent failures:"
        ),
        # the threshold on the left
        _paste("last_accept_rate", ">", "0.825", [v]).replace(
            f"assert {v} > 0.825", f"assert 0.825 < {v}"
        ),
    ):
        assert read_paste(text + "\n").records == (), text


def test_the_checks_and_the_rewrite() -> None:
    stated = ASRT.checks("assert: the bar is `last_accept_rate > 0.825`; also `latency_ms < 200`")
    assert stated == {(">", "0.825"): "last_accept_rate"}
    assert ASRT.rewrite("- assert 0.81 > 0.825", stated) == "- last_accept_rate = 0.81"
    assert ASRT.rewrite("- assert 0.81 >= 0.825", stated) == "- assert 0.81 >= 0.825"
    assert ASRT.checks("no check here: last_accept_rate > 0.825") == {}
