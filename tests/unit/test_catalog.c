/* test_catalog.c - the view catalog (model/catalog.h, views/views.c): it
 * is well formed, the test fixture's numbering still matches it, knobs
 * clamp, turn and validate as their specs say, and words find them. */
#include <criterion/criterion.h>
#include <string.h>

#include "fixture.h"
#include "base/tr.h"
#include "model/help.h"
#include "model/presets.h"

Test(catalog, is_well_formed)
{
	const char *why = catalog_check(views_catalog());

	cr_expect_null(why, "%s", why ? why : "");
}

Test(catalog, check_finds_what_is_wrong)
{
	const struct catalog *real = views_catalog();
	const struct view_spec *twice[] = { real->view[0], real->view[0] };
	struct catalog dup = { twice, 2 }, none = { twice, 0 };

	cr_expect_str_eq(catalog_check(&dup), "two views with one name");
	cr_expect_not_null(catalog_check(&none));
}

/* Each view states its point, and the help overlay shows it whole near
 * its top, in both languages, at 80 columns too. */
Test(catalog, the_help_states_each_views_point)
{
	const struct catalog *cat = views_catalog();
	static struct help_row rows[HELP_ROWS_MAX];
	const struct settings st = { { 128, 10000.0, PE_INTERLEAVED }, 128, 5, 3 };

	for (int i = 0; i < cat->count; i++)
		for (int lang = 0; lang < 2; lang++) {
			struct state s;
			char all[4 * HELP_ROW_W] = "";
			const char *want = tr((enum lang)lang, cat->view[i]->point);
			int n;

			fx_init(&s, &st);
			s.lang = (enum lang)lang;
			s.view = i;
			n = help_rows(&s, 78, rows, HELP_ROWS_MAX);
			cr_assert_gt(n, 3);
			/* the point's row, among the first, and those that
			 * continue it */
			const char *label = tr((enum lang)lang, "What to see: %s");
			size_t ln = strlen(label) - 2;
			int r = 0;

			while (r < 4 && strncmp(rows[r].text, label, ln) != 0)
				r++;
			cr_assert_lt(r, 4, "%s: no \"%.*s\" near the top",
				     cat->view[i]->name, (int)ln, label);
			strcat(all, rows[r].text + ln);
			while (++r < n && rows[r].cont) {
				const char *t = rows[r].text;

				while (*t == ' ')
					t++;
				if (lang == 0)
					strcat(all, " ");
				strcat(all, t);
			}
			cr_expect(strstr(all, want) != NULL,
				  "%s (%s): the help's rows \"%s\" do not hold its point \"%s\"",
				  cat->view[i]->name, lang ? "zh" : "en", all, want);
		}
}

/* The views the tests name (fixture.h) are where the fixture says; views
 * added after them need no line here. */
Test(catalog, fixture_numbers_match_the_order)
{
	static const char *const names[] = {
		"explore", "spectrum", "clocks", "bands", "layouts", "context",
		"bugs", "vector", "attention",
	};
	const int named = (int)(sizeof names / sizeof names[0]);
	const struct catalog *cat = views_catalog();

	cr_assert_eq(named, VIEW_ATTENTION + 1);
	cr_assert_geq(cat->count, named);
	for (int i = 0; i < named; i++)
		cr_expect_str_eq(cat->view[i]->name, names[i]);
	cr_expect_str_eq(cat->view[VIEW_CLOCKS]->knob[K_OFFSET].word, "offset");
	cr_expect_str_eq(cat->view[VIEW_BANDS]->knob[K_SPLIT].word, "split");
	cr_expect_str_eq(cat->view[VIEW_BANDS]->knob[K_THRESHOLD].word, "threshold");
	cr_expect_str_eq(cat->view[VIEW_CONTEXT]->knob[K_TRAIN].word, "train");
	cr_expect_str_eq(cat->view[VIEW_CONTEXT]->knob[K_SCALE].word, "scale");
	cr_expect_str_eq(cat->view[VIEW_BUGS]->knob[K_BUG].word, "bug");
	cr_expect_str_eq(cat->view[VIEW_VECTOR]->knob[K_SCROLL].word, "scroll");
	cr_expect_str_eq(cat->view[VIEW_ATTENTION]->knob[K_WEIGHTS].word, "weights");
	cr_expect_str_eq(cat->view[VIEW_ATTENTION]->knob[K_SEED].word, "seed");
	cr_expect_str_eq(cat->view[VIEW_ATTENTION]->knob[K_HEADS].word, "heads");
	cr_expect_str_eq(cat->view[VIEW_ATTENTION]->knob[K_CONTENT].word, "content");
	cr_expect_str_eq(cat->view[VIEW_ATTENTION]->knob[K_HEAD].word, "head");
	cr_expect_str_eq(cat->view[VIEW_ATTENTION]->knob[K_SHUFFLE].word, "shuffle");
}

Test(catalog, find_by_name_and_word)
{
	const struct catalog *cat = views_catalog();
	int v = -1, k = -1;

	cr_expect_eq(catalog_find(cat, "clocks"), VIEW_CLOCKS);
	cr_expect_eq(catalog_find(cat, "Clocks"), -1);
	cr_expect(catalog_find_knob(cat, "threshold", &v, &k));
	cr_expect(v == VIEW_BANDS && k == K_THRESHOLD);
	cr_expect(!catalog_find_knob(cat, "thresh", &v, &k));
}

Test(catalog, ranges_follow_d_model)
{
	const struct knob_spec *split =
		&views_catalog()->view[VIEW_BANDS]->knob[K_SPLIT];
	const struct knob_spec *scroll =
		&views_catalog()->view[VIEW_VECTOR]->knob[K_SCROLL];
	double lo, hi;

	catalog_knob_range(split, 512, &lo, &hi);
	cr_expect(lo == 1 && hi == 255);
	catalog_knob_range(split, 2, &lo, &hi);
	cr_expect(lo == 1 && hi == 1, "never an empty range");
	catalog_knob_range(scroll, 64, &lo, &hi);
	cr_expect(lo == 0 && hi == 63);
	cr_expect_eq(catalog_knob_clamp(split, 512, 300.7), 255);
	cr_expect_eq(catalog_knob_clamp(split, 512, 7.9), 7, "integers round down");
	cr_expect_eq(catalog_knob_clamp(split, 512, 0.0 / 0.0), 1, "NaN: the lowest");
	cr_expect(catalog_knob_valid(split, 512, 255));
	cr_expect(!catalog_knob_valid(split, 512, 256));
	cr_expect(!catalog_knob_valid(split, 512, 2.5));
}

Test(catalog, turning)
{
	const struct view_spec *clocks = views_catalog()->view[VIEW_CLOCKS];
	const struct view_spec *bands = views_catalog()->view[VIEW_BANDS];
	const struct view_spec *bugs = views_catalog()->view[VIEW_BUGS];
	const struct knob_spec *off = &clocks->knob[K_OFFSET];
	const struct knob_spec *th = &bands->knob[K_THRESHOLD];
	const struct knob_spec *bug = &bugs->knob[K_BUG];

	cr_expect_eq(catalog_knob_turn(off, &off->step[0], 512, 5, 1), 6);
	cr_expect_eq(catalog_knob_turn(off, &off->step[1], 512, 5, 1), 10);
	cr_expect_eq(catalog_knob_turn(off, &off->step[1], 512, 5, -1), 2);
	cr_expect_eq(catalog_knob_turn(off, &off->step[1], 512, 1, -1), 1,
		     "halving 1 stays at the bottom");
	/* Steps of 0.05 land on the grid: two up from 0.5 is 0.6, not
	 * 0.6000000000000001. */
	cr_expect_eq(catalog_knob_turn(th, &th->step[0], 512,
				       catalog_knob_turn(th, &th->step[0], 512,
							 0.5, 1), 1), 0.6);
	cr_expect_eq(catalog_knob_turn(th, &th->step[0], 512, 0.95, 1), 0.95);
	cr_expect_eq(catalog_knob_turn(bug, &bug->step[0], 512, bug->hi, 1), 0,
		     "a choice wraps");
	cr_expect_eq(catalog_knob_turn(bug, &bug->step[0], 512, 0, -1), bug->hi);
	cr_expect_eq(bug->hi, 11, "twelve entries in the bug zoo");
}

Test(catalog, every_view_speaks_both_languages)
{
	const struct catalog *cat = views_catalog();

	for (int i = 0; i < cat->count; i++) {
		const struct view_spec *v = cat->view[i];

		cr_expect(v->title && *v->title, "%s", v->name);
		cr_expect(tr(LANG_ZH, v->title) != v->title, "%s: title in Chinese",
			  v->name);
		cr_expect(tr(LANG_ZH, v->point) != v->point, "%s: point in Chinese",
			  v->name);
		for (int k = 0; k < v->nknobs; k++) {
			cr_expect(tr(LANG_ZH, v->knob[k].help) != v->knob[k].help,
				  "%s: knob help in Chinese", v->name);
			for (int j = 0; j < v->knob[k].nsteps; j++)
				cr_expect(tr(LANG_ZH, v->knob[k].step[j].help) !=
					  v->knob[k].step[j].help,
					  "%s: step help in Chinese", v->name);
		}
	}
}

/* The trained length L0 is a setting of the state: the presets set it,
 * the context view's "train" knob turns it (its slot only mirrors it), a
 * reset brings it back to the length, and no view finds it by name. */
Test(catalog, trained_length_is_a_setting_of_the_state)
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	const struct knob_spec *train =
		&views_catalog()->view[VIEW_CONTEXT]->knob[K_TRAIN];
	int n, i = presets_find("head-5e5");
	struct state s;

	fx_init(&s, &st);
	cr_expect_eq(s.train, 128, "L0 starts at the length");
	cr_expect_eq(train->home, KNOB_HOME_TRAIN);
	cr_assert_geq(i, 0);
	state_set_preset(&s, i);
	cr_expect_eq(s.train, presets_table(&n)[i].train_len);
	cr_expect_eq(s.knob[VIEW_CONTEXT][K_TRAIN], (double)s.train);
	state_set_knob(&s, VIEW_CONTEXT, K_TRAIN, 2048);
	cr_expect_eq(s.train, 2048, "the knob turns the state's L0");
	state_set_train(&s, 0);
	cr_expect_eq(s.train, 1, "clamped");
	cr_expect_eq(s.knob[VIEW_CONTEXT][K_TRAIN], 1.0);
	cr_expect(state_valid(&s));
	s.train = 77;	/* the mirror out of step: not a valid state */
	cr_expect(!state_valid(&s));
	state_reset(&s, &st);
	cr_expect_eq(s.train, 128);
}
