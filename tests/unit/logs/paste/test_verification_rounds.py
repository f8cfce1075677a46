"""A column of verification rounds or steps, the noun spelled out (`verification_rounds`,
`verification steps`), counts the run's verify steps as `verify rounds` does: beside accepted and
drafted token counts, the length is 1 + accepted / steps, bonus included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_STEP_NAMES = (
    "verification_rounds",
    "verification rounds",
    "verification_steps",
    "num_verification_rounds",
)


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_STEP_NAMES),
    st.integers(min_value=5, max_value=400),
    st.integers(min_value=1, max_value=4),
    st.integers(min_value=2, max_value=6),
    st.booleans(),
)
def test_verification_rounds_count_the_verify_steps(
    read: Read, name: str, steps: int, per_step: int, k: int, csv: bool
) -> None:
    per_step = min(per_step, k)
    accepted = steps * per_step - (steps // 3)
    drafted = steps * k
    rate = accepted / drafted
    head = ["run", "wall_s", "accepted_tokens", "draft_tokens", name, "acceptance_rate"]
    row = ["pilot-b", "7.25", str(accepted), str(drafted), str(steps), f"{rate:.4f}"]
    if csv:
        text = ",".join(head) + "\n" + ",".join(row) + "\n"
    else:
        text = (
            "| "
            + " | ".join(head)
            + " |\n|"
            + "---|" * len(head)
            + "\n| "
            + " | ".join(row)
            + " |\n"
        )
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].accept_length is not None
    assert abs(got[0].accept_length - (1 + accepted / steps)) < 1e-3, text


def test_other_rounds_are_no_verify_steps(read: Read) -> None:
    """Rounds of something else (`training_rounds`, `eval rounds`) count no verify step: the
    rate and its counts stand, no length."""
    for name in ("training_rounds", "eval rounds", "verification_failures"):
        text = (
            f"run,accepted_tokens,draft_tokens,{name},acceptance_rate\npilot-c,45,120,12,0.3750\n"
        )
        got = read(text).records
        assert len(got) == 1, text
        assert got[0].accept_length is None, text
