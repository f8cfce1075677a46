/* specdiag.core.logs._fastlogs: the compiled part of `specdiag logs`.
 *
 * Two stages, both producing exactly what the Python path produces:
 *
 *  A. scan(data, start, end, ...) -> Block  (runs without the GIL: threads scan blocks of a file
 *     in parallel). Mirrors LineFinder._block: finds candidate lines (anchor, then a keyword),
 *     counts lines, and for the two known default layouts (SGLang >= 0.5.10 "Decode batch" with
 *     its logger prefix, vLLM >= 0.10 "SpecDecoding metrics") extracts every field, applying the
 *     same checks as LineParser._sglang_fast / _vllm_fast. Every other candidate line (and any
 *     line that is not plain ASCII, or holds ESC or CR) is kept for the Python parser.
 *
 *     read_scan(fd, offset, size, ...) does the same for one block of a regular file, read
 *     with pread in the same GIL-free call, into a block reused once nothing else holds it.
 *
 *  B. Ctx.run(block, base_line, prev_tail, keep) (with the GIL): in line order, hands the lines
 *     kept for Python to a Python callback, and adds each fast record to the analyzer's
 *     SeriesAccumulator the way LogAnalyzer._record + SeriesAccumulator.add do, on a C copy of
 *     the accumulator's running state. A Python record for a series held in C is added by
 *     Ctx.take; any other Python record first has the state of its series written back. With
 *     keep, the state stays in C after the block, until Ctx.sync() (fast.py calls it before the
 *     analyzer is read). SGLang's accept-rate inference: the tallies are batched per rank and
 *     written back before Python reads them; the best guess is recomputed in C from per-formula
 *     and per-(formula, n) sums kept as the tallies come, at the same lines as the Python path.
 *
 * Floating point: the same IEEE double operations in the same order as the Python code (no
 * -ffast-math, no FMA contraction), so sums, means and histogram bins are bit-identical.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include <unistd.h>

/* ------------------------------------------------------------------------------------------ */
/* stage A: items                                                                               */

enum { IT_PY = 0, IT_OVERLONG = 1, IT_SGL = 2, IT_VLLM = 3 };
#define PREV_NONE (-1)
#define PREV_TAIL (-2)

typedef struct {
    int32_t type;
    int32_t graph;  /* SGL: cuda graph True */
    int64_t line;   /* 1-based, relative to the block's first line */
    int64_t s, e;   /* the line */
    int64_t ps, pe; /* the previous line (IT_PY), PREV_NONE or PREV_TAIL */
    /* SGL */
    int64_t date;   /* offset of YYYY-MM-DD; hh at date+11, mm +14, ss +17 */
    int64_t frac, frac_len;
    int64_t rank, rank_len; /* stripped */
    int64_t len_t, len_len, rate_t, rate_len;
    double length, raw_rate, throughput;
    /* VLLM */
    double mean;
    int64_t accepted, drafted;
    int64_t pp_off, pp_n; /* into Block.pp */
    int64_t vtime;        /* offset of MM-DD HH:MM:SS or -1 */
    int64_t vfrac, vfrac_len;
    int64_t pfx; /* fast lines: where the fixed layout starts (the free prefix ends) */
} Item;

typedef struct {
    PyObject_HEAD
    PyObject *data; /* bytes */
    Item *items;
    Py_ssize_t n, cap;
    double *pp;
    Py_ssize_t npp, cappp;
    int64_t lines;      /* newlines in [start, end) */
    int64_t candidates; /* candidate lines */
    int64_t fast;       /* fast records */
    int64_t stop;       /* where the scan stopped: a special line's start, or the range end */
    int oom;
} BlockObject;

/* The item and per-position arrays of blocks no longer used, kept for the next blocks (their
 * pages stay mapped: no page faults per block). Touched with the GIL held only. */
#define ARRAYS_POOL 6
static struct {
    Item *items;
    Py_ssize_t cap;
    double *pp;
    Py_ssize_t cappp;
} g_arrays[ARRAYS_POOL];
static int g_narrays = 0;

static void Block_dealloc(BlockObject *b) {
    Py_XDECREF(b->data);
    if (g_narrays < ARRAYS_POOL && (b->items || b->pp)) {
        g_arrays[g_narrays].items = b->items;
        g_arrays[g_narrays].cap = b->cap;
        g_arrays[g_narrays].pp = b->pp;
        g_arrays[g_narrays].cappp = b->cappp;
        g_narrays++;
    } else {
        free(b->items);
        free(b->pp);
    }
    Py_TYPE(b)->tp_free((PyObject *)b);
}

static void drop_arrays(void) {
    for (int i = 0; i < g_narrays; i++) {
        free(g_arrays[i].items);
        free(g_arrays[i].pp);
    }
    g_narrays = 0;
}

static PyObject *Block_get_lines(BlockObject *b, void *c) { return PyLong_FromLongLong(b->lines); }
static PyObject *Block_get_cands(BlockObject *b, void *c) {
    return PyLong_FromLongLong(b->candidates);
}
static PyObject *Block_get_fast(BlockObject *b, void *c) { return PyLong_FromLongLong(b->fast); }
static PyObject *Block_get_items(BlockObject *b, void *c) { return PyLong_FromSsize_t(b->n); }
static PyObject *Block_get_stop(BlockObject *b, void *c) { return PyLong_FromLongLong(b->stop); }

static PyGetSetDef Block_getset[] = {
    {"lines", (getter)Block_get_lines, NULL, "newlines in the scanned range", NULL},
    {"candidate_lines", (getter)Block_get_cands, NULL, "candidate lines", NULL},
    {"fast_records", (getter)Block_get_fast, NULL, "lines read by the compiled path", NULL},
    {"items", (getter)Block_get_items, NULL, "candidate lines kept (fast and Python)", NULL},
    {"stop", (getter)Block_get_stop, NULL, "start of the special line the scan stopped at", NULL},
    {NULL}};

static PyTypeObject BlockType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "specdiag.core.logs._fastlogs.Block",
    .tp_basicsize = sizeof(BlockObject),
    .tp_dealloc = (destructor)Block_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Candidate lines of one scanned range of bytes",
    .tp_getset = Block_getset,
};

static Item *push_item(BlockObject *b) {
    if (b->n == b->cap) {
        Py_ssize_t cap = b->cap ? b->cap * 2 : 256;
        Item *ni = (Item *)realloc(b->items, (size_t)cap * sizeof(Item));
        if (!ni) {
            b->oom = 1;
            return NULL;
        }
        b->items = ni;
        b->cap = cap;
    }
    Item *it = &b->items[b->n++];
    memset(it, 0, sizeof(Item));
    it->ps = it->pe = PREV_NONE;
    return it;
}

static int push_pp(BlockObject *b, double v) {
    if (b->npp == b->cappp) {
        Py_ssize_t cap = b->cappp ? b->cappp * 2 : 256;
        double *np = (double *)realloc(b->pp, (size_t)cap * sizeof(double));
        if (!np) {
            b->oom = 1;
            return 0;
        }
        b->pp = np;
        b->cappp = cap;
    }
    b->pp[b->npp++] = v;
    return 1;
}

/* ------------------------------------------------------------------------------------------ */
/* stage A: helpers                                                                             */

static inline int isdig(char c) { return c >= '0' && c <= '9'; }

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

/* Python float() of the text p[0:n]: 0 unless it is a valid [0-9.]+ text (see num_field) */
static int parse_num(const char *p, int64_t n, double *out) {
    const char *q = p;
    int ok;
    return num_field(&q, p + n, out, &ok) == n && ok;
}

/* a == b over n bytes, 8 at a time (n is a constant where it is inlined: no memcmp call) */
static inline __attribute__((always_inline)) int eq_bytes(const char *a, const char *b, size_t n) {
    for (; n >= 8; a += 8, b += 8, n -= 8) {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        if (x != y) return 0;
    }
    if (n >= 4) {
        uint32_t x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        if (x != y) return 0;
        a += 4, b += 4, n -= 4;
    }
    if (n >= 2) {
        uint16_t x, y;
        memcpy(&x, a, 2);
        memcpy(&y, b, 2);
        if (x != y) return 0;
        a += 2, b += 2, n -= 2;
    }
    return !n || *a == *b;
}

static inline __attribute__((always_inline)) int lit_n(const char **pp, const char *end,
                                                        const char *s, size_t n) {
    if ((size_t)(end - *pp) < n || !eq_bytes(*pp, s, n)) return 0;
    *pp += n;
    return 1;
}
#define lit(pp, end, s) lit_n((pp), (end), (s), sizeof(s) - 1)

/* \d+ ; returns count */
static inline int64_t digits(const char **pp, const char *end) {
    const char *p = *pp;
    while (p < end && isdig(*p)) p++;
    int64_t n = p - *pp;
    *pp = p;
    return n;
}

/* [0-9.]+ */
static inline int64_t numchars(const char **pp, const char *end) {
    const char *p = *pp;
    while (p < end && (isdig(*p) || *p == '.')) p++;
    int64_t n = p - *pp;
    *pp = p;
    return n;
}

static double g_max_len = 1025.0, g_max_tp = 1e9; /* records.MAX_ACCEPT_LENGTH, MAX_THROUGHPUT */

/* SGLANG_LINE_FAST tried at the '[' at q; the line ends at end. */
static int sgl_at(const char *base, const char *q, const char *end, Item *it) {
    const char *p = q + 1;
    if (end - p < 19) return 0;
    for (int i = 0; i < 10; i++) {
        char c = p[i];
        if (i == 4 || i == 7) {
            if (c != '-') return 0;
        } else if (!isdig(c))
            return 0;
    }
    if (p[10] != ' ' && p[10] != 'T') return 0;
    if (!isdig(p[11]) || !isdig(p[12]) || p[13] != ':' || !isdig(p[14]) || !isdig(p[15]) ||
        p[16] != ':' || !isdig(p[17]) || !isdig(p[18]))
        return 0;
    it->date = p - base;
    it->pfx = q - base;
    p += 19;
    it->frac = -1;
    it->frac_len = 0;
    if (p < end && (*p == '.' || *p == ',') && p + 1 < end && isdig(p[1])) {
        const char *f = p + 1;
        const char *g = f;
        int64_t nd = digits(&g, end);
        if (nd > 6) return 0;
        it->frac = f - base;
        it->frac_len = nd;
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
    if (p > r0) {
        it->rank = (r0 + 1) - base;
        it->rank_len = p - (r0 + 1);
    } else {
        it->rank = r0 - base;
        it->rank_len = 0;
    }
    if (!lit(&p, end, "] Decode batch")) return 0;
    if (p + 1 < end && p[0] == ' ' && p[1] == '[') {
        p += 2;
        if (digits(&p, end) == 0) return 0;
        if (!lit(&p, end, "]")) return 0;
    }
    if (!lit(&p, end, ", #running-req: ") || !digits(&p, end)) return 0;
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
    if (lit(&p, end, "True"))
        it->graph = 1;
    else if (lit(&p, end, "False"))
        it->graph = 0;
    else
        return 0;
    if (!lit(&p, end, ", gen throughput (token/s): ")) return 0;
    if (!num_field(&p, end, &it->throughput, &ok_tp)) return 0;
    if (!lit(&p, end, ", #queue-req: ") || !digits(&p, end)) return 0;
    if (p != end) return 0;
    /* _sglang_fast's own checks; a failure goes to the Python path (which says why) */
    if (!ok_len || !ok_rate || !ok_tp) return -1;
    if (it->length < 1.0 || it->raw_rate > 1.0) return -1;
    if (it->length > g_max_len || it->throughput > g_max_tp) return -1; /* out_of_range: Python */
    if (it->len_len + it->rate_len + 1 >= 40) return -1; /* beyond the analysis cache's key */
    return 1;
}

static int try_sgl(const char *base, const char *s, const char *e, Item *it) {
    const char *q = s;
    while (q < e && (q = (const char *)memchr(q, '[', (size_t)(e - q))) != NULL) {
        int r = sgl_at(base, q, e, it);
        if (r != 0) return r;
        q++;
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
    for (int last = 0; e - s >= 16 && !last;) {
        if (p + 16 > e) {
            p = e - 16;
            last = 1;
        }
        __m128i x = _mm_loadu_si128((const __m128i *)p);
        __m128i bad = _mm_or_si128(_mm_cmpeq_epi8(x, esc), _mm_cmpeq_epi8(x, cr));
        if (_mm_movemask_epi8(_mm_or_si128(bad, x))) return 0; /* high bit: >= 0x80 */
        __m128i q = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, bq), _mm_cmpeq_epi8(x, lt)),
                                 _mm_cmpeq_epi8(x, amp));
        if (_mm_movemask_epi8(q)) sus = 1;
        p += 16;
        if (p == e) last = 1;
    }
    if (e - s >= 16) return sus ? 2 : 1;
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

/* VLLM_FAST.match(body) and _vllm_fast's checks. */
static int vllm_fast(BlockObject *b, const char *base, const char *s, const char *e, Item *it) {
    static const char MARK[] = "SpecDecoding metrics: ";
    const char *m = find_sub(s, e, MARK, sizeof(MARK) - 1);
    if (!m) return 0;
    const char *p = m + sizeof(MARK) - 1;
    const char *end = e;
    it->pfx = m - base;
    while (end > p && py_space(end[-1])) end--;
    const char *t;
    int64_t n;
    int ok;
    if (!lit(&p, end, "Mean acceptance length: ")) return 0;
    if (!num_field(&p, end, &it->mean, &ok)) return 0;
    if (!ok) return -1;
    if (!lit(&p, end, ", Accepted throughput: ")) return 0;
    if (!num_field(&p, end, &it->throughput, &ok)) return 0;
    if (!lit(&p, end, " tokens/s")) return 0;
    if (!ok) return -1;
    if (!lit(&p, end, ", Drafted throughput: ") || !numchars(&p, end)) return 0;
    if (!lit(&p, end, " tokens/s, Accepted: ")) return 0;
    t = p;
    if (!(n = digits(&p, end))) return 0;
    if (n > 15) return -1;
    it->accepted = 0;
    for (int64_t i = 0; i < n; i++) it->accepted = it->accepted * 10 + (t[i] - '0');
    if (!lit(&p, end, " tokens, Drafted: ")) return 0;
    t = p;
    if (!(n = digits(&p, end))) return 0;
    if (n > 15) return -1;
    it->drafted = 0;
    for (int64_t i = 0; i < n; i++) it->drafted = it->drafted * 10 + (t[i] - '0');
    if (!lit(&p, end, " tokens, Per-position acceptance rate: ")) return 0;
    const char *pp0 = p;
    while (p < end && (isdig(*p) || *p == '.' || *p == ',' || *p == ' ')) p++;
    /* the greedy class run ends at p (a non-class char): the list ends two chars before */
    if (p - pp0 < 2 || p[-2] != ',' || p[-1] != ' ') return 0;
    const char *pp1 = p - 2;
    if (!lit(&p, end, "Avg Draft acceptance rate: ") || !numchars(&p, end)) return 0;
    if (!lit(&p, end, "%") || p != end) return 0;
    /* _float_list(pp_text) */
    it->pp_off = b->npp;
    it->pp_n = 0;
    int only_space = 1;
    for (const char *c = pp0; c < pp1 && only_space; c++)
        if (!py_space(*c)) only_space = 0;
    if (pp1 > pp0 && !only_space) {
        double mx = -1.0;
        const char *a = pp0;
        for (;;) {
            const char *z = (const char *)memchr(a, ',', (size_t)(pp1 - a));
            if (!z) z = pp1;
            const char *x = a, *y = z;
            while (x < y && *x == ' ') x++;
            while (y > x && y[-1] == ' ') y--;
            double v;
            if (!parse_num(x, y - x, &v)) return -1;
            if (!(v >= 0.0 && v <= 1.0 + 1e-9)) return -1;
            if (!push_pp(b, v)) return -1;
            it->pp_n++;
            if (v > mx) mx = v;
            if (z == pp1) break;
            a = z + 1;
        }
        if (mx > 1.0)
            for (int64_t i = 0; i < it->pp_n; i++)
                if (b->pp[it->pp_off + i] > 1.0) b->pp[it->pp_off + i] = 1.0;
    }
    if (it->accepted > it->drafted || it->drafted == 0 || it->mean < 1.0 ||
        it->mean > g_max_len || it->throughput > g_max_tp) {
        b->npp = it->pp_off;
        return -1;
    }
    /* VLLM_TIME.search(prefix): its first match; every match has a '-' at c + 2, so the
     * dashes of the prefix, in order, give the candidates in order */
    it->vtime = -1;
    for (const char *dash = m - s > 2 ? (const char *)memchr(s + 2, '-', (size_t)(m - s - 2)) : NULL;
         dash && dash + 12 <= m;
         dash = (const char *)memchr(dash + 1, '-', (size_t)(m - dash - 1))) {
        const char *c = dash - 2;
        if (c > s && isdig(c[-1])) continue;
        if (isdig(c[0]) && isdig(c[1]) && c[2] == '-' && isdig(c[3]) && isdig(c[4]) &&
            c[5] == ' ' && isdig(c[6]) && isdig(c[7]) && c[8] == ':' && isdig(c[9]) &&
            isdig(c[10]) && c[11] == ':' && isdig(c[12]) && isdig(c[13])) {
            it->vtime = c - base;
            it->vfrac = -1;
            it->vfrac_len = 0;
            const char *f = c + 14;
            if (f < m && *f == '.' && f + 1 < m && isdig(f[1])) {
                const char *g = f + 1;
                while (g < m && isdig(*g) && g - (f + 1) < 6) g++;
                it->vfrac = (f + 1) - base;
                it->vfrac_len = g - (f + 1);
            }
            break;
        }
    }
    return 1;
}

typedef struct {
    const char *anchor;
    Py_ssize_t anchor_len;
    const char **kw;
    Py_ssize_t *kwlen;
    Py_ssize_t nkw;
    int64_t max_line;
    int engine; /* 0 any, 1 sglang, 2 vllm, 3 other */
    int fast;   /* extract the known layouts: 1 SGLang, 2 vLLM */
    Py_ssize_t al_idx; /* index of the keyword "accept len", or -1 */
    Py_ssize_t *al_off; /* per keyword: where it lies in "accept len", or -1 */
    /* Where the anchor first lies in each keyword (-1: nowhere). The scan finds the first
     * anchor of a line first, so an occurrence of a keyword holding it at offset o starts at
     * or after (that anchor - o): the searches start there. */
    Py_ssize_t *kw_ao;
    Py_ssize_t sk_ao[32], fk_ao[32];
    /* special lines (the Python LineFinder hands lines around them to the parser): */
    const char *cut_ends;   /* a line ending with one of these (after " \r\t") */
    Py_ssize_t ncut;
    const char **sk;        /* holding one of these (n_acc, num_acc, ...) */
    Py_ssize_t *sklen;
    Py_ssize_t nsk;
    const char **fk;        /* "ccept" and one of these, or two '|' (a table header) */
    Py_ssize_t *fklen;
    Py_ssize_t nfk;
    double max_len, max_tp;
} ScanCfg;

static int special_line(const ScanCfg *cfg, const char *ls, const char *le) {
    for (Py_ssize_t k = 0; k < cfg->nsk; k++)
        if (find_sub(ls, le, cfg->sk[k], (size_t)cfg->sklen[k])) return 1;
    const char *t = le;
    while (t > ls && (t[-1] == ' ' || t[-1] == '\r' || t[-1] == '\t')) t--;
    if (t > ls && memchr(cfg->cut_ends, t[-1], (size_t)cfg->ncut)) return 1;
    if (HAS(ls, le, "ccept")) {
        for (Py_ssize_t k = 0; k < cfg->nfk; k++)
            if (find_sub(ls, le, cfg->fk[k], (size_t)cfg->fklen[k])) return 1;
        const char *a = (const char *)memchr(ls, '|', (size_t)(le - ls));
        if (a && memchr(a + 1, '|', (size_t)(le - a - 1))) return 1;
    }
    return 0;
}

/* a fast line's free prefix [ls, pe) (plus the longest keyword's length, for one straddling
 * the start of the fixed layout): whether it makes the line special */
static int g_prefix_ok = 0; /* the fixed layouts hold no trigger (checked at configure) */
static Py_ssize_t g_maxkw = 1;
static inline int found_from(const char *ls, const char *we, const char *first_anchor,
                              const char *k, Py_ssize_t klen, Py_ssize_t ao) {
    const char *from = ls;
    if (ao >= 0 && first_anchor - ao > ls) {
        from = first_anchor - ao;
        if (from + klen > we) return 0;
    }
    return find_sub(from, we, k, (size_t)klen) != NULL;
}

static int special_prefix(const ScanCfg *cfg, const char *ls, const char *pe, const char *le,
                          const char *first_anchor) {
    if (pe <= ls) return 0; /* no prefix: a trigger would lie in the fixed part, which has none */
    const char *we = pe + g_maxkw - 1 < le ? pe + g_maxkw - 1 : le;
    for (Py_ssize_t k = 0; k < cfg->nsk; k++)
        if (found_from(ls, we, first_anchor, cfg->sk[k], cfg->sklen[k], cfg->sk_ao[k])) return 1;
    for (Py_ssize_t k = 0; k < cfg->nfk; k++)
        if (found_from(ls, we, first_anchor, cfg->fk[k], cfg->fklen[k], cfg->fk_ao[k])) return 1;
    const char *a = pe > ls ? (const char *)memchr(ls, '|', (size_t)(pe - ls)) : NULL;
    if (a && memchr(a + 1, '|', (size_t)(pe - a - 1))) return 1;
    return 0;
}

/* what LineParser._parse would rewrite first (markdown quote, bullet, backticks, HTML) */
static int needs_cleaning(const char *ls, const char *le, int suspicious) {
    if (ls < le) switch (*ls) {
        case '>': case '|': case '`': case '*': case '+': case '-':
            return 1;
        default:
            break;
        }
    if (!suspicious) return 0;
    return memchr(ls, '`', (size_t)(le - ls)) != NULL || HAS(ls, le, "</") || HAS(ls, le, "&gt;");
}

static void scan_range(BlockObject *b, const char *buf, int64_t start, int64_t end,
                       const ScanCfg *cfg) {
    int64_t line_no = 0; /* newlines before cur, from start */
    int64_t cur = start;
    const char *base = buf;
    const char *bend = buf + end; /* moved back when the scan stops at a special line */
    const char *m = find_sub(buf + start, bend, cfg->anchor, (size_t)cfg->anchor_len);
    while (m != NULL) {
        int64_t pos = m - buf;
        const char *ls0 = pos > start ? (const char *)memrchr(buf + start, '\n', (size_t)(pos - start)) : NULL;
        int64_t s = ls0 ? ls0 - buf + 1 : start;
        const char *ep = (const char *)memchr(buf + pos, '\n', (size_t)(end - pos));
        int64_t e = ep ? ep - buf : end; /* the range always ends with a newline */
        const char *nxt = find_sub(buf + e, bend, cfg->anchor, (size_t)cfg->anchor_len);
        Py_ssize_t kwi = -1;
        const char *kwat = NULL; /* the first occurrence of keyword kwi */
        for (Py_ssize_t k = 0; k < cfg->nkw; k++) {
            Py_ssize_t ao = cfg->kw_ao[k];
            const char *from = ao >= 0 && pos - ao > s ? buf + pos - ao : buf + s;
            if ((kwat = find_sub(from, buf + e, cfg->kw[k], (size_t)cfg->kwlen[k])) != NULL) {
                kwi = k;
                break;
            }
        }
        if (kwi < 0) {
            m = nxt;
            continue;
        }
        const char *ls = buf + s, *le = buf + e;
        Item tmp;
        memset(&tmp, 0, sizeof(tmp));
        tmp.ps = tmp.pe = PREV_NONE;
        tmp.type = e - s > cfg->max_line ? IT_OVERLONG : IT_PY;
        Py_ssize_t npp0 = b->npp;
        int pl = 0;
        if (tmp.type == IT_PY && cfg->fast && (pl = plain_ascii(ls, le)) != 0 &&
            !needs_cleaning(ls, le, pl == 2)) {
            /* "accept len" is keyword al when present: the first match says whether it is */
            /* else: "accept len" at x holds keyword kwi at x + al_off (when it is part of it),
             * at or after its first occurrence: the search starts there */
            const char *from = cfg->al_off[kwi] >= 0 && kwat - cfg->al_off[kwi] >= ls
                                   ? kwat - cfg->al_off[kwi]
                                   : ls;
            int al = cfg->al_idx >= 0 && kwi >= cfg->al_idx
                         ? kwi == cfg->al_idx
                         : HAS(from, le, "accept len");
            if ((cfg->engine == 0 || cfg->engine == 1) && al) {
                if ((cfg->fast & 1) && try_sgl(base, ls, le, &tmp) == 1) tmp.type = IT_SGL;
            } else if (cfg->engine == 0 || cfg->engine == 2) {
                if ((cfg->fast & 2) && vllm_fast(b, base, ls, le, &tmp) == 1) tmp.type = IT_VLLM;
            }
        }
        if (b->oom) return;
        int special;
        if (tmp.type == IT_OVERLONG)
            special = 0;
        else if (tmp.type != IT_PY && g_prefix_ok)
            special = special_prefix(cfg, ls, buf + tmp.pfx, le, buf + pos);
        else
            special = special_line(cfg, ls, le);
        if (special) {
            b->npp = npp0;
            end = s; /* stop here: the Python LineFinder takes this line and what it implies */
            bend = buf + end;
            break;
        }
        for (const char *c = buf + cur; c < buf + s;) {
            const char *z = (const char *)memchr(c, '\n', (size_t)(buf + s - c));
            if (!z) break;
            line_no++;
            c = z + 1;
        }
        cur = s;
        m = nxt;
        b->candidates++;
        Item *it = push_item(b);
        if (!it) return;
        *it = tmp;
        it->line = line_no + 1;
        it->s = s;
        it->e = e;
        if (tmp.type == IT_SGL || tmp.type == IT_VLLM) b->fast++;
        /* a fast line never needs the line before it: its parse does not read it */
        if (tmp.type == IT_PY && HAS(ls, le, "draft acceptance rate") && !HAS(ls, le, "slot ")) {
            if (s > start) {
                int64_t ps = s - 1;
                const char *z = ps > start ? (const char *)memrchr(buf + start, '\n', (size_t)(ps - start)) : NULL;
                it->ps = z ? z - buf + 1 : start;
                it->pe = s - 1;
            } else {
                it->ps = it->pe = PREV_TAIL;
            }
        }
        if (b->oom) return;
    }
    for (const char *c = buf + cur; c < bend;) {
        const char *z = (const char *)memchr(c, '\n', (size_t)(bend - c));
        if (!z) break;
        line_no++;
        c = z + 1;
    }
    b->lines = line_no;
    b->stop = end;
}

/* configure(cut_ends, special_keywords, follow_keywords, max_accept_length, max_throughput):
 * what makes a line special for the LineFinder, and the range guard; set once at import */
static PyObject *g_cfg = NULL; /* keeps the bytes alive */
static const char *g_cut = ",:=(";
static Py_ssize_t g_ncut = 4;
static const char *g_sk[32], *g_fk[32];
static Py_ssize_t g_sklen[32], g_fklen[32], g_nsk = 0, g_nfk = 0;
static int g_configured = 0;

static PyObject *fl_configure(PyObject *self, PyObject *args) {
    PyObject *cut, *sk, *fk;
    double ml, mt;
    int prefix_ok;
    if (!PyArg_ParseTuple(args, "O!O!O!ddp", &PyBytes_Type, &cut, &PyTuple_Type, &sk, &PyTuple_Type,
                          &fk, &ml, &mt, &prefix_ok))
        return NULL;
    if (PyTuple_GET_SIZE(sk) > 32 || PyTuple_GET_SIZE(fk) > 32) {
        PyErr_SetString(PyExc_ValueError, "at most 32 keywords");
        return NULL;
    }
    for (int w = 0; w < 2; w++) {
        PyObject *t = w ? fk : sk;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++) {
            PyObject *k = PyTuple_GET_ITEM(t, i);
            if (!PyBytes_Check(k) || PyBytes_GET_SIZE(k) == 0) {
                PyErr_SetString(PyExc_TypeError, "keywords must be non-empty bytes");
                return NULL;
            }
        }
    }
    Py_XSETREF(g_cfg, PyTuple_Pack(3, cut, sk, fk));
    if (!g_cfg) return NULL;
    g_cut = PyBytes_AS_STRING(cut);
    g_ncut = PyBytes_GET_SIZE(cut);
    g_nsk = PyTuple_GET_SIZE(sk);
    g_nfk = PyTuple_GET_SIZE(fk);
    for (Py_ssize_t i = 0; i < g_nsk; i++) {
        g_sk[i] = PyBytes_AS_STRING(PyTuple_GET_ITEM(sk, i));
        g_sklen[i] = PyBytes_GET_SIZE(PyTuple_GET_ITEM(sk, i));
    }
    for (Py_ssize_t i = 0; i < g_nfk; i++) {
        g_fk[i] = PyBytes_AS_STRING(PyTuple_GET_ITEM(fk, i));
        g_fklen[i] = PyBytes_GET_SIZE(PyTuple_GET_ITEM(fk, i));
    }
    g_max_len = ml;
    g_max_tp = mt;
    g_prefix_ok = prefix_ok;
    g_maxkw = 1;
    for (Py_ssize_t i = 0; i < g_nsk; i++)
        if (g_sklen[i] > g_maxkw) g_maxkw = g_sklen[i];
    for (Py_ssize_t i = 0; i < g_nfk; i++)
        if (g_fklen[i] > g_maxkw) g_maxkw = g_fklen[i];
    g_configured = 1;
    Py_RETURN_NONE;
}

static Py_ssize_t anchor_at(const char *k, Py_ssize_t n, const char *anchor, Py_ssize_t alen) {
    const char *at = find_sub(k, k + n, anchor, (size_t)alen);
    return at ? at - k : -1;
}

/* the keyword table of a scan call (kw / kwlen: malloc'd, freed by the caller) */
static int scan_cfg(ScanCfg *cfg, const char *anchor, Py_ssize_t anchor_len, PyObject *kws,
                    long long max_line, int engine, int fast) {
    if (anchor_len < 1) {
        PyErr_SetString(PyExc_ValueError, "empty anchor");
        return 0;
    }
    if (!g_configured) {
        PyErr_SetString(PyExc_RuntimeError, "configure() first");
        return 0;
    }
    Py_ssize_t nkw = PyTuple_GET_SIZE(kws);
    const char **kw = (const char **)malloc(sizeof(char *) * (size_t)(nkw + 1));
    Py_ssize_t *kwlen = (Py_ssize_t *)malloc(sizeof(Py_ssize_t) * (size_t)(3 * nkw + 1));
    if (!kw || !kwlen) {
        free(kw);
        free(kwlen);
        PyErr_NoMemory();
        return 0;
    }
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *k = PyTuple_GET_ITEM(kws, i);
        if (!PyBytes_Check(k) || PyBytes_GET_SIZE(k) == 0) {
            free(kw);
            free(kwlen);
            PyErr_SetString(PyExc_TypeError, "keywords must be non-empty bytes");
            return 0;
        }
        kw[i] = PyBytes_AS_STRING(k);
        kwlen[i] = PyBytes_GET_SIZE(k);
    }
    ScanCfg c = {anchor, anchor_len, kw, kwlen, nkw, max_line, engine, fast, -1, kwlen + nkw,
                 kwlen + 2 * nkw, {0}, {0}, g_cut, g_ncut, g_sk, g_sklen, g_nsk, g_fk, g_fklen,
                 g_nfk, g_max_len, g_max_tp};
    /* the anchor's first place in each keyword (none when the anchor holds a newline: then the
     * first anchor of a line need not be the scan's) */
    int nl_anchor = memchr(anchor, '\n', (size_t)anchor_len) != NULL;
    for (Py_ssize_t i = 0; i < nkw; i++)
        c.kw_ao[i] = nl_anchor ? -1 : anchor_at(kw[i], kwlen[i], anchor, anchor_len);
    for (Py_ssize_t i = 0; i < g_nsk; i++)
        c.sk_ao[i] = nl_anchor ? -1 : anchor_at(g_sk[i], g_sklen[i], anchor, anchor_len);
    for (Py_ssize_t i = 0; i < g_nfk; i++)
        c.fk_ao[i] = nl_anchor ? -1 : anchor_at(g_fk[i], g_fklen[i], anchor, anchor_len);
    static const char AL[] = "accept len";
    for (Py_ssize_t i = 0; i < nkw; i++) {
        const char *at = kwlen[i] <= 10 ? find_sub(AL, AL + 10, kw[i], (size_t)kwlen[i]) : NULL;
        c.al_off[i] = at ? at - AL : -1;
    }
    for (Py_ssize_t i = 0; i < nkw; i++)
        if (kwlen[i] == 10 && memcmp(kw[i], "accept len", 10) == 0) {
            c.al_idx = i;
            break;
        }
    *cfg = c;
    return 1;
}

static BlockObject *new_block(PyObject *data, int64_t end) {
    BlockObject *b = PyObject_New(BlockObject, &BlockType);
    if (!b) return NULL;
    Py_XINCREF(data);
    b->data = data;
    b->items = NULL;
    b->n = b->cap = 0;
    b->pp = NULL;
    b->npp = b->cappp = 0;
    if (g_narrays) { /* the arrays of a block gone (n and npp start at 0 again) */
        g_narrays--;
        b->items = g_arrays[g_narrays].items;
        b->cap = g_arrays[g_narrays].cap;
        b->pp = g_arrays[g_narrays].pp;
        b->cappp = g_arrays[g_narrays].cappp;
    }
    b->lines = b->candidates = b->fast = 0;
    b->stop = end;
    b->oom = 0;
    return b;
}

/* scan(data, start, end, anchor, keywords, max_line, engine, fast) -> Block */
static PyObject *fl_scan(PyObject *self, PyObject *args) {
    PyObject *data, *kws;
    Py_ssize_t start, end;
    const char *anchor;
    Py_ssize_t anchor_len;
    long long max_line;
    int engine, fast;
    if (!PyArg_ParseTuple(args, "O!nny#O!Lii", &PyBytes_Type, &data, &start, &end, &anchor,
                          &anchor_len, &PyTuple_Type, &kws, &max_line, &engine, &fast))
        return NULL;
    Py_ssize_t len = PyBytes_GET_SIZE(data);
    if (start < 0 || end > len || start > end) {
        PyErr_SetString(PyExc_ValueError, "range outside the data");
        return NULL;
    }
    ScanCfg cfg;
    if (!scan_cfg(&cfg, anchor, anchor_len, kws, max_line, engine, fast)) return NULL;
    BlockObject *b = new_block(data, end);
    if (!b) {
        free(cfg.kw);
        free(cfg.kwlen);
        return NULL;
    }
    const char *buf = PyBytes_AS_STRING(data);
    Py_BEGIN_ALLOW_THREADS scan_range(b, buf, start, end, &cfg);
    Py_END_ALLOW_THREADS free(cfg.kw);
    free(cfg.kwlen);
    if (b->oom) {
        Py_DECREF(b);
        return PyErr_NoMemory();
    }
    return (PyObject *)b;
}

/* Blocks for read_scan, reused: a block whose only reference is this pool's (the Python code
 * and the scanned items are done with it) is read into again, so the pages it holds are not
 * faulted in and zeroed once per block. Touched with the GIL held only. The hash a bytes
 * object caches is reset (no block is hashed in practice; CPython <= 3.13 layout). */
#if PY_VERSION_HEX < 0x030E0000
#define POOL_MAX 8
static PyObject *g_pool[POOL_MAX];
static int g_npool = 0;
#endif

static long long g_blocks_fresh = 0, g_blocks_reused = 0; /* counters() */

static PyObject *block_bytes(Py_ssize_t size, int *fresh) {
#if PY_VERSION_HEX < 0x030E0000
    for (int i = 0; i < g_npool; i++) {
        PyObject *o = g_pool[i];
        if (Py_REFCNT(o) == 1 && PyBytes_GET_SIZE(o) == size) {
            g_blocks_reused++;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            ((PyBytesObject *)o)->ob_shash = -1;
#pragma GCC diagnostic pop
            Py_INCREF(o);
            *fresh = 0;
            return o;
        }
    }
#endif
    PyObject *o = PyBytes_FromStringAndSize(NULL, size);
    *fresh = 1;
    g_blocks_fresh++;
#if PY_VERSION_HEX < 0x030E0000
    if (o && g_npool < POOL_MAX) {
        Py_INCREF(o);
        g_pool[g_npool++] = o;
    }
#endif
    return o;
}

/* counters(): what read_scan did so far (a debugging aid) */
static PyObject *fl_counters(PyObject *self, PyObject *unused) {
    return Py_BuildValue("{sLsL}", "blocks_fresh", g_blocks_fresh, "blocks_reused",
                         g_blocks_reused);
}

/* drop_blocks(): the pool's blocks not in use are freed (the end of a file) */
static PyObject *fl_drop_blocks(PyObject *self, PyObject *unused) {
#if PY_VERSION_HEX < 0x030E0000
    int m = 0;
    for (int i = 0; i < g_npool; i++) {
        if (Py_REFCNT(g_pool[i]) == 1)
            Py_CLEAR(g_pool[i]);
        else
            g_pool[m++] = g_pool[i];
    }
    g_npool = m;
#endif
    drop_arrays();
    Py_RETURN_NONE;
}

/* read_scan(fd, offset, size, after_block, anchor, keywords, max_line, engine, fast)
 *   -> (data, (start, end, Block)) or (data, None)
 * One block of a regular file read with pread and scanned, all without the GIL: the range of
 * whole lines LineFinder would scan in it (when the byte before offset is not a newline, the
 * first line finishes a line carried from the block before: the range starts after it). data
 * is what pread returned (shorter at the end of the file, b"" past it). */
static PyObject *fl_read_scan(PyObject *self, PyObject *args) {
    int fd, after, engine, fast;
    long long off, max_line;
    Py_ssize_t size;
    const char *anchor;
    Py_ssize_t anchor_len;
    PyObject *kws;
    if (!PyArg_ParseTuple(args, "iLnpy#O!Lii", &fd, &off, &size, &after, &anchor, &anchor_len,
                          &PyTuple_Type, &kws, &max_line, &engine, &fast))
        return NULL;
    if (size < 0 || off < 0 || (after && off < 1)) {
        PyErr_SetString(PyExc_ValueError, "bad block");
        return NULL;
    }
    ScanCfg cfg;
    if (!scan_cfg(&cfg, anchor, anchor_len, kws, max_line, engine, fast)) return NULL;
    int fresh = 1;
    PyObject *data = block_bytes(size, &fresh);
    BlockObject *b = data ? new_block(NULL, 0) : NULL;
    if (!b) {
        Py_XDECREF(data);
        free(cfg.kw);
        free(cfg.kwlen);
        return NULL;
    }
    char *p = PyBytes_AS_STRING(data);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    {   /* a fresh block in 2 MiB pages where the system allows it: 512 times fewer page
         * faults as pread fills it (advice only) */
        uintptr_t lo = ((uintptr_t)p + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1);
        uintptr_t hi = ((uintptr_t)p + (uintptr_t)size) & ~(uintptr_t)((2u << 20) - 1);
        if (fresh && hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
    }
#endif
    Py_ssize_t got = 0;
    int err = 0, carried = 0;
    int64_t start = 0, end = 0;
    Py_BEGIN_ALLOW_THREADS
    while (got < size) {
        ssize_t n = pread(fd, p + got, (size_t)(size - got), (off_t)(off + got));
        if (n < 0) {
            if (errno == EINTR) continue;
            err = errno;
            break;
        }
        if (n == 0) break;
        got += n;
    }
    if (!err && got > 0 && after) {
        char c = 0;
        ssize_t n;
        do
            n = pread(fd, &c, 1, (off_t)(off - 1));
        while (n < 0 && errno == EINTR);
        if (n < 0)
            err = errno;
        else
            carried = !(n == 1 && c == '\n');
    }
    if (!err && got > 0) {
        const char *last = (const char *)memrchr(p, '\n', (size_t)got);
        if (last) {
            end = last - p + 1;
            if (carried) start = (const char *)memchr(p, '\n', (size_t)got) - p + 1;
            if (start < end) {
                b->stop = end;
                scan_range(b, p, start, end, &cfg);
            }
        }
    }
    Py_END_ALLOW_THREADS
    free(cfg.kw);
    free(cfg.kwlen);
    if (err) {
        Py_DECREF(b);
        Py_DECREF(data);
        errno = err;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    if (b->oom) {
        Py_DECREF(b);
        Py_DECREF(data);
        return PyErr_NoMemory();
    }
    if (got < size) { /* the end of the file: a copy of what was read (items hold offsets) */
        PyObject *part = PyBytes_FromStringAndSize(p, got);
        Py_DECREF(data);
        data = part;
        if (!data) {
            Py_DECREF(b);
            return NULL;
        }
    }
    if (start >= end) {
        Py_DECREF(b);
        return Py_BuildValue("(NO)", data, Py_None);
    }
    Py_INCREF(data);
    b->data = data;
    return Py_BuildValue("(N(LLN))", data, (long long)start, (long long)end, (PyObject *)b);
}

/* ------------------------------------------------------------------------------------------ */
/* stage B: the accumulation context                                                            */

/* pending counts of python keys, in first-seen order (dict insertion order matters) */
typedef struct {
    PyObject *key; /* borrowed from a long-lived owner, or owned when own=1 */
    long long n;
} Pend;

typedef struct {
    Pend *v;
    int n, cap;
    int *slot; /* pointer hash -> index + 1 (0: empty), for long lists */
    int hcap;
} PendList;

static inline size_t ptr_hash(PyObject *p) { return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ULL >> 16); }

/* index of key in l by pointer, via the hash; -1 when absent */
static int pend_find(PendList *l, PyObject *key) {
    if (!l->hcap) {
        for (int i = l->n - 1; i >= 0; i--)
            if (l->v[i].key == key) return i;
        return -1;
    }
    size_t m = (size_t)l->hcap - 1, i = ptr_hash(key) & m;
    while (l->slot[i]) {
        if (l->v[l->slot[i] - 1].key == key) return l->slot[i] - 1;
        i = (i + 1) & m;
    }
    return -1;
}

static int pend_rehash(PendList *l) {
    int hcap = l->hcap ? l->hcap * 2 : 64;
    int *slot = (int *)calloc((size_t)hcap, sizeof(int));
    if (!slot) return 0;
    free(l->slot);
    l->slot = slot;
    l->hcap = hcap;
    for (int j = 0; j < l->n; j++) {
        size_t m = (size_t)hcap - 1, i = ptr_hash(l->v[j].key) & m;
        while (slot[i]) i = (i + 1) & m;
        slot[i] = j + 1;
    }
    return 1;
}

static int pend_add(PendList *l, PyObject *key, long long n) {
    int at = pend_find(l, key);
    if (at >= 0) {
        l->v[at].n += n;
        return 1;
    }
    if (PyUnicode_CheckExact(key)) /* an equal text from the Python path (same dict key) */
        for (int i = l->n - 1; i >= 0; i--) {
            PyObject *o = l->v[i].key;
            if (PyUnicode_CheckExact(o) && PyUnicode_GET_LENGTH(o) == PyUnicode_GET_LENGTH(key) &&
                PyUnicode_Compare(o, key) == 0) {
                l->v[i].n += n;
                return 1;
            }
        }
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        Pend *nv = (Pend *)realloc(l->v, sizeof(Pend) * (size_t)cap);
        if (!nv) return 0;
        l->v = nv;
        l->cap = cap;
    }
    Py_INCREF(key);
    l->v[l->n].key = key;
    l->v[l->n].n = n;
    l->n++;
    if (l->hcap || l->n > 16) {
        if (l->n * 2 > l->hcap) {
            if (!pend_rehash(l)) return 0;
        } else {
            size_t m = (size_t)l->hcap - 1, i = ptr_hash(key) & m;
            while (l->slot[i]) i = (i + 1) & m;
            l->slot[i] = l->n;
        }
    }
    return 1;
}

static void pend_reset(PendList *l) {
    l->n = 0;
    if (l->hcap) memset(l->slot, 0, sizeof(int) * (size_t)l->hcap);
}

static int pend_flush_dict(PendList *l, PyObject *dict) {
    int ok = 1;
    for (int i = 0; i < l->n; i++) {
        if (ok) {
            PyObject *old = PyDict_GetItemWithError(dict, l->v[i].key);
            long long base = 0;
            if (old) {
                base = PyLong_AsLongLong(old);
                if (base == -1 && PyErr_Occurred()) ok = 0;
            } else if (PyErr_Occurred())
                ok = 0;
            if (ok) {
                PyObject *nv = PyLong_FromLongLong(base + l->v[i].n);
                if (!nv || PyDict_SetItem(dict, l->v[i].key, nv) < 0) ok = 0;
                Py_XDECREF(nv);
            }
        }
        Py_DECREF(l->v[i].key);
    }
    pend_reset(l);
    return ok;
}

static void pend_clear(PendList *l) {
    for (int i = 0; i < l->n; i++) Py_DECREF(l->v[i].key);
    pend_reset(l);
}

/* histogram bins, pending (int64 key -> count); order does not matter for bins */
/* positions (draft length -> records), first-seen order */
typedef struct {
    Py_ssize_t *k;
    long long *n;
    int len, cap;
} PosList;

static int pos_add(PosList *l, Py_ssize_t k) {
    for (int i = 0; i < l->len; i++)
        if (l->k[i] == k) {
            l->n[i]++;
            return 1;
        }
    if (l->len == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        Py_ssize_t *nk = (Py_ssize_t *)realloc(l->k, sizeof(Py_ssize_t) * (size_t)cap);
        if (nk) l->k = nk;
        long long *nn = (long long *)realloc(l->n, sizeof(long long) * (size_t)cap);
        if (nn) l->n = nn;
        if (!nk || !nn) return 0;
        l->cap = cap;
    }
    l->k[l->len] = k;
    l->n[l->len] = 1;
    l->len++;
    return 1;
}

static int pos_flush(PosList *l, PyObject *dict) {
    int ok = 1;
    for (int i = 0; ok && i < l->len; i++) {
        PyObject *key = PyLong_FromSsize_t(l->k[i]);
        if (!key) {
            ok = 0;
            break;
        }
        PyObject *old = PyDict_GetItemWithError(dict, key);
        long long base = old ? PyLong_AsLongLong(old) : 0;
        if (PyErr_Occurred()) ok = 0;
        PyObject *nv = ok ? PyLong_FromLongLong(base + l->n[i]) : NULL;
        if (!nv || PyDict_SetItem(dict, key, nv) < 0) ok = 0;
        Py_XDECREF(nv);
        Py_DECREF(key);
    }
    l->len = 0;
    return ok;
}

/* histogram bins, pending: int64 key -> count, open addressing; a slot with cnt 0 is empty
 * (key and count side by side: one cache line per add) */
typedef struct {
    int64_t key;
    long long cnt;
} BinSlot;

typedef struct {
    BinSlot *slot;
    size_t cap, n;
} BinMap;

static inline size_t bin_hash(int64_t k) { return (size_t)((uint64_t)k * 0x9E3779B97F4A7C15ULL >> 20); }

static int bin_grow(BinMap *m) {
    size_t cap = m->cap ? m->cap * 2 : 1024;
    BinSlot *ns = (BinSlot *)calloc(cap, sizeof(BinSlot));
    if (!ns) return 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slot[i].cnt) {
            size_t j = bin_hash(m->slot[i].key) & (cap - 1);
            while (ns[j].cnt) j = (j + 1) & (cap - 1);
            ns[j] = m->slot[i];
        }
    free(m->slot);
    m->slot = ns;
    m->cap = cap;
    return 1;
}

static inline int bin_add(BinMap *m, int64_t k) {
    if ((m->n + 1) * 2 > m->cap && !bin_grow(m)) return 0;
    size_t mask = m->cap - 1;
    size_t i = bin_hash(k) & mask;
    BinSlot *sl = m->slot;
    while (sl[i].cnt) {
        if (sl[i].key == k) {
            sl[i].cnt++;
            return 1;
        }
        i = (i + 1) & mask;
    }
    sl[i].key = k;
    sl[i].cnt = 1;
    m->n++;
    return 1;
}

static int bin_flush(BinMap *m, PyObject *dict) {
    int ok = 1;
    for (size_t i = 0; i < m->cap && m->n; i++) {
        BinSlot *sl = &m->slot[i];
        if (!sl->cnt) continue;
        long long cnt = sl->cnt;
        sl->cnt = 0;
        m->n--;
        if (!ok) continue;
        PyObject *k = PyLong_FromLongLong(sl->key);
        if (!k) {
            ok = 0;
            continue;
        }
        PyObject *old = PyDict_GetItemWithError(dict, k);
        long long base = 0;
        if (old) {
            base = PyLong_AsLongLong(old);
            if (base == -1 && PyErr_Occurred()) ok = 0;
        } else if (PyErr_Occurred())
            ok = 0;
        if (ok) {
            PyObject *nv = PyLong_FromLongLong(base + cnt);
            if (!nv || PyDict_SetItem(dict, k, nv) < 0) ok = 0;
            Py_XDECREF(nv);
        }
        Py_DECREF(k);
    }
    m->n = 0;
    return ok;
}

static void bin_free(BinMap *m) {
    free(m->slot);
    memset(m, 0, sizeof(*m));
}

typedef struct {
    PyObject *obj; /* the _Hist */
    double scale;
    long long n;
    double total, lo, hi, wsum, wtotal;
    BinMap bins;
} Hist;

#define TXT_MAX 48
typedef struct {
    int set; /* 0: None */
    int len;
    char s[TXT_MAX];
    PyObject *obj; /* when it came from Python (set = 2) */
} Txt;

static void txt_clear(Txt *t) {
    Py_CLEAR(t->obj);
    t->set = 0;
}
static void txt_copy(Txt *d, const Txt *s) {
    if (d == s) return;
    PyObject *o = s->obj;
    Py_XINCREF(o);
    Py_CLEAR(d->obj);
    *d = *s;
    d->obj = o;
}
static PyObject *txt_py(const Txt *t) {
    if (!t->set) Py_RETURN_NONE;
    if (t->obj) {
        Py_INCREF(t->obj);
        return t->obj;
    }
    return PyUnicode_DecodeASCII(t->s, t->len, NULL);
}
static int txt_load(Txt *t, PyObject *o) {
    Py_CLEAR(t->obj);
    if (o == Py_None) {
        t->set = 0;
        return 1;
    }
    Py_INCREF(o);
    t->obj = o;
    t->set = 2;
    return 1;
}

#define SPARK_MAX 512
typedef struct {
    double c, s, t;
} Bucket;

typedef struct {
    PyObject *leaf;    /* SeriesAccumulator */
    PyObject *kinds;   /* dict */
    PyObject *positions;
    PyObject *versions_d, *notes_d;
    long long n;
    long long pend_kind; /* records of the fast kind (INTERVAL) */
    Hist length, rate, tp;
    long long acc_sum, drafted_sum, counted, graph_true, graph_false;
    double *pp_sum, *pp_w;
    Py_ssize_t npp, cappp;
    PosList positions_p;
    PendList versions, notes;
    int has_first, has_last;
    double first_ts, last_ts;
    Txt first_text, last_text;
    PyObject *clock;
    long long stretch_count, collapsed;
    /* collapse run */
    int run_active;
    long long run_recs, run_first_line, run_last_line;
    double run_sum;
    Txt run_first_time, run_last_time;
    /* spark */
    Bucket spark[SPARK_MAX];
    int nspark;
    long long spark_per;
    double last_weight;
    int loaded;
} Leaf;

#define MAX_N 128
typedef struct {
    PyObject *rank; /* str */
    PyObject *inf;  /* SGLangRateInference */
    PyObject *forced; /* its forced_formula */
    PyObject *counts; /* its counts dict */
    PendList pend;  /* cands -> n, not yet added to inf.counts */
    long long pend_n;
    /* While live: the inference's state as SGLangRateInference.add would have left it after
     * every tally so far (the pending ones included), written back by flush_inf. */
    int live;
    PyObject *best;                    /* inf._best (NULL: None) */
    PyObject *best_formula, *best_ndt; /* its fields */
    long long dirty, total;            /* inf._dirty, inf.total */
    /* what _compute sums over counts: per formula and per (formula, n), for every tallied set
     * (agg_ok = 0: a set it does not understand; best() is called then) */
    int agg_ok;
    long long agg_total; /* inf.total when the sums were last exact for counts (-1: never) */
    long long fs[2];
    long long ps[2][MAX_N];
    Leaf *leaf;
} Rank;

#define CACHE_SIZE 16384 /* entries: 2-way sets */
typedef struct {
    char key[40];
    int klen;
    uint32_t hash;
    PyObject *cands; /* frozenset */
    PyObject *only;  /* str or None */
    PyObject *ndts;  /* dict formula -> tuple */
    int empty;
    void *ki; /* its KeyInfo (NULL: not looked up yet; KI_UNKNOWN: not understood) */
    PyObject *nd[2]; /* ndts[NEW], ndts[OLD] (borrowed from ndts; NULL: absent) */
    long nd1[2];     /* their one value when they hold one, else -1 */
} AnaEntry;

typedef struct {
    PyObject_HEAD
    PyObject *analyzer, *parser, *source, *leaves, *last_main, *callback;
    PyObject *acc_type, *inf_type, *analysis; /* SeriesAccumulator, SGLangRateInference, fn */
    PyObject *close_run;                     /* name "_close_run" */
    PyObject *s_sglang, *s_vllm, *s_main, *s_kind, *s_clock_abs, *s_clock_noyear;
    PyObject *s_new, *s_old;
    PyObject *v_sgl_vt, *v_0511, *v_0510, *v_newish, *v_vllm;
    PyObject *n_nofit, *n_ambig, *n_clamp;
    double collapsed_max;
    long long min_run;
    int spark_width;
    long year;
    Rank *ranks;
    int nranks, capranks;
    Leaf *vleaf; /* the vLLM leaf (rank "") */
    Leaf **leafs; /* every Leaf allocated (owned) */
    int nleafs, capleafs;
    AnaEntry *cache;
    /* SGLangRateInference._compute in C (use_compute = 0: call best() instead) */
    int use_compute;
    PyObject *ri_type; /* RateInference */
    PyObject *t_both, *t_none, *t_nd_pre, *t_nd_more, *t_nd_post;
    PyObject *keyinfo; /* dict frozenset -> int bitmask/pairs, parsed once */
    PyObject *pending_names; /* the parser's multi-line state attributes (None when idle) */
    PyObject *skip_cb, *reason_rate;
    double max_ts;
    long cd_y, cd_m, cd_d; /* the last date civil_days gave (cd_ok) */
    int cd_ok;
    double cd_out;
} CtxObject;

/* the parser holds no open block, table or cut line: a fast line is read on its own */
static int parser_idle(CtxObject *C) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(C->pending_names); i++) {
        PyObject *v = PyObject_GetAttr(C->parser, PyTuple_GET_ITEM(C->pending_names, i));
        if (!v) return -1;
        int none = v == Py_None;
        Py_DECREF(v);
        if (!none) return 0;
    }
    return 1;
}

static long long INF_REFRESH = 512;
static int eq_str(PyObject *a, PyObject *b);

/* ---- load / store of a leaf's state ---------------------------------------------------- */

static int get_d(PyObject *o, const char *name, double *out) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (!v) return 0;
    *out = PyFloat_AsDouble(v);
    Py_DECREF(v);
    return !(*out == -1.0 && PyErr_Occurred());
}
static int get_ll(PyObject *o, const char *name, long long *out) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (!v) return 0;
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return !(*out == -1 && PyErr_Occurred());
}
static int set_o(PyObject *o, const char *name, PyObject *v) {
    if (!v) return 0;
    int r = PyObject_SetAttrString(o, name, v);
    Py_DECREF(v);
    return r == 0;
}
static int set_d(PyObject *o, const char *name, double v) {
    return set_o(o, name, PyFloat_FromDouble(v));
}
static int set_ll(PyObject *o, const char *name, long long v) {
    return set_o(o, name, PyLong_FromLongLong(v));
}

static int hist_load(Hist *h, PyObject *leaf, const char *name) {
    Py_CLEAR(h->obj);
    h->obj = PyObject_GetAttrString(leaf, name);
    if (!h->obj) return 0;
    return get_d(h->obj, "scale", &h->scale) && get_ll(h->obj, "n", &h->n) &&
           get_d(h->obj, "total", &h->total) && get_d(h->obj, "lo", &h->lo) &&
           get_d(h->obj, "hi", &h->hi) && get_d(h->obj, "wsum", &h->wsum) &&
           get_d(h->obj, "wtotal", &h->wtotal);
}

static int hist_store(Hist *h) {
    PyObject *counts = PyObject_GetAttrString(h->obj, "counts");
    if (!counts) return 0;
    int ok = bin_flush(&h->bins, counts);
    Py_DECREF(counts);
    return ok && set_ll(h->obj, "n", h->n) && set_d(h->obj, "total", h->total) &&
           set_d(h->obj, "lo", h->lo) && set_d(h->obj, "hi", h->hi) &&
           set_d(h->obj, "wsum", h->wsum) && set_d(h->obj, "wtotal", h->wtotal);
}

/* round(v) as a double, halves to even (nearbyint in the default rounding mode, without the
 * library call): below 2^52 in magnitude, adding and taking back 2^52 rounds v to an integer
 * (the sum's unit in the last place is 1); from 2^52 on every double is an integer */
static inline double round_even(double v) {
    const double two52 = 4503599627370496.0;
    if (v >= 0.0 && v < two52) return (v + two52) - two52;
    if (v < 0.0 && v > -two52) return (v - two52) + two52;
    return v; /* integers, infinities, NaN */
}

/* _Hist.add */
static inline int hist_add(Hist *h, double x, double w) {
    double k = round_even(x * h->scale);
    if (!(fabs(k) < 9e18)) return 0;
    if (!bin_add(&h->bins, (int64_t)k)) return 0;
    h->n++;
    h->total += x;
    if (x < h->lo) h->lo = x;
    if (x > h->hi) h->hi = x;
    if (w != 0.0) { /* `if w:` (None is passed as 0) */
        h->wsum += x * w;
        h->wtotal += w;
    }
    return 1;
}

static int leaf_load(Leaf *L) {
    PyObject *o = L->leaf;
    PyObject *v;
    if (!get_ll(o, "n", &L->n)) return 0;
    Py_CLEAR(L->kinds);
    Py_CLEAR(L->positions);
    Py_CLEAR(L->versions_d);
    Py_CLEAR(L->notes_d);
    if (!(L->kinds = PyObject_GetAttrString(o, "kinds"))) return 0;
    if (!(L->positions = PyObject_GetAttrString(o, "positions"))) return 0;
    if (!(L->versions_d = PyObject_GetAttrString(o, "versions"))) return 0;
    if (!(L->notes_d = PyObject_GetAttrString(o, "notes"))) return 0;
    L->pend_kind = 0;
    if (!hist_load(&L->length, o, "length") || !hist_load(&L->rate, o, "rate") ||
        !hist_load(&L->tp, o, "throughput"))
        return 0;
    if (!get_ll(o, "acc_sum", &L->acc_sum) || !get_ll(o, "drafted_sum", &L->drafted_sum) ||
        !get_ll(o, "counted", &L->counted) || !get_ll(o, "graph_true", &L->graph_true) ||
        !get_ll(o, "graph_false", &L->graph_false))
        return 0;
    /* pp_sum / pp_w */
    PyObject *ps = PyObject_GetAttrString(o, "pp_sum");
    PyObject *pw = ps ? PyObject_GetAttrString(o, "pp_w") : NULL;
    if (!pw) {
        Py_XDECREF(ps);
        return 0;
    }
    Py_ssize_t k = PyList_Size(ps);
    if (k < 0 || PyList_Size(pw) != k) {
        Py_DECREF(ps);
        Py_DECREF(pw);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "pp lists differ");
        return 0;
    }
    if (k > L->cappp) {
        double *a = (double *)realloc(L->pp_sum, sizeof(double) * (size_t)k);
        if (a) L->pp_sum = a;
        double *b = (double *)realloc(L->pp_w, sizeof(double) * (size_t)k);
        if (b) L->pp_w = b;
        if (!a || !b) {
            Py_DECREF(ps);
            Py_DECREF(pw);
            PyErr_NoMemory();
            return 0;
        }
        L->cappp = k;
    }
    L->npp = k;
    for (Py_ssize_t i = 0; i < k; i++) {
        L->pp_sum[i] = PyFloat_AsDouble(PyList_GET_ITEM(ps, i));
        L->pp_w[i] = PyFloat_AsDouble(PyList_GET_ITEM(pw, i));
    }
    Py_DECREF(ps);
    Py_DECREF(pw);
    if (PyErr_Occurred()) return 0;
    /* times */
    if (!(v = PyObject_GetAttrString(o, "first_ts"))) return 0;
    L->has_first = v != Py_None;
    if (L->has_first) L->first_ts = PyFloat_AsDouble(v);
    Py_DECREF(v);
    if (!(v = PyObject_GetAttrString(o, "last_ts"))) return 0;
    L->has_last = v != Py_None;
    if (L->has_last) L->last_ts = PyFloat_AsDouble(v);
    Py_DECREF(v);
    if (PyErr_Occurred()) return 0;
    if (!(v = PyObject_GetAttrString(o, "first_text"))) return 0;
    txt_load(&L->first_text, v);
    Py_DECREF(v);
    if (!(v = PyObject_GetAttrString(o, "last_text"))) return 0;
    txt_load(&L->last_text, v);
    Py_DECREF(v);
    Py_CLEAR(L->clock);
    if (!(L->clock = PyObject_GetAttrString(o, "clock"))) return 0;
    if (!get_ll(o, "stretch_count", &L->stretch_count) || !get_ll(o, "collapsed", &L->collapsed))
        return 0;
    /* _run */
    if (!(v = PyObject_GetAttrString(o, "_run"))) return 0;
    L->run_active = v != Py_None;
    if (L->run_active) {
        if (!PyList_Check(v) || PyList_GET_SIZE(v) != 6) {
            Py_DECREF(v);
            PyErr_SetString(PyExc_TypeError, "unexpected _run");
            return 0;
        }
        L->run_recs = PyLong_AsLongLong(PyList_GET_ITEM(v, 0));
        L->run_first_line = PyLong_AsLongLong(PyList_GET_ITEM(v, 1));
        txt_load(&L->run_first_time, PyList_GET_ITEM(v, 2));
        L->run_sum = PyFloat_AsDouble(PyList_GET_ITEM(v, 3));
        L->run_last_line = PyLong_AsLongLong(PyList_GET_ITEM(v, 4));
        txt_load(&L->run_last_time, PyList_GET_ITEM(v, 5));
    }
    Py_DECREF(v);
    if (PyErr_Occurred()) return 0;
    /* spark */
    PyObject *sp = PyObject_GetAttrString(o, "spark");
    if (!sp) return 0;
    PyObject *bk = PyObject_GetAttrString(sp, "buckets");
    if (!bk || !get_ll(sp, "per", &L->spark_per)) {
        Py_XDECREF(bk);
        Py_DECREF(sp);
        return 0;
    }
    Py_DECREF(sp);
    Py_ssize_t nb = PyList_Size(bk);
    if (nb < 0 || nb >= SPARK_MAX) {
        Py_DECREF(bk);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "spark too long");
        return 0;
    }
    for (Py_ssize_t i = 0; i < nb; i++) {
        PyObject *e = PyList_GET_ITEM(bk, i);
        if (!PyList_Check(e) || PyList_GET_SIZE(e) != 3) {
            Py_DECREF(bk);
            PyErr_SetString(PyExc_TypeError, "unexpected spark bucket");
            return 0;
        }
        L->spark[i].c = PyFloat_AsDouble(PyList_GET_ITEM(e, 0));
        L->spark[i].s = PyFloat_AsDouble(PyList_GET_ITEM(e, 1));
        L->spark[i].t = PyFloat_AsDouble(PyList_GET_ITEM(e, 2));
    }
    L->nspark = (int)nb;
    Py_DECREF(bk);
    if (PyErr_Occurred()) return 0;
    if (!get_d(o, "_last_weight", &L->last_weight)) return 0;
    L->loaded = 1;
    return 1;
}

static PyObject *run_list(Leaf *L) {
    PyObject *a = PyLong_FromLongLong(L->run_recs), *b = PyLong_FromLongLong(L->run_first_line),
             *c = txt_py(&L->run_first_time), *d = PyFloat_FromDouble(L->run_sum),
             *e = PyLong_FromLongLong(L->run_last_line), *f = txt_py(&L->run_last_time);
    PyObject *l = NULL;
    if (a && b && c && d && e && f && (l = PyList_New(6)) != NULL) {
        PyObject *xs[6] = {a, b, c, d, e, f};
        for (int i = 0; i < 6; i++) {
            Py_INCREF(xs[i]);
            PyList_SET_ITEM(l, i, xs[i]);
        }
    }
    Py_XDECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(c);
    Py_XDECREF(d);
    Py_XDECREF(e);
    Py_XDECREF(f);
    return l;
}

static int leaf_store(CtxObject *C, Leaf *L) {
    if (!L->loaded) return 1;
    L->loaded = 0;
    PyObject *o = L->leaf;
    int ok = set_ll(o, "n", L->n);
    if (ok && L->pend_kind) {
        PyObject *old = PyDict_GetItemWithError(L->kinds, C->s_kind);
        long long base = old ? PyLong_AsLongLong(old) : 0;
        if (PyErr_Occurred()) ok = 0;
        PyObject *nv = ok ? PyLong_FromLongLong(base + L->pend_kind) : NULL;
        if (!nv || PyDict_SetItem(L->kinds, C->s_kind, nv) < 0) ok = 0;
        Py_XDECREF(nv);
        L->pend_kind = 0;
    }
    ok = ok && hist_store(&L->length) && hist_store(&L->rate) && hist_store(&L->tp);
    ok = ok && set_ll(o, "acc_sum", L->acc_sum) && set_ll(o, "drafted_sum", L->drafted_sum) &&
         set_ll(o, "counted", L->counted) && set_ll(o, "graph_true", L->graph_true) &&
         set_ll(o, "graph_false", L->graph_false);
    if (ok) {
        PyObject *ps = PyList_New(L->npp), *pw = PyList_New(L->npp);
        if (!ps || !pw) ok = 0;
        for (Py_ssize_t i = 0; ok && i < L->npp; i++) {
            PyObject *a = PyFloat_FromDouble(L->pp_sum[i]), *b = PyFloat_FromDouble(L->pp_w[i]);
            if (!a || !b) {
                Py_XDECREF(a);
                Py_XDECREF(b);
                ok = 0;
                break;
            }
            PyList_SET_ITEM(ps, i, a);
            PyList_SET_ITEM(pw, i, b);
        }
        /* assign in place (keeps the list objects others may hold) */
        if (ok) {
            PyObject *cs = PyObject_GetAttrString(o, "pp_sum"), *cw = PyObject_GetAttrString(o, "pp_w");
            if (!cs || !cw || PyList_SetSlice(cs, 0, PY_SSIZE_T_MAX, ps) < 0 ||
                PyList_SetSlice(cw, 0, PY_SSIZE_T_MAX, pw) < 0)
                ok = 0;
            Py_XDECREF(cs);
            Py_XDECREF(cw);
        }
        Py_XDECREF(ps);
        Py_XDECREF(pw);
    }
    ok = ok && pos_flush(&L->positions_p, L->positions);
    ok = ok && pend_flush_dict(&L->versions, L->versions_d);
    ok = ok && pend_flush_dict(&L->notes, L->notes_d);
    ok = ok && set_o(o, "first_ts", L->has_first ? PyFloat_FromDouble(L->first_ts) : (Py_INCREF(Py_None), Py_None));
    ok = ok && set_o(o, "last_ts", L->has_last ? PyFloat_FromDouble(L->last_ts) : (Py_INCREF(Py_None), Py_None));
    ok = ok && set_o(o, "first_text", txt_py(&L->first_text));
    ok = ok && set_o(o, "last_text", txt_py(&L->last_text));
    if (ok) {
        Py_INCREF(L->clock);
        ok = set_o(o, "clock", L->clock);
    }
    ok = ok && set_ll(o, "stretch_count", L->stretch_count) && set_ll(o, "collapsed", L->collapsed);
    if (ok) {
        if (L->run_active)
            ok = set_o(o, "_run", run_list(L));
        else {
            Py_INCREF(Py_None);
            ok = set_o(o, "_run", Py_None);
        }
    }
    if (ok) {
        PyObject *bk = PyList_New(L->nspark);
        for (int i = 0; bk && i < L->nspark; i++) {
            PyObject *e = Py_BuildValue("[ddd]", L->spark[i].c, L->spark[i].s, L->spark[i].t);
            if (!e) {
                Py_CLEAR(bk);
                break;
            }
            PyList_SET_ITEM(bk, i, e);
        }
        PyObject *sp = PyObject_GetAttrString(o, "spark");
        ok = bk && sp && PyObject_SetAttrString(sp, "buckets", bk) == 0 &&
             set_ll(sp, "per", L->spark_per);
        Py_XDECREF(bk);
        Py_XDECREF(sp);
    }
    ok = ok && set_d(o, "_last_weight", L->last_weight);
    Py_CLEAR(L->length.obj);
    Py_CLEAR(L->rate.obj);
    Py_CLEAR(L->tp.obj);
    Py_CLEAR(L->kinds);
    Py_CLEAR(L->positions);
    Py_CLEAR(L->versions_d);
    Py_CLEAR(L->notes_d);
    Py_CLEAR(L->clock);
    txt_clear(&L->first_text);
    txt_clear(&L->last_text);
    txt_clear(&L->run_first_time);
    txt_clear(&L->run_last_time);
    return ok;
}

static void rank_forget(Rank *r) {
    Py_CLEAR(r->best);
    Py_CLEAR(r->best_formula);
    Py_CLEAR(r->best_ndt);
}

/* write back the inference state of a rank: the pending tallies added to inf.counts (in
 * first-seen order, as one add per line would have inserted them), total, _dirty and _best as
 * the same adds one by one would have left them (see rank_tally) */
static int flush_inf(Rank *r) {
    int ok = 1;
    if (r->live) {
        for (int i = 0; i < r->pend.n; i++) {
            PyObject *key = r->pend.v[i].key;
            long long n = r->pend.v[i].n;
            if (ok) {
                PyObject *old = PyDict_GetItemWithError(r->counts, key);
                long long base = old ? PyLong_AsLongLong(old) : 0;
                if (PyErr_Occurred()) ok = 0;
                PyObject *nv = ok ? PyLong_FromLongLong(base + n) : NULL;
                if (!nv || PyDict_SetItem(r->counts, key, nv) < 0) ok = 0;
                Py_XDECREF(nv);
            }
            Py_DECREF(key);
        }
        if (r->pend.n)
            ok = ok && set_ll(r->inf, "total", r->total) && set_ll(r->inf, "_dirty", r->dirty) &&
                 PyObject_SetAttrString(r->inf, "_best", r->best ? r->best : Py_None) == 0;
        /* the sums stay exact while Python adds nothing (its total is unchanged) */
        r->agg_total = ok && r->agg_ok ? r->total : -1;
    }
    pend_reset(&r->pend);
    r->pend_n = 0;
    r->live = 0;
    rank_forget(r);
    return ok;
}

static int sync_out(CtxObject *C) {
    int ok = 1;
    for (int i = 0; i < C->nranks; i++)
        if (!flush_inf(&C->ranks[i])) ok = 0;
    for (int i = 0; i < C->nleafs; i++)
        if (!leaf_store(C, C->leafs[i])) ok = 0;
    return ok;
}

/* the analyzer's leaf for (source, engine, rank, main), created as LogAnalyzer._record does */
static Leaf *get_leaf(CtxObject *C, PyObject *engine, PyObject *rank, Leaf **slot) {
    Leaf *L = *slot;
    if (L && L->loaded) return L;
    PyObject *key = PyTuple_Pack(4, C->source, engine, rank, C->s_main);
    if (!key) return NULL;
    PyObject *leaf = PyDict_GetItemWithError(C->leaves, key);
    if (leaf)
        Py_INCREF(leaf);
    else if (!PyErr_Occurred()) {
        leaf = PyObject_CallFunctionObjArgs(C->acc_type, engine, C->source, rank, NULL);
        if (leaf && PyDict_SetItem(C->leaves, key, leaf) < 0) Py_CLEAR(leaf);
    }
    Py_DECREF(key);
    if (!leaf) return NULL;
    PyObject *mkey = PyTuple_Pack(3, C->source, engine, rank);
    int r = mkey ? PyDict_SetItem(C->last_main, mkey, leaf) : -1;
    Py_XDECREF(mkey);
    if (r < 0) {
        Py_DECREF(leaf);
        return NULL;
    }
    if (!L || L->leaf != leaf) {
        if (!L) {
            L = (Leaf *)calloc(1, sizeof(Leaf));
            if (!L) {
                Py_DECREF(leaf);
                PyErr_NoMemory();
                return NULL;
            }
            if (C->nleafs == C->capleafs) {
                int cap = C->capleafs ? C->capleafs * 2 : 8;
                Leaf **nl = (Leaf **)realloc(C->leafs, sizeof(Leaf *) * (size_t)cap);
                if (!nl) {
                    free(L);
                    Py_DECREF(leaf);
                    PyErr_NoMemory();
                    return NULL;
                }
                C->leafs = nl;
                C->capleafs = cap;
            }
            C->leafs[C->nleafs++] = L;
            *slot = L;
        }
        Py_XSETREF(L->leaf, leaf);
    } else
        Py_DECREF(leaf);
    if (!leaf_load(L)) return NULL;
    return L;
}

/* _Spark.add */
static void spark_add(CtxObject *C, Leaf *L, double x, int has_t, double t) {
    if (L->nspark && L->spark[L->nspark - 1].c < (double)L->spark_per) {
        L->spark[L->nspark - 1].c += 1;
        L->spark[L->nspark - 1].s += x;
        return;
    }
    Bucket *b = &L->spark[L->nspark++];
    b->c = 1.0;
    b->s = x;
    b->t = has_t ? t : Py_NAN;
    if (L->nspark >= 2 * C->spark_width) {
        int n = L->nspark, m = 0;
        for (int i = 0; i + 1 < n; i += 2) {
            Bucket p = L->spark[i], q = L->spark[i + 1];
            L->spark[m].c = p.c + q.c;
            L->spark[m].s = p.s + q.s;
            L->spark[m].t = p.t;
            m++;
        }
        if (n % 2) L->spark[m++] = L->spark[n - 1];
        L->nspark = m;
        L->spark_per *= 2;
    }
}

static int close_run(CtxObject *C, Leaf *L) {
    if (L->run_recs < C->min_run) return 1; /* _close_run returns at once (final=False) */
    /* _close_run reads and writes the accumulator: hand it the current state */
    long long sc = L->stretch_count;
    PyObject *run = run_list(L);
    if (!run) return 0;
    if (!set_ll(L->leaf, "stretch_count", sc)) {
        Py_DECREF(run);
        return 0;
    }
    PyObject *res = PyObject_CallMethodObjArgs(L->leaf, C->close_run, run, Py_False, NULL);
    Py_DECREF(run);
    if (!res) return 0;
    Py_DECREF(res);
    return get_ll(L->leaf, "stretch_count", &L->stretch_count);
}

typedef struct {
    int has_ts;
    double ts;
    Txt *time_text; /* NULL: None */
    PyObject *clock;
    PyObject *version;
    int has_length;
    double length;
    int has_rate;
    double rate;
    int has_accepted, has_drafted;
    long long accepted, drafted;
    const double *pp;
    Py_ssize_t npp;
    int graph; /* -1 None */
    int has_tp;
    double throughput;
    PyObject *note1, *note2;
    PyObject *notes; /* a tuple of more notes, or NULL */
} Rec;

/* SeriesAccumulator.add for one record */
static int leaf_add(CtxObject *C, Leaf *L, const Rec *r, long long line_no) {
    L->n++;
    L->pend_kind++;
    double w = r->has_drafted && r->drafted ? (double)r->drafted : 0.0;
    L->last_weight = w != 0.0 ? w : 1.0;
    double length = r->length;
    if (r->has_ts) {
        double ts = r->ts;
        if (!L->has_first || ts < L->first_ts) {
            if (!L->has_first) {
                Py_INCREF(r->clock);
                Py_XSETREF(L->clock, r->clock);
            }
            L->has_first = 1;
            L->first_ts = ts;
            if (r->time_text)
                txt_copy(&L->first_text, r->time_text);
            else
                txt_clear(&L->first_text);
        }
        if (!L->has_last || ts >= L->last_ts) {
            L->has_last = 1;
            L->last_ts = ts;
            if (r->time_text)
                txt_copy(&L->last_text, r->time_text);
            else
                txt_clear(&L->last_text);
        }
    } else if (r->time_text) {
        if (!L->first_text.set) txt_copy(&L->first_text, r->time_text);
        txt_copy(&L->last_text, r->time_text);
    }
    if (r->has_length) {
        if (!hist_add(&L->length, length, w)) return 0;
        spark_add(C, L, length, r->has_ts, r->ts);
        if (length <= C->collapsed_max) {
            L->collapsed++;
            if (!L->run_active) {
                L->run_active = 1;
                L->run_recs = 1;
                L->run_first_line = line_no;
                L->run_sum = length;
                L->run_last_line = line_no;
                if (r->time_text) {
                    txt_copy(&L->run_first_time, r->time_text);
                    txt_copy(&L->run_last_time, r->time_text);
                } else {
                    txt_clear(&L->run_first_time);
                    txt_clear(&L->run_last_time);
                }
            } else {
                L->run_recs++;
                L->run_sum = L->run_sum + length;
                L->run_last_line = line_no;
                if (r->time_text)
                    txt_copy(&L->run_last_time, r->time_text);
                else
                    txt_clear(&L->run_last_time);
            }
        } else if (L->run_active) {
            if (!close_run(C, L)) return 0;
            L->run_active = 0;
            txt_clear(&L->run_first_time);
            txt_clear(&L->run_last_time);
        }
    }
    if (r->has_rate && !hist_add(&L->rate, r->rate, w)) return 0;
    if (r->has_accepted && r->has_drafted && r->drafted) {
        L->acc_sum += r->accepted;
        L->drafted_sum += r->drafted;
        L->counted++;
    }
    if (r->has_tp && !hist_add(&L->tp, r->throughput, 0.0)) return 0;
    if (r->graph == 1)
        L->graph_true++;
    else if (r->graph == 0)
        L->graph_false++;
    if (r->npp) {
        double pw = w != 0.0 ? w : 1.0;
        Py_ssize_t k = r->npp;
        if (!pos_add(&L->positions_p, k)) {
            PyErr_NoMemory();
            return 0;
        }
        if (k > L->cappp) {
            double *a = (double *)realloc(L->pp_sum, sizeof(double) * (size_t)k);
            if (a) L->pp_sum = a;
            double *b = (double *)realloc(L->pp_w, sizeof(double) * (size_t)k);
            if (b) L->pp_w = b;
            if (!a || !b) {
                PyErr_NoMemory();
                return 0;
            }
            L->cappp = k;
        }
        while (L->npp < k) {
            L->pp_sum[L->npp] = 0.0;
            L->pp_w[L->npp] = 0.0;
            L->npp++;
        }
        for (Py_ssize_t i = 0; i < k; i++) {
            L->pp_sum[i] += r->pp[i] * pw;
            L->pp_w[i] += pw;
        }
    }
    if (r->version && !pend_add(&L->versions, r->version, 1)) return 0;
    if (r->note1 && !pend_add(&L->notes, r->note1, 1)) return 0;
    if (r->note2 && !pend_add(&L->notes, r->note2, 1)) return 0;
    if (r->notes)
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(r->notes); i++)
            if (!pend_add(&L->notes, PyTuple_GET_ITEM(r->notes, i), 1)) return 0;
    return 1;
}


/* ---- SGLang ------------------------------------------------------------------------------ */

static const double POW10[7] = {1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0};

static inline int int2(const char *p) { return (p[0] - '0') * 10 + (p[1] - '0'); }

/* days since 1970-01-01 of a valid date; 0 if invalid (datetime.date rules) */
static int civil_days(long y, long m, long d, double *out) {
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return 0;
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    int md = mdays[m - 1] + (m == 2 && leap);
    if (d > md) return 0;
    long yy = y - (m <= 2);
    long era = (yy >= 0 ? yy : yy - 399) / 400;
    long yoe = yy - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    long days = era * 146097 + doe - 719468;
    *out = (double)days * 86400.0;
    return 1;
}

/* civil_days, remembering the last date (consecutive lines mostly share it) */
static inline int days_of(CtxObject *C, long y, long m, long d, double *out) {
    if (C->cd_ok && y == C->cd_y && m == C->cd_m && d == C->cd_d) {
        *out = C->cd_out;
        return 1;
    }
    if (!civil_days(y, m, d, out)) return 0;
    C->cd_y = y;
    C->cd_m = m;
    C->cd_d = d;
    C->cd_out = *out;
    C->cd_ok = 1;
    return 1;
}

static Rank *get_rank(CtxObject *C, const char *s, Py_ssize_t n) {
    for (int i = 0; i < C->nranks; i++) {
        Rank *r = &C->ranks[i];
        if (PyUnicode_GET_LENGTH(r->rank) == n &&
            memcmp(PyUnicode_DATA(r->rank), s, (size_t)n) == 0)
            return r;
    }
    if (C->nranks == C->capranks) {
        int cap = C->capranks ? C->capranks * 2 : 8;
        Rank *nr = (Rank *)realloc(C->ranks, sizeof(Rank) * (size_t)cap);
        if (!nr) {
            PyErr_NoMemory();
            return NULL;
        }
        C->ranks = nr;
        C->capranks = cap;
    }
    PyObject *rank = PyUnicode_DecodeASCII(s, n, NULL);
    if (!rank) return NULL;
    Rank *r = &C->ranks[C->nranks];
    memset(r, 0, sizeof(*r));
    r->agg_total = -1;
    r->rank = rank;
    C->nranks++;
    return r;
}

/* the rank's SGLangRateInference, created as LineParser._sglang_rate does */
static int rank_inf(CtxObject *C, Rank *r) {
    if (r->inf) return 1;
    PyObject *d = PyObject_GetAttrString(C->parser, "sglang_inference");
    if (!d) return 0;
    PyObject *inf = PyDict_GetItemWithError(d, r->rank);
    if (inf)
        Py_INCREF(inf);
    else if (!PyErr_Occurred()) {
        PyObject *forced = PyObject_GetAttrString(C->parser, "_sgl_forced");
        if (forced) {
            inf = PyObject_CallOneArg(C->inf_type, forced);
            Py_DECREF(forced);
        }
        if (inf && PyDict_SetItem(d, r->rank, inf) < 0) Py_CLEAR(inf);
    }
    Py_DECREF(d);
    if (!inf) return 0;
    r->inf = inf;
    r->forced = PyObject_GetAttrString(inf, "forced_formula");
    if (!r->forced) return 0;
    r->counts = PyObject_GetAttrString(inf, "counts");
    return r->counts != NULL;
}

static AnaEntry *analysis(CtxObject *C, const char *lt, Py_ssize_t ln, const char *rt, Py_ssize_t rn) {
    char key[40];
    if (ln + rn + 1 > (Py_ssize_t)sizeof(key)) return NULL;
    memcpy(key, lt, (size_t)ln);
    key[ln] = '|';
    memcpy(key + ln + 1, rt, (size_t)rn);
    int klen = (int)(ln + rn + 1);
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < klen; i++) h = (h ^ (unsigned char)key[i]) * 1099511628211ULL;
    uint32_t h32 = (uint32_t)(h >> 32);
    AnaEntry *set = &C->cache[(h & (CACHE_SIZE / 2 - 1)) * 2];
    for (int w = 0; w < 2; w++) {
        AnaEntry *e = &set[w];
        if (e->cands && e->hash == h32 && e->klen == klen && memcmp(e->key, key, (size_t)klen) == 0) {
            if (w == 1) { /* the most recent first */
                AnaEntry t = set[0];
                set[0] = set[1];
                set[1] = t;
            }
            return &set[0];
        }
    }
    PyObject *res = PyObject_CallFunction(C->analysis, "s#s#", lt, ln, rt, rn);
    if (!res) return NULL;
    if (!PyTuple_Check(res) || PyTuple_GET_SIZE(res) != 3 || !PyDict_Check(PyTuple_GET_ITEM(res, 2))) {
        Py_DECREF(res);
        PyErr_SetString(PyExc_TypeError, "sglang_line_analysis: unexpected result");
        return NULL;
    }
    AnaEntry *e = &set[1]; /* the older one goes */
    Py_CLEAR(e->cands);
    Py_CLEAR(e->only);
    Py_CLEAR(e->ndts);
    e->ki = NULL;
    e->cands = PyTuple_GET_ITEM(res, 0);
    e->only = PyTuple_GET_ITEM(res, 1);
    e->ndts = PyTuple_GET_ITEM(res, 2);
    Py_INCREF(e->cands);
    Py_INCREF(e->only);
    Py_INCREF(e->ndts);
    Py_DECREF(res);
    for (int f = 0; f < 2; f++) {
        PyObject *t = PyDict_GetItemWithError(e->ndts, f ? C->s_old : C->s_new);
        if (!t && PyErr_Occurred()) return NULL;
        e->nd[f] = t;
        e->nd1[f] = -1;
        if (t && PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 1) {
            long v = PyLong_AsLong(PyTuple_GET_ITEM(t, 0));
            if (v == -1 && PyErr_Occurred()) return NULL;
            e->nd1[f] = v;
        }
    }
    e->hash = h32;
    e->empty = PyObject_Length(e->cands) == 0;
    memcpy(e->key, key, (size_t)klen);
    e->klen = klen;
    AnaEntry t = set[0];
    set[0] = set[1];
    set[1] = t;
    return &set[0];
}

/* one candidate set, parsed: formulas present (bit 0 NEW, bit 1 OLD) and its pairs */
typedef struct {
    int fmask;
    int npairs;
    unsigned char f[2 * MAX_N];
    unsigned char n[2 * MAX_N];
} KeyInfo;

#define KI_UNKNOWN ((void *)-1)

static void keyinfo_free(PyObject *cap) { free(PyCapsule_GetPointer(cap, NULL)); }

static KeyInfo *key_info(CtxObject *C, PyObject *cands) {
    PyObject *cap = PyDict_GetItemWithError(C->keyinfo, cands);
    if (cap) return (KeyInfo *)PyCapsule_GetPointer(cap, NULL);
    if (PyErr_Occurred()) return NULL;
    KeyInfo *k = (KeyInfo *)calloc(1, sizeof(KeyInfo));
    if (!k) {
        PyErr_NoMemory();
        return NULL;
    }
    PyObject *it = PyObject_GetIter(cands), *c;
    int bad = it == NULL;
    while (!bad && (c = PyIter_Next(it)) != NULL) {
        if (!PyTuple_Check(c) || PyTuple_GET_SIZE(c) != 2 || k->npairs >= 2 * MAX_N) {
            bad = 1;
        } else {
            PyObject *f = PyTuple_GET_ITEM(c, 0);
            long n = PyLong_AsLong(PyTuple_GET_ITEM(c, 1));
            int code = eq_str(f, C->s_new) ? 0 : eq_str(f, C->s_old) ? 1 : -1;
            if (code < 0 || n < 0 || n >= MAX_N || PyErr_Occurred())
                bad = 1;
            else {
                k->fmask |= 1 << code;
                k->f[k->npairs] = (unsigned char)code;
                k->n[k->npairs] = (unsigned char)n;
                k->npairs++;
            }
        }
        Py_DECREF(c);
    }
    Py_XDECREF(it);
    PyErr_Clear();
    if (bad) {
        free(k);
        return (KeyInfo *)KI_UNKNOWN; /* not understood: let Python compute */
    }
    cap = PyCapsule_New(k, NULL, keyinfo_free);
    if (!cap || PyDict_SetItem(C->keyinfo, cands, cap) < 0) {
        Py_XDECREF(cap);
        if (!cap) free(k);
        return NULL;
    }
    Py_DECREF(cap);
    return k;
}

/* SGLangRateInference._compute, the same result; NULL with no error set: not handled here */
/* the inference's state, read (live = 1): _best, _dirty, total and the sums of counts */
static int rank_live(CtxObject *C, Rank *r) {
    if (r->live) return 1;
    rank_forget(r);
    PyObject *b = PyObject_GetAttrString(r->inf, "_best");
    if (!b) return 0;
    if (b != Py_None) {
        r->best_formula = PyObject_GetAttrString(b, "formula");
        r->best_ndt = r->best_formula ? PyObject_GetAttrString(b, "num_draft_tokens") : NULL;
        if (!r->best_ndt) {
            Py_DECREF(b);
            rank_forget(r);
            return 0;
        }
        r->best = b;
    } else
        Py_DECREF(b);
    if (!get_ll(r->inf, "_dirty", &r->dirty) || !get_ll(r->inf, "total", &r->total)) {
        rank_forget(r);
        return 0;
    }
    if (r->agg_ok && r->agg_total == r->total) { /* no add since the last write-back */
        r->live = 1;
        return 1;
    }
    memset(r->fs, 0, sizeof(r->fs));
    memset(r->ps, 0, sizeof(r->ps));
    r->agg_ok = 1;
    Py_ssize_t pos = 0;
    PyObject *key, *val;
    while (PyDict_Next(r->counts, &pos, &key, &val)) {
        long long n = PyLong_AsLongLong(val);
        if (n == -1 && PyErr_Occurred()) {
            rank_forget(r);
            return 0;
        }
        KeyInfo *k = key_info(C, key);
        if (!k) {
            rank_forget(r);
            return 0;
        }
        if (k == KI_UNKNOWN) {
            r->agg_ok = 0;
            break;
        }
        for (int f = 0; f < 2; f++)
            if (k->fmask & (1 << f)) r->fs[f] += n;
        for (int i = 0; i < k->npairs; i++) r->ps[k->f[i]][k->n[i]] += n;
    }
    r->live = 1;
    return 1;
}

/* SGLangRateInference.add(cands) for the set of e, kept pending: its state transition now */
static int rank_tally(CtxObject *C, Rank *r, AnaEntry *e) {
    PyObject *cands = e->cands;
    if (!rank_live(C, r)) return 0;
    int is_new = 0;
    if (pend_find(&r->pend, cands) < 0) {
        int in = PyDict_Contains(r->counts, cands);
        if (in < 0) return 0;
        if (!in) { /* not in counts: new unless an equal set is pending */
            is_new = 1;
            for (int i = 0; i < r->pend.n && is_new; i++) {
                int eq = PyObject_RichCompareBool(r->pend.v[i].key, cands, Py_EQ);
                if (eq < 0) return 0;
                if (eq) is_new = 0;
            }
        }
    }
    r->total++;
    if (is_new || !r->best)
        rank_forget(r);
    else if (++r->dirty >= INF_REFRESH)
        rank_forget(r);
    if (r->agg_ok) {
        if (!e->ki) {
            e->ki = key_info(C, cands);
            if (!e->ki) return 0;
        }
        if (e->ki == KI_UNKNOWN)
            r->agg_ok = 0;
        else {
            KeyInfo *k = (KeyInfo *)e->ki;
            for (int f = 0; f < 2; f++)
                if (k->fmask & (1 << f)) r->fs[f]++;
            for (int i = 0; i < k->npairs; i++) r->ps[k->f[i]][k->n[i]]++;
        }
    }
    if (!pend_add(&r->pend, cands, 1)) {
        PyErr_NoMemory();
        return 0;
    }
    r->pend_n++;
    return 1;
}

/* SGLangRateInference._compute on the sums rank_live / rank_tally keep, the same result; NULL
 * with no error set: not handled here */
static PyObject *compute_best(CtxObject *C, Rank *r) {
    if (!r->agg_ok) return NULL;
    long long *fs = r->fs;
    long long(*ps)[MAX_N] = r->ps;
    long long total = r->total;
    int formula; /* 0 NEW, 1 OLD, -1 None */
    int ambiguous = 0;
    PyObject *notes = PyList_New(0);
    if (!notes) return NULL;
    PyObject *res = NULL;
    if (r->forced != Py_None) {
        formula = eq_str(r->forced, C->s_new) ? 0 : eq_str(r->forced, C->s_old) ? 1 : -2;
        if (formula == -2) goto done; /* unknown forced formula: Python */
    } else if (fs[0] == 0 && fs[1] == 0)
        formula = -1;
    else if (fs[0] == fs[1]) {
        formula = 0;
        ambiguous = 1;
        if (PyList_Append(notes, C->t_both) < 0) goto done;
    } else
        formula = fs[0] > fs[1] ? 0 : 1;
    if (formula < 0) {
        PyObject *nt = PyTuple_Pack(1, C->t_none);
        if (nt) res = PyObject_CallFunction(C->ri_type, "OOiLOO", Py_None, Py_None, 0, total, Py_False, nt);
        Py_XDECREF(nt);
        goto done;
    }
    long long top = 0;
    int count_top = 0, first_n = -1;
    for (int n = 0; n < MAX_N; n++)
        if (ps[formula][n] > top) top = ps[formula][n];
    long long consistent = fs[formula];
    PyObject *ndt = Py_None;
    Py_INCREF(ndt);
    if (top > 0) {
        for (int n = 0; n < MAX_N; n++)
            if (ps[formula][n] == top) {
                if (first_n < 0) first_n = n;
                count_top++;
            }
        if (count_top == 1) {
            Py_DECREF(ndt);
            ndt = PyLong_FromLong(first_n);
            consistent = top;
        } else {
            /* "num_draft_tokens not determined: " + ", ".join(best_n[:8]) + (" ..." if > 8) + ... */
            char buf[512];
            int len = 0, shown = 0;
            for (int n = 0; n < MAX_N && shown < 8; n++)
                if (ps[formula][n] == top) {
                    len += snprintf(buf + len, sizeof(buf) - (size_t)len, shown ? ", %d" : "%d", n);
                    shown++;
                }
            PyObject *mid = PyUnicode_FromStringAndSize(buf, len);
            PyObject *note = mid ? PyUnicode_Concat(C->t_nd_pre, mid) : NULL;
            Py_XDECREF(mid);
            if (note && count_top > 8) Py_XSETREF(note, PyUnicode_Concat(note, C->t_nd_more));
            if (note) Py_XSETREF(note, PyUnicode_Concat(note, C->t_nd_post));
            if (!note || PyList_Append(notes, note) < 0) {
                Py_XDECREF(note);
                Py_DECREF(ndt);
                goto done;
            }
            Py_DECREF(note);
        }
    }
    if (!ndt) goto done;
    PyObject *nt = PyList_AsTuple(notes);
    if (nt)
        res = PyObject_CallFunction(C->ri_type, "OOLLOO", formula == 0 ? C->s_new : C->s_old, ndt,
                                    consistent, total, ambiguous ? Py_True : Py_False, nt);
    Py_XDECREF(nt);
    Py_DECREF(ndt);
done:
    Py_DECREF(notes);
    return res;
}

/* inf.best() -> (formula, num_draft_tokens): the cached one while the pending tallies would
 * leave it cached (SGLangRateInference.add: no new key, fewer than `refresh` adds), else the
 * tallies are added and best() recomputes it, as at the same line of the Python path */
static int best_of(CtxObject *C, Rank *r, PyObject **formula, PyObject **ndt) {
    if (!rank_live(C, r)) return 0;
    if (!r->best && C->use_compute) {
        /* SGLangRateInference.best(): _compute() when _best is None, then _dirty = 0 */
        PyObject *b = compute_best(C, r);
        if (!b && PyErr_Occurred()) return 0;
        if (b) {
            r->best_formula = PyObject_GetAttrString(b, "formula");
            r->best_ndt = r->best_formula ? PyObject_GetAttrString(b, "num_draft_tokens") : NULL;
            r->best = b;
            if (!r->best_ndt) {
                rank_forget(r);
                return 0;
            }
            r->dirty = 0;
        }
    }
    if (r->best) {
        Py_INCREF(r->best_formula);
        Py_INCREF(r->best_ndt);
        *formula = r->best_formula;
        *ndt = r->best_ndt;
        return 1;
    }
    /* not computed here: the state written back, and Python's best() */
    if (!flush_inf(r)) return 0;
    PyObject *b = PyObject_CallMethod(r->inf, "best", NULL);
    if (!b) return 0;
    *formula = PyObject_GetAttrString(b, "formula");
    *ndt = *formula ? PyObject_GetAttrString(b, "num_draft_tokens") : NULL;
    Py_DECREF(b);
    if (!*ndt) {
        Py_CLEAR(*formula);
        return 0;
    }
    return 1;
}

static int eq_str(PyObject *a, PyObject *b) {
    if (a == b) return 1;
    if (!PyUnicode_Check(a) || !PyUnicode_Check(b)) return 0;
    return PyUnicode_Compare(a, b) == 0;
}

static int do_sgl(CtxObject *C, BlockObject *blk, Item *it, long long line_no) {
    const char *base = PyBytes_AS_STRING(blk->data);
    Rank *r = get_rank(C, base + it->rank, it->rank_len);
    if (!r || !rank_inf(C, r)) return 0;
    /* timestamp */
    const char *d = base + it->date;
    Rec rec;
    memset(&rec, 0, sizeof(rec));
    Txt tt;
    memset(&tt, 0, sizeof(tt));
    long y = (d[0] - '0') * 1000 + (d[1] - '0') * 100 + (d[2] - '0') * 10 + (d[3] - '0');
    double day;
    int h = int2(d + 11), mi = int2(d + 14), sec = int2(d + 17);
    if (days_of(C, y, int2(d + 5), int2(d + 8), &day) && h <= 23 && mi <= 59 && sec <= 60) {
        double sod = h * 3600.0 + mi * 60.0 + sec;
        double fr = 0.0;
        if (it->frac_len) {
            long fv = 0;
            for (int i = 0; i < it->frac_len; i++) fv = fv * 10 + (base[it->frac + i] - '0');
            fr = (double)fv / POW10[it->frac_len];
        }
        rec.has_ts = 1;
        rec.ts = day + sod + fr;
        rec.clock = C->s_clock_abs;
        if (!(rec.ts >= -C->max_ts && rec.ts <= C->max_ts)) return 2; /* the range guard: Python */
    }
    memcpy(tt.s, d, 10);
    tt.s[10] = ' ';
    memcpy(tt.s + 11, d + 11, 8);
    tt.len = 19;
    if (it->frac_len) {
        tt.s[19] = '.';
        memcpy(tt.s + 20, base + it->frac, (size_t)it->frac_len);
        tt.len = 20 + (int)it->frac_len;
    }
    tt.set = 1;
    rec.time_text = &tt;
    /* _sglang_rate */
    AnaEntry *e = analysis(C, base + it->len_t, it->len_len, base + it->rate_t, it->rate_len);
    if (!e) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "texts too long");
        return 0;
    }
    PyObject *forced = r->forced;
    if (!rank_tally(C, r, e)) return 0;
    PyObject *formula = NULL; /* borrowed or owned below */
    PyObject *own_formula = NULL;
    PyObject *note = NULL;
    if (forced != Py_None) {
        formula = forced;
        int in = PyDict_Contains(e->ndts, forced);
        if (in < 0) return 0;
        if (!in) {
            note = C->n_nofit;
            formula = NULL;
        }
    } else if (e->only != Py_None) {
        formula = e->only;
    } else if (e->empty) {
        formula = NULL;
        note = C->n_nofit;
    } else {
        PyObject *bf, *bn;
        if (!best_of(C, r, &bf, &bn)) return 0;
        Py_DECREF(bn);
        own_formula = bf;
        formula = bf == Py_None ? NULL : bf;
        note = C->n_ambig;
    }
    long ndt = -1;
    PyObject *ndts;
    int fc = !formula ? -1 : formula == C->s_new ? 0 : formula == C->s_old ? 1 : -2;
    if (fc >= 0) { /* looked up once per analysis */
        ndts = e->nd[fc];
        ndt = e->nd1[fc];
    } else {
        ndts = formula ? PyDict_GetItemWithError(e->ndts, formula) : NULL;
        if (!ndts && PyErr_Occurred()) goto fail;
        Py_ssize_t nn = ndts ? PyTuple_Size(ndts) : 0;
        if (nn == 1) ndt = PyLong_AsLong(PyTuple_GET_ITEM(ndts, 0));
    }
    if (ndt == -1 && formula && !eq_str(formula, C->s_new)) {
        PyObject *bf, *bn;
        if (!best_of(C, r, &bf, &bn)) goto fail;
        if (eq_str(bf, formula) && bn != Py_None && ndts) {
            int in = PySequence_Contains(ndts, bn);
            if (in < 0) {
                Py_DECREF(bf);
                Py_DECREF(bn);
                goto fail;
            }
            if (in) ndt = PyLong_AsLong(bn);
        }
        Py_DECREF(bf);
        Py_DECREF(bn);
    }
    /* normalised_sglang_rate */
    if (formula && eq_str(formula, C->s_new)) {
        rec.has_rate = 1;
        rec.rate = it->raw_rate;
    } else if (formula && eq_str(formula, C->s_old) && ndt > 1) {
        double x = (it->length - 1.0) / (double)(ndt - 1);
        rec.has_rate = 1;
        rec.rate = x > 0.0 ? x : 0.0;
    }
    if (C->v_sgl_vt != Py_None)
        rec.version = C->v_sgl_vt;
    else if (formula && eq_str(formula, C->s_new))
        rec.version = C->v_0511;
    else if (formula && eq_str(formula, C->s_old))
        rec.version = C->v_0510;
    else
        rec.version = C->v_newish;
    rec.note1 = note;
    rec.has_length = 1;
    rec.length = it->length;
    rec.graph = it->graph;
    rec.has_tp = 1;
    rec.throughput = it->throughput;
    if (rec.has_rate && !(rec.rate >= 0.0 && rec.rate <= 1.0)) {
        /* the record fails the range guard after its tally, as in the Python path: skipped */
        PyObject *ln = PyLong_FromLongLong(line_no);
        PyObject *raw = ln ? PyBytes_FromStringAndSize(base + it->s, (Py_ssize_t)(it->e - it->s)) : NULL;
        PyObject *res = raw ? PyObject_CallFunctionObjArgs(C->skip_cb, ln, C->reason_rate, raw, NULL) : NULL;
        Py_XDECREF(ln);
        Py_XDECREF(raw);
        if (!res) goto fail;
        Py_DECREF(res);
        Py_XDECREF(own_formula);
        return 3;
    }
    Leaf *L = get_leaf(C, C->s_sglang, r->rank, &r->leaf);
    if (!L) goto fail;
    if (!leaf_add(C, L, &rec, line_no)) goto fail;
    Py_XDECREF(own_formula);
    return 1;
fail:
    Py_XDECREF(own_formula);
    return 0;
}

static int do_vllm(CtxObject *C, BlockObject *blk, Item *it, long long line_no) {
    const char *base = PyBytes_AS_STRING(blk->data);
    Rec rec;
    memset(&rec, 0, sizeof(rec));
    Txt tt;
    memset(&tt, 0, sizeof(tt));
    if (it->vtime >= 0) {
        const char *t = base + it->vtime;
        memcpy(tt.s, t, 14);
        tt.len = 14;
        tt.set = 1;
        rec.time_text = &tt;
        double day;
        int h = int2(t + 6), mi = int2(t + 9), sec = int2(t + 12);
        if (days_of(C, C->year, int2(t), int2(t + 3), &day) && !(h > 23 || mi > 59 || sec > 60)) {
            double sod = h * 3600.0 + mi * 60.0 + sec;
            double fr = 0.0;
            if (it->vfrac_len) {
                long fv = 0;
                for (int i = 0; i < it->vfrac_len; i++) fv = fv * 10 + (base[it->vfrac + i] - '0');
                fr = (double)fv / POW10[it->vfrac_len];
            }
            rec.has_ts = 1;
            rec.ts = day + sod + fr;
            rec.clock = C->s_clock_noyear;
            if (!(rec.ts >= -C->max_ts && rec.ts <= C->max_ts)) return 2;
        }
    }
    rec.version = C->v_vllm;
    rec.has_length = 1;
    rec.length = it->mean;
    rec.has_rate = 1;
    rec.rate = (double)it->accepted / (double)it->drafted;
    rec.has_accepted = rec.has_drafted = 1;
    rec.has_tp = 1;
    rec.accepted = it->accepted;
    rec.drafted = it->drafted;
    rec.pp = blk->pp + it->pp_off;
    rec.npp = it->pp_n;
    rec.graph = -1;
    rec.throughput = it->throughput;
    /* conditional_rates: a later position above an earlier one is clamped, with a note */
    double prev = 1.0;
    for (Py_ssize_t i = 0; i < rec.npp; i++) {
        double v = rec.pp[i];
        if (v > prev) {
            rec.note1 = C->n_clamp;
            v = prev;
        }
        prev = v;
    }
    static PyObject *empty = NULL;
    if (!empty && !(empty = PyUnicode_FromString(""))) return 0;
    Leaf *L = get_leaf(C, C->s_vllm, empty, &C->vleaf);
    if (!L) return 0;
    return leaf_add(C, L, &rec, line_no);
}

/* ---- Ctx type ---------------------------------------------------------------------------- */

static void Ctx_clear_state(CtxObject *C) {
    for (int i = 0; i < C->nranks; i++) {
        Rank *r = &C->ranks[i];
        pend_clear(&r->pend);
        free(r->pend.v);
        free(r->pend.slot);
        Py_XDECREF(r->rank);
        Py_XDECREF(r->inf);
        Py_XDECREF(r->forced);
        Py_XDECREF(r->counts);
        Py_XDECREF(r->best);
        Py_XDECREF(r->best_formula);
        Py_XDECREF(r->best_ndt);
    }
    free(C->ranks);
    C->ranks = NULL;
    C->nranks = C->capranks = 0;
    for (int i = 0; i < C->nleafs; i++) {
        Leaf *L = C->leafs[i];
        Py_XDECREF(L->leaf);
        Py_XDECREF(L->length.obj);
        Py_XDECREF(L->rate.obj);
        Py_XDECREF(L->tp.obj);
        bin_free(&L->length.bins);
        bin_free(&L->rate.bins);
        bin_free(&L->tp.bins);
        Py_XDECREF(L->kinds);
        Py_XDECREF(L->positions);
        Py_XDECREF(L->versions_d);
        Py_XDECREF(L->notes_d);
        Py_XDECREF(L->clock);
        txt_clear(&L->first_text);
        txt_clear(&L->last_text);
        txt_clear(&L->run_first_time);
        txt_clear(&L->run_last_time);
        free(L->positions_p.k);
        free(L->positions_p.n);
        pend_clear(&L->versions);
        pend_clear(&L->notes);
        free(L->versions.v);
        free(L->notes.v);
        free(L->versions.slot);
        free(L->notes.slot);
        free(L->pp_sum);
        free(L->pp_w);
        free(L);
    }
    free(C->leafs);
    C->leafs = NULL;
    C->nleafs = C->capleafs = 0;
    C->vleaf = NULL;
    if (C->cache) {
        for (int i = 0; i < CACHE_SIZE; i++) {
            Py_XDECREF(C->cache[i].cands);
            Py_XDECREF(C->cache[i].only);
            Py_XDECREF(C->cache[i].ndts);
        }
        free(C->cache);
        C->cache = NULL;
    }
}

static void Ctx_dealloc(CtxObject *C) {
    Ctx_clear_state(C);
    Py_XDECREF(C->analyzer);
    Py_XDECREF(C->parser);
    Py_XDECREF(C->source);
    Py_XDECREF(C->leaves);
    Py_XDECREF(C->last_main);
    Py_XDECREF(C->callback);
    Py_XDECREF(C->acc_type);
    Py_XDECREF(C->inf_type);
    Py_XDECREF(C->analysis);
    Py_XDECREF(C->close_run);
    Py_XDECREF(C->keyinfo);
    Py_XDECREF(C->pending_names);
    Py_XDECREF(C->skip_cb);
    Py_XDECREF(C->reason_rate);
    Py_XDECREF(C->ri_type);
    Py_XDECREF(C->t_both);
    Py_XDECREF(C->t_none);
    Py_XDECREF(C->t_nd_pre);
    Py_XDECREF(C->t_nd_more);
    Py_XDECREF(C->t_nd_post);
    PyObject **strs[] = {&C->s_sglang, &C->s_vllm, &C->s_main, &C->s_kind, &C->s_clock_abs,
                         &C->s_clock_noyear, &C->s_new, &C->s_old, &C->v_sgl_vt, &C->v_0511,
                         &C->v_0510, &C->v_newish, &C->v_vllm, &C->n_nofit, &C->n_ambig,
                         &C->n_clamp};
    for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) Py_XDECREF(*strs[i]);
    Py_TYPE(C)->tp_free((PyObject *)C);
}

/* Ctx(analyzer, parser, source, leaves, last_main, callback, acc_type, inf_type, analysis,
 *     consts: dict) */
static int Ctx_init(CtxObject *C, PyObject *args, PyObject *kw) {
    PyObject *consts;
    if (!PyArg_ParseTuple(args, "OOUO!O!OOOOO!", &C->analyzer, &C->parser, &C->source,
                          &PyDict_Type, &C->leaves, &PyDict_Type, &C->last_main, &C->callback,
                          &C->acc_type, &C->inf_type, &C->analysis, &PyDict_Type, &consts))
        return -1;
    PyObject **own[] = {&C->analyzer, &C->parser, &C->source, &C->leaves, &C->last_main,
                        &C->callback, &C->acc_type, &C->inf_type, &C->analysis};
    for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++) Py_INCREF(*own[i]);
    struct {
        const char *name;
        PyObject **slot;
    } names[] = {{"sglang", &C->s_sglang},
                 {"vllm", &C->s_vllm},
                 {"main", &C->s_main},
                 {"kind", &C->s_kind},
                 {"clock_absolute", &C->s_clock_abs},
                 {"clock_no_year", &C->s_clock_noyear},
                 {"new", &C->s_new},
                 {"old", &C->s_old},
                 {"sglang_version_text", &C->v_sgl_vt},
                 {"sglang_0511", &C->v_0511},
                 {"sglang_0510", &C->v_0510},
                 {"sglang_newish", &C->v_newish},
                 {"vllm_version", &C->v_vllm},
                 {"note_nofit", &C->n_nofit},
                 {"note_ambiguous", &C->n_ambig},
                 {"note_clamp", &C->n_clamp}};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        PyObject *v = PyDict_GetItemString(consts, names[i].name);
        if (!v) {
            PyErr_Format(PyExc_KeyError, "missing constant %s", names[i].name);
            return -1;
        }
        Py_INCREF(v);
        *names[i].slot = v;
    }
    PyObject *v;
    if (!(v = PyDict_GetItemString(consts, "collapsed_max"))) goto missing;
    C->collapsed_max = PyFloat_AsDouble(v);
    if (!(v = PyDict_GetItemString(consts, "min_run"))) goto missing;
    C->min_run = PyLong_AsLongLong(v);
    if (!(v = PyDict_GetItemString(consts, "spark_width"))) goto missing;
    C->spark_width = (int)PyLong_AsLong(v);
    if (!(v = PyDict_GetItemString(consts, "pending_attrs")) || !PyTuple_Check(v)) goto missing;
    Py_INCREF(v);
    C->pending_names = v;
    if (!(v = PyDict_GetItemString(consts, "skip"))) goto missing;
    Py_INCREF(v);
    C->skip_cb = v;
    if (!(v = PyDict_GetItemString(consts, "reason_rate"))) goto missing;
    Py_INCREF(v);
    C->reason_rate = v;
    if (!(v = PyDict_GetItemString(consts, "max_timestamp"))) goto missing;
    C->max_ts = PyFloat_AsDouble(v);
    if (!(v = PyDict_GetItemString(consts, "inference_refresh"))) goto missing;
    INF_REFRESH = PyLong_AsLongLong(v);
    if (!(v = PyDict_GetItemString(consts, "year"))) goto missing;
    C->year = PyLong_AsLong(v);
    if (PyErr_Occurred()) return -1;
    if (C->spark_width < 1 || 2 * C->spark_width >= SPARK_MAX) {
        PyErr_SetString(PyExc_ValueError, "spark width out of range");
        return -1;
    }
    C->keyinfo = PyDict_New();
    if (!C->keyinfo) return -1;
    v = PyDict_GetItemString(consts, "rate_inference");
    if (v && v != Py_None) {
        /* (RateInference, both-formulas note, no-formula note, ndt note prefix, " ...", suffix) */
        if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != 6) {
            PyErr_SetString(PyExc_TypeError, "rate_inference: a 6-tuple");
            return -1;
        }
        PyObject **slots[] = {&C->ri_type, &C->t_both, &C->t_none, &C->t_nd_pre, &C->t_nd_more, &C->t_nd_post};
        for (int i = 0; i < 6; i++) {
            *slots[i] = PyTuple_GET_ITEM(v, i);
            Py_INCREF(*slots[i]);
        }
        C->use_compute = 1;
    }
    C->close_run = PyUnicode_InternFromString("_close_run");
    C->cache = (AnaEntry *)calloc(CACHE_SIZE, sizeof(AnaEntry));
    if (!C->close_run || !C->cache) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
missing:
    PyErr_SetString(PyExc_KeyError, "missing numeric constant");
    return -1;
}

/* run(block, base_line) -> fast records added. Lines for Python go to callback(line, raw, prev)
 * (raw None: an overlong line; prev None, bytes, or the block's prev_tail argument). */
static PyObject *Ctx_run(CtxObject *C, PyObject *args) {
    BlockObject *b;
    long long base_line;
    PyObject *prev_tail;
    int keep = 0; /* 1: keep the running state in C after the block (sync() writes it back) */
    if (!PyArg_ParseTuple(args, "O!LO|p", &BlockType, &b, &base_line, &prev_tail, &keep))
        return NULL;
    const char *buf = PyBytes_AS_STRING(b->data);
    long long fast = 0;
    int dirty = 0;
    int idle = parser_idle(C);
    if (idle < 0) return NULL;
    for (Py_ssize_t i = 0; i < b->n; i++) {
        Item *it = &b->items[i];
        long long line_no = base_line + it->line;
        if ((i & 1023) == 1023) { /* let a scanning thread waiting for the GIL take it */
            Py_BEGIN_ALLOW_THREADS Py_END_ALLOW_THREADS
        }
        if ((it->type == IT_SGL || it->type == IT_VLLM) && idle) {
            int ok = it->type == IT_SGL ? do_sgl(C, b, it, line_no) : do_vllm(C, b, it, line_no);
            if (ok == 3) { /* skipped (counted by the Python callback) */
                dirty = 1;
                continue;
            }
            if (!ok) {
                PyObject *t, *v, *tb;
                PyErr_Fetch(&t, &v, &tb);
                sync_out(C);
                PyErr_Clear();
                PyErr_Restore(t, v, tb);
                return NULL;
            }
            if (ok == 1) {
                fast++;
                dirty = 1;
                continue;
            }
        }
        PyObject *ln = PyLong_FromLongLong(line_no);
        PyObject *raw = NULL, *prev = NULL;
        if (!ln) return NULL;
        if (it->type == IT_OVERLONG) {
            raw = Py_None;
            Py_INCREF(raw);
        } else
            raw = PyBytes_FromStringAndSize(buf + it->s, (Py_ssize_t)(it->e - it->s));
        if (it->ps == PREV_TAIL) {
            prev = prev_tail;
            Py_INCREF(prev);
        } else if (it->ps >= 0)
            prev = PyBytes_FromStringAndSize(buf + it->ps, (Py_ssize_t)(it->pe - it->ps));
        else {
            prev = Py_None;
            Py_INCREF(prev);
        }
        PyObject *res = raw && prev ? PyObject_CallFunctionObjArgs(C->callback, ln, raw, prev, NULL)
                                    : NULL;
        Py_DECREF(ln);
        Py_XDECREF(raw);
        Py_XDECREF(prev);
        if (!res) {
            /* an error or Ctrl-C in the Python part: keep what was read so far */
            PyObject *t, *v, *tb;
            PyErr_Fetch(&t, &v, &tb);
            sync_out(C);
            PyErr_Clear();
            PyErr_Restore(t, v, tb);
            return NULL;
        }
        Py_DECREF(res);
        idle = parser_idle(C);
        if (idle < 0) {
            PyObject *t, *v, *tb;
            PyErr_Fetch(&t, &v, &tb);
            sync_out(C);
            PyErr_Clear();
            PyErr_Restore(t, v, tb);
            return NULL;
        }
    }
    if (dirty && !keep && !sync_out(C)) return NULL;
    return PyLong_FromLongLong(fast);
}

/* sync(): write the running state held in C back to the Python objects */
static PyObject *Ctx_sync(CtxObject *C, PyObject *unused) {
    if (!sync_out(C)) return NULL;
    Py_RETURN_NONE;
}

/* flush_inference(): the pending inference tallies of every rank, before Python parses a line */
static PyObject *Ctx_flush_inference(CtxObject *C, PyObject *unused) {
    int ok = 1;
    for (int i = 0; i < C->nranks; i++)
        if (!flush_inf(&C->ranks[i])) ok = 0;
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

/* release(engine, rank): write back the state of the leaf a Python record is about to reach */
static PyObject *Ctx_release(CtxObject *C, PyObject *args) {
    PyObject *engine, *rank;
    if (!PyArg_ParseTuple(args, "OO", &engine, &rank)) return NULL;
    for (int i = 0; i < C->nleafs; i++) {
        Leaf *L = C->leafs[i];
        if (!L->loaded) continue;
        PyObject *le = PyObject_GetAttrString(L->leaf, "engine");
        PyObject *lr = le ? PyObject_GetAttrString(L->leaf, "rank") : NULL;
        int hit = lr && eq_str(le, engine) && eq_str(lr, rank);
        Py_XDECREF(le);
        Py_XDECREF(lr);
        if (PyErr_Occurred()) return NULL;
        if (hit && !leaf_store(C, L)) return NULL;
    }
    Py_RETURN_NONE;
}

static int opt_d(PyObject *o, int *has, double *out) {
    if (o == Py_None) {
        *has = 0;
        return 1;
    }
    if (!PyFloat_CheckExact(o)) return 0;
    *has = 1;
    *out = PyFloat_AS_DOUBLE(o);
    return 1;
}

static int opt_ll(PyObject *o, int *has, long long *out) {
    if (o == Py_None) {
        *has = 0;
        return 1;
    }
    if (!PyLong_CheckExact(o)) return 0;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred()) || v > (1LL << 52) || v < -(1LL << 52)) {
        PyErr_Clear();
        return 0;
    }
    *has = 1;
    *out = v;
    return 1;
}

static PyObject *attr_into(PyObject **slot, PyObject *o, const char *name) {
    PyObject *v = PyObject_GetAttrString(o, name);
    Py_XDECREF(*slot);
    *slot = v;
    return v;
}

/* take(rec) -> bool: a record of the Python path for a main series whose state the C part
 * holds right now: added to that state (as LogAnalyzer._record + SeriesAccumulator.add would)
 * and True; else that state is written back (release) and False: Python adds the record. */
static PyObject *Ctx_take(CtxObject *C, PyObject *rec) {
    PyObject *engine = NULL, *rank = NULL, *kind = NULL, *f = NULL;
    Leaf *L = NULL;
    int ok = 0;
    if (!(engine = PyObject_GetAttrString(rec, "engine")) ||
        !(rank = PyObject_GetAttrString(rec, "rank")) || !(kind = PyObject_GetAttrString(rec, "kind")))
        goto out;
    if (eq_str(kind, C->s_kind) && PyUnicode_Check(rank)) {
        if (eq_str(engine, C->s_vllm) && PyUnicode_GET_LENGTH(rank) == 0)
            L = C->vleaf;
        else if (eq_str(engine, C->s_sglang))
            for (int i = 0; i < C->nranks; i++)
                if (PyUnicode_Compare(C->ranks[i].rank, rank) == 0) {
                    L = C->ranks[i].leaf;
                    break;
                }
    }
    if (!L || !L->loaded) {
        /* not held: the Python path adds it (a held leaf of the same series is written back) */
        PyObject *r = PyTuple_Pack(2, engine, rank);
        PyObject *res = r ? Ctx_release(C, r) : NULL;
        Py_XDECREF(r);
        if (!res) goto fail;
        Py_DECREF(res);
        goto out;
    }
    Rec rr;
    memset(&rr, 0, sizeof(rr));
    Txt tt;
    memset(&tt, 0, sizeof(tt));
    int good = 1;
#define ATTR(name) attr_into(&f, rec, (name))
    if (!ATTR("timestamp")) goto fail;
    good = good && opt_d(f, &rr.has_ts, &rr.ts);
    if (!ATTR("clock")) goto fail;
    rr.clock = f;
    Py_INCREF(rr.clock);
    if (!ATTR("time_text")) goto fail2;
    if (f != Py_None) {
        if (!PyUnicode_Check(f)) good = 0;
        txt_load(&tt, f);
        rr.time_text = &tt;
    }
    if (!ATTR("version_guess")) goto fail2;
    if (f != Py_None) {
        rr.version = f;
        Py_INCREF(f);
    }
    if (!ATTR("accept_length")) goto fail2;
    good = good && opt_d(f, &rr.has_length, &rr.length);
    if (!ATTR("accept_rate")) goto fail2;
    good = good && opt_d(f, &rr.has_rate, &rr.rate);
    if (!ATTR("accepted_tokens")) goto fail2;
    good = good && opt_ll(f, &rr.has_accepted, &rr.accepted);
    if (!ATTR("drafted_tokens")) goto fail2;
    good = good && opt_ll(f, &rr.has_drafted, &rr.drafted);
    if (!ATTR("throughput")) goto fail2;
    good = good && opt_d(f, &rr.has_tp, &rr.throughput);
    if (!ATTR("cuda_graph")) goto fail2;
    rr.graph = f == Py_True ? 1 : f == Py_False ? 0 : -1;
    if (f != Py_None && f != Py_True && f != Py_False) good = 0;
    double ppbuf[64];
    if (!ATTR("per_position")) goto fail2;
    if (!PyTuple_Check(f) || PyTuple_GET_SIZE(f) > 64)
        good = 0;
    else {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(f); i++) {
            PyObject *x = PyTuple_GET_ITEM(f, i);
            if (!PyFloat_CheckExact(x)) {
                good = 0;
                break;
            }
            ppbuf[i] = PyFloat_AS_DOUBLE(x);
        }
        rr.pp = ppbuf;
        rr.npp = PyTuple_GET_SIZE(f);
    }
    PyObject *notes = ATTR("notes");
    if (!notes) goto fail2;
    if (!PyTuple_Check(notes)) good = 0;
    Py_INCREF(notes);
    rr.notes = notes;
    if (good && rr.has_ts && rr.clock == Py_None) good = 0;
    PyObject *line = ATTR("line_no");
    long long line_no = line ? PyLong_AsLongLong(line) : -1;
    if (!line || PyErr_Occurred()) {
        PyErr_Clear();
        good = 0;
    }
    if (good) {
        if (!leaf_add(C, L, &rr, line_no)) {
            Py_DECREF(notes);
            goto fail2;
        }
        ok = 1;
    } else {
        /* something unusual: write the state back and let Python add it */
        if (!leaf_store(C, L)) {
            Py_DECREF(notes);
            goto fail2;
        }
    }
    Py_DECREF(notes);
    Py_XDECREF(rr.clock);
    Py_XDECREF(rr.version);
    txt_clear(&tt);
    goto out;
fail2:
    Py_XDECREF(rr.clock);
    Py_XDECREF(rr.version);
    txt_clear(&tt);
fail:
    Py_XDECREF(engine);
    Py_XDECREF(rank);
    Py_XDECREF(kind);
    Py_XDECREF(f);
    return NULL;
out:
    Py_XDECREF(engine);
    Py_XDECREF(rank);
    Py_XDECREF(kind);
    Py_XDECREF(f);
    if (PyErr_Occurred()) return NULL;
    return PyBool_FromLong(ok);
#undef ATTR
}

/* flush_rank(rank): the pending inference tallies of one rank (the parser is about to read them) */
static PyObject *Ctx_flush_rank(CtxObject *C, PyObject *rank) {
    for (int i = 0; i < C->nranks; i++)
        if (PyUnicode_Check(rank) && PyUnicode_Compare(C->ranks[i].rank, rank) == 0) {
            if (!flush_inf(&C->ranks[i])) return NULL;
            break;
        }
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef Ctx_methods[] = {
    {"take", (PyCFunction)Ctx_take, METH_O, "add a Python-path record to a held series"},
    {"flush_rank", (PyCFunction)Ctx_flush_rank, METH_O, "flush one rank's tallies"},
    {"run", (PyCFunction)Ctx_run, METH_VARARGS, "consume one scanned block"},
    {"sync", (PyCFunction)Ctx_sync, METH_NOARGS, "write the state held in C back"},
    {"flush_inference", (PyCFunction)Ctx_flush_inference, METH_NOARGS, "flush tallies"},
    {"release", (PyCFunction)Ctx_release, METH_VARARGS, "write back one leaf"},
    {NULL}};

static PyTypeObject CtxType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "specdiag.core.logs._fastlogs.Ctx",
    .tp_basicsize = sizeof(CtxObject),
    .tp_dealloc = (destructor)Ctx_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Adds fast records of one source to its analyzer",
    .tp_methods = Ctx_methods,
    .tp_init = (initproc)Ctx_init,
    .tp_new = PyType_GenericNew,
};

static PyMethodDef fl_methods[] = {
    {"scan", fl_scan, METH_VARARGS, "scan(data, start, end, anchor, keywords, max_line, engine, fast)"},
    {"drop_blocks", fl_drop_blocks, METH_NOARGS, "free the unused blocks read_scan keeps"},
    {"counters", fl_counters, METH_NOARGS, "blocks read_scan allocated and reused"},
    {"read_scan", fl_read_scan, METH_VARARGS,
     "read_scan(fd, offset, size, after_block, anchor, keywords, max_line, engine, fast)"},
    {"configure", fl_configure, METH_VARARGS, "configure(cut_ends, special, follow, max_len, max_tp)"},
    {NULL}};

static struct PyModuleDef fl_module = {PyModuleDef_HEAD_INIT, "_fastlogs",
                                       "The compiled part of specdiag logs", -1, fl_methods,
                                       NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fastlogs(void) {
    if (PyType_Ready(&BlockType) < 0 || PyType_Ready(&CtxType) < 0) return NULL;
    PyObject *m = PyModule_Create(&fl_module);
    if (!m) return NULL;
    Py_INCREF(&BlockType);
    Py_INCREF(&CtxType);
    if (PyModule_AddObject(m, "Block", (PyObject *)&BlockType) < 0 ||
        PyModule_AddObject(m, "Ctx", (PyObject *)&CtxType) < 0 ||
        PyModule_AddIntConstant(m, "ABI", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
