/* test_context_curves.c - the context view's similarity curves
 * (views/view_context_curves.h) are, for every kind, the engine's offset
 * means (pe_offset_cos_means) over that kind's frequencies, chunk by chunk
 * in pair order, divided by d/2: bit for bit, also where a kind takes the
 * chunk sums of another kind with the same frequencies there instead of
 * computing them again (dynamic NTK is the original while len <= L0, and
 * Llama 3.1 keeps the original's fast pairs). */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "engine/pe_offset_means.h"
#include "views/view_context_curves.h"

enum { D = 4096, SAMPLES = 64 };

/* d 4096 (two chunks of pairs), base 1e4, L0 4096, s 4, len 128. */
static struct state curves_state(void)
{
	struct settings set = { { D, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
	struct state s;

	fx_init(&s, &set);
	state_set_view(&s, VIEW_CONTEXT);
	s.knob[VIEW_CONTEXT][0] = 4096;
	s.knob[VIEW_CONTEXT][1] = 4;
	return s;
}

/* Kind k's curve as the engine gives it, the chunks as the view takes
 * them; *shared counts the chunks where k's frequencies are the
 * original's. */
static void reference(const struct state *s, enum kind k, int n, double top,
		      double *v, int *shared)
{
	struct pe_params p = s->cur.pe;
	struct stretch st = ctx_stretch(s);
	int h = D / 2;
	double at[SAMPLES], lo[SAMPLES], hi[SAMPLES], part[SAMPLES];
	double sum[SAMPLES] = { 0 }, w[CTX_CHUNK] = { 0 }, w0[CTX_CHUNK] = { 0 };

	pe_log_offsets(top, n, at, lo, hi);
	for (int i0 = 0; i0 < h; i0 += CTX_CHUNK) {
		int c = h - i0 < CTX_CHUNK ? h - i0 : CTX_CHUNK;

		for (int i = 0; i < c; i++) {
			w[i] = kind_omega(&p, k, &st, i0 + i);
			w0[i] = kind_omega(&p, K_ORIGINAL, &st, i0 + i);
		}
		*shared += k != K_ORIGINAL &&
			   memcmp(w, w0, (size_t)c * sizeof *w) == 0;
		memset(part, 0, sizeof part);
		pe_offset_cos_means(w, c, at, lo, hi, n, part);
		for (int j = 0; j < n; j++)
			sum[j] += part[j];
	}
	for (int j = 0; j < n; j++)
		v[j] = sum[j] / h;
}

Test(context_curves, every_kind_is_the_engines_means_bit_for_bit)
{
	struct state s = curves_state();
	struct ctx_curves *x = calloc(1, sizeof *x);
	double top, want[SAMPLES];
	const double *v;
	int n, shared = 0;

	cr_assert_not_null(x);
	ctx_curves_update(x, &s, SAMPLES);
	v = ctx_curves_values(x, &n, &top);
	cr_assert_not_null(v);
	cr_assert_eq(n, SAMPLES);
	for (int k = 0; k < KINDS; k++) {
		reference(&s, (enum kind)k, n, top, want, &shared);
		for (int j = 0; j < n; j++)
			cr_expect(v[k * n + j] == want[j],
				  "%s, sample %d: %.17g, the engine %.17g",
				  kind_name[k], j, v[k * n + j], want[j]);
	}
	/* dynamic NTK's two chunks and Llama 3.1's first are the original's */
	cr_expect_geq(shared, 3, "chunks taken from the original: %d", shared);
	ctx_curves_free(x);
	free(x);
}
