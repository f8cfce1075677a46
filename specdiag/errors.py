"""One error hierarchy for the whole tool.

Core packages raise these; the CLI catches them in one place and turns each into a one-line
message plus a hint on stderr and a documented exit code:

====  =====================================================================
code  meaning
====  =====================================================================
0     ok
1     a check failed (``--check``, ``--min-accept-len``, a hidden-state mismatch, ...)
2     usage error: bad flag values or combinations
3     could not run: unreadable or malformed input, unreachable server, ...
====  =====================================================================
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_USAGE = 2
EXIT_COULD_NOT_RUN = 3


class SpecdiagError(Exception):
    """Base class of every error specdiag reports to the user.

    ``message`` is one line saying what went wrong; ``hint`` says what to do next.
    """

    exit_code: int = EXIT_COULD_NOT_RUN

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class UsageError(SpecdiagError):
    """Bad flag values or combinations (exit code 2)."""

    exit_code = EXIT_USAGE


class InputError(SpecdiagError):
    """Input that exists but cannot be used: unreadable, malformed, wrong shape (exit code 3)."""

    exit_code = EXIT_COULD_NOT_RUN


class ServerError(SpecdiagError):
    """A server that is unreachable, refuses, or answers garbage (exit code 3)."""

    exit_code = EXIT_COULD_NOT_RUN


class CheckFailed(SpecdiagError):
    """A requested check did not pass (exit code 1). The report is printed before this is raised."""

    exit_code = EXIT_CHECK_FAILED
