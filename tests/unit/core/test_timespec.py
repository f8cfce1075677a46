"""core.timespec: the one --since/--until grammar of logs and fleet, as properties."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.fleet.timespec import iso, window
from specdiag.core.logs.window import window_and_year
from specdiag.core.timespec import MAX_UNIX_S, MIN_UNIX_S, TimeSpec, parse_time
from specdiag.errors import UsageError
from tests.support.examples import examples

INSTANTS = st.integers(int(MIN_UNIX_S), int(MAX_UNIX_S) - 86400)
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@settings(max_examples=examples(300))
@given(st.text(max_size=40))
def test_any_text_is_a_time_spec_or_a_usage_error(text: str) -> None:
    try:
        spec = parse_time(text, "--since", 2026)
    except UsageError as exc:
        assert "--since" in exc.message and exc.hint
        return
    assert isinstance(spec, TimeSpec) and spec.kind in ("absolute", "time-of-day", "offset", "ago")


@settings(max_examples=examples(200))
@given(INSTANTS)
def test_one_instant_written_three_ways_is_one_instant(t: int) -> None:
    dt = datetime.fromtimestamp(t, tz=timezone.utc)
    forms = [iso(t), str(t), dt.strftime("%Y-%m-%d %H:%M:%S"), dt.isoformat()]
    assert {parse_time(f, "--since", 1999).value for f in forms} == {float(t)}
    year_less = parse_time(dt.strftime("%m-%d %H:%M:%S"), "--since", dt.year)
    assert year_less.value == t and not year_less.year_given


@settings(max_examples=examples(200))
@given(st.lists(st.tuples(st.integers(1, 50), st.sampled_from(sorted(UNITS))), min_size=1,
                max_size=3))  # fmt: skip
def test_a_duration_is_the_sum_of_its_parts(parts: list[tuple[int, str]]) -> None:
    text = "".join(f"{n}{u}" for n, u in parts)
    seconds = sum(n * UNITS[u] for n, u in parts)
    assert parse_time(text, "--since", 2026) == TimeSpec("ago", seconds, False, text)
    assert parse_time("+" + text, "--since", 2026).value == seconds


@settings(max_examples=examples(100))
@given(INSTANTS, st.integers(1, 240))
def test_logs_and_fleet_place_a_duration_back_from_until_alike(end: int, hours: int) -> None:
    logs, _ = window_and_year(f"{hours}h", iso(end), None)
    since_s, start, fleet_end = window(f"{hours}h", iso(end), now=float(end) + 60)
    assert logs.since is not None and start is None and since_s is not None
    assert logs.since.value == fleet_end - since_s == end - hours * 3600


@pytest.mark.parametrize(
    "text", ["90", "-5m", "0s", "401d", "+0m", "24:00", "1e18", "2026-02-30 08:00"]
)
def test_refused_in_every_command(text: str) -> None:
    with pytest.raises(UsageError):
        parse_time(text, "--since", 2026)
