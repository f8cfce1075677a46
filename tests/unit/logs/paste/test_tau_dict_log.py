"""An evaluation log printing a dict of τ with its counts on one line among lines of their own
('name: tau=V ...'):

- the dict is read alone and the other lines as the block they make (before: the dict alone);
- τ beside its counts of emitted tokens and cycles is speculative whatever the prose says;
- the same figure on a subset beside it in the dict (``tau_<subset>``) is a record of its own,
  decided as the dict's τ (one figure, one way), unless the subset's own object prints it too.

Near misses: a bare τ with no counts and no speculation named (a time constant) gives nothing; a
statistic's tail (``tau_std``) is no subset."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _log(cycles: int, emitted: int, subsets: list[tuple[str, float]], runs: list[float]) -> str:
    items = ", ".join(f"'tau_{n}': {v}" for n, v in subsets)
    tau = emitted / cycles
    head = "11:02:03 model-x: layers=24 picked=(3, 11, 20) prompts=90\n"
    base = (
        f"11:12:40 reference {{'tau': {tau!r}, 'cycles': {cycles}, 'new_tokens': {emitted}, "
        f"'seconds': 301.5{', ' + items if items else ''}}}\n"
    )
    lines = [
        f"11:{20 + i}:00 variant_{i}: tau={v:.3f} ci=[-0.3, -0.1] prefix=(3.5, {v:.2f})"
        for i, v in enumerate(runs)
    ]
    return head + base + "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    cycles=st.integers(min_value=2000, max_value=30000),
    ratio=st.integers(min_value=150, max_value=450),
    subsets=st.lists(
        st.tuples(st.sampled_from(["chat", "code", "math_word", "qa"]), st.integers(120, 480)),
        max_size=3,
        unique_by=lambda t: t[0],
    ),
    runs=st.lists(st.integers(min_value=110, max_value=450), min_size=2, max_size=6),
)
def test_the_dict_its_subsets_and_the_lines_are_read(
    read: Read, cycles: int, ratio: int, subsets: list[tuple[str, int]], runs: list[int]
) -> None:
    emitted = cycles * ratio // 100
    subs = [(n, v / 100 + 0.001234) for n, v in subsets]
    vals = [v / 100 for v in runs]
    recs = read(_log(cycles, emitted, subs, vals)).records
    want = [emitted / cycles] + [v for _, v in subs] + [float(f"{v:.3f}") for v in vals]
    assert [r.printed_length for r in recs] == want
    # the counts decide the dict's τ; the subsets and the lines of the same name follow it
    assert all(r.accept_length == round(r.printed_length, 6) for r in recs if r.printed_length)
    assert [dict(r.labels).get("subset") for r in recs[1 : 1 + len(subs)]] == [
        n.replace("_", " ") for n, _ in subs
    ]


def test_a_bare_tau_without_counts_or_speculation_is_nothing(read: Read) -> None:
    text = "fit A: tau=2.41 r2=0.98\nfit B: tau=3.10 r2=0.97\nfit C: tau=1.22 r2=0.91\n"
    assert read(text).records == ()


def test_a_statistics_tail_is_no_subset(read: Read) -> None:
    text = (
        "draft eval\n"
        "{'tau': 3.0, 'cycles': 100, 'new_tokens': 300, 'tau_std': 0.41, 'tau_chat': 2.5}\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [3.0, 2.5]


def test_a_subset_its_own_object_prints_is_one_record(read: Read) -> None:
    text = (
        '{"all": {"tau": 3.0, "cycles": 100, "new_tokens": 300, "tau_chat": 2.5},\n'
        ' "chat": {"tau": 2.5, "oov": 0.01}}\n'
    )
    recs = read("draft eval\n" + text).records
    assert sorted(r.printed_length for r in recs if r.printed_length) == [2.5, 3.0]
