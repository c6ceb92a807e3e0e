/* view_rope_design.c - lesson 8's first designs, before the sinusoids:
 * what goes wrong with each, computed live from the state and drawn over
 * the rope view's body when its `design` knob is not off.
 *
 *   integer  x_p = word + p (1, ..., 1): against p, cos(x_p, word) falls
 *            towards 0 and cos of two words at p rises to 1: the position
 *            swamps the word, and it grows without bound (|p 1| / |word|
 *            is printed);
 *   unit     p / (len - 1): one line per length, len / 4, len and 4 len;
 *            a token's step is 1 / (len - 1), a different distance at
 *            every length;
 *   binary   the bits of p, one row per bit: bit j flips every 2^j
 *            tokens, so from bit to bit the frequency halves (Kazemnejad,
 *            "Transformer Architecture: The Positional Encoding", 2019).
 *
 * The two words are the rope view's q and k (N(0, 1) components, d =
 * d_model), which it keeps cached. */
#include <math.h>
#include <stdio.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "engine/rope.h"
#include "render/paragraph.h"
#include "render/plot.h"
#include "views/panel.h"
#include "views/view_rope.h"

enum { TEXT_MAX = 320, SAMPLES_MAX = 2 * 400, BITS_MAX = 12, LABEL = 8 };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis = { ROLE_AXIS, ROLE_DEFAULT, 0 };

const char *rope_design_name(int i)
{
	static const char *const n[RD_COUNT] = { "off", "integer", "unit",
						 "binary" };

	return n[i];
}

/* What a design's panel shows by size (views/panel.h): anything from
 * 12 x 6 inside; a plot from 2 rows. */
static const struct tier design_least[] = { { 12, 6, 1 } };
static const struct tier plot_least[] = { { 0, 2, 1 } };

static void line(struct canvas *c, struct rect in, int y, const char *text,
		 struct style st)
{
	if (y >= in.y && y < in.y + in.h)
		canvas_text(c, in.x, y, in.w, text, st);
}

/* A plot of positions 0 .. len-1 over rows [y0, y0 + h) with y labels. */
static struct plot_area area(const struct state *s, struct rect in, int y0,
			     int h, double lo, double hi)
{
	return (struct plot_area){ { 0, s->cur.len, in.x + 5, in.w - 5 }, y0, h,
				   lo, hi, 0 };
}

/* ---- the integer ---- */

static void integer_draw(const struct state *s, const double *a,
			 const double *b, struct canvas *c, struct rect in)
{
	int d = s->cur.pe.d_model, text = 4;
	long long last = s->cur.len - 1;
	struct rope_words w;
	struct rope_integer at;
	struct plot_area pa;
	char buf[TEXT_MAX], x1[24], x2[24], x3[24];

	rope_words_of(a, b, d, &w);
	snprintf(buf, sizeof buf, tr(s->lang, "x_p = word + p·(1, ..., 1), p added to all d = %d components"),
		 d);
	line(c, in, in.y, buf, plain);
	pa = area(s, in, in.y + 1, in.h - 2 - text, -1.0, 1.0);
	if (TIER(plot_least, pa.ax.w, pa.h)) {
		double fa[SAMPLES_MAX], fb[SAMPLES_MAX];
		int n = 2 * pa.ax.w > SAMPLES_MAX ? SAMPLES_MAX : 2 * pa.ax.w;

		for (int j = 0; j < n; j++) {
			struct rope_integer v;

			rope_integer_add(&w, floor(plot_dot_pos(&pa.ax, j) + 0.5),
					 &v);
			fa[j] = v.word;
			fb[j] = v.words;
		}
		plot_ylabel(c, &pa, in.x, 4, 1.0, "1", axis);
		plot_ylabel(c, &pa, in.x, 4, 0.0, "0", axis);
		plot_ylabel(c, &pa, in.x, 4, -1.0, s->ascii ? "-1" : "−1", axis);
		plot_samples(c, &pa, plot_dot_pos(&pa.ax, 0),
			     plot_dot_span(&pa.ax), fb, n, ROLE_TRACE2);
		plot_samples(c, &pa, plot_dot_pos(&pa.ax, 0),
			     plot_dot_span(&pa.ax), fa, n, ROLE_TRACE1);
		plot_xticks(c, &pa.ax, pa.y0 + pa.h, axis);
	}
	rope_integer_add(&w, (double)last, &at);
	fmt_double_compact(at.word, 2, x1, sizeof x1);
	fmt_double_compact(at.words, 4, x2, sizeof x2);
	fmt_double_compact(at.ratio, 3, x3, sizeof x3);
	snprintf(buf, sizeof buf, tr(s->lang, "━━ cos(x_p, word): %s at p = %lld"),
		 x1, last);
	line(c, in, in.y + in.h - 3, buf,
	     (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
	snprintf(buf, sizeof buf, tr(s->lang, "━━ cos of two different words at the same p: %s"),
		 x2);
	line(c, in, in.y + in.h - 2, buf,
	     (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
	snprintf(buf, sizeof buf, at.words > 0.99
		 ? tr(s->lang, "|p·1| / |word| = %s and growing with p: the position swamps the word")
		 : tr(s->lang, "|p·1| / |word| = %s and growing with p without bound"),
		 x3);
	line(c, in, in.y + in.h - 1, buf, plain);
}

/* ---- the unit interval ---- */

static void unit_draw(const struct state *s, struct canvas *c, struct rect in)
{
	long long len = s->cur.len, L[3];
	enum role role[3] = { ROLE_TRACE1, ROLE_TRACE2, ROLE_TRACE3 };
	struct plot_area pa;
	char buf[TEXT_MAX], st[24];
	int text = 4;

	L[0] = len / 4 > 2 ? len / 4 : 2;
	L[1] = len > 2 ? len : 2;
	L[2] = 4 * L[1];
	line(c, in, in.y, tr(s->lang, "position p / (len − 1): every sequence fits in [0, 1]"),
	     plain);
	pa = area(s, in, in.y + 1, in.h - 2 - text, 0.0, 1.0);
	if (TIER(plot_least, pa.ax.w, pa.h)) {
		double v[SAMPLES_MAX];
		int n = 2 * pa.ax.w > SAMPLES_MAX ? SAMPLES_MAX : 2 * pa.ax.w;

		for (int k = 0; k < 3; k++) {
			for (int j = 0; j < n; j++) {
				double p = floor(plot_dot_pos(&pa.ax, j) + 0.5);

				v[j] = p <= (double)(L[k] - 1)
					? p / (double)(L[k] - 1) : NAN;
			}
			plot_samples(c, &pa, plot_dot_pos(&pa.ax, 0),
				     plot_dot_span(&pa.ax), v, n, role[k]);
		}
		plot_ylabel(c, &pa, in.x, 4, 1.0, "1", axis);
		plot_ylabel(c, &pa, in.x, 4, 0.0, "0", axis);
		plot_xticks(c, &pa.ax, pa.y0 + pa.h, axis);
	}
	for (int k = 0; k < 3; k++) {
		fmt_double_compact(1.0 / (double)(L[k] - 1), 3, st, sizeof st);
		snprintf(buf, sizeof buf, tr(s->lang, "━━ len %lld: one token apart = %s"),
			 L[k], st);
		line(c, in, in.y + in.h - 4 + k, buf,
		     (struct style){ (uint8_t)role[k], ROLE_DEFAULT, ATTR_BOLD });
	}
	line(c, in, in.y + in.h - 1,
	     tr(s->lang, "One token apart: a different distance at every length."),
	     plain);
}

/* ---- the binary counter ---- */

static void binary_draw(const struct state *s, struct canvas *c,
			struct rect in)
{
	int bits = in.h - 4 > BITS_MAX ? BITS_MAX : in.h - 4;
	int cols = in.w - LABEL;
	long long n = s->cur.len < cols ? s->cur.len : cols;
	struct plot_axis ax = { 0, n, in.x + LABEL, (int)n };
	char buf[TEXT_MAX];

	if (n < 1)
		return;
	/* only bits that flip within the positions shown */
	while (bits > 1 && (1LL << (bits - 1)) >= n)
		bits--;
	line(c, in, in.y, tr(s->lang, "The bits of p, one row per bit: a counter from 0 to the right"),
	     plain);
	for (int j = 0; j < bits; j++) {
		int y = in.y + 1 + j;

		snprintf(buf, sizeof buf, "%s %d", tr(s->lang, "bit"), j);
		canvas_text(c, in.x, y, LABEL - 1, buf, axis);
		for (long long p = 0; p < n; p++) {
			bool one = (p >> j) & 1;

			canvas_put(c, in.x + LABEL + (int)p, y,
				   one ? (s->ascii ? '#' : 0x2588)
				       : (s->ascii ? '.' : 0x00b7),
				   one ? (struct style){ ROLE_TRACE1,
							 ROLE_DEFAULT, 0 }
				       : dim_style);
		}
	}
	plot_xticks(c, &ax, in.y + 1 + bits, axis);
	snprintf(buf, sizeof buf, tr(s->lang, "Bit j flips every 2^j tokens: bit 1 every 2, bit %d every %lld."),
		 bits - 1, 1LL << (bits - 1));
	line(c, in, in.y + in.h - 2, buf, plain);
	line(c, in, in.y + in.h - 1,
	     tr(s->lang, "From bit to bit the frequency halves: the sinusoids do the same, smoothly."),
	     plain);
}

void rope_design_draw(const struct state *s, enum rope_design d,
		      const double *a, const double *b, struct canvas *c,
		      struct rect r)
{
	struct rect in;
	static const char *const what[RD_COUNT] = {
		NULL,
		N_("add the integer position to the embedding"),
		N_("divide by the length"),
		N_("count in binary"),
	};
	char title[160];

	snprintf(title, sizeof title, tr(s->lang, "Design %d: %s"), (int)d,
		 tr(s->lang, what[d]));
	in = panel_open(c, r, title, NULL);
	if (!TIER(design_least, in.w, in.h))
		return;
	if (d == RD_INTEGER)
		integer_draw(s, a, b, c, in);
	else if (d == RD_UNIT)
		unit_draw(s, c, in);
	else
		binary_draw(s, c, in);
}
