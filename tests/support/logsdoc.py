"""The ``logs --json`` document of a report read without ``run_logs`` (tests that drive the
analyzer themselves: the compiled path, byte ranges)."""

from __future__ import annotations

from typing import Any

from specdiag.cli._logs_view import result_document
from specdiag.core.logs.analyze import LogsReport
from specdiag.core.logs.run import LogsResult


def logs_document(report: LogsReport) -> dict[str, Any]:
    """What ``specdiag logs --json`` prints for ``report`` (no inputs listed, no prediction)."""
    result = LogsResult(
        inputs=(),
        report=report,
        prediction=None,
        comparisons={},
        records_file=None,
        records_written=0,
        warnings=(),
        interrupted=False,
    )
    return result_document(result, None)
