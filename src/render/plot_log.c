/* plot_log.c - a log axis of offsets (see plot_log.h). */
#include "render/plot_log.h"

#include <math.h>
#include <string.h>

enum {
	GAP = 2,		/* blanks between two labels */
	LABEL_MAX = 32,
	MARKS_MAX = 64		/* ticks a sequence may have */
};

struct plot_axis plot_log_axis(int n, int x0, int w)
{
	return (struct plot_axis){ 0, n, x0, w };
}

long long plot_log_pos(double top, int n, double k)
{
	double f = k <= 1.0 ? 0.0 : (n - 1) * log(k) / log(top);

	return f >= n - 1 ? n - 1 : llround(f);
}

/* The ticks of sequence `seq` up to top into v[] (at most MARKS_MAX):
 * seq 0: 1 2 5 10 20 50 ...; 1: 1 3 10 30 ...; from 2 on, every
 * (seq - 1)th power of ten: 1 10 100 ...; 1 100 1e4 ...; and so on.
 * Returns how many, and each one's decade (for its label) in dec[]. */
static int sequence(int seq, double top, double *v, double *dec)
{
	static const double m125[] = { 1, 2, 5 }, m13[] = { 1, 3 };
	const double *m = seq == 0 ? m125 : seq == 1 ? m13 : m125;
	int per = seq == 0 ? 3 : seq == 1 ? 2 : 1, every = seq < 2 ? 1 : seq - 1;
	int count = 0;

	for (int e = 0; count < MARKS_MAX; e += every) {
		double p = pow(10.0, e);

		if (p > top)
			break;
		for (int i = 0; i < per && count < MARKS_MAX; i++)
			if (m[i] * p <= top) {
				v[count] = m[i] * p;
				dec[count++] = p;
			}
	}
	return count;
}

/* Places the labels of ticks v[0 .. count) (c == NULL: only checks).
 * Returns false when two would overlap or one does not fit. */
static bool place(struct canvas *c, const struct plot_axis *a, double top,
		  int n, const double *v, const double *dec, int count, int y,
		  struct style st)
{
	int free_from = a->x0;

	for (int t = 0; t < count; t++) {
		char label[LABEL_MAX];
		int len = (int)strlen(plot_tick_label((long long)v[t],
						      (long long)dec[t], label,
						      sizeof label));
		int start = plot_col_of_pos(a, plot_log_pos(top, n, v[t])) -
			    (len - 1) / 2;

		if (len > a->w)
			return false;
		if (start < a->x0)
			start = a->x0;
		if (start + len > a->x0 + a->w)
			start = a->x0 + a->w - len;
		if (start < free_from)
			return false;
		if (c)
			canvas_text(c, start, y, len, label, st);
		free_from = start + len + GAP;
	}
	return true;
}

void plot_log_xticks(struct canvas *c, const struct plot_axis *a, double top,
		     int n, int y, struct style st)
{
	double v[MARKS_MAX], dec[MARKS_MAX];

	/* sparser and sparser, until a sequence has one tick left */
	for (int seq = 0;; seq++) {
		int count = sequence(seq, top, v, dec);

		if (count < 2)
			break;
		if (place(NULL, a, top, n, v, dec, count, y, st)) {
			place(c, a, top, n, v, dec, count, y, st);
			return;
		}
	}
	/* not two labels: the first alone, if it fits */
	v[0] = 1.0, dec[0] = 1.0;
	if (place(NULL, a, top, n, v, dec, 1, y, st))
		place(c, a, top, n, v, dec, 1, y, st);
}
