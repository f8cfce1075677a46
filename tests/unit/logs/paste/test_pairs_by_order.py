"""Values and configurations paired by order: '3.3 → 4.7 accepted tokens/cycle from d3 → d6',
'1.9 / 2.4 / 2.8 accept length at k=2/3/4' (arrows or slashes, the same join on both sides)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table
from tests.unit.logs.paste.pipeline import Read

_ARROWS = ["→", "->", "=>", "/"]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.integers(min_value=2, max_value=8), min_size=2, max_size=4, unique=True).map(
        sorted
    ),
    st.sampled_from(_ARROWS),
    st.sampled_from(
        ["accepted tokens/cycle", "accept length", "tokens per step", "AL", "tok/step"]
    ),
    st.sampled_from(["d{}", "k={}", "k{}"]),
    st.sampled_from(["from", "at", "across", "for"]),
    st.data(),
)
def test_lengths_paired_with_depths_by_order(
    read: Read, ks: list[int], arrow: str, name: str, lab: str, prep: str, data: st.DataObject
) -> None:
    # a length at depth k is at most k + 1; the first one above k proves the bonus is counted
    lengths = [
        round(k + data.draw(st.integers(min_value=1, max_value=9)) / 10, 1)
        if i == 0
        else round(data.draw(st.integers(min_value=11, max_value=10 * k + 9)) / 10, 1)
        for i, k in enumerate(ks)
    ]
    sep = f" {arrow} "
    text = (
        "Acceptance at depth is healthy ("
        + sep.join(f"{x:.1f}" for x in lengths)
        + f" {name} {prep} "
        + sep.join(lab.format(k) for k in ks)
        + " on real generation).\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == lengths
    # the first is above its k: counted with the bonus; the others of the same name follow it
    assert got[0].accept_length == lengths[0]
    for r in got:
        assert r.accept_length in (None, r.printed_length)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=2, max_value=8), min_size=2, max_size=4, unique=True).map(
        sorted
    ),
    st.sampled_from(["→", "->", "/"]),
    st.data(),
)
def test_lengths_within_their_depths_stay_undecided(
    ks: list[int], arrow: str, data: st.DataObject
) -> None:
    lengths = [round(data.draw(st.integers(min_value=11, max_value=10 * k)) / 10, 1) for k in ks]
    sep = f" {arrow} "
    text = (
        "With MTP: "
        + sep.join(f"{x:.1f}" for x in lengths)
        + " accepted tokens/cycle at "
        + sep.join(f"d{k}" for k in ks)
        + ".\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == lengths
    assert all(r.accept_length is None for r in got)  # nothing tells the bonus


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(st.integers(min_value=11, max_value=99), min_size=2, max_size=4),
    st.sampled_from(["→", "->", "/"]),
    st.sampled_from(["x speedup", "tok/s", "ms per token", "GB of memory"]),
)
def test_other_figures_paired_with_depths_are_no_acceptance(
    vals: list[int], arrow: str, unit: str
) -> None:
    sep = f" {arrow} "
    text = (
        "The draft got faster: "
        + sep.join(f"{v / 10:.1f}" for v in vals)
        + f" {unit} from "
        + sep.join(f"d{i + 2}" for i in range(len(vals)))
        + ".\n"
    )
    assert read_paste(text).records == ()


def test_a_count_mismatch_pairs_nothing() -> None:
    text = "We saw 3.3 → 4.7 accepted tokens/cycle from d3 → d5 → d6 here.\n"
    for r in read_paste(text).records:
        assert ("config", "d5") not in r.labels


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=2, max_value=8), min_size=2, max_size=4, unique=True).map(
        sorted
    ),
    st.sampled_from(["/", " / ", " → "]),
    st.sampled_from(["acceptance length", "accept len", "AL", "tok/step"]),
    st.sampled_from(["for k=", "at k=", "across depths ", "with gamma="]),
    st.data(),
)
def test_configurations_first_then_their_values(
    ks: list[int], join: str, name: str, lead: str, data: st.DataObject
) -> None:
    """'acceptance length for k=3/4/5: 2.41/2.80/3.10': a record per k, in order; the list of
    k's states no one k for the paste, so no length is decided by the first k alone."""
    vals = [round(data.draw(st.integers(min_value=110, max_value=100 * k)) / 100, 2) for k in ks]
    text = (
        f"{name} {lead}"
        + join.join(str(k) for k in ks)
        + ": "
        + join.join(f"{v:.2f}" for v in vals)
        + "\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == vals
    assert [dict(r.labels).get("k") for r in got] == [str(k) for k in ks]
    if name != "tok/step":
        assert all(r.accept_length is None for r in got)  # none passes its own k


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=110, max_value=590),
    st.integers(min_value=110, max_value=590),
    st.sampled_from(["~", "≈", ""]),
    st.sampled_from(
        [
            "The acceptance length drops from {t}{a} to {t}{b} after the upgrade.",
            "AL: {t}{a} (before) vs {t}{b} (after)",
            "accept len {t}{a} (old build) versus {t}{b} (new build)",
        ]
    ),
)
def test_two_runs_of_one_figure_with_approximate_values(
    a: int, b: int, tilde: str, shape: str
) -> None:
    text = shape.format(t=tilde, a=f"{a / 100:.2f}", b=f"{b / 100:.2f}") + "\n"
    assert [r.printed_length for r in read_paste(text).records] == [a / 100, b / 100]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["went down to", "went up to", "fell back to", "dropped all the way to"]),
    st.sampled_from([("the acceptance rate", "{}%", 0.01), ("accept length", "{:.2f}", 0.01)]),
    st.integers(min_value=110, max_value=590),
)
def test_a_figure_that_went_somewhere(verb: str, shape: tuple[str, str, float], n: int) -> None:
    name, fmt, scale = shape
    shown = fmt.format(n // 10 if "%" in fmt else n / 100)
    got = read_paste(f"After the update {name} {verb} {shown} with the new draft.\n").records
    want = (n // 10) / 100 if "%" in fmt else n / 100
    assert [r.printed_rate if "%" in fmt else r.printed_length for r in got] == [want]
    assert read_paste(f"{name} up to {shown}\n").records == ()  # a bound


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(st.tuples(st.integers(110, 590), st.integers(110, 590)), min_size=1, max_size=3),
    st.sampled_from(["→", "->", "=>"]),
    st.sampled_from(["accept length", "AL", "accept length (before → after)"]),
)
def test_a_cell_that_changed_across_an_arrow(
    rows: list[tuple[int, int]], arrow: str, header: str
) -> None:
    """'| EAGLE3 | 2.41 → 2.80 |': before and after, a record each; under 'speedup' nothing."""
    body = [[f"m{i}", f"{a / 100:.2f} {arrow} {b / 100:.2f}"] for i, (a, b) in enumerate(rows)]
    got = read_paste(render_table("markdown", ["model", header], body)).records
    assert [r.printed_length for r in got] == [x / 100 for a, b in rows for x in (a, b)]
    assert read_paste(render_table("markdown", ["model", "speedup"], body)).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(st.integers(min_value=2, max_value=8), min_size=2, max_size=4, unique=True),
    st.sampled_from(["AL — ", "Acceptance length: ", "accept len - "]),
    st.data(),
)
def test_a_metric_then_its_value_at_each_k(ks: list[int], lead: str, data: st.DataObject) -> None:
    """'AL — k=3: 3.41, k=4: 3.80': each value at its k; one above its k counts the bonus."""
    vals = [round(data.draw(st.integers(110, 100 * k + 90)) / 100, 2) for k in ks]
    text = lead + ", ".join(f"k={k}: {v:.2f}" for k, v in zip(ks, vals, strict=True)) + "\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == vals
    assert [dict(r.labels).get("k") for r in got] == [str(k) for k in ks]
    for r, k, v in zip(got, ks, vals, strict=True):
        if v > k + 0.005:
            assert r.accept_length == v
        else:
            assert r.accept_length in (None, v)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=1, max_value=8),
    st.integers(min_value=110, max_value=990),
    st.sampled_from(
        [
            "acceptance length (k={k}): {v}",
            "AL [gamma={k}] = {v}",
            "accept length {v} at k={k}",
            "mean acceptance length {v} with k={k}",
        ]
    ),
)
def test_a_figure_with_its_k_beside_it(k: int, hundredths: int, shape: str) -> None:
    """'acceptance length (k=4): 4.6', 'accept length 4.6 at k=4': read, with its k (a length
    above k counts the target's token); the setting never swallows the figure."""
    v = hundredths / 100
    got = read_paste(shape.format(k=k, v=f"{v:.2f}") + "\n").records
    assert [r.printed_length for r in got] == [v]
    if v > k + 0.005:
        assert got[0].accept_length == v
    else:
        assert got[0].accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=110, max_value=790),
    st.integers(min_value=110, max_value=790),
    st.sampled_from(["should be corrected from", "was revised from", "has been updated from"]),
)
def test_a_corrected_figure_keeps_only_its_new_value(a: int, b: int, verb: str) -> None:
    """'The accepted length on HumanEval should be corrected from 6.6 to 5.6': the old value was
    a mistake, never a run."""
    text = f"The accepted length on HumanEval {verb} {a / 100:.2f} to {b / 100:.2f}.\n"
    assert [r.printed_length for r in read_paste(text).records] == [b / 100]
