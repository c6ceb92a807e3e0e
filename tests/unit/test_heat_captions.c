/* test_heat_captions.c - the caption that says what a heatmap's marked
 * row stands for (views/heat_caption.h, drawn by render/heat.c) stays
 * whole where it is narrow (issue 19: at 80x24 the bugs view showed
 * "▶ pairs 0–7: ▀ si" or nothing, and the key of the half blocks was
 * gone):
 *   - heat_caption never returns more columns than it is given; from the
 *     width of its shortest form on, a whole form (no "…"), below it a
 *     cut one that ends in "…" ("+" in ASCII); a row of sines over
 *     cosines names both from 9 columns ("▀sin ▄cos"); a whole form
 *     names the kind of the row, sin or cos, as a whole word;
 *   - on the screen, read back from the canvas at 80x24, 100x30 and
 *     120x40, in English and Chinese: every caption after a "▶ " in the
 *     explore, layouts and bugs views ends in a whole "sin" or "cos", and
 *     the interleaved heatmaps' captions (explore's, layouts' first, both
 *     of the bugs view's) name both sin and cos. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "base/utf8.h"
#include "render/heat.h"
#include "views/heat_caption.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(heat_captions, .init = utf8_locale);

enum { CAP_MAX = 256, CAPS_MAX = 8 };

static const int screens[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
static const enum lang langs[] = { LANG_EN, LANG_ZH };

static bool is_letter(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* Whether word (3 letters) is in t whole: no letter on either side. */
static bool has_word(const char *t, const char *word)
{
	for (const char *p = strstr(t, word); p; p = strstr(p + 1, word))
		if ((p == t || !is_letter(p[-1])) && !is_letter(p[3]))
			return true;
	return false;
}

/* Whether t ends in a whole "sin" or "cos", or in "sin above, cos
 * below"'s whole "below". */
static bool ends_in_kind(const char *t)
{
	size_t n = strlen(t);

	if (n >= 6 && !strcmp(t + n - 6, " below"))
		return true;
	return n >= 3 && (!strcmp(t + n - 3, "sin") || !strcmp(t + n - 3, "cos")) &&
	       (n == 3 || !is_letter(t[n - 4]));
}

/* Whether t says in words which half is which: "sin above, cos below"
 * or "sin above cos", zh "上 sin，下 cos" (a reviewer could not tell the
 * glyphs ▀ and ▄ apart on a projected screen). */
static bool halves_in_words(const char *t, enum lang lang)
{
	if (lang == LANG_ZH)
		return strstr(t, "上 sin") && strstr(t, "下 cos");
	return (strstr(t, "sin above") && strstr(t, "cos below")) ||
	       strstr(t, "sin above cos");
}

Test(heat_captions, every_width_gets_a_whole_form_or_a_marked_cut)
{
	static const struct pe_window v = { 0, 128, 0, 128 };
	const struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	for (int l = 0; l < 2; l++)
		for (int utf8 = 0; utf8 < 2; utf8++)
			for (int h = 3; h <= 40; h += 37)
				for (int y = 0; y < h; y++) {
					struct heat_plot hp = { &p, PE_BUG_NONE, &v, 0, 0,
								utf8, langs[l],
								heat_caption };
					int least = heat_caption_min_width(&hp, h, y);
					const char *mark = utf8 ? "…" : "+";

					for (int w = 0; w <= 48; w++) {
						char buf[160];
						size_t n;

						heat_caption(&hp, h, y, w, buf, sizeof buf);
						n = strlen(buf);
						cr_assert_leq(utf8_width(buf), w,
							      "w %d: \"%s\"", w, buf);
						if (w >= least) {
							cr_assert((n < strlen(mark) ||
								   strcmp(buf + n - strlen(mark),
									  mark) != 0) &&
								  (has_word(buf, "sin") ||
								   has_word(buf, "cos")),
								  "w %d (h %d y %d %s%s): \"%s\" "
								  "is not whole", w, h, y,
								  lang_name(langs[l]),
								  utf8 ? "" : " ascii", buf);
						} else if (w >= 1) {
							cr_assert(n >= strlen(mark) &&
								  !strcmp(buf + n - strlen(mark),
									  mark),
								  "w %d < %d: \"%s\" is cut "
								  "without a mark", w, least, buf);
						}
						/* at d 128 over 128 dimensions, h 40:
						 * each cell row is one pair's sine over
						 * its cosine; h 3 adds rows of several */
						if (w >= 9 && w >= least && h == 40)
							cr_assert(has_word(buf, "sin") &&
								  has_word(buf, "cos"),
								  "w %d: \"%s\" does not name "
								  "both halves", w, buf);
					}
				}
}

/* The captions on c: the text after each "▶ " that text follows, up to
 * a border, a heat cell or two blanks. */
static int find_captions(const struct canvas *c, char out[][CAP_MAX])
{
	int n = 0;

	for (int y = 0; y < canvas_height(c); y++)
		for (int x = 0; x + 2 < canvas_width(c); x++) {
			const struct cell *a = canvas_cell(c, x, y);
			const struct cell *b = canvas_cell(c, x + 1, y);
			const struct cell *t = canvas_cell(c, x + 2, y);
			size_t len = 0;

			if (a->kind != CELL_TEXT || a->ch != 0x25b6 ||
			    b->kind != CELL_TEXT || b->ch != ' ' ||
			    t->kind != CELL_TEXT || t->ch == ' ' ||
			    (t->ch >= 0x2500 && t->ch <= 0x257f))
				continue;
			for (int k = x + 2; k < canvas_width(c) && len + 5 < CAP_MAX; k++) {
				const struct cell *cl = canvas_cell(c, k, y);

				if (cl->kind == CELL_CONT)
					continue;
				if (cl->kind != CELL_TEXT ||
				    (cl->ch >= 0x2500 && cl->ch <= 0x257f &&
				     cl->ch != 0x2580 && cl->ch != 0x2584))
					break;
				if (cl->ch == ' ' && k + 1 < canvas_width(c) &&
				    canvas_cell(c, k + 1, y)->ch == ' ')
					break;
				len += utf8_encode(cl->ch, out[n] + len);
			}
			while (len > 0 && out[n][len - 1] == ' ')
				len--;
			out[n][len] = '\0';
			cr_assert_lt(n + 1, CAPS_MAX);
			n++;
		}
	return n;
}

static struct state mkstate(int view, enum lang lang)
{
	struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
	struct state s;

	fx_init(&s, &st);
	s.view = view;
	s.lang = lang;
	return s;
}

/* Draws view at every size in both languages and checks its captions:
 * at least `want`, each ending in a whole sin or cos, and those whose
 * index is below `both` naming both. */
static void check_view(int view, const char *name, int want, int both)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++) {
			struct state s = mkstate(view, langs[l]);
			struct canvas *c = canvas_new(screens[z][0], screens[z][1]);
			char caps[CAPS_MAX][CAP_MAX];
			int n;

			cr_assert_not_null(c);
			fx_draw(&s, c);
			n = find_captions(c, caps);
			cr_assert_geq(n, want, "%s %dx%d %s: %d captions, want %d",
				      name, screens[z][0], screens[z][1],
				      lang_name(langs[l]), n, want);
			for (int k = 0; k < n; k++) {
				cr_assert(ends_in_kind(caps[k]),
					  "%s %dx%d %s: caption \"%s\" is cut", name,
					  screens[z][0], screens[z][1],
					  lang_name(langs[l]), caps[k]);
				if (k < both)
					cr_assert(has_word(caps[k], "sin") &&
						  has_word(caps[k], "cos"),
						  "%s %dx%d %s: caption \"%s\" has not "
						  "both keys", name, screens[z][0],
						  screens[z][1], lang_name(langs[l]),
						  caps[k]);
				if (k < both)
					cr_expect(halves_in_words(caps[k], langs[l]),
						  "%s %dx%d %s: caption \"%s\" names the "
						  "halves by glyph only", name, screens[z][0],
						  screens[z][1], lang_name(langs[l]), caps[k]);
			}
			canvas_free(c);
		}
}

Test(heat_captions, explore_names_both_halves)
{
	check_view(VIEW_EXPLORE, "explore", 1, 1);
}

/* The concatenated heatmap's row 0 holds sines in both halves: its
 * caption names sin alone, whole. */
Test(heat_captions, layouts_interleaved_names_both_halves)
{
	check_view(VIEW_LAYOUTS, "layouts", 2, 1);
}

Test(heat_captions, bugs_both_heatmaps_name_both_halves)
{
	check_view(VIEW_BUGS, "bugs", 2, 2);
}

/* The axes' names say when blocks hide oscillation (issue 35's glance
 * review: a grey band read as no signal): where a shown wave turns at
 * least once within a column's positions (omega x positions >= 2 pi,
 * omega_0 = 1 for the textbook's encoding), not where every wave shown
 * is slower. In the concatenated layout the first cosine (dimension d/2,
 * pair 0) is as fast as dimension 0, in the middle of the dimensions. */
static bool says_grey(const struct pe_params *p, long long npos, int dim0,
		      int ndim, int w)
{
	struct pe_window v = { 0, npos, dim0, ndim };
	struct heat_plot hp = { p, PE_BUG_NONE, &v, -1, -1, true, LANG_EN, NULL };
	struct canvas *c = canvas_new(200, 3);
	char row[201] = "";
	bool grey;

	cr_assert_not_null(c);
	heat_axis_names_draw(c, &hp, (struct rect){ 0, 0, w, 1 }, 0, 2, 200);
	for (int x = 0; x < 200; x++) {	/* the row's ASCII, the rest '?' */
		const struct cell *cl = canvas_cell(c, x, 2);

		row[x] = cl->kind == CELL_TEXT && cl->ch < 128 ? (char)cl->ch : '?';
	}
	grey = strstr(row, "fade to grey") != NULL;
	canvas_free(c);
	return grey;
}

Test(heat_captions, axis_names_say_when_fast_waves_fade)
{
	struct pe_params p = { 64, 1e4, PE_INTERLEAVED };
	struct pe_params cat = { 64, 1e4, PE_CONCAT };

	/* 7 positions a column: dimension 0 (omega 1) turns in one */
	cr_assert(says_grey(&p, 700, 0, 64, 100));
	/* 6 a column: no wave turns within one */
	cr_assert_not(says_grey(&p, 600, 0, 64, 100));
	/* dimensions 40-63 only: pair 20's omega 1e4^(-20/32) = 0.0032,
	 * a turn in some 2000 positions */
	cr_assert_not(says_grey(&p, 700, 40, 24, 100));
	cr_assert(says_grey(&p, 2100 * 100, 40, 24, 100));
	/* concatenated, dimensions 20-40: the cosine of pair 0 at 32 */
	cr_assert(says_grey(&cat, 700, 20, 21, 100));
	cr_assert_not(says_grey(&cat, 700, 20, 10, 100));
}
