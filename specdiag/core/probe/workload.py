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


_BUILTIN: dict[str, tuple[str, ...]] = {
    "chat": (
        "I have a free Saturday and a small budget. Suggest a plan for the day in a city I "
        "do not know well, with a reason for each stop.",
        "My neighbour plays the drums late at night. How could I raise it with him without "
        "starting a feud? Give me a short script.",
        "Explain to a ten-year-old why the sky looks blue during the day and red at sunset.",
        "What are good habits for keeping houseplants alive when I travel for two weeks?",
        "I am nervous about a job interview tomorrow. What should I prepare tonight?",
        "Recommend three board games for a group of five adults who rarely play, and say why.",
    ),
    "code": (
        "Write a Python function that merges two sorted lists into one sorted list without "
        "using sort(). Include a docstring and two doctests.",
        "Write a SQL query that returns, for each customer, the total amount of their orders "
        "in 2024, from tables customers(id, name) and orders(id, customer_id, amount, placed_at).",
        "Implement a small LRU cache class in Python with get and put, both O(1), using "
        "collections.OrderedDict.",
        "Write a bash script that finds every .log file older than seven days under /var/log/app "
        "and compresses it with gzip, printing each file name.",
        "Write a JavaScript function debounce(fn, ms) and show how to use it on a search box.",
        "Here is a Python loop: `total = 0\nfor x in items:\n    if x > 0:\n        total += x`. "
        "Rewrite it as one expression and explain the change.",
    ),
    "math": (
        "A train leaves at 09:40 and travels 210 km at 84 km/h. At what time does it arrive? "
        "Show each step.",
        "Solve for x: 3(x - 4) + 2x = 5x - 12 + x. Explain every step.",
        "What is the sum of the integers from 1 to 250? Show the reasoning, not only the answer.",
        "A shop discounts a coat by 20% and then by a further 15%. What single discount is that? "
        "Work it out step by step.",
        "Prove that the product of two odd integers is odd.",
        "A rectangle has a perimeter of 46 cm and an area of 120 square cm. Find its sides.",
    ),
    "summarization": (
        "Summarize in three sentences: The city council met on Tuesday to discuss the new "
        "cycling lanes. Residents of the east district complained that the lanes removed "
        "parking spaces, while shop owners reported more customers arriving by bike. The "
        "council agreed to count traffic for six months before deciding whether to extend the "
        "lanes to the west district, and asked the transport office for a report in spring.",
        "Summarize this support ticket in one line: The customer ordered a blue kettle on the "
        "3rd, received a red one on the 9th, returned it on the 10th, and has not received the "
        "refund or the replacement. They ask for either, and are unhappy with the delay.",
        "Give a short summary of the plot of a story in which a lighthouse keeper finds a "
        "message in a bottle, follows its directions to a nearby island and discovers that "
        "the writer is his own grandfather, who left decades ago.",
        "Summarize the trade-offs between renting and buying a home in five bullet points.",
        "Summarize the main idea of speculative decoding for an engineer who has never heard of "
        "it, in four sentences.",
        "Condense these meeting notes into action items: Anna will update the budget sheet by "
        "Friday. Ben needs the supplier quotes before he can order parts. Everyone agreed to move "
        "the launch to May. Chris will tell the marketing team about the new date.",
    ),
    "translation": (
        "Translate into French: The museum opens at ten, but the guided tour starts at eleven.",
        "Translate into German: Could you tell me where the nearest train station is?",
        "Translate into Spanish: We are sorry for the delay; your order will arrive on Monday.",
        "Translate into Italian: The recipe needs two eggs, a cup of flour and a pinch of salt.",
        "Translate into Portuguese: Please remember to switch off the lights when you leave.",
        "Translate into Dutch: The meeting has been moved to Thursday afternoon at three.",
    ),
    "extraction": (
        "Copy every line of this list that mentions a fruit, unchanged:\n"
        "1. apples, 3 kg\n2. bread, 2 loaves\n3. pears, 1 kg\n4. soap, 1 bar\n"
        "5. bananas, 6\n6. rice, 2 kg\n7. cherries, 500 g",
        "Extract the fields name, email and city from this text as JSON: Hello, my name is "
        "Maria Lopez, I live in Valencia and you can write to maria.lopez@example.org.",
        "Repeat the following sentence exactly five times, one per line: The quick brown fox "
        "jumps over the lazy dog.",
        "From this log, list the lines with level ERROR, unchanged:\n"
        "10:01 INFO started\n10:02 ERROR disk full on /data\n10:03 INFO retry\n"
        "10:04 ERROR disk full on /data\n10:05 WARN slow response\n10:06 ERROR timeout on db",
        "Rewrite this CSV as a Markdown table, keeping every value: "
        "city,country,population\nLyon,France,522000\nPorto,Portugal,232000\n"
        "Graz,Austria,291000\nGhent,Belgium,265000",
        "Fix the spelling in this paragraph and return the whole paragraph: Their are many "
        "reasons to lern a second langauge. It helps with travell, work and makeing friends.",
    ),
}

CATEGORIES: tuple[str, ...] = tuple(_BUILTIN)


def builtin_prompts() -> tuple[Prompt, ...]:
    """The built-in probe set, categories interleaved so any prefix covers every domain."""
    out: list[Prompt] = []
    longest = max(len(v) for v in _BUILTIN.values())
    for i in range(longest):
        for cat, texts in _BUILTIN.items():
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
