"""τ set among a run's settings in the label before its result (``D=4, B=2, τ=0.05:  170.11 t/s
(1.330×)``, ``depth=5, width=2, tau=0.1 - 41.2 ms``): the label's assignments set the run up,
so its τ is a setting (a threshold), never a measured accept length: no record. A τ printed
after the label, among the run's results (``D=4, B=2: 170.11 t/s, τ=2.61``), is the run's
length as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["D", "B", "K", "W", "depth", "width", "beam", "top_k", "n_cand"]
_TAU = st.sampled_from(["τ", "tau"])
_RESULT = st.sampled_from(["t/s", "tok/s", "tokens/s", "ms"])


@st.composite
def _label(draw: st.DrawFn) -> tuple[str, str]:
    """A label of settings with τ among them, and the τ's printed value."""
    names = draw(st.lists(st.sampled_from(_NAMES), min_size=1, max_size=3, unique=True))
    parts = [f"{n}={draw(st.integers(1, 16))}" for n in names]
    tau = f"{draw(st.integers(1, 95)) / 100:.2f}"
    parts.insert(draw(st.integers(0, len(parts))), f"{draw(_TAU)}={tau}")
    return ", ".join(parts), tau


@settings(max_examples=examples(40), deadline=None)
@given(
    labels=st.lists(_label(), min_size=1, max_size=5),
    unit=_RESULT,
    sep=st.sampled_from([":", " -"]),
    speedup=st.booleans(),
    fence=st.booleans(),
)
def test_tau_in_a_settings_label_is_no_length(
    read: Read,
    labels: list[tuple[str, str]],
    unit: str,
    sep: str,
    speedup: bool,
    fence: bool,
) -> None:
    rows = [
        f"- {lab}{sep}  {120 + 7.31 * i:.2f} {unit}"
        + (f" ({1.1 + 0.071 * i:.3f}×)" if speedup else "")
        for i, (lab, _) in enumerate(labels)
    ]
    body = "\n".join(rows)
    if fence:
        body = f"```\n{body}\n```"
    text = f"## Tree drafting sweep\n\nResults from the benchmark json:\n\n{body}\n"
    assert len(read(text).records) == 0


@settings(max_examples=examples(30), deadline=None)
@given(
    names=st.lists(st.sampled_from(_NAMES), min_size=2, max_size=3, unique=True),
    tau=st.integers(150, 450),
    sym=_TAU,
)
def test_tau_among_the_results_stays_a_length(
    read: Read, names: list[str], tau: int, sym: str
) -> None:
    label = ", ".join(f"{n}={i + 2}" for i, n in enumerate(names))
    text = f"## Tree drafting sweep\n\n- {label}: 170.11 t/s, {sym}={tau / 100:.2f}\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [tau / 100]
