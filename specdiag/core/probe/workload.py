"""The probe workload: the built-in probe set, ``--prompts FILE`` loading, and workload checks.

Acceptance depends on the domain: code and extraction (text copied from the prompt) accept far
more drafts than open chat or translation. The built-in set has six categories so a per-category
table shows that spread; every prompt was written for this project.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from specdiag.core.datafiles import load
from specdiag.core.files import FileKind, JsonError, line_cap, loads_json, read_bounded
from specdiag.errors import InputError

_JSONL_HINT = (
    'each line: {"prompt": "..."} or {"messages": [{"role": "user", "content": "..."}]}, '
    'optional "category" and "id" (docs/probe.md)'
)


@dataclass(frozen=True)
class Prompt:
    """One probe prompt: plain text or chat messages, with a category for the per-domain table."""

    id: str
    category: str
    text: str | None = None
    messages: tuple[tuple[str, str], ...] | None = None  # (role, content)

    def as_messages(self) -> list[dict[str, str]]:
        if self.messages is not None:
            return [{"role": r, "content": c} for r, c in self.messages]
        return [{"role": "user", "content": self.text or ""}]

    def as_text(self) -> str:
        """Plain text for completion APIs: chat messages joined one per line."""
        if self.text is not None:
            return self.text
        return "\n".join(c for _, c in self.messages or ())


def _builtin() -> dict[str, list[str]]:
    """The built-in prompts by category (``prompts.json``)."""
    return load("specdiag.core.probe", "prompts.json")


CATEGORIES: tuple[str, ...] = tuple(_builtin())


def builtin_prompts() -> tuple[Prompt, ...]:
    """The built-in probe set, categories interleaved so any prefix covers every domain."""
    out: list[Prompt] = []
    builtin = _builtin()
    for i in range(max(len(v) for v in builtin.values())):
        for cat, texts in builtin.items():
            if i < len(texts):
                out.append(Prompt(id=f"{cat}-{i + 1}", category=cat, text=texts[i]))
    return tuple(out)


def load_prompts(path: str | Path) -> tuple[Prompt, ...]:
    """Read ``--prompts FILE``: ``.jsonl`` (prompt / messages / category / id per line) or text.

    A text file holds one prompt per line (blank lines and lines starting with ``#`` skipped).
    """
    p = Path(path)
    data = read_bounded(p, what="--prompts", kind=FileKind.TEXT, max_line=line_cap())
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"cannot read --prompts {p}: {exc}", hint="give a UTF-8 .txt or .jsonl file"
        ) from None
    prompts: list[Prompt] = []
    is_jsonl = p.suffix.lower() in (".jsonl", ".ndjson", ".json")
    for lineno, line in enumerate(raw.splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if not is_jsonl:
            if stripped.startswith("#"):
                continue
            prompts.append(Prompt(id=f"line-{lineno}", category="custom", text=stripped))
            continue
        prompts.append(_from_record(stripped, p, lineno))
    if not prompts:
        raise InputError(f"--prompts {p} holds no prompts", hint="one prompt per line")
    return tuple(prompts)


def _from_record(line: str, path: Path, lineno: int) -> Prompt:
    where = f"{path}:{lineno}"
    try:
        rec: Any = loads_json(line)
    except JsonError as exc:
        raise InputError(f"{where}: invalid JSON ({exc})", hint=_JSONL_HINT) from None
    if isinstance(rec, str):
        return Prompt(id=f"line-{lineno}", category="custom", text=rec)
    if not isinstance(rec, dict):
        raise InputError(
            f"{where}: expected an object with 'prompt' or 'messages'", hint=_JSONL_HINT
        )
    category = str(rec.get("category") or "custom")
    pid = str(rec.get("id") or f"line-{lineno}")
    if "messages" in rec:
        msgs = rec["messages"]
        if not isinstance(msgs, list) or not msgs:
            raise InputError(f"{where}: 'messages' must be a non-empty list", hint=_JSONL_HINT)
        pairs: list[tuple[str, str]] = []
        for m in msgs:
            if not isinstance(m, dict) or not isinstance(m.get("content"), str):
                raise InputError(
                    f"{where}: each message needs a string 'content'", hint=_JSONL_HINT
                )
            pairs.append((str(m.get("role") or "user"), m["content"]))
        return Prompt(id=pid, category=category, messages=tuple(pairs))
    text = rec.get("prompt", rec.get("text"))
    if not isinstance(text, str) or not text:
        raise InputError(
            f"{where}: needs a non-empty string 'prompt' (or 'messages')", hint=_JSONL_HINT
        )
    return Prompt(id=pid, category=category, text=text)


# a replacement or control character; a case change inside a word; a letter (any script: é, ß,
# ư are letters) glued to a symbol that is neither a letter, a digit nor common punctuation
_JUNK = re.compile(
    r"[\ufffd\x00-\x08\x0b-\x1f]|[a-z][A-Z]|[^\W\d_][^\w\s().,;:!?'\"/+=*<>\[\]{}@#%&-]"
)


def looks_random(text: str) -> bool:
    """Heuristic for random-token prompts (``--dataset-name random``): mostly junk pieces.

    Decoded random token ids give pieces such as ``andkcpsK`` or ``\ufffd\ufffdb`` (case
    changes inside a word, replacement characters, letters glued to odd symbols). Such prompts
    understate acceptance: no drafter predicts noise.
    """
    pieces = text.split()
    if len(pieces) < 8:
        return False
    junk = sum(1 for w in pieces if _JUNK.search(w))
    return junk / len(pieces) > 0.3
