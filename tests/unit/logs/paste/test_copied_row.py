"""A later table's one-line row whose every cell (one-digit cells aside) is a cell of exactly one
earlier table's row printing the same figures, two numbers of two digits or more among them
(a per-prompt summary of one completion each, restating the per-task rows), is that row copied:
no record of its own (restated_table._copied). A count or a rate that differs, or a row of
one such number, keeps its record."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_WORDS = ("Outline", "Explain", "Translate", "Compare", "Draft", "Name", "List", "Sum up")
_TOPICS = ("tidal heating", "a sorting network", "ring buffers", "moss spores", "dry stone walls")
_RATE_HEADS = ("accept rate", "acceptance rate", "draft accept rate")
_COUNT_HEADS = (("A", "G"), ("accepted", "drafted"), ("acc", "gen"))


@st.composite
def _case(draw: st.DrawFn) -> dict[str, object]:
    n = draw(st.integers(min_value=3, max_value=7))
    rows = []
    for i in range(n):
        gen = draw(st.integers(min_value=20, max_value=900))
        acc = draw(st.integers(min_value=10, max_value=gen - 1))  # (two counts apart)
        lat = draw(st.integers(min_value=100, max_value=9999)) / 10
        rows.append((i, draw(st.integers(min_value=10, max_value=99)), acc, gen, lat))
    prompts = [
        f"{draw(st.sampled_from(_WORDS))} {draw(st.sampled_from(_TOPICS))} #{i}" for i in range(n)
    ]
    return {
        "rows": rows,
        "prompts": prompts,
        "order": draw(st.permutations(list(range(n)))),
        "rate_head": draw(st.sampled_from(_RATE_HEADS)),
        "counts": draw(st.sampled_from(_COUNT_HEADS)),
        "percent": draw(st.booleans()),
    }


def _rate(acc: int, gen: int, percent: bool) -> str:
    return f"{100 * acc / gen:.1f}%" if percent else f"{acc / gen:.3f}"


def _paste(c: dict[str, object], change: int | None = None) -> tuple[str, int]:
    """The paste and its first summary row's line; ``change``: a summary row whose accepted
    count differs from its per-task row's (another run, summed over two completions)."""
    rows, prompts, order = c["rows"], c["prompts"], c["order"]
    assert isinstance(rows, list) and isinstance(prompts, list) and isinstance(order, list)
    a, g = c["counts"]  # type: ignore[misc]
    pct = bool(c["percent"])
    lines = [
        "# Per-prompt draft acceptance — run-7",
        "",
        "## Per-task acceptance",
        "",
        f"| order | task | idx | {a} | {g} | {c['rate_head']} | latency_s | prompt |",
        "|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for at, (idx, task, acc, gen, lat) in enumerate(rows):
        lines.append(
            f"| {at} | {task} | {idx} | {acc} | {gen} | {_rate(acc, gen, pct)} | {lat} | "
            f"{prompts[idx]} |"
        )
    lines += [
        "",
        "## Per-prompt summary",
        "",
        f"| idx | n | {a} | {g} | {c['rate_head']} | prompt |",
        "|---:|---:|---:|---:|---:|---|",
    ]
    first = len(lines) + 1
    for k in order:
        idx, _task, acc, gen, _lat = rows[k]
        n = 1
        if k == change:
            acc, gen, n = acc * 2 + 1, gen * 2 + 1, 2
        lines.append(f"| {idx} | {n} | {acc} | {gen} | {_rate(acc, gen, pct)} | {prompts[idx]} |")
    return "\n".join(lines) + "\n", first


def _distinct(c: dict[str, object]) -> bool:
    rows = c["rows"]
    assert isinstance(rows, list)
    return len({(acc, gen) for _, _, acc, gen, _ in rows}) == len(rows)


@settings(max_examples=examples(30), deadline=None)
@given(_case())
def test_a_summary_copying_one_row_each_adds_no_run(read: Read, c: dict[str, object]) -> None:
    assume(_distinct(c))
    text, first = _paste(c)
    got = read(text).records
    rows = c["rows"]
    assert isinstance(rows, list)
    assert len(got) == len(rows), text
    assert all(r.first_line < first for r in got), text


@settings(max_examples=examples(30), deadline=None)
@given(_case(), st.data())
def test_a_summed_row_stays_its_own(read: Read, c: dict[str, object], data: st.DataObject) -> None:
    assume(_distinct(c))
    rows = c["rows"]
    assert isinstance(rows, list)
    k = data.draw(st.integers(min_value=0, max_value=len(rows) - 1))
    text, first = _paste(c, change=k)
    got = read(text).records
    assert len(got) == len(rows) + 1, text
    assert sum(r.first_line >= first for r in got) == 1, text
