"""A sweep table whose rows each state their own k (a bare 'K' column, or 'k=N' in a row's
label), printing accepted and drafted token counts, no steps and no length, in a paste stating
no k: where every row's drafted count is a multiple of its own k and the product of the k's
reaches a hundred, each step drafted its row's k, steps = drafted / k and the length is
1 + accepted / steps (k_multiples.steps_by_row_k). One count off its multiple, a product of
the k's below a hundred, or a row with no k of its own give no length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

Row = tuple[int, int, int]  # (k, steps, accepted)


def _table(rows: list[Row], label: str, drafted_off: int | None = None) -> str:
    lines = [
        "### Sweep of the draft length on the code prompt",
        "",
        f"| {'K' if label == 'bare' else 'Config'} | Speed (t/s) | Drafted | Accepted | "
        "Acceptance |",
        "|---|---|---|---|---|",
    ]
    for i, (k, steps, acc) in enumerate(rows):
        drafted = steps * k - (1 if i == drafted_off else 0)
        name = str(k) if label == "bare" else f"draft k={k}"
        lines.append(
            f"| {name} | {10 + i}.{i + 3} | {drafted} | {acc} | {100 * acc / drafted:.2f}% |"
        )
    lines += ["", "Baseline without speculation: 2.9 t/s."]
    return "\n".join(lines) + "\n"


@st.composite
def _rows(draw: st.DrawFn) -> list[Row]:
    ks = draw(st.lists(st.integers(min_value=2, max_value=24), min_size=2, max_size=6, unique=True))
    product = 1
    for k in ks:
        product *= k
    if product < 100:
        ks.append(max(ks) + 25)  # (a further row makes the chance of all dividing under 1/100)
    rows = []
    for k in sorted(ks):
        steps = draw(st.integers(min_value=5, max_value=300))
        acc = draw(st.integers(min_value=1, max_value=steps * k - 1))
        rows.append((k, steps, acc))
    return rows


@settings(max_examples=examples(40), deadline=None)
@given(_rows(), st.sampled_from(("bare", "label")))
def test_drafted_multiples_of_each_rows_k_give_its_steps(
    read: Read, rows: list[Row], label: str
) -> None:
    text = _table(rows, label)
    got = read(text).records
    assert len(got) == len(rows), text
    for r, (_k, steps, acc) in zip(got, rows, strict=True):
        assert r.steps == steps, text
        assert r.accept_length is not None, text
        assert abs(r.accept_length - (1 + acc / steps)) < 1e-6, text


@settings(max_examples=examples(30), deadline=None)
@given(_rows(), st.sampled_from(("bare", "label")), st.data())
def test_one_count_off_its_multiple_leaves_every_row(
    read: Read, rows: list[Row], label: str, data: st.DataObject
) -> None:
    off = data.draw(st.integers(min_value=0, max_value=len(rows) - 1))
    text = _table(rows, label, drafted_off=off)
    got = read(text).records
    assert len(got) == len(rows), text
    assert all(r.accept_length is None and r.steps is None for r in got), text


@settings(max_examples=examples(20), deadline=None)
@given(st.data())
def test_too_little_proof_or_no_k_of_its_own_give_no_length(
    read: Read, data: st.DataObject
) -> None:
    """Two rows of k 4 and 5 (4 x 5 = 20: one in twenty would divide by chance), or rows
    labelled by no k (a trial number under 'Config'), claim nothing."""
    steps = [data.draw(st.integers(min_value=5, max_value=300)) for _ in range(3)]
    few = [(4, steps[0], steps[0]), (5, steps[1], 2 * steps[1] + 1)]
    text = _table(few, "bare")
    got = read(text).records
    assert len(got) == 2 and all(r.accept_length is None for r in got), text
    rows = [(k, s, s + 1) for k, s in zip((6, 7, 8), steps, strict=True)]
    text = _table(rows, "bare").replace("| K |", "| Trial |")
    got = read(text).records
    assert len(got) == 3 and all(r.accept_length is None for r in got), text
