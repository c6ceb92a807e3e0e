/* test_export_svg.c - the SVG sink and the export helpers, on small canvases
 * whose pictures are worked out by hand: heat rectangles and their merging,
 * curves from braille dots, box lines, text runs and XML escaping, and the
 * file names and formats of export.c. */
#include <criterion/criterion.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "render/canvas.h"
#include "io/figure.h"
#include "io/export_svg.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(svg, .init = utf8_locale);

/* The whole SVG for c, as a string the caller frees. */
static char *svg_of(const struct canvas *c, const char *title)
{
	struct svg_opts o = { PALETTE_RDBU, title, THEME_DARK };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_not_null(f);
	cr_assert_eq(export_svg(f, c, &o), 0);
	cr_assert_eq(fclose(f), 0);
	return buf;
}

/* The inside of layer <g id="id" ...> ... </g>, as a string to free. */
static char *layer(const char *svg, const char *id)
{
	char open[64];
	const char *a, *b, *e;

	snprintf(open, sizeof open, "<g id=\"%s\"", id);
	a = strstr(svg, open);
	cr_assert_not_null(a, "no layer %s in:\n%s", id, svg);
	a = strchr(a, '>') + 1;
	if (*a == '\n')
		a++;
	e = strstr(a, "</g>");
	cr_assert_not_null(e);
	b = e;
	return strndup(a, (size_t)(b - a));
}

static int count(const char *s, const char *what)
{
	int n = 0;

	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

Test(svg, document_frame_and_size)
{
	struct canvas *c = canvas_new(3, 2);
	char *s = svg_of(c, "a < b & \"c\"");

	cr_expect(strncmp(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
			  "xmlns=\"http://www.w3.org/2000/svg\"", 73) == 0, "%s", s);
	/* 3 x 2 cells of 10 x 20 units */
	cr_expect_not_null(strstr(s, "width=\"30\" height=\"40\" viewBox=\"0 0 30 40\""));
	cr_expect_not_null(strstr(s, "<title>a &lt; b &amp; &quot;c&quot;</title>"));
	cr_expect_not_null(strstr(s, "<rect id=\"page\" width=\"100%\" height=\"100%\" fill=\"#1c1c1c\"/>"));
	cr_expect(strcmp(s + strlen(s) - 7, "</svg>\n") == 0);
	free(s);
	canvas_free(c);
}

/* ColorBrewer RdBu: -1 = #2166ac, 0 = #f7f7f7, +1 = #b2182b. Top pixels
 * +1 +1 +1 merge into one 30-unit rectangle; bottom pixels +1 -1 -1 into
 * two; the text cell at the end has no heat. */
Test(svg, heat_pixels_merge_along_rows)
{
	struct canvas *c = canvas_new(4, 1);
	char *s, *heat;

	canvas_half_cell(c, 0, 0, 1, 1);
	canvas_half_cell(c, 1, 0, 1, -1);
	canvas_half_cell(c, 2, 0, 1, -1);
	s = svg_of(c, NULL);
	heat = layer(s, "heatmap");
	cr_expect_str_eq(heat,
		"<rect x=\"0\" y=\"0\" width=\"30\" height=\"10\" fill=\"#b2182b\"/>\n"
		"<rect x=\"0\" y=\"10\" width=\"10\" height=\"10\" fill=\"#b2182b\"/>\n"
		"<rect x=\"10\" y=\"10\" width=\"20\" height=\"10\" fill=\"#2166ac\"/>\n");
	free(heat);
	free(s);
	canvas_free(c);
}

Test(svg, heat_of_a_zero_is_the_palette_middle)
{
	struct canvas *c = canvas_new(1, 2);
	char *s, *heat;

	canvas_half_cell(c, 0, 1, 0, 0);
	s = svg_of(c, NULL);
	heat = layer(s, "heatmap");
	cr_expect_str_eq(heat,
		"<rect x=\"0\" y=\"20\" width=\"10\" height=\"10\" fill=\"#f7f7f7\"/>\n"
		"<rect x=\"0\" y=\"30\" width=\"10\" height=\"10\" fill=\"#f7f7f7\"/>\n");
	free(heat);
	free(s);
	canvas_free(c);
}

/* Dots are 5 x 5 units; dot (x, y) sits at (5x + 2.5, 5y + 2.5). A straight
 * line of dots becomes a polyline of its two ends. */
Test(svg, straight_dot_lines_become_two_point_polylines)
{
	struct canvas *c = canvas_new(5, 2);
	char *s, *curves;

	canvas_braille_line(c, 0, 0, 9, 0, ROLE_TRACE1);	/* across */
	canvas_braille_line(c, 0, 4, 3, 7, ROLE_TRACE2);	/* diagonal */
	s = svg_of(c, NULL);
	curves = layer(s, "curves");
	/* Okabe-Ito sky blue (86,180,233) and orange (230,159,0). */
	cr_expect_str_eq(curves,
		"<polyline points=\"2.5,2.5 47.5,2.5\" stroke=\"#00d7d7\"/>\n"
		"<polyline points=\"2.5,22.5 17.5,37.5\" stroke=\"#ffff5f\"/>\n");
	free(curves);
	free(s);
	canvas_free(c);
}

/* A peak: up three dots, down three. Both sides are one polyline with the
 * corner at the top; an isolated dot is a circle. */
Test(svg, a_peak_is_one_polyline_and_a_lone_dot_a_circle)
{
	struct canvas *c = canvas_new(6, 1);
	char *s, *curves;

	canvas_braille_line(c, 0, 3, 3, 0, ROLE_TRACE1);
	canvas_braille_line(c, 3, 0, 6, 3, ROLE_TRACE1);
	canvas_braille_dot(c, 10, 1, ROLE_TRACE1);
	s = svg_of(c, NULL);
	curves = layer(s, "curves");
	cr_expect_str_eq(curves,
		"<polyline points=\"2.5,17.5 17.5,2.5 32.5,17.5\" stroke=\"#00d7d7\"/>\n"
		"<circle cx=\"52.5\" cy=\"7.5\" r=\"1.2\" fill=\"#00d7d7\"/>\n");
	free(curves);
	free(s);
	canvas_free(c);
}

/* Two branches leaving one dot (a "<" shape): the second branch starts at
 * the shared dot instead of floating one dot away. */
Test(svg, a_branch_stays_joined_to_its_stem)
{
	struct canvas *c = canvas_new(3, 2);
	char *s, *curves;

	canvas_braille_line(c, 0, 3, 3, 0, ROLE_TRACE1);
	canvas_braille_line(c, 0, 3, 3, 6, ROLE_TRACE1);
	s = svg_of(c, NULL);
	curves = layer(s, "curves");
	cr_expect_eq(count(curves, "<polyline"), 2, "%s", curves);
	cr_expect_not_null(strstr(curves, "\"2.5,17.5 17.5,2.5\""), "%s", curves);
	cr_expect_not_null(strstr(curves, "\"2.5,17.5 17.5,32.5\""), "%s", curves);
	free(curves);
	free(s);
	canvas_free(c);
}

/* A steep line: four dots down column 0, four more down column 1. It is
 * drawn as a slanted stroke, entering each run a quarter dot left of its
 * centre and leaving a quarter dot right (1.25 units), not as a staircase
 * of vertical pieces. */
Test(svg, a_steep_line_is_a_slanted_stroke)
{
	struct canvas *c = canvas_new(1, 2);
	char *s, *curves;

	for (int y = 0; y < 4; y++) {
		canvas_braille_dot(c, 0, y, ROLE_TRACE1);
		canvas_braille_dot(c, 1, y + 4, ROLE_TRACE1);
	}
	s = svg_of(c, NULL);
	curves = layer(s, "curves");
	cr_expect_str_eq(curves,
		"<polyline points=\"1.25,2.5 3.75,17.5 6.25,22.5 8.75,37.5\" "
		"stroke=\"#00d7d7\"/>\n");
	free(curves);
	free(s);
	canvas_free(c);
}

/* The left side of a circle: a tall run in column 0, then an upper and a
 * lower arc. The upper arc leaves the tall run at its top (no stroke from
 * its bottom across to the top), and the lower arc starts at its bottom. */
Test(svg, a_tall_run_feeds_both_arcs_from_the_right_ends)
{
	struct canvas *c = canvas_new(2, 2);
	char *s, *curves;

	for (int y = 2; y <= 5; y++)
		canvas_braille_dot(c, 0, y, ROLE_TRACE1);
	canvas_braille_dot(c, 1, 1, ROLE_TRACE1);
	canvas_braille_dot(c, 1, 6, ROLE_TRACE1);
	canvas_braille_dot(c, 2, 0, ROLE_TRACE1);
	canvas_braille_dot(c, 2, 7, ROLE_TRACE1);
	s = svg_of(c, NULL);
	curves = layer(s, "curves");
	cr_expect_str_eq(curves,
		"<polyline points=\"1.25,27.5 3.75,12.5 7.5,7.5 12.5,2.5\" "
		"stroke=\"#00d7d7\"/>\n"
		"<polyline points=\"2.5,27.5 12.5,37.5\" stroke=\"#00d7d7\"/>\n");
	free(curves);
	free(s);
	canvas_free(c);
}

/* A 4 x 3 box: ┌──┐ / │  │ / └──┘. Centres are at x = 5, 35 and
 * y = 10, 50; each side is one merged line. */
Test(svg, box_characters_become_merged_lines)
{
	struct canvas *c = canvas_new(4, 3);
	struct style b = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
	char *s, *lines, *text;

	canvas_box(c, (struct rect){ 0, 0, 4, 3 }, NULL, b, b);
	s = svg_of(c, NULL);
	lines = layer(s, "lines");
	cr_expect_str_eq(lines,
		"<line x1=\"5\" y1=\"10\" x2=\"35\" y2=\"10\" stroke=\"#d0d0d0\"/>\n"
		"<line x1=\"5\" y1=\"50\" x2=\"35\" y2=\"50\" stroke=\"#d0d0d0\"/>\n"
		"<line x1=\"5\" y1=\"10\" x2=\"5\" y2=\"50\" stroke=\"#d0d0d0\"/>\n"
		"<line x1=\"35\" y1=\"10\" x2=\"35\" y2=\"50\" stroke=\"#d0d0d0\"/>\n");
	text = layer(s, "text");
	cr_expect_str_eq(text, "", "box glyphs must not be drawn as text too");
	free(text);
	free(lines);
	free(s);
	canvas_free(c);
}

/* A crosshair drawn over heat is a line too, in the cursor's green. */
Test(svg, overlay_on_heat_is_kept)
{
	struct canvas *c = canvas_new(1, 1);
	char *s, *lines;

	canvas_half_cell(c, 0, 0, 1, 1);
	canvas_half_mark(c, 0, 0, 0x2502, ROLE_CURSOR, 0);
	s = svg_of(c, NULL);
	lines = layer(s, "lines");
	cr_expect_str_eq(lines,
		"<line x1=\"5\" y1=\"0\" x2=\"5\" y2=\"20\" stroke=\"#00d700\"/>\n");
	cr_expect_eq(count(s, "fill=\"#b2182b\""), 2);
	free(lines);
	free(s);
	canvas_free(c);
}

/* Runs: one per look, spaces inside kept, trailing spaces dropped, special
 * characters escaped; the baseline is 15 units below the cell's top. */
Test(svg, text_runs_and_escaping)
{
	struct canvas *c = canvas_new(20, 2);
	struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
	struct style title = { ROLE_TITLE, ROLE_DEFAULT, 0 };
	char *s, *text;

	canvas_text(c, 1, 0, 19, "a<b & 'c'>", plain);
	canvas_text(c, 12, 0, 8, "T", title);
	canvas_text(c, 0, 1, 20, "x  \"q\"", plain);
	s = svg_of(c, NULL);
	text = layer(s, "text");
	/* ROLE_TITLE is (135,175,215) and bold in colour. */
	cr_expect_str_eq(text,
		"<text x=\"10\" y=\"15\" textLength=\"100\" fill=\"#d0d0d0\">"
		"a&lt;b &amp; &apos;c&apos;&gt;</text>\n"
		"<text x=\"120\" y=\"15\" fill=\"#87afd7\" font-weight=\"bold\">T</text>\n"
		"<text x=\"0\" y=\"35\" textLength=\"60\" fill=\"#d0d0d0\">x  &quot;q&quot;</text>\n");
	cr_expect_not_null(strstr(s, "<g id=\"text\" xml:space=\"preserve\">"));
	free(text);
	free(s);
	canvas_free(c);
}

/* A wide character counts two cells in textLength and is written once. */
Test(svg, wide_characters_take_two_cells)
{
	struct canvas *c = canvas_new(6, 1);
	char *s, *text;

	/* A run of one width each: CJK glyphs are not twice a Latin one, and
	 * textLength spreads a run's glyphs evenly. A space ends a wide run. */
	canvas_text(c, 0, 0, 6, "中a", (struct style){ 0, 0, 0 });
	s = svg_of(c, NULL);
	text = layer(s, "text");
	cr_expect_str_eq(text, "<text x=\"0\" y=\"15\" textLength=\"20\" "
			 "fill=\"#d0d0d0\">中</text>\n"
			 "<text x=\"20\" y=\"15\" fill=\"#d0d0d0\">a</text>\n");
	free(text);
	free(s);
	canvas_free(c);
	c = canvas_new(8, 1);
	canvas_text(c, 0, 0, 8, "中文 字", (struct style){ 0, 0, 0 });
	s = svg_of(c, NULL);
	text = layer(s, "text");
	cr_expect_str_eq(text, "<text x=\"0\" y=\"15\" textLength=\"40\" "
			 "fill=\"#d0d0d0\">中文</text>\n"
			 "<text x=\"50\" y=\"15\" textLength=\"20\" "
			 "fill=\"#d0d0d0\">字</text>\n");
	free(text);
	free(s);
	canvas_free(c);
}

/* The status bar's paper becomes one background rectangle per run, and its
 * text sits on it. */
Test(svg, role_backgrounds_merge)
{
	struct canvas *c = canvas_new(5, 2);
	struct style st = { ROLE_STATUS, ROLE_STATUS, 0 };
	char *s, *bg;

	canvas_fill(c, (struct rect){ 0, 0, 5, 1 }, ' ', st);
	canvas_text(c, 1, 0, 3, "ok", st);
	s = svg_of(c, NULL);
	bg = layer(s, "background");
	/* ROLE_STATUS paper is (48,48,48). */
	cr_expect_str_eq(bg, "<rect x=\"0\" y=\"0\" width=\"50\" height=\"20\" "
			 "fill=\"#303030\"/>\n");
	cr_expect_not_null(strstr(s, "fill=\"#d0d0d0\">ok</text>"));
	free(bg);
	free(s);
	canvas_free(c);
}

/* ---- export.c ---- */

Test(svg, kinds_by_extension)
{
	cr_expect_eq(figure_kind("a.svg"), FIGURE_SVG);
	cr_expect_eq(figure_kind("dir/FIG.SVG"), FIGURE_SVG);
	cr_expect_eq(figure_kind("a.txt"), FIGURE_TXT);
	cr_expect_eq(figure_kind("x/y/a.ans"), FIGURE_ANS);
	cr_expect_eq(figure_kind("a.png"), FIGURE_PNG);
	cr_expect_eq(figure_kind("d/A.PDF"), FIGURE_PDF);
	cr_expect_eq(figure_kind("a.gif"), -1);
	cr_expect_eq(figure_kind(".png"), -1);
	cr_expect_eq(figure_kind("svg"), -1);
	cr_expect_eq(figure_kind(".svg"), -1);
	cr_expect_eq(figure_kind("dir/.svg"), -1);
	cr_expect_eq(figure_kind("a.svg/"), -1);
	cr_expect_eq(figure_kind(""), -1);
}

static void in_temp_dir(char *dir)
{
	strcpy(dir, "/tmp/pescope-svg-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	cr_assert_eq(chdir(dir), 0);
}

Test(svg, auto_names_are_dated_and_never_overwrite)
{
	char dir[64], name[96];
	FILE *f;

	in_temp_dir(dir);
	setenv("TZ", "UTC", 1);
	/* 2024-01-02 03:04:05 UTC */
	cr_assert_eq(figure_auto_name("clocks", 1704164645, name, sizeof name), 0);
	cr_expect_str_eq(name, "pescope-clocks-20240102-030405.svg");
	f = fopen(name, "w");
	cr_assert_not_null(f);
	fclose(f);
	cr_assert_eq(figure_auto_name("clocks", 1704164645, name, sizeof name), 0);
	cr_expect_str_eq(name, "pescope-clocks-20240102-030405-2.svg");
	cr_expect_eq(figure_auto_name("clocks", 1704164645, name, 10), -1);
	remove("pescope-clocks-20240102-030405.svg");
	rmdir(dir);
}

Test(svg, export_write_formats_and_errors)
{
	char dir[64], err[256], *buf = NULL;
	struct canvas *c = canvas_new(3, 1);
	struct figure_opts o = { PALETTE_RDBU, true, NULL, THEME_DARK, 1 };
	struct stat st;
	size_t len = 0;
	FILE *f;

	in_temp_dir(dir);
	canvas_text(c, 0, 0, 3, "ab", (struct style){ ROLE_ERROR, 0, 0 });
	cr_expect_eq(figure_write("p.txt", c, &o, err, sizeof err), 0);
	cr_expect_eq(figure_write("p.ans", c, &o, err, sizeof err), 0);
	cr_expect_eq(figure_write("p.svg", c, &o, err, sizeof err), 0);

	f = fopen("p.txt", "r");
	cr_assert_not_null(f);
	cr_expect_eq(getdelim(&buf, &len, 0, f), 3);
	cr_expect_str_eq(buf, "ab\n");
	fclose(f);
	f = fopen("p.ans", "r");
	cr_assert_not_null(f);
	getdelim(&buf, &len, 0, f);
	/* ROLE_ERROR: xterm-256 colour 203, bold */
	cr_expect_str_eq(buf, "\033[0;1;38;5;203mab\033[0m\n");
	fclose(f);
	free(buf);
	cr_expect_eq(stat("p.svg", &st), 0);

	cr_expect_eq(figure_write("p.gif", c, &o, err, sizeof err), EX_USAGE);
	cr_expect_not_null(strstr(err, ".svg, .png, .pdf, .txt or .ans"), "%s",
			   err);
	cr_expect_eq(figure_write("no/such/dir/p.svg", c, &o, err, sizeof err),
		     EX_CANTCREAT);
	cr_expect_not_null(strstr(err, "no/such/dir/p.svg"), "%s", err);
	/* A device in the place of the file is written in place; /dev/full
	 * fails on the write, which is an I/O error, not a creation one. */
	cr_assert_eq(symlink("/dev/full", "full.svg"), 0);
	cr_expect_eq(figure_write("full.svg", c, &o, err, sizeof err), EX_IOERR,
		     "%s", err);
	cr_expect_not_null(strstr(err, "No space left"), "%s", err);

	remove("full.svg");
	remove("p.txt");
	remove("p.ans");
	remove("p.svg");
	cr_expect_eq(rmdir(dir), 0, "something was left behind in %s", dir);
	canvas_free(c);
}
