/* The compiled scan of `specdiag inspect-dump`: one pass over a dump's hidden states.
 *
 * For a [n, c, h] view of floats (bfloat16, float16, float32 or float64, any element strides)
 * it returns, in one read of every element and without the GIL:
 *   - the number of NaN/Inf elements over all n tokens;
 *   - per chunk k, over the first `valid` tokens: the sum of the per-token RMS
 *     (sqrt(sum x^2 / h), NaN/Inf read as 0), the sum of its square, and max |x| over the
 *     finite elements.
 * These are exactly the quantities of the torch path in specdiag/core/hidden/inspect.py
 * (`_scan`), which stays as the fallback; tests/test_inspect_scan.py checks both against a
 * plain float64 computation.
 *
 * Non-finite elements are found from the bit pattern: with the sign bit cleared, a value is
 * NaN or Inf exactly when it is >= the bit pattern of +Inf, so the row's integer max of the
 * magnitude bits (needed for max |x| anyway) also says whether the row holds one. Only such
 * rows are read a second time, element by element. The sum of squares is accumulated in
 * float32 for 16- and 32-bit input (in 16 independent lanes, which the compiler vectorises);
 * a row whose float32 sum overflows, a float64 row and a strided row are summed in float64.
 *
 * For a memory-mapped, contiguous dump the caller may ask for each 2 MiB block to be mapped
 * with one madvise(MADV_POPULATE_READ) before it is read (instead of one page fault per few
 * pages), and dropped from the process's resident set with MADV_DONTNEED after it (the pages
 * stay in the page cache), so the resident set stays at a block however large the file.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_X86_KERNELS 1
#include <immintrin.h>
#endif

enum { DT_BF16 = 0, DT_F16 = 1, DT_F32 = 2, DT_F64 = 3 };
#define LANES 16

static inline float bits_to_f32(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline double bits_to_f64(uint64_t u) {
    double f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline float bf16_to_f32(uint16_t u) { return bits_to_f32((uint32_t)u << 16); }

/* finite float16 magnitude bits -> float32 (normal and subnormal values alike) */
static inline float f16mag_to_f32(uint16_t mag) {
    return bits_to_f32((uint32_t)mag << 13) * 0x1p112f;
}

/* ---- contiguous rows (element stride 1): the fast kernels ---------------------------- */

/* Sum of squares (float32 lanes) and max magnitude bits of one row of T, its magnitude bits
 * being u & MASK and their value MAG_TO_F32 of them (|x| squared is x squared, exactly). */
#define ROW_KERNEL(NAME, T, MASK, MAG_TO_F32)                                                  \
    static void NAME(const T *p, Py_ssize_t h, float *ss, T *mx) {                             \
        float acc[LANES] = {0};                                                                \
        T m[LANES] = {0};                                                                      \
        Py_ssize_t j = 0;                                                                      \
        for (; j + LANES <= h; j += LANES) {                                                   \
            for (int l = 0; l < LANES; l++) {                                                  \
                T a = (T)(p[j + l] & (MASK));                                                  \
                float f = MAG_TO_F32(a);                                                       \
                acc[l] += f * f;                                                               \
                m[l] = a > m[l] ? a : m[l];                                                    \
            }                                                                                  \
        }                                                                                      \
        for (; j < h; j++) {                                                                   \
            T a = (T)(p[j] & (MASK));                                                          \
            float f = MAG_TO_F32(a);                                                           \
            acc[0] += f * f;                                                                   \
            m[0] = a > m[0] ? a : m[0];                                                        \
        }                                                                                      \
        float s = 0.0f;                                                                        \
        T mm = 0;                                                                              \
        for (int l = 0; l < LANES; l++) {                                                      \
            s += acc[l];                                                                       \
            mm = m[l] > mm ? m[l] : mm;                                                        \
        }                                                                                      \
        *ss = s;                                                                               \
        *mx = mm;                                                                              \
    }

ROW_KERNEL(row_bf16, uint16_t, 0x7FFF, bf16_to_f32)
ROW_KERNEL(row_f16, uint16_t, 0x7FFF, f16mag_to_f32)
ROW_KERNEL(row_f32, uint32_t, 0x7FFFFFFFu, bits_to_f32)

/* ---- the same two row kernels with AVX-512 and AVX2 (chosen once, at import) ----------- */

typedef void (*row16_fn)(const uint16_t *, Py_ssize_t, float *, uint16_t *);
typedef void (*row32_fn)(const uint32_t *, Py_ssize_t, float *, uint32_t *);
static row16_fn g_row_bf16 = row_bf16;
static row32_fn g_row_f32 = row_f32;
static const char *g_kernels = "portable";

#ifdef HAVE_X86_KERNELS
__attribute__((target("avx512f,avx512bw"))) static void
row_bf16_avx512(const uint16_t *p, Py_ssize_t h, float *ss, uint16_t *mx) {
    __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps();
    __m512i m0 = _mm512_setzero_si512(), m1 = _mm512_setzero_si512();
    const __m512i mag = _mm512_set1_epi32(0x7FFF0000);
    Py_ssize_t j = 0;
    for (; j + 32 <= h; j += 32) {
        __m512i w0 = _mm512_slli_epi32(
            _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(p + j))), 16);
        __m512i w1 = _mm512_slli_epi32(
            _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(p + j + 16))), 16);
        __m512 f0 = _mm512_castsi512_ps(w0), f1 = _mm512_castsi512_ps(w1);
        a0 = _mm512_fmadd_ps(f0, f0, a0);
        a1 = _mm512_fmadd_ps(f1, f1, a1);
        m0 = _mm512_max_epu32(m0, _mm512_and_si512(w0, mag));
        m1 = _mm512_max_epu32(m1, _mm512_and_si512(w1, mag));
    }
    float s = _mm512_reduce_add_ps(_mm512_add_ps(a0, a1));
    uint32_t mm = _mm512_reduce_max_epu32(_mm512_max_epu32(m0, m1)) >> 16;
    for (; j < h; j++) {
        uint16_t u = p[j], a = u & 0x7FFF;
        float f = bf16_to_f32(u);
        s += f * f;
        mm = a > mm ? a : mm;
    }
    *ss = s;
    *mx = (uint16_t)mm;
}

__attribute__((target("avx512f"))) static void
row_f32_avx512(const uint32_t *p, Py_ssize_t h, float *ss, uint32_t *mx) {
    __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps();
    __m512i m0 = _mm512_setzero_si512(), m1 = _mm512_setzero_si512();
    const __m512i mag = _mm512_set1_epi32(0x7FFFFFFF);
    Py_ssize_t j = 0;
    for (; j + 32 <= h; j += 32) {
        __m512i w0 = _mm512_loadu_si512((const void *)(p + j));
        __m512i w1 = _mm512_loadu_si512((const void *)(p + j + 16));
        __m512 f0 = _mm512_castsi512_ps(w0), f1 = _mm512_castsi512_ps(w1);
        a0 = _mm512_fmadd_ps(f0, f0, a0);
        a1 = _mm512_fmadd_ps(f1, f1, a1);
        m0 = _mm512_max_epu32(m0, _mm512_and_si512(w0, mag));
        m1 = _mm512_max_epu32(m1, _mm512_and_si512(w1, mag));
    }
    float s = _mm512_reduce_add_ps(_mm512_add_ps(a0, a1));
    uint32_t mm = _mm512_reduce_max_epu32(_mm512_max_epu32(m0, m1));
    for (; j < h; j++) {
        uint32_t u = p[j], a = u & 0x7FFFFFFFu;
        float f = bits_to_f32(u);
        s += f * f;
        mm = a > mm ? a : mm;
    }
    *ss = s;
    *mx = mm;
}

__attribute__((target("avx2,fma"))) static float hsum256(__m256 v) {
    __m128 q = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    q = _mm_add_ps(q, _mm_movehl_ps(q, q));
    q = _mm_add_ss(q, _mm_shuffle_ps(q, q, 1));
    return _mm_cvtss_f32(q);
}

__attribute__((target("avx2,fma"))) static uint32_t hmax256(__m256i v) {
    uint32_t lanes[8], m = 0;
    _mm256_storeu_si256((__m256i *)lanes, v);
    for (int i = 0; i < 8; i++)
        m = lanes[i] > m ? lanes[i] : m;
    return m;
}

__attribute__((target("avx2,fma"))) static void
row_bf16_avx2(const uint16_t *p, Py_ssize_t h, float *ss, uint16_t *mx) {
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
    __m256i m0 = _mm256_setzero_si256(), m1 = _mm256_setzero_si256();
    const __m256i mag = _mm256_set1_epi32(0x7FFF0000);
    Py_ssize_t j = 0;
    for (; j + 16 <= h; j += 16) {
        __m256i w0 = _mm256_slli_epi32(
            _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(p + j))), 16);
        __m256i w1 = _mm256_slli_epi32(
            _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(p + j + 8))), 16);
        __m256 f0 = _mm256_castsi256_ps(w0), f1 = _mm256_castsi256_ps(w1);
        a0 = _mm256_fmadd_ps(f0, f0, a0);
        a1 = _mm256_fmadd_ps(f1, f1, a1);
        m0 = _mm256_max_epu32(m0, _mm256_and_si256(w0, mag));
        m1 = _mm256_max_epu32(m1, _mm256_and_si256(w1, mag));
    }
    float s = hsum256(_mm256_add_ps(a0, a1));
    uint32_t mm = hmax256(_mm256_max_epu32(m0, m1)) >> 16;
    for (; j < h; j++) {
        uint16_t u = p[j], a = u & 0x7FFF;
        float f = bf16_to_f32(u);
        s += f * f;
        mm = a > mm ? a : mm;
    }
    *ss = s;
    *mx = (uint16_t)mm;
}

__attribute__((target("avx2,fma"))) static void
row_f32_avx2(const uint32_t *p, Py_ssize_t h, float *ss, uint32_t *mx) {
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
    __m256i m0 = _mm256_setzero_si256(), m1 = _mm256_setzero_si256();
    const __m256i mag = _mm256_set1_epi32(0x7FFFFFFF);
    Py_ssize_t j = 0;
    for (; j + 16 <= h; j += 16) {
        __m256i w0 = _mm256_loadu_si256((const __m256i *)(p + j));
        __m256i w1 = _mm256_loadu_si256((const __m256i *)(p + j + 8));
        __m256 f0 = _mm256_castsi256_ps(w0), f1 = _mm256_castsi256_ps(w1);
        a0 = _mm256_fmadd_ps(f0, f0, a0);
        a1 = _mm256_fmadd_ps(f1, f1, a1);
        m0 = _mm256_max_epu32(m0, _mm256_and_si256(w0, mag));
        m1 = _mm256_max_epu32(m1, _mm256_and_si256(w1, mag));
    }
    float s = hsum256(_mm256_add_ps(a0, a1));
    uint32_t mm = hmax256(_mm256_max_epu32(m0, m1));
    for (; j < h; j++) {
        uint32_t u = p[j], a = u & 0x7FFFFFFFu;
        float f = bits_to_f32(u);
        s += f * f;
        mm = a > mm ? a : mm;
    }
    *ss = s;
    *mx = mm;
}
#endif

static void choose_kernels(void) {
    const char *env = getenv("SPECDIAG_INSPECT_KERNELS"); /* "portable" to compare */
    if (env && strcmp(env, "portable") == 0)
        return;
#ifdef HAVE_X86_KERNELS
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        !(env && strcmp(env, "avx2") == 0)) {
        g_row_bf16 = row_bf16_avx512;
        g_row_f32 = row_f32_avx512;
        g_kernels = "avx512";
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        g_row_bf16 = row_bf16_avx2;
        g_row_f32 = row_f32_avx2;
        g_kernels = "avx2";
    }
#endif
}

/* ---- the general element reader (any stride; also the slow path of flagged rows) ------ */

typedef struct {
    const char *base;
    int dtype;
    Py_ssize_t sh; /* element stride in bytes */
} Row;

/* the bit pattern of element j, widened to 64 bits */
static inline uint64_t bits_at(const Row *r, Py_ssize_t j) {
    const char *q = r->base + j * r->sh;
    switch (r->dtype) {
    case DT_BF16:
    case DT_F16: {
        uint16_t u;
        memcpy(&u, q, 2);
        return u;
    }
    case DT_F32: {
        uint32_t u;
        memcpy(&u, q, 4);
        return u;
    }
    default: {
        uint64_t u;
        memcpy(&u, q, 8);
        return u;
    }
    }
}

static const uint64_t MAG_MASK[4] = {0x7FFFu, 0x7FFFu, 0x7FFFFFFFu, 0x7FFFFFFFFFFFFFFFull};

/* magnitude bits of element j (the sign bit cleared) */
static inline uint64_t mag_at(const Row *r, Py_ssize_t j) {
    return bits_at(r, j) & MAG_MASK[r->dtype];
}

static const uint64_t INF_BITS[4] = {0x7F80u, 0x7C00u, 0x7F800000u, 0x7FF0000000000000ull};

/* |value| of finite magnitude bits */
static inline double mag_value(int dtype, uint64_t a) {
    switch (dtype) {
    case DT_BF16:
        return (double)bf16_to_f32((uint16_t)a);
    case DT_F16:
        return (double)f16mag_to_f32((uint16_t)a);
    case DT_F32:
        return (double)bits_to_f32((uint32_t)a);
    default:
        return bits_to_f64(a);
    }
}

/* One row, read element by element: NaN/Inf counted and read as 0; the sum of squares in
 * float64 (no overflow whatever the values); the max finite magnitude bits. */
static void row_slow(const Row *r, Py_ssize_t h, double *ss, uint64_t *mx,
                     long long *nonfinite) {
    uint64_t inf = INF_BITS[r->dtype], m = 0;
    double sd = 0.0;
    long long nf = 0;
    for (Py_ssize_t j = 0; j < h; j++) {
        uint64_t a = mag_at(r, j);
        if (a >= inf) {
            nf++;
            continue;
        }
        double v = mag_value(r->dtype, a);
        sd += v * v;
        m = a > m ? a : m;
    }
    *ss = sd;
    *mx = m;
    *nonfinite += nf;
}

/* ---- the scan --------------------------------------------------------------------------- */

#define BLOCK_BYTES ((Py_ssize_t)2 << 20)

typedef struct {
    const char *ptr;
    int dtype;
    Py_ssize_t n, c, h;
    Py_ssize_t sn, sc, sh; /* strides in bytes */
    Py_ssize_t valid;
    int populate, release; /* contiguous mapped rows only */
    /* results */
    long long nonfinite;
    double *sums, *sq, *amax;
} Scan;

static int g_populate_ok = 1;

#if defined(__linux__)
static void advise(const char *lo, const char *hi, int what) {
    static Py_ssize_t page = 0;
    if (page == 0) {
        long ps = sysconf(_SC_PAGESIZE);
        page = ps > 0 ? (Py_ssize_t)ps : 4096;
    }
    uintptr_t a = (uintptr_t)lo, b = (uintptr_t)hi;
    if (what == MADV_DONTNEED) { /* only whole pages inside [lo, hi) */
        a = (a + page - 1) / page * page;
        b = b / page * page;
    } else {
        a = a / page * page;
    }
    if (b <= a)
        return;
    if (madvise((void *)a, (size_t)(b - a), what) != 0 && what == MADV_POPULATE_READ)
        g_populate_ok = 0; /* an older kernel: page faults, as without it */
}
#endif

/* one token: every chunk's row */
static void scan_token(Scan *s, Py_ssize_t t) {
    const Py_ssize_t esz = s->dtype == DT_F64 ? 8 : (s->dtype == DT_F32 ? 4 : 2);
    const int in_valid = t < s->valid;
    const uint64_t inf = INF_BITS[s->dtype];
    const double inv_h = 1.0 / (double)s->h;
    for (Py_ssize_t k = 0; k < s->c; k++) {
        const char *row = s->ptr + t * s->sn + k * s->sc;
        double ss = 0.0;
        uint64_t mx = 0;
        int done = 0;
        if (s->sh == esz && s->dtype != DT_F64) {
            float sf;
            if (s->dtype == DT_F32) {
                uint32_t m32;
                g_row_f32((const uint32_t *)row, s->h, &sf, &m32);
                mx = m32;
            } else {
                uint16_t m16;
                if (s->dtype == DT_BF16)
                    g_row_bf16((const uint16_t *)row, s->h, &sf, &m16);
                else
                    row_f16((const uint16_t *)row, s->h, &sf, &m16);
                mx = m16;
            }
            if (mx < inf) {
                if (isfinite(sf)) {
                    ss = (double)sf;
                    done = 1;
                } else if (!in_valid) {
                    done = 1; /* finite values whose squares overflow: nothing to count */
                }
            }
        }
        if (!done) {
            Row r = {row, s->dtype, s->sh};
            row_slow(&r, s->h, &ss, &mx, &s->nonfinite);
        }
        if (in_valid) {
            double rms = sqrt(ss * inv_h);
            s->sums[k] += rms;
            s->sq[k] += rms * rms;
            double v = mag_value(s->dtype, mx);
            if (v > s->amax[k])
                s->amax[k] = v;
        }
    }
}

static void run_scan(Scan *s) {
    const Py_ssize_t row_bytes = s->sn; /* contiguous: token stride = c * h * esz */
    const int blocked = (s->populate || s->release) && row_bytes > 0;
    Py_ssize_t per = blocked ? BLOCK_BYTES / row_bytes : s->n;
    if (per < 1)
        per = 1;
    for (Py_ssize_t a = 0; a < s->n; a += per) {
        Py_ssize_t b = a + per < s->n ? a + per : s->n;
#if defined(__linux__)
        if (blocked && s->populate && g_populate_ok)
            advise(s->ptr + a * row_bytes, s->ptr + b * row_bytes, MADV_POPULATE_READ);
#endif
        for (Py_ssize_t t = a; t < b; t++)
            scan_token(s, t);
#if defined(__linux__)
        if (blocked && s->release)
            advise(s->ptr + a * row_bytes, s->ptr + b * row_bytes, MADV_DONTNEED);
#endif
    }
}

/* ---- the embedding check: cosines of the rows at repeated token ids ------------------- */

/* float16 bits -> float32, NaN and Inf as they are */
static inline float f16_to_f32(uint16_t u) {
    uint16_t mag = u & 0x7FFFu;
    float v = mag >= 0x7C00u ? (mag == 0x7C00u ? INFINITY : NAN) : f16mag_to_f32(mag);
    return (u & 0x8000u) ? -v : v;
}

/* element j as a double (NaN and Inf as they are) */
static inline double value_at(const Row *r, Py_ssize_t j) {
    uint64_t u = bits_at(r, j);
    switch (r->dtype) {
    case DT_BF16:
        return (double)bf16_to_f32((uint16_t)u);
    case DT_F16:
        return (double)f16_to_f32((uint16_t)u);
    case DT_F32:
        return (double)bits_to_f32((uint32_t)u);
    default:
        return bits_to_f64(u);
    }
}

typedef struct {
    const char *ptr;
    int dtype;
    Py_ssize_t c, h, sn, sc, sh; /* strides in bytes */
    Py_ssize_t pairs;
    const Py_ssize_t *first, *later;
    double *low; /* per chunk: the lowest cosine over the pairs; NaN read as -1 */
} Cosines;

/* dot(a, b), |a|^2, |b|^2 of two contiguous 16- or 32-bit rows in float32 lanes (which the
 * compiler vectorises); the caller redoes in float64 a result that float32 cannot hold (Inf or
 * NaN in a row, squares that overflow, a row so small that its squares underflow) */
#define COS_KERNEL(NAME, T, TO_F32)                                                            \
    static void NAME(const T *a, const T *b, Py_ssize_t h, double *dot, double *na,            \
                     double *nb) {                                                             \
        float d[LANES] = {0}, x2[LANES] = {0}, y2[LANES] = {0};                                \
        Py_ssize_t j = 0;                                                                      \
        for (; j + LANES <= h; j += LANES)                                                     \
            for (int l = 0; l < LANES; l++) {                                                  \
                float x = TO_F32(a[j + l]), y = TO_F32(b[j + l]);                              \
                d[l] += x * y;                                                                 \
                x2[l] += x * x;                                                                \
                y2[l] += y * y;                                                                \
            }                                                                                  \
        double sd = 0.0, sx = 0.0, sy = 0.0;                                                   \
        for (int l = 0; l < LANES; l++) {                                                      \
            sd += d[l];                                                                        \
            sx += x2[l];                                                                       \
            sy += y2[l];                                                                       \
        }                                                                                      \
        for (; j < h; j++) {                                                                   \
            float x = TO_F32(a[j]), y = TO_F32(b[j]);                                          \
            sd += (double)x * y;                                                               \
            sx += (double)x * x;                                                               \
            sy += (double)y * y;                                                               \
        }                                                                                      \
        *dot = sd;                                                                             \
        *na = sx;                                                                              \
        *nb = sy;                                                                              \
    }

static inline float u32_to_f32(uint32_t u) { return bits_to_f32(u); }
COS_KERNEL(cos_bf16, uint16_t, bf16_to_f32)
COS_KERNEL(cos_f16, uint16_t, f16_to_f32)
COS_KERNEL(cos_f32, uint32_t, u32_to_f32)

static void cos_slow(const Row *a, const Row *b, Py_ssize_t h, double *dot, double *na,
                     double *nb) {
    double sd = 0.0, sx = 0.0, sy = 0.0;
    for (Py_ssize_t j = 0; j < h; j++) {
        double x = value_at(a, j), y = value_at(b, j);
        sd += x * y;
        sx += x * x;
        sy += y * y;
    }
    *dot = sd;
    *na = sx;
    *nb = sy;
}

static void run_cosines(Cosines *w) {
    const Py_ssize_t esz = w->dtype == DT_F64 ? 8 : (w->dtype == DT_F32 ? 4 : 2);
    const int fast = w->sh == esz && w->dtype != DT_F64;
    for (Py_ssize_t k = 0; k < w->c; k++)
        w->low[k] = INFINITY;
    for (Py_ssize_t i = 0; i < w->pairs; i++) {
        for (Py_ssize_t k = 0; k < w->c; k++) {
            Row a = {w->ptr + w->first[i] * w->sn + k * w->sc, w->dtype, w->sh};
            Row b = {w->ptr + w->later[i] * w->sn + k * w->sc, w->dtype, w->sh};
            double dot = 0.0, na = 0.0, nb = 0.0;
            if (fast) {
                if (w->dtype == DT_BF16)
                    cos_bf16((const uint16_t *)a.base, (const uint16_t *)b.base, w->h, &dot, &na,
                             &nb);
                else if (w->dtype == DT_F16)
                    cos_f16((const uint16_t *)a.base, (const uint16_t *)b.base, w->h, &dot, &na,
                            &nb);
                else
                    cos_f32((const uint32_t *)a.base, (const uint32_t *)b.base, w->h, &dot, &na,
                            &nb);
            }
            /* float32 lanes lose a row whose squares overflow (Inf) or underflow (a norm
             * below ~1e-30 is mostly rounding): those pairs are read again in float64 */
            if (!fast || !isfinite(dot) || !(na >= 1e-30 && na < INFINITY) ||
                !(nb >= 1e-30 && nb < INFINITY))
                cos_slow(&a, &b, w->h, &dot, &na, &nb); /* float64 throughout */
            double cos = dot / (sqrt(na) * sqrt(nb));
            if (isnan(cos))
                cos = -1.0; /* a zero, NaN or Inf row: not an embedding match */
            if (cos < w->low[k])
                w->low[k] = cos;
        }
    }
}

static PyObject *tuple_of(const double *v, Py_ssize_t n) {
    PyObject *t = PyTuple_New(n);
    if (!t)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *f = PyFloat_FromDouble(v[i]);
        if (!f) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, f);
    }
    return t;
}

PyDoc_STRVAR(scan_doc,
             "scan(ptr, dtype, n, c, h, sn, sc, sh, valid, populate, release)\n"
             "-> (nonfinite, sums, squares, amax)\n\n"
             "One pass over the [n, c, h] floats at address ptr (strides in elements; dtype 0\n"
             "bfloat16, 1 float16, 2 float32, 3 float64). The caller keeps the memory alive.");

static PyObject *py_scan(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long ptr;
    int dtype, populate, release;
    Py_ssize_t n, c, h, sn, sc, sh, valid;
    if (!PyArg_ParseTuple(args, "Kinnnnnnnpp", &ptr, &dtype, &n, &c, &h, &sn, &sc, &sh, &valid,
                          &populate, &release))
        return NULL;
    if (dtype < DT_BF16 || dtype > DT_F64 || n < 0 || c < 1 || h < 1 || valid < 0 ||
        (n > 0 && ptr == 0)) {
        PyErr_SetString(PyExc_ValueError, "scan: bad shape, dtype or address");
        return NULL;
    }
    const Py_ssize_t esz = dtype == DT_F64 ? 8 : (dtype == DT_F32 ? 4 : 2);
    Scan s;
    memset(&s, 0, sizeof s);
    s.ptr = (const char *)(uintptr_t)ptr;
    s.dtype = dtype;
    s.n = n;
    s.c = c;
    s.h = h;
    s.sn = sn * esz;
    s.sc = sc * esz;
    s.sh = sh * esz;
    s.valid = valid < n ? valid : n;
    /* blocks are whole address ranges only when the rows are one contiguous run */
    int contiguous = sh == 1 && sc == h && sn == c * h;
    s.populate = populate && contiguous;
    s.release = release && contiguous;
    double *buf = calloc((size_t)(3 * c), sizeof(double));
    if (!buf)
        return PyErr_NoMemory();
    s.sums = buf;
    s.sq = buf + c;
    s.amax = buf + 2 * c;
    Py_BEGIN_ALLOW_THREADS run_scan(&s);
    Py_END_ALLOW_THREADS

    PyObject *a = tuple_of(s.sums, c), *b = tuple_of(s.sq, c), *m = tuple_of(s.amax, c);
    free(buf);
    if (!a || !b || !m) {
        Py_XDECREF(a);
        Py_XDECREF(b);
        Py_XDECREF(m);
        return NULL;
    }
    return Py_BuildValue("(LNNN)", s.nonfinite, a, b, m);
}

PyDoc_STRVAR(cosines_doc,
             "min_cosines(ptr, dtype, n, c, h, sn, sc, sh, first, later) -> tuple\n\n"
             "Per chunk k of the [n, c, h] floats at ptr (strides in elements, dtypes as for\n"
             "scan): the lowest cosine, in float64, between rows first[i] and later[i] over all\n"
             "pairs i (token indices below n); a pair with a zero, NaN or Inf row counts as -1.\n"
             "Without the GIL; the caller keeps the memory alive.");

static int index_list(PyObject *seq, Py_ssize_t n, Py_ssize_t *out, Py_ssize_t len) {
    for (Py_ssize_t i = 0; i < len; i++) {
        Py_ssize_t v = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < 0 || v >= n) {
            PyErr_SetString(PyExc_ValueError, "min_cosines: a token index out of range");
            return -1;
        }
        out[i] = v;
    }
    return 0;
}

static PyObject *py_min_cosines(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long ptr;
    int dtype;
    Py_ssize_t n, c, h, sn, sc, sh;
    PyObject *first_obj, *later_obj;
    if (!PyArg_ParseTuple(args, "KinnnnnnOO", &ptr, &dtype, &n, &c, &h, &sn, &sc, &sh,
                          &first_obj, &later_obj))
        return NULL;
    if (dtype < DT_BF16 || dtype > DT_F64 || n < 1 || c < 1 || h < 1 || ptr == 0) {
        PyErr_SetString(PyExc_ValueError, "min_cosines: bad shape, dtype or address");
        return NULL;
    }
    PyObject *fa = PySequence_Fast(first_obj, "min_cosines: first must be a sequence");
    if (!fa)
        return NULL;
    PyObject *fb = PySequence_Fast(later_obj, "min_cosines: later must be a sequence");
    if (!fb) {
        Py_DECREF(fa);
        return NULL;
    }
    Py_ssize_t pairs = PySequence_Fast_GET_SIZE(fa);
    PyObject *result = NULL;
    Py_ssize_t *idx = NULL;
    double *low = NULL;
    if (PySequence_Fast_GET_SIZE(fb) != pairs || pairs < 1) {
        PyErr_SetString(PyExc_ValueError, "min_cosines: first and later: one or more pairs");
        goto done;
    }
    const Py_ssize_t esz = dtype == DT_F64 ? 8 : (dtype == DT_F32 ? 4 : 2);
    idx = malloc((size_t)(2 * pairs) * sizeof(Py_ssize_t));
    low = malloc((size_t)c * sizeof(double));
    if (!idx || !low) {
        PyErr_NoMemory();
        goto done;
    }
    if (index_list(fa, n, idx, pairs) < 0 || index_list(fb, n, idx + pairs, pairs) < 0)
        goto done;
    Cosines w = {(const char *)(uintptr_t)ptr, dtype, c, h, sn * esz, sc * esz, sh * esz,
                 pairs, idx, idx + pairs, low};
    Py_BEGIN_ALLOW_THREADS run_cosines(&w);
    Py_END_ALLOW_THREADS

    result = tuple_of(low, c);
done:
    free(idx);
    free(low);
    Py_DECREF(fa);
    Py_DECREF(fb);
    return result;
}

PyDoc_STRVAR(pairs_doc,
             "repeat_pairs(ptr, itemsize, stride, n, limit) -> list of (first, later)\n\n"
             "The n integer token ids at ptr (itemsize 4 or 8, signed; stride in elements): for\n"
             "each position whose id appeared before, in order, (the id's first position, this\n"
             "position), at most limit pairs. The caller keeps the memory alive.");

static PyObject *py_repeat_pairs(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long ptr;
    int itemsize;
    Py_ssize_t stride, n, limit;
    if (!PyArg_ParseTuple(args, "Kinnn", &ptr, &itemsize, &stride, &n, &limit))
        return NULL;
    if ((itemsize != 4 && itemsize != 8) || n < 0 || limit < 0 || (n > 0 && ptr == 0)) {
        PyErr_SetString(PyExc_ValueError, "repeat_pairs: bad ids, size or limit");
        return NULL;
    }
    Py_ssize_t cap = 16;
    while (cap < 2 * n)
        cap <<= 1;
    int shift = 64;
    for (Py_ssize_t c = cap; c > 1; c >>= 1)
        shift--;
    int64_t *keys = malloc((size_t)cap * sizeof(int64_t));
    Py_ssize_t *pos = calloc((size_t)cap, sizeof(Py_ssize_t)); /* first position + 1; 0 free */
    Py_ssize_t *found = malloc((size_t)(2 * (limit > 0 ? limit : 1)) * sizeof(Py_ssize_t));
    if (!keys || !pos || !found) {
        free(keys);
        free(pos);
        free(found);
        return PyErr_NoMemory();
    }
    Py_ssize_t count = 0;
    const char *base = (const char *)(uintptr_t)ptr;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n && count < limit; i++) {
        int64_t id;
        if (itemsize == 8) {
            memcpy(&id, base + i * stride * 8, 8);
        } else {
            int32_t v;
            memcpy(&v, base + i * stride * 4, 4);
            id = v;
        }
        uint64_t slot = ((uint64_t)id * 0x9E3779B97F4A7C15ull) >> shift;
        for (;;) {
            if (pos[slot] == 0) {
                keys[slot] = id;
                pos[slot] = i + 1;
                break;
            }
            if (keys[slot] == id) {
                found[2 * count] = pos[slot] - 1;
                found[2 * count + 1] = i;
                count++;
                break;
            }
            slot = (slot + 1) & (uint64_t)(cap - 1);
        }
    }
    Py_END_ALLOW_THREADS

    free(keys);
    free(pos);
    PyObject *out = PyList_New(count);
    for (Py_ssize_t k = 0; out && k < count; k++) {
        PyObject *t = Py_BuildValue("(nn)", found[2 * k], found[2 * k + 1]);
        if (!t) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, k, t);
    }
    free(found);
    return out;
}

static PyMethodDef methods[] = {
    {"scan", py_scan, METH_VARARGS, scan_doc},
    {"min_cosines", py_min_cosines, METH_VARARGS, cosines_doc},
    {"repeat_pairs", py_repeat_pairs, METH_VARARGS, pairs_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastscan", "The compiled one-pass scan of specdiag inspect-dump.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastscan(void) {
    choose_kernels();
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddStringConstant(m, "KERNELS", g_kernels) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
