"""A caption paragraph right above a table (reader._paragraph_caption): its lines wrapped, its
first sentence naming the figure, a bracketed aside after the name, then how it was measured,
perhaps more sentences after it: the table's title, its cells that figure's. A first sentence
that makes a claim, names another measure (in its words or its aside), a list item, or two
blank lines between give the table no title."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import EXCLUDED, INCLUDED, UNKNOWN
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# (the figure's name, its convention by name)
_NAMES = st.sampled_from(
    [
        ("Accepted drafts per verify step", EXCLUDED),
        ("Accepted draft tokens per step", EXCLUDED),
        ("Tokens per verify step", INCLUDED),
        ("Mean accept length", UNKNOWN),
    ]
)
_ASIDES = st.sampled_from(
    ["(pooled over every request; greedy)", "(one card, batch one)", "(mean over the prompts)"]
)
_QUALIFIERS = st.sampled_from(
    ["same target", "identical prompts", "draft depth fixed", "temperature zero"]
)
_AFTER = st.sampled_from(["", " Sample sizes in the row names.", " Runs from one night."])
_RUNS = st.sampled_from(["head a", "head b (ours)", "wide draft", "stock v1", "tuned v2"])
_SETS = st.sampled_from(["chat", "code (python)", "math word problems", "summaries", "qa"])


def _wrap(text: str, cuts: list[int]) -> str:
    words = text.split(" ")
    at = sorted({min(max(c, 1), len(words) - 1) for c in cuts})
    lines, last = [], 0
    for c in at:
        lines.append(" ".join(words[last:c]))
        last = c
    lines.append(" ".join(words[last:]))
    return "\n".join(lines)


def _table(runs: list[str], sets: list[str], vals: list[list[int]]) -> tuple[str, list[float]]:
    out = ["| set | " + " | ".join(runs) + " |", "|" + "---|" * (len(runs) + 1)]
    got = []
    for s, row in zip(sets, vals, strict=False):
        out.append(f"| {s} | " + " | ".join(f"{v / 100:.2f}" for v in row) + " |")
        got += [v / 100 for v in row]
    return "\n".join(out) + "\n", got


def _case(
    sentence: str, runs: list[str], sets: list[str], vals: list[list[int]], gap: int = 1
) -> tuple[str, list[float], int]:
    table, got = _table(runs, sets, vals)
    head = "## Results\n\nThe drafter was trained for a week.\n\n"
    text = head + sentence + "\n" * (gap + 1) + table
    return text, got, text[: text.index("| set |")].count("\n") + 1


# (values all different: a table of one value repeated is a template's, not read)
_VALS = st.lists(st.integers(120, 580), min_size=6, max_size=12, unique=True).map(
    lambda v: [v[i : i + 3] for i in range(0, len(v) - len(v) % 3, 3)]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=_NAMES,
    aside=_ASIDES,
    quals=st.lists(_QUALIFIERS, min_size=1, max_size=3, unique=True),
    after=_AFTER,
    cuts=st.lists(st.integers(1, 14), max_size=2),
    runs=st.lists(_RUNS, min_size=3, max_size=3, unique=True),
    sets=st.lists(_SETS, min_size=4, max_size=4, unique=True),
    vals=_VALS,
)
def test_a_wrapped_caption_paragraph_titles_the_table(
    read: Read,
    name: tuple[str, str],
    aside: str,
    quals: list[str],
    after: str,
    cuts: list[int],
    runs: list[str],
    sets: list[str],
    vals: list[list[int]],
) -> None:
    figure, way = name
    sentence = _wrap(f"{figure} {aside}, " + ", ".join(quals) + "." + after, cuts)
    text, want, first = _case(sentence, runs, sets, vals)
    got = [r for r in read(text).records if r.first_line > first]
    assert [r.printed_length for r in got] == want
    assert all(r.bonus.value == way for r in got)
    if way == EXCLUDED:
        assert [r.accept_length for r in got] == [round(v + 1, 6) for v in want]
    elif way == INCLUDED:
        assert [r.accept_length for r in got] == want


@settings(max_examples=examples(40), deadline=None)
@given(
    case=st.sampled_from(
        [
            ("{f} {a} rose on every set, {q}.", 1),  # a claim
            ("{f} (throughput in tokens per second), {q}.", 1),  # an aside of another measure
            ("Throughput {a}, {q}.", 1),  # another measure named first
            ("- {f} {a}, {q}.", 1),  # a list item
            ("{f} {a}, {q}.", 2),  # two blank lines between
        ]
    ),
    figure=st.sampled_from(["Accepted drafts per verify step", "Tokens per verify step"]),
    aside=_ASIDES,
    qual=_QUALIFIERS,
    cuts=st.lists(st.integers(1, 14), max_size=2),
    runs=st.lists(_RUNS, min_size=3, max_size=3, unique=True),
    sets=st.lists(_SETS, min_size=4, max_size=4, unique=True),
    vals=_VALS,
)
def test_negative_control_no_caption_title(
    read: Read,
    case: tuple[str, int],
    figure: str,
    aside: str,
    qual: str,
    cuts: list[int],
    runs: list[str],
    sets: list[str],
    vals: list[list[int]],
) -> None:
    shape, gap = case
    sentence = shape.format(f=figure, a=aside, q=qual)
    if not sentence.startswith("- "):
        sentence = _wrap(sentence, cuts)
    text, _, first = _case(sentence, runs, sets, vals, gap)
    assert not [r for r in read(text).records if r.first_line > first]
