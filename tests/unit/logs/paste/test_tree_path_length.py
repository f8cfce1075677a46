"""A token tree's accepted path length (`PathLen`, `Path Length`, `avg accepted path length`)
is a length whose convention its name leaves open (tree_path.py): a table column of it beside
an acceptance rate gives each row's printed length, undecided, even where every row's path is
its rate times one whole number (a rate printed as the path over the tree's depth is that
product by construction, so the identity 'one k fits every run' decides nothing); beside a
tokens-per-step column the row's length is the tokens a step (bonus included by its name)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAMES = ["PathLen", "Path Length", "path_len", "Avg accepted path length", "**PathLen**"]


def _table(heads: list[str], rows: list[list[str]]) -> str:
    out = "Tree drafting runs, each verified against the target model.\n\n"
    out += "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    depth=st.integers(4, 9),
    rates=st.lists(st.integers(300, 950), min_size=3, max_size=6, unique=True),
    speed=st.booleans(),
)
def test_a_path_length_column_is_a_length_of_unknown_convention(
    read, name: str, depth: int, rates: list[int], speed: bool
) -> None:
    # every path is depth x rate exactly: the trap of the one-k identity
    rows, want = [], []
    for i, r in enumerate(rates):
        path = round(depth * r / 1000, 2)
        want.append(path)
        cells = [f"tree-{chr(97 + i)}", f"{r / 10:.1f}%", f"{path:.2f}"]
        rows.append([*cells, f"{120 + i}.0"] if speed else cells)
    heads = ["Method", "Accept%", name] + (["tok/s"] if speed else [])
    got = read(_table(heads, rows)).records
    assert [r.printed_length for r in got] == want
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    tokens=st.lists(st.integers(200, 700), min_size=1, max_size=4),
    first=st.booleans(),
)
def test_tokens_per_step_beside_a_path_length_is_the_rows_length(
    read, name: str, tokens: list[int], first: bool
) -> None:
    rows = []
    for i, t in enumerate(tokens):
        pair = [f"{(t + 3) / 100:.2f}", f"{t / 100:.2f}"]
        rows.append([f"tree-{i}", "71.5%", *(pair if first else pair[::-1])])
    heads = ["Method", "Accept%", *([name, "Tokens/Round"] if first else ["Tokens/Round", name])]
    got = read(_table(heads, rows)).records
    assert [r.printed_length for r in got] == [t / 100 for t in tokens]
    assert [r.accept_length for r in got] == [t / 100 for t in tokens]


def test_a_plain_length_column_still_follows_the_one_k_identity(read) -> None:
    # near miss: under an accept length's name the identity is tried: 1 + 7 x rate decides the
    # bonus; 7 x rate (a path's trap) leaves two readings, told as such (k_rate_readings.py)
    rows = [["run-a", "43.1%", "4.02"], ["run-b", "56.4%", "4.95"], ["run-c", "73.8%", "6.17"]]
    got = read(_table(["Method", "Accept%", "Accept length"], rows)).records
    assert [r.accept_length for r in got] == [4.02, 4.95, 6.17]
    rows = [["run-a", "43.1%", "3.02"], ["run-b", "56.4%", "3.95"], ["run-c", "73.8%", "5.17"]]
    got = read(_table(["Method", "Accept%", "Accept length"], rows)).records
    assert [r.accept_length for r in got] == [None, None, None]
    assert all(r.bonus.rule.startswith("two readings fit") for r in got)


def test_a_path_column_of_another_measure_is_no_length(read) -> None:
    # near miss: a path named without a length ('Path', 'Path depth') is no acceptance figure
    rows = [["tree-a", "61.0%", "4"], ["tree-b", "58.5%", "5"]]
    for head in ("Path", "Path depth"):
        got = read(_table(["Method", "Accept%", head], rows)).records
        assert all(r.printed_length is None for r in got)
        assert [r.printed_rate for r in got] == [0.61, 0.585]
