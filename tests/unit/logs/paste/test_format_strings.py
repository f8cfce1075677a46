"""A format string's placeholder (`{mean_al:.3f}`, `{:>6.2%}`, `%5.2f`) is code, the value a
program will print: its width and precision are no figure, so a script that prints acceptance
figures gives no record; the lines that script printed are still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SPECS = st.sampled_from([".2f", ".3f", ">6.2f", "8.4g", ".1%", "0.2f", "5.2f"])
_NAMES = st.sampled_from(
    ["Mean acceptance length", "avg accept length", "Acceptance rate", "accepted per step"]
)


@settings(max_examples=examples(30), deadline=None)
@given(spec=_SPECS, name=_NAMES)
def test_a_print_format_placeholder_is_no_figure(read: Read, spec: str, name: str) -> None:
    text = (
        "    rate = hits / drafts if drafts else 0.0\n"
        '    print("=" * 40)\n'
        f'    print(f"{name}: {{rate:{spec}}}")\n'
        f'    print("{name} (old): {{:{spec}}}".format(rate))\n'
        '    print("=" * 40)\n'
    )
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(width=st.sampled_from(["", "5", "-8", "6"]), prec=st.integers(1, 4), name=_NAMES)
def test_a_printf_placeholder_is_no_figure(read: Read, width: str, prec: int, name: str) -> None:
    text = f'    printf("{name}: %{width}.{prec}f\\n", mean_len);\n'
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(length=st.integers(120, 390), spec=_SPECS)
def test_the_printed_output_beside_its_script_is_read(read: Read, length: int, spec: str) -> None:
    value = f"{length / 100:.2f}"
    text = (
        "The script:\n\n"
        f'    print(f"Mean acceptance length: {{al:{spec}}}")\n\n'
        "What it printed on our EAGLE run:\n\n"
        f"Mean acceptance length: {value}\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [float(value)]


@settings(max_examples=examples(30), deadline=None)
@given(length=st.integers(120, 390))
def test_a_dict_value_is_no_placeholder(read: Read, length: int) -> None:
    value = f"{length / 100:.2f}"
    text = f"EAGLE speculative decoding run, summary: {{mean_accept_len:{value}}}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [float(value)]
