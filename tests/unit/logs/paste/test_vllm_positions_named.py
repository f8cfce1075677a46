"""vLLM's convention for per-position rates printed alone (1 + their sum, the rates unconditional)
holds only for a figure named per position, as vLLM names its own ('Per-position acceptance
rate', 'num_accepted_tokens_per_pos'): a list of rates under a bare rate's or ratio's name
('| Accept ratio | 0.9393 0.6789 0.3387 |' in a metrics-as-rows table of a block naming vLLM) may
be another program's figure of another meaning, so it decides no convention (no length). A list
under a name saying 'per position' reads as before: 1 + the sum."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BARE = ("Accept ratio", "Acceptance rate", "Draft acceptance", "Accept rate", "MTP acceptance")
_PER_POSITION = (
    "Per-position acceptance",
    "Acceptance rate per position",
    "Accept ratio (per position)",
    "Acceptance per pos",
)
_TITLES = (
    "# vLLM MTP benchmark on one node",
    "# [plugin-vllm benchmark MTP] refine the benchmark command",
    "## Results (vLLM 0.11, MTP3)",
)


@st.composite
def _falling(draw: st.DrawFn) -> list[float]:
    """Two to five rates in ten-thousandths, strictly falling along the positions."""
    n = draw(st.integers(min_value=2, max_value=5))
    vals = draw(
        st.lists(st.integers(min_value=50, max_value=9900), min_size=n, max_size=n, unique=True)
    )
    return [v / 10000 for v in sorted(vals, reverse=True)]


def _paste(title: str, name: str, rates: list[float], accuracy: int) -> str:
    return (
        f"{title}\n\n"
        "MTP3 with the indexer cache and quick allreduce:\n"
        "| Metric | Value |\n"
        "| --- | ---: |\n"
        f"| Accuracy | 0.{accuracy} |\n"
        f"| {name} | {' '.join(f'{r:.4f}' for r in rates)} |\n"
    )


@settings(max_examples=examples(50), deadline=None)
@given(
    st.sampled_from(_TITLES),
    st.sampled_from(_BARE),
    _falling(),
    st.integers(min_value=7000, max_value=9800),
)
def test_a_bare_named_list_claims_no_convention(
    read: Read, title: str, name: str, rates: list[float], accuracy: int
) -> None:
    text = _paste(title, name, rates, accuracy)
    got = read(text).records
    assert all(r.accept_length is None for r in got), text


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(_TITLES),
    st.sampled_from(_PER_POSITION),
    _falling(),
    st.integers(min_value=7000, max_value=9800),
)
def test_a_list_named_per_position_sums_as_before(
    read: Read, title: str, name: str, rates: list[float], accuracy: int
) -> None:
    text = _paste(title, name, rates, accuracy)
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].tool == "vllm", text
    assert got[0].accept_length is not None, text
    assert abs(got[0].accept_length - (1 + sum(rates))) < 1e-6, text
