"""A JSON object printing a per-draft rate, a per-step figure and its own draft count as members
(``"k": 5`` or ``"num_speculative_tokens": 5``): figure = k x rate is the accepted drafts a step
(bonus excluded, length 1 + figure), figure = 1 + k x rate the tokens a step (bonus included);
reader._json_k_identity. Near misses: no k member, two k members that differ, a figure fitting
neither, a name counting every token of a step (two readings fit)."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_K_KEY = st.sampled_from(["k", "num_speculative_tokens"])
_RATE_KEY = st.sampled_from(["acceptance", "acceptance_rate", "draft_acceptance_rate"])
_FIG_KEY = st.sampled_from(["accepted_tokens_per_round", "mean_accept_len", "accepted_per_step"])
_WORD = st.sampled_from(["eagle", "mtp", "dflash", "medusa", "ngram", "draft"])
_TITLE = st.sampled_from(["Speculative decoding", "Spec results", "Draft run", "MTP summary"])


def _paste(members: dict[str, object], indent: int | None, title: str) -> str:
    body = json.dumps(members, indent=indent)
    return f"## {title}\n\n```json\n{body}\n```\n"


def _decimals(x: float) -> int:
    return len(repr(x).partition(".")[2])


@st.composite
def _runs(draw: st.DrawFn) -> tuple[int, int, int]:
    k = draw(st.integers(2, 9))
    steps = draw(st.integers(20, 400))
    # (at least one accepted draft a step on average: a figure below 1 is told by other rules)
    accepted = draw(st.integers(steps + steps // 5, k * steps - 1))
    # (printed finely enough for k x rate to tell the two readings apart)
    assume(_decimals(accepted / (k * steps)) >= 4 and _decimals(accepted / steps) >= 3)
    return k, steps, accepted


@given(
    run=_runs(),
    k_key=_K_KEY,
    rate_key=_RATE_KEY,
    fig_key=_FIG_KEY,
    method=_WORD,
    title=_TITLE,
    indent=st.sampled_from([None, 2, 4]),
    included=st.booleans(),
)
def test_own_k_decides_the_bonus(
    read: Read,
    run: tuple[int, int, int],
    k_key: str,
    rate_key: str,
    fig_key: str,
    method: str,
    title: str,
    indent: int | None,
    included: bool,
) -> None:
    k, steps, accepted = run
    rate = accepted / (k * steps)
    per = accepted / steps
    fig = 1 + per if included else per
    members = {rate_key: rate, fig_key: fig, k_key: k, "method": method}
    got = read(_paste(members, indent, title)).records
    assert [r.printed_length for r in got] == [pytest.approx(fig)]
    assert got[0].accept_length == pytest.approx(1 + per, abs=1e-5)
    assert got[0].bonus.value == ("included" if included else "excluded")


@given(
    run=_runs(),
    rate_key=_RATE_KEY,
    fig_key=_FIG_KEY,
    method=_WORD,
    shape=st.integers(0, 2),
    off=st.sampled_from([0.3, -0.2, 0.55]),
)
def test_near_misses_decide_nothing(
    read: Read,
    run: tuple[int, int, int],
    rate_key: str,
    fig_key: str,
    method: str,
    shape: int,
    off: float,
) -> None:
    k, steps, accepted = run
    rate = accepted / (k * steps)
    fig = accepted / steps
    members: dict[str, object] = {rate_key: rate, "method": method}
    if shape == 0:
        members[fig_key] = fig  # no k member
    elif shape == 1:
        members.update({fig_key: fig, "k": k, "num_speculative_tokens": k + 1})  # two k's
    else:
        members.update({fig_key: fig + off, "k": k})  # neither k x rate nor 1 + k x rate
    # (a figure below 1 is decided by the older rule that a length below 1 leaves the
    # target's token out: another rule's case)
    assume(float(members[fig_key]) >= 1)  # type: ignore[arg-type]
    got = read(_paste(members, 2, "Spec decode")).records
    assert [r.printed_length for r in got] == [pytest.approx(members[fig_key])]
    assert got[0].accept_length is None


def test_a_tokens_name_at_k_times_rate_stays_unknown(read: Read) -> None:
    # tokens a round that equal k x rate: a loose name or a rate defined as tokens / k
    members = {"acceptance": 0.52, "tokens_per_round": 2.6, "k": 5}
    got = read(_paste(members, 2, "Spec decode")).records
    assert [r.printed_length for r in got] == [pytest.approx(2.6)]
    assert got[0].accept_length is None
