/* plot.c - position axes, ticks, braille curves and markers (see plot.h). */
#include "render/plot.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"

enum {
	/* Samples per dot column for plot_curve when a column covers more
	 * positions than this: enough to find the extremes of a curve slower
	 * than the column (the full-period rule covers faster ones) at a
	 * bounded cost. */
	CURVE_SAMPLES = 8,
	/* Blank columns at least between two tick labels: with one, "20 22"
	 * reads as a single run of digits at a glance. */
	TICK_GAP = 2,
	/* Longest tick label, "-9223372036854775808", plus room. */
	LABEL_MAX = 32
};

/* ---- the x mapping ---- */

/* Unit (column or dot column) of u that holds the centre of position offset
 * k (0 <= k < n): floor((k + 1/2) * u / n). Products stay below 2^63: k and
 * n are at most a few 1e9 (PE_LEN_MAX) and u at most 2 * CANVAS_MAX. */
static long long unit_of(long long k, long long n, long long u)
{
	return (2 * k + 1) * u / (2 * n);
}

/* Offset of the middle position among those unit j of u shows:
 * the position holding the unit's centre, floor((j + 1/2) * n / u). */
static long long offset_of_unit(long long j, long long n, long long u)
{
	return (2 * j + 1) * n / (2 * u);
}

/* First offset whose centre lies in unit j or later: the least k with
 * (2k + 1) u >= 2 j n. */
static long long first_offset(long long j, long long n, long long u)
{
	long long num = 2 * j * n - u;

	if (num <= 0)
		return 0;
	return (num + 2 * u - 1) / (2 * u);
}

int plot_col_of(long long first, long long count, int units, long long v)
{
	if (v < first || v - first >= count || units < 1)
		return -1;
	return (int)unit_of(v - first, count, units);
}

long long plot_item_of_col(long long first, long long count, int units,
			   int j)
{
	if (j >= units)
		j = units - 1;
	if (j < 0)
		j = 0;
	return first + offset_of_unit(j, count, units);
}

void plot_col_items(long long first, long long count, int units, int j,
		    long long *lo, long long *n)
{
	long long k0, k1;

	if (count < units) {
		*lo = plot_item_of_col(first, count, units, j);
		*n = 1;
		return;
	}
	if (j >= units)
		j = units - 1;
	if (j < 0)
		j = 0;
	k0 = first_offset(j, count, units);
	k1 = j + 1 < units ? first_offset(j + 1, count, units) : count;
	*lo = first + k0;
	*n = k1 - k0;
}

int plot_col_of_pos(const struct plot_axis *a, long long p)
{
	if (p < a->pos0)
		return a->x0 - 1;
	if (p - a->pos0 >= a->npos)
		return a->x0 + a->w;
	return a->x0 + plot_col_of(a->pos0, a->npos, a->w, p);
}

long long plot_pos_of_col(const struct plot_axis *a, int x)
{
	long long j = (long long)x - a->x0;

	if (j < 0)
		j = 0;
	if (j >= a->w)
		j = a->w - 1;
	return plot_item_of_col(a->pos0, a->npos, a->w, (int)j);
}

double plot_dot_pos(const struct plot_axis *a, int j)
{
	return (double)a->pos0 + (j + 0.5) * plot_dot_span(a) - 0.5;
}

double plot_dot_span(const struct plot_axis *a)
{
	return (double)a->npos / (2.0 * a->w);
}

/* ---- ticks and labels ---- */

long long plot_nice_step(double raw)
{
	long long step = 1;

	/* The numbers compared, 1, 2, 2.5 and 5 times a power of ten up to
	 * 10^18, are exact in a double: each is 2^a 5^b, 5^b <= 5^18 < 2^53. */
	while ((double)step < raw && step <= LLONG_MAX / 10) {
		if ((double)(2 * step) >= raw)
			return 2 * step;
		/* 2.5 times a power of ten, from 25 on: positions and
		 * dimensions are whole. */
		if (step >= 10 && (double)(step / 2 * 5) >= raw)
			return step / 2 * 5;
		if ((double)(5 * step) >= raw)
			return 5 * step;
		step *= 10;
	}
	return step;
}

/* Removes trailing zeros after a decimal point, and the point itself. */
static void trim_zeros(char *s)
{
	char *end;

	if (!strchr(s, '.'))
		return;
	end = s + strlen(s);
	while (end[-1] == '0')
		*--end = '\0';
	if (end[-1] == '.')
		end[-1] = '\0';
}

char *plot_tick_label(long long v, long long step, char *buf, size_t n)
{
	static const char suffix[] = " kMGT";
	char plain[LABEL_MAX], compact[LABEL_MAX];
	unsigned long long mag = v < 0 ? 0ULL - (unsigned long long)v
				       : (unsigned long long)v;
	long long unit = 1, s = step;
	int k = 0, e = 0;

	snprintf(plain, sizeof plain, "%lld", v);
	while (k < 4 && mag / (unsigned long long)unit >= 1000) {
		unit *= 1000;
		k++;
	}
	if (k == 0 || step < PLOT_COMPACT_STEP) {
		snprintf(buf, n, "%s", plain);
		return buf;
	}
	while (s >= 10 && s % 10 == 0) {
		s /= 10;
		e++;
	}
	/* Digits the step needs below the suffix's unit: 3k - e decimals. */
	snprintf(compact, sizeof compact, "%.*f", 3 * k > e ? 3 * k - e : 0,
		 (double)v / (double)unit);
	trim_zeros(compact);
	snprintf(compact + strlen(compact), sizeof compact - strlen(compact),
		 "%c", suffix[k]);
	snprintf(buf, n, "%s", compact);
	return buf;
}

/* The decimals step needs: the fewest (up to 9) that write it exactly. */
static int decimals_of(double step)
{
	for (int d = 0; d < 9; d++) {
		double t = step * pow(10.0, d);

		if (fabs(t - round(t)) < 1e-9 * t)
			return d;
	}
	return 9;
}

char *plot_value_label(double v, double step, char *buf, size_t n)
{
	if (step >= 1.0 && fabs(v) < 9e18 && v == floor(v) && step == floor(step))
		return plot_tick_label((long long)v, (long long)step, buf, n);
	snprintf(buf, n, "%.*f", decimals_of(step), v);
	trim_zeros(buf);
	if (strcmp(buf, "-0") == 0)
		snprintf(buf, n, "0");
	return buf;
}

/* The steps y ticks may take, smallest first: 1, 2, 2.5 or 5 times a
 * power of ten from 1e-3 up, below 1 only 1, 2.5 and 5, so that 0 .. 1
 * reads in quarters or halves. Step k of them, or 0 past the last. */
static double ystep_at(int k)
{
	static const double m[4] = { 1.0, 2.0, 2.5, 5.0 };
	double e = 1e-3;

	if (k < 0)
		return 0.0;
	for (int j = 0; j < 18 * 4; j++) {
		if (e >= 1.0 || j % 4 != 1) {
			if (k-- == 0)
				return m[j % 4] * e;
		}
		if (j % 4 == 3)
			e *= 10.0;
	}
	return 0.0;
}

/* The labels of y ticks at the multiples of step within [ymin, ymax],
 * rows and values into row[] and val[] (at most max), top first: the top
 * tick and the bottom tick always, and between them those 2 rows apart at
 * least from the ones kept. Returns how many. */
static int yticks_at(const struct plot_area *p, double step, int *row,
		     double *val, int max)
{
	double k0 = ceil(p->ymin / step - 1e-9), k1 = floor(p->ymax / step + 1e-9);
	int n = 0, bottom;

	if (k1 < k0 || max < 1)
		return 0;
	val[n] = k1 * step;
	row[n++] = plot_row_of_value(p, k1 * step);
	if (k1 == k0)
		return n;
	bottom = plot_row_of_value(p, k0 * step);
	if (bottom == row[0])
		return n;
	for (double k = k1 - 1; k > k0 && n < max - 1; k--) {
		int r = plot_row_of_value(p, k * step);

		if (r - row[n - 1] >= 2 && bottom - r >= 2) {
			val[n] = k * step;
			row[n++] = r;
		}
	}
	val[n] = k0 * step;
	row[n++] = bottom;
	return n;
}

void plot_yticks(struct canvas *c, const struct plot_area *p, int x, int w,
		 struct style st)
{
	enum { YTICKS_MAX = 64 };
	double span = p->ymax - p->ymin, step = span, val[YTICKS_MAX];
	int row[YTICKS_MAX], n = 0, k = 0;

	/* The smallest step whose ticks fall 2 rows apart at least, with half
	 * a row to spare for rounding; */
	while (ystep_at(k) > 0.0 && p->h * ystep_at(k) / span < 2.5)
		k++;
	/* but one that labels both ends of the range, or near them, on a
	 * plot too short for that rule: a 3-row plot of -0.25 .. 1 once got
	 * the step 2 and so the lone label 0. */
	for (; k >= 0 && ystep_at(k) > 0.0; k--) {
		double t = ystep_at(k);
		int m;

		/* Finer than a tick per dot row moves no end label. */
		if (n > 0 && span / t > 4.0 * p->h)
			break;
		m = yticks_at(p, t, row, val, YTICKS_MAX);
		if (m >= n) {
			n = m;
			step = t;
		}
		if (n >= 2 || p->h < 2)
			break;
	}
	/* row[] and val[] hold the last step's ticks: compute again. */
	n = yticks_at(p, step, row, val, YTICKS_MAX);
	for (int j = 0; j < n; j++) {
		char label[LABEL_MAX];

		plot_value_label(val[j], step, label, sizeof label);
		plot_ylabel(c, p, x, w, val[j], label, st);
	}
}

int plot_row_ticks(double lo, double hi, int (*row_of)(const void *, double),
		   const void *arg, double *val, int *row, int max,
		   double *step)
{
	int n = 0;

	*step = 1.0;
	if (!(lo <= hi) || !isfinite(lo) || !isfinite(hi) || max < 1)
		return 0;
	for (int k = 0; ystep_at(k) > 0.0; k++) {
		double t = ystep_at(k);
		double k0 = ceil(lo / t - 1e-9), k1 = floor(hi / t + 1e-9);
		bool apart = true;

		if (k1 - k0 + 1 > max)
			continue;	/* too fine for the room */
		n = 0;
		for (double j = k1; j >= k0; j--) {
			val[n] = j * t;
			row[n] = row_of(arg, val[n]);
			if (n > 0 && row[n] - row[n - 1] < 2)
				apart = false;
			n++;
		}
		*step = t;
		if (apart)
			break;
	}
	return n;
}

/* A dotted line at value 0 on the cells the curve left empty: shows at a
 * glance where the similarity turns negative, or, on the bottom row of a
 * curve that stays positive, the floor its label "0" stands for (beside
 * the x axis's "0" under it that label read as the x axis's). UTF-8 only: every ASCII dot
 * ('.', '-', '\'') already stands for braille dots in ASCII sinks. */
void plot_zero_line(struct canvas *c, const struct plot_area *a)
{
	int y = plot_row_of_value(a, 0.0);

	for (int x = a->ax.x0; x < a->ax.x0 + a->ax.w; x++) {
		const struct cell *cl = canvas_cell(c, x, y);

		if (cl && cl->kind == CELL_TEXT && cl->ch == ' ')
			canvas_put(c, x, y, 0x00b7,
				   (struct style){ ROLE_DIM, ROLE_DEFAULT, 0 });
	}
}

double plot_similarity_ymin(const double *v, int n)
{
	double lo = 0.0;

	for (int j = 0; j < n; j++)
		if (isfinite(v[j]) && v[j] < lo)
			lo = v[j];
	lo = floor(lo * 4.0) / 4.0;
	return lo < -1.0 ? -1.0 : lo;
}

/* Places the labels of at most `limit` ticks at multiples of step. With
 * c == NULL only checks: returns the number of labels, or -1 when two would
 * overlap or one does not fit in the axis. With c, draws them (after a
 * successful check). */
static int ticks_place(struct canvas *c, const struct plot_axis *a,
		       long long step, int limit, int y, struct style st)
{
	long long end = a->pos0 + a->npos;
	/* The first multiple of step at or after pos0, rounding correctly for
	 * negative axes (offsets) too: C's division truncates toward zero. */
	long long r = a->pos0 % step;
	long long v = r == 0 ? a->pos0 : a->pos0 - r + (r > 0 ? step : 0);
	int free_from = a->x0, count = 0;

	for (; v < end && count < limit; v += step) {
		char label[LABEL_MAX];
		int len = (int)strlen(plot_tick_label(v, step, label, sizeof label));
		int start = plot_col_of_pos(a, v) - (len - 1) / 2;

		if (len > a->w)
			return -1;
		if (start < a->x0)
			start = a->x0;
		if (start + len > a->x0 + a->w)
			start = a->x0 + a->w - len;
		if (start < free_from)
			return -1;
		if (c)
			canvas_text(c, start, y, len, label, st);
		free_from = start + len + TICK_GAP;
		count++;
	}
	return count;
}

void plot_xticks(struct canvas *c, const struct plot_axis *a, int y,
		 struct style st)
{
	/* Every label takes at least one column plus its gap. */
	long long step = plot_nice_step((1.0 + TICK_GAP) * (double)a->npos / a->w);
	long long crowded = 0;

	for (;;) {
		int n = ticks_place(NULL, a, step, INT_MAX, y, st);

		if (n > 0) {
			ticks_place(c, a, step, INT_MAX, y, st);
			return;
		}
		if (n == 0 || step > LLONG_MAX / 10)
			break;
		crowded = step;
		step = plot_nice_step((double)step + 1.0);
	}
	/* No step places two labels: the first tick of the last step that had
	 * some, alone, if it fits. */
	if (crowded && ticks_place(NULL, a, crowded, 1, y, st) == 1)
		ticks_place(c, a, crowded, 1, y, st);
}

/* Dot row (0 = top of the area) of value v, clamped into the usable rows. */
static int dot_row(const struct plot_area *p, double v)
{
	int top = p->pad, bottom = 4 * p->h - 1 - p->pad;
	double t = (p->ymax - v) / (p->ymax - p->ymin);
	double r = top + t * (bottom - top);

	if (!(r > top))
		return top;
	if (r > bottom)
		return bottom;
	return (int)lround(r);
}

int plot_row_of_value(const struct plot_area *p, double v)
{
	return p->y0 + dot_row(p, v) / 4;
}

void plot_ylabel(struct canvas *c, const struct plot_area *p, int x, int w,
		 double v, const char *text, struct style st)
{
	int len = utf8_width(text);

	canvas_text(c, len < w ? x + w - len : x, plot_row_of_value(p, v), w,
		    text, st);
}

/* ---- curves and markers ---- */

/* A vertical run of dots in dot column xd from dot row r0 to r1 (any order),
 * both relative to the area. Dot by dot: canvas_braille_line would only add
 * its clipping to every call, and solid bands make this the hot loop. */
static void dot_run(struct canvas *c, const struct plot_area *p, int xd,
		    int r0, int r1, enum role fg)
{
	int yd = 4 * p->y0;

	if (r0 > r1) {
		int t = r0;

		r0 = r1;
		r1 = t;
	}
	for (int r = r0; r <= r1; r++)
		canvas_braille_dot(c, xd, yd + r, fg);
}

/* Range of f over the positions dot column j covers, when the window has at
 * least as many positions as dot columns (so each column covers >= 1). */
static void curve_range(const struct plot_axis *a, const struct plot_fn *f,
			int j, double *lo, double *hi)
{
	long long first, m;
	double base;

	plot_col_items(a->pos0, a->npos, 2 * a->w, j, &first, &m);
	base = (double)first;

	if (f->period > 0 && (double)(m - 1) >= f->period) {
		*lo = f->lo;
		*hi = f->hi;
		return;
	}
	*lo = INFINITY;
	*hi = -INFINITY;
	for (long long t = 0; t < m && t < CURVE_SAMPLES; t++) {
		/* All m positions when m <= CURVE_SAMPLES, else an even spread
		 * that includes both ends. */
		long long off = m <= CURVE_SAMPLES ? t
			: (t * (m - 1) + (CURVE_SAMPLES - 1) / 2) / (CURVE_SAMPLES - 1);
		double y = f->f(f->ctx, base + (double)off);

		if (y < *lo)
			*lo = y;
		if (y > *hi)
			*hi = y;
	}
}

void plot_curve(struct canvas *c, const struct plot_area *p,
		const struct plot_fn *f, enum role fg)
{
	const struct plot_axis *a = &p->ax;
	int u = 2 * a->w, pt = 0, pb = 0;
	bool have_prev = false;

	for (int j = 0; j < u; j++) {
		double lo, hi;
		int top, bottom, rt, rb, xd = 2 * a->x0 + j;

		if (a->npos >= u) {
			curve_range(a, f, j, &lo, &hi);
		} else {
			lo = f->f(f->ctx, plot_dot_pos(a, j));
			hi = lo;
		}
		if (!isfinite(lo) || !isfinite(hi)) {
			have_prev = false;
			continue;
		}
		top = rt = dot_row(p, hi);
		bottom = rb = dot_row(p, lo);
		/* Join to the previous column: split the gap between them. */
		if (have_prev && rb < pt - 1) {
			int mid = (rb + pt) / 2;

			dot_run(c, p, xd - 1, mid + 1, pt, fg);
			rb = mid;
		} else if (have_prev && rt > pb + 1) {
			int mid = (pb + rt) / 2;

			dot_run(c, p, xd - 1, pb, mid, fg);
			rt = mid + 1;
		}
		dot_run(c, p, xd, rt, rb, fg);
		pt = top;
		pb = bottom;
		have_prev = true;
	}
}

/* The rectangle of cells the area covers. */
static struct rect area_rect(const struct plot_area *p)
{
	return (struct rect){ p->ax.x0, p->y0, p->ax.w, p->h };
}

void plot_samples(struct canvas *c, const struct plot_area *p, double first,
		  double step, const double *v, int n, enum role fg)
{
	const struct plot_axis *a = &p->ax;
	struct rect old = plot_clip_push(c, area_rect(p));
	/* Dot columns per position; position q's centre is at dot column
	 * (q - pos0 + 1/2) * scale - 1/2 (the inverse of plot_dot_pos). */
	double scale = 2.0 * a->w / (double)a->npos;
	double lim = 4.0 * CANVAS_MAX;
	int px = 0, py = 0, yd = 4 * p->y0;
	bool have_prev = false;

	for (int j = 0; j < n; j++) {
		double xf = (first + j * step - (double)a->pos0 + 0.5) * scale - 0.5;
		int x, y;

		if (!isfinite(v[j]) || !(fabs(xf) < lim)) {
			have_prev = false;
			continue;
		}
		x = 2 * a->x0 + (int)lround(xf);
		y = yd + dot_row(p, v[j]);
		if (have_prev)
			canvas_braille_line(c, px, py, x, y, fg);
		else
			canvas_braille_dot(c, x, y, fg);
		px = x;
		py = y;
		have_prev = true;
	}
	canvas_set_clip(c, old);
}

void plot_dot(struct canvas *c, const struct plot_area *p, long long pos,
	      double v, enum role fg)
{
	const struct plot_axis *a = &p->ax;

	if (pos < a->pos0 || pos - a->pos0 >= a->npos)
		return;
	canvas_braille_dot(c,
			   2 * a->x0 + (int)unit_of(pos - a->pos0, a->npos,
						    2LL * a->w),
			   4 * p->y0 + dot_row(p, v), fg);
}

/* Whether the cells [x0, x1] of row y are blank text; rows and columns
 * outside the canvas count as blank. */
static bool blank_span(const struct canvas *c, int x0, int x1, int y)
{
	for (int k = x0; k <= x1; k++) {
		const struct cell *e = canvas_cell(c, k, y);

		if (e && !(e->kind == CELL_TEXT && e->ch == ' '))
			return false;
	}
	return true;
}

/* plot_marker_label, with `ring` blank cells around the text too (on its
 * row and the rows next to it, but the marker's own column). */
static bool marker_label_ring(struct canvas *c, const struct plot_area *p,
			      long long pos, const char *text, struct style st,
			      int ring)
{
	int x = plot_col_of_pos(&p->ax, pos), n = utf8_width(text);
	int mid = p->y0 + p->h / 2;

	if (x < p->ax.x0 || x + 1 + n > p->ax.x0 + p->ax.w)
		return false;
	for (int d = 0; d < p->h; d++) {
		int y = mid + (d % 2 ? -(d + 1) / 2 : d / 2);
		bool blank = y >= p->y0 && y < p->y0 + p->h;

		for (int r = -ring; blank && r <= ring; r++)
			blank = blank_span(c, x + 1, x + n + ring, y + r);
		if (blank) {
			canvas_text(c, x + 1, y, n, text, st);
			return true;
		}
	}
	return false;
}

bool plot_marker_label(struct canvas *c, const struct plot_area *p,
		       long long pos, const char *text, struct style st)
{
	return marker_label_ring(c, p, pos, text, st, 0);
}

bool plot_marker_label_apart(struct canvas *c, const struct plot_area *p,
			     long long pos, const char *text, struct style st)
{
	return marker_label_ring(c, p, pos, text, st, 1) ||
	       marker_label_ring(c, p, pos, text, st, 0);
}

/* Dot (column, row) inside a cell for each bit of a braille mask. */
static const uint8_t braille_bit_col[8] = { 0, 0, 0, 1, 1, 1, 0, 1 };
static const uint8_t braille_bit_row[8] = { 0, 1, 2, 0, 1, 2, 3, 3 };

void plot_marker(struct canvas *c, const struct plot_axis *a, int y0, int h,
		 long long pos, struct style st)
{
	int x = plot_col_of_pos(a, pos);

	if (x < a->x0 || x >= a->x0 + a->w)
		return;
	for (int y = y0; y < y0 + h; y++) {
		const struct cell *cl = canvas_cell(c, x, y);

		if (!cl)
			continue;
		if (cl->kind == CELL_TEXT && cl->ch == ' ') {
			canvas_put(c, x, y, 0x2502, st);
		} else if (cl->kind == CELL_BRAILLE && (cl->ch & 0xff)) {
			/* Setting a dot that is already set only recolours
			 * the cell: the curve stays, in the marker's role. */
			int b = 0;

			while (!(cl->ch & (1u << b)))
				b++;
			canvas_braille_dot(c, 2 * x + braille_bit_col[b],
					   4 * y + braille_bit_row[b],
					   (enum role)st.fg);
		}
	}
}

/* ---- clipping ---- */

struct rect plot_clip_push(struct canvas *c, struct rect r)
{
	struct rect old = canvas_clip(c);
	long long x0 = r.x > old.x ? r.x : old.x;
	long long y0 = r.y > old.y ? r.y : old.y;
	long long x1 = (long long)r.x + r.w, y1 = (long long)r.y + r.h;

	if (r.w <= 0 || r.h <= 0)
		x1 = x0, y1 = y0;
	if (x1 > (long long)old.x + old.w)
		x1 = (long long)old.x + old.w;
	if (y1 > (long long)old.y + old.h)
		y1 = (long long)old.y + old.h;
	if (x1 < x0)
		x1 = x0;
	if (y1 < y0)
		y1 = y0;
	canvas_set_clip(c, (struct rect){ (int)x0, (int)y0, (int)(x1 - x0),
					  (int)(y1 - y0) });
	return old;
}
