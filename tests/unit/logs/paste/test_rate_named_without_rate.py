"""A rate named without the word `rate` (`draft-token acceptance`, `draft acceptance`: a rate
by its key) is a per-draft rate for the k identities of reader.py as `acceptance rate` is: a k
the paste states that fits no run's 1 + k x rate nor k x rate is no run's k (`_k_misfits`), and
the one k that fits every run then decides the bonus (`_one_k_fits`), within the rate's own
printed rounding. Lengths that fit no one k stay undecided."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import INCLUDED, UNDECIDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Speculative decoding, one draft head per checkpoint.\n\n"
_OTHER_K = "- A second engine's best run (k=3) reached 40 tok/s.\n"


def _text(lengths: list[str], rates: list[str], name: str) -> str:
    return (
        _LEAD
        + f"- Mean acceptance length: {' / '.join(lengths)}, {name}: {' / '.join(rates)}\n"
        + _OTHER_K
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(4, 9),
    rates=st.lists(st.integers(2000, 15000), min_size=3, max_size=5, unique=True),
    name=st.sampled_from(["draft-token acceptance", "draft acceptance", "Draft acceptance"]),
)
def test_the_one_fitting_k_decides(read: Read, k: int, rates: list[int], name: str) -> None:
    # rates at three decimals of a percent, lengths 1 + k x rate at five decimals
    shown = [f"{r / 1000:.3f}%" for r in rates]
    lengths = [f"{1 + k * r / 100000:.5f}" for r in rates]
    got = read(_text(lengths, shown, name)).records
    runs = [r for r in got if r.printed_rate is not None]
    assert len(runs) == len(rates), _text(lengths, shown, name)
    assert all(r.bonus.value == INCLUDED for r in runs), _text(lengths, shown, name)
    assert [r.accept_length for r in runs] == [float(x) for x in lengths]


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=st.lists(st.integers(2000, 15000), min_size=3, max_size=5, unique=True),
    lengths=st.lists(st.integers(110000, 290000), min_size=5, max_size=5, unique=True),
)
def test_lengths_fitting_no_k_stay_undecided(
    read: Read, rates: list[int], lengths: list[int]
) -> None:
    pairs = list(zip(rates, lengths, strict=False))
    # (no k from 1 to 16 fits every pair, on either side, within the printed rounding; no
    # length above the stated k, which must count the bonus token)
    assume(
        not any(
            all(abs(ln / 100000 - (b + k * r / 100000)) <= 6e-5 * k for r, ln in pairs)
            for k in range(1, 17)
            for b in (0, 1)
        )
    )
    shown = [f"{r / 1000:.3f}%" for r, _ in pairs]
    text = _text([f"{ln / 100000:.5f}" for _, ln in pairs], shown, "draft-token acceptance")
    runs = [r for r in read(text).records if r.printed_rate is not None]
    assert runs and all(r.bonus == UNDECIDED for r in runs), text
