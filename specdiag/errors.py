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
130   interrupted (Ctrl-C); what was gathered is reported first
143   terminated (SIGTERM, as sent by ``timeout``, systemd, Kubernetes); as Ctrl-C
====  =====================================================================

Every error carries a hint: the raise site gives one (``tests/contract/test_framework.py`` walks every
raise site and fails on one without), and a class-level ``default_hint`` stands in for errors
built elsewhere (subclasses, third-party callers), so the boundary never prints an error alone.

:func:`scrub` is the one secret scrubber: every error text that can carry an HTTP header, a URL
or a key goes through it (the boundary applies it to every message it prints).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_USAGE = 2
EXIT_COULD_NOT_RUN = 3
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143

EXIT_CODES = frozenset(
    {EXIT_OK, EXIT_CHECK_FAILED, EXIT_USAGE, EXIT_COULD_NOT_RUN, EXIT_INTERRUPTED, EXIT_TERMINATED}
)


class SpecdiagError(Exception):
    """Base class of every error specdiag reports to the user.

    ``message`` is one line saying what went wrong; ``hint`` says what to do next (the class's
    ``default_hint`` when the raise site gives none).
    """

    exit_code: int = EXIT_COULD_NOT_RUN
    default_hint: str = "rerun with SPECDIAG_DEBUG=1 to see where it failed"

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        message = scrub(message)
        super().__init__(message)
        self.message = message
        self.hint = scrub(hint) if hint else self.default_hint


class UsageError(SpecdiagError):
    """Bad flag values or combinations (exit code 2)."""

    exit_code = EXIT_USAGE
    default_hint = "see `specdiag COMMAND --help` for the flags and the values they take"


class InputError(SpecdiagError):
    """Input that exists but cannot be used: unreadable, malformed, wrong shape (exit code 3)."""

    exit_code = EXIT_COULD_NOT_RUN
    default_hint = "check the file named above: its path, permissions and format"


class ServerError(SpecdiagError):
    """A server that is unreachable, refuses, or answers garbage (exit code 3)."""

    exit_code = EXIT_COULD_NOT_RUN
    default_hint = "check the server's own log and that the URL points at its root"


class CheckFailed(SpecdiagError):
    """A requested check did not pass (exit code 1). The report is printed before this is raised."""

    exit_code = EXIT_CHECK_FAILED
    default_hint = "the report above shows the figures the check was made on"


# --------------------------------------------------------------------------- secrets

_lock = threading.Lock()
_secrets: set[str] = set()

# credentials that can appear in a text whether or not they were registered: the value of an
# Authorization-like header, a URL's user:password, a query parameter named like a key
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (  # "Authorization: Bearer KEY", "x-api-key=KEY" (not the flag --api-key)
        re.compile(
            r"(?i)((?<![\w-])(?:authorization|proxy-authorization|x-api-key|api-key)['\"]?"
            r"\s*[:=]\s*['\"]?)(?:(?:bearer|basic|token)\s+)?[^\s'\",;)]{6,}"
        ),
        r"\1***",
    ),
    (re.compile(r"(?i)\b(bearer\s+)[^\s'\",;)*]+"), r"\1***"),
    (re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://)[^\s/@:]*:[^\s/@]*@"), r"\1***@"),
    (
        re.compile(
            r"(?i)([?&](?:api[_-]?key|key|token|access[_-]?token|auth|password|secret|sig)=)"
            r"[^&\s#'\"]+"
        ),
        r"\1***",
    ),
)


def register_secrets(values: Iterable[str | None]) -> None:
    """Remember secrets (API keys, header values, URL passwords) for every later :func:`scrub`.

    Values shorter than 4 characters are not registered: masking them everywhere would garble
    ordinary text and they are not keys anyone can reuse.
    """
    with _lock:
        for v in values:
            if v and len(v) >= 4:
                _secrets.add(v)
                for piece in v.split():
                    if len(piece) >= 8:  # "Bearer KEY": a server may echo KEY alone
                        _secrets.add(piece)


def forget_secrets() -> None:
    """Drop the registered secrets (the boundary calls this when a command ends)."""
    with _lock:
        _secrets.clear()


def scrub(text: str, extra: Iterable[str] = ()) -> str:
    """``text`` with every registered secret (and ``extra``), credential-looking header values,
    URL passwords and key-like query values replaced by ``***``; also their ``repr`` forms
    (``b'Bearer sk-\\n...'`` as an HTTP library quotes them)."""
    with _lock:
        known = set(_secrets)
    known.update(s for s in extra if s)
    for s in sorted(known, key=len, reverse=True):  # longest first
        text = text.replace(s, "***")
        r = repr(s)[1:-1]
        if r != s:
            text = text.replace(r, "***")
    for pat, repl in _PATTERNS:
        text = pat.sub(repl, text)
    return text
