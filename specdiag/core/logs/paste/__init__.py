"""Structure readers: acceptance figures in pastes that are not server log lines.

Tables (markdown, box-drawing, ASCII, CSV, TSV, space-aligned; transposed; multi-row
headers), key-value runs, prose sentences and JSON bodies of any tool, read by structure and
by the names of their fields, with each record's conventions decided by evidence. The line
scanner (:mod:`specdiag.core.logs.scan`) reads server logs; these readers take the blocks it
did not claim. Pure: text in, frozen dataclasses out.
"""

from specdiag.core.logs.paste.model import Block, Decision, Group, PasteReading, PasteRecord
from specdiag.core.logs.paste.reader import read_paste

__all__ = ["Block", "Decision", "Group", "PasteReading", "PasteRecord", "read_paste"]
