"""A rate of exactly zero said again in prose around a run that printed it: a title in bold
above the run's line ('**... the acceptance rate is 0.0**' over a server line of 0.000) and a
later comment stating the same zero are that run, no record of their own; a zero said before
any run printed one, a label's zero or another value stays a record."""

from __future__ import annotations

from tests.unit.logs.paste.pipeline import through_logs

_LINE = (
    "Speculative metrics: Draft acceptance rate: 0.000, System efficiency: 0.200, Number of "
    "speculative tokens: 4, Number of accepted tokens: 0, Number of draft tokens: 200, Number "
    "of emitted tokens: 50.\n"
)


def _rates(text: str) -> list[float | None]:
    return [r.printed_rate for r in through_logs(text).records]


def test_a_bold_title_over_the_zero_line_is_no_record() -> None:
    text = f"## Problem\n\n**the head never helps, its acceptance rate is 0.0**\n\n{_LINE}"
    assert _rates(text) == []


def test_a_later_comment_restating_the_zero_is_no_record() -> None:
    text = f"{_LINE}\nTried again today, the draft acceptance rate is 0.0, any idea?\n"
    assert _rates(text) == []


def test_a_zero_before_any_printed_run_stays() -> None:
    text = "our draft acceptance rate is 0.0 with the new head, any idea?\n"
    assert _rates(text) == [0.0]


def test_another_rate_after_the_zero_line_stays() -> None:
    text = f"{_LINE}\nWith the fixed head the draft acceptance rate is 0.41 now.\n"
    assert _rates(text) == [0.41]
