"""A count named after drafts whose accepted / it is the printed rate is the rate's denominator
(draft tokens), not verify steps: never the length 1 + accepted / drafts then."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_DRAFT_NAMES = ["drafts", "num drafts", "number of drafts", "draft proposals"]


def _csv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join(",".join(f'"{c}"' for c in r) for r in [header, *rows]) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(2, 7),
    steps=st.integers(1000, 40000),
    per_step=st.integers(5, 95),  # accepted drafts per step, in hundredths
    name=st.sampled_from(_DRAFT_NAMES),
    with_k=st.booleans(),
)
def test_drafts_that_divide_the_rate_are_draft_tokens(
    read: Read, k: int, steps: int, per_step: int, name: str, with_k: bool
) -> None:
    drafts = steps * k
    accepted = round(steps * per_step / 100)
    rate = 100 * accepted / drafts
    header = ["config", name, "accepted tokens", "accept rate"]
    row = [f"k={k}" if with_k else "ours", f"{drafts:,}", f"{accepted:,}", f"{rate:.4f}%"]
    (r,) = read(_csv(header, [row])).records
    assert r.steps is None and r.drafted_tokens == drafts
    # never 1 + accepted / drafts, the length as if each draft token were a step
    assert r.accept_length is None or abs(r.accept_length - (1 + accepted / drafts)) > 1e-6
    if with_k:
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + k * accepted / drafts)) < k * 5e-7 + 1e-6
    else:
        assert r.accept_length is None and r.bonus.value == "unknown"


def test_negative_control_verify_steps_stay_steps() -> None:
    text = _csv(["verify steps", "accepted tokens", "accept rate"], [["16,000", "10,000", "62.5%"]])
    (r,) = read_paste(text).records
    assert r.steps == 16000 and r.accept_length == 1.625


def test_negative_control_a_length_whose_identity_holds_keeps_them_steps() -> None:
    text = "Number of draft proposals: 16,000\nAccepted: 10,000\nAccept rate: 62.5%\nAL: 1.625\n"
    (r,) = read_paste(text).records
    assert r.steps == 16000 and r.accept_length == 1.625
    assert r.bonus.rule == "identity: printed length = 1 + accepted / steps"


def test_negative_control_drafts_that_do_not_divide_the_rate_are_steps() -> None:
    text = _csv(["drafts", "accepted tokens", "accept rate"], [["16,000", "10,000", "20.8%"]])
    (r,) = read_paste(text).records
    assert r.steps == 16000 and r.accept_length == 1.625
