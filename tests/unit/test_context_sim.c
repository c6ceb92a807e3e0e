/* test_context_sim.c - the context view's similarity plot read back from
 * the screen at 80x24, 100x30 and 120x40, in English and Chinese: each
 * curve its legend names is drawn in the colour of its name, as one line
 * across the plot (no run of two columns without it, the rows of one
 * column touching those of the next, except where a curve
 * drawn later lies on it: the cell is the later one's; a third of the
 * columns at most), from the first column to the last;
 * the curves mostly out of sight are said to lie under others; the y
 * labels run 1, 0.5 .. 0 while every curve stays positive; the x axis is
 * logarithmic from 1, and near k = 1 PI's line lies above the
 * original's. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/tr.h"
#include "base/utf8.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(context_sim, .init = utf8_locale);

static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

/* d 128, base 1e4, no preset, L0 = len 128, s 4. */
static struct state sim_state(enum lang l)
{
	struct settings set = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
	struct state s;

	fx_init(&s, &set);
	state_set_view(&s, VIEW_CONTEXT);
	s.lang = l;
	return s;
}

/* The similarity box: its corner's column and row, its right border's
 * column, its bottom row. */
struct box {
	int x0, y0, x1, y1;
};

static void read_row(const struct canvas *c, int y, int x0, int x1,
		     char *out, uint8_t *roles, size_t n);

static bool find_box(const struct canvas *c, const char *title, struct box *b)
{
	int w = canvas_width(c), h = canvas_height(c);
	char row[2048];
	uint8_t roles[2048];

	for (int y = 0; y < h; y++)
		for (int x = 0; x + 2 < w; x++) {
			if (canvas_cell(c, x, y)->ch != 0x250c)
				continue;
			read_row(c, y, x + 2, w, row, roles, sizeof row);
			if (strncmp(row, title, strlen(title)) != 0)
				continue;
			b->x0 = x, b->y0 = y;
			for (b->x1 = x + 1; b->x1 < w &&
			     canvas_cell(c, b->x1, y)->ch != 0x2510; b->x1++)
				;
			for (b->y1 = y + 1; b->y1 < h &&
			     canvas_cell(c, x, b->y1)->ch != 0x2514; b->y1++)
				;
			return b->x1 < w && b->y1 < h;
		}
	return false;
}

/* Row y from column x0 to x1 as UTF-8 (the right halves of wide
 * characters left out), with each character's role in roles[] (one a
 * byte of text). */
static void read_row(const struct canvas *c, int y, int x0, int x1,
		     char *out, uint8_t *roles, size_t n)
{
	size_t at = 0;

	for (int x = x0; x < x1 && at + 5 < n; x++) {
		const struct cell *k = canvas_cell(c, x, y);
		size_t len;

		if (!k->ch)
			continue;
		len = utf8_encode(k->kind == CELL_BRAILLE ? '.' : k->ch,
				  out + at);
		for (size_t j = 0; j < len; j++)
			roles[at + j] = k->fg;
		at += len;
	}
	out[at] = '\0';
}

/* The role of `name` in the legend's first row (the row under the top
 * border), or -1 when the name is not there. */
static int legend_role(const struct canvas *c, const struct box *b,
		       const char *name)
{
	char row[2048];
	uint8_t roles[2048];
	const char *p;

	read_row(c, b->y0 + 1, b->x0 + 1, b->x1, row, roles, sizeof row);
	for (p = strstr(row, name); p; p = strstr(p + 1, name)) {
		char after = p[strlen(name)];
		uint8_t r = roles[p - row];

		/* the whole word, all of it in one role */
		if ((p != row && p[-1] != ' ') || (after && after != ' '))
			continue;
		for (size_t j = 0; j < strlen(name); j++)
			if (roles[(size_t)(p - row) + j] != r)
				return -2;
		return r;
	}
	return -1;
}

/* The plot's columns: from the first column right of the y labels that
 * holds braille in any row to the box's right border. */
struct plot {
	int x0, x1, y0, y1;	/* columns [x0, x1), rows [y0, y1) */
};

static void find_plot(const struct canvas *c, const struct box *b,
		      struct plot *p)
{
	p->x0 = b->x1, p->x1 = b->x1;
	p->y0 = b->y1, p->y1 = 0;
	for (int y = b->y0 + 1; y < b->y1; y++)
		for (int x = b->x0 + 1; x < b->x1; x++)
			if (canvas_cell(c, x, y)->kind == CELL_BRAILLE) {
				p->x0 = x < p->x0 ? x : p->x0;
				p->y0 = y < p->y0 ? y : p->y0;
				p->y1 = y + 1 > p->y1 ? y + 1 : p->y1;
			}
}

/* The rows of column x holding braille of role r: lowest and highest,
 * or false. */
static bool rows_of(const struct canvas *c, const struct plot *p, int x,
		    int r, int *lo, int *hi)
{
	*lo = -1, *hi = -1;
	for (int y = p->y0; y < p->y1; y++) {
		const struct cell *k = canvas_cell(c, x, y);

		if (k->kind == CELL_BRAILLE && k->fg == r && (k->ch & 0xff)) {
			if (*lo < 0)
				*lo = y;
			*hi = y;
		}
	}
	return *lo >= 0;
}

/* Whether column x holds braille of a role other than r (a curve drawn
 * over r's there). */
static bool other_curve(const struct canvas *c, const struct plot *p, int x,
			int r)
{
	for (int y = p->y0; y < p->y1; y++) {
		const struct cell *k = canvas_cell(c, x, y);

		if (k->kind == CELL_BRAILLE && k->fg != r && (k->ch & 0xff))
			return true;
	}
	return false;
}

static const char *const names_en[] = { "original", "PI", "NTK", "YaRN",
					"Llama 3.1" };

/* The legend's second row, as text. */
static void note_row(const struct canvas *c, const struct box *b, char *out,
		     size_t n)
{
	uint8_t roles[2048];

	read_row(c, b->y0 + 2, b->x0 + 1, b->x1, out, roles,
		 n < sizeof roles ? n : sizeof roles);
}

/* Whether the note names `name` as lying under another curve: in a group
 * before "under" (", "-separated names, groups split by "; "). */
static bool note_names(enum lang l, const char *note, const char *name)
{
	char buf[2048], *grp, *save = NULL;
	const char *sep = l == LANG_ZH ? "；" : ";";

	snprintf(buf, sizeof buf, "%s", note);
	for (grp = strtok_r(buf, sep, &save); grp;
	     grp = strtok_r(NULL, sep, &save)) {
		char *u = strstr(grp, l == LANG_ZH ? " 大多被 " : " mostly hidden by ");
		char *p;

		if (!u)
			u = strstr(grp, l == LANG_ZH ? " 被 " : " hidden by ");
		if (!u)
			continue;
		*u = '\0';
		for (p = strstr(grp, name); p; p = strstr(p + 1, name)) {
			char after = p[strlen(name)];

			if ((p == grp || p[-1] == ' ') &&
			    (!after || after == ','))
				return true;
		}
	}
	return false;
}

/* How many curves the note counts without naming them: " +N hidden" after
 * its groups, or "N curves under others" alone; 0 if neither. */
static int note_count(enum lang l, const char *note)
{
	const char *p = strstr(note, l == LANG_ZH ? "另有 " : " +");
	int n;

	if (p && sscanf(p + (l == LANG_ZH ? strlen("另有 ") : 2), "%d", &n) == 1)
		return n;
	if (sscanf(note, "%d", &n) == 1 &&
	    strstr(note, tr(l, "%d curves hidden by others") + 2))
		return n;
	return 0;
}

/* The tick row (the box's last inner row) is a log axis of offsets: it
 * starts at 1 and its labels grow by a factor (1 10 100 or 1 2 5 10 ...),
 * never by a constant step (0 100 200 ...). */
static void check_log_axis(const struct canvas *c, const struct box *b,
			   const struct plot *p, int w, int h)
{
	char row[2048], *tok, *save = NULL;
	uint8_t roles[2048];
	double v[32];
	int n = 0;

	read_row(c, b->y1 - 1, p->x0, b->x1, row, roles, sizeof row);
	for (tok = strtok_r(row, " ", &save); tok && n < 32;
	     tok = strtok_r(NULL, " ", &save)) {
		double x = atof(tok);

		if (strchr(tok, 'k'))
			x *= 1000;
		v[n++] = x;
	}
	cr_assert_geq(n, 3, "%dx%d: %d x labels", w, h, n);
	cr_expect_eq(v[0], 1.0, "%dx%d: the axis starts at %g", w, h, v[0]);
	for (int i = 2; i < n; i++)
		cr_expect(v[i] - v[i - 1] > v[i - 1] - v[i - 2],
			  "%dx%d: labels %g %g %g step evenly", w, h, v[i - 2],
			  v[i - 1], v[i]);
}

/* The view's point on this plot, without a number read: over the first
 * third of the axis (offsets up to about 8) PI's line (it squeezes every
 * pair, so neighbours blur) lies above the original's, a row or more on
 * average. */
static void check_neighbours(const struct canvas *c, const struct box *b,
			     const struct plot *p, enum lang l, int w, int h)
{
	int pi = legend_role(c, b, tr(l, "PI"));
	int orig = legend_role(c, b, tr(l, "original"));
	double gap = 0.0;
	int cols = 0;

	cr_assert(pi >= 0 && orig >= 0, "%dx%d: PI or original unnamed", w, h);
	for (int x = p->x0; x < p->x0 + (p->x1 - p->x0) / 3; x++) {
		int plo, phi, olo, ohi;

		if (!rows_of(c, p, x, pi, &plo, &phi) ||
		    !rows_of(c, p, x, orig, &olo, &ohi))
			continue;
		gap += 0.5 * (olo + ohi) - 0.5 * (plo + phi);
		cols++;
	}
	cr_assert_gt(cols, 0, "%dx%d: PI and original never both in sight",
		     w, h);
	cr_expect_geq(gap / cols, 1.0, "%dx%d: PI only %.2f rows above the "
		      "original near k = 1", w, h, gap / cols);
}

static void check_screen(enum lang l, int w, int h)
{
	struct state s = sim_state(l);
	struct canvas *c = canvas_new(w, h);
	struct box b;
	struct plot p;
	char note[2048];
	int named = 0, hidden = 0;
	const char *name_of_hidden[8];

	fx_draw(&s, c);
	cr_assert(find_box(c, tr(l, "Similarity vs offset k, log, 1..s·L0"),
			   &b) ||
		  find_box(c, tr(l, "Similarity vs log k"), &b),
		  "%dx%d: no similarity box", w, h);
	find_plot(c, &b, &p);
	note_row(c, &b, note, sizeof note);
	cr_assert(p.x0 < p.x1, "%dx%d: nothing plotted", w, h);
	for (size_t i = 0; i < sizeof names_en / sizeof *names_en; i++) {
		const char *name = tr(l, names_en[i]);
		int r = legend_role(c, &b, name), gap = 0, worst = 0, first = -1,
		    last = -1, seen = 0, plo = -1, phi = -1, px = -9;

		cr_assert_neq(r, -2, "%dx%d: %s in two colours", w, h, name);
		if (r < 0)
			continue;
		named++;
		cr_assert_neq(r, ROLE_DEFAULT, "%dx%d: %s uncoloured", w, h,
			      name);
		for (int x = p.x0; x < p.x1; x++) {
			int lo, hi;

			if (rows_of(c, &p, x, r, &lo, &hi)) {
				/* from column to column the line's rows touch */
				cr_assert(px != x - 1 ||
					  (lo <= phi + 1 && plo <= hi + 1),
					  "%dx%d %s: rows %d..%d then %d..%d at "
					  "column %d", w, h, name, plo, phi, lo,
					  hi, x);
				plo = lo, phi = hi, px = x;
				first = first < 0 ? x : first;
				last = x;
				gap = 0;
				seen++;
			} else if (!other_curve(c, &p, x, r)) {
				gap++;
				worst = gap > worst ? gap : worst;
			} else {
				/* under a curve drawn later: the line goes on
				 * beneath it */
				first = first < 0 ? x : first;
				last = x;
			}
		}
		cr_assert(worst <= 1, "%dx%d %s: %d columns without its line",
			  w, h, name, worst);
		cr_assert(first >= 0 && first <= p.x0 + 1 && last >= p.x1 - 2,
			  "%dx%d %s: its line runs over columns %d..%d of "
			  "%d..%d", w, h, name, first, last, p.x0, p.x1 - 1);
		/* in sight in 2/3 of the columns, or said to be under */
		if (3 * seen < 2 * (p.x1 - p.x0))
			name_of_hidden[hidden++] = name;
	}
	{
		int unnamed = 0;
		const char *which = "";

		for (int i = 0; i < hidden; i++)
			if (!note_names(l, note, name_of_hidden[i]))
				unnamed++, which = name_of_hidden[i];
		cr_assert_leq(unnamed, note_count(l, note),
			      "%dx%d: %d curves mostly out of sight and not "
			      "named (%s); the legend says \"%s\"", w, h,
			      unnamed, which, note);
	}
	cr_assert_geq(named, 4, "%dx%d: %d curves named", w, h, named);
	/* the y labels (plot_yticks): 1 at the top, 0 at the bottom, 0.5
	 * between (0.25 steps from 10 rows), no negative one: every curve
	 * stays positive here */
	{
		char row[2048];
		uint8_t roles[2048];
		int y1 = -1, y05 = -1, y0 = -1;

		for (int y = b.y0 + 2; y < b.y1 - 1; y++) {
			char lab[16];

			read_row(c, y, b.x0 + 1, p.x0, row, roles, sizeof row);
			cr_assert_null(strchr(row, '-'), "%dx%d: %s", w, h, row);
			if (sscanf(row, "%15s", lab) != 1)
				continue;
			if (strcmp(lab, "1") == 0)
				y1 = y;
			else if (strcmp(lab, "0.5") == 0)
				y05 = y;
			else if (strcmp(lab, "0") == 0)
				y0 = y;
		}
		cr_assert(y1 >= 0 && y1 < y05 && y05 < y0,
			  "%dx%d: labels 1 at %d, 0.5 at %d, 0 at %d", w, h, y1,
			  y05, y0);
		cr_assert_geq(y0, p.y1 - 1, "%dx%d: 0 above the curves", w, h);
	}
	check_log_axis(c, &b, &p, w, h);
	check_neighbours(c, &b, &p, l, w, h);
	canvas_free(c);
}

Test(context_sim, curves_named_in_their_colours_and_connected)
{
	for (int l = 0; l < 2; l++)
		for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
			check_screen((enum lang)l, sizes[i][0], sizes[i][1]);
}

/* The formulas box shows whole formulas only: a formula whose start is in
 * the box has its end there too (at 80x24 the dynamic NTK formula was cut
 * after "base·(s·len/L0 −", which reads as the formula), and what is left
 * out is counted on the border. */
Test(context_sim, formulas_are_whole_or_left_out)
{
	static const char *const ends[] = { "ω'_i = ω_i/s", "s^(d/(d−2))",
					    "+ 1)²", "len ≥ L0", "− 1)/3)" };
	static const char *const starts_en[] = { "PI: ", "NTK: ", "YaRN: ",
						 "dyn. NTK: ", "Llama 3.1: " };

	for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
		struct state s = sim_state(LANG_EN);
		struct canvas *c = fx_canvas(&s, sizes[z][0], sizes[z][1]);
		struct box b;
		char all[4096] = "", row[1024];
		uint8_t roles[1024];
		bool cut = false;

		cr_assert(find_box(c, "Formulas", &b), "%dx%d: no formulas box",
			  sizes[z][0], sizes[z][1]);
		for (int y = b.y0 + 1; y < b.y1; y++) {
			read_row(c, y, b.x0 + 1, b.x1, row, roles, sizeof row);
			strncat(all, row, sizeof all - strlen(all) - 1);
		}
		for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++) {
			bool start = strstr(all, starts_en[k]) != NULL;
			bool end = strstr(all, ends[k]) != NULL;

			cr_expect(start == end, "%dx%d: formula %s %s",
				  sizes[z][0], sizes[z][1], starts_en[k],
				  start ? "cut" : "end without its start");
			cut = cut || !start;
		}
		if (cut) {
			read_row(c, b.y1, b.x0, b.x1 + 1, row, roles, sizeof row);
			cr_expect(strstr(row, "more"), "%dx%d: formulas left out, "
				  "no \"+N more\": %s", sizes[z][0], sizes[z][1], row);
		}
		canvas_free(c);
	}
}
