"""A bare 'steps' key beside a run's drafted and accepted counts is its verify-step count where
the drafts a step proposed are a handful ('steps=9 drafted=36 accepted=20'): a printed tokens
per step is then checked against 1 + accepted / steps, and a figure that fits neither identity
leaves the convention unknown. A configured depth beside run totals ('steps=3 drafted=1200')
stays a label."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.step_counts import counted
from tests.support.examples import examples


def _line(body: str) -> str:
    return f"INFO engine: [req 3] draft stats: {body}\n"


def test_counts_decide_length_without_figure() -> None:
    (r,) = read_paste(_line("steps=8 drafted=32 accepted=20")).records
    assert r.steps == 8
    assert r.accept_length == 3.5


def test_figure_against_counts_unknown() -> None:
    # 1 + 20 / 8 = 3.5; the printed 4.6 is neither that nor 2.5: nothing claimed
    (r,) = read_paste(_line("steps=8 drafted=32 accepted=20 avg_tok/step=4.6")).records
    assert r.steps == 8
    assert r.printed_length == 4.6
    assert r.accept_length is None
    assert r.bonus.value == "unknown"


def test_configured_depth_stays_label() -> None:
    # 900 drafts a 'step' of 3 is no step: the configuration's depth beside the run's totals
    (r,) = read_paste(_line("steps=3 drafted=900 accepted=410 avg_tok/step=2.37")).records
    assert r.steps is None
    assert ("steps", "3") in r.labels


def _items(steps: str, drafted: str, accepted: str) -> list[tuple[C.Key, C.Value, str, str]]:
    out = []
    for name, text in (("steps", steps), ("drafted", drafted), ("accepted", accepted)):
        k, v = C.key(name), C.value(text)
        assert v is not None
        out.append((k, v, name, text))
    return out


def test_near_misses_unchanged() -> None:
    for args in (
        ("1", "4", "2"),  # one step: too little to tell a count from a depth
        ("6", "30", "31"),  # more accepted than drafted: no draft counts
        ("5", "4", "2"),  # fewer drafts than steps
        ("4.5", "20", "9"),  # no whole count
        ("6", "30%", "9"),  # a share, no count
    ):
        items = _items(*args)
        assert counted(items) == items, args


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(2, 400),
    st.integers(1, 8),
    st.data(),
    st.sampled_from(["drafted", "proposed", "draft_tokens"]),
    st.sampled_from(["steps", "num_steps"]),
    st.sampled_from([" ", ", ", " | "]),
)
def test_any_counts_line(
    steps: int, k: int, data: st.DataObject, dname: str, sname: str, sep: str
) -> None:
    drafted = steps * k
    acc = data.draw(st.integers(0, drafted))
    body = sep.join((f"{sname}={steps}", f"{dname}={drafted}", f"accepted={acc}"))
    recs = read_paste(_line(body)).records
    assert len(recs) == 1
    assert recs[0].steps == steps
    assert recs[0].accept_length is not None
    assert abs(recs[0].accept_length - (1 + acc / steps)) < 1e-5


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(2, 6), st.integers(20, 200), st.data())
def test_any_depth_beside_totals(depth: int, per: int, data: st.DataObject) -> None:
    drafted = depth * per  # far more than a step's most tokens for each 'step'
    acc = data.draw(st.integers(0, drafted))
    items = _items(str(depth), str(drafted), str(acc))
    assert counted(items) == items
