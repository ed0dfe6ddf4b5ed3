/* rational.c -- reduced 128-bit fractions with overflow detection. */
#include <string.h>
#include "stats/rational.h"

static const rational RAT_INVALID = {0, 0};

static rat_int gcd(rat_int a, rat_int b)
{
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        rat_int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

rational rat_make(rat_int num, rat_int den)
{
    if (den == 0) return RAT_INVALID;
    if (den < 0) {
        num = -num;
        den = -den;
    }
    rat_int g = gcd(num, den);
    if (g > 1) {
        num /= g;
        den /= g;
    }
    return (rational){num, den};
}

/* a*b or fail. */
static bool mul(rat_int a, rat_int b, rat_int *out) { return !__builtin_mul_overflow(a, b, out); }

rational rat_add(rational a, rational b)
{
    if (!rat_valid(a) || !rat_valid(b)) return RAT_INVALID;
    /* Over the lcm of the denominators, so that sums of terms sharing a
     * large common denominator stay small. */
    rat_int g = gcd(a.den, b.den);
    rat_int x, y, den, num;
    if (!mul(a.num, b.den / g, &x) || !mul(b.num, a.den / g, &y) || !mul(a.den / g, b.den, &den) ||
        __builtin_add_overflow(x, y, &num))
        return RAT_INVALID;
    return rat_make(num, den);
}

rational rat_sub(rational a, rational b)
{
    b.num = -b.num;
    return rat_add(a, b);
}

rational rat_mul(rational a, rational b)
{
    if (!rat_valid(a) || !rat_valid(b)) return RAT_INVALID;
    rat_int g1 = gcd(a.num, b.den), g2 = gcd(b.num, a.den);
    if (g1 == 0) g1 = 1;
    if (g2 == 0) g2 = 1;
    rat_int num, den;
    if (!mul(a.num / g1, b.num / g2, &num) || !mul(a.den / g2, b.den / g1, &den)) return RAT_INVALID;
    return rat_make(num, den);
}

rational rat_div(rational a, rational b)
{
    if (!rat_valid(b) || b.num == 0) return RAT_INVALID;
    return rat_mul(a, rat_make(b.den, b.num));
}

int rat_cmp(rational a, rational b)
{
    rational d = rat_sub(a, b);
    if (rat_valid(d)) return d.num < 0 ? -1 : d.num > 0;
    long double x = (long double)a.num / a.den, y = (long double)b.num / b.den;
    return x < y ? -1 : x > y;
}

rat_int rat_floor(rational a)
{
    rat_int q = a.num / a.den;
    if (a.num % a.den != 0 && a.num < 0) q--;
    return q;
}

double rat_to_double(rational a)
{
    if (!rat_valid(a)) return 0.0 / 0.0;
    return (double)((long double)a.num / (long double)a.den);
}

char *rat_int_format(rat_int v, char *buf)
{
    char tmp[48];
    int n = 0;
    bool neg = v < 0;
    unsigned __int128 u = neg ? (unsigned __int128)0 - (unsigned __int128)v : (unsigned __int128)v;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    int k = 0;
    if (neg) buf[k++] = '-';
    while (n) buf[k++] = tmp[--n];
    buf[k] = 0;
    return buf;
}

char *rat_format(rational a, char *buf)
{
    if (!rat_valid(a)) {
        strcpy(buf, "invalid");
        return buf;
    }
    rat_int_format(a.num, buf);
    if (a.den != 1) {
        size_t k = strlen(buf);
        buf[k++] = '/';
        rat_int_format(a.den, buf + k);
    }
    return buf;
}

/* Digits into *out; false if none, or not only digits, or too many. */
static bool parse_int(const char *s, size_t len, rat_int *out)
{
    bool neg = len > 0 && s[0] == '-';
    size_t i = neg;
    if (i == len || len - i > 38) return false;
    rat_int v = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = neg ? -v : v;
    return true;
}

bool rat_parse(const char *text, rational *out)
{
    const char *slash = strchr(text, '/');
    rat_int num, den = 1;
    if (!parse_int(text, slash ? (size_t)(slash - text) : strlen(text), &num)) return false;
    if (slash && (!parse_int(slash + 1, strlen(slash + 1), &den) || den <= 0)) return false;
    *out = rat_make(num, den);
    return true;
}
