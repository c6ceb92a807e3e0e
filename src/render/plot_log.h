/* plot_log.h - a plot axis of offsets on a logarithmic scale.
 *
 * The offsets 1 .. top (top > 1) as n >= 2 samples spread evenly over a
 * plot_axis whose positions are the samples (pos0 0, npos n): sample j is
 * offset top^(j / (n - 1)), as pe_log_offsets lays them out, so that
 * plot_samples draws a curve sampled there with first 0 and step 1. The
 * neighbours (1, 2, 3 ...) get as much width as the far offsets, which a
 * linear axis squeezes into its first columns. */
#ifndef PLOT_LOG_H
#define PLOT_LOG_H

#include "render/canvas.h"
#include "render/plot.h"

/* The axis of n samples over cell columns [x0, x0 + w). */
struct plot_axis plot_log_axis(int n, int x0, int w);

/* The sample (a position of that axis) nearest offset k >= 1: where a
 * marker or a tick for k goes. */
long long plot_log_pos(double top, int n, double k);

/* Draws the tick labels of the log axis a (made by plot_log_axis for n
 * samples up to top) on row y: the densest of 1-2-5 in each decade, then
 * 1-3, then the powers of ten, then every second, third ... power, whose
 * labels (plot_tick_label: "1", "20", "500", "1k", "10k") fit with two
 * blanks between them, each centred on its column but kept inside the
 * axis. Draws nothing else on the row. */
void plot_log_xticks(struct canvas *c, const struct plot_axis *a, double top,
		     int n, int y, struct style st);

#endif
