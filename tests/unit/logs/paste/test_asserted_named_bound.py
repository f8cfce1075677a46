"""pytest's failed assertion whose bound is a name ('assert acceptance_len >=
cfg.min_accept_len' printed as 'assert 2.71 >= 2.8' and explained by pytest's '+  where 2.8 =
Cfg(...).min_accept_len'): the left value is the acceptance figure the check names, one record.
A bound alone (the explanation with no failed assertion), a passing threshold alone (a setting
'min_accept_len=2.8'), an explanation naming another bound, a check of no acceptance figure, and
one bound explained with two values leave the paste as before (no record)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import asserted as ASRT
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_RATES = ["acceptance_rate", "draft_accept_rate", "mean_acceptance_rate"]
_LENGTHS = ["acceptance_len", "mean_accept_length", "acceptance_length"]
_OBJECTS = ["args", "cfg", "self.params", "case"]
_BOUNDS = ["expected_acceptance_len", "min_value", "floor", "bound_for_ci"]
_SPACES = [" ", "  ", "   "]


def _paste(name: str, obj: str, bound: str, op: str, value: str, t: str, sp: str) -> str:
    return "\n".join(
        [
            "## Spec decode e2e check fails on our runners",
            "",
            "```",
            "pytest -q tests/e2e/test_drafts.py::test_quantized_draft",
            f">       assert {name} {op} {obj}.{bound}",
            f"E       AssertionError: assert {value} {op} {t}",
            f"E       {sp}+{sp}where {t} = Case(k=4, temperature=0, {bound}={t}).{bound}",
            "```",
            "",
        ]
    )


_ARGS = {
    "obj": st.sampled_from(_OBJECTS),
    "bound": st.sampled_from(_BOUNDS),
    "op": st.sampled_from([">", ">="]),
    "sp": st.sampled_from(_SPACES),
}


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(_RATES), bar=st.integers(60, 95), short=st.integers(1, 900), **_ARGS)
def test_a_failed_rate_under_a_named_bound(
    name: str, bar: int, short: int, obj: str, bound: str, op: str, sp: str
) -> None:
    t = f"0.{bar}"
    value = repr(bar / 100 - short / 100000)
    recs = read_paste(_paste(name, obj, bound, op, value, t, sp)).records
    assert [r.printed_rate for r in recs] == [float(value)]
    assert recs[0].accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(_LENGTHS), cents=st.integers(450, 480), **_ARGS)
def test_a_failed_length_under_a_named_bound(
    name: str, cents: int, obj: str, bound: str, op: str, sp: str
) -> None:
    value = repr(cents / 100 - 1 / 300)
    recs = read_paste(_paste(name, obj, bound, op, value, "4.9", sp)).records
    assert [r.printed_length for r in recs] == [float(value)]


@settings(max_examples=examples(20), deadline=None)
@given(name=st.sampled_from(_RATES + _LENGTHS), **_ARGS)
def test_near_misses_read_nothing(name: str, obj: str, bound: str, op: str, sp: str) -> None:
    text = _paste(name, obj, bound, op, "0.8123", "0.85", sp)
    lines = text.splitlines()
    for near in (
        # the bound alone: pytest's explanation with no failed assertion
        "\n".join(ln for ln in lines if "AssertionError" not in ln),
        # a passing threshold alone: the setting, no check failed
        f"The test sets {bound}=0.85 for {name}.\n",
        # the explanation names another bound than the check's
        text.replace(f").{bound}", ").other_limit"),
        # a check of no acceptance figure
        text.replace(f"assert {name} ", "assert p50_latency_ratio "),
        # one bound explained with two values: which was compared is unsaid
        text + f"E  +  where 0.9 = Case().{bound}\n",
    ):
        assert read_paste(near).records == (), near


def test_the_checks_bind_a_named_bound() -> None:
    text = _paste("acceptance_len", "args", "want", ">=", "3.7", "3.8", " ")
    assert ASRT.checks(text) == {(">=", "3.8"): "acceptance_len"}
    assert ASRT.checks(text.replace("where 3.8", "and 3.8")) == {}
