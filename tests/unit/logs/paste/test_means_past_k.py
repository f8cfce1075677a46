"""A record whose lines print its drafted tokens' mean above the one draft-tokens-per-step the
paste states ('Mean drafted | 17.3' at k=4): its accepted mean spans several verify steps, no
step's length; the table's rate stays the one record (restated_row.means_past_k). A drafted
mean at or below k, or no k stated, reads as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _paste(k: int, drafted: str, accepted: str, rate: str = "19.4%") -> str:
    setting = f"| Draft | tiny head, k={k} |\n" if k else "| Draft | tiny head |\n"
    return (
        "# Draft head results\n\n"
        "| Setting | Value |\n|---|---|\n" + setting + "\n"
        "| Run | Decode (ms) | Accept |\n|---|---|---|\n"
        "| plain | 510 | --- |\n"
        f"| with draft | 480 | {rate} |\n\n"
        "**Breakdown:**\n\n"
        "| Item | Value |\n|---|---|\n"
        f"| Mean drafted tokens | {drafted} |\n"
        f"| Mean accepted tokens | {accepted} |\n"
        "| Verify cost | 60 ms |\n"
    )


def _read(text: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_rate, r.printed_length) for r in read_paste(text).records]


@given(k=st.integers(2, 8), over=st.integers(1, 200), share=st.integers(5, 40))
def test_means_past_k_give_the_rate_alone(k: int, over: int, share: int) -> None:
    drafted = k + over / 10
    accepted = drafted * share / 100
    text = _paste(k, f"{drafted:.1f}", f"{accepted:.1f}", rate=f"{share}.0%")
    assert _read(text) == [(share / 100, None)]


def test_a_drafted_mean_within_k_reads_as_before() -> None:
    old = _read(_paste(0, "3.8", "0.7"))
    assert _read(_paste(4, "3.8", "0.7")) == old
    assert any(length is not None for _, length in old)
