"""A figure asked to be shown in evidence (logs, metrics, an output: 'please share ...
metrics showing the accept rate falling to 0', 'could you attach: (a) your launch flags, (b) a
log where the AL drops to 1.0'): the symptom the writer wants evidence of, no run's figure
(arrival.conditional's request, its list running on past a colon). The same figure told as a
run's, with no request before it in its sentence (or a request ended by a full stop, or one
asking for no evidence), keeps its record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Speculative decoding on the MTP head, vLLM nightly.\n\n"

_ASKS = [
    "Please share",
    "please provide",
    "Kindly attach",
    "Could you post",
    "can you please upload",
    "Would you paste",
]
_NAMES = ["the acceptance rate", "the draft acceptance rate", "the accept length", "the AL"]
_VERBS = ["dropping to", "falling to", "fell to", "drops to", "collapsing to"]


@settings(max_examples=examples(60), deadline=None)
@given(
    ask=st.sampled_from(_ASKS),
    colon=st.sampled_from(["", ":"]),
    items=st.integers(0, 2),
    name=st.sampled_from(_NAMES),
    verb=st.sampled_from(_VERBS),
    value=st.sampled_from(["0", "0%", "1.0", "1", "0.35"]),
)
def test_a_figure_asked_for_is_no_record(
    read: Read, ask: str, colon: str, items: int, name: str, verb: str, value: str
) -> None:
    before = "".join(
        f"({i + 1}) the output of `env_dump.py` (driver versions), " for i in range(items)
    )
    text = (
        f"{_LEAD}Thanks for the report. {ask}{colon} {before}({items + 1}) server "
        f"logs/metrics showing {name} {verb} {value}, and whether it happens with speculation off.\n"
    )
    assert read(text).records == ()


def test_a_request_ended_by_a_full_stop_leaves_the_run() -> None:
    text = (
        f"{_LEAD}Please share your launch flags. On my side the acceptance rate "
        "dropped to 0.35 after the upgrade.\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.35


def test_the_same_figure_told_as_a_run_stays() -> None:
    text = f"{_LEAD}Server logs showing the acceptance rate dropping to 0.35 are attached.\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.35


def test_a_request_not_of_evidence_leaves_the_run() -> None:
    text = f"{_LEAD}Please note: the acceptance rate fell to 0.35 after the upgrade.\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.35


def test_a_request_of_no_evidence_leaves_the_run() -> None:
    text = f"{_LEAD}Please share your thoughts: the acceptance rate dropped to 0.35 on my box.\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.35
