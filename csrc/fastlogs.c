/* specdiag.core.logs._fastlogs: the compiled part of the `specdiag logs` record source
 * (docs/logs.md, "The compiled source"). It scans and extracts; it holds no state.
 *
 * scan(data, start, end, ...) runs without the GIL and mirrors LineFinder._find: it finds the
 * candidate lines (the anchor, then a keyword), counts lines, and extracts every field of the two
 * default layouts (SGLang >= 0.5.10 "Decode batch", vLLM >= 0.10 "SpecDecoding metrics") with the
 * checks of LineParser._sglang / _vllm; every other candidate line (and any line that is not plain
 * ASCII, or holds ESC or CR) is left to the Python parser. It stops at a line the Python
 * LineFinder treats specially (a block header, a line cut mid-field, a summary's counts). It
 * returns one packed Item per candidate line and vLLM's per-position rates as bytes, which
 * specdiag/core/logs/fast.py turns into a batch of records with numpy.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { IT_PY = 0, IT_OVERLONG = 1, IT_SGL = 2, IT_VLLM = 3 };
#define PREV_NONE (-1)
#define PREV_TAIL (-2)

typedef struct {
    int32_t type;
    int32_t flag;   /* SGL: cuda graph True; VLLM: a per-position rate clamped (a note) */
    int64_t line;   /* 1-based, relative to the block's first line */
    int64_t s, e;   /* the line */
    int64_t ps, pe; /* the previous line (IT_PY), PREV_NONE or PREV_TAIL */
    /* SGL */
    int64_t rank, rank_len; /* stripped */
    int64_t len_t, len_len, rate_t, rate_len;
    double length, raw_rate, throughput;
    /* VLLM */
    double mean;
    int64_t accepted, drafted;
    int64_t pp_off, pp_n; /* into Block.pp: (rate, conditional rate) pairs */
    /* the time (SGL and VLLM; VLLM's may be missing): whether there is one, its digits as
     * numbers: YYYYMMDD (VLLM: MMDD), HHMMSS, and the fraction's digits (frac_len of them) */
    int64_t timed, ymd, hms, fnum, frac_len;
    /* SGL: #running-req (the batch size: the line's weight when lines are pooled), -1 when
     * longer than 16 digits (Python reads the value; fast.py applies the range) */
    int64_t running;
    /* SGL: the rank, accept-len and accept-rate texts of at most 7 bytes as one number each
     * (the bytes little-endian, the length in the top byte; 0 for a longer text) */
    uint64_t rank_key, len_key, rate_key;
} Item;

static inline uint64_t key8(const char *p, int64_t n) {
    if (n > 7) return 0;
    uint64_t k = 0;
    for (int64_t i = 0; i < n; i++) k |= (uint64_t)(unsigned char)p[i] << (8 * i);
    return k | ((uint64_t)n << 56);
}

/* the number of n decimal digits at p (checked by the caller) */
static inline int64_t dnum(const char *p, int n) {
    int64_t v = 0;
    for (int i = 0; i < n; i++) v = v * 10 + (p[i] - '0');
    return v;
}

/* a growing array of bytes, as malloc'd */
typedef struct {
    char *p;
    Py_ssize_t n, cap;
} Grow;

/* What one scan found (Python gets it as a tuple: scan's docstring) */
typedef struct {
    Grow items, pp; /* Items; the vLLM per-position rates (doubles) */
    int64_t lines;      /* newlines in [start, end) */
    int64_t candidates; /* candidate lines */
    int64_t stop;       /* where the scan stopped: a special line's start, or the range end */
    int oom;
} Block;

/* room for `size` more bytes at the end of g (NULL and b->oom when there is none) */
static void *grow(Block *b, Grow *g, size_t size) {
    if (g->n + (Py_ssize_t)size > g->cap) {
        Py_ssize_t cap = g->cap ? g->cap * 2 : 8192;
        char *np = (char *)realloc(g->p, (size_t)cap);
        if (!np) {
            b->oom = 1;
            return NULL;
        }
        g->p = np;
        g->cap = cap;
    }
    g->n += (Py_ssize_t)size;
    return g->p + g->n - size;
}

#define NPP(b) ((b)->pp.n / (Py_ssize_t)(2 * sizeof(double)))

static inline int isdig(char c) { return c >= '0' && c <= '9'; }

/* whether the bytes at p have the shape pat: 'd' a digit, any other character itself */
static inline int shape(const char *p, const char *pat) {
    for (; *pat; p++, pat++)
        if (*pat == 'd' ? !isdig(*p) : *p != *pat) return 0;
    return 1;
}

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* the first occurrence of needle n (nl >= 1) in [h, end): candidates for its first two bytes
 * are found 16 at a time (SSE2, part of every x86-64), then compared */
static inline __attribute__((always_inline)) const char *find_sub(const char *h, const char *end, const char *n, size_t nl) {
    if (h >= end || (size_t)(end - h) < nl) return NULL;
    if (nl == 1) return (const char *)memchr(h, n[0], (size_t)(end - h));
    const char *last = end - nl; /* the last possible start */
#if defined(__SSE2__)
    const __m128i a = _mm_set1_epi8(n[0]), b = _mm_set1_epi8(n[1]);
    const char *p = h;
    while (p + 17 <= end) {
        __m128i x = _mm_loadu_si128((const __m128i *)p);
        __m128i y = _mm_loadu_si128((const __m128i *)(p + 1));
        unsigned mask = (unsigned)_mm_movemask_epi8(
            _mm_and_si128(_mm_cmpeq_epi8(x, a), _mm_cmpeq_epi8(y, b)));
        while (mask) {
            int i = __builtin_ctz(mask);
            const char *c = p + i;
            if (c > last) return NULL;
            if (nl == 2 || memcmp(c + 2, n + 2, nl - 2) == 0) return c;
            mask &= mask - 1;
        }
        p += 16;
    }
    for (; p <= last; p++)
        if (p[0] == n[0] && p[1] == n[1] && (nl == 2 || memcmp(p + 2, n + 2, nl - 2) == 0))
            return p;
    return NULL;
#else
    return (const char *)memmem(h, (size_t)(end - h), n, nl);
#endif
}

#define HAS(h, end, lit_) (find_sub((h), (end), (lit_), sizeof(lit_) - 1) != NULL)

static const double EXACT10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* strtod of a text of fewer than 128 bytes (more than 15 significant digits) */
static __attribute__((noinline)) double num_slow(const char *p, int64_t n) {
    char buf[128];
    memcpy(buf, p, (size_t)n);
    buf[n] = 0;
    return strtod(buf, NULL);
}

/* The [0-9.]+ run at *pp: its length (0: none), *pp moved past it, and Python float() of it:
 * *ok iff at most one '.', at least one digit and fewer than 128 bytes. The value is the
 * correctly rounded double, as float() gives: with at most 15 significant digits, mantissa /
 * 10^k is one correctly rounded division of two exact doubles; else strtod. */
static inline __attribute__((always_inline)) int64_t num_field(const char **pp, const char *end,
                                                                double *out, int *ok) {
    const char *s = *pp, *p = s;
    uint64_t m = 0;
    int64_t sig = 0, frac = 0, dots = 0;
    for (; p < end; p++) {
        unsigned d = (unsigned)(unsigned char)*p - '0';
        if (d < 10) {
            sig += m || d; /* significant from the first nonzero digit on */
            m = m * 10 + d;
            frac += dots; /* digits after the (first) dot */
        } else if (*p == '.')
            dots++;
        else
            break;
    }
    int64_t n = p - s;
    *pp = p;
    *ok = n > 0 && n < 128 && dots <= 1 && n - dots > 0;
    if (*ok) *out = sig <= 15 && frac <= 22 ? (double)m / EXACT10[frac] : num_slow(s, n);
    return n;
}

/* the literal s (n bytes, a constant where it is inlined: the compiler compares it in place) */
static inline __attribute__((always_inline)) int lit_n(const char **pp, const char *end,
                                                        const char *s, size_t n) {
    if ((size_t)(end - *pp) < n || memcmp(*pp, s, n) != 0) return 0;
    *pp += n;
    return 1;
}
#define lit(pp, end, s) lit_n((pp), (end), (s), sizeof(s) - 1)

/* the run of digits (and dots where dot is set) at *pp: its length, *pp moved past it */
static inline int64_t span(const char **pp, const char *end, int dot) {
    const char *p = *pp;
    while (p < end && (isdig(*p) || (dot && *p == '.'))) p++;
    int64_t n = p - *pp;
    *pp = p;
    return n;
}
#define digits(pp, end) span((pp), (end), 0)
#define numchars(pp, end) span((pp), (end), 1)

/* a tuple of at most 32 non-empty bytes */
typedef struct {
    const char *p[32];
    Py_ssize_t len[32], n;
} Words;

/* what scan() is told (its docstring) */
typedef struct {
    const char *anchor;
    Py_ssize_t anchor_len;
    Words kw;           /* a candidate line holds the anchor and one of these */
    int64_t max_line;
    int engine;         /* 0 any, 1 sglang, 2 vllm, 3 other */
    int fast;           /* extract the known layouts: 1 SGLang, 2 vLLM */
    const char *cut;    /* special lines (the Python LineFinder reads them and the lines they */
    Py_ssize_t ncut;    /* imply): ending with one of cut (after " \r\t"), holding one of sk */
    Words sk, fk;       /* (n_acc, num_acc, ...), or "ccept" and one of fk or two '|' */
    double max_len, max_tp; /* records.MAX_ACCEPT_LENGTH, MAX_THROUGHPUT */
} ScanCfg;

/* SGLANG_LINE_FAST tried at the '[' at q; the line ends at end. */
static int sgl_at(const ScanCfg *cfg, const char *base, const char *q, const char *end, Item *it) {
    const char *p = q + 1;
    if (end - p < 19 || !shape(p, "dddd-dd-dd") || (p[10] != ' ' && p[10] != 'T') ||
        !shape(p + 11, "dd:dd:dd"))
        return 0;
    it->timed = 1;
    it->ymd = dnum(p, 4) * 10000 + dnum(p + 5, 2) * 100 + dnum(p + 8, 2);
    it->hms = dnum(p + 11, 2) * 10000 + dnum(p + 14, 2) * 100 + dnum(p + 17, 2);
    p += 19;
    it->frac_len = 0;
    it->fnum = 0;
    if (p < end && (*p == '.' || *p == ',') && p + 1 < end && isdig(p[1])) {
        const char *f = p + 1;
        const char *g = f;
        int64_t nd = digits(&g, end);
        if (nd > 6) return 0;
        it->frac_len = nd;
        it->fnum = dnum(f, (int)nd);
        p = g;
    }
    const char *r0 = p;
    while (p < end && *p == ' ') {
        const char *g = p + 1;
        if (g >= end || !(*g >= 'A' && *g <= 'Z')) return 0;
        g++;
        while (g < end && ((*g >= 'A' && *g <= 'Z') || *g == '_')) g++;
        if (digits(&g, end) == 0) return 0;
        p = g;
    }
    /* rank group text r0..p, stripped (it starts with a space when present) */
    const char *rs = p > r0 ? r0 + 1 : r0;
    it->rank = rs - base;
    it->rank_len = p - rs;
    if (!lit(&p, end, "] Decode batch")) return 0;
    if (p + 1 < end && p[0] == ' ' && p[1] == '[') {
        p += 2;
        if (!digits(&p, end) || !lit(&p, end, "]")) return 0;
    }
    if (!lit(&p, end, ", #running-req: ")) return 0;
    const char *rq = p;
    int64_t rq_n = digits(&p, end);
    if (!rq_n) return 0;
    it->running = rq_n <= 16 ? dnum(rq, (int)rq_n) : -1;
    if (!lit(&p, end, ", #token: ") || !digits(&p, end)) return 0;
    if (!lit(&p, end, ", token usage: ") || !numchars(&p, end)) return 0;
    if (!lit(&p, end, ", accept len: ")) return 0;
    int ok_len, ok_rate, ok_tp;
    it->len_t = p - base;
    if (!(it->len_len = num_field(&p, end, &it->length, &ok_len))) return 0;
    if (!lit(&p, end, ", accept rate: ")) return 0;
    it->rate_t = p - base;
    if (!(it->rate_len = num_field(&p, end, &it->raw_rate, &ok_rate))) return 0;
    if (!lit(&p, end, ", cuda graph: ")) return 0;
    it->flag = lit(&p, end, "True");
    if (!it->flag && !lit(&p, end, "False")) return 0;
    if (!lit(&p, end, ", gen throughput (token/s): ") || !num_field(&p, end, &it->throughput, &ok_tp))
        return 0;
    if (!lit(&p, end, ", #queue-req: ") || !digits(&p, end) || p != end) return 0;
    /* LineParser._sglang's checks; a failure goes to the Python path (which says why) */
    if (!ok_len || !ok_rate || !ok_tp || it->length < 1.0 || it->raw_rate > 1.0) return -1;
    if (it->length > cfg->max_len || it->throughput > cfg->max_tp) return -1; /* out_of_range: Python */
    if (it->len_len + it->rate_len + 1 >= 40) return -1; /* beyond the analysis cache's key */
    if (it->rank_len > 64) return -1; /* a long rank tag (rare): fast.py codes short texts */
    it->rank_key = key8(base + it->rank, it->rank_len);
    it->len_key = key8(base + it->len_t, it->len_len);
    it->rate_key = key8(base + it->rate_t, it->rate_len);
    return 1;
}

static int try_sgl(const ScanCfg *cfg, const char *base, const char *s, const char *e, Item *it) {
    for (const char *q = s; q < e && (q = (const char *)memchr(q, '[', (size_t)(e - q))); q++) {
        int r = sgl_at(cfg, base, q, e, it);
        if (r != 0) return r;
    }
    return 0;
}

/* 0: a byte >= 0x80, ESC or CR (the Python text differs from the bytes); 2: plain but holding
 * '`', '<' or '&' (maybe markdown or HTML the parser cleans first); 1: plain */
static int plain_ascii(const char *s, const char *e) {
    const char *p = s;
    int sus = 0;
#if defined(__SSE2__)
    const __m128i esc = _mm_set1_epi8(0x1b), cr = _mm_set1_epi8('\r'), bq = _mm_set1_epi8('`'),
                  lt = _mm_set1_epi8('<'), amp = _mm_set1_epi8('&');
    /* 16 bytes at a time; the last 16 overlap the ones before (the tests are per byte) */
    for (; e - s >= 16; p += 16) {
        if (p + 16 > e) p = e - 16;
        __m128i x = _mm_loadu_si128((const __m128i *)p);
        __m128i bad = _mm_or_si128(_mm_cmpeq_epi8(x, esc), _mm_cmpeq_epi8(x, cr));
        if (_mm_movemask_epi8(_mm_or_si128(bad, x))) return 0; /* high bit: >= 0x80 */
        __m128i q = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, bq), _mm_cmpeq_epi8(x, lt)),
                                 _mm_cmpeq_epi8(x, amp));
        if (_mm_movemask_epi8(q)) sus = 1;
        if (p + 16 == e) return sus ? 2 : 1;
    }
#endif
    for (; p < e; p++) {
        unsigned char u = (unsigned char)*p;
        if (u >= 0x80 || u == 0x1b || u == '\r') return 0;
        if (u == '`' || u == '<' || u == '&') sus = 1;
    }
    return sus ? 2 : 1;
}

static inline int py_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
           (c >= 0x1c && c <= 0x1f);
}

/* the default vLLM layout and the checks of LineParser._vllm (*it: zeroed by the caller) */
static int vllm_fast(const ScanCfg *cfg, Block *b, const char *s, const char *e, Item *it) {
    static const char MARK[] = "SpecDecoding metrics: ";
    const char *m = find_sub(s, e, MARK, sizeof(MARK) - 1);
    if (!m) return 0;
    const char *p = m + sizeof(MARK) - 1;
    const char *end = e;
    while (end > p && py_space(end[-1])) end--;
    const char *t;
    int64_t n;
    int ok;
    if (!lit(&p, end, "Mean acceptance length: ") || !num_field(&p, end, &it->mean, &ok)) return 0;
    if (!ok) return -1;
    if (!lit(&p, end, ", Accepted throughput: ") || !num_field(&p, end, &it->throughput, &ok) ||
        !lit(&p, end, " tokens/s"))
        return 0;
    if (!ok) return -1;
    if (!lit(&p, end, ", Drafted throughput: ") || !numchars(&p, end)) return 0;
    if (!lit(&p, end, " tokens/s, Accepted: ")) return 0;
    t = p;
    if (!(n = digits(&p, end))) return 0;
    if (n > 15) return -1;
    it->accepted = dnum(t, (int)n);
    if (!lit(&p, end, " tokens, Drafted: ")) return 0;
    t = p;
    if (!(n = digits(&p, end))) return 0;
    if (n > 15) return -1;
    it->drafted = dnum(t, (int)n);
    if (!lit(&p, end, " tokens, Per-position acceptance rate: ")) return 0;
    const char *pp0 = p;
    while (p < end && (isdig(*p) || *p == '.' || *p == ',' || *p == ' ')) p++;
    /* the greedy class run ends at p (a non-class char): the list ends two chars before */
    if (p - pp0 < 2 || p[-2] != ',' || p[-1] != ' ') return 0;
    const char *pp1 = p - 2;
    if (!lit(&p, end, "Avg Draft acceptance rate: ") || !numchars(&p, end)) return 0;
    if (!lit(&p, end, "%") || p != end) return 0;
    /* _float_list(pp_text): numbers between commas, spaces around them; none when blank */
    it->pp_off = NPP(b);
    double before = 1.0; /* the running minimum of the rates before */
    const char *a = pp0;
    while (a < pp1 && *a == ' ') a++;
    while (a < pp1) {
        double v;
        if (!num_field(&a, pp1, &v, &ok) || !ok || !(v >= 0.0 && v <= 1.0 + 1e-9)) return -1;
        while (a < pp1 && *a == ' ') a++;
        if (a < pp1) {
            if (*a++ != ',') return -1;
            while (a < pp1 && *a == ' ') a++;
            if (a == pp1) return -1; /* an empty item */
        }
        double *slot = (double *)grow(b, &b->pp, 2 * sizeof(double));
        if (!slot) return -1;
        slot[0] = v > 1.0 ? 1.0 : v;
        /* the conditional rate: over the running minimum before it (0 after a 0); a rate
         * above that minimum is clamped to it, with a note */
        double c = slot[0] < before ? slot[0] : before;
        slot[1] = before != 0.0 ? c / before : 0.0;
        if (slot[0] > before) it->flag = 1;
        before = c;
        it->pp_n++;
    }
    if (it->accepted > it->drafted || it->drafted == 0 || it->mean < 1.0 ||
        it->mean > cfg->max_len || it->throughput > cfg->max_tp) {
        b->pp.n = it->pp_off * (Py_ssize_t)(2 * sizeof(double));
        return -1;
    }
    /* VLLM_TIME.search(prefix): its first match; every match has a '-' at c + 2, so the
     * dashes of the prefix, in order, give the candidates in order */
    for (const char *dash = m - s > 2 ? (const char *)memchr(s + 2, '-', (size_t)(m - s - 2)) : NULL;
         dash && dash + 12 <= m;
         dash = (const char *)memchr(dash + 1, '-', (size_t)(m - dash - 1))) {
        const char *c = dash - 2;
        if (c > s && isdig(c[-1])) continue;
        if (shape(c, "dd-dd dd:dd:dd")) {
            it->timed = 1;
            it->ymd = dnum(c, 2) * 100 + dnum(c + 3, 2);
            it->hms = dnum(c + 6, 2) * 10000 + dnum(c + 9, 2) * 100 + dnum(c + 12, 2);
            const char *f = c + 14;
            if (f < m && *f == '.' && f + 1 < m && isdig(f[1])) {
                const char *g = f + 1;
                while (g < m && isdig(*g) && g - (f + 1) < 6) g++;
                it->frac_len = g - (f + 1);
                it->fnum = dnum(f + 1, (int)it->frac_len);
            }
            break;
        }
    }
    return 1;
}

static int holds(const char *ls, const char *le, const Words *w) {
    for (Py_ssize_t k = 0; k < w->n; k++)
        if (find_sub(ls, le, w->p[k], (size_t)w->len[k])) return 1;
    return 0;
}

static int special_line(const ScanCfg *cfg, const char *ls, const char *le) {
    if (holds(ls, le, &cfg->sk)) return 1;
    const char *t = le;
    while (t > ls && (t[-1] == ' ' || t[-1] == '\r' || t[-1] == '\t')) t--;
    if (t > ls && memchr(cfg->cut, t[-1], (size_t)cfg->ncut)) return 1;
    if (HAS(ls, le, "ccept")) {
        if (holds(ls, le, &cfg->fk)) return 1;
        const char *a = (const char *)memchr(ls, '|', (size_t)(le - ls));
        if (a && memchr(a + 1, '|', (size_t)(le - a - 1))) return 1;
    }
    return 0;
}

/* what LineParser._parse would rewrite first (markdown quote, bullet, backticks, HTML) */
static int needs_cleaning(const char *ls, const char *le, int suspicious) {
    if (ls < le && memchr(">|`*+-", *ls, 6)) return 1;
    return suspicious &&
           (memchr(ls, '`', (size_t)(le - ls)) || HAS(ls, le, "</") || HAS(ls, le, "&gt;"));
}

static int64_t newlines(const char *c, const char *end) {
    int64_t n = 0;
    for (; c < end && (c = (const char *)memchr(c, '\n', (size_t)(end - c))) != NULL; c++) n++;
    return n;
}

/* the start of the line holding pos (start at the earliest) */
static inline int64_t line_start(const char *buf, int64_t start, int64_t pos) {
    const char *z = pos > start ? (const char *)memrchr(buf + start, '\n', (size_t)(pos - start)) : NULL;
    return z ? z - buf + 1 : start;
}

static void scan_range(Block *b, const char *buf, int64_t start, int64_t end,
                       const ScanCfg *cfg) {
    int64_t line_no = 0; /* newlines before cur, from start */
    int64_t cur = start;
    const char *bend = buf + end; /* moved back when the scan stops at a special line */
    const char *m = find_sub(buf + start, bend, cfg->anchor, (size_t)cfg->anchor_len);
    while (m != NULL) {
        int64_t pos = m - buf;
        int64_t s = line_start(buf, start, pos);
        const char *ep = (const char *)memchr(buf + pos, '\n', (size_t)(end - pos));
        int64_t e = ep ? ep - buf : end; /* the range always ends with a newline */
        const char *nxt = find_sub(buf + e, bend, cfg->anchor, (size_t)cfg->anchor_len);
        if (!holds(buf + s, buf + e, &cfg->kw)) {
            m = nxt;
            continue;
        }
        const char *ls = buf + s, *le = buf + e;
        Item tmp = {0};
        tmp.ps = tmp.pe = PREV_NONE;
        tmp.type = e - s > cfg->max_line ? IT_OVERLONG : IT_PY;
        Py_ssize_t npp0 = b->pp.n;
        int pl = 0;
        if (tmp.type == IT_PY && cfg->fast && (pl = plain_ascii(ls, le)) != 0 &&
            !needs_cleaning(ls, le, pl == 2)) {
            if ((cfg->engine == 0 || cfg->engine == 1) && HAS(ls, le, "accept len")) {
                if ((cfg->fast & 1) && try_sgl(cfg, buf, ls, le, &tmp) == 1) tmp.type = IT_SGL;
            } else if (cfg->engine == 0 || cfg->engine == 2) {
                if ((cfg->fast & 2) && vllm_fast(cfg, b, ls, le, &tmp) == 1) tmp.type = IT_VLLM;
            }
        }
        if (b->oom) return;
        if (tmp.type != IT_OVERLONG && special_line(cfg, ls, le)) {
            b->pp.n = npp0;
            end = s; /* stop here: the Python LineFinder takes this line and what it implies */
            bend = buf + end;
            break;
        }
        line_no += newlines(buf + cur, buf + s);
        cur = s;
        m = nxt;
        b->candidates++;
        Item *it = (Item *)grow(b, &b->items, sizeof(Item));
        if (!it) return;
        *it = tmp;
        it->line = line_no + 1;
        it->s = s;
        it->e = e;
        /* a fast line never needs the line before it: its parse does not read it */
        if (tmp.type == IT_PY && HAS(ls, le, "draft acceptance rate") && !HAS(ls, le, "slot ")) {
            if (s > start) {
                it->ps = line_start(buf, start, s - 1);
                it->pe = s - 1;
            } else {
                it->ps = it->pe = PREV_TAIL;
            }
        }
    }
    b->lines = line_no + newlines(buf + cur, bend);
    b->stop = end;
}

/* the tuple t of at most 32 non-empty bytes into w; -1 with an exception */
static int words(PyObject *t, Words *w) {
    w->n = PyTuple_GET_SIZE(t);
    if (w->n > 32) {
        PyErr_SetString(PyExc_ValueError, "at most 32 keywords");
        return -1;
    }
    for (Py_ssize_t i = 0; i < w->n; i++) {
        PyObject *k = PyTuple_GET_ITEM(t, i);
        if (!PyBytes_Check(k) || PyBytes_GET_SIZE(k) == 0) {
            PyErr_SetString(PyExc_TypeError, "keywords must be non-empty bytes");
            return -1;
        }
        w->p[i] = PyBytes_AS_STRING(k);
        w->len[i] = PyBytes_GET_SIZE(k);
    }
    return 0;
}

static PyObject *fl_scan(PyObject *self, PyObject *args) {
    PyObject *data, *kw, *sk, *fk;
    Py_ssize_t start, end;
    long long max_line;
    ScanCfg cfg;
    if (!PyArg_ParseTuple(args, "O!nny#O!Liiy#O!O!dd", &PyBytes_Type, &data, &start, &end,
                          &cfg.anchor, &cfg.anchor_len, &PyTuple_Type, &kw, &max_line,
                          &cfg.engine, &cfg.fast, &cfg.cut, &cfg.ncut, &PyTuple_Type, &sk,
                          &PyTuple_Type, &fk, &cfg.max_len, &cfg.max_tp))
        return NULL;
    cfg.max_line = max_line;
    if (start < 0 || end > PyBytes_GET_SIZE(data) || start > end || cfg.anchor_len < 1) {
        PyErr_SetString(PyExc_ValueError, "a range outside the data, or an empty anchor");
        return NULL;
    }
    if (words(kw, &cfg.kw) < 0 || words(sk, &cfg.sk) < 0 || words(fk, &cfg.fk) < 0) return NULL;
    Block b = {{NULL, 0, 0}, {NULL, 0, 0}, 0, 0, end, 0};
    Py_BEGIN_ALLOW_THREADS scan_range(&b, PyBytes_AS_STRING(data), start, end, &cfg);
    Py_END_ALLOW_THREADS
    PyObject *out = b.oom ? PyErr_NoMemory()
                          : Py_BuildValue("(LLLy#y#)", (long long)b.lines, (long long)b.candidates,
                                          (long long)b.stop, b.items.p ? b.items.p : "",
                                          b.items.n, b.pp.p ? b.pp.p : "", b.pp.n);
    free(b.items.p);
    free(b.pp.p);
    return out;
}

static PyMethodDef fl_methods[] = {
    {"scan", fl_scan, METH_VARARGS,
     "scan(data, start, end, anchor, keywords, max_line, engine, fast, cut_ends, special, "
     "follow, max_len, max_tp) -> (lines, candidate lines, stop, items, per-position rates): "
     "the candidate lines of data[start:end] (whole lines) up to the first special line"},
    {NULL}};

static struct PyModuleDef fl_module = {PyModuleDef_HEAD_INIT, "_fastlogs",
                                       "The compiled part of specdiag logs", -1, fl_methods,
                                       NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fastlogs(void) {
    PyObject *m = PyModule_Create(&fl_module);
    if (m && PyModule_AddIntConstant(m, "ABI", 7) < 0) Py_CLEAR(m);
    return m;
}
