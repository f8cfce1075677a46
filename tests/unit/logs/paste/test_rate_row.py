"""A metrics-as-rows table copied with single spaces, its lengths in one row and its shares in
a row whose label ends in an acceptance rate's name: with the one k the paste states (a flag,
or a number before 'speculative tokens'), 1 + k x share equal to every column's length decides
the bonus included (k x share: excluded). One column off, no k, two k's or no rate row decide
nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_K_SAID = (
    "Measured at batch 8 with {k} speculative tokens a step.",
    "Runs at batch 8, {k} draft tokens per step, greedy.",
    "Launched with num_speculative_tokens={k}, batch 8.",
)
# (a label whose first word the synonym table reads as no rate: the row gives its shares to
# the identity alone)
_RATE_LABELS = ("Draft acceptance rate", "Acceptance rate", "Verify acceptance rate")
_UNREAD_LABEL = "Verify acceptance rate"


def _paste(k_said: str, rate_label: str, rows: list[tuple[int, float]], bonus: bool) -> str:
    k_line = k_said
    speeds = " ".join(f"{50 + 3 * i}.{i} tok/s" for i in range(len(rows)))
    names = " ".join(f"Build{chr(65 + i)}" for i in range(len(rows)))
    rates = " ".join(f"{share:.2f}%" for _, share in rows)
    lengths = " ".join(
        f"{(1 if bonus else 0) + k * share / 100:.3f} tokens/step" for k, share in rows
    )
    return (
        f"{k_line}\n\nMetric {names}\nDecode speed {speeds}\n{rate_label} {rates}\n"
        f"Accept length {lengths}\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(min_value=2, max_value=8),
    shares=st.lists(st.integers(min_value=2000, max_value=9500), min_size=2, max_size=3),
    said=st.sampled_from(_K_SAID),
    label=st.sampled_from(_RATE_LABELS),
)
def test_one_plus_k_times_the_rate_row_decides_the_bonus(
    read: Read, k: int, shares: list[int], said: str, label: str
) -> None:
    rows = [(k, s / 100) for s in shares]
    text = _paste(said.format(k=k), label, rows, bonus=True)
    got = read(text).records
    assert len(got) == len(rows), text
    for r, (_, share) in zip(got, rows, strict=True):
        assert r.bonus.value == "included", text
        assert r.accept_length is not None
        assert abs(r.accept_length - round(1 + k * share / 100, 3)) < 1e-9, text


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(min_value=2, max_value=8),
    shares=st.lists(st.integers(min_value=2000, max_value=9500), min_size=2, max_size=3),
)
def test_no_k_or_a_column_off_decides_nothing(read: Read, k: int, shares: list[int]) -> None:
    """(A row read as the records' rate may still decide by the k that fits every run,
    another rule: the near-misses use a label read as no rate, the identity this rule's
    alone.)"""
    label = _UNREAD_LABEL
    rows = [(k, s / 100) for s in shares]
    # no k stated anywhere
    bare = _paste("Measured at batch 8, greedy.", label, rows, bonus=True)
    assert all(r.accept_length is None for r in read(bare).records), bare
    # two k's stated
    two = _paste(f"Runs with {k} speculative tokens, then {k + 1} draft tokens.", label, rows, True)
    assert all(r.accept_length is None for r in read(two).records), two
    # the last column's length off the identity by a tenth
    off = rows[:-1] + [(k, rows[-1][1] + 10 / k)]
    text = _paste(f"Measured with {k} speculative tokens.", label, rows, True)
    lines = text.rstrip("\n").split("\n")
    bad = (
        _paste(f"Measured with {k} speculative tokens.", label, off, True).rstrip("\n").split("\n")
    )
    lines[-1] = bad[-1]
    text = "\n".join(lines) + "\n"
    assert all(r.accept_length is None for r in read(text).records), text
