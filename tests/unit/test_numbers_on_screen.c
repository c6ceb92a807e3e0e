/* test_numbers_on_screen.c - every view writes numbers as people write
 * them (issue 14): 1e12, 6.28e12, 2.6e-14, never printf's 1e+12 or
 * 2.6e-014, at parameters that make large and small numbers. */
#include <criterion/criterion.h>

#include <locale.h>
#include <regex.h>
#include <stdlib.h>

#include "fixture.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(numbers_on_screen, .init = utf8_locale);

Test(numbers_on_screen, no_printf_exponents_in_any_view)
{
	static const struct settings cases[] = {
		{ { 512, 1e12, PE_INTERLEAVED }, 1000000000, 500000000, 511 },
		{ { 64, 5e5, PE_CONCAT }, 100000, 99999, 63 },
		{ { 8, 1.000001, PE_INTERLEAVED }, 3, 2, 7 },
	};
	regex_t re;

	cr_assert_eq(regcomp(&re, "[0-9]e[-+]?0[0-9]|[0-9]e\\+[0-9]",
			     REG_EXTENDED | REG_NOSUB), 0);
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
		for (int v = 0; v < VIEW_COUNT; v++) {
			struct state s;
			char *text;

			fx_init(&s, &cases[k]);
			state_set_view(&s, v);
			state_set_screen(&s, 160, 50);
			text = fx_text(&s, 160, 50);
			cr_expect_neq(regexec(&re, text, 0, NULL, 0), 0,
				      "%s, case %zu writes a printf exponent:\n%s",
				      views_catalog()->view[v]->name, k, text);
			free(text);
		}
	regfree(&re);
}
