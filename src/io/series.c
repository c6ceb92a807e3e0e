/* series.c - CSV series and the reference vector (see series.h). */
#include "io/series.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "engine/attention.h"
#include "engine/pe_variants.h"
#include "engine/rope_bound.h"
#include "io/dump.h"

/* The most values of one row. */
enum { ROW_VALUES = 4 };

/* Writes v[0..n-1] (n <= ROW_VALUES) as one CSV row, each number as %.17g;
 * returns 0 or errno. */
static int put_row(FILE *fp, const double *v, int n)
{
	char line[ROW_VALUES * (DUMP_DOUBLE_MAX + 1) + 1];
	size_t len = 0;

	for (int k = 0; k < n; k++) {
		len += (size_t)dump_format_double(v[k], line + len);
		line[len++] = k + 1 < n ? ',' : '\n';
	}
	line[len] = '\0';
	if (fputs(line, fp) == EOF)
		return errno ? errno : EIO;
	return 0;
}

static bool cancelled(const volatile sig_atomic_t *cancel)
{
	return cancel && *cancel;
}

/* omega'_i of pair i under the stretch, at the current length len (for
 * dynamic NTK). */
static double series_stretched_omega(const struct pe_params *p,
			      const struct series_stretch *x, double len,
			      int pair)
{
	struct pe_yarn y = { x->s, x->train, PE_YARN_ALPHA, PE_YARN_BETA,
			       false };
	struct pe_llama3 l = { x->s, x->train, PE_LLAMA3_LOW, PE_LLAMA3_HIGH };

	switch (x->how) {
	case SERIES_SCALE_PI:
		return pe_scaled_omega(p, PE_SCALE_PI, x->s, pair);
	case SERIES_SCALE_NTK:
		return pe_scaled_omega(p, PE_SCALE_NTK, x->s, pair);
	case SERIES_SCALE_YARN:
		return pe_yarn_code_omega(p, &y, pair);
	case SERIES_SCALE_DYNAMIC:
		return pe_dynamic_ntk_omega(p, x->s, len, x->train, pair);
	case SERIES_SCALE_LLAMA3:
		return pe_llama3_omega(p, &l, pair);
	default:
		return pe_omega(p, pair);
	}
}

/* wavelengths, similarity and wave: one value per row, from pe.h (the
 * wavelengths under the spec's stretch). */
static int write_values(FILE *fp, const struct series_spec *sp,
			const volatile sig_atomic_t *cancel)
{
	const struct pe_params *p = &sp->pe;
	int half = p->d_model / 2, err = 0;
	long long rows = sp->kind == SERIES_WAVELENGTHS ? half : sp->length;

	for (long long r = 0; r < rows && !err; r++) {
		double v[2] = { (double)r, 0.0 };

		progress_tell(sp->progress, r, rows);
		if (cancelled(cancel))
			return ECANCELED;
		if (sp->kind == SERIES_WAVELENGTHS && sp->model)
			v[1] = PE_TWO_PI / rope_model_omega(sp->model,
							    (double)sp->length,
							    (int)r);
		else if (sp->kind == SERIES_WAVELENGTHS &&
			 sp->stretch.how == SERIES_SCALE_NONE)
			v[1] = pe_wavelength(p, (int)r);
		else if (sp->kind == SERIES_WAVELENGTHS)
			v[1] = PE_TWO_PI /
			       series_stretched_omega(p, &sp->stretch,
						      (double)sp->length, (int)r);
		else if (sp->kind == SERIES_SIMILARITY)
			v[1] = pe_cos_similarity(p, (double)r, 0, half);
		else
			v[1] = pe_value(p, (double)r, sp->dim);
		err = put_row(fp, v, 2);
	}
	return err;
}

/* wavelengths, similarity and wave of a loaded matrix. */
static int write_matrix(FILE *fp, const struct series_spec *sp,
			const volatile sig_atomic_t *cancel)
{
	const struct pe_matrix *m = sp->matrix;
	long long rows = sp->kind == SERIES_WAVELENGTHS ? m->cols
		       : sp->kind == SERIES_SIMILARITY ? m->rows - sp->pos
		       : m->rows;
	int err = 0;
	/* similarity: row pos read once, each other row into the rest
	 * (pe_matrix_cos_rows' scratch) */
	double *a = NULL, norm_a = 0.0;

	if (sp->kind == SERIES_SIMILARITY) {
		a = malloc(5 * (size_t)m->cols * sizeof *a);
		if (!a)
			return ENOMEM;
		pe_matrix_row(m, sp->pos, 0, m->cols, a);
		norm_a = pe_matrix_norm(m, sp->pos);
	}
	for (long long r = 0; r < rows && !err; r++) {
		double v[2] = { (double)r, 0.0 };

		progress_tell(sp->progress, r, rows);
		if (cancelled(cancel)) {
			err = ECANCELED;
			break;
		}
		if (sp->kind == SERIES_WAVELENGTHS)
			v[1] = pe_matrix_period(m, (int)r);
		else if (sp->kind == SERIES_SIMILARITY)
			pe_matrix_cos_rows(m, a, norm_a, sp->pos + r, 1,
					   a + m->cols, &v[1]);
		else
			v[1] = pe_matrix_value(m, r, sp->dim);
		err = put_row(fp, v, 2);
	}
	free(a);
	return err;
}

/* rope-bound: offsets in blocks, every pair added to a block at once. */
static int write_rope_bound(FILE *fp, const struct series_spec *sp,
			    const volatile sig_atomic_t *cancel)
{
	enum { BLOCK = 256 };
	double m[BLOCK], state[3 * BLOCK], bound[BLOCK];
	int err = 0;

	for (long long m0 = 0; m0 < sp->length && !err; m0 += BLOCK) {
		int n = sp->length - m0 < BLOCK ? (int)(sp->length - m0) : BLOCK;

		progress_tell(sp->progress, m0, sp->length);
		for (int j = 0; j < n; j++)
			m[j] = (double)(m0 + j);
		memset(state, 0, sizeof state);
		rope_bound_add(&sp->pe, m, n, 0, sp->pe.d_model / 2, state);
		rope_bound_finish(&sp->pe, n, state, bound, NULL);
		for (int j = 0; j < n && !err; j++) {
			double v[2] = { m[j], bound[j] };

			if (cancelled(cancel))
				return ECANCELED;
			err = put_row(fp, v, 2);
		}
	}
	return err;
}

/* rope-random: offsets in blocks, every pair of every draw added to a
 * block at once. */
static int write_rope_random(FILE *fp, const struct series_spec *sp,
			     const volatile sig_atomic_t *cancel)
{
	enum { BLOCK = 256 };
	double m[BLOCK], mean[BLOCK];
	double *sum = malloc((size_t)ROPE_RANDOM_DRAWS * BLOCK * sizeof *sum);
	int err = 0;

	if (!sum)
		return ENOMEM;
	if (fprintf(fp, "# mean |q^T R_m k| over N = %d draws of q, k with "
		    "N(0, 1) entries, seed %llu (d %d, base %.17g)\n",
		    ROPE_RANDOM_DRAWS, sp->seed, sp->pe.d_model,
		    sp->pe.base) < 0)
		err = errno ? errno : EIO;
	if (!err && fputs("offset,mean_abs_score\n", fp) == EOF)
		err = errno ? errno : EIO;
	for (long long m0 = 0; m0 < sp->length && !err; m0 += BLOCK) {
		int n = sp->length - m0 < BLOCK ? (int)(sp->length - m0) : BLOCK;

		progress_tell(sp->progress, m0, sp->length);
		if (cancelled(cancel)) {
			err = ECANCELED;
			break;
		}
		for (int j = 0; j < n; j++)
			m[j] = (double)(m0 + j);
		memset(sum, 0, (size_t)ROPE_RANDOM_DRAWS * (size_t)n * sizeof *sum);
		rope_random_add(&sp->pe, sp->seed, ROPE_RANDOM_DRAWS, m, n, 0,
				sp->pe.d_model / 2, sum);
		rope_random_finish(ROPE_RANDOM_DRAWS, n, sum, mean);
		for (int j = 0; j < n && !err; j++) {
			double v[2] = { m[j], mean[j] };

			err = put_row(fp, v, 2);
		}
	}
	free(sum);
	return err;
}

/* The memory of the scores series: rows of SCORES_BLOCK queries against
 * every key, the pairs `chunk` at a time (so the key vectors of a scheme
 * stay near 1 MiB). */
struct scores_mem {
	long long *pos;			/* 0 .. L-1 */
	double *out[2];			/* added, rope: BLOCK x L */
	double *keys[2], *queries[2];	/* vectors of one chunk */
};

enum { SCORES_BLOCK = 256 };
static const enum attn_scheme score_schemes[2] = { ATTN_ADDED, ATTN_ROPE };

/* The block of queries [r0, r0 + nb) against all keys into mem->out;
 * progress is told at every chunk of pairs (a block at d 65536 is a
 * minute of work). */
static void scores_block(const struct attn *a, long long r0, int nb, int L,
			 int chunk, struct scores_mem *mem,
			 struct progress *progress)
{
	int h = a->set.pe.d_model / 2;
	struct attn_axis rows = { mem->pos + r0, NULL, nb };
	struct attn_axis cols = { mem->pos, NULL, L };

	for (int s = 0; s < 2; s++)
		memset(mem->out[s], 0, (size_t)nb * (size_t)L * sizeof(double));
	for (int i0 = 0; i0 < h; i0 += chunk) {
		int i1 = h - i0 < chunk ? h : i0 + chunk;

		progress_tell(progress, r0 * L + (long long)nb * L * i0 / h,
			      (long long)L * L);
		for (int s = 0; s < 2; s++) {
			attn_vectors(a, score_schemes[s], ATTN_KEY, &cols, i0, i1,
				     mem->keys[s]);
			attn_vectors(a, score_schemes[s], ATTN_QUERY, &rows, i0,
				     i1, mem->queries[s]);
			attn_dots_add(mem->queries[s], nb, mem->keys[s], L,
				      2 * (i1 - i0), mem->out[s]);
		}
	}
}

static int write_scores(FILE *fp, const struct series_spec *sp,
			const volatile sig_atomic_t *cancel)
{
	struct attn_setup set = {
		.pe = sp->pe, .weights = ATTN_W_IDENTITY,
		.content = ATTN_CONTENT_UNIFORM, .vocab = 1,
	};
	int L = (int)sp->length, h = sp->pe.d_model / 2, err = ENOMEM;
	int block = L < SCORES_BLOCK ? L : SCORES_BLOCK;
	int chunk = (1 << 16) / L;
	struct scores_mem mem = { malloc((size_t)L * sizeof *mem.pos),
				  { NULL, NULL }, { NULL, NULL }, { NULL, NULL } };
	struct attn a;
	bool ready;

	chunk = chunk < 1 ? 1 : chunk > h ? h : chunk;
	ready = mem.pos != NULL;
	for (int s = 0; s < 2; s++) {
		mem.out[s] = malloc((size_t)block * (size_t)L * sizeof(double));
		mem.keys[s] = malloc((size_t)(2 * chunk) * (size_t)L *
				     sizeof(double));
		mem.queries[s] = malloc((size_t)(2 * chunk) * (size_t)block *
					sizeof(double));
		ready = ready && mem.out[s] && mem.keys[s] && mem.queries[s];
	}
	if (ready && attn_init(&a, &set)) {
		attn_fill(&a);
		for (int q = 0; q < L; q++)
			mem.pos[q] = q;
		err = 0;
		for (long long r0 = 0; r0 < L && !err; r0 += block) {
			int nb = L - r0 < block ? (int)(L - r0) : block;

			if (cancelled(cancel)) {
				err = ECANCELED;
				break;
			}
			scores_block(&a, r0, nb, L, chunk, &mem, sp->progress);
			for (long long k = 0; k < (long long)nb * L && !err; k++) {
				if (cancelled(cancel)) {
					err = ECANCELED;
				} else {
					double v[4] = { (double)(r0 + k / L),
							(double)(k % L),
							mem.out[0][k],
							mem.out[1][k] };

					err = put_row(fp, v, 4);
				}
			}
		}
		attn_free(&a);
	}
	free(mem.pos);
	for (int s = 0; s < 2; s++) {
		free(mem.out[s]);
		free(mem.keys[s]);
		free(mem.queries[s]);
	}
	return err;
}

static int write_collisions(FILE *fp, const struct series_spec *sp,
			    const volatile sig_atomic_t *cancel)
{
	double before = prec_round(sp->dtype, 0.0);
	int err = 0;

	for (long long p = 1; p < sp->length && !err; p++) {
		double v[2] = { (double)p, prec_round(sp->dtype, (double)p) };

		progress_tell(sp->progress, p, sp->length);
		if (cancelled(cancel))
			return ECANCELED;
		if (v[1] == before)
			err = put_row(fp, v, 2);
		before = v[1];
	}
	return err;
}

/* bias: offsets -(length-1) .. length-1, one value each. */
static int write_bias(FILE *fp, const struct series_spec *sp,
		      const volatile sig_atomic_t *cancel)
{
	long long rows = 2 * sp->length - 1;
	int err = 0;

	for (long long r = 0; r < rows && !err; r++) {
		long long k = r - (sp->length - 1);
		double v[2] = { (double)k, bias_value(sp->bias, sp->scheme, k) };

		progress_tell(sp->progress, r, rows);
		if (cancelled(cancel))
			return ECANCELED;
		if (isinf(v[1]))
			err = fprintf(fp, "%lld,-inf\n", k) < 0
			      ? (errno ? errno : EIO) : 0;
		else
			err = put_row(fp, v, 2);
	}
	return err;
}

/* grid2d: the similarity of patch (0, grid_row, grid_col) to every
 * patch, frame-major. */
static int write_grid2d(FILE *fp, const struct series_spec *sp,
			const volatile sig_atomic_t *cancel)
{
	const struct rope2d_params *g = sp->grid;
	struct rope2d_freqs fr;
	long long q[3];
	int frames = rope2d_frames(g), plane = g->rows * g->cols, err = 0;
	double *sim = malloc((size_t)(frames * plane) * sizeof *sim);

	if (!sim)
		return ENOMEM;
	rope2d_freqs(g->variant, &fr);
	rope2d_patch_ids(g, 0, sp->grid_row, sp->grid_col, q);
	rope2d_sim_grid(&fr, g, q, sim);
	for (int i = 0; i < frames * plane && !err; i++) {
		double v[4] = { i / plane, i / g->cols % g->rows, i % g->cols,
				sim[i] };

		if (cancelled(cancel)) {
			err = ECANCELED;
			break;
		}
		err = put_row(fp, v, 4);
	}
	free(sim);
	return err;
}

/* grid-ids: every token's position ids. */
static int write_grid_ids(FILE *fp, const struct series_spec *sp)
{
	int n = rope2d_tokens(sp->grid), err = 0;

	for (int i = 0; i < n && !err; i++) {
		long long id[3];

		rope2d_token_ids(sp->grid, i, id);
		err = fprintf(fp, "%d,%lld,%lld,%lld\n", i, id[0], id[1],
			      id[2]) < 0 ? (errno ? errno : EIO) : 0;
	}
	return err;
}

double series_estimate_s(const struct series_spec *spec)
{
	double L = (double)spec->length, h = spec->pe.d_model / 2;

	switch (spec->kind) {
	case SERIES_SCORES:
		return 2 * h * L * L / 1e9 + L * L / 3e6;
	case SERIES_SIMILARITY:
		return L * h / 1.5e7 + L / 5e6;
	case SERIES_ROPE_BOUND:
		return L * h / 5e7 + L / 5e6;
	case SERIES_ROPE_RANDOM:	/* ~1 ns a pair, draw and offset here */
		return L * h * ROPE_RANDOM_DRAWS / 5e8 + L / 5e6;
	case SERIES_WAVELENGTHS:	/* a matrix's: an FFT a dimension */
		return spec->matrix ? h * L * log2(L + 1.0) / 2e8 : h / 5e6;
	case SERIES_BIAS:	/* rope, xpos and added: O(d) an offset */
		return (spec->scheme == BIAS_ADDED || spec->scheme == BIAS_ROPE ||
			spec->scheme == BIAS_XPOS ? 2 * L * h / 1.5e7 : 0.0) +
		       2 * L / 5e6;
	default:
		return L / 5e6;
	}
}

int series_write(FILE *fp, const struct series_spec *spec,
		 const volatile sig_atomic_t *cancel)
{
	static const char *const headers[] = {
		[SERIES_WAVELENGTHS] = "pair,wavelength\n",
		[SERIES_SIMILARITY] = "offset,similarity\n",
		[SERIES_WAVE] = "position,value\n",
		[SERIES_ROPE_BOUND] = "offset,bound\n",
		[SERIES_ROPE_RANDOM] = "",	/* its own, after a # line */
		[SERIES_SCORES] = "p,q,added,rope\n",
		[SERIES_COLLISIONS] = "position,stored\n",
		[SERIES_BIAS] = "offset,bias\n",
		[SERIES_GRID2D] = "frame,row,col,sim\n",
		[SERIES_GRID_IDS] = "token,t,h,w\n",
	};

	if (spec->kind == SERIES_SCORES && spec->length > SERIES_SCORES_MAX)
		return EINVAL;
	if (spec->matrix)
		return fputs(spec->kind == SERIES_WAVELENGTHS ? "dim,period\n"
			     : headers[spec->kind], fp) == EOF
			       ? (errno ? errno : EIO)
			       : write_matrix(fp, spec, cancel);
	if (fputs(headers[spec->kind], fp) == EOF)
		return errno ? errno : EIO;
	switch (spec->kind) {
	case SERIES_ROPE_BOUND:
		return write_rope_bound(fp, spec, cancel);
	case SERIES_ROPE_RANDOM:
		return write_rope_random(fp, spec, cancel);
	case SERIES_SCORES:
		return write_scores(fp, spec, cancel);
	case SERIES_COLLISIONS:
		return write_collisions(fp, spec, cancel);
	case SERIES_BIAS:
		return write_bias(fp, spec, cancel);
	case SERIES_GRID2D:
		return write_grid2d(fp, spec, cancel);
	case SERIES_GRID_IDS:
		return write_grid_ids(fp, spec);
	default:
		return write_values(fp, spec, cancel);
	}
}

static double series_vector_error(double pos);

/* The decimals of PE(pos) that hold: floor(-log10(series_vector_error)),
 * 0 to 16. */
static int series_vector_digits(double pos)
{
	double err = series_vector_error(pos);
	int digits = (int)floor(-log10(err));

	return digits < 0 ? 0 : digits > 16 ? 16 : digits;
}

/* The bound on the error of every value of PE(pos), for any d_model and
 * base: |pos|*2^-52 + 2^-53 (see series.h). */
static double series_vector_error(double pos)
{
	/* The fastest pair has omega = 1, so the largest angle is pos. Two
	 * roundings (omega, the product) each move it by half an ulp, up to
	 * p*w*2^-53; the value itself is rounded once more. */
	return fabs(pos) * 0x1p-52 + 0x1p-53;
}

/* The two comment lines at the top: what the lines are, and how many of
 * the digits that follow hold. */
static int vector_header(FILE *fp, const struct pe_params *params, double pos)
{
	char p[32], b[32], e[32];

	fmt_double_shortest(pos, p, sizeof p);
	fmt_double_shortest(params->base, b, sizeof b);
	fmt_double_compact(series_vector_error(pos), 2, e, sizeof e);
	if (fprintf(fp, "# PE(%s) for d_model=%d base=%s, %s: one line per "
		    "dimension, DIM VALUE\n"
		    "# about %d decimals hold: the angle p*w (up to %s rad) "
		    "is rounded to a double, an error of up to %s (condition "
		    "number p*w*2^-53 per rounding); 17 digits are written so "
		    "that the doubles read back exactly\n",
		    p, params->d_model, b, pe_layout_name(params->layout),
		    series_vector_digits(pos), p, e) < 0)
		return errno ? errno : EIO;
	return 0;
}

int series_vector(FILE *fp, const struct pe_params *params, double pos)
{
	int d = params->d_model;
	double *row = malloc((size_t)d * sizeof *row);
	char v[DUMP_DOUBLE_MAX + 1];
	int err;

	if (!row)
		return ENOMEM;
	pe_row(params, pos, row);
	err = vector_header(fp, params, pos);
	for (int i = 0; i < d && !err; i++) {
		dump_format_double(row[i], v);
		if (fprintf(fp, "%d %s\n", i, v) < 0)
			err = errno ? errno : EIO;
	}
	free(row);
	return err;
}
