"""resolve_profile: the one rule for what --acc / --steps mean against a discovered draft length."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.accept import AccKind
from specdiag.core.profile import resolve_profile
from specdiag.errors import UsageError


def test_one_value_with_steps_is_used_at_every_position() -> None:
    r = resolve_profile([0.75], 5, None)
    assert r.profile.acc == (0.75,) * 5 and r.steps_from == "--steps" and r.notes == ()


def test_per_position_values_define_the_length() -> None:
    r = resolve_profile([0.8, 0.7, 0.6], None, None)
    assert r.steps == 3 and r.steps_from == "--acc"


def test_a_single_value_without_any_length_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="needs --steps"):
        resolve_profile([0.75], None, None)
    with pytest.raises(UsageError, match=r"needs --steps \(the logs showed no draft length\)"):
        resolve_profile([0.75], None, None, where="the logs")


def test_the_discovered_length_is_the_default() -> None:
    r = resolve_profile([0.75], None, 3, where="the server", source="/server_info")
    assert r.steps == 3 and r.notes == ("--steps 3 taken from the server (/server_info)",)


def test_more_values_than_the_server_drafts_use_the_first_k() -> None:
    r = resolve_profile([0.9, 0.8, 0.7, 0.6], None, 2, where="the server")
    assert r.profile.acc == (0.9, 0.8)
    assert "using the first 2 of the 4 --acc values" in r.notes[0]


def test_fewer_values_than_the_server_drafts_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="--acc has 2 per-position values but the server drafts 3"):
        resolve_profile([0.8, 0.7], None, 3, where="the server")


def test_steps_that_differ_from_the_discovered_length_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="--steps 9 but the server drafts 3"):
        resolve_profile([0.75], 9, 3, where="the server")
    assert resolve_profile([0.75], 3, 3, where="the server").steps == 3


def test_steps_that_do_not_match_per_position_values() -> None:
    with pytest.raises(UsageError, match="--steps 5 does not match the 3 per-position values"):
        resolve_profile([0.8, 0.7, 0.6], 5, None)


def test_speculation_off_is_no_discovered_length() -> None:
    assert resolve_profile([0.8, 0.7], None, 0).steps == 2


def test_unconditional_values_are_converted() -> None:
    r = resolve_profile([0.8, 0.4], None, None, kind=AccKind.UNCONDITIONAL)
    assert r.profile.acc == pytest.approx((0.8, 0.5))


@given(
    acc=st.lists(st.floats(0, 1), min_size=1, max_size=8),
    steps=st.one_of(st.none(), st.integers(-3, 2000)),
    k=st.one_of(st.none(), st.integers(-1, 20)),
)
def test_any_input_gives_a_profile_or_a_usage_error(
    acc: list[float], steps: int | None, k: int | None
) -> None:
    try:
        r = resolve_profile(acc, steps, k, where="the server")
    except UsageError as exc:
        assert exc.hint
        return
    assert r.steps == len(r.profile.acc) >= 1
    if steps is not None:
        assert r.steps == steps
    elif k is not None and k >= 1:
        assert r.steps == k
    assert 1.0 <= r.profile.expected_accept_length <= r.steps + 1
