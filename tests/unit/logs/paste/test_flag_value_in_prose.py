"""A command line's flag naming an acceptance figure with its value, written inside a code span,
a quote or a bracket of prose (`` the default `--sim_accept_rate 1.0` accepts every draft ``):
what the program is given, a setting, no record (notrun._ACCEPT_FLAG for a quote or a bracket,
notrun.span_flag for a code span), as the same flag on a command line already was. A figure named in words beside no such flag, or a flag naming no
acceptance figure, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PREFIX = st.sampled_from(["sim", "mtp", "bench", "fake_spec", "draft"])
_FIGURE = st.sampled_from(["accept_rate", "accept-rate", "acceptance_rate", "accept-len"])
_OPEN = st.sampled_from([("``", "``"), ("`", "`"), ("(", ")"), ("'", "'"), ('"', '"')])


@settings(max_examples=examples(40), deadline=None)
@given(
    prefix=_PREFIX,
    figure=_FIGURE,
    ends=_OPEN,
    dashes=st.sampled_from(["--", "-"]),
    eq=st.sampled_from([" ", "="]),
    v=st.integers(30, 100),
    lead=st.sampled_from(["The static bench defaults to", "Defaults:", "Set it lower, e.g."]),
)
def test_a_flag_with_its_value_in_prose_is_a_setting(
    read: Read,
    prefix: str,
    figure: str,
    ends: tuple[str, str],
    dashes: str,
    eq: str,
    v: int,
    lead: str,
) -> None:
    sep = "_" if "_" in figure else "-"
    flag = f"{dashes}{prefix}{sep}{figure}{eq}{v / 100:.1f}"
    text = (
        "Speculative decode benchmark\n"
        "============================\n\n"
        f"{lead} {ends[0]}{flag}{ends[1]}, so every draft token is kept;\n"
        "lower it to see decode throughput at a lower acceptance.\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(ends=_OPEN, v=st.integers(40, 95), k=st.integers(2, 6))
def test_a_measured_rate_beside_another_flag_is_read(
    read: Read, ends: tuple[str, str], v: int, k: int
) -> None:
    text = (
        f"Ran with {ends[0]}--num-speculative-tokens {k}{ends[1]}; the measured "
        f"acceptance rate was {v}%.\n"
    )
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].printed_rate is not None and abs(got[0].printed_rate - v / 100) < 1e-9, text


@settings(max_examples=examples(30), deadline=None)
@given(v=st.integers(40, 95), word=st.sampled_from(["accept rate", "acceptance rate"]))
def test_a_rate_named_in_words_is_read(read: Read, v: int, word: str) -> None:
    # (no dash before the name: a figure, no flag)
    text = f"The bench printed `{word} {v / 100:.2f}` at the end of the run.\n"
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].printed_rate is not None and abs(got[0].printed_rate - v / 100) < 1e-9, text
