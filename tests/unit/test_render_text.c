/* test_render_text.c - plain and ANSI snapshots, byte for byte. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdlib.h>

#include "render/canvas.h"
#include "io/render_text.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(render, .init = utf8_locale);

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

static void expect(const struct canvas *c, bool utf8, enum color_mode mode,
		   const char *want)
{
	char *got = snap_opts(c, utf8, mode, PALETTE_RDBU);

	cr_assert_not_null(got);
	cr_expect_str_eq(got, want);
	free(got);
}

Test(render, plain_rows_trimmed)
{
	struct canvas *c = canvas_new(6, 3);

	canvas_text(c, 0, 0, 6, "ab", plain);
	canvas_text(c, 2, 2, 6, "c", (struct style){ ROLE_ERROR, 0, ATTR_BOLD });
	expect(c, true, COLOR_NONE, "ab\n\n  c\n");
	canvas_free(c);
}

Test(render, ansi_default_text_has_no_sgr_but_a_reset)
{
	struct canvas *c = canvas_new(4, 2);

	canvas_text(c, 0, 0, 4, "ab", plain);
	expect(c, true, COLOR_256, "ab\033[0m\n\033[0m\n");
	canvas_free(c);
}

Test(render, ansi_sgr_only_on_change)
{
	struct canvas *c = canvas_new(8, 2);

	canvas_text(c, 0, 0, 8, "Hi",
		    (struct style){ ROLE_TITLE, ROLE_DEFAULT, 0 });
	canvas_text(c, 2, 0, 8, "!", plain);
	canvas_text(c, 0, 1, 8, "E", (struct style){ ROLE_ERROR, 0, 0 });
	canvas_text(c, 1, 1, 8, "x", plain);
	expect(c, true, COLOR_256,
	       "\033[0;1;38;5;110mHi\033[0m!\033[0m\n"
	       "\033[0;1;38;5;203mE\033[0mx\033[0m\n");
	/* xterm's red is 3.6:1 on black: a letter in it takes the
	 * terminal's own colour (palette.c, letter_ink) */
	expect(c, true, COLOR_8,
	       "\033[0;1;36mHi\033[0m!\033[0m\n"
	       "\033[0;1mE\033[0mx\033[0m\n");
	expect(c, true, COLOR_RGB,
	       "\033[0;1;38;2;135;175;215mHi\033[0m!\033[0m\n"
	       "\033[0;1;38;2;255;95;95mE\033[0mx\033[0m\n");
	canvas_free(c);
}

Test(render, ansi_attributes)
{
	struct canvas *c = canvas_new(4, 1);

	canvas_put(c, 0, 0, 'x',
		   (struct style){ 0, 0,
				   ATTR_BOLD | ATTR_DIM | ATTR_UNDERLINE |
					   ATTR_REVERSE });
	canvas_put(c, 1, 0, ' ', (struct style){ 0, 0, ATTR_REVERSE });
	expect(c, true, COLOR_256, "\033[0;1;2;4;7mx\033[0;7m \033[0m\n");
	canvas_free(c);
}

Test(render, ansi_background_not_trimmed)
{
	struct canvas *c = canvas_new(3, 1);

	canvas_fill(c, (struct rect){ 0, 0, 3, 1 }, ' ',
		    (struct style){ ROLE_STATUS, ROLE_STATUS, 0 });
	/* grey on blue: on cyan the key names, in the terminal's white,
	 * were 2.0:1 */
	expect(c, true, COLOR_8, "\033[0;37;44m   \033[0m\n");
	expect(c, true, COLOR_NONE, "\n");
	canvas_free(c);
}

Test(render, half_blocks)
{
	struct canvas *c = canvas_new(3, 1);

	canvas_half_cell(c, 0, 0, 1, -1);
	canvas_half_cell(c, 1, 0, 1, -1);
	canvas_half_cell(c, 2, 0, 0, 0);
	expect(c, true, COLOR_RGB,
	       "\033[0;38;2;178;24;43;48;2;33;102;172m▀▀"
	       "\033[0;38;2;247;247;247;48;2;247;247;247m▀\033[0m\n");
	expect(c, true, COLOR_256,
	       "\033[0;38;5;124;48;5;21m▀▀\033[0;38;5;231;48;5;231m▀\033[0m\n");
	/* Eight colours: two colours as a half block, one as a solid cell. */
	expect(c, true, COLOR_8,
	       "\033[0;31;44m▀▀\033[0;47m \033[0m\n");
	/* Plain text: the ramp of the mean (0 here: blank). */
	expect(c, true, COLOR_NONE, "\n");
	canvas_free(c);
}

Test(render, half_blocks_ascii_colour)
{
	struct canvas *c = canvas_new(2, 1);

	canvas_half_cell(c, 0, 0, 1, 1);
	canvas_half_cell(c, 1, 0, -1, 0);	/* mean -0.5 */
	/* -0.5 is drawn at -0.6875 of the ramp (palette.c's spread near 0). */
	expect(c, false, COLOR_256,
	       "\033[0;48;5;124m \033[0;48;5;63m \033[0m\n");
	expect(c, false, COLOR_NONE, "#-\n");
	/* Eight colours: the means are two of the five colours. */
	expect(c, false, COLOR_8, "\033[0;41m \033[0;46m \033[0m\n");
	canvas_free(c);
}

Test(render, eight_colours_shade_between_neighbours)
{
	struct canvas *c = canvas_new(6, 1);

	/* Means 0.125, 0.25, 0.375 (white to yellow), 0.875 (yellow to
	 * red); top and bottom of one colour, so each is one shade. */
	canvas_half_cell(c, 0, 0, 0.1, 0.15);
	canvas_half_cell(c, 1, 0, 0.25, 0.25);
	canvas_half_cell(c, 2, 0, 0.35, 0.4);
	canvas_half_cell(c, 3, 0, 0.8, 0.95);
	/* Different colours stay a half block; -0.5 is cyan. */
	canvas_half_cell(c, 4, 0, 0.9, -0.5);
	canvas_half_cell(c, 5, 0, -0.5, -0.5);
	expect(c, true, COLOR_8,
	       "\033[0;33;47m░▒▓\033[0;31;43m▓\033[0;31;46m▀"
	       "\033[0;46m \033[0m\n");
	expect(c, false, COLOR_8,
	       "\033[0;33;47m.+#\033[0;31;43m#\033[0;33;47m+"
	       "\033[0;46m \033[0m\n");
	canvas_free(c);
}

Test(render, half_overlay)
{
	struct canvas *c = canvas_new(1, 1);

	canvas_half_cell(c, 0, 0, 1, 1);
	canvas_half_mark(c, 0, 0, 0x253c, ROLE_CURSOR, 0);
	expect(c, true, COLOR_256, "\033[0;1;38;5;40;48;5;124m┼\033[0m\n");
	/* xterm's green is 2.7:1 on its red: a mark over heat that does not
	 * stand out from it takes white there */
	expect(c, false, COLOR_8, "\033[0;1;37;41m+\033[0m\n");
	canvas_free(c);
}

Test(render, braille_and_wide)
{
	struct canvas *c = canvas_new(4, 1);

	canvas_braille_dot(c, 0, 0, ROLE_TRACE1);
	canvas_text(c, 1, 0, 4, "日",
		    (struct style){ ROLE_TITLE, ROLE_DEFAULT, 0 });
	expect(c, true, COLOR_RGB,
	       "\033[0;38;2;0;215;215m⠁\033[0;1;38;2;135;175;215m日\033[0m\n");
	expect(c, false, COLOR_8, "\033[0;36m'\033[0;1;36m??\033[0m\n");
	expect(c, false, COLOR_NONE, "'??\n");
	canvas_free(c);
}

Test(render, write_error_is_reported)
{
	struct canvas *c = canvas_new(10, 10);
	struct render_opts o = { true, COLOR_RGB, PALETTE_RDBU, THEME_DARK };
	FILE *f = fopen("/dev/full", "w");

	cr_assert_not_null(f);
	canvas_text(c, 0, 0, 10, "x", plain);
	cr_expect_eq(render_text(f, c, &o), -1);
	fclose(f);
	canvas_free(c);
}

Test(render, utf8_encoder)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_not_null(f);
	cr_expect_eq(render_utf8(f, 'A'), 0);
	cr_expect_eq(render_utf8(f, 0xe9), 0);
	cr_expect_eq(render_utf8(f, 0x65e5), 0);
	cr_expect_eq(render_utf8(f, 0x1f600), 0);
	cr_expect_eq(render_utf8(f, 0xd800), 0);
	cr_expect_eq(render_utf8(f, 0x110000), 0);
	fclose(f);
	cr_expect_str_eq(buf, "A\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80"
			      "\xef\xbf\xbd\xef\xbf\xbd");
	free(buf);
}
