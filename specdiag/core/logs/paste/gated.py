"""A quality gate's acceptance: a report measuring the error of what was accepted.

A model's predictions (a reading, a detection, a forecast) pass a gate or not; the report then
prints the share that passed (``Acceptance rate: 0.81``) beside the error of those accepted
(``Accepted MAE: 2.1``, ``Worst accepted error: 7.4``, ``Accepted >10 failures: 0``, ``RMSE on
accepted samples``). Speculative decoding measures no error of its accepted tokens: in a paste
that never speaks of speculation (the caller asks), such a figure says the acceptance is the
gate's, and the paste's acceptance figures are no draft's.

Pure: a paste's text in, once per paste (gated by a substring test), the words out.
"""

from __future__ import annotations

import re

# an error measure
_ERR = r"(?:mae|rmse|mse|mape|errors?|failures?|deviations?|residuals?|loss)"
_GATED = re.compile(
    # 'Accepted MAE', 'worst accepted error', 'accepted >20 C failures' (a bound between)
    r"\baccepted\s+(?:[<>≤≥]=?\s?\d+(?:\.\d+)?\s?\w{0,3}\s+)?" + _ERR + r"\b"
    # 'MAE on accepted samples', 'error of the accepted predictions'
    r"|\b" + _ERR + r"\s+(?:on|of|over|for)\s+(?:the\s+)?accepted\s+"
    r"(?:samples?|predictions?|readings?|items?|frames?|images?|detections?|cases?)\b",
    re.I,
)


def gated(text: str) -> str | None:
    """The words of ``text`` measuring the error of accepted predictions, or None."""
    if "accepted" not in text.lower():
        return None
    m = _GATED.search(text)
    return m.group(0) if m is not None else None


REASON = (
    "acceptance of a quality gate ('{words}': the error of accepted predictions), in a paste "
    "that never speaks of speculative decoding: no draft's acceptance, no record"
)
