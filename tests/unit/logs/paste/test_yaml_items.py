"""A YAML list item naming an acceptance figure in its 'name:' or 'type:' member and holding
its value in 'value:' (a model card's model-index) is that figure, one record per item."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _card(items: list[tuple[str, str, str]], members: list[str], indent: int) -> str:
    pad = " " * indent
    lines = [
        "tags:",
        "  - speculative-decoding",
        "model-index:",
        "  - name: org/draft-head",
        "    results:",
    ]
    for dataset, metric, value in items:
        lines += [
            f"{pad}- task:",
            f"{pad}    type: text-generation",
            f"{pad}  dataset:",
            f"{pad}    name: {dataset}",
            f"{pad}  metrics:",
        ]
        first = True
        for mem in members:
            lines.append(f"{pad}    {'- ' if first else '  '}{mem}: {metric}")
            first = False
        lines.append(f"{pad}      value: {value}")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    metric=st.sampled_from(["Acceptance Length", "accept length", "Mean Acceptance Length"]),
    members=st.sampled_from([["name", "type"], ["name"], ["type"]]),
    values=st.lists(st.integers(150, 700), min_size=1, max_size=4),
    indent=st.sampled_from([6, 4]),
)
def test_yaml_metric_items(metric: str, members: list[str], values: list[int], indent: int) -> None:
    items = [(f"set-{i}", metric, f"{v / 100:.2f}") for i, v in enumerate(values)]
    got = read_paste(_card(items, members, indent)).records
    assert [r.printed_length for r in got] == [v / 100 for v in values]
    assert all(r.accept_length is None for r in got)


def test_negative_control_an_item_of_another_metric_is_not_read() -> None:
    items = [("MT-Bench", "Accuracy", "0.81"), ("GSM8K", "Speedup", "2.41")]
    assert read_paste(_card(items, ["name", "type"], 6)).records == ()
