/* test_context_longrope.c - LongRoPE in the context view: its lists travel
 * from a model into the state (longrope_set_from), give the table's row
 * and line, the stretch plot's strip and the similarity curve, and say
 * on screen whose they are; without lists for the width it gives way
 * first and draws nothing. The attention factors on the scores against
 * transformers' formulas.
 *
 * The model: d 128, base 1e4, trained 4096, short_factor 1 + 0.02 i and
 * long_factor 1 + 0.5 i (synthetic, as models.sh's). NumPy, as
 * _compute_longrope_parameters and the forward pass compute it
 * (tests/e2e/rope_ref.py's longrope):
 *   i = np.arange(64); lf = 1 + 0.5 * i
 *   2 * np.pi * lf[63] * 1e4 ** (126 / 128)            -> 1768329.65
 *   np.cos(1 / (lf * 1e4 ** (2 * i / 128))).mean()      -> 0.98802684
 *   np.sqrt(1 + np.log(32) / np.log(4096))              -> 1.1902380714238083
 *   (0.1 * np.log(4) + 1) ** 2                          -> 1.2964769927807063
 *   1 + np.log(4) / np.log(4096)                        -> 1.1666666666666667
 *
 * Without a longrope model the view shows Phi-3-vision-128k-instruct's
 * lists (model/longrope_lists.c, from tests/fixtures/longrope): at d 96
 * its wavelengths are tests/e2e/rope_ref.py's of that file,
 *   rope_ref.py phi-3-vision-128k.json 8192 -> lambda_0 6.47, lambda_47 3.36e6
 *   rope_ref.py phi-3-vision-128k.json 4096 -> lambda_0 6.60, lambda_47 1.58e5 */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "engine/longrope.h"
#include "engine/pe_variants.h"
#include "io/config_json.h"
#include "model/longrope_lists.h"
#include "model/model_config.h"
#include "model/presets.h"
#include "views/view_context_common.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(context_longrope, .init = utf8_locale);

enum { PAIRS = 64 };

static double short_f[PAIRS], long_f[PAIRS];

/* The model above, as model_config.c leaves it. */
static struct rope_model lr_model(void)
{
	for (int i = 0; i < PAIRS; i++) {
		short_f[i] = 1.0 + 0.02 * i;
		long_f[i] = 1.0 + 0.5 * i;
	}
	return (struct rope_model){ .kind = ROPE_LONGROPE, .rotary = 128,
				    .width = 128, .base = 1e4, .factor = 32,
				    .max_pos = 131072, .trained = 4096,
				    .short_factor = short_f,
				    .long_factor = long_f };
}

/* The context view at d 128, base 1e4, L0 4096, s 4, len 8192, with the
 * model's lists set as :model sets them. */
static struct state lr_state(bool with_lists)
{
	struct settings set = { { 128, 1e4, PE_INTERLEAVED }, 8192, 10, 0 };
	struct model_pick pick = { .width = 128, .base = 1e4, .train = 4096 };
	struct rope_model m = lr_model();
	struct state s;

	fx_init(&s, &set);
	state_set_view(&s, VIEW_CONTEXT);
	strcpy(pick.name, "lr");
	if (with_lists)
		cr_assert(longrope_set_from(&pick.longrope, &m, pick.name));
	state_set_model(&s, &pick, "lr.json");
	return s;
}

static bool on_screen(const struct state *s, int w, int h, const char *text)
{
	char *all = fx_text(s, w, h);
	bool yes = strstr(all, text) != NULL;

	if (!yes)
		cr_log_info("%s", all);
	free(all);
	return yes;
}

Test(context_longrope, attention_factors_match_transformers)
{
	cr_assert_float_eq(longrope_attention(32, 4096), 1.1902380714238083,
			   1e-15);
	cr_assert_eq(longrope_attention(1, 4096), 1.0);
	cr_assert_eq(longrope_attention(0.5, 4096), 1.0);
	cr_assert_float_eq(pow(pe_yarn_temperature(4), 2), 1.2964769927807063,
			   1e-15);
	cr_assert_float_eq(pow(longrope_attention(4, 4096), 2),
			   1.1666666666666667, 1e-15);
}

/* The lists copied whole; a model of another kind, or too wide, gives
 * none; the switch at L0 as the forward pass makes it. */
Test(context_longrope, lists_travel_and_switch_at_l0)
{
	struct rope_model m = lr_model();
	struct longrope_set f;
	struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	cr_assert(longrope_set_from(&f, &m, "lr"));
	cr_assert_eq(f.pairs, PAIRS);
	cr_assert_str_eq(f.who, "lr");
	cr_assert(longrope_fits(&f, 128));
	cr_assert(!longrope_fits(&f, 96));
	for (int i = 0; i < PAIRS; i++) {
		double w = pow(1e4, -2.0 * i / 128);

		cr_assert_float_eq(longrope_omega(&f, &p, 4096, 4096, i),
				   w / short_f[i], 1e-15 * w);
		cr_assert_float_eq(longrope_omega(&f, &p, 4097, 4096, i),
				   w / long_f[i], 1e-15 * w);
	}
	m.kind = ROPE_YARN;
	cr_assert(!longrope_set_from(&f, &m, "y"));
	cr_assert_eq(f.pairs, 0);
	m = lr_model();
	m.rotary = 2 * (LONGROPE_PAIRS_MAX + 1);
	cr_assert(!longrope_set_from(&f, &m, "wide"));
}

/* Zoomed, the table gives LongRoPE's row (NumPy: lambda_63 1.77e6, sim
 * 0.9880 with the long list at len 8192), its line naming whose lists
 * and which, and the factors on the scores; in Chinese too. */
Test(context_longrope, table_row_and_lines)
{
	struct state s = lr_state(true);

	fx_press(&s, 'F');
	cr_assert(on_screen(&s, 120, 40, "LongRoPE       6.28    1.77e6   0.9880"));
	cr_assert(on_screen(&s, 120, 40, "LongRoPE: lr's long list (len=8192 > L0), "
					 "one factor a pair"));
	cr_assert(on_screen(&s, 120, 40, "Temperature on q·k: YaRN ×1.296 = (0.1 ln s + 1)², "
					 "LongRoPE ×1.167 = 1 + ln s/ln L0"));
	s.cur.len = 4096;
	cr_assert(on_screen(&s, 120, 40, "LongRoPE: lr's short list (len=4096 ≤ L0)"));
	s.lang = LANG_ZH;
	cr_assert(on_screen(&s, 120, 40, "LongRoPE：lr 的短列表（len=4096 ≤ L0）"));
	cr_assert(on_screen(&s, 120, 40, "LongRoPE ×1.167 = 1 + ln s/ln L0"));
}

/* Unzoomed at 120x40: its strip and its name in the similarity
 * legend; without the model's lists (the view's own are for d 96),
 * neither, and a preset drops the model's lists. */
Test(context_longrope, strip_and_curve_only_with_lists)
{
	struct state s = lr_state(true);

	/* pair 0's factor is 1: no bar; then rising */
	cr_assert(on_screen(&s, 120, 40, "│LongRoPE   ▁▂▃"));
	cr_assert(on_screen(&s, 120, 40, "Llama 3.1 LongRoPE"));
	s = lr_state(false);
	cr_assert(!on_screen(&s, 120, 40, "│LongRoPE  "));
	cr_assert(!on_screen(&s, 120, 40, "Llama 3.1 LongRoPE"));
	s = lr_state(true);
	state_set_preset(&s, presets_find("head-1e4"));
	cr_assert_eq(s.longrope.pairs, 0);
	cr_assert(!on_screen(&s, 120, 40, "│LongRoPE  "));
}

/* The view's LongRoPE is --model FILE's, bit for bit, at the model's own
 * width, base and original length, on both sides of the switch: so
 * models.sh's check of --dump-series wavelengths --model against the NumPy
 * port (tests/e2e/rope_ref.py's longrope, to 1e-12) holds for the view. */
Test(context_longrope, view_is_the_models_omega)
{
	struct rope_model m = lr_model();
	struct longrope_set f;
	struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	cr_assert(longrope_set_from(&f, &m, "lr"));
	for (int len = 4095; len <= 4097; len++) {
		struct stretch x = { .s = 4, .train = 4096, .len = len, .lr = &f };

		for (int i = 0; i < PAIRS; i++)
			cr_assert_eq(kind_omega(&p, K_LONGROPE, &x, i),
				     rope_model_omega(&m, len, i),
				     "pair %d at len %d", i, len);
	}
}

/* The lists the view falls back on are the fixture's, number for number,
 * read as --model reads the file. */
Test(context_longrope, default_lists_are_the_configs)
{
	const struct longrope_set *f = longrope_phi3_vision();
	struct hf_config cfg;
	struct rope_model m;
	char err[256];
	const char *path = "tests/fixtures/longrope/phi-3-vision-128k.json";

	cr_assert_eq(config_json_read(path, &cfg, LANG_EN, err, sizeof err), 0,
		     "%s", err);
	cr_assert_eq(model_config_interpret(&cfg, path, &m, LANG_EN, err,
					    sizeof err), 0, "%s", err);
	cr_assert_eq(m.kind, ROPE_LONGROPE);
	cr_assert_eq(f->pairs, m.rotary / 2);
	cr_assert_eq(f->pairs, 48);
	cr_assert_eq(f->trained, m.trained);
	for (int i = 0; i < f->pairs; i++) {
		cr_assert_eq(f->short_f[i], m.short_factor[i], "short %d", i);
		cr_assert_eq(f->long_f[i], m.long_factor[i], "long %d", i);
	}
	hf_config_free(&cfg);
}

/* At d 96 with no model, the table names whose lists it shows and gives
 * rope_ref.py's wavelengths, long past L0 and short up to it; at d 128
 * it says the width they are for (zoomed, where every line shows). */
Test(context_longrope, default_lists_on_screen)
{
	struct settings set = { { 96, 1e4, PE_INTERLEAVED }, 8192, 10, 0 };
	struct state s;

	fx_init(&s, &set);
	state_set_view(&s, VIEW_CONTEXT);
	state_set_train(&s, 4096);
	fx_press(&s, 'F');
	cr_assert(on_screen(&s, 120, 40, "LongRoPE       6.47    3.36e6"));
	cr_assert(on_screen(&s, 120, 40, "LongRoPE: phi-3-vision-128k's long list "
					 "(len=8192 > L0)"));
	s.cur.len = 4096;
	cr_assert(on_screen(&s, 120, 40, "LongRoPE        6.6    1.58e5"));
	cr_assert(on_screen(&s, 120, 40, "LongRoPE: phi-3-vision-128k's short list"));
	state_set_dmodel(&s, 128);
	cr_assert(on_screen(&s, 120, 40, "LongRoPE  lists for d 96 only"));
	cr_assert(on_screen(&s, 120, 40, "LongRoPE: phi-3-vision-128k's lists are "
					 "for d 96, not 128"));
}
