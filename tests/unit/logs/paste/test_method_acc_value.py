"""A speculative method's bare 'acc' told by its value, both ways (our own text):

- `MTP acc 2.74` (`EAGLE-3 acc: 3.1`, `spec acc 2.05`, `DFlash acc 4.60`) in a line of
  comma-separated figures or a sentence: a decimal above 1 is the run's mean acceptance length,
  its convention unknown whatever engine the paste names (the abbreviation may stand for the
  length or for the accepted drafts a step);
- a share (`MTP acc 0.62`: a head's accuracy as often), a percentage, a whole number, a value
  past the most tokens a step, or `acc` after no method's name give no record.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_METHODS = ["MTP", "EAGLE-3", "spec", "DFlash", "draft", "Medusa"]


@settings(max_examples=examples(40), deadline=None)
@given(
    method=st.sampled_from(_METHODS),
    hundredths=st.integers(105, 790),
    sep=st.sampled_from([" ", ": ", " = "]),
    lead=st.sampled_from(
        [
            "Numbers for the four-card box: 88 tok/s chat, 104 tok/s code, ",
            "Served on vLLM 0.11, the run gave 88 tok/s and ",
            "Run summary — prefill 1650 tok/s, decode 92 tok/s, ",
        ]
    ),
    end=st.sampled_from([".", "", " on the code set."]),
)
def test_a_length_of_unknown_convention(
    read: Read, method: str, hundredths: int, sep: str, lead: str, end: str
) -> None:
    v = hundredths / 100
    got = read(f"{lead}{method} acc{sep}{v:.2f}{end}\n").records
    assert [r.printed_length for r in got] == [v]
    assert got[0].accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    method=st.sampled_from(_METHODS),
    value=st.sampled_from(["0.62", "0.915", "62.5%", "3", "18.40", "71"]),
)
def test_no_length(read: Read, method: str, value: str) -> None:
    text = f"Numbers for the box: 88 tok/s chat, {method} acc {value}.\n"
    assert [r.printed_length for r in read(text).records] == []


def test_acc_after_no_method_is_no_length(read: Read) -> None:
    text = "Numbers for the box: 88 tok/s chat, top-1 acc 2.90, val acc 1.45.\n"
    assert [r.printed_length for r in read(text).records] == []
