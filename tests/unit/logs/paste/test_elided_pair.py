"""A share named as acceptance and a speed, joined by a slash (`58% accept / 36.0 tok/s`), then
another run's bare pair in the same unit (`and the 4-bit head 49% / 31.5 tok/s`): the names are
written once, the second pair states the same figures of its own run, one record a pair. A
second share with a name of its own, a speed of another unit, or a first share of no acceptance
are left as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.elided_pair import rewrite
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    shares=st.lists(st.integers(11, 95), min_size=2, max_size=3, unique=True),
    name=st.sampled_from(["accept", "acceptance", "accept rate"]),
    unit=st.sampled_from(["t/s", "tok/s", "tokens/s"]),
    joiner=st.sampled_from([" and ", ", and ", " vs ", ", "]),
    label=st.sampled_from(["the 4-bit head", "run B", "a longer prompt", ""]),
)
def test_each_pair_is_a_run(
    read: Read, shares: list[int], name: str, unit: str, joiner: str, label: str
) -> None:
    pairs = [f"{shares[0]}% {name} / 36.0 {unit}"]
    pairs += [f"{label + ' ' if label else ''}{s}% / {20 + s / 10:.1f} {unit}" for s in shares[1:]]
    text = (
        "Speculative decoding with a draft model.\n\n"
        f"- measured {joiner.join(pairs)} on the code set.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [s / 100 for s in shares]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    line=st.sampled_from(
        [
            "58% accept / 36.0 tok/s and 49% / 31.5 ms",
            "58% GPU / 36.0 tok/s and 49% / 31.5 tok/s",
            "58% accept / 36.0 tok/s and 49% memory / 31.5 tok/s",
            "58% accept / 36.0 tok/s and 49% / 31.5 tok/step",
        ]
    )
)
def test_negative_control_other_shapes_are_left(line: str) -> None:
    assert rewrite(line) == line


def test_the_example_of_the_docs() -> None:
    text = "Draft model.\n\n- 58% accept / 36.0 tok/s, and the 4-bit head 49% / 31.5 tok/s.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.58, 0.49]
