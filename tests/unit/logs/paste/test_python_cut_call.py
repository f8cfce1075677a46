"""A call's keyword arguments cut from Python source, its opening line left out (indented
`name=value,` lines, the last with its comma too, closed by a bracket alone on a line less
indented): values typed into code, no record. The same figures as a run prints them (a repr on
one line, pprint's or rich's layout with no comma after the last argument, a pretty-printer's
opening line above) are read as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.python_code import code_lines
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_CLASSES = st.sampled_from(["RunReport", "SpecSummary", "BenchOutcome", "Stats"])
_LENGTHS = st.integers(110, 480).map(lambda v: v / 100)
_RATES = st.integers(5, 95).map(lambda v: v / 100)
_LEN_KEYS = st.sampled_from(["accept_len", "acceptance_length", "mean_accept_length"])
_RATE_KEYS = st.sampled_from(["accept_rate", "acceptance_rate", "draft_acceptance_rate"])
_INDENTS = st.sampled_from(["    ", "        ", "  ", "\t"])


def _others(indent: str, steps: int, nested: bool, cls: str) -> list[str]:
    """Keyword arguments around the figures: counts, and perhaps a value opened over lines."""
    lines = [f"{indent}num_steps={steps},", f"{indent}duration_s={steps / 10},"]
    if nested:
        lines += [f"{indent}latency={cls}(", f"{indent}    mean={steps}.0,", f"{indent}),"]
    else:
        lines.append(f"{indent}latency={cls}(mean={steps}.0, p99={steps}.5),")
    return lines


@settings(max_examples=examples(30), deadline=None)
@given(
    cls=_CLASSES,
    length=_LENGTHS,
    rate=_RATES,
    lkey=_LEN_KEYS,
    rkey=_RATE_KEYS,
    indent=_INDENTS,
    steps=st.integers(3, 90),
    nested=st.booleans(),
    closer=st.sampled_from([")", "),", "]", "})"]),
    fence=st.booleans(),
    lead=st.sampled_from(["", "The fixture we check against:\n\n"]),
)
def test_a_cut_calls_arguments_give_no_record(
    read: Read,
    cls: str,
    length: float,
    rate: float,
    lkey: str,
    rkey: str,
    indent: str,
    steps: int,
    nested: bool,
    closer: str,
    fence: bool,
    lead: str,
) -> None:
    figures = [f"{indent}{lkey}={length},", f"{indent}{rkey}={rate},"]
    body = "\n".join(_others(indent, steps, nested, cls) + figures) + "\n"
    # the closing bracket sits at the call's own indentation, less than its arguments'
    outer = indent[: len(indent) // 2] if indent != "\t" else ""
    body += f"{outer}{closer}\n"
    text = lead + (f"```python\n{body}```\n" if fence else body)
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    cls=_CLASSES,
    length=_LENGTHS,
    rate=_RATES,
    lkey=_LEN_KEYS,
    rkey=_RATE_KEYS,
    indent=_INDENTS,
    steps=st.integers(3, 90),
    shape=st.sampled_from(["one_line", "no_last_comma", "closed_on_last", "as_indented", "opened"]),
)
def test_negative_control_printed_reprs_are_read(
    read: Read,
    cls: str,
    length: float,
    rate: float,
    lkey: str,
    rkey: str,
    indent: str,
    steps: int,
    shape: str,
) -> None:
    assume(lkey != rkey)
    args = [f"num_steps={steps}", f"{lkey}={length}", f"{rkey}={rate}"]
    text = {
        # a tool's repr of its result, printed on one line
        "one_line": f"result: {cls}({', '.join(args)})\n",
        # rich's layout: the bracket alone, but no comma after the last argument
        "no_last_comma": ",\n".join(indent + a for a in args) + "\n)\n",
        # pprint's layout: the bracket closing on the last argument
        "closed_on_last": ",\n".join(indent + a for a in args) + ")\n",
        # the bracket as indented as the arguments: no call's close
        "as_indented": "".join(f"{indent}{a},\n" for a in args) + f"{indent})\n",
        # a pretty-printer's opening line above the arguments
        "opened": f"{cls}(\n" + "".join(f"{indent}{a},\n" for a in args) + ")\n",
    }[shape]
    got = read(text).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [(length, rate)]


def test_code_lines_of_a_cut_call() -> None:
    lines = ["Our fixture:", "    steps=4,", "    accept_len=2.5,", ")", "printed: accept_len=2.1"]
    assert code_lines(lines) == {2, 3, 4}
    assert code_lines(["    accept_len=2.5,", ")"]) == set()  # (one argument alone)
