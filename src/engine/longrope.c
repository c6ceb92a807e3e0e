/* longrope.c - LongRoPE's lists for the context view (see longrope.h). */
#include "engine/longrope.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

bool longrope_set_from(struct longrope_set *out, const struct rope_model *m,
		       const char *who)
{
	int n = m->rotary / 2;

	memset(out, 0, sizeof *out);
	if (m->kind != ROPE_LONGROPE || n < 1 || n > LONGROPE_PAIRS_MAX ||
	    !m->short_factor || !m->long_factor)
		return false;
	snprintf(out->who, sizeof out->who, "%s", who);
	out->pairs = n;
	out->trained = m->trained;
	memcpy(out->short_f, m->short_factor, (size_t)n * sizeof *out->short_f);
	memcpy(out->long_f, m->long_factor, (size_t)n * sizeof *out->long_f);
	return true;
}

bool longrope_fits(const struct longrope_set *f, int d)
{
	return f && f->pairs > 0 && 2 * f->pairs == d;
}

double longrope_omega(const struct longrope_set *f, const struct pe_params *p,
		      double len, double train, double pair)
{
	/* rope_model_omega's ROPE_LONGROPE case: the model's width and base
	 * are p's here, its original length the view's L0 */
	struct rope_model m = { .kind = ROPE_LONGROPE, .rotary = p->d_model,
				.width = p->d_model, .base = p->base,
				.trained = train, .short_factor = f->short_f,
				.long_factor = f->long_f };
	int i = (int)floor(pair + 0.5);

	i = i < 0 ? 0 : i >= f->pairs ? f->pairs - 1 : i;
	return rope_model_omega(&m, len, i);
}

double longrope_attention(double s, double train)
{
	/* _compute_longrope_parameters (transformers v5, as v4.45):
	 * "if attention_factor is None: attention_factor = 1.0 if factor
	 * <= 1.0 else math.sqrt(1 + math.log(factor) /
	 * math.log(original_max_position_embeddings))" */
	return s <= 1.0 ? 1.0 : sqrt(1.0 + log(s) / log(train));
}

double longrope_fingerprint(const struct longrope_set *f)
{
	/* FNV-1a over the whole struct, which longrope_set_from zeroes
	 * first */
	const unsigned char *b = (const unsigned char *)f;
	uint64_t h = 14695981039346656037ULL;

	if (f->pairs < 1)
		return 0.0;
	for (size_t i = 0; i < sizeof *f; i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	return (double)(h >> 12);
}
