"""A bench's 'Done:' line per list item ('generated=N ... rounds=M acceptance_rate=r
mean_accepted_len=L'): a later item's settings ('--batch 1', 'K=2/4/8') are no label of an
earlier item's run; and a bare 'generated' count is the output tokens only where the rate proves
it no drafted count and generated / rounds is 1 + the length (then the bonus is left out)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import EXCLUDED
from tests.support.examples import examples


def _done(rounds: int, accepted: int, k: int, extra: int = 0) -> str:
    rate = accepted / (rounds * k)
    gen = rounds + accepted + extra
    return (
        f"`[bench/spec] Done: prompt=12 decode_ms=4100.5 generated={gen} tok/s=15.2 "
        f"rounds={rounds} acceptance_rate={rate:.3f} mean_accepted_len={accepted / rounds:.2f}`"
    )


@settings(max_examples=examples(25), deadline=None)
@given(
    rounds=st.integers(20, 400),
    k=st.integers(2, 7),
    share=st.integers(15, 85),
)
def test_generated_is_output_where_the_rate_rules_out_drafts(
    rounds: int, k: int, share: int
) -> None:
    accepted = max(1, rounds * k * share // 100)
    text = f"MTP drafter, --block-size {k + 1}:\n\n- run on the 8B pair: {_done(rounds, accepted, k)}\n"
    got = read_paste(text).records
    assert len(got) == 1
    r = got[0]
    per = accepted / rounds
    if r.output_tokens is not None:
        assert r.output_tokens == rounds + accepted and r.drafted_tokens is None
        assert r.bonus.value == EXCLUDED
        assert r.accept_length is not None and abs(r.accept_length - (1 + round(per, 2))) < 1e-9
    else:  # the rate fits the count as drafts as well: nothing claimed from it
        assert r.accept_length is None


def test_a_later_items_settings_are_no_label() -> None:
    text = (
        "Checks:\n\n"
        f"- [x] pair A, --block-size 4: {_done(40, 60, 3)}\n"
        f"- [x] pair B, --block-size 4: {_done(50, 70, 3)}\n"
        "- [x] `bench --sweep --batch 1 --max-tokens 64` on the laptop: 9 rows at K=2/4/8\n"
    )
    got = read_paste(text).records
    assert len(got) == 2
    for r in got:
        assert all(k not in ("batch", "k") for k, _ in r.labels)


def test_negative_control_accepted_of_generated_drafts_stay_drafts() -> None:
    got = read_paste("draft stats: accepted=60 generated=100 rounds=40 accept_rate=0.600\n").records
    assert len(got) == 1
    assert got[0].drafted_tokens == 100 and got[0].output_tokens is None


def test_negative_control_a_rate_that_fits_generated_as_drafts() -> None:
    # 0.500 x 80 / 40 = 1.00 = the length: 'generated' may be drafts, so it is left as read
    text = "spec: generated=80 rounds=40 acceptance_rate=0.500 mean_accepted_len=1.00\n"
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].output_tokens is None


def test_negative_control_an_items_own_settings_stay_its_labels() -> None:
    text = (
        "- batch=4 rounds=40 accepted=60 tok_per_step=2.50\n"
        "- batch=8 rounds=40 accepted=70 tok_per_step=2.75\n"
    )
    got = read_paste(text).records
    assert [r.labels for r in got] == [(("batch", "4"),), (("batch", "8"),)]
