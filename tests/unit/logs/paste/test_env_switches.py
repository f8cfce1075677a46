"""An environment variable of three words or more in capitals set to 0 or 1
('MYTOOL_DUMP_ACCEPT_LENGTH=1'): a switch that turns something on or off, never the figure its
name holds; the same figure stated by its own name beside it still reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FIGURES = ("ACCEPT_LENGTH", "ACCEPTANCE_LENGTH", "ACCEPT_RATE", "ACCEPTANCE_RATE")
_PREFIXES = ("MYTOOL_DUMP", "SERVE_RECORD", "BENCH_WRITE")


@settings(max_examples=examples(30), deadline=None)
@given(
    prefix=st.sampled_from(_PREFIXES),
    figure=st.sampled_from(_FIGURES),
    on=st.sampled_from((0, 1)),
    tick=st.sampled_from(("`", "")),
)
def test_a_switch_gives_no_record(read: Read, prefix: str, figure: str, on: int, tick: str) -> None:
    text = (
        "## Draft head regression coverage\n\n"
        "Settings used to record the references:\n\n"
        f"- {tick}{prefix}_{figure}={on}{tick} to write the reference files.\n"
    )
    assert read(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(prefix=st.sampled_from(_PREFIXES), hundredths=st.integers(120, 480))
def test_the_figure_beside_the_switch_still_reads(read: Read, prefix: str, hundredths: int) -> None:
    text = (
        "## Draft head regression coverage\n\n"
        f"- `{prefix}_ACCEPT_LENGTH=1` to write the reference files.\n"
        f"- measured accept length: {hundredths / 100:.2f}\n"
    )
    assert [r.printed_length for r in read(text).records] == [hundredths / 100]
