/* pe_analysis.c - cycle counts, band similarities, the reach of the
 * similarity and rotation residuals (see pe_analysis.h for the contract).
 *
 * The similarity is a sum of cosines, cos(k w_i) per pair. Evaluated at
 * evenly spaced offsets k = j m it obeys the three-term recurrence
 *   c(j+1) = 2 cos(m w) c(j) - c(j-1),
 * one multiply-subtract per pair and offset instead of a cosine (~15 ns),
 * which is what lets a scan cover a million offsets of a 512-wide encoding
 * in a fraction of a second. Its rounding grows like j^2 ulps and its phase
 * like j times the rounding of 2 cos(m w), so both loops re-seed from
 * cosines at regular intervals, and every number that a decision or a label
 * rests on is recomputed exactly where it matters. */
#include "engine/pe_analysis.h"
#include "engine/pe_trig.h"

#include <math.h>

enum {
	SCAN_RESEED = 256,	/* offsets between re-seeds in the scan: keeps
				   its values within ~1e-11 of exact */
	CURVE_RESEED = 1024	/* samples between re-seeds of the curves: a
				   plot needs ~1e-4, this gives ~1e-9 */
};

/* Values within this of the threshold are decided with the exact sum, so
 * the reach never depends on the recurrence's rounding. */
static const double THRESHOLD_GUARD = 1e-9;

/* ---- frequency decay ---- */

int analysis_pairs_cycling(const struct pe_params *p, double len)
{
	int lo = 0, hi = p->d_model / 2;

	/* Wavelengths grow with the pair index (base > 1): the first pair
	 * longer than len splits them. */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (pe_wavelength(p, mid) <= len)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- bands of pairs ---- */

void analysis_band_pairs(int d_model, int split, enum analysis_band b,
			 int *pair0, int *pair1)
{
	int h = d_model / 2;
	int s = split < 0 ? 0 : split > h ? h : split;

	*pair0 = b == ANALYSIS_SLOW ? s : 0;
	*pair1 = b == ANALYSIS_FAST ? s : h;
}

void analysis_band_similarities(const struct pe_params *p, int split,
				double k, double out[3])
{
	int h = p->d_model / 2, a, z;
	double all = 0.0, fast = 0.0, slow = 0.0;

	analysis_band_pairs(p->d_model, split, ANALYSIS_FAST, &a, &z);
	for (int i = 0; i < h; i++) {
		double s, c;

		pe_sincos(k * pe_omega(p, i), &s, &c);
		all += c;
		if (i < z)
			fast += c;
		else
			slow += c;
	}
	out[ANALYSIS_ALL] = h > 0 ? all / h : 1.0;
	out[ANALYSIS_FAST] = z > 0 ? fast / z : 1.0;
	out[ANALYSIS_SLOW] = h > z ? slow / (h - z) : 1.0;
}

static void swap_arrays(double **a, double **b)
{
	double *t = *a;

	*a = *b;
	*b = t;
}

/* The mean of `a` values over the band [i0, i1) from their sum; 1 for an
 * empty band, as pe_cos_similarity. */
static double band_mean(double sum, int i0, int i1)
{
	return i1 > i0 ? sum / (i1 - i0) : 1.0;
}

int analysis_curves_workspace(int d_model)
{
	return 5 * (d_model / 2);
}

/* The state of a walk through the samples for pairs [i0, i1) of the
 * encoding: per pair (indexed from i0) its omega, block factor and 2 cos of
 * its turn per sample, and the recurrence's last two values. */
struct band_walk {
	int cnt, split;		/* pairs, and the first slow one (from i0) */
	double step;
	double *w, *wt, *tc, *cur, *prev;
	long long j;		/* the next sample */
};

static void band_walk_start(struct band_walk *b, const struct pe_params *p,
			    int split, double step, int i0, int i1,
			    double *work)
{
	int cnt = i1 - i0, s0, s;

	analysis_band_pairs(p->d_model, split, ANALYSIS_FAST, &s0, &s);
	s -= i0;
	*b = (struct band_walk){ cnt, s < 0 ? 0 : s > cnt ? cnt : s, step,
				 work, work + cnt, work + 2 * cnt,
				 work + 3 * cnt, work + 4 * cnt, 0 };
	for (int i = 0; i < cnt; i++) {
		double x = 0.5 * step * (b->w[i] = pe_omega(p, i0 + i));
		double sx = sin(x);

		/* pe.h's block factor: exactly 1 for one offset per sample or
		 * a turn too small to divide by. */
		b->wt[i] = step > 1.0 && fabs(x) >= 0x1p-26
				   ? sx / (step * sin(0.5 * b->w[i])) : 1.0;
		b->tc[i] = 2.0 - 4.0 * sx * sx;	/* 2 cos(step w) */
	}
}

/* Sets cur to the weighted cosines at sample j and prev to those at j - 1,
 * and returns the sums over the fast and the slow pairs in *fast, *slow. */
static void band_walk_seed(struct band_walk *b, double *fast, double *slow)
{
	double k = (double)b->j * b->step, kp = (double)(b->j - 1) * b->step;
	double f = 0.0, g = 0.0;

	for (int i = 0; i < b->cnt; i++) {
		b->cur[i] = b->wt[i] * cos(k * b->w[i]);
		b->prev[i] = b->wt[i] * cos(kp * b->w[i]);
		if (i < b->split)
			f += b->cur[i];
		else
			g += b->cur[i];
	}
	*fast = f;
	*slow = g;
}

/* The sums over the fast and the slow pairs at the next sample. */
static void band_walk_next(struct band_walk *b, double *fast, double *slow)
{
	if (b->j % CURVE_RESEED == 0) {
		band_walk_seed(b, fast, slow);
	} else {
		*fast = pe_cosine_step(b->split, b->tc, b->cur, b->prev);
		*slow = pe_cosine_step(b->cnt - b->split, b->tc + b->split,
				       b->cur + b->split, b->prev + b->split);
		swap_arrays(&b->cur, &b->prev);
	}
	b->j++;
}

void analysis_band_curves(const struct pe_params *p, int split, double step,
			  int n, double *work, double *all, double *fast,
			  double *slow)
{
	int h = p->d_model / 2;
	struct band_walk b;

	band_walk_start(&b, p, split, step, 0, h, work);
	for (int j = 0; j < n; j++) {
		double sf, ss;

		band_walk_next(&b, &sf, &ss);
		if (all)
			all[j] = (sf + ss) / h;
		if (fast)
			fast[j] = band_mean(sf, 0, b.split);
		if (slow)
			slow[j] = band_mean(ss, b.split, h);
	}
}

void analysis_band_sums(const struct pe_params *p, int split, double step,
			int n, int pair0, int pair1, double *work,
			double *fast_sum, double *slow_sum)
{
	struct band_walk b;

	band_walk_start(&b, p, split, step, pair0, pair1, work);
	for (int j = 0; j < n; j++) {
		double sf, ss;

		band_walk_next(&b, &sf, &ss);
		fast_sum[j] += sf;
		slow_sum[j] += ss;
	}
}

/* ---- how far the similarity reaches ---- */

/* The scan walks the offsets 1 .. len-1 from left to right. For an interval
 * [a, b] it can bound every pair's cos(k w_i) over real k in [a, b] from the
 * two ends (the arc [a w, b w] either holds a multiple of 2 pi, where the
 * cosine is 1, or the maximum is at an end; the same for the minimum and
 * the odd multiples of pi). The sum of those bounds decides whether the
 * interval can matter:
 *   - after the reach was found, only a value above the best one so far
 *     does: an interval whose upper bound is below it is skipped whole;
 *   - while the similarity is still at or above the threshold, an interval
 *     whose lower bound stays above it is certified whole.
 * The walk gallops: after a skip it tries an interval twice as long, after
 * a failed try one half as long, and below 2 * LEAF offsets it evaluates
 * LEAF offsets one by one with the recurrence instead. Where tries keep
 * failing (every pair fast, or the lobe close to the threshold) it waits
 * more and more leaves before trying again, so a bound (two cosines a
 * pair) never costs much more than the offsets it could have saved. Far
 * from the peak the slow pairs keep the bound low, so a million offsets of
 * a 512-wide encoding cost a few dozen tries instead of a million sums;
 * small d_model, whose similarity comes close to 1 again and again, costs
 * more, which the budget caps. Whatever the walk has done when the budget
 * runs out is a complete prefix 1 .. scanned. */
enum {
	LEAF = 64,		/* offsets evaluated one by one at a time */
	BACKOFF_MAX = 8,	/* most leaves between two tries */
	COS_COST = 100,		/* a cosine, in pair-steps of the recurrence */
	STEP_COST = 32		/* the loop around one offset, likewise */
};

static const long long SPAN_MAX = 1LL << 40;	/* longer than any length */

static const double pi = 3.14159265358979323846264338327950288;

int analysis_scan_workspace(int d_model)
{
	return 4 * (d_model / 2);
}

/* Seeds the recurrence at offset k; returns the sum at k. */
static double scan_seed(struct analysis_scanner *s, long long k)
{
	double sum = 0.0;

	for (int i = 0; i < s->h; i++) {
		s->cur[i] = cos((double)k * s->w[i]);
		s->prev[i] = cos((double)(k - 1) * s->w[i]);
		sum += s->cur[i];
	}
	s->rec_k = k;
	s->rec_age = 0;
	s->spent += 2LL * COS_COST * s->h;
	return sum;
}

/* The sum of cos(k w_i) at offset k: one recurrence step when the last
 * value computed was at k - 1 and is not too old, else a fresh seed. */
static double scan_sum(struct analysis_scanner *s, long long k)
{
	double sum;

	if (s->rec_k != k - 1 || s->rec_k == 0 || s->rec_age >= SCAN_RESEED)
		return scan_seed(s, k);
	sum = pe_cosine_step(s->h, s->tc, s->cur, s->prev);
	swap_arrays(&s->cur, &s->prev);
	s->rec_k = k;
	s->rec_age++;
	s->spent += s->h + STEP_COST;
	return sum;
}

/* sum_i cos(k w_i) computed directly, in pair order: pe_similarity's value
 * (the same omegas, the same cosines), without its pow per pair. */
static double scan_exact(const struct analysis_scanner *s, long long k)
{
	double sum = 0.0;

	for (int i = 0; i < s->h; i++)
		sum += cos((double)k * s->w[i]);
	return sum;
}

/* Takes the sum at offset k into account. */
static void scan_visit(struct analysis_scanner *s, long long k, double sum)
{
	if (s->in_lobe) {
		if (fabs(sum - s->level) < THRESHOLD_GUARD * s->h)
			sum = scan_exact(s, k);
		if (sum / s->h < s->threshold) {
			s->in_lobe = false;
			s->reach = k - 1;
		}
	}
	if (sum > s->best) {
		s->best = sum;
		s->best_k = k;
	}
}

/* Bounds of sum_i cos(k w_i) over real k in [a, b]: *hi >= every value,
 * *lo <= every value, up to the rounding the caller's margin covers. */
static void scan_bounds(struct analysis_scanner *s, long long a, long long b,
			double *hi, double *lo)
{
	double u = 0.0, l = 0.0, span = (double)(b - a);

	for (int i = 0; i < s->h; i++) {
		double x0 = (double)a * s->w[i], x1 = (double)b * s->w[i];
		double c0, c1;

		if (span * s->w[i] >= PE_TWO_PI) {
			u += 1.0;
			l -= 1.0;
			continue;
		}
		c0 = cos(x0);
		c1 = cos(x1);
		s->spent += 2 * COS_COST;
		u += floor(x1 / PE_TWO_PI) > floor(x0 / PE_TWO_PI) ? 1.0
							     : fmax(c0, c1);
		l += floor((x1 - pi) / PE_TWO_PI) > floor((x0 - pi) / PE_TWO_PI)
			     ? -1.0 : fmin(c0, c1);
	}
	s->spent += s->h;
	*hi = u;
	*lo = l;
}

/* Whether interval [a, b] may change the result, judged by its bounds. The
 * margin covers the rounding of k w_i (~b * 2^-53 per pair) and of the
 * recurrence (~1e-11), generously. */
static bool scan_matters(struct analysis_scanner *s, long long a, long long b)
{
	double hi, lo, margin = s->h * (1e-9 + (double)b * 1e-15);

	scan_bounds(s, a, b, &hi, &lo);
	if (s->in_lobe && lo - margin < s->level)
		return true;
	return hi + margin >= s->best;
}

/* Evaluates offsets k .. b one by one. */
static void scan_leaf(struct analysis_scanner *s, long long k, long long b)
{
	for (; k <= b; k++)
		scan_visit(s, k, scan_sum(s, k));
}

void analysis_scan_start(struct analysis_scanner *s, const struct pe_params *p,
			 long long len, double threshold, double *work)
{
	int h = p->d_model / 2;

	*s = (struct analysis_scanner){
		.h = h, .work = work, .w = work, .tc = work + h,
		.cur = work + 2 * h,
		.prev = work + 3 * h, .threshold = threshold,
		.level = threshold * h, .in_lobe = true, .best = -INFINITY,
		.k = 1, .last = len - 1, .span = LEAF, .backoff = 1
	};
}

void analysis_scan_omegas(struct analysis_scanner *s,
			  const struct pe_params *p, int pair0, int pair1)
{
	for (int i = pair0; i < pair1; i++) {
		s->work[i] = pe_omega(p, i);
		s->work[s->h + i] = 2.0 * cos(s->work[i]);
	}
}

bool analysis_scan_run(struct analysis_scanner *s, long long budget)
{
	while (s->k <= s->last) {
		long long b;

		if (s->spent >= budget && s->k > 1)
			return false;
		if (s->span <= LEAF || s->wait > 0) {
			b = s->last - s->k < LEAF ? s->last : s->k + LEAF - 1;
			scan_leaf(s, s->k, b);
			s->k = b + 1;
			s->wait -= s->wait > 0;
			s->span = 2 * LEAF;
			continue;
		}
		b = s->last - s->k < s->span ? s->last : s->k + s->span - 1;
		if (!scan_matters(s, s->k, b)) {
			s->k = b + 1;
			s->span = s->span < SPAN_MAX ? 2 * s->span : s->span;
			s->backoff = 1;
			continue;
		}
		s->span /= 2;
		if (s->span <= LEAF) {
			s->wait = s->backoff;
			s->backoff = s->backoff < BACKOFF_MAX ? 2 * s->backoff
							      : s->backoff;
		}
	}
	return true;
}

void analysis_scan_result(const struct analysis_scanner *s,
			  struct analysis_scan *out)
{
	*out = (struct analysis_scan){ 0, true, 0, true, 0, 0.0 };
	if (s->last < 1)
		return;
	out->scanned = s->k - 1;
	out->complete = out->scanned == s->last;
	out->reach = s->in_lobe ? out->scanned : s->reach;
	out->reach_exact = !s->in_lobe || out->complete;
	out->peak_at = s->best_k;
	out->peak = s->best_k > 0 ? scan_exact(s, s->best_k) / s->h : 0.0;
}

void analysis_scan_offsets(const struct pe_params *p, long long len,
			   double threshold, long long budget, double *work,
			   struct analysis_scan *out)
{
	struct analysis_scanner s;

	analysis_scan_start(&s, p, len, threshold, work);
	if (len > 1)
		analysis_scan_omegas(&s, p, 0, p->d_model / 2);
	analysis_scan_run(&s, budget);
	analysis_scan_result(&s, out);
}
