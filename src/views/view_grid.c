/* view_grid.c - the grid view: RoPE when a position is not one number
 * (engine/rope2d.h holds the numbers and their sources).
 *
 * The ViT variants (knob grid = axial or mixed):
 *
 *   ┌ Similarity of patch (row 2, col 3) to every patch ┐┌ Axial 2-D RoPE ──┐
 *   │ rows x cols squares of half blocks, the chosen    ││ its source, which │
 *   │ patch marked +; under it the colour ramp -1..+1   ││ pairs turn with   │
 *   │ and the score's form                              ││ which axis (an    │
 *   └───────────────────────────────────────────────────┘│ arrow a pair), the│
 *                                                        │ neighbours' values│
 *                                                        └───────────────────┘
 * The M-RoPE variants (mrope, mrope-i):
 *
 *   ┌ Position ids (t, h, w): text · image · text ──────────────────────┐
 *   │ t  0 1 2 │ 3 3 3 3 ... │ 11 12 13   one column a token           │
 *   │ h, w likewise                                                     │
 *   │ Qwen2-VL  tttthhhhhhwwwwww   which axis each of the 64 pairs turns │
 *   │ Qwen3-VL  thwthwthw...tttt   with; the chosen variant marked >     │
 *   └───────────────────────────────────────────────────────────────────┘
 *   ┌ Similarity to patch (row 2, col 3) of frame 0, in every frame ────┐
 *   │ frame 0   frame 1   ...  one map a frame                         │
 *   └───────────────────────────────────────────────────────────────────┘
 *
 * Short bodies keep the map alone. Cost per frame: one similarity a map
 * pixel, O(P) each (P = 32 or 64); at most 4 x 32 x 32 patches are
 * distinct, so nothing is kept between frames. */
#include "views/view_grid.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "model/catalog.h"
#include "render/cache.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum { GK_VARIANT, GK_ROWS, GK_COLS, GK_FRAMES, GK_TEXT, GK_COUNT };

enum { TEXT_MAX = 1024, PAIR_LABEL = 10 };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style bold = { ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD };

/* The colour of each axis: t, h (row), w (column). */
static const uint8_t axis_role[3] = { ROLE_TRACE1, ROLE_TRACE2,
				      ROLE_TRACE3 };

/* What the body shows by size (panel.h). */
enum { SHOW_MAP = 1, SHOW_ALL };
static const struct tier vit_tiers[] = { { 60, 12, SHOW_ALL },
					 { 0, 0, SHOW_MAP } };
static const struct tier mrope_tiers[] = { { 40, 18, SHOW_ALL },
					   { 0, 0, SHOW_MAP } };
/* The notes panel's width, by the body's. */
static const struct tier notes_w[] = { { 110, 0, 44 }, { 0, 0, 34 } };
/* Rows of the strip panel: t, h, w, the pairs' fast and slow ends, two
 * pair rows and a note. */
enum { STRIP_ROWS = 7 };
/* A map needs a patch a pixel at least: 1 column, and its legend row. */
static const struct tier map_least[] = { { 4, 2, 1 } };
/* A map gets the pairs' directions as dots where a patch is 2 x 2 pixels
 * or more: on smaller ones the dots would hide the heat. */
static const struct tier dots_least[] = { { 2, 2, 1 } };
/* The pairs' rows keep their labels from this width (label + 64). */
static const struct tier pair_label[] = { { PAIR_LABEL + ROPE2D_PAIRS_MAX, 0,
					    PAIR_LABEL },
					  { 0, 0, 3 } };

static const char *variant_choice(int i)
{
	return rope2d_variant_word(i);
}

void grid_rope2d_params(const struct state *s, struct rope2d_params *p,
			int *row, int *col)
{
	int v = catalog_find(s->cat, "grid");
	const double *k = s->knob[v];

	*p = (struct rope2d_params){ .variant = (enum rope2d_variant)k[GK_VARIANT],
				     .rows = (int)k[GK_ROWS],
				     .cols = (int)k[GK_COLS],
				     .frames = (int)k[GK_FRAMES],
				     .text = (int)k[GK_TEXT] };
	*row = s->cur.dim < p->rows ? s->cur.dim : p->rows - 1;
	*col = s->cur.pos < p->cols ? (int)s->cur.pos : p->cols - 1;
}

/* ---- the maps ---- */

/* ---- the numbers, kept between frames ---- */

/* The similarity of the chosen patch (frame 0) to every patch of every
 * frame, for each band drawn (one for the ViT variants; Qwen2-VL's and
 * Qwen3-VL's for M-RoPE): bands x frames x rows x cols values. Made at
 * once (rope2d_sim_grid: about 2 x 64 x 40 cosines and a sum a patch for
 * M-RoPE, 32 cosines a patch for RoPE-Mixed), so a change is finished in
 * the frame that sees it; kept while the grid and the patch stay. */
enum { K_VARIANT, K_ROWS, K_COLS, K_FRAMES, K_TEXT, K_ROW, K_COL };

struct grid_ctx {
	struct cache sims;
};

/* The bands of p: the variant's own, or both M-RoPE layouts. */
static int bands_of(const struct rope2d_params *p, enum rope2d_variant b[2])
{
	if (!rope2d_is_mrope(p->variant)) {
		b[0] = p->variant;
		return 1;
	}
	b[0] = ROPE2D_MROPE;
	b[1] = ROPE2D_MROPE_IL;
	return 2;
}

/* The similarities of patch (row, col) of frame 0 under p, band-major
 * then frame, row, col; NULL when memory runs out. */
static const double *sims(struct grid_ctx *ctx, const struct rope2d_params *p,
			  int row, int col)
{
	struct cache_key k = { { 0 } };
	enum rope2d_variant band[2];
	int bands = bands_of(p, band);
	int n = rope2d_frames(p) * p->rows * p->cols;
	long long q[3];
	double *v;

	k.v[K_VARIANT] = p->variant;
	k.v[K_ROWS] = p->rows;
	k.v[K_COLS] = p->cols;
	k.v[K_FRAMES] = rope2d_frames(p);
	k.v[K_TEXT] = p->text;
	k.v[K_ROW] = row;
	k.v[K_COL] = col;
	if (!cache_start(&ctx->sims, &k, 0))
		return cache_done(&ctx->sims) ? CACHE_GET(&ctx->sims, const double)
					      : NULL;
	v = CACHE_MEM(&ctx->sims, double, bands * n);
	if (!v) {
		cache_forget(&ctx->sims);
		return NULL;
	}
	rope2d_patch_ids(p, 0, row, col, q);
	for (int b = 0; b < bands; b++) {
		struct rope2d_freqs fr;

		rope2d_freqs(band[b], &fr);
		rope2d_sim_grid(&fr, p, q, v + b * n);
	}
	cache_finish(&ctx->sims);
	return v;
}

/* The least and the most of the n values v, into range[0], range[1]. */
static void sim_range(const double *v, int n, double range[2])
{
	range[0] = INFINITY;
	range[1] = -INFINITY;
	for (int i = 0; i < n; i++) {
		range[0] = fmin(range[0], v[i]);
		range[1] = fmax(range[1], v[i]);
	}
}

/* Similarity v on the heat ramp: range[0] at -1, range[1] at +1 (all +1
 * when the range is one value). */
static double on_ramp(double v, const double range[2])
{
	return range[1] > range[0]
	       ? 2.0 * (v - range[0]) / (range[1] - range[0]) - 1.0 : 1.0;
}

/* Where the map of p's grid goes in a: square patches (a cell is two
 * half-block pixels tall) as large as fit, or, when a patch gets no whole
 * pixel, the grid stretched over a. A patch of more than one pixel takes
 * an even number, so that no cell holds the edge of two patches: a half
 * block whose two halves differ shows its lower colour as a thin line
 * along its top in xterm, which read as seams inside the patches. The
 * part of a it covers, its height in pixels in *pixels. */
static struct rect map_room(const struct rope2d_params *p, struct rect a,
			    int *pixels)
{
	int ps = a.w / p->cols < 2 * a.h / p->rows ? a.w / p->cols
						   : 2 * a.h / p->rows;

	if (ps > 1)
		ps -= ps % 2;
	*pixels = ps ? ps * p->rows : 2 * a.h;
	return (struct rect){ a.x, a.y, ps ? ps * p->cols : a.w,
			      (*pixels + 1) / 2 };
}

/* The map of one frame's rows x cols values v (row-major) in a of c
 * (where map_room says), coloured over range. The chosen patch
 * (mark_row, mark_col; -1: none) gets a + at its middle. Returns the
 * part of a the map covers. */
static struct rect map_draw(const double *v, const struct rope2d_params *p,
			    const double range[2], int mark_row,
			    int mark_col, struct canvas *c, struct rect a)
{
	int mh;
	struct rect m = map_room(p, a, &mh);
	int mw = m.w;

	for (int y = 0; y < (mh + 1) / 2; y++)
		for (int x = 0; x < mw; x++) {
			int col = x * p->cols / mw;
			double h[2] = { NAN, NAN };

			/* the cell's top pixel, then its bottom one */
			for (int px = 2 * y; px < 2 * y + 2 && px < mh; px++)
				h[px - 2 * y] = on_ramp(
					v[px * p->rows / mh * p->cols + col],
					range);
			canvas_half_cell(c, a.x + x, a.y + y, h[0], h[1]);
		}
	if (mark_row >= 0) {
		int x = (2 * mark_col + 1) * mw / (2 * p->cols);
		int y = (2 * mark_row + 1) * mh / (2 * p->rows) / 2;

		canvas_half_mark(c, a.x + x, a.y + y, '+', ROLE_ON_HEAT,
				 ATTR_BOLD);
	}
	return m;
}

/* The significant digits that tell range[0] from range[1] apart: 3, or
 * more (up to 9) while the two print alike (Qwen2-VL's maps lie within
 * 0.0004 of 1). */
static int range_digits(const double range[2])
{
	char lo[32], hi[32];
	int sig = 3;

	for (;; sig++) {
		fmt_double_compact(range[0], sig, lo, sizeof lo);
		fmt_double_compact(range[1], sig, hi, sizeof hi);
		if (strcmp(lo, hi) != 0 || sig == 9)
			return sig;
	}
}

/* The row under the maps: the least value, the ramp's lower half, the
 * middle value (its palest colour), the upper half, the most, and what a
 * value is; `shared` when several maps take this one scale. */
static void legend_draw(const struct state *s, const double range[2],
			bool shared, struct canvas *c, int x, int y, int w)
{
	const double at[3] = { range[0], (range[0] + range[1]) / 2,
			       range[1] };
	int x0 = x, sig = range_digits(range), half = 3;

	for (int i = 0; i < 3 && x < x0 + w; i++) {
		char num[32];

		fmt_double_compact(at[i], sig, num, sizeof num);
		x += canvas_text(c, x, y, x0 + w - x, num, dim_style) + 1;
		/* after the least the blue half, after the middle the red */
		for (int k = 0; i < 2 && k < half && x < x0 + w; k++, x++) {
			double h = i == 0 ? -1.0 + 0.4 * k : 0.2 + 0.4 * k;

			canvas_half_cell(c, x, y, h, h);
		}
		x += i < 2;
	}
	paragraph_fit(c, x + 1, y, x0 + w - x - 1, shared
		? (const char *[]){
		tr(s->lang, "one scale for every map here, from their least to their most, the palest at the middle value (not 0); a value is (1/P) Σ cos of each pair's angle difference, q = k = (1, 0) in every pair"),
		tr(s->lang, "one scale for all maps; palest: the middle, not 0"),
		tr(s->lang, "one scale for all maps") }
		: (const char *[]){
		tr(s->lang, "this map's least to most, the palest at the middle value (not 0); a value is (1/P) Σ cos of each pair's angle difference, q = k = (1, 0) in every pair"),
		tr(s->lang, "least, middle (palest, not 0), most of (1/P) Σ cos Δangle"),
		tr(s->lang, "palest: the middle, not 0"),
		tr(s->lang, "palest: middle, not 0"),
		tr(s->lang, "palest: middle") },
		5, dim_style);
}

/* Why the marked patch is not at the status line's pos (the column) and
 * dim (the row), after the title, in `form` 0 (the longest), 1 or 2 (the
 * shortest), into buf: the number past the grid and that the patch is
 * the grid's last column, row or corner (the nearest to it). */
static void past_note(const struct state *s, const struct rope2d_params *p,
		      int form, char *buf, size_t n)
{
	bool pos = s->cur.pos >= p->cols, dim = s->cur.dim >= p->rows;
	static const char *const both[3] = {
		N_("; pos %lld and dim %d are past the %d×%d grid, so this is its last patch"),
		N_("; pos %lld and dim %d are past the grid"),
		N_(", last patch")
	};
	static const char *const cols[3] = {
		N_("; pos %lld is past the grid's %d columns, so this is the last column"),
		N_("; pos %lld is past the %d columns"),
		N_(", last column")
	};
	static const char *const rows[3] = {
		N_("; dim %d is past the grid's %d rows, so this is the last row"),
		N_("; dim %d is past the %d rows"),
		N_(", last row")
	};

	if (pos && dim)
		snprintf(buf, n, tr(s->lang, both[form]), s->cur.pos,
			 s->cur.dim, p->rows, p->cols);
	else if (pos)
		snprintf(buf, n, tr(s->lang, cols[form]), s->cur.pos, p->cols);
	else
		snprintf(buf, n, tr(s->lang, rows[form]), s->cur.dim, p->rows);
}

/* Opens map panel r and returns its inside. Its title is the first of
 * the long and the brief form (fmt[0], fmt[1] of the patch row, col) that
 * fits on its border. When the status line's pos or dim lies past the
 * grid, the marked patch is the nearest one, and the title says so: the
 * long form with past_note's longest wording, the brief form with it, the
 * brief one with the next two, or the brief form alone. */
static struct rect map_panel_open(const struct state *s,
				  const struct rope2d_params *p,
				  const char *const fmt[2], int row, int col,
				  struct canvas *c, struct rect r)
{
	static const int form[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 },
					{ 1, 2 } };
	char buf[TEXT_MAX];
	bool past = s->cur.pos != col || s->cur.dim != row;

	for (int i = 0; i < (past ? 5 : 2); i++) {
		int len = snprintf(buf, sizeof buf,
				   tr(s->lang, fmt[i < 4 ? form[i][0] : 1]),
				   row, col);

		if (past && i < 4 && len > 0 && (size_t)len < sizeof buf)
			past_note(s, p, form[i][1], buf + len,
				  sizeof buf - (size_t)len);
		if (utf8_width(buf) <= r.w - 4)
			break;
	}
	return panel_open(c, r, buf, NULL);
}

/* The direction pair j of a ViT variant turns along, in degrees in
 * [0, 360): 0 to the right, 90 down (rows grow downwards). */
static double pair_degrees(const struct rope2d_freqs *fr, int j)
{
	double d = atan2(fr->f[1][j], fr->f[2][j]) * 180.0 / acos(-1.0);

	return d < 0 ? d + 360.0 : d;
}

/* Dots on map m (of the chosen patch row, col) along each direction the
 * pairs of fr turn along, through the patch: the patch nearest to each
 * point a quarter patch apart on those lines (where dots_least lets). */
static void directions_draw(const struct state *s,
			    const struct rope2d_freqs *fr,
			    const struct rope2d_params *p, struct rect m,
			    int row, int col, struct canvas *c)
{
	int reach = 4 * (p->rows + p->cols);
	double last = NAN;

	if (!TIER(dots_least, m.w / p->cols, 2 * m.h / p->rows))
		return;
	for (int j = 0; j < fr->pairs; j++) {
		double deg = pair_degrees(fr, j), d = deg * acos(-1.0) / 180.0;

		if (fabs(deg - last) < 0.05)
			continue;	/* the run of pair j - 1 */
		last = deg;
		for (int k = -reach; k <= reach; k++) {
			long r = lround(row + 0.25 * k * sin(d));
			long cc = lround(col + 0.25 * k * cos(d));

			if (r < 0 || r >= p->rows || cc < 0 || cc >= p->cols ||
			    (r == row && cc == col))
				continue;
			canvas_half_mark(c,
					 m.x + (int)((2 * cc + 1) * m.w /
						     (2 * p->cols)),
					 m.y + (int)((2 * r + 1) * m.h /
						     (2 * p->rows)),
					 s->ascii ? '.' : 0x00B7, ROLE_ON_HEAT,
					 ATTR_BOLD);
		}
	}
}

/* The map panel of a ViT variant: one map. */
static void vit_map_panel(const struct state *s, struct grid_ctx *ctx,
			  const struct rope2d_freqs *fr,
			  const struct rope2d_params *p, int row, int col,
			  struct canvas *c, struct rect r)
{
	static const char *const fmt[2] = {
		N_("Similarity of patch (row %d, col %d) to every patch"),
		N_("Similarity to (row %d, col %d)")
	};
	struct rect in = map_panel_open(s, p, fmt, row, col, c, r);
	double range[2];
	const double *v;

	if (!TIER(map_least, in.w, in.h))
		return;
	v = sims(ctx, p, row, col);
	if (!v)
		return;
	sim_range(v, p->rows * p->cols, range);
	directions_draw(s, fr, p,
			map_draw(v, p, range, row, col, c,
				 (struct rect){ in.x, in.y, in.w, in.h - 1 }),
			row, col, c);
	legend_draw(s, range, false, c, in.x, in.y + in.h - 1, in.w);
}

/* How fast pair j turns, as a bar of 1 to 8 eighths: its radians a patch
 * along its direction, |f|, on a log scale from 0.01 (and below: one
 * eighth) to 1 (eight). */
static int pair_eighths(const struct rope2d_freqs *fr, int j)
{
	double m = hypot(fr->f[1][j], fr->f[2][j]);
	int e = (int)ceil(8.0 * (1.0 + log10(m) / 2.0) - 1e-9);

	return e < 1 ? 1 : e > 8 ? 8 : e;
}

/* The pairs of a ViT variant from row y of in, a row for each run of
 * pairs that turn along one direction: their numbers, the direction in
 * degrees (with its arrow where one of the eight is exact), and a bar a
 * pair for its speed, the run's fast end first, under a header that
 * names the ends. Returns the rows drawn. */
static int pair_runs_draw(const struct state *s,
			  const struct rope2d_freqs *fr, struct canvas *c,
			  struct rect in, int y)
{
	static const uint32_t arrows[8] = { 0x2192, 0x2198, 0x2193, 0x2199,
					    0x2190, 0x2196, 0x2191, 0x2197 };
	enum { LABEL = 14 };	/* "16–31 167.0° ↓ " */
	int y0 = y, longest = 0;

	for (int j = 0, k; j < fr->pairs; j = k) {
		for (k = j + 1; k < fr->pairs &&
		     fabs(pair_degrees(fr, k) - pair_degrees(fr, j)) < 0.05;
		     k++)
			;
		longest = k - j > longest ? k - j : longest;
	}
	if (y >= in.y + in.h || in.w < LABEL + longest)
		return 0;
	canvas_text(c, in.x, y, LABEL, tr(s->lang, "pairs  angle"), bold);
	canvas_text(c, in.x + LABEL, y, longest, tr(s->lang, "fast"), dim_style);
	/* "slow" ends at the last bar */
	canvas_text(c, in.x + LABEL + longest - utf8_width(tr(s->lang, "slow")),
		    y, longest, tr(s->lang, "slow"), dim_style);
	y++;
	for (int j = 0, k; j < fr->pairs && y < in.y + in.h; j = k, y++) {
		double deg = pair_degrees(fr, j);
		double eighth = deg / 45.0;
		char label[32];
		int x = in.x + LABEL;

		for (k = j + 1; k < fr->pairs &&
		     fabs(pair_degrees(fr, k) - deg) < 0.05; k++)
			;
		snprintf(label, sizeof label, "%d–%d", j, k - 1);
		canvas_text(c, in.x, y, 6, label, plain);
		snprintf(label, sizeof label, "%.1f°", deg);
		canvas_text(c, in.x + 12 - utf8_width(label), y, 7, label, bold);
		if (!s->ascii && fabs(eighth - round(eighth)) < 1e-3)
			canvas_put(c, in.x + 12, y,
				   arrows[(int)round(eighth) % 8], bold);
		for (int i = j; i < k; i++)
			canvas_put(c, x++, y,
				   s->ascii ? (uint32_t)('0' + pair_eighths(fr, i))
					    : 0x2580 + (uint32_t)pair_eighths(fr, i),
				   bold);
	}
	return y - y0;
}

/* Draws at row *y of in the first of the n texts that fits whole in the
 * rows left there above `keep` rows kept for what follows, and moves *y
 * past it; draws nothing when none fits, so that no sentence is cut. */
static void whole_draw(struct canvas *c, struct rect in, int *y, int keep,
		       const char *const *cand, int n, struct style st)
{
	int left = in.y + in.h - keep - *y;

	for (int i = 0; i < n; i++)
		if (paragraph_rows(cand[i], in.w) <= left) {
			*y += paragraph_draw(c, (struct rect){ in.x, *y, in.w,
							       left }, cand[i], st);
			return;
		}
}

/* The notes of a ViT variant: its source, its pairs, its neighbours.
 * The neighbours' numbers come first in the room (they are kept the rows
 * they need); each other note takes the longest wording that fits whole
 * in what is left, or goes. */
static void vit_notes_panel(const struct state *s,
			    const struct rope2d_freqs *fr,
			    const struct rope2d_params *p, int row, int col,
			    struct canvas *c, struct rect r)
{
	bool axial = p->variant == ROPE2D_AXIAL;
	char title[64], theta[32], near[TEXT_MAX], mixed[2][TEXT_MAX], v[3][32];
	struct rect in;
	int y, keep;
	long long q[3], k[3];
	const int step[3][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 } };
	const char *source = axial
		? "Heo et al. 2024, naver-ai/rope-vit: compute_axial_cis"
		: "Heo et al. 2024, naver-ai/rope-vit: init_random_2d_freqs";

	fmt_double_shortest(axial ? ROPE2D_AXIAL_THETA : ROPE2D_MIXED_THETA,
			    theta, sizeof theta);
	snprintf(title, sizeof title, tr(s->lang, "%s: θ %s, %d dims"),
		 axial ? tr(s->lang, "Axial 2-D RoPE") : "RoPE-Mixed", theta,
		 2 * ROPE2D_VIT_PAIRS);
	in = panel_open(c, r, title, axial ? tr(s->lang, "Axial 2-D RoPE")
					   : "RoPE-Mixed");
	y = in.y;
	rope2d_patch_ids(p, 0, row, col, q);
	for (int i = 0; i < 3; i++) {
		rope2d_patch_ids(p, 0, row + step[i][0], col + step[i][1], k);
		fmt_double_compact(rope2d_sim(fr, q, k), 3, v[i], sizeof v[i]);
	}
	snprintf(near, sizeof near, tr(s->lang, "One column away: %s; one row away: %s; one diagonal step away: %s."),
		 v[0], v[1], v[2]);
	keep = paragraph_rows(near, in.w);
	whole_draw(c, in, &y, keep, &source, 1, dim_style);
	snprintf(mixed[0], sizeof mixed[0], tr(s->lang, "Each pair turns along a direction in the image, not an axis: at the start pairs 0–15 along one random direction and 16–31 at 90° to it (seed %u of pescope's generator, where rope-vit calls torch.rand); training learns them. The map's ridges run along them. θ = 10 (axial: 100) makes it fall off faster."),
		 ROPE2D_MIXED_SEED);
	snprintf(mixed[1], sizeof mixed[1], tr(s->lang, "Each pair turns along a direction, not an axis: pairs 0–15 along a random one (seed %u), 16–31 at 90° to it; training learns them. θ 10 (axial 100) makes it fall off faster."),
		 ROPE2D_MIXED_SEED);
	whole_draw(c, in, &y, keep, axial ? (const char *[]){
		tr(s->lang, "Head dim 64, θ = 100 (rope-vit's axial default). Pairs 0–15 turn with the column (0°), 16–31 with the row (90°): a score is a column term plus a row term. Along the patch's own row and column one term stays at its most: the cross."),
		tr(s->lang, "Pairs 0–15 turn with the column (0°), 16–31 with the row (90°): a score is a column term plus a row term, at its most along the patch's row and column: the cross.") }
		: (const char *[]){ mixed[0], mixed[1] }, 2, plain);
	if (y + 3 + keep <= in.y + in.h)
		y += pair_runs_draw(s, fr, c, in, y);
	whole_draw(c, in, &y, keep, (const char *[]){
		tr(s->lang, "0° points right, 90° down; dots on the map: these directions through the patch; a bar: how fast the pair turns a patch (log, 0.01 to 1 radian)"),
		tr(s->lang, "0° is right, 90° down; dots: these directions; a bar: how fast a pair turns (log)") },
		2, dim_style);
	whole_draw(c, in, &y, 0, (const char *[]){ near }, 1, plain);
}

static void vit_draw(const struct state *s, struct grid_ctx *ctx,
		     const struct rope2d_freqs *fr,
		     const struct rope2d_params *p, int row, int col,
		     struct canvas *c, struct rect r)
{
	int nw = TIER(notes_w, r.w, r.h);

	if (TIER(vit_tiers, r.w, r.h) != SHOW_ALL) {
		vit_map_panel(s, ctx, fr, p, row, col, c, r);
		return;
	}
	vit_map_panel(s, ctx, fr, p, row, col, c,
		      (struct rect){ r.x, r.y, r.w - nw, r.h });
	vit_notes_panel(s, fr, p, row, col, c,
			(struct rect){ r.x + r.w - nw, r.y, nw, r.h });
}

/* ---- M-RoPE ---- */

static int digits(long long v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* The three rows t, h, w of the position ids from row y of in: the text
 * before, as many vision tokens as fit (then "…"), the text after. */
static void ids_draw(const struct state *s, const struct rope2d_params *p,
		     struct canvas *c, struct rect in, int y)
{
	int n = rope2d_tokens(p), grid = n - 2 * p->text;
	long long last[3];
	int cw, room, shown;
	static const char *const name[3] = { "t", "h", "w" };

	rope2d_token_ids(p, n - 1, last);
	cw = digits(last[0]) + 1;
	room = (in.w - 2 - 2 * p->text * cw - 6) / cw;
	shown = room < grid ? (room > 0 ? room : 0) : grid;
	for (int a = 0; a < 3; a++) {
		int x = in.x + 2;

		canvas_text(c, in.x, y + a, 1, name[a],
			    (struct style){ axis_role[a], ROLE_DEFAULT,
					    ATTR_BOLD });
		for (int i = 0; i < n && x < in.x + in.w; i++) {
			long long id[3];
			char cell[24];
			bool text = rope2d_token_ids(p, i, id);

			if (i == p->text || i == p->text + grid)
				x += canvas_text(c, x, y + a, 2,
						 s->ascii ? "| " : "│ ", dim_style);
			if (!text && i - p->text >= shown) {
				if (i == p->text + shown)
					x += canvas_text(c, x, y + a, 2,
							 s->ascii ? "+ " : "… ",
							 dim_style);
				continue;
			}
			snprintf(cell, sizeof cell, "%*lld", cw - 1, id[a]);
			x += canvas_text(c, x, y + a, cw, cell,
					 text ? plain
					      : (struct style){ axis_role[a],
								ROLE_DEFAULT, 0 });
			x++;
		}
	}
}

/* The label of M-RoPE band v in lw columns at (x, y): the model, or its
 * version alone when narrow, after a > when it is the variant chosen. */
static void band_label(enum rope2d_variant v, bool chosen, int lw,
		       struct canvas *c, int x, int y)
{
	char label[32];

	snprintf(label, sizeof label, "%s%s", chosen ? ">" : " ",
		 lw == PAIR_LABEL ? (v == ROPE2D_MROPE ? "Qwen2-VL" : "Qwen3-VL")
				  : (v == ROPE2D_MROPE ? "2" : "3"));
	canvas_text(c, x, y, lw - 1, label, chosen ? bold : plain);
}

/* One row of pairs: the axis each of the 64 pairs of variant v turns
 * with, a letter in its axis' colour, after its label. */
static void pairs_row(enum rope2d_variant v,
		      bool chosen, struct canvas *c, struct rect in, int y)
{
	struct rope2d_freqs fr;
	int lw = TIER(pair_label, in.w, in.h), x;
	static const char letter[3] = { 't', 'h', 'w' };

	rope2d_freqs(v, &fr);
	band_label(v, chosen, lw, c, in.x, y);
	x = in.x + lw;
	for (int j = 0; j < fr.pairs && x < in.x + in.w; j++) {
		int a = rope2d_pair_axis(&fr, j);

		canvas_put(c, x++, y, (uint32_t)letter[a],
			   (struct style){ axis_role[a], ROLE_DEFAULT,
					   chosen ? ATTR_BOLD : 0 });
	}
}

/* The row above the pairs: pair 0, the fastest (inv_freq 1), at the left,
 * pair 63, the slowest, at the right. */
static void pairs_ends(const struct state *s, struct canvas *c,
		       struct rect in, int y)
{
	int lw = TIER(pair_label, in.w, in.h);
	int w = in.w - lw < ROPE2D_PAIRS_MAX ? in.w - lw : ROPE2D_PAIRS_MAX;
	const char *slow = tr(s->lang, "slow: pair 63");
	const char *fast = tr(s->lang, "pair 0: fast");

	if (utf8_width(fast) + utf8_width(slow) + 1 > w)
		return;
	canvas_text(c, in.x + lw, y, w, fast, dim_style);
	canvas_text(c, in.x + lw + w - utf8_width(slow), y, w, slow,
		    dim_style);
}

/* The strip: the position ids and the pairs, under a title that gives
 * the frequencies' θ and the head's dims as the ViT notes' title does
 * (both rows of pairs turn at Qwen2-VL's, engine/rope2d.h). */
static void strip_panel(const struct state *s, const struct rope2d_params *p,
			struct canvas *c, struct rect r)
{
	const bool video = p->frames > 1;
	const char *what[3] = {
		video ? tr(s->lang, "Position ids (t, h, w) of text · video · text, and the pairs each axis turns")
		      : tr(s->lang, "Position ids (t, h, w) of text · image · text, and the pairs each axis turns"),
		video ? tr(s->lang, "Position ids (t, h, w) of text · video · text")
		      : tr(s->lang, "Position ids (t, h, w) of text · image · text"),
		tr(s->lang, "Position ids and pairs")
	};
	char theta[32], title[3][TEXT_MAX];
	struct rope2d_freqs fr;
	struct rect in;

	rope2d_freqs(p->variant, &fr);
	fmt_double_shortest(ROPE2D_MROPE_THETA, theta, sizeof theta);
	for (int i = 0; i < 3; i++)
		snprintf(title[i], sizeof title[i],
			 tr(s->lang, "%s: θ %s, %d dims"), what[i], theta,
			 2 * fr.pairs);
	/* the long title where it fits, else the middle one (panel_open's
	 * test, its 4 columns of corners and blanks), else the brief */
	in = panel_open(c, r, title[utf8_width(title[0]) > r.w - 4],
			title[2]);

	ids_draw(s, p, c, in, in.y);
	pairs_ends(s, c, in, in.y + 3);
	pairs_row(ROPE2D_MROPE, p->variant == ROPE2D_MROPE, c, in,
		  in.y + 4);
	pairs_row(ROPE2D_MROPE_IL, p->variant == ROPE2D_MROPE_IL, c, in,
		  in.y + 5);
	paragraph_fit(c, in.x, in.y + 6, in.w, (const char *[]){
		p->variant == ROPE2D_MROPE
		? tr(s->lang, "Qwen2-VL [16, 24, 24]: t takes the fast pairs, h and w only slow ones, so a frame's patches look alike (one flat colour); text goes on from the largest id + 1.")
		: tr(s->lang, "Qwen3-VL [24, 20, 20] interleaved: t, h, w take turns, so h and w get fast pairs too and the patches differ; text goes on from the largest id + 1."),
		p->variant == ROPE2D_MROPE
		? tr(s->lang, "Qwen2-VL [16, 24, 24]: h, w only slow pairs: a frame's patches look alike")
		: tr(s->lang, "Qwen3-VL [24, 20, 20] interleaved: h, w get fast pairs too: patches differ") },
		2, dim_style);
}

/* The least and the most of the n values v of one map, "lo–hi", into
 * text: the numbers that say what a flat map's one colour is. Returns
 * its width. */
static int map_caption(const double *v, int n, char *text, size_t size)
{
	double range[2];
	char lo[32], hi[32];
	int sig;

	sim_range(v, n, range);
	sig = range_digits(range);
	fmt_double_compact(range[0], sig, lo, sizeof lo);
	fmt_double_compact(range[1], sig, hi, sizeof hi);
	snprintf(text, size, "%s–%s", lo, hi);
	return utf8_width(text);
}

/* One map m of p in the part a of its band and its caption text: beside
 * it, or, with no room there, on the row under a smaller map. Beside it,
 * why (NULL: nothing) goes under the caption where it fits. */
static void band_map(const double *m, const struct rope2d_params *p,
		     const double range[2], int mark_row, int mark_col,
		     const char *text, const char *why, bool beside,
		     struct canvas *c, struct rect a)
{
	int tw = utf8_width(text);
	struct rect room;

	if (!beside)
		a.h--;
	room = map_draw(m, p, range, mark_row, mark_col, c, a);
	if (!beside) {
		if (tw <= a.w)
			canvas_text(c, a.x, a.y + room.h, tw, text, dim_style);
		return;
	}
	canvas_text(c, a.x + room.w + 1, a.y, tw, text, dim_style);
	a = (struct rect){ a.x + room.w + 1, a.y + 1, a.w - room.w - 1,
			   a.h - 1 };
	if (why && paragraph_rows(why, a.w) <= a.h)
		paragraph_draw(c, a, why, dim_style);
}

/* The maps of every frame side by side, the chosen patch in frame 0: a
 * band of them for Qwen2-VL, one for Qwen3-VL, on one colour range, so
 * that the two layouts compare (the variant chosen marked >), each with
 * its own least and most beside it or under it. */
static void mrope_maps_panel(const struct state *s, struct grid_ctx *ctx,
			     const struct rope2d_params *p, int row, int col,
			     struct canvas *c, struct rect r)
{
	static const char *const fmt[2] = {
		N_("Similarity of patch (row %d, col %d) of frame 0 to every patch of every frame"),
		N_("Similarity to (row %d, col %d) of frame 0")
	};
	struct rect in = map_panel_open(s, p, fmt, row, col, c, r), room;
	double range[2];
	const double *v;
	int f = rope2d_frames(p), plane = p->rows * p->cols, gap = 2;
	int lw, each, bh, widest = 0, px;
	char cap[2 * ROPE2D_FRAMES_MAX][80];

	lw = TIER(pair_label, in.w, in.h);
	each = (in.w - lw - (f - 1) * gap) / f;
	bh = (in.h - 2) / 2;
	if (!TIER(map_least, each, bh - 1))
		return;
	v = sims(ctx, p, row, col);
	if (!v)
		return;
	/* one range for both bands, so that they compare */
	sim_range(v, 2 * f * plane, range);
	for (int i = 0; i < f; i++) {
		char lab[32];

		if (f == 1)
			snprintf(lab, sizeof lab,
				 tr(s->lang, "the image's patches (t = %d)"),
				 p->text);
		else
			snprintf(lab, sizeof lab, tr(s->lang, "frame %d (t = %d)"),
				 i, p->text + i);
		canvas_text(c, in.x + lw + i * (each + gap), in.y, each, lab,
			    dim_style);
	}
	/* every caption beside its map when each one fits, else all under */
	for (int k = 0; k < 2 * f; k++) {
		int tw = map_caption(v + k * plane, plane, cap[k], sizeof cap[k]);

		widest = tw > widest ? tw : widest;
	}
	room = map_room(p, (struct rect){ 0, 0, each, bh }, &px);
	for (int b = 0; b < 2; b++) {
		enum rope2d_variant band = b ? ROPE2D_MROPE_IL : ROPE2D_MROPE;
		int y = in.y + 1 + b * bh;

		band_label(band, p->variant == band, lw, c, in.x, y);
		for (int i = 0; i < f; i++)
			band_map(v + (b * f + i) * plane, p, range,
				 i == 0 ? row : -1, col, cap[b * f + i],
				 i > 0 ? NULL : b ? tr(s->lang, "h turns pairs 1, 4, … 58 and w pairs 2, 5, … 59, fast ones too, so the patches differ")
					: tr(s->lang, "h and w turn only the slow pairs 16–63, so a frame's patches score nearly alike; t's fast pairs 0–15 set each frame apart"),
				 room.w + 1 + widest <= each, c,
				 (struct rect){ in.x + lw + i * (each + gap),
						y, each, bh });
	}
	legend_draw(s, range, true, c, in.x, in.y + in.h - 1, in.w);
}

static void mrope_draw(const struct state *s, struct grid_ctx *ctx,
		       const struct rope2d_params *p, int row, int col,
		       struct canvas *c, struct rect r)
{
	int strip_h = STRIP_ROWS + 2;

	if (TIER(mrope_tiers, r.w, r.h) != SHOW_ALL) {
		mrope_maps_panel(s, ctx, p, row, col, c, r);
		return;
	}
	strip_panel(s, p, c, (struct rect){ r.x, r.y, r.w, strip_h });
	mrope_maps_panel(s, ctx, p, row, col, c,
			 (struct rect){ r.x, r.y + strip_h, r.w,
					r.h - strip_h });
}

static void grid_free(void *ctx)
{
	struct grid_ctx *gx = ctx;

	cache_free(&gx->sims);
}

static void grid_draw(const struct state *s, void *ctx, struct canvas *c,
		      struct rect r)
{
	struct rope2d_params p;
	struct rope2d_freqs fr;
	int row, col;

	grid_rope2d_params(s, &p, &row, &col);
	if (rope2d_is_mrope(p.variant)) {
		mrope_draw(s, ctx, &p, row, col, c, r);
		return;
	}
	rope2d_freqs(p.variant, &fr);
	vit_draw(s, ctx, &fr, &p, row, col, c, r);
}

/* Whether the knobs of M-RoPE alone (frames, text) act: the variant's. */
static bool mrope_acts(const struct state *s)
{
	struct rope2d_params p;
	int row, col;

	grid_rope2d_params(s, &p, &row, &col);
	return rope2d_is_mrope(p.variant);
}

/* The status line's parameters: the grid's, not the explorer's d_model,
 * base and len, which it does not read: "grid=mrope frames=1 rows=8
 * cols=8 text=3 θ=1e6 d_h=128 pos=10 dim=0" (the knobs' words, then the
 * frequencies' θ and the head's dims, d_h as the mla view writes it). */
static char *grid_status(const struct state *s, char *buf, size_t n)
{
	struct rope2d_params p;
	struct rope2d_freqs fr;
	char theta[32], frames[32] = "", text[32] = "";
	int row, col;
	bool mrope;

	grid_rope2d_params(s, &p, &row, &col);
	mrope = rope2d_is_mrope(p.variant);
	rope2d_freqs(p.variant, &fr);
	fmt_double_shortest(mrope ? ROPE2D_MROPE_THETA
			    : p.variant == ROPE2D_AXIAL ? ROPE2D_AXIAL_THETA
			    : ROPE2D_MIXED_THETA, theta, sizeof theta);
	if (mrope) {
		snprintf(frames, sizeof frames, " frames=%d", p.frames);
		snprintf(text, sizeof text, " text=%d", p.text);
	}
	snprintf(buf, n, "grid=%s%s rows=%d cols=%d%s θ=%s d_h=%d pos=%lld "
		 "dim=%d", rope2d_variant_word((int)p.variant), frames, p.rows,
		 p.cols, text, theta, 2 * fr.pairs, s->cur.pos, s->cur.dim);
	return buf;
}

const struct view_spec view_grid = {
	.name = "grid",
	.said = N_("grid view"),
	.title = N_("2-D RoPE and M-RoPE: positions that are rows, columns and time"),
	.point = N_("a patch is most like its neighbours along the axes its pairs turn with: axial RoPE draws a cross, RoPE-Mixed turns it, M-RoPE gives time, height and width their own pairs"),
	.nknobs = GK_COUNT,
	.knob = { {
		.word = "grid",
		.help = N_("the variant: axial, mixed (RoPE-Mixed), mrope (Qwen2-VL), mrope-i (Qwen3-VL, interleaved)"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = ROPE2D_VARIANTS - 1,
		.start = KNOB_START_INIT, .init = ROPE2D_AXIAL,
		.choice = variant_choice,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_CYCLE, 1, N_("variant") } },
	}, {
		.word = "rows",
		.help = N_("the image's rows of patches, H (the dim keys choose the patch's row)"),
		.kind = KNOB_INT, .lo = 1, .hi = ROPE2D_SIDE_MAX,
		.start = KNOB_START_INIT, .init = 8,
		.nsteps = 1,
		.step = { { 'y', 'Y', STEP_ADD, 1, N_("rows -/+1") } },
	}, {
		.word = "cols",
		.help = N_("the image's columns of patches, W (the position keys choose the patch's column)"),
		.kind = KNOB_INT, .lo = 1, .hi = ROPE2D_SIDE_MAX,
		.start = KNOB_START_INIT, .init = 8,
		.nsteps = 1,
		.step = { { 'c', 'C', STEP_ADD, 1, N_("cols -/+1") } },
	}, {
		.word = "frames",
		.help = N_("M-RoPE: the video's frames, T (1: an image)"),
		.kind = KNOB_INT, .lo = 1, .hi = ROPE2D_FRAMES_MAX,
		.start = KNOB_START_INIT, .init = 1,
		.nsteps = 1,
		.step = { { 'v', 'V', STEP_ADD, 1, N_("frames -/+1") } },
		.acts = mrope_acts,
	}, {
		.word = "text",
		.help = N_("M-RoPE: the text tokens before the image and after it"),
		.kind = KNOB_INT, .lo = 1, .hi = ROPE2D_TEXT_MAX,
		.start = KNOB_START_INIT, .init = 3,
		.nsteps = 1,
		.step = { { 'u', 'U', STEP_ADD, 1, N_("text -/+1") } },
		.acts = mrope_acts,
	} },
	.draw = grid_draw,
	.status = grid_status,
	.ctx_size = sizeof(struct grid_ctx),
	.ctx_free = grid_free,
};
