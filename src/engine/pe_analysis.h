/* pe_analysis.h - numbers that show why the sinusoidal design works: how many
 * pairs turn a full cycle within the sequence, how similar positions are
 * over all, fast and slow pairs, how far the similarity stays high, and how
 * close any other position comes to looking like the same one.
 *
 * Engine rules, as in pe.h: pure C11 and libm, no I/O, no globals; callers
 * pass valid parameters (pe_params_valid) and, where a function needs
 * memory, a workspace of the size its *_workspace function gives.
 *
 * Offsets. PE(p).PE(p+k) = sum_i cos(k w_i) depends on k only, never on p,
 * so "the similarity at offset k" below is one number for every p:
 *   sim(k) = pe_cos_similarity(p, k, 0, d/2) = sum_i cos(k w_i) / (d/2),
 * and sim(-k) = sim(k). */
#ifndef PE_ANALYSIS_H
#define PE_ANALYSIS_H

#include <stdbool.h>

#include "engine/pe.h"

/* ---- frequency decay ---- */

/* Number of pairs whose wavelength 2*pi/w_i is at most len: those that
 * complete at least one full cycle over len positions (the others barely
 * change over the sequence). Wavelengths grow with i, so these are pairs
 * 0 .. result-1. In 0 .. d/2; 0 when len < 2*pi. O(log d). */
int analysis_pairs_cycling(const struct pe_params *p, double len);

/* ---- bands of pairs ---- */

enum analysis_band {
	ANALYSIS_ALL,		/* pairs [0, d/2) */
	ANALYSIS_FAST,		/* pairs [0, split): short wavelengths */
	ANALYSIS_SLOW		/* pairs [split, d/2): long wavelengths */
};

/* The pairs [*pair0, *pair1) of band b for d_model d, where split is the
 * first slow pair (clamped into 0 .. d/2, so a band may be empty). */
void analysis_band_pairs(int d_model, int split, enum analysis_band b,
			 int *pair0, int *pair1);

/* Cosine similarity of PE(p) and PE(p+k) over the pairs of each band, in
 * one pass over the pairs: out[b] for b = ANALYSIS_ALL, ANALYSIS_FAST and
 * ANALYSIS_SLOW is pe_cos_similarity over analysis_band_pairs (1 for an
 * empty band), each band's cosines added in the same order. The angles
 * k w_i go through pe_sincos: libm's cosine, bit for bit, below 1e8, and
 * within 3e-16 of it past 1e8 (offsets near a billion), where libm's slow
 * reduction made a band three times dearer. O(d) pow and cos. */
void analysis_band_similarities(const struct pe_params *p, int split,
				double k, double out[3]);

/* Doubles of workspace analysis_band_curves needs for d_model d
 * (5 * (d/2)). */
/* For tests only. */
int analysis_curves_workspace(int d_model);

/* The three band similarities sampled at the offsets k_j = j * step,
 * j = 0 .. n-1 (n >= 1, step > 0), for a plot whose samples stand for
 * `step` offsets each. Sample j is the mean of the band similarity over the
 * offsets k_j + t, t = -(step-1)/2, ..., +(step-1)/2 (step of them, spaced
 * one apart): pair i enters with the block factor
 * D_i = sin(step w_i / 2) / (step sin(w_i / 2)) (1 when step <= 1, or when
 * step w_i / 2 is below 2^-26, as in pe_block_mean), so a pair faster than
 * the spacing averages out instead of aliasing into false slow wiggles. For
 * an odd integer step the offsets are integers and the sample is exactly the
 * mean of analysis_band_similarity over them; other steps extend the same
 * formula smoothly. Writes all[j], fast[j], slow[j] (any may be NULL) for
 * split as in analysis_band_pairs. Cost: one pow and two sin/cos per pair,
 * then one multiply-subtract per pair and sample (a three-term recurrence,
 * re-seeded from cosines every 1024 samples); results agree with the
 * direct sum to ~1e-9. work: analysis_curves_workspace(d) doubles. */
/* For tests only. */
void analysis_band_curves(const struct pe_params *p, int split, double step,
			  int n, double *work, double *all, double *fast,
			  double *slow);

/* The same sums in parts, for a view that spreads them over frames: adds
 * to fast_sum[j] and slow_sum[j] (j = 0 .. n-1) the weighted cosines
 * D_i cos(k_j w_i) of the pairs [pair0, pair1) (0 <= pair0 <= pair1 <=
 * d/2) that belong to the fast band and to the slow band. Over all pairs
 * in one call, starting from zeros, fast_sum[j] / split is bit for bit
 * analysis_band_curves' fast[j] (and likewise slow and all); ranges added
 * one after the other give the same up to the rounding of the additions.
 * work: 5 * (pair1 - pair0) doubles. */
void analysis_band_sums(const struct pe_params *p, int split, double step,
			int n, int pair0, int pair1, double *work,
			double *fast_sum, double *slow_sum);

/* ---- how far the similarity reaches, and how close it comes back ---- */

/* The result of analysis_scan_offsets. Offsets 1 .. scanned were examined;
 * every field is about those. */
struct analysis_scan {
	long long scanned;	/* len-1, or fewer when the budget ran out */
	bool complete;		/* scanned == len - 1: every offset within the
				   length was examined */
	long long reach;	/* the largest K in 0 .. scanned such that
				   sim(k) >= threshold for every 1 <= k <= K
				   (0: already sim(1) < threshold) */
	bool reach_exact;	/* sim(reach + 1) < threshold was seen, or
				   reach == len - 1; else reach is only a
				   lower bound (the budget ran out first) */
	long long peak_at;	/* the smallest k in 1 .. scanned where sim(k)
				   is highest; 0 when nothing was scanned */
	double peak;		/* sim(peak_at) as pe_cos_similarity gives it;
				   0 when peak_at == 0 */
};

/* Doubles of workspace analysis_scan_offsets needs for d_model d (2*d). */
int analysis_scan_workspace(int d_model);

/* Examines sim(k) for k = 1, 2, ... up to len - 1 (the largest offset
 * between two of len positions), left to right, and fills *out:
 *   - reach: how far the full similarity stays at or above `threshold`
 *     without a break;
 *   - peak, peak_at: the highest similarity at any offset k != 0 (k and -k
 *     alike, since sim is even): how close another position comes to
 *     looking like this one. Below 1 means every position is told apart;
 *     usually it is the nearest neighbour, k = 1, unless the pairs that are
 *     not slow all come back in phase at some distant offset (small d,
 *     base near 1).
 * Intervals of offsets that provably cannot change the result (their upper
 * bound is below the best value so far and, while the reach is still open,
 * their lower bound is above the threshold) are skipped whole; the rest is
 * evaluated offset by offset with a three-term recurrence (one
 * multiply-subtract per pair, re-seeded from cosines every 256 offsets).
 * `budget` caps the work, in units of one pair in one recurrence step
 * (~0.4 ns; a cosine counts 100): when it runs out, out->scanned < len - 1
 * and everything holds for offsets 1 .. scanned only (at least the first
 * 64 offsets, or all of them when fewer, are always done). len <= 1 leaves nothing to scan: scanned = reach = 0,
 * reach_exact and complete true, no peak. Threshold decisions and the
 * reported peak value are exact (pe_cos_similarity; values within 1e-9 of
 * the threshold are re-checked with it); candidates for the peak are
 * compared with the recurrence's values (within ~1e-11 of exact), so of two
 * offsets closer than that the one reported may be either.
 * work: analysis_scan_workspace(d) doubles. */
/* For tests only. */
void analysis_scan_offsets(const struct pe_params *p, long long len,
			   double threshold, long long budget, double *work,
			   struct analysis_scan *out);

/* The same scan in slices, for a view that spreads it over frames. A
 * scanner keeps the walk's place between calls; its fields belong to
 * pe_analysis.c. analysis_scan_start sets it up with `work` of
 * analysis_scan_workspace(d) doubles, which must outlive it;
 * analysis_scan_omegas then fills in what it needs of pairs [pair0, pair1)
 * (a pow and a cos each), for every pair before the first run (len >= 2);
 * analysis_scan_run continues the walk until the scan is complete (returns
 * true) or its total cost since the start reaches `budget` (returns false;
 * call again with a larger budget to go on); analysis_scan_result (d/2
 * cosines) reports what has been scanned so far. Start, the omegas, one
 * run with budget B and the result give exactly
 * analysis_scan_offsets(..., B, ...), and so do runs with growing budgets
 * that end at B. */
struct analysis_scanner {
	int h;			/* pairs */
	double *work;		/* the caller's: w, tc, cur, prev */
	const double *w;	/* omega_i */
	const double *tc;	/* 2 cos(omega_i) */
	double *cur, *prev;	/* recurrence: cos(rec_k w_i), cos((rec_k-1) w_i) */
	long long rec_k;	/* offset cur holds, or 0: not seeded */
	int rec_age;		/* steps since the last seed */
	double threshold;	/* the reach's threshold, as a cosine */
	double level;		/* threshold * h: the same as a sum */
	bool in_lobe;		/* no offset below the threshold seen yet */
	long long reach;	/* set when the lobe ends */
	double best;		/* highest sum seen */
	long long best_k;	/* where (the first such offset) */
	long long spent;	/* cost so far, in pair-steps */
	long long k, last;	/* next offset to examine; len - 1 */
	long long span;		/* length of the next interval to try */
	long long wait;		/* leaves to evaluate before the next try */
	long long backoff;	/* leaves to wait after the next failed try */
};
void analysis_scan_start(struct analysis_scanner *s, const struct pe_params *p,
			 long long len, double threshold, double *work);
void analysis_scan_omegas(struct analysis_scanner *s,
			  const struct pe_params *p, int pair0, int pair1);
bool analysis_scan_run(struct analysis_scanner *s, long long budget);
void analysis_scan_result(const struct analysis_scanner *s,
			  struct analysis_scan *out);

#endif
