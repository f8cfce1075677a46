"""An accept length's name, then three lengths or more joined by `/` (`accept length: 2.41 /
2.87 / 3.12`), is one run a value where the sentence holding the list has no other `/`; a `/` in
a later sentence of the line (`All checks pass (4/4).`) is another statement's, and leaves the
list read so (slash_settings `_listed`). A `/` in the list's own sentence (labels after it)
leaves the line as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import slash_settings as SS
from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(["accept len", "Accept length", "mean acceptance length", "AL"])
_LATER = st.sampled_from(
    [
        "All suites pass ({a}/{a}).",
        "Latency/quality look fine, {a}/{b} prompts clean.",
        "The vision suite scored {a}/{b} overall.",
    ]
)
_LENGTHS = st.lists(st.integers(110, 690), min_size=3, max_size=5, unique=True)


@given(name=_NAME, later=_LATER, vs=_LENGTHS, a=st.integers(2, 9), b=st.integers(10, 20))
def test_a_slash_in_a_later_sentence_leaves_the_lengths_runs(
    read: Read, name: str, later: str, vs: list[int], a: int, b: int
) -> None:
    listed = " / ".join(f"{v / 100:.2f}" for v in vs)
    text = f"Server log: `{name}: {listed}`. {later.format(a=a, b=b)}\n"
    got = sorted(r.printed_length for r in read(text).records if r.printed_length is not None)
    assert got == sorted(round(v / 100, 2) for v in vs)


@given(name=_NAME, vs=_LENGTHS, tail=st.sampled_from([" on {l}.", " ({l}), then 3/4 later."]))
def test_a_slash_in_the_lists_own_sentence_leaves_the_line(
    name: str, vs: list[int], tail: str
) -> None:
    # (labels of another count after the values, or a ratio in the same sentence: which value
    # is whose run is not told, the line is left as it was)
    listed = " / ".join(f"{v / 100:.2f}" for v in vs)
    labels = " / ".join(f"set{i}" for i in range(len(vs) + 1))
    line = f"{name}: {listed}" + tail.format(l=labels)
    assert SS.rewrite(line) == line


@given(name=_NAME, vs=_LENGTHS)
def test_the_later_sentence_is_kept_as_written(name: str, vs: list[int]) -> None:
    listed = " / ".join(f"{v / 100:.2f}" for v in vs)
    out = SS.rewrite(f"{name}: {listed}. Vision passed 4/4.")
    assert out.endswith(". Vision passed 4/4.") and out.count(f"{name}: ") == len(vs)
