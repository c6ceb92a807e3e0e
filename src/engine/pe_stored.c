/* pe_stored.c - span means of angles a narrow format stores, shared between
 * pairs (see pe_stored.h). */
#include "engine/pe_stored.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_trig.h"

/* Angles whose sin and cos are kept: a table indexed by a hash of the
 * angle, each slot holding the last angle that fell in it. 8192 slots hold
 * the few thousand angles a heatmap's spans meet at the extremes (the
 * stored numbers of [0, 1e9) in bf16 are 30 binades of 128) with few
 * evictions. */
enum { ANGLE_SLOTS = 1 << 13, ANGLE_HASH_SHIFT = 32 - 13 };

struct angle_slot {
	double x, s, c;		/* x: NaN while empty */
};

struct pe_stored {
	enum prec_dtype t;
	int n;
	int wave0, wave1;	/* pe_stored_wave_spans */
	/* span j: exact or not, NaN (reaches infinity), and its runs
	 * run_v[k], run_len[k] for k in [first[j], first[j + 1]) */
	bool *exact, *inf;
	int *first, runs;
	double *run_v;
	long long *run_len, *span_len;
	/* the means of the last stored frequency */
	bool have;
	double w_stored;
	double *mean_s, *mean_c;
	struct angle_slot *angles;
};

/* The last integer from q >= 0 on that t stores as the same number as q:
 * q itself below 2^digits, where every integer is kept; above, the end of
 * the run of q's stored value v, whose upper neighbour is v + u for the
 * step u at v: integers up to v + u/2 round to v, the tie v + u/2 itself
 * only when v's last bit is even. LLONG_MAX where t stores infinity. */
static long long stored_run_end(enum prec_dtype t, long long q)
{
	double v = prec_round(t, (double)q), u;
	int e, digits = prec_digits(t);

	if (isinf(v))
		return LLONG_MAX;
	if (v < ldexp(1.0, digits))
		return q;
	frexp(v, &e);
	u = ldexp(1.0, e - digits);
	/* v / u is an integer of `digits` bits: its last bit is v's */
	return (long long)(v + u / 2.0) - (((long long)(v / u) & 1) != 0);
}

/* Calls add(v, length, arg) for each run of [a, a + n) in t, in order, up
 * to PE_STORED_RUNS_MAX of them; returns how many runs there are, counted
 * up to PE_STORED_RUNS_MAX + 1 (past that the runs given are not all). */
static int walk_runs(enum prec_dtype t, long long a, long long n,
		     void (*add)(double v, long long len, void *arg), void *arg)
{
	long long end = a + n;
	int runs = 0;

	for (; a < end && runs <= PE_STORED_RUNS_MAX; runs++) {
		long long last = stored_run_end(t, a);

		last = last > end - 1 ? end - 1 : last;
		if (add && runs < PE_STORED_RUNS_MAX)
			add(prec_round(t, (double)a), last - a + 1, arg);
		a = last + 1;
	}
	return runs;
}

bool pe_stored_span_exact(enum prec_dtype t, long long start,
			  long long count)
{
	return isinf(prec_round(t, (double)(start + count - 1))) ||
	       walk_runs(t, start, count, NULL, NULL) <= PE_STORED_RUNS_MAX;
}

void pe_stored_free(struct pe_stored *st)
{
	if (!st)
		return;
	free(st->exact);
	free(st->inf);
	free(st->first);
	free(st->run_v);
	free(st->run_len);
	free(st->span_len);
	free(st->mean_s);
	free(st->mean_c);
	free(st->angles);
	free(st);
}

/* walk_runs' add: appends the run to st's lists. */
static void keep_run(double v, long long len, void *arg)
{
	struct pe_stored *st = arg;

	st->run_v[st->runs] = v;
	st->run_len[st->runs++] = len;
}

struct pe_stored *pe_stored_new(enum prec_dtype t, const long long *start,
				const long long *count, int n)
{
	struct pe_stored *st = calloc(1, sizeof *st);
	size_t nn = (size_t)n, runs = nn * PE_STORED_RUNS_MAX;

	if (!st)
		return NULL;
	st->t = t;
	st->n = n;
	st->exact = malloc(nn * sizeof *st->exact);
	st->inf = malloc(nn * sizeof *st->inf);
	st->first = malloc((nn + 1) * sizeof *st->first);
	st->run_v = malloc(runs * sizeof *st->run_v);
	st->run_len = malloc(runs * sizeof *st->run_len);
	st->span_len = malloc(nn * sizeof *st->span_len);
	st->mean_s = malloc(nn * sizeof *st->mean_s);
	st->mean_c = malloc(nn * sizeof *st->mean_c);
	st->angles = malloc(ANGLE_SLOTS * sizeof *st->angles);
	if (!st->exact || !st->inf || !st->first || !st->run_v ||
	    !st->run_len || !st->span_len || !st->mean_s || !st->mean_c ||
	    !st->angles) {
		pe_stored_free(st);
		return NULL;
	}
	for (int k = 0; k < ANGLE_SLOTS; k++)
		st->angles[k].x = NAN;
	st->wave0 = n;
	st->wave1 = 0;
	for (int j = 0; j < n; j++) {
		int nr = 0;

		st->first[j] = st->runs;
		st->span_len[j] = count[j];
		st->inf[j] = isinf(prec_round(t, (double)(start[j] + count[j] - 1)));
		if (!st->inf[j])
			nr = walk_runs(t, start[j], count[j], keep_run, st);
		st->exact[j] = nr <= PE_STORED_RUNS_MAX;
		if (!st->exact[j]) {
			/* its runs are not used: drop them */
			st->runs = st->first[j];
			st->wave0 = j < st->wave0 ? j : st->wave0;
			st->wave1 = j + 1;
		}
	}
	st->first[n] = st->runs;
	st->wave0 = st->wave1 == 0 ? 0 : st->wave0 - st->wave0 % PE_SPAN_RESEED;
	return st;
}

void pe_stored_wave_spans(const struct pe_stored *st, int *j0, int *j1)
{
	*j0 = st->wave0;
	*j1 = st->wave1;
}

/* sin and cos of angle x, from the table or computed (pe_sincos: libm's
 * bits below PE_TRIG_DIRECT and within 3e-16 of the exact values above)
 * and kept there. */
static void angle_sincos(struct pe_stored *st, double x, double *s, double *c)
{
	uint64_t bits;
	struct angle_slot *slot;

	memcpy(&bits, &x, sizeof bits);
	/* the stored angle's significant bits are the double's highest */
	slot = &st->angles[(uint32_t)((bits >> 40) * 2654435761u) >>
			   ANGLE_HASH_SHIFT];
	if (slot->x != x) {
		pe_sincos(x, &slot->s, &slot->c);
		slot->x = x;
	}
	*s = slot->s;
	*c = slot->c;
}

/* The means of the exact spans for the stored frequency ws, into
 * mean_s, mean_c: run by run, in order, each run's length times the
 * wave at its angle t(v * ws) (v and ws are numbers of t, so this is
 * prec_angle(t, v, w)), divided by the span's length. */
static void stored_means(struct pe_stored *st, double ws)
{
	for (int j = 0; j < st->n; j++) {
		double sum_s = 0.0, sum_c = 0.0;

		if (!st->exact[j])
			continue;
		if (st->inf[j]) {
			st->mean_s[j] = st->mean_c[j] = NAN;
			continue;
		}
		for (int k = st->first[j]; k < st->first[j + 1]; k++) {
			double s, c, len = (double)st->run_len[k];

			angle_sincos(st, prec_round(st->t, st->run_v[k] * ws),
				     &s, &c);
			sum_s += len * s;
			sum_c += len * c;
		}
		st->mean_s[j] = sum_s / (double)st->span_len[j];
		st->mean_c[j] = sum_c / (double)st->span_len[j];
	}
}

void pe_stored_means(struct pe_stored *st, double w, double *out_s,
		     double *out_c)
{
	double ws = prec_round(st->t, w);

	if (!st->have || ws != st->w_stored) {
		stored_means(st, ws);
		st->have = true;
		st->w_stored = ws;
	}
	for (int j = 0; j < st->n; j++) {
		if (!st->exact[j])
			continue;
		if (out_s)
			out_s[j] = st->mean_s[j];
		if (out_c)
			out_c[j] = st->mean_c[j];
	}
}
