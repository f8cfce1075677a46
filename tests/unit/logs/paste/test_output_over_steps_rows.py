"""A spaced table ruled with dashes under its header (and above its totals row) is read as one
table (tables.find), and its lengths are decided by the tokens every run generated, set once
above it (`n_gen=256`), over each row's steps: that count / steps in every row, bonus included;
its totals row of the same column the same (output_steps.py). One row off, two counts stated, or
no count leave the convention unknown."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_KEY = st.sampled_from(["n_gen", "max_new_tokens", "n_predict", "gen_len"])
_SEP = st.sampled_from(["=", ": ", " = "])
_STEPS_NAME = st.sampled_from(["steps", "rounds"])
_LEN_NAME = st.sampled_from(["AL", "acc_len", "accept_len"])
_RULE = st.sampled_from(["-" * 58, "=" * 58])


def _table(
    n: int,
    steps: list[int],
    lengths: list[float],
    key: str,
    sep: str,
    sname: str,
    lname: str,
    rule: str,
    total: bool,
) -> str:
    head = f"{'task':<26}{sname:>8}{lname:>12}{'tok/s':>10}"
    rows = [
        f"  {'case_' + chr(97 + i):<24}{s:>8}{v:>12.2f}{40 + 3 * i:>10.2f}"
        for i, (s, v) in enumerate(zip(steps, lengths, strict=True))
    ]
    out = [f"[run] mode=quick {key}{sep}{n}", "", head, rule, *rows]
    if total:
        mean = sum(round(v, 2) for v in lengths) / len(lengths)
        out += [rule, f"{'MEAN':<34}{mean:>12.2f}{50.0:>10.2f}"]
    return "\n".join(out) + "\n"


@given(
    n=st.sampled_from([96, 128, 200, 256]),
    steps=st.lists(st.integers(20, 60), min_size=2, max_size=6, unique=True),
    key=_KEY,
    sep=_SEP,
    sname=_STEPS_NAME,
    lname=_LEN_NAME,
    rule=_RULE,
    total=st.booleans(),
)
def test_output_over_steps_includes_the_bonus(
    read: Read,
    n: int,
    steps: list[int],
    key: str,
    sep: str,
    sname: str,
    lname: str,
    rule: str,
    total: bool,
) -> None:
    lengths = [n / s for s in steps]
    got = read(_table(n, steps, lengths, key, sep, sname, lname, rule, total)).records
    want = [round(v, 2) for v in lengths]
    assert [r.printed_length for r in got][: len(want)] == want
    assert [r.accept_length for r in got][: len(want)] == want
    assert len(got) == len(want) + total
    if total:
        assert got[-1].accept_length == got[-1].printed_length


@given(
    n=st.sampled_from([128, 256]),
    steps=st.lists(st.integers(20, 60), min_size=2, max_size=6, unique=True),
    rule=_RULE,
)
def test_one_row_off_decides_nothing(read: Read, n: int, steps: list[int], rule: str) -> None:
    lengths = [n / s for s in steps]
    lengths[-1] += 0.3  # (a prompt that stopped early, or another count)
    got = read(_table(n, steps, lengths, "n_gen", "=", "steps", "AL", rule, False)).records
    assert [r.printed_length for r in got] == [round(v, 2) for v in lengths]
    assert all(r.accept_length is None for r in got)


@given(steps=st.lists(st.integers(20, 60), min_size=2, max_size=6, unique=True))
def test_no_count_or_two_counts_decide_nothing(read: Read, steps: list[int]) -> None:
    lengths = [128 / s for s in steps]
    text = _table(128, steps, lengths, "n_gen", "=", "steps", "AL", "-" * 58, False)
    for t in (text.replace("n_gen=128", "mode=slow"), "n_gen=256 for the warm-up\n\n" + text):
        got = read(t).records
        assert [r.printed_length for r in got] == [round(v, 2) for v in lengths]
        assert all(r.accept_length is None for r in got)


def test_a_rule_then_prose_is_no_row(read: Read) -> None:
    # (a rule ends the table where the next line is no spaced row)
    text = (
        "name        steps    AL\n"
        "  alpha        30   4.27\n"
        "---------------------\n"
        "The accept length was fine.\n"
    )
    assert [r.printed_length for r in read(text).records] == [4.27]


def test_the_setting_over_the_header_in_one_block(read: Read) -> None:
    # (a bench's settings line right over its header, no blank line between)
    text = (
        "[run] mode=quick  n_gen=96\n"
        "task                         steps          AL     tok/s\n"
        "----------------------------------------------------------\n"
        "  case_a                        20        4.80     40.00\n"
        "  case_b                        30        3.20     43.00\n"
        "----------------------------------------------------------\n"
        "MEAN                                      4.00     41.50\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (4.8, 4.8),
        (3.2, 3.2),
        (4.0, 4.0),
    ]


def test_a_rule_broken_per_column_is_left_as_before(read: Read) -> None:
    # (a rule of one run of dashes a column, single spaces between: the per-position lines
    # under it stay the report's, not rows of a table of their own)
    text = (
        "=== Drafting report ===\n\n"
        "  Num drafts                        1500\n"
        "  Num draft tokens                  4500\n"
        "  Num accepted tokens               2400\n"
        "  Acceptance length               2.6000\n\n"
        "  Position                  Acceptance Rate\n"
        "  ------------------------- ------------\n"
        "  Position 0                      0.7200\n"
        "  Position 1                      0.5300\n"
        "  Position 2                      0.3500\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [2.6]
