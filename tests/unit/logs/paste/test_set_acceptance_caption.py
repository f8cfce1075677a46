"""A table under a caption saying its run's acceptance was set, not measured ('Llama-8B draft,
synthetic acceptance (0.8 0.7 0.5)' right over '| Accept rate | 0.81 0.69 0.52 |'): the rates
echo the setting, no record (notrun.set_acceptance, in reader's table path). A caption naming no
such setting, or one setting it against a real run ('simulated acceptance vs measured'), reads
as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SET = st.sampled_from(
    [
        "with synthetic acceptance ({r})",
        "synthetic accept mode ({r})",
        "under simulated acceptance rates {r}",
        "injected acceptance of {r}",
    ]
)


def _paste(caption: str, rates: list[float]) -> str:
    return (
        f"{caption}\n"
        "| Metric | Value |\n"
        "| --- | ---: |\n"
        "| Accuracy | 0.91 |\n"
        f"| Accept rate | {' '.join(f'{r:.3f}' for r in rates)} |\n"
    )


# a rate a draft position, falling with depth
_RATES = st.lists(st.floats(0.5, 0.85), min_size=2, max_size=4).map(
    lambda fs: [0.95 * fs[0] ** i for i in range(1, len(fs) + 1)]
)


@settings(max_examples=examples(30), deadline=None)
@given(
    model=st.sampled_from(["Mixtral-8x7B (TP2)", "our 70B (TP8)", "Gemma-27B"]),
    set_words=_SET,
    rates=_RATES,
)
def test_a_caption_setting_the_acceptance_gives_no_record(
    read: Read, model: str, set_words: str, rates: list[float]
) -> None:
    setting = " ".join(f"{r:.1f}" for r in rates)
    caption = f"For {model} with the MTP head, {set_words.format(r=setting)}"
    assert read(_paste(caption, rates)).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    caption=st.sampled_from(
        [
            "For Gemma-27B with the MTP head, on chat prompts",
            "For our 70B, simulated acceptance vs measured on the real run",
            "",
        ]
    ),
    rates=_RATES,
)
def test_negative_control_other_captions_read_as_before(
    read: Read, caption: str, rates: list[float]
) -> None:
    plain = read(_paste("Results", rates)).records
    assert plain and len(
        read(_paste(caption, rates) if caption else _paste("Results", rates)).records
    ) == len(plain)
