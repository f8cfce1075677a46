"""A command line's flag whose name ends in an acceptance figure's own name, named on a line with
no value after it (notrun._FIGURE_FLAG): the line's figures are what the flag is given (a
simulator's or a load generator's input), no run; a flag that turns a report on
(`--print-acceptance-rate`), or a flag naming no figure (`--num-draft-tokens`), leaves the
line read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PREFIXES = ["sim", "bench-spec", "replay", "load"]
_FIGURES = ["acceptance-length", "accept-len", "acceptance_rate", "accept-rate"]


@settings(max_examples=examples(30), deadline=None)
@given(
    prefix=st.sampled_from(_PREFIXES),
    figure=st.sampled_from(_FIGURES),
    length=st.integers(150, 390),
    k=st.integers(2, 6),
    ticks=st.booleans(),
)
def test_figures_given_to_a_flag_naming_the_figure(
    read: Read, prefix: str, figure: str, length: int, k: int, ticks: bool
) -> None:
    flag = f"--{prefix}-{figure}"
    flag = f"`{flag}`" if ticks else flag
    text = (
        "## Changes\n\n"
        f"- Depth per load level passed via {flag} (before: one fixed "
        f"K{k} / AL {length / 100:.2f} for every level).\n"
    )
    assert not read(text).records, text


@settings(max_examples=examples(30), deadline=None)
@given(
    flag=st.sampled_from(["--print-acceptance-rate", "--num-draft-tokens", "--log-accept-len"]),
    length=st.integers(150, 390),
)
def test_a_report_flag_or_another_flag_leaves_the_line_read(
    read: Read, flag: str, length: int
) -> None:
    text = f"Ran the server with `{flag}` and measured AL {length / 100:.2f} on the chat set.\n"
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].printed_length is not None, text
    assert abs(got[0].printed_length - length / 100) < 1e-9, text
