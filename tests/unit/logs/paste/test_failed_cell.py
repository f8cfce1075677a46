"""A cell saying its run failed and nothing else ('FAIL', 'failed', 'OOM', 'error', 'crashed',
'timeout') holds no value, as a placeholder ('—', 'N/A') holds none: a bare 'Accept' column of
percentages with such rows is still the acceptance rate, a record for each percentage and none
for the failed rows. A column mixing percentages with plain numbers, or a header naming no
acceptance ('Score', 'Pass'), gives no record, failed rows or not, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADINGS = ("**Results:**", "### Drafter sweep", "## Runs on the laptop", "")
_ACCEPT_HEADERS = ("Accept", "accept", "MTP accept", "Draft accept")
_OTHER_HEADERS = ("Score", "Pass", "Hit", "Util")
_FAILED = ("FAIL", "failed", "OOM", "error", "crashed", "timeout", "**FAIL**", "Failed")
_PLACEHOLDERS = ("N/A", "—", "-", "n/a")
_DRAFTERS = ("tiny-a Q8_0", "tiny-b Q4_K_M", "mini-c Q2_K", "small-d f16", "nano-e Q6_K")


def _failed(cell: str) -> bool:
    return cell in _FAILED or cell in _PLACEHOLDERS


def _paste(heading: str, header: str, cells: list[str]) -> str:
    lines = [heading, ""] if heading else []
    lines += [f"| Drafter | {header} | Speed | Verdict |", "|---|---|---|---|"]
    for i, c in enumerate(cells):
        speed = "—" if _failed(c) else f"{30 - 3 * i}.5 t/s"
        lines.append(f"| {_DRAFTERS[i % len(_DRAFTERS)]} | {c} | {speed} | fine |")
    return "\n".join(lines) + "\n"


@st.composite
def _column(draw: st.DrawFn) -> tuple[list[str], list[float]]:
    """Cells of the column (percentages and one failed row at least) and the rates to read."""
    shares = draw(st.lists(st.integers(min_value=3, max_value=97), min_size=1, max_size=4))
    cells = [f"{s}%" for s in shares]
    for _ in range(draw(st.integers(min_value=1, max_value=2))):
        at = draw(st.integers(min_value=0, max_value=len(cells)))
        cells.insert(at, draw(st.sampled_from(_FAILED + _PLACEHOLDERS)))
    if not any(c in _FAILED for c in cells):
        cells.append(draw(st.sampled_from(_FAILED)))
    return cells, [s / 100 for s in shares]


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(_HEADINGS), st.sampled_from(_ACCEPT_HEADERS), _column())
def test_failed_rows_leave_the_rates(
    read: Read, heading: str, header: str, column: tuple[list[str], list[float]]
) -> None:
    cells, rates = column
    text = _paste(heading, header, cells)
    got = read(text).records
    assert [r.printed_rate for r in got] == rates, text
    for r in got:
        assert r.accept_length is None, text
        assert r.printed_length is None, text


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(_HEADINGS), st.sampled_from(_OTHER_HEADERS), _column())
def test_other_header_gives_no_record(
    read: Read, heading: str, header: str, column: tuple[list[str], list[float]]
) -> None:
    text = _paste(heading, header, column[0])
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_HEADINGS),
    st.sampled_from(_ACCEPT_HEADERS),
    _column(),
    st.integers(min_value=2, max_value=9),
    st.data(),
)
def test_a_plain_number_among_them_gives_no_record(
    read: Read,
    heading: str,
    header: str,
    column: tuple[list[str], list[float]],
    plain: int,
    data: st.DataObject,
) -> None:
    cells = list(column[0])
    cells.insert(data.draw(st.integers(min_value=0, max_value=len(cells))), f"{plain}.{plain}")
    text = _paste(heading, header, cells)
    assert read(text).records == (), text
