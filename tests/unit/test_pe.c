/* test_pe.c - unit tests of the positional encoding engine (src/pe.c).
 *
 * Values are checked against a long-double reference written here from the
 * definition (powl, sinl, cosl and its own dimension map), never by calling
 * pe.c; the rest checks identities that must hold between pe.c's own
 * functions (rotation, norms, dot products, block means, layouts). Loops
 * record their worst error and assert once, with the place it happened. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"

/* ---- helpers ---- */

static const enum pe_layout layouts[] = {PE_INTERLEAVED, PE_CONCAT};
static const double bases[] = {1.000001, 2.0, 10000.0, 5e5, 1e12};

/* The worst error seen by a loop, and where it happened. NaN counts as the
 * worst of all. */
struct worst {
	double err;
	char where[200];
};

static void note(struct worst *w, double err, const char *fmt, ...)
{
	va_list ap;

	if (isnan(err))
		err = INFINITY;
	if (err <= w->err && w->where[0] != '\0')
		return;
	w->err = err;
	va_start(ap, fmt);
	vsnprintf(w->where, sizeof w->where, fmt, ap);
	va_end(ap);
}

static struct pe_params params(int d, double base, enum pe_layout layout)
{
	return (struct pe_params){.d_model = d, .base = base, .layout = layout};
}

static double *row_alloc(int d)
{
	double *r = malloc((size_t)d * sizeof *r);

	cr_assert_not_null(r);
	return r;
}

/* Dimensions to check for d: all of them up to 4096, else a sample that
 * keeps both ends of both halves. Returns how many were written to dims. */
static int sample_dims(int d, int *dims)
{
	int n = 0;

	if (d <= 4096) {
		for (int i = 0; i < d; i++)
			dims[n++] = i;
		return n;
	}
	for (int i = 0; i < d; i += 509)
		dims[n++] = i;
	const int ends[] = {1, 2, 3, d / 2 - 2, d / 2 - 1, d / 2, d / 2 + 1,
			    d - 3, d - 2, d - 1};
	for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++)
		dims[n++] = ends[k];
	return n;
}

/* ---- the independent long-double reference ---- */

static long double ref_omega(int d, double base, int pair)
{
	return powl(base, -(2.0L * pair) / d);
}

static int ref_pair(int d, enum pe_layout layout, int dim)
{
	return layout == PE_CONCAT ? dim % (d / 2) : dim / 2;
}

static bool ref_is_cos(int d, enum pe_layout layout, int dim)
{
	return layout == PE_CONCAT ? dim >= d / 2 : dim % 2 == 1;
}

static long double ref_value(int d, double base, enum pe_layout layout,
			     long double pos, int dim)
{
	long double a = pos * ref_omega(d, base, ref_pair(d, layout, dim));

	return ref_is_cos(d, layout, dim) ? cosl(a) : sinl(a);
}

/* Mean over positions p0 .. p0+n-1, summed one by one. */
static long double ref_block_mean(int d, double base, enum pe_layout layout,
				  double p0, long n, int dim)
{
	long double sum = 0.0L;

	for (long j = 0; j < n; j++)
		sum += ref_value(d, base, layout, (long double)p0 + j, dim);
	return sum / n;
}

/* ---- parameters and maps ---- */

Test(pe, params_valid_accepts_the_documented_ranges)
{
	struct pe_params ok[] = {
		params(2, 10000.0, PE_INTERLEAVED),
		params(65536, 1e12, PE_CONCAT),
		params(6, nextafter(1.0, 2.0), PE_INTERLEAVED),
		params(512, 1.000001, PE_CONCAT),
	};
	struct pe_params bad[] = {
		params(0, 10000.0, PE_INTERLEAVED),
		params(-2, 10000.0, PE_INTERLEAVED),
		params(3, 10000.0, PE_INTERLEAVED),
		params(65538, 10000.0, PE_INTERLEAVED),
		params(512, 1.0, PE_INTERLEAVED),
		params(512, 0.5, PE_INTERLEAVED),
		params(512, -10.0, PE_INTERLEAVED),
		params(512, nextafter(1e12, INFINITY), PE_INTERLEAVED),
		params(512, INFINITY, PE_INTERLEAVED),
		params(512, NAN, PE_INTERLEAVED),
		params(512, 10000.0, (enum pe_layout)7),
	};

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		cr_assert(pe_params_valid(&ok[i]), "valid case %zu refused", i);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_assert(!pe_params_valid(&bad[i]), "bad case %zu accepted", i);
	cr_assert(!pe_params_valid(NULL));
}

Test(pe, layout_names)
{
	cr_assert_str_eq(pe_layout_name(PE_INTERLEAVED), "interleaved");
	cr_assert_str_eq(pe_layout_name(PE_CONCAT), "concat");
	cr_assert_not_null(pe_layout_name((enum pe_layout)42));
}

Test(pe, dim_pair_fn_maps_are_inverse_in_both_layouts)
{
	const int ds[] = {2, 4, 6, 512, 65536};
	static bool seen[65536];

	for (size_t li = 0; li < 2; li++) {
		for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++) {
			int d = ds[di];
			struct pe_params p = params(d, 10000.0, layouts[li]);

			memset(seen, 0, sizeof seen);
			for (int dim = 0; dim < d; dim++) {
				int pair = pe_pair_of(&p, dim);
				enum pe_fn fn = pe_fn_of(&p, dim);
				cr_assert(pair >= 0 && pair < d / 2);
				cr_assert_eq(pair, ref_pair(d, layouts[li], dim));
				cr_assert_eq(fn == PE_COS,
					     ref_is_cos(d, layouts[li], dim));
				cr_assert_eq(pe_dim_of(&p, pair, fn), dim,
					     "d=%d %s dim %d", d,
					     pe_layout_name(layouts[li]), dim);
			}
			for (int pair = 0; pair < d / 2; pair++) {
				for (int f = 0; f < 2; f++) {
					enum pe_fn fn = f ? PE_COS : PE_SIN;
					int dim = pe_dim_of(&p, pair, fn);
					cr_assert(dim >= 0 && dim < d);
					cr_assert(!seen[dim], "dim %d twice", dim);
					seen[dim] = true;
					cr_assert_eq(pe_pair_of(&p, dim), pair);
					cr_assert_eq(pe_fn_of(&p, dim), fn);
				}
			}
		}
	}
}

Test(pe, known_positions_of_each_layout)
{
	struct pe_params il = params(8, 10000.0, PE_INTERLEAVED);
	struct pe_params cc = params(8, 10000.0, PE_CONCAT);

	cr_assert_eq(pe_dim_of(&il, 0, PE_SIN), 0);
	cr_assert_eq(pe_dim_of(&il, 0, PE_COS), 1);
	cr_assert_eq(pe_dim_of(&il, 3, PE_COS), 7);
	cr_assert_eq(pe_dim_of(&cc, 0, PE_COS), 4);
	cr_assert_eq(pe_dim_of(&cc, 3, PE_SIN), 3);
	cr_assert_eq(pe_dim_of(&cc, 3, PE_COS), 7);
}

/* ---- frequencies ---- */

Test(pe, wavelengths_run_from_two_pi_to_just_under_two_pi_base)
{
	const int ds[] = {2, 4, 512, 4096, 65536};

	for (size_t bi = 0; bi < sizeof bases / sizeof bases[0]; bi++) {
		for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++) {
			double base = bases[bi];
			int d = ds[di], last = d / 2 - 1;
			struct pe_params p = params(d, base, PE_INTERLEAVED);
			long double want = 2.0L * acosl(-1.0L) *
					   powl(base, (long double)(d - 2) / d);

			cr_assert_eq(pe_omega(&p, 0), 1.0);
			cr_assert_eq(pe_wavelength(&p, 0), 2.0 * M_PI);
			cr_assert_lt(pe_wavelength(&p, last), 2.0 * M_PI * base);
			cr_assert_leq(fabsl(pe_wavelength(&p, last) - want),
				      1e-13L * want, "d=%d base=%.9g", d, base);
			for (int i = 1; i < d / 2; i += 1 + d / 64) {
				double w = pe_omega(&p, i);
				cr_assert(w > 0.0 && w < pe_omega(&p, i - 1));
			}
		}
	}
}

/* ---- values ---- */

Test(pe, values_match_the_long_double_reference)
{
	const double positions[] = {0, 1, 2, 1000, 123457, 1e6};
	const int ds[] = {2, 4, 512, 4096, 65536};
	static int dims[65536];
	double *row = row_alloc(65536);
	struct worst w = {0};

	for (size_t bi = 0; bi < sizeof bases / sizeof bases[0]; bi++)
	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
	for (size_t li = 0; li < 2; li++)
	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++) {
		int d = ds[di], n = sample_dims(d, dims);
		double pos = positions[pi];
		struct pe_params p = params(d, bases[bi], layouts[li]);

		pe_row(&p, pos, row);
		for (int k = 0; k < n; k++) {
			int dim = dims[k];
			long double want =
				ref_value(d, bases[bi], layouts[li], pos, dim);
			double v = pe_value(&p, pos, dim);

			cr_assert_eq(v, row[dim], "pe_row differs from pe_value");
			note(&w, (double)fabsl(v - want),
			     "pos=%g d=%d dim=%d base=%.9g %s", pos, d, dim,
			     bases[bi], pe_layout_name(layouts[li]));
		}
	}
	free(row);
	cr_assert_leq(w.err, 1e-9, "error %g at %s", w.err, w.where);
}

Test(pe, position_zero_is_exactly_sin_0_and_cos_1)
{
	const int ds[] = {2, 512, 65536};
	double *row = row_alloc(65536);

	for (size_t li = 0; li < 2; li++) {
		for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++) {
			struct pe_params p = params(ds[di], 1e12, layouts[li]);

			pe_row(&p, 0.0, row);
			for (int i = 0; i < ds[di] / 2; i++) {
				cr_assert_eq(row[pe_dim_of(&p, i, PE_SIN)], 0.0);
				cr_assert_eq(row[pe_dim_of(&p, i, PE_COS)], 1.0);
			}
		}
	}
	free(row);
}

Test(pe, huge_positions_stay_finite_and_on_the_circle)
{
	struct pe_params p = params(4096, 10000.0, PE_INTERLEAVED);
	double *row = row_alloc(4096);

	pe_row(&p, 1e9, row);
	for (int i = 0; i < 2048; i++) {
		double s = row[2 * i], c = row[2 * i + 1];
		cr_assert(isfinite(s) && isfinite(c));
		cr_assert(fabs(s) <= 1.0 && fabs(c) <= 1.0);
		cr_assert_leq(fabs(s * s + c * c - 1.0), 4 * DBL_EPSILON);
	}
	free(row);
}

/* ---- identities ---- */

Test(pe, each_pair_is_on_the_unit_circle_and_the_norm_is_half_d)
{
	const double positions[] = {0, 1, 17, 1000, 123457, 1e6};
	const int ds[] = {2, 6, 512, 4096};
	double *row = row_alloc(4096);
	struct worst pair_err = {0}, norm_err = {0};

	for (size_t bi = 0; bi < sizeof bases / sizeof bases[0]; bi++)
	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++) {
		int d = ds[di];
		struct pe_params p = params(d, bases[bi], PE_CONCAT);
		double norm2 = 0.0;

		pe_row(&p, positions[pi], row);
		for (int i = 0; i < d / 2; i++) {
			double s = row[i], c = row[d / 2 + i];
			note(&pair_err, fabs(s * s + c * c - 1.0),
			     "pos=%g d=%d pair=%d", positions[pi], d, i);
		}
		for (int dim = 0; dim < d; dim++)
			norm2 += row[dim] * row[dim];
		note(&norm_err, fabs(norm2 - d / 2.0) / (d / 2.0), "pos=%g d=%d",
		     positions[pi], d);
	}
	free(row);
	cr_assert_leq(pair_err.err, 4 * DBL_EPSILON, "%g at %s", pair_err.err,
		      pair_err.where);
	cr_assert_leq(norm_err.err, 1e-13, "%g at %s (relative)",
		      norm_err.err, norm_err.where);
}

static double dot(const double *a, const double *b, int n)
{
	double sum = 0.0;

	for (int i = 0; i < n; i++)
		sum += a[i] * b[i];
	return sum;
}

Test(pe, similarity_is_the_dot_product_of_two_rows)
{
	const double positions[] = {0, 3, 250, 1000};
	const double offsets[] = {-100, -1, 0, 1, 7, 64, 999};
	const int ds[] = {2, 6, 128, 4096};
	const double bs[] = {2.0, 10000.0, 1e12};
	double *a = row_alloc(4096), *b = row_alloc(4096);
	struct worst w = {0};

	for (size_t bi = 0; bi < sizeof bs / sizeof bs[0]; bi++)
	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++)
	for (size_t ki = 0; ki < sizeof offsets / sizeof offsets[0]; ki++) {
		int d = ds[di];
		double pos = positions[pi], k = offsets[ki];
		struct pe_params p = params(d, bs[bi], PE_INTERLEAVED);

		pe_row(&p, pos, a);
		pe_row(&p, pos + k, b);
		note(&w, fabs(pe_similarity(&p, k, 0, d / 2) - dot(a, b, d)) / d,
		     "pos=%g k=%g d=%d base=%.9g", pos, k, d, bs[bi]);
		/* a band of pairs is the dot product of its dimensions */
		int i0 = d / 8, i1 = d / 4;
		note(&w, fabs(pe_similarity(&p, k, i0, i1) -
			      dot(a + 2 * i0, b + 2 * i0, 2 * (i1 - i0))) / d,
		     "band pos=%g k=%g d=%d base=%.9g", pos, k, d, bs[bi]);
	}
	free(a);
	free(b);
	/* rounding of phases up to ~2000: a few 1e-13 */
	cr_assert_leq(w.err, 5e-13, "%g (per dim) at %s", w.err, w.where);
}

Test(pe, cosine_similarity_is_normalised)
{
	struct pe_params p = params(512, 10000.0, PE_CONCAT);

	cr_assert_eq(pe_similarity(&p, 0.0, 0, 256), 256.0);
	cr_assert_eq(pe_similarity(&p, 5.0, 7, 7), 0.0);
	cr_assert_eq(pe_cos_similarity(&p, 0.0, 0, 256), 1.0);
	cr_assert_eq(pe_cos_similarity(&p, 5.0, 7, 7), 1.0);
	for (double k = -300.0; k <= 300.0; k += 7.5) {
		double c = pe_cos_similarity(&p, k, 10, 200);
		cr_assert(c >= -1.0 && c <= 1.0);
		cr_assert_float_eq(c, pe_similarity(&p, k, 10, 200) / 190.0,
				   1e-15);
		cr_assert_eq(pe_similarity(&p, k, 0, 256),
			     pe_similarity(&p, -k, 0, 256), "s is even");
	}
	/* pair 0 alone: cos(k) */
	cr_assert_float_eq(pe_cos_similarity(&p, 2.0, 0, 1), cos(2.0), 1e-15);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

Test(pe, layouts_are_permutations_with_the_same_dot_products)
{
	const double positions[] = {0, 5, 1234.5, 1e6};
	struct pe_params il = params(512, 10000.0, PE_INTERLEAVED);
	struct pe_params cc = params(512, 10000.0, PE_CONCAT);
	double a[512], b[512], a2[512], b2[512];

	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++) {
		double pos = positions[pi];

		pe_row(&il, pos, a);
		pe_row(&cc, pos, b);
		for (int i = 0; i < 256; i++) {
			for (int f = 0; f < 2; f++) {
				enum pe_fn fn = f ? PE_COS : PE_SIN;
				cr_assert_eq(a[pe_dim_of(&il, i, fn)],
					     b[pe_dim_of(&cc, i, fn)]);
			}
		}
		pe_row(&il, pos + 37.0, a2);
		pe_row(&cc, pos + 37.0, b2);
		cr_assert_float_eq(dot(a, a2, 512), dot(b, b2, 512), 1e-11);
		/* the same multiset of values */
		qsort(a, 512, sizeof a[0], cmp_double);
		qsort(b, 512, sizeof b[0], cmp_double);
		cr_assert_arr_eq(a, b, sizeof a);
	}
}

Test(pe, an_offset_is_a_rotation_of_each_pair)
{
	const double positions[] = {0, 3, 500, 999.5};
	const double offsets[] = {-7, 0.5, 1, 100};
	double a[512], b[512];
	struct worst w = {0};

	for (size_t bi = 0; bi < sizeof bases / sizeof bases[0]; bi++)
	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++)
	for (size_t ki = 0; ki < sizeof offsets / sizeof offsets[0]; ki++) {
		struct pe_params p = params(512, bases[bi], PE_INTERLEAVED);
		double pos = positions[pi], k = offsets[ki];

		pe_row(&p, pos, a);
		pe_row(&p, pos + k, b);
		for (int i = 0; i < 256; i++) {
			double m[2][2];

			pe_rotation(&p, i, k, m);
			cr_assert_eq(m[0][0], m[1][1]);
			cr_assert_eq(m[0][1], -m[1][0]);
			note(&w, fabs(m[0][0] * a[2 * i] + m[0][1] * a[2 * i + 1] -
				      b[2 * i]),
			     "sin pos=%g k=%g pair=%d", pos, k, i);
			note(&w, fabs(m[1][0] * a[2 * i] + m[1][1] * a[2 * i + 1] -
				      b[2 * i + 1]),
			     "cos pos=%g k=%g pair=%d", pos, k, i);
		}
	}
	cr_assert_leq(w.err, 1e-12, "%g at %s", w.err, w.where);
}

Test(pe, rotation_residual_is_rounding_noise)
{
	const int ds[] = {2, 64, 512, 4096};
	const double positions[] = {0, 1, 42, 100};
	const double offsets[] = {-100, -3, 0, 1, 2.5, 100};
	struct worst w = {0};

	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++)
	for (size_t ki = 0; ki < sizeof offsets / sizeof offsets[0]; ki++) {
		struct pe_params p = params(ds[di], 10000.0, PE_CONCAT);
		double r = pe_rotation_residual(&p, positions[pi], offsets[ki]);

		cr_assert_geq(r, 0.0);
		note(&w, r, "d=%d pos=%g k=%g", ds[di], positions[pi],
		     offsets[ki]);
	}
	cr_assert_lt(w.err, 1e-12, "residual %g at %s", w.err, w.where);
}

/* ---- block means ---- */

/* Pairs with a fast, a middling and the slowest frequency. */
static void probe_pairs(int d, int pairs[3])
{
	pairs[0] = 0;
	pairs[1] = d / 4;
	pairs[2] = d / 2 - 1;
}

static void check_block_means_brute(const double *p0s, size_t np0, double tol)
{
	const long ns[] = {1, 2, 7, 1000};
	const double bs[] = {1.000001, 10000.0, 1e12};
	const int ds[] = {2, 64, 4096};
	struct worst w = {0};

	for (size_t bi = 0; bi < sizeof bs / sizeof bs[0]; bi++)
	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
	for (size_t li = 0; li < 2; li++)
	for (size_t pi = 0; pi < np0; pi++)
	for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
		int d = ds[di], pairs[3];
		struct pe_params p = params(d, bs[bi], layouts[li]);

		probe_pairs(d, pairs);
		for (int k = 0; k < 6; k++) {
			int dim = pe_dim_of(&p, pairs[k / 2],
					    k % 2 ? PE_COS : PE_SIN);
			long double want = ref_block_mean(
				d, bs[bi], layouts[li], p0s[pi], ns[ni], dim);
			double got = pe_block_mean(&p, p0s[pi], (double)ns[ni],
						   dim);
			note(&w, (double)fabsl(got - want),
			     "p0=%g n=%ld d=%d dim=%d base=%.9g %s", p0s[pi],
			     ns[ni], d, dim, bs[bi],
			     pe_layout_name(layouts[li]));
		}
	}
	cr_assert_leq(w.err, tol, "error %g at %s", w.err, w.where);
}

Test(pe, block_mean_matches_brute_force_near_the_origin)
{
	const double p0s[] = {0, 3, 100.5, 1000};

	check_block_means_brute(p0s, sizeof p0s / sizeof p0s[0], 1e-12);
}

Test(pe, block_mean_matches_brute_force_far_out)
{
	const double p0s[] = {123457, 998000};

	check_block_means_brute(p0s, sizeof p0s / sizeof p0s[0], 1e-9);
}

Test(pe, block_mean_of_one_position_is_the_value)
{
	const double positions[] = {0, 1, 2.5, 1000, 1e6, 1e9};

	for (size_t bi = 0; bi < sizeof bases / sizeof bases[0]; bi++)
	for (size_t li = 0; li < 2; li++)
	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++) {
		struct pe_params p = params(4096, bases[bi], layouts[li]);

		for (int dim = 0; dim < 4096; dim += 5)
			cr_assert_eq(pe_block_mean(&p, positions[pi], 1.0, dim),
				     pe_value(&p, positions[pi], dim),
				     "pos=%g dim=%d", positions[pi], dim);
	}
}

Test(pe, block_means_equal_repeated_block_mean)
{
	const double p0s[] = {0, 5, 1000.5};
	const double ns[] = {1, 3, 7, 1000, 7142.5};
	const int counts[] = {1, 7, 8, 9, 64, 140, 256, 257, 600};
	const double bs[] = {2.0, 10000.0, 1e12};
	static double out[600];
	struct worst w = {0};

	for (size_t bi = 0; bi < sizeof bs / sizeof bs[0]; bi++)
	for (size_t li = 0; li < 2; li++)
	for (size_t pi = 0; pi < sizeof p0s / sizeof p0s[0]; pi++)
	for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++)
	for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
		struct pe_params p = params(512, bs[bi], layouts[li]);
		double p0 = p0s[pi], n = ns[ni];
		int count = counts[ci];

		for (int dim = 0; dim < 512; dim += 17) {
			pe_block_means(&p, p0, n, dim, count, out);
			for (int j = 0; j < count; j++) {
				double want = pe_block_mean(&p, p0 + j * n, n,
							    dim);
				note(&w, fabs(out[j] - want),
				     "p0=%g n=%g count=%d j=%d dim=%d base=%.9g %s",
				     p0, n, count, j, dim, bs[bi],
				     pe_layout_name(layouts[li]));
			}
		}
	}
	cr_assert_leq(w.err, 1e-12, "error %g at %s", w.err, w.where);
}

Test(pe, block_means_far_out_stay_within_the_contract)
{
	struct pe_params p = params(4096, 10000.0, PE_INTERLEAVED);
	static double out[300];
	struct worst w = {0};

	for (int dim = 0; dim < 4096; dim += 13) {
		pe_block_means(&p, 990000.0, 31.0, dim, 300, out);
		for (int j = 0; j < 300; j += 11)
			note(&w, (double)fabsl(out[j] -
					       ref_block_mean(4096, 10000.0,
							      PE_INTERLEAVED,
							      990000.0 + 31 * j,
							      31, dim)),
			     "dim=%d j=%d", dim, j);
	}
	cr_assert_leq(w.err, 1e-9, "error %g at %s", w.err, w.where);
}

Test(pe, huge_blocks_average_fast_pairs_away_and_keep_slow_ones)
{
	struct pe_params p = params(4096, 1e12, PE_INTERLEAVED);
	const double n = 1e9, mid = 0.5 * (n - 1);
	static double out[1000];

	/* the fastest pair turns ~1.6e8 times: its mean is ~1/n */
	for (int dim = 0; dim < 2; dim++)
		cr_assert_lt(fabs(pe_block_mean(&p, 0.0, n, dim)), 1e-8);
	/* the slowest pair (wavelength ~6e12) barely moves over 1e9
	 * positions: its mean is its value at the middle of the block */
	for (int dim = 4094; dim < 4096; dim++)
		cr_assert_float_eq(pe_block_mean(&p, 0.0, n, dim),
				   pe_value(&p, mid, dim), 1e-6, "dim %d", dim);
	/* and a huge block is the mean of its 1000 sub-blocks */
	for (int dim = 0; dim < 4096; dim += 7) {
		double sum = 0.0;

		pe_block_means(&p, 0.0, 1e6, dim, 1000, out);
		for (int j = 0; j < 1000; j++)
			sum += out[j];
		cr_assert_float_eq(pe_block_mean(&p, 0.0, n, dim), sum / 1000,
				   1e-10, "dim %d", dim);
	}
}

Test(pe, rect_mean_matches_brute_force)
{
	const double p0s[] = {0, 17, 500};
	const long ns[] = {1, 9, 50};
	const int dim0s[] = {0, 3, 250, 300};
	const int ndimss[] = {1, 2, 12, 200};
	struct worst w = {0};

	for (size_t li = 0; li < 2; li++)
	for (size_t pi = 0; pi < sizeof p0s / sizeof p0s[0]; pi++)
	for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++)
	for (size_t i0 = 0; i0 < sizeof dim0s / sizeof dim0s[0]; i0++)
	for (size_t nd = 0; nd < sizeof ndimss / sizeof ndimss[0]; nd++) {
		struct pe_params p = params(512, 10000.0, layouts[li]);
		int dim0 = dim0s[i0], ndims = ndimss[nd];
		long double want = 0.0L;

		if (dim0 + ndims > 512)
			continue;
		for (int dim = dim0; dim < dim0 + ndims; dim++)
			want += ref_block_mean(512, 10000.0, layouts[li], p0s[pi],
					       ns[ni], dim);
		want /= ndims;
		note(&w, (double)fabsl(pe_rect_mean(&p, p0s[pi], (double)ns[ni],
						    dim0, ndims) - want),
		     "p0=%g n=%ld dims=[%d,+%d) %s", p0s[pi], ns[ni], dim0,
		     ndims, pe_layout_name(layouts[li]));
	}
	cr_assert_leq(w.err, 1e-12, "error %g at %s", w.err, w.where);
}

/* ---- streaming rows ---- */

static void check_rowgen(double p0, double tol_row, double tol_ref)
{
	const int ds[] = {2, 6, 512};
	const double bs[] = {1.000001, 10000.0, 1e12};
	struct worst vs_row = {0}, vs_ref = {0}, circle = {0};

	for (size_t bi = 0; bi < sizeof bs / sizeof bs[0]; bi++)
	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
	for (size_t li = 0; li < 2; li++) {
		int d = ds[di], nws = pe_rowgen_workspace(d);
		struct pe_params p = params(d, bs[bi], layouts[li]);
		double *ws = row_alloc(nws), *got = row_alloc(d + 1);
		double *want = row_alloc(d);
		struct pe_rowgen gen;

		pe_rowgen_init(&gen, &p, p0, ws);
		for (int r = 0; r < 1000; r++) {
			got[d] = 12345.0;	/* must stay untouched */
			pe_rowgen_next(&gen, got);
			cr_assert_eq(got[d], 12345.0, "wrote past the row");
			pe_row(&p, p0 + r, want);
			for (int i = 0; i < d / 2; i++) {
				double s = got[pe_dim_of(&p, i, PE_SIN)];
				double c = got[pe_dim_of(&p, i, PE_COS)];
				note(&circle, fabs(s * s + c * c - 1.0),
				     "row %d d=%d pair=%d", r, d, i);
			}
			for (int dim = 0; dim < d; dim++) {
				if (r % PE_ROWGEN_RESEED == 0)
					cr_assert_eq(got[dim], want[dim],
						     "seed row %d differs", r);
				note(&vs_row, fabs(got[dim] - want[dim]),
				     "row %d d=%d dim=%d base=%.9g %s", r, d, dim,
				     bs[bi], pe_layout_name(layouts[li]));
				if (r % 37 == 0)
					note(&vs_ref,
					     (double)fabsl(got[dim] -
							   ref_value(d, bs[bi],
								     layouts[li],
								     p0 + r, dim)),
					     "row %d d=%d dim=%d", r, d, dim);
			}
		}
		free(ws);
		free(got);
		free(want);
	}
	cr_assert_leq(vs_row.err, tol_row, "vs pe_row: %g at %s", vs_row.err,
		      vs_row.where);
	cr_assert_leq(vs_ref.err, tol_ref, "vs reference: %g at %s", vs_ref.err,
		      vs_ref.where);
	/* the recurrence must not let the amplitude drift */
	cr_assert_leq(circle.err, 1e-13, "|s^2 + c^2 - 1| = %g at %s",
		      circle.err, circle.where);
}

Test(pe, rowgen_matches_pe_row_from_zero)
{
	check_rowgen(0.0, 1e-12, 1e-12);
}

/* Near 1e6, pe_row rounds p*omega to an ulp of the phase (2^-33 = 1.2e-10
 * for the fastest pairs) where the recurrence carries its seed's rounding
 * instead: the two differ by up to about that ulp, not 1e-12, while both
 * stay within the 1e-9 contract. */
Test(pe, rowgen_matches_pe_row_near_a_million)
{
	check_rowgen(999000.0, 2 * 0x1p-33, 1e-9);
}

Test(pe, rowgen_keeps_to_its_workspace)
{
	const int d = 10;
	int nws = pe_rowgen_workspace(d);
	double *ws = row_alloc(nws + 2), out[10];
	struct pe_params p = params(d, 10000.0, PE_INTERLEAVED);
	struct pe_rowgen gen;

	cr_assert_geq(nws, 2 * d);
	ws[0] = ws[nws + 1] = -7.0;
	pe_rowgen_init(&gen, &p, 0.0, ws + 1);
	for (int r = 0; r < 200; r++)
		pe_rowgen_next(&gen, out);
	cr_assert_eq(ws[0], -7.0);
	cr_assert_eq(ws[nws + 1], -7.0);
	cr_assert_eq(gen.pos, 200.0);
	free(ws);
}

/* ---- never NaN or Inf ---- */

Test(pe, extreme_valid_inputs_give_finite_numbers)
{
	const int ds[] = {2, 4, 65536};
	const double bs[] = {nextafter(1.0, 2.0), 1.000001, 1e12};
	const double positions[] = {-1e9, -1.0, -0.5, 0.0, 0.5, 1e9};
	const double ns[] = {1, 2, 1e9};
	double out[8];

	for (size_t bi = 0; bi < sizeof bs / sizeof bs[0]; bi++)
	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
	for (size_t li = 0; li < 2; li++)
	for (size_t pi = 0; pi < sizeof positions / sizeof positions[0]; pi++) {
		int d = ds[di];
		struct pe_params p = params(d, bs[bi], layouts[li]);
		double pos = positions[pi];
		const int dims[] = {0, 1, d / 2 - 1, d / 2, d - 2, d - 1};

		cr_assert(pe_params_valid(&p));
		cr_assert(isfinite(pe_similarity(&p, pos, 0, d / 2)));
		cr_assert(isfinite(pe_cos_similarity(&p, pos, 0, d / 2)));
		cr_assert(isfinite(pe_rotation_residual(&p, pos, -pos)));
		for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
			int dim = dims[k], pair = pe_pair_of(&p, dim);
			double m[2][2];

			cr_assert(isfinite(pe_omega(&p, pair)));
			cr_assert(isfinite(pe_wavelength(&p, pair)));
			cr_assert_leq(fabs(pe_value(&p, pos, dim)), 1.0);
			pe_rotation(&p, pair, pos, m);
			cr_assert(isfinite(m[0][0]) && isfinite(m[0][1]));
			for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
				double v = pe_block_mean(&p, pos, ns[ni], dim);
				cr_assert(isfinite(v) && fabs(v) <= 1.0,
					  "block mean %g", v);
				pe_block_means(&p, pos, ns[ni], dim, 8, out);
				for (int j = 0; j < 8; j++)
					cr_assert(isfinite(out[j]) &&
						  fabs(out[j]) <= 1.0 + 1e-12);
				v = pe_rect_mean(&p, pos, ns[ni], dim, 1);
				cr_assert(isfinite(v));
			}
		}
	}
}

/* ---- pe_span_means: plot columns over any window ---- */

/* Spans of a floor partition of [pos0, pos0+npos) into w columns, or single
 * positions when there are fewer positions than columns. */
static void make_spans(long long pos0, long long npos, int w, long long *st,
		       long long *ct)
{
	for (int j = 0; j < w; j++) {
		long long a = j * npos / w, b = (j + 1) * npos / w;
		st[j] = pos0 + a;
		ct[j] = b > a ? b - a : 1;
	}
}

Test(pe, span_means_match_block_means_for_every_kind_of_window)
{
	static const struct { long long pos0, npos; int w; } win[] = {
		{0, 128, 35}, {0, 35, 128}, {17, 200, 200}, {0, 1000000, 203},
		{999000, 1000, 7}, {5, 3, 300}, {0, 1000000000LL, 240},
	};
	long long st[400], ct[400];
	double got[400];

	for (size_t k = 0; k < sizeof win / sizeof win[0]; k++) {
		make_spans(win[k].pos0, win[k].npos, win[k].w, st, ct);
		for (int layout = 0; layout < 2; layout++) {
			struct pe_params p = {512, 10000.0, (enum pe_layout)layout};
			static const int dims[] = {0, 1, 7, 100, 255, 256, 510, 511};
			for (size_t di = 0; di < sizeof dims / sizeof dims[0]; di++) {
				pe_span_means(&p, dims[di], st, ct, win[k].w, got);
				for (int j = 0; j < win[k].w; j++) {
					double want = pe_block_mean(&p, (double)st[j],
								    (double)ct[j], dims[di]);
					/* Beyond 1e6 the phase itself is only good to
					 * pos * 2^-53; compare relative to that. */
					double tol = st[j] > 1000000 ? 1e-6 : 1e-10;
					cr_assert(fabs(got[j] - want) <= tol,
						  "window %zu dim %d col %d: %.17g vs %.17g",
						  k, dims[di], j, got[j], want);
				}
			}
		}
	}
}

Test(pe, span_means_of_single_positions_are_values)
{
	struct pe_params p = {64, 10000.0, PE_INTERLEAVED};
	long long st[50], ct[50];
	double got[50];

	for (int j = 0; j < 50; j++) {
		st[j] = 1000 + (j * 7) % 13;	/* irregular steps, repeats */
		ct[j] = 1;
	}
	for (int dim = 0; dim < 64; dim++) {
		pe_span_means(&p, dim, st, ct, 50, got);
		for (int j = 0; j < 50; j++)
			cr_assert_float_eq(got[j], pe_value(&p, (double)st[j], dim), 1e-11);
	}
}
