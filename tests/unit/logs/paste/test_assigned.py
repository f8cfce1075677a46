"""Values a program's source assigns to a name (assigned.py): a triple-quoted sample text
(a test's input to a parser) and a dict of targets (``SLO = {``) are no run; the same lines
outside an assignment, a docstring, and a dict of results under another name are read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import assigned as AS
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_QUOTES = st.sampled_from(['"""', "'''"])
_ASSIGN = st.sampled_from(
    ["CANNED = ", "_RAW_OUTPUT = ", "server_text: str = ", "LOG_B = LOG_A + ", "TXT = dedent("]
)


def _module(assign: str, q: str, rate: float, acc: int, drafted: int, blank: bool) -> str:
    gap = "\n" if blank else ""
    close = q + (")" if assign.endswith("(") else "")
    return (
        "import parser_mod\n\n"
        f"{assign}{q}\n"
        "eval time = 900.00 ms / 120 runs\n"
        f"{gap}"
        f"draft acceptance rate = {rate:.1f} %\n"
        f"n_accept = {acc} / n_drafted = {drafted}\n"
        f"{close}\n\n"
        "def test_rate():\n"
        f"    assert parser_mod.rate(CANNED) == {rate / 100:.3f}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    assign=_ASSIGN,
    q=_QUOTES,
    rate=st.floats(20.0, 95.0),
    acc=st.integers(10, 400),
    blank=st.booleans(),
)
def test_a_sample_text_assigned_in_code_is_no_run(
    assign: str, q: str, rate: float, acc: int, blank: bool
) -> None:
    got = read_paste(_module(assign, q, rate, acc, acc * 2, blank))
    assert got.records == ()


def test_negative_control_the_same_lines_pasted_alone_are_read() -> None:
    text = "eval time = 900.00 ms / 120 runs\ndraft acceptance rate = 62.5 %\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.625]


def test_negative_control_a_docstring_is_not_an_assignment() -> None:
    text = '"""Bench notes.\n\nmean acceptance length 2.64 on the chat set\n"""\n'
    assert [r.printed_length for r in read_paste(text).records] == [2.64]


def test_a_literal_never_closed_marks_nothing() -> None:
    lines = [(1, 'BODY = """'), (2, "mean acceptance length 2.64")]
    assert AS.marks(lines) == {}


_TARGET_NAMES = st.sampled_from(["SLO", "ALERT_THRESHOLDS", "minTargets", "cfg.goals", "BUDGET"])


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_TARGET_NAMES,
    rate=st.sampled_from([0.5, 0.55, 0.6, 0.7]),
    length=st.sampled_from([1.8, 2.0, 2.5, 3.0]),
    wrap=st.booleans(),
)
def test_a_dict_of_targets_assigned_in_code_is_a_setting(
    name: str, rate: float, length: float, wrap: bool
) -> None:
    sep = "\n       " if wrap else " "
    text = (
        f'{name} = {{"p95_ms": 900.0,{sep}"accept_rate": {rate}, "accept_len": {length}}}\n'
        'WEIGHTS = {"latency": 0.5, "spec": 0.5}\n'
    )
    assert read_paste(text).records == ()


def test_negative_control_a_dict_of_results_is_read() -> None:
    text = 'results = {"accept_rate": 0.61, "accept_len": 2.44, "steps": 300}\n'
    assert [r.printed_length for r in read_paste(text).records] == [2.44]


def test_target_words_are_whole_words_of_the_name() -> None:
    assert AS._targets("SLO") and AS._targets("max_limits") and AS._targets("speedGoals")
    assert not AS._targets("slot_results") and not AS._targets("targeted")
    assert not AS._targets("run_stats") and not AS._targets("minority")
