"""A paste as lines: quoting removed (diff hunks, '>' quotes, code fences, ANSI colour), split
into blocks at blank lines, with every line's number in the input kept. A table cell summing its
name (`Σdrafts`) is read as its total."""

from __future__ import annotations

import re
from typing import Any

from specdiag.core.logs.paste import box_mean as BM
from specdiag.core.logs.paste import bracket_at as BA
from specdiag.core.logs.paste import bracket_length as BL
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import compared_before_name as CB
from specdiag.core.logs.paste import eurowords as EW
from specdiag.core.logs.paste import flat_table as FT
from specdiag.core.logs.paste import garbled_bars as GB
from specdiag.core.logs.paste import ja_decomposed as JD
from specdiag.core.logs.paste import json_inset as JI
from specdiag.core.logs.paste import notrun as NR
from specdiag.core.logs.paste import paired_series as PS
from specdiag.core.logs.paste import short_pair as SP
from specdiag.core.logs.paste import slash_title as ST
from specdiag.core.logs.paste import slashed_grid as SG
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste import zhalways as ZA
from specdiag.core.logs.paste import zharrival as ZR
from specdiag.core.logs.paste import zhcompared as ZCMP
from specdiag.core.logs.paste import zhcontext as ZC
from specdiag.core.logs.paste import zhverb as ZV
from specdiag.core.logs.paste import zhwrapped as ZW

Line = tuple[int, str]  # (1-based line number in the input, text)

# tokens per (target) pass as a unit ('2.40 committed tokens/pass', 'tokens per target pass'):
# in a paste that speaks of speculative decoding (vocab.SPECULATIVE), a pass of the target is a
# verify step, so its 'pass' is read as 'step' (the same length, so aligned columns stay);
# elsewhere a pass (a compiler's, an epoch's) stays as written. 'forward pass' is read as it is.
_PER_PASS = re.compile(
    r"(?<![\w-])(?P<head>(?:toks?|tokens)(?:\s*/\s*|\s+per\s+)"
    r"(?:(?:target|verify|verification|verifier)[\s_-]+)?)pass\b",
    re.I,
)
# a figure the writer found a run able to reach ('I found that the accept len can reach nearly
# 5.0', 'we observed that acceptance can hit 0.8'): a finding in the first person over a modal of
# ability is what the run showed, so 'can reach' / 'can hit' is read as the arrival it reports
# ('reached', 'hit'); never with a condition or another modal after it in the clause ('... can
# reach 5.0 if we train longer'), nor a bare 'can reach' with no finding (a claim, a target)
_FOUND_CAN = re.compile(
    r"(?P<head>\b(?:I|we)\s+(?:also\s+|have\s+|had\s+)?(?:found|observed|noticed|saw|see|find|"
    r"notice|observe)\s+(?:that\s+)?(?:[^.;:!?\n]|\.(?=\d)){1,80}?\s)can\s+(?P<verb>reach|hit)\b"
    r"(?=(?P<rest>(?:[^.;!?\n]|\.(?=\d)){0,80}))",
    re.I,
)
_FOUND_CAN_CONDITION = re.compile(r"\b(?:if|unless|when|would|could|might|should|once)\b", re.I)


def _found_can(m: re.Match[str]) -> str:
    if _FOUND_CAN_CONDITION.search(m.group("rest")):
        return m.group(0)
    return m.group("head") + ("reached" if m.group("verb").lower() == "reach" else "hit")


# what each verify step emits, said with the step as the subject ('Each decode step generates
# ~3.46 tokens instead of 1'): in a paste that speaks of speculative decoding, tokens per step
# (the target's own counted), so 'per step' is written after the tokens; never what a step
# drafts, proposes or accepts
_EACH_STEP_EMITS = re.compile(
    r"(?P<head>\beach\s+(?:(?:decode|decoding|verify|verification|target|forward|spec(?:ulative)?)"
    r"\s+)?(?:step|round|iteration|cycle|pass|forward\s+pass)\s+(?:generates|produces|emits|"
    r"outputs|yields|commits|delivers)\s+(?:(?:~|≈|about|around|roughly|on\s+average|an\s+average"
    r"\s+of)\s*)?(?P<n>\d+(?:\.\d+)?)\s+tokens)\b(?!\s*(?:/|per\b|a\s+step))",
    re.I,
)
_SPEEDUP = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*[x×](?!\w)")


def _each_step(line: str, above: str) -> str:
    """``line`` with what each step emits (_EACH_STEP_EMITS) written as tokens per step, but
    for a figure that a speedup on the line or the line above prints digit for digit ('3.55x
    speedup' over '- each decode step generates ~3.55 tokens'): the speedup told again as
    tokens a step, no step counted."""
    times = {m.group(1) for m in _SPEEDUP.finditer(above + "\n" + line)}
    return _EACH_STEP_EMITS.sub(
        lambda m: m.group(0) if m.group("n") in times else m.group("head") + " per step", line
    )


# a mean of accepted drafts per step and, in brackets right after it, what the step emitted
# ('2.40 accepted per step (3.40 emitted)', '**1.9 accepted drafts/round** (2.9 committed)'):
# the bracket's figure is per step too, the target's own token counted where it is the first
# plus one (``_emitted_per_step``); written 'tokens per step' so it is read as such
_BRACKET_EMITTED = re.compile(
    r"(?P<n>\d+(?:\.\d+)?)\s+(?:draft\s+)?(?:tokens?\s+)?accepted(?:\s+(?:draft\s+)?"
    r"(?:tokens?|drafts?))?(?:\s*/\s*|\s+(?:per|a)\s+)(?:decode\s+|verify\s+)?"
    r"(?:step|round|iteration|cycle|pass)\b(?:\*+)?\s*\(\s*(?:~|≈)?(?P<m>\d+(?:\.\d+)?)\s+"
    r"(?:tokens?\s+)?(?P<verb>emitted|committed|generated|produced|delivered|output)"
    r"(?:\s+tokens?)?\s*\)",
    re.I,
)


def _emitted_per_step(m: re.Match[str]) -> str:
    """The bracket of ``_BRACKET_EMITTED`` written as tokens per step where its figure is the
    accepted drafts' plus one at the printed precision; as it was otherwise."""
    n, e = m.group("n"), m.group("m")
    tol = sum(0.5 * 10 ** -len(x.partition(".")[2]) for x in (n, e))
    if abs(float(e) - float(n) - 1.0) > tol + 1e-9:
        return m.group(0)
    open_at = m.group(0).rindex("(")
    return m.group(0)[:open_at] + f"({e} tokens per step)"


# a quotient of counts named by its words ('output tokens divided by passes', 'tokens divided
# by the number of verify steps'): written 'tokens per pass' so the figure after it is read
# under that name
_DIVIDED_BY = re.compile(
    r"\b(?P<num>(?:output|generated|emitted|committed|decoded)\s+tokens)\s+divided\s+by\s+"
    r"(?:the\s+)?(?:(?:number|count)\s+of\s+)?(?P<den>(?:(?:verify|verification|target|"
    r"decode|forward)\s+)?(?:pass|step|round|iteration)(?:es|s)?)\b",
    re.I,
)


def _per_den(m: re.Match[str]) -> str:
    den = m.group("den")
    den = den[:-2] if den.lower().endswith("passes") else den.rstrip("sS")
    return f"{m.group('num')} per {den}"


# the working of a quotient over a difference ('12,000 / (12,000 - 8,400) =', the tokens over the
# passes they took) right before its result, the result after it or first on the next line:
# the working is dropped where it holds at the result's printed decimals (only the result is
# the figure; the counts of a difference are no accepted / drafted pair)
_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_WORKING = re.compile(
    r"(?<![\w.,])(?P<a>"
    + _NUM
    + r")\s*/\s*\(\s*(?P<b>"
    + _NUM
    + r")\s*[-−]\s*(?P<c>"
    + _NUM
    + r")\s*\)\s*=\s*(?:(?P<r>\d+\.\d+)(?![\d.]\d)|$)"
)
_CLAUSE_END = re.compile(r"[.;](?=\s|$)")
_LEADING_RESULT = re.compile(r"^\s*(?P<r>\d+\.\d+)(?![\d.]\d)")


def _worked(raw: list[str]) -> list[str]:
    """``raw`` without each ``_WORKING`` whose arithmetic holds, its result in its place; a
    result opening the next line is moved up with the rest of its sentence (the next line keeps
    what follows, or is ``DROPPED`` where nothing does)."""
    out = list(raw)
    for i, ln in enumerate(raw):
        if "/" not in ln or "=" not in ln or out[i] == DROPPED:
            continue
        nxt = raw[i + 1] if i + 1 < len(raw) else ""
        joined = False

        def drop(m: re.Match[str], nxt: str = nxt) -> str:
            nonlocal joined
            r = m.group("r")
            lead = None if r is not None else _LEADING_RESULT.match(nxt)
            if lead is not None:
                r = lead.group("r")
            if r is None:
                return m.group(0)
            a, b, c = (float(m.group(k).replace(",", "")) for k in ("a", "b", "c"))
            half = 0.5 * 10 ** -len(r.partition(".")[2])
            if b - c <= 0 or abs(a / (b - c) - float(r)) > half + 1e-9:
                return m.group(0)
            joined = lead is not None
            return r

        line = _WORKING.sub(drop, ln)
        if joined:
            # (the result's clause, up to its sentence's end on the next line, moved up to the
            # working's line; the rest of that line left there, its own sentences)
            rest = _LEADING_RESULT.sub("", nxt, count=1)
            end = _CLAUSE_END.search(rest)
            cut = end.end() if end else len(rest)
            line += rest[:cut]
            out[i + 1] = rest[cut:] if rest[cut:].strip() else DROPPED
        out[i] = line
    return out


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# a format string's placeholder ('{rate:.2f}', '{:>6.3%}', '%5.2f'): code, the value it will
# print; its digits (a width, a precision) are no figure, so they are masked ('{rate:.#f}'). A
# placeholder ends in its type letter: a dict's or JSON's value ('{"al": 2.31}', '{al:2.31}',
# '{rate:71.5%}') is none
_FORMAT_SPEC = re.compile(
    r"\{[\w.\[\]]*(?:![rsa])?:(?:[<>^=+#,_.0-9-]*\d[<>^=+#,_.0-9-]*[bdeEfFgGnoxX]"
    r"|[<>^=+#,_.-][<>^=+#,_.0-9-]*\d[<>^=+#,_.0-9-]*%)\}"
    r"|(?<![\w%])%[-+ 0#]*\d*(?:\.\d+)?[diouxXeEfFgGs](?![\w.])"
)
# (never an ASCII table's border, "+-----+----+": its own first character; "+--- | ---", a
# pipe table's delimiter row, is an added line)
_DIFF_ADD = re.compile(r"^\+(?![-=+]{3}[-=+]*\s*$)")
_DIFF_META = re.compile(
    r"^(?:@@ .*@@|diff --git |index [0-9a-f]+\.\.|--- a/|\+\+\+ b/|--- /dev/null)"
)
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
# full-width ASCII forms ('accept length：1.70', '２.４'), as CJK input methods type them
_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
# the Unicode hyphens a web page or an editor sets in a name ('TensorRT\u2011LLM', 'EAGLE\u20103'):
# the ASCII hyphen every name and rule is written with
_HYPHENS = {0x2010: 0x2D, 0x2011: 0x2D}


# Chinese, Japanese and Korean prose and headers ('平均接受长度 2.41', '受理率は 72%', '평균 수락 길이:
# 2.4', 'accept length 从 1.80 提升到 2.74'): the words for the figures, for 'from ... to ...',
# 'is', the statistics and the baseline, read as the English ones (longer words first)
_CJK = re.compile("[\u3000-\u30ff\u3130-\u318f\u4e00-\u9fff\uac00-\ud7a3]")
_ZH_WORDS = (
    # Chinese
    ("平均接受长度", " average accept length "),
    ("平均接收长度", " average accept length "),
    ("平均接受率", " average acceptance rate "),
    ("接受长度", " accept length "),
    # 'accept step length': the accepted tokens of a step, a translation of 'accept length'
    ("平均接受步长", " average accept length "),
    ("平均接收步长", " average accept length "),
    ("接受步长", " accept length "),
    ("接收步长", " accept length "),
    ("接收长度", " accept length "),
    # the drafted tokens' acceptance rate ('草稿接受率 71.99%'): vLLM's draft acceptance rate
    ("草稿接受率", " draft acceptance rate "),
    ("草稿接收率", " draft acceptance rate "),
    ("接受率", " acceptance rate "),
    ("接收率", " acceptance rate "),
    # the counts of accepted and proposed drafts ('接受数/提议数 528/612'), as the English words
    ("接受数", " accepted "),
    ("提议数", " proposed "),
    # the rounds a run drafted and verified ('draft 轮次: 2757', '验证轮数'): its steps
    ("轮次", " rounds "),
    ("轮数", " rounds "),
    # a unit per round or step after a value ('3.9 tok/轮', '2.4 tokens/步'): the English unit
    ("/轮", "/round "),
    ("/步", "/step "),
    ("投机解码", " speculative decoding "),
    ("推测解码", " speculative decoding "),
    ("草稿模型", " draft model "),
    # accepted tokens per step, whatever they count ('平均每步接受 2.1 个 token'): an acceptance
    # per step, its convention unknown
    ("平均每步接受", " average acceptance per step "),
    ("每步平均接受", " average acceptance per step "),
    ("每步接受长度", " accept length "),
    ("每步接受", " acceptance per step "),
    ("基线", " baseline "),
    # a figure over the run's totals ('加权接受率', '加权接受长度'): the pooled one, as 'weighted'
    ("加权", " weighted "),
    # the proposed and the accepted draft tokens, and the verify steps, of a table's counts
    # ('提出草稿 tokens', '接受草稿 tokens', '验证步数')
    ("提出草稿", " proposed draft "),
    ("接受草稿", " accepted draft "),
    ("验证步数", " verify steps "),
    ("中位数", " median "),
    ("平均值", " mean "),
    ("均值", " mean "),
    # Japanese
    # the drafted tokens' acceptance rate ('ドラフト受理率 61%'), as the Chinese '草稿接受率'
    ("ドラフトの受理率", " draft acceptance rate "),
    ("ドラフト受理率", " draft acceptance rate "),
    ("平均受理長", " average accept length "),
    ("受理長", " accept length "),
    ("受け入れ長", " accept length "),
    ("受理率", " acceptance rate "),
    ("受け入れ率", " acceptance rate "),
    ("受容率", " acceptance rate "),
    ("投機的デコーディング", " speculative decoding "),
    ("ドラフトモデル", " draft model "),
    ("ベースライン", " baseline "),
    ("中央値", " median "),
    # Korean
    ("평균 수락 길이", " average accept length "),
    ("평균 수락길이", " average accept length "),
    ("수락 길이", " accept length "),
    ("수락길이", " accept length "),
    ("수용 길이", " accept length "),
    ("수락률", " acceptance rate "),
    ("수락율", " acceptance rate "),
    ("수용률", " acceptance rate "),
    ("추측 디코딩", " speculative decoding "),
    ("투기적 디코딩", " speculative decoding "),
    ("초안 모델", " draft model "),
    ("드래프트 모델", " draft model "),
    ("베이스라인", " baseline "),
    ("중앙값", " median "),
    ("평균", " average "),
    ("최대", " max "),
    ("최소", " min "),
    # the statistics (kanji shared by Chinese and Japanese)
    ("平均", " average "),
    ("最大", " max "),
    ("最高", " max "),
    ("最小", " min "),
    ("最低", " min "),
    ("。", ". "),
    ("、", ", "),
)
# the Traditional Chinese forms of those names ('平均接受長度', '接受長度', '驗證長度', '權重'): the
# simplified names they spell, character for character; only a whole known name is rewritten, so
# kanji of a Japanese word ('受理長') and any other Traditional text stay as written
_TRADITIONAL = str.maketrans(
    "长数验证议线测权机轮码随为个实际总单时间预类标准统计较复现绝对结果",
    "長數驗證議線測權機輪碼隨為個實際總單時間預類標準統計較復現絕對結果",
)
_TRADITIONAL_NAMES = {
    zh.translate(_TRADITIONAL): zh for zh, _ in _ZH_WORDS if zh.translate(_TRADITIONAL) != zh
}
_TRADITIONAL_NAME = re.compile(
    "|".join(re.escape(t) for t in sorted(_TRADITIONAL_NAMES, key=len, reverse=True))
)


# tokens per step and accepted tokens in a step ('每步 token 数 2.65', '平均接受 token 数 1.7',
# 'ステップあたりのトークン数', '단계당 토큰'): the English names
_CJK_PER_STEP = re.compile(
    r"(?:每步|每一步|每轮|每一轮|每次验证|ステップあたりの?|ステップ毎の?|단계당|스텝당)\s*(?:生成的?|出力)?\s*"
    r"(?:tokens?|トークン|토큰)\s*(?:数|个数|수)?",
    re.I,
)
# tokens over passes or steps written with a slash in Japanese or Korean ('トークン/パス',
# 'トークン／ステップ', '토큰/패스', '토큰/스텝'): the English 'tokens/step' (a verify pass is a
# step); tokens over seconds ('トークン/秒') are left as they are
_CJK_TOKENS_PER = re.compile(
    r"(?:トークン|토큰)(?:数|수)?[ \t]*[/／][ \t]*(?:パス|ステップ|패스|스텝|단계)(?![\u30a0-\u30ff])"
)
# a Japanese column 'per round' ('受理 / 回', '確定トークン / 回', 'draft / 回': a figure over the
# verify rounds, '回' a round counted): read as the English '/ round' (a step); the accepted
# drafts before the slash ('受理 / 回') as 'accepted', the tokens a round committed ('確定トークン')
# as 'committed tokens' (a step's every token, the target's own counted). '回' opening a word
# ('回数', '回答', '回落') or without a slash before it is left as it is
_JA_PER_ROUND = re.compile("[ \t]*[/／][ \t]*回(?![\u3040-\u30ff\u4e00-\u9fff])")
_JA_ACCEPTED_PER = re.compile(
    "受理(?:数|済み)?(?=[ \t]*[/／][ \t]*回(?![\u3040-\u30ff\u4e00-\u9fff]))"
)
_JA_COMMITTED = re.compile(
    "(?:確定|確定した|確定済み|コミット(?:された|済み)?)[ \t]*(?:トークン|tokens?)(?:数)?"
)
_DIGIT_CJK = re.compile(
    "(?<=\\.[0-9])(?=[\u3040-\u30ff\u3130-\u318f\u4e00-\u9fff\uac00-\ud7a3])|"
    "(?<=\\.[0-9]{2})(?=[\u3040-\u30ff\u3130-\u318f\u4e00-\u9fff\uac00-\ud7a3])|"
    "(?<=\\.[0-9]{3})(?=[\u3040-\u30ff\u3130-\u318f\u4e00-\u9fff\uac00-\ud7a3])|"
    "(?<=%)(?=[\u3040-\u30ff\u3130-\u318f\u4e00-\u9fff\uac00-\ud7a3])|"
    "(?<=[\u3040-\u30ff\u3130-\u318f\u4e00-\u9fff\uac00-\ud7a3])(?=[0-9])"
)
# a draft position ('第1位', '第 2 个位置', '位置3', '1番目', '2번째 위치'): 'posN'
_CJK_POSITION = re.compile(
    r"(?:第\s*(\d{1,2}|[一二三四五六七八九])\s*(?:位|个位置|个token|個目|步)|位置\s*(?=\d)(\d{1,2})|(?<!\d)(\d{1,2})\s*(?:番目|번째(?:\s*위치)?))"
)
# a position's ordinal in Chinese numerals ('第二个token': the second)
_CJK_NUMERAL = {c: str(i) for i, c in enumerate("一二三四五六七八九", 1)}


def _cjk_position(m: re.Match[str]) -> str:
    n = m.group(1) or m.group(2) or m.group(3)
    return f" pos{_CJK_NUMERAL.get(n, n)} "


_CJK_ACCEPTED = re.compile(
    r"(?:average\s+)?(?:接受的?|接收的?|受理(?:された)?|수락된)\s*(?:tokens?|トークン|토큰)\s*(?:数|个数|수)?",
    re.I,
)
# ('从平均3.8下降到了2.6': from an average of 3.8 down to 2.6; the average's word read before)
# (the level the run usually holds named before the first value, '从正常的 ~25% 骤降到 ~1.7%': from
# the normal ~25% down to ~1.7%, the value kept with its approximate mark; the change's verb may
# carry an adverb of its size or speed, '骤降', '大幅下降', '暴跌')
_ZH_FROM_TO = re.compile(
    r"从\s*(?:average\s+|平均\s*|(?:正常|通常|平时|原来|原本|之前|此前|以前|先前)(?:的|时的?)?\s*)?"
    r"(?P<a>[*`]{0,2}(?:[~≈]\s*)?[\d.,]+\s*%?[*`]{0,2})\s*"
    r"(?:(?:骤|猛|暴|急剧|大幅|明显|显著)?(?:提升|提高|增加|增长|上升|降低|下降|减少|变化|变成|变为|"
    r"变|降|升|跌|涨))?\s*(?:到|至)了?\s*"
)
# (perhaps with an English gloss in brackets between: '接受长度(draft acc len)稳定在 2.0')
# (the name in quotes too, the closing quote dropped: '"接受长度"(Eagle acc len)稳定在 2.0')
_ZH_CLOSING_QUOTE = '["“”」』]'
# (in Japanese, the span the figure holds over said between: '受理率は条件を通じて概ね 35%',
# '受理率は全体で約 60%': over the conditions, over the whole run; at most six characters named)
_JA_OVER = (
    r"(?:(?:[\u3040-\u30ff\u4e00-\u9fff]{1,6}を(?:通じて|通して)|全体(?:で|として|を通じて)|"
    r"全般(?:で|に))\s*)?"
)
# (or a bracket of CJK words naming a count, what the figure counts: '受理長(生成数)は 2.6', the
# number generated, zhwrapped.CJK_COUNT_GLOSS; a bracket of other CJK words is a qualifier,
# '(第一轮)', not read so)
_ZH_IS = re.compile(
    r"(?<![A-Za-z])(length|len|rate|step)(?:\s*" + _ZH_CLOSING_QUOTE + r")?"
    r"([`*]{0,2}(?:\s*[(（]\s*(?:[A-Za-z][\w .-]{0,30}|" + ZW.CJK_COUNT_GLOSS + r")\s*[)）])?)"
    r"\s*(?:约为|约是|为|是|达到了?|达|约|大约|大概|只有|仅有|仅为|提升至|提升到|"
    r"提高到|提高至|增加到|降至|降到|降低到|下降到|在|は|が|은|는|이|가)\s*"
    + _JA_OVER
    + r"(?:约|大约|大概|약|約|概ね|おおむね|ほぼ|およそ|大体|だいたい)?\s*"
)
# an accept length 'set to' a value ('接受步长设置为 1.02'): no engine has a setting of the
# accept length, a measured figure, so a value with its decimals after it is what the run came
# out at (a translation's 'set to' for 'is'); a whole number there is a draft length someone
# set, and a rate (a synthetic benchmark forces one) or a simulation is left as it is
_ZH_SET_LENGTH = re.compile(r"(?<=\blength)\s*(?:设置为|设置成|设定为|设为)\s*(?=\d*\.\d*[1-9])")
_ZH_SIMULATED = re.compile(
    r"模拟|仿真|合成|强制|固定|假设|假如|如果|synthetic|simulat|forced|mock", re.I
)
# 'about' after a value ('2.4左右', '72% 정도'): nothing to read
_ZH_APPROX_AFTER = re.compile(r"(?<=[\d%])\s*(?:左右|上下|程度|정도)")


# UTF-8 read as Windows-1252 or Latin-1 (a web page's 'τ' shown as 'Ï„', '±' as 'Â±', '≈' as
# 'â‰ˆ'): a lead byte's letter and its continuation bytes' characters
_MOJIBAKE = re.compile(
    "[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192"
    "\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a"
    "\u20ac\u2122]{1,3}"
)


def _byte(ch: str) -> bytes:
    return bytes([ord(ch)]) if ord(ch) < 256 else ch.encode("cp1252")


# UTF-8 read as Windows-1253 (Greek), the bytes that code page leaves undefined read as
# Windows-1252 (a web page's '—' shown as 'β€”', '≈' as 'β‰ˆ', '×' as 'Γ—'): a lead byte's Greek
# letter ('Β' to 'Ρ', 'Σ' to 'τ': 0xC2 to 0xF4) and its continuation bytes' characters (0x80 to
# 0xBF in either code page); only where they read back as UTF-8 (Greek words stay)
_MOJIBAKE_GREEK = re.compile(
    "[\u0392-\u03a1\u03a3-\u03c4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d"
    "\u017e\u0192\u02c6\u02dc\u2013-\u2015\u2018-\u201e\u2020-\u2022\u2026\u2030"
    "\u2039\u203a\u20ac\u2122\u0384-\u0386\u0388-\u038a\u038c\u038e\u038f]{1,3}"
)


# the mark of that reading somewhere in the text: punctuation's or an arrow's lead bytes (E2 80,
# E2 86, E2 89: 'β€', 'β†', 'β‰'), so a Greek letter before a degree sign ('Δ°C') stays where
# no such mark is
_GREEK_TELLTALE = re.compile("\u03b2[\u20ac\u2020\u2030]")


def _greek_byte(ch: str) -> bytes:
    if ord(ch) < 256:
        return bytes([ord(ch)])
    try:
        return ch.encode("cp1253")
    except UnicodeEncodeError:
        return ch.encode("cp1252")


def _unmangle_greek(m: re.Match[str]) -> str:
    """:func:`_unmangle` for Windows-1253's reading."""
    try:
        return b"".join(_greek_byte(c) for c in m.group(0)).decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return m.group(0)


def _unmangle(m: re.Match[str]) -> str:
    """One character's UTF-8 bytes read back, or the text as it was when they are no UTF-8."""
    try:
        return b"".join(_byte(c) for c in m.group(0)).decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return m.group(0)


# a figure written before its name after a verb of reaching ('达到2.07的平均接受长度', reached an
# average accept length of 2.07; '实现了约 68% 的接受率'): read as the name, then the value
# ('平均接受长度为2.07'); never a change ('提升了5%的接受率', raised by 5%) nor a multiple
# ('2倍的接受长度')
_ZH_FIGURE_NAMES = "|".join(
    zh for zh, en in _ZH_WORDS if "accept length" in en or "acceptance rate" in en
)
_ZH_VALUE_OF = re.compile(
    r"(?:达到|高达|实现|取得|获得|录得)了?\s*([约~≈]?\s*\d[\d.,]*\s*%?)\s*的\s*("
    + _ZH_FIGURE_NAMES
    + ")"
)


# a name saying in Chinese whether it counts the target's own token ('平均接受长度，含目标补充token',
# '(含 bonus)', '不含bonus token', '包括目标模型的额外token'): read as the English 'including the bonus
# token' / 'excluding ...', which the names' reader (cells.py) decides by; a token of the draft's
# ('含草稿token') or the target named with no token ('含目标模型') is none
_ZH_BONUS = re.compile(
    r"(?P<no>不|未)?(?:含|包含|包括|计入|算上)了?[ \t]*"
    r"(?:目标(?:模型)?的?[ \t]*(?:(?:补充|额外|奖励|bonus)[ \t]*)?(?:tokens?|词元|令牌)|"
    r"(?:补充|额外|奖励)[ \t]*(?:tokens?|词元)|bonus(?:[ \t]*tokens?)?)",
    re.I,
)


def _from_chinese(line: str) -> str:
    # other runs' figures in the sentence of one run's: 'A 平均接受长度为 3.2，较 B（2.6）',
    # '，HumanEval 高达 3.9' (zhcompared.py)
    line = ZCMP.rewrite(line, _ZH_FIGURE_NAMES)
    line = _ZH_VALUE_OF.sub(lambda m: f"，{m.group(2)}为{m.group(1)}", line)
    if ("含" in line or "包括" in line or "计入" in line or "算上" in line) and (
        "oken" in line or "bonus" in line or "词元" in line or "令牌" in line
    ):
        line = _ZH_BONUS.sub(
            lambda m: (
                " excluding the bonus token " if m.group("no") else " including the bonus token "
            ),
            line,
        )
    if "回" in line:
        line = _JA_ACCEPTED_PER.sub(" accepted ", line)
        line = _JA_COMMITTED.sub(" committed tokens ", line)
        line = _JA_PER_ROUND.sub(" / round", line)
    for zh, en in _ZH_WORDS:
        if zh in line:
            line = line.replace(zh, en)
    # a figure written against the words around it ('接受率为61%，', '1.10个token'): apart
    line = _DIGIT_CJK.sub(" ", line)
    line = _CJK_POSITION.sub(_cjk_position, line)
    line = _CJK_PER_STEP.sub(" tokens per step ", line)
    if "/" in line or "／" in line:
        line = _CJK_TOKENS_PER.sub(" tokens/step ", line)
    line = _CJK_ACCEPTED.sub(
        lambda m: (
            " mean accepted tokens " if m.group(0).startswith("average") else " accepted tokens "
        ),
        line,
    )
    line = _ZH_FROM_TO.sub(lambda m: f" from {m.group('a')} to ", line)
    line = _ZH_APPROX_AFTER.sub(" ", line)
    if "length" in line and not _ZH_SIMULATED.search(line):
        line = _ZH_SET_LENGTH.sub(" is ", line)
    # ('恒为', '始终为', '稳定在': what the run kept printing) read as '为' (zhalways.py)
    # (and '已经达到', '上升到', '下降至': where the figure arrived, zharrival.py)
    return _ZH_IS.sub(r"\1\2 is ", ZR.as_is(ZA.as_is(line)))


# an HTML table row on one line ('<tr><td>EAGLE-3</td><td>3.61</td></tr>', as pages and
# model cards paste them): read as a pipe row
_HTML_CELL = re.compile(r"<t[dh][\s>]", re.I)
_HTML_CELL_TEXT = re.compile(r"<t[dh](\s[^<>]*)?>(.*?)</t[dh]\s*>", re.I)
# a cell spanning columns or rows ('<th colspan="2">SetA</th>', '<td rowspan="2">model-a</td>'):
# a column span is its text then empty cells (a spanning title, as a pipe table writes it), a
# row span its text again in the rows below at its column, as a pipe table repeats it
_SPAN = re.compile(r"\b(col|row)span\s*=\s*[\"']?(\d{1,4})", re.I)
_MAX_SPAN = 64  # the most columns or rows one cell is taken to span
_TABLE_EDGE = re.compile(r"</?table[\s>]", re.I)


def _spans(attrs: str | None) -> tuple[int, int]:
    """The columns and rows a cell spans (1, 1 without the attributes)."""
    col = row = 1
    if attrs and "span" in attrs:
        for m in _SPAN.finditer(attrs):
            n = min(max(int(m.group(2)), 1), _MAX_SPAN)
            if m.group(1).lower() == "col":
                col = n
            else:
                row = n
    return col, row


def _html_row(ln: str, carry: dict[int, list[Any]] | None = None) -> str:
    """``ln``'s HTML table row as a pipe row (``ln`` itself when it holds none); ``carry``
    holds the cells of rows above spanning down into this one (column: [text, rows left]),
    updated for the rows below."""
    if not _HTML_CELL.search(ln):
        return ln
    carry = {} if carry is None else carry
    cells: list[str] = []

    def carried() -> None:
        while len(cells) in carry:
            c = len(cells)
            cells.append(carry[c][0])
            carry[c][1] -= 1
            if carry[c][1] <= 0:
                del carry[c]

    for m in _HTML_CELL_TEXT.finditer(ln):
        carried()
        text = m.group(2).strip()  # empty cells kept in place
        cols, rows = _spans(m.group(1))
        for k in range(cols):
            if rows > 1:
                carry[len(cells)] = [text if k == 0 else "", rows - 1]
            cells.append(text if k == 0 else "")
    carried()
    return "| " + " | ".join(cells) + " |" if len(cells) >= 2 else ln


# an HTML table pasted with one tag a line (a page's source, a comment's raw HTML): a row's
# '<tr>' alone on its line, its cells on the lines below, up to '</tr>' (or the next row, the
# table's end or the paste's end, where the paste was cut); the wrapper tags' own lines
# ('<table>', '<thead>', '</tbody>') hold no row
_ROW_OPEN = re.compile(r"^\s*<tr(?:\s[^<>]*)?>", re.I)
_ROW_END = re.compile(r"</tr\s*>|<tr[\s>]|</?(?:table|thead|tbody|tfoot)[\s>]", re.I)
_WRAPPER = re.compile(r"^(?:\s*</?(?:table|thead|tbody|tfoot)(?:\s[^<>]*)?>)+\s*$", re.I)
_ROW_SPAN = 64  # the most lines one row's cells take
DROPPED = "\x00"  # a line folded into the row above it: no line of its own


def _html_rows(raw: list[str]) -> list[str]:
    """Every line with its HTML table row read as a pipe row; a row written over several lines
    (``_ROW_OPEN``) is read on its '<tr>' line, the lines it spans dropped (``DROPPED``), and
    the wrapper tags' lines dropped where such a row is read."""
    out = list(raw)
    folded = False
    carry: dict[int, list[Any]] = {}  # cells spanning down from the rows above
    i = 0
    while i < len(out):
        ln = out[i]
        if "<" in ln and _TABLE_EDGE.search(ln):
            carry.clear()  # (a table's start or end: no span crosses it)
        if not _ROW_OPEN.match(ln) or re.search(r"</tr\s*>", ln, re.I):
            out[i] = _html_row(ln, carry)
            if out[i] is ln and ln.strip() and not _WRAPPER.match(ln):
                carry.clear()  # (a line of text between rows: the table ended there)
            folded = folded or out[i] is not ln  # (a row of one line read: its wrappers none)
            i += 1
            continue
        j = i + 1
        closed = False
        while j < len(out) and j - i <= _ROW_SPAN:
            m = _ROW_END.search(out[j])
            if m:
                closed = m.group(0).lower().startswith("</tr")
                break
            j += 1
        end = j + 1 if closed else j  # (a row cut by the next row or the table's end: up to it)
        joined = "".join(x.strip() for x in out[i:end])
        row = _html_row(joined, carry) if j - i <= _ROW_SPAN else ""
        if not row.startswith("| "):
            i += 1  # (no row there: its lines read one by one)
            continue
        out[i] = row
        out[i + 1 : end] = [DROPPED] * (end - i - 1)
        folded = True
        i = end
    if folded:
        out = [DROPPED if _WRAPPER.match(ln) else ln for ln in out]
    return out


# a paper's inline math as web pages and notes copy it ('$\\tau$', '8.40$\\rightarrow$12.90',
# '1.40$\\times$', 'MAT $\\tau$') and the italic tau of a PDF's text layer ('𝜏'): read as the
# symbols they print ('τ', '→', '×'); other math stays as written
_TEX_SYMBOL = {
    "tau": "τ",
    "rightarrow": "→",
    "to": "→",
    "longrightarrow": "→",
    "times": "×",
    "sim": "~",
    "approx": "≈",
    "alpha": "α",
    "gamma": "γ",
    "lt": "<",
    "gt": ">",
}
_TEX_MATH = re.compile(r"\$\s*\\(" + "|".join(_TEX_SYMBOL) + r")\s*\$|\\(tau|alpha|gamma)\b")


# inline math left without macros ('$τ=2.10$', '$K$'): its text ('$5 and $10' is no math: a
# space inside each end)
_TEX_PLAIN = re.compile(r"\$(?=[^\s$])([^$\\]{1,40}?)(?<=[^\s$])\$")


def _tex_symbols(line: str) -> str:
    line = _TEX_MATH.sub(lambda m: _TEX_SYMBOL[m.group(1) or m.group(2)], line)
    line = _TEX_PLAIN.sub(r"\1", line) if "$" in line else line
    return line.replace("\U0001d70f", "τ")


# a number, then the word 'percent' ('near 71 percent', '1 per cent'): a percentage
_PERCENT_WORD = re.compile(r"(\d)\s*(?:percent|per\s+cent)\b", re.I)


# a field's identifier in a code span (snake_case), then a space and its value, no separator
# ('(54 cycles, `tokens_per_cycle` 4.76, `accept_rate` 0.903)'): the span's backticks dropped,
# so the field reads as its plain spelling does ('tokens_per_cycle 4.76')
_CODED_KEY = re.compile(r"`(?P<k>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)`(?=[ \t]+[~≈]?\d)")


# a code span's closing backtick right after a figure and right before bold's closing markup
_CODE_IN_BOLD = re.compile(r"(?<=\d)`(?=\*\*|__)")


# a page's inline and paragraph markup copied as source ('<p style="...">Accept rate <span
# class="font-semibold">0.74</span></p>'): the tags of text (p, span, strong, b, em, i, div, a,
# code, br, font, li), never a table's (read as rows above), dropped where the text holds a
# closing tag; the entities of quotes, spaces and ampersands as their characters
_INLINE_TAG = re.compile(
    r"</?(?i:p|span|strong|b|em|i|div|a|code|br|font|li|ul|ol|h[1-6])(?:\s[^<>]*|/)?>"
)
_ENTITIES = {"&quot;": '"', "&amp;": "&", "&nbsp;": " ", "&apos;": "'", "&lt;": "<", "&gt;": ">"}
_ENTITY = re.compile("|".join(_ENTITIES))


def _inline_html(ln: str) -> str:
    """``ln`` without its inline HTML tags (``_INLINE_TAG``), its entities read."""
    out = _INLINE_TAG.sub("", ln)
    return _ENTITY.sub(lambda m: _ENTITIES[m.group(0)], out) if "&" in out else out


_WAVE_DASH = re.compile(r"(?<=[\d%])(\s?)\u301c(?=\s?[~≈]?\.?\d)")


# a table cell summing its name over the run ('| Σdrafts |', '| ∑ accepted tokens |', '| ΣΔ提出草稿
# tokens |', and after the rounds it sums over, '| 三轮 Σdrafts |'): the name's total, as
# 'total drafts' is, so the row's identities check it; a sign alone in its cell ('| Σ |', a
# totals row's label) or a sum in prose ('ΣΔaccepted／ΣΔdrafts', a definition) is none
_SUM_CELL = re.compile(
    r"(\|[ \t]*)(?:[\u4e00-\u9fff\d]{1,10}轮[ \t]*)?[\u03a3\u2211]\u0394?[ \t]*"
    r"(?=[A-Za-z\u4e00-\u9fff])"
)


def prepare(text: str) -> list[Line]:
    """Every line of the input without its quoting. A diff hunk (most lines '+', '@@' hunk
    headers) keeps its added and context lines, without the '+'; removed lines are dropped."""
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if "\x1b" in text:
        raw = [_ANSI.sub("", ln) for ln in raw]
    if "`**" in text or "`__" in text:
        # a code span closed inside bold ('**Low `accept len: 1.90`**'): the span's closing
        # backtick a space, so the value ends before the bold's markup as anywhere else
        raw = [_CODE_IN_BOLD.sub(" ", ln) for ln in raw]
    if re.search("[\uff01-\uff5e\u3000]", text):
        raw = [ln.translate(_FULLWIDTH) for ln in raw]
    if "\u2010" in text or "\u2011" in text:
        raw = [ln.translate(_HYPHENS) for ln in raw]
    if "\u301c" in text:
        # the wave dash between two values ('1.70〜1.92', '40% 〜 55%'): a range's tilde, as its
        # fullwidth form '～' is (never one after a word or before one: '10時〜')
        raw = [_WAVE_DASH.sub(r"\1~", ln) if "\u301c" in ln else ln for ln in raw]
    if _MOJIBAKE.search(text):
        raw = [_MOJIBAKE.sub(_unmangle, ln) for ln in raw]
    if _GREEK_TELLTALE.search(text) and _MOJIBAKE_GREEK.search(text):
        raw = [_MOJIBAKE_GREEK.sub(_unmangle_greek, ln) for ln in raw]
    if "\u03a3" in text or "\u2211" in text:
        raw = [_SUM_CELL.sub(r"\1total ", ln) if "|" in ln else ln for ln in raw]
    if _CJK.search(text):
        if _TRADITIONAL_NAME.search(text):
            raw = [_TRADITIONAL_NAME.sub(lambda m: _TRADITIONAL_NAMES[m.group()], ln) for ln in raw]
        raw = ZC.contextual(raw)  # '采纳率' beside speculative decoding only
        raw = ZV.verbs_apart(raw)  # '代码也接受长度为 6 的向量': a verb, no accept length
        if ZW.hinted(text):
            # ('平均接受长度' / '为 `4.16`': the copula moved up to its name, zhwrapped.py)
            raw = ZW.rejoined(raw, lambda ln: _from_chinese(ln) if _CJK.search(ln) else ln)
        if JD.hinted(text):
            # ('3.18 で、2.18 個の受理トークンに 1 個のボーナストークンを加えた値': the total and
            # its parts in decomposed.py's English, ja_decomposed.py)
            raw = JD.rewritten(raw)
        raw = [_from_chinese(ln) if _CJK.search(ln) else ln for ln in raw]
    if EW.named(text):
        raw = EW.english(raw)  # 'Ø Akzeptanzlänge 4,09', "taux d'acceptation": English words
    divided = "divided" in text and _DIVIDED_BY.search(text) is not None
    if divided:
        raw = [_DIVIDED_BY.sub(_per_den, ln) for ln in raw]
    if ("/ (" in text or "/(" in text) and _WORKING.search(text):
        raw = _worked(raw)
    if (
        "pass" in text
        and (_PER_PASS.search(text) or (divided and any(_PER_PASS.search(ln) for ln in raw)))
        and V.SPECULATIVE.search(text)
    ):
        # 'committed tokens/target pass' beside a draft: tokens per verify step
        raw = [_PER_PASS.sub(r"\g<head>step", ln) for ln in raw]
    if "can " in text and _FOUND_CAN.search(text):
        raw = [_FOUND_CAN.sub(_found_can, ln) for ln in raw]
    if "ach " in text and _EACH_STEP_EMITS.search(text) and V.SPECULATIVE.search(text):
        raw = [_each_step(ln, raw[i - 1] if i else "") for i, ln in enumerate(raw)]
    if "(" in text and " at " in text:
        raw = BA.rewritten(raw, text)  # 'acceptance rates for X (71% at k=2)': one rate at k=2
    if "ccepted" in text and "(" in text and _BRACKET_EMITTED.search(text):
        raw = [_BRACKET_EMITTED.sub(_emitted_per_step, ln) for ln in raw]
    if ("{" in text or "%" in text) and _FORMAT_SPEC.search(text):
        raw = [_FORMAT_SPEC.sub(lambda m: re.sub(r"\d", "#", m[0]), ln) for ln in raw]
    if "_" in text and "`" in text and _CODED_KEY.search(text):
        raw = [_CODED_KEY.sub(r"\g<k>", ln) if "`" in ln else ln for ln in raw]
    if "per" in text and _PERCENT_WORD.search(text):
        raw = [_PERCENT_WORD.sub(r"\1%", ln) for ln in raw]  # '71 percent': '71%'
    if "Mean" in text or "mean" in text:
        raw = BM.named(raw, text)  # '│ Acceptance 80% │ Mean 2.60 │': the mean acceptance length
    if "mean" in text and "(" in text:
        raw = SP.expanded(raw, text)  # '(40.0%, mean 3.8)' after a pair named in full
    if "\\" in text or "\U0001d70f" in text or ("$" in text and _TEX_PLAIN.search(text)):
        raw = [_tex_symbols(ln) for ln in raw]  # (a figure alone in math too: '$2.9$')
    if ":" in text and ("then" in text or "," in text or ";" in text):
        raw = PS.paired(raw)  # '- accept length: 2.9, then 2.4' over '- rate: 48%, then 37%'
    if "vs" in text or "versus" in text:
        raw = CB.fronted(raw, text)  # '61% vs 23.5% draft acceptance': the name first
    if "<t" in text and _HTML_CELL.search(text):
        raw = _html_rows(raw)
    if "</" in text and _INLINE_TAG.search(text):
        raw = [_inline_html(ln) if "<" in ln else ln for ln in raw]
    if ("^" in text or "&" in text) and "|" in text:
        raw = GB.restored(raw, text)  # '| chat ^ 2 | 71.0% |' under '|---|---|---|': a bar
    if "/" in text and "|" in text and ":" in text:
        # '(tokens per step / decode tok/s):' over '| a | 4.12 / 139 |': the first figure's
        raw = ST.rewritten(raw)
    if "/" in text and "|" in text and ("=" in text or ")" in text or SG.SERIES.search(text)):
        # '| tokens a step at K = 1 / 2 |' or '| AL (greedy / sampled) |' over '| 1.07 / 1.10 |'
        # (or '| acceptance T1 / T2 |': labels of one stem counting up, found once a paste)
        raw = SG.split_grids(raw)
    nonblank = [ln for ln in raw if ln.strip()]
    diffish = sum(1 for ln in nonblank if _DIFF_ADD.match(ln) or _DIFF_META.match(ln))
    diff = (
        bool(nonblank)
        and diffish >= 0.6 * len(nonblank)
        and any(_DIFF_ADD.match(ln) for ln in nonblank)
    )
    out: list[Line] = []
    for i, ln in enumerate(raw, 1):
        if ln == DROPPED:
            continue  # (a line of a row written over several lines, read on its first)
        if diff:
            if _DIFF_META.match(ln) or ln.startswith("-"):
                continue
            if ln.startswith(("+", " ")):
                ln = ln[1:]
        if ln.lstrip().startswith(">"):
            ln = _QUOTE.sub("", ln)
        if _FENCE.match(ln) or ln.strip().lower() == "image":
            ln = ""  # (a fence; a web page's image copied as its alt text, 'image')
        out.append((i, ln.rstrip()))
    if "|" in text and "(" in text:
        # '| Draft acceptance | 95.2 % (60/63, mean length: 3.85) |': two rows (bracket_length)
        out = [
            (n, x)
            for n, t in out
            for x in ((BL.split(t) if "ength" in t and "|" in t else None) or [t])
        ]
    joined = _joined(out)
    if text.count("=") >= 6:
        joined = [x for line in joined for x in _unflattened(line)]
    if "| |" in text or "|  |" in text:
        joined = [x for line in joined for x in FT.split(line)]
    joined = FT.grouped(joined, lambda w: C.key(w).metric == C.LENGTH)
    if " |\n" in text:
        # a header row wrapped before its last cells, over its delimiter row: one row again
        joined = FT.unwrapped_header(joined)
        joined = FT.rejoined(joined)  # a table broken at every cell, rows put back together
    return joined


# a 'key= value' pair of a tool's row ('draft= 122', 'rate=0.967', 'tok/s=79.8', 'rate=n/a')
_EQ_FIELD = re.compile(
    r"(?<![\w./=-])([A-Za-z][\w/]*)\s*=\s*(?:[-+]?\d[\d.]*%?|n/a|nan)(?![\w=/])", re.I
)
# a row's label: words ending where its first pair begins ('code_python', 'long code review'),
# none ending in ':' (a title before the rows) nor opening with a digit or a mark
_ROW_LABEL = re.compile(r"(?:(?<=\s)|^)((?:[A-Za-z][\w.:/-]{0,60}(?<!:)\s+){1,4})$")


def _label_start(before: str, most: int) -> int | None:
    """Where the label of at most ``most`` words ending ``before`` starts, None without one."""
    m = _ROW_LABEL.search(before)
    if m is None:
        return None
    words = m.group(1).split()
    return before.rindex(words[-most]) if len(words) > most else m.start(1)


def _unflattened(line: Line) -> list[Line]:
    """A line holding several rows of a tool that a web page flattened into one ('code_python
    pred= 192 draft= 122 acc= 118 rate=0.967 code_cpp pred= 192 draft= 117 ...'): the same
    sequence of three 'key= value' pairs or more repeated, each time after its row's label
    (up to four words: a page may print 'code python' for 'code_python'; between two rows
    nothing else, else the text before the label is a block of its own: a summary and the next
    run's command between two runs' rows; the first row's label no longer than the longest
    of the others). Each row on a line of its own ('label    key= value ...'), the text
    before the first label and after the last row each a block of their own (blank lines
    between, all with the line's number). Any other line as it is."""
    n, t = line
    pairs = list(_EQ_FIELD.finditer(t))
    if len(pairs) < 6:
        return [line]
    keys = [m.group(1).lower() for m in pairs]
    first = keys[0]
    starts = [i for i, k in enumerate(keys) if k == first]
    width = starts[1] - starts[0] if len(starts) >= 2 else 0
    if width < 3 or len(set(keys[:width])) != width:
        return [line]
    rows: list[tuple[int, int]] = []  # (index of the row's first pair, its last pair + 1)
    for s in starts:
        if keys[s : s + width] != keys[:width]:
            break
        if rows and s != rows[-1][1]:
            break  # (another pair between two rows: no repeated rows)
        rows.append((s, s + width))
    if len(rows) < 2:
        return [line]
    # the labels between two rows, whole: the most words a label has
    gaps = [t[pairs[s - 1].end() : pairs[s].start()] for s, _ in rows[1:]]
    inner = [len(g.split()) for g in gaps if _ROW_LABEL.fullmatch(g.lstrip())]
    most = max(inner, default=1)
    cuts: list[int] = []  # where each row starts: its label
    for s, _ in rows:
        start = _label_start(t[: pairs[s].start()], most)
        if start is None or (s and start < pairs[s - 1].end()):
            return [line]  # (a row without its label word)
        cuts.append(start)
    end = pairs[rows[-1][1] - 1].end()
    head, rest = t[: cuts[0]].rstrip(), t[end:].strip()
    out: list[Line] = [(n, head), (n, "")] if head.strip() else []
    for i, (s, e) in enumerate(rows):
        if i and (between := t[pairs[s - 1].end() : cuts[i]].strip()):
            out += [(n, ""), (n, between), (n, "")]  # (a summary, the next run's command)
        name, fields = (
            t[cuts[i] : pairs[s].start()].strip(),
            t[pairs[s].start() : pairs[e - 1].end()],
        )
        out.append((n, f"  {name}    {fields}"))
    if rest:
        out += [(n, ""), (n, rest)]
    return out


# a line continued on the next: a shell-style '\' at its end (not LaTeX's '\\'), or a server
# log line a terminal or a paste wrapped at its width (the rest of its fields on the next line,
# without a log prefix of its own)
_CONTINUED = re.compile(r"(?<=\s)\\$")
_LOG_PREFIX = re.compile(
    r"^\s*(?:\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|(?:INFO|DEBUG|WARNING|WARN|ERROR)\b[ :]|"
    r"\(\w+ pid=\d+\)|\[\d{4}-\d{2}-\d{2})"
)
# an engine's statistics line quoted without its log prefix ('Decode batch, #running-req: 32,'
# wrapped by an editor at its width)
_ENGINE_LINE = re.compile(r"^\s*(?:(?:Decode|Prefill) batch[.,]|SpecDecoding metrics:)")
# a command line continued with '\\' (its flags are read from the whole text, not as lines)
_COMMAND = re.compile(r"(?:^|\s)--?[A-Za-z]|^\s*(?:\$\s|python|sudo|docker|export\b|[A-Z_]+=)")
_LOG_FIELDS = re.compile(r"#?[\w ()/]+:\s*[\w.%-]+,")
_FIELD_REST = re.compile(r"^\s*[A-Za-z][\w -]{0,40}:\s*\d")
_WRAP_REST = re.compile(r"^\s*(?:[a-z#(]|\d[\d.]*\s*(?:%|tokens|,))")


def _joined(lines: list[Line]) -> list[Line]:
    """Continued lines joined onto the line they continue (the joined line keeps its number;
    the continuation's line is dropped, so the block runs on)."""
    out: list[Line] = []
    for n, t in lines:
        if out and out[-1][1]:
            prev = out[-1][1]
            if _CONTINUED.search(prev) and t.strip() and not _COMMAND.search(prev + " " + t):
                out[-1] = (out[-1][0], prev[:-1].rstrip() + " " + t.strip())
                continue
            if (
                t.strip()
                and (_LOG_PREFIX.match(prev) or _ENGINE_LINE.match(prev))
                and not _LOG_PREFIX.match(t)
                and (_WRAP_REST.match(t) or (prev.rstrip().endswith(",") and _FIELD_REST.match(t)))
                and _LOG_FIELDS.search(prev)  # (last: on a long line, the dearest question)
                and not prev.rstrip().endswith((".", "!", "?"))
            ):
                out[-1] = (out[-1][0], prev.rstrip() + " " + t.strip())
                continue
        out.append((n, t))
    return out


def _tabs(t: str) -> int:
    return t.strip().count("\t")


_DELIMITER = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*\|")


def _wordy(t: str) -> bool:
    """Whether no cell of a tab-separated line is a number: a header's line."""
    return not any(re.match(r"^\s*[-+~]?\d[\d.,]*\s*[%x×]?\s*$", c) for c in t.split("\t"))


def _named_row(prev: str, nxt: str) -> bool:
    """Whether a line of words after a row of numbers is another named row of a table of
    metrics as rows ('accept length⇥2.41⇥2.80' then 'dataset⇥mtbench⇥gsm8k'), not the next
    table's header: the row above opens with a figure's or a setting's name, the line opens
    with a configuration's name (dataset, model, ...) and names no acceptance figure."""
    above = C.key(prev.strip().split("\t")[0]).metric
    cells = [c.strip() for c in nxt.strip().split("\t")]
    return (
        above is not None
        and C.key(cells[0]).metric == C.LABEL
        and not any(C.key(c).metric in C.ACCEPTANCE for c in cells[1:])
    )


def _bars(t: str) -> int:
    """The bars of a pipe table's row ('| a | b |': 3); 0 for any other line."""
    u = t.strip()
    return u.count("|") if u.startswith("|") and u.endswith("|") else 0


# a title of instructions ('Usage with vLLM', '## Deployment on SGLang', 'How to use it with
# llama.cpp'), as a page copied without its markup gives it: what follows is how to run a tool,
# so it opens a block of its own (the tool it names is none of the figures above it)
_USAGE_TITLE = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:\*\*)?(?:usage|use|deploy(?:ment|ing)?|quick\s*start|installation|"
    r"how\s+to\s+(?:use|deploy))\b[\w .-]{0,30}?\b(?:with|on|in|via|using)\s+[\w.-]+"
    r"(?:\s+[\w.-]+)?\s*(?:\*\*)?:?\s*$",
    re.I,
)


def _script_code(cur: list[Line], t: str) -> bool:
    """Whether ``t`` is a shell script's first command under its header comment, ``cur`` being
    the shebang and the comment lines: where the comment states a figure (a digit past the
    shebang) and the command is a script's own (notrun's shell sign), the comment is the
    author's prose about results and the commands name what the script runs, not what printed
    those figures, so the code opens a block of its own."""
    return (
        cur[0][1].startswith("#!")
        and bool(t.strip())
        and not t.lstrip().startswith("#")
        and all(c.lstrip().startswith("#") for _, c in cur)
        and any(ch.isdigit() for _, c in cur[1:] for ch in c)
        and NR.shell_sign(t)
    )


def blocks(lines: list[Line]) -> list[list[Line]]:
    """Runs of non-blank lines. Blank lines between rows of one tab-separated table (a header,
    a blank line, then the rows, as a spreadsheet copy gives them) or of one pipe table (rows of
    as many bars) do not end it; a title of instructions (_USAGE_TITLE) opens a new one, and so
    does a shell script's code under its header comment stating a figure (_script_code)."""
    out: list[list[Line]] = []
    cur: list[Line] = []
    for i, item in enumerate(lines):
        if cur and (_USAGE_TITLE.match(item[1]) or _script_code(cur, item[1])):
            out.append(cur)
            cur = []
        if item[1].strip():
            cur.append(item)
        elif cur:
            j = next((j for j in range(i + 1, len(lines)) if lines[j][1].strip()), len(lines))
            nxt = lines[j][1] if j < len(lines) else ""
            after = lines[j + 1][1] if j + 1 < len(lines) else ""
            if (
                _tabs(cur[-1][1]) >= 2
                and abs(_tabs(nxt) - _tabs(cur[-1][1])) <= 1
                and not (
                    _wordy(nxt) and not _wordy(cur[-1][1]) and not _named_row(cur[-1][1], nxt)
                )  # (another table's header)
            ):
                continue  # the same tab table goes on after the blank line
            if (
                _bars(cur[-1][1]) >= 3
                and _bars(nxt) == _bars(cur[-1][1])
                and not _DELIMITER.match(after)  # (a header over its delimiter: a new table)
            ):
                continue  # so does a pipe table whose rows a blank line split
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    # a JSON object inset among other lines, no blank line around it (json_inset.py)
    return [part for blk in out for part in JI.split(blk)]
