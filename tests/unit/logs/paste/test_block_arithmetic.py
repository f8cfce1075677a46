"""A length proven by arithmetic against a rate and the draft count of the same run: with a
draft block of b (the target's token and b - 1 drafts, or b drafts) or a stated k, a printed
length L = 1 + k x rate for exactly one reading, and no reading where L = k' x rate, is
bonus-included; any other case leaves the convention unknown (no normalised length)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.drafts import block_stated
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BULLETS = (
    "Tried MTP with `--draft-block-size {b}` on a 4-bit quant, 512 tokens max.\n"
    "\n"
    "| Mode | tok/s |\n"
    "|---|---:|\n"
    "| MTP off | 31.40 |\n"
    "| MTP on | 47.95 |\n"
    "\n"
    "- 52.7% higher throughput\n"
    "- {rate} draft acceptance\n"
    "- {length} accepted tokens per verification round\n"
)


def _lengths(read: Read, text: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.accept_length) for r in read(text).records]


def test_block_of_four_three_drafts_proves_the_bonus(read: Read) -> None:
    # 1 + 3 x 0.884 = 3.652 -> 3.65; 4 x 0.884 = 3.536, 3 x 0.884 = 2.652: no other reading
    got = read(_BULLETS.format(b=4, rate="88.4%", length="3.65")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(3.65, 3.65)]
    assert got[0].bonus.rule.startswith("identity: length = 1 + k x rate")
    assert "draft block of 4" in got[0].bonus.rule


def test_block_read_as_all_drafts_when_that_reading_fits(read: Read) -> None:
    # 1 + 4 x 0.55 = 3.20; 1 + 3 x 0.55 = 2.65, 5 x 0.55 = 2.75, 4 x 0.55 = 2.2: only k = 4
    got = _lengths(read, _BULLETS.format(b=4, rate="55.0%", length="3.20"))
    assert got == [(3.2, 3.2)]


def test_negative_control_both_readings_fit(read: Read) -> None:
    # rate 100%: 1 + 3 x 1.0 = 4 x 1.0 = 4.00: the bonus or a fourth draft, not told
    assert _lengths(read, _BULLETS.format(b=4, rate="100.0%", length="4.00")) == [(4.0, None)]


def test_negative_control_a_length_that_is_k_times_rate(read: Read) -> None:
    # 3 x 0.90 = 2.70: the bonus left out under one reading, no proof of inclusion
    assert _lengths(read, _BULLETS.format(b=4, rate="90.0%", length="2.70")) == [(2.7, None)]


def test_negative_control_no_reading_fits(read: Read) -> None:
    # 1 + 3 x 0.907 = 3.72, 1 + 4 x 0.907 = 4.63: 3.10 is none of them
    assert _lengths(read, _BULLETS.format(b=4, rate="90.7%", length="3.10")) == [(3.1, None)]


def test_negative_control_rate_of_another_run(read: Read) -> None:
    # the rate belongs to a second block of another run; the length's own block has none
    text = (
        "Run A with `--draft-block-size 4`:\n\n"
        "- 90.7% draft acceptance\n\n"
        "Run B, other prompt:\n\n"
        "- 3.72 accepted tokens per verification round\n"
    )
    assert all(r.accept_length is None for r in read(text).records)


def test_negative_control_kv_cache_block_size_is_no_draft_block() -> None:
    assert block_stated("vllm serve m --block-size 16 --num-speculative-tokens 3") is None
    assert block_stated("--draft-block-size 4") == 4
    assert block_stated("draft_block_size=8, then --draft-block-size 4") is None


def test_negative_control_without_a_block_the_name_decides_nothing(read: Read) -> None:
    text = "- 90.7% draft acceptance\n- 3.72 accepted tokens per verification round\n"
    assert _lengths(read, text) == [(3.72, None)]


@settings(max_examples=examples(60), deadline=None)
@given(b=st.integers(2, 9), permille=st.integers(300, 990), full_block=st.booleans())
def test_generated_blocks_never_claim_a_false_convention(
    b: int, permille: int, full_block: bool
) -> None:
    rate = permille / 1000
    k = b if full_block else b - 1
    printed = round(1 + k * rate, 2)
    text = _BULLETS.format(b=b, rate=f"{permille / 10:.1f}%", length=f"{printed:.2f}")
    got = read_paste(text).records
    assert len(got) == 1
    r = got[0]
    assert r.printed_length == printed
    # a length is claimed only when no reading but the true one fits, and then it is right
    others = [n for n in (b - 1, b) if n != k and abs(printed - (1 + n * rate)) <= 0.006 + n * 5e-4]
    others += [
        n for n in range(max(1, b - 2), b + 2) if abs(printed - n * rate) <= 0.006 + n * 5e-4
    ]
    if r.accept_length is not None:
        assert r.accept_length == printed
    assume(not others)
    assert r.accept_length == printed


@settings(max_examples=examples(40), deadline=None)
@given(b=st.integers(2, 9), permille=st.integers(300, 990))
def test_generated_lengths_without_the_bonus_claim_nothing(b: int, permille: int) -> None:
    # the printed length is k x rate (bonus left out): never read as bonus-included
    rate = permille / 1000
    printed = round((b - 1) * rate, 2)
    assume(printed >= 1.0)
    text = _BULLETS.format(b=b, rate=f"{permille / 10:.1f}%", length=f"{printed:.2f}")
    got = read_paste(text).records
    assert all(r.accept_length in (None, round(printed + 1, 6)) for r in got)
    assert all(r.accept_length != printed for r in got)
