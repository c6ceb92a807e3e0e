/* colour_fx.h - test helper: colours as a person sees them, from the
 * colour codes palette_look gives (24-bit 0xRRGGBB or xterm-256 index):
 * WCAG 2.x relative luminance and contrast ratio, and CIELAB L*. */
#ifndef COLOUR_FX_H
#define COLOUR_FX_H

#include <math.h>
#include <stdbool.h>

#include "render/palette.h"

/* The sRGB channel c (0..255) in linear light. */
static inline double fx_linear(double c)
{
	c /= 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* The colour of code in mode (COLOR_RGB or COLOR_256), at 2/3 when faint
 * (as xterm draws SGR 2). */
static inline struct rgb fx_rgb_of(int code, enum color_mode mode, bool faint)
{
	struct rgb c = mode == COLOR_256 ? palette_256_to_rgb(code)
		: (struct rgb){ (uint8_t)(code >> 16), (uint8_t)(code >> 8),
				(uint8_t)code };

	if (faint)
		c = (struct rgb){ (uint8_t)(c.r * 2 / 3), (uint8_t)(c.g * 2 / 3),
				  (uint8_t)(c.b * 2 / 3) };
	return c;
}

static inline double fx_luminance(struct rgb c)
{
	return 0.2126 * fx_linear(c.r) + 0.7152 * fx_linear(c.g) +
	       0.0722 * fx_linear(c.b);
}

/* WCAG contrast ratio of a and b, >= 1. */
static inline double fx_ratio(struct rgb a, struct rgb b)
{
	double x = fx_luminance(a), y = fx_luminance(b);

	return x > y ? (x + 0.05) / (y + 0.05) : (y + 0.05) / (x + 0.05);
}

/* CIELAB L* of c. */
static inline double fx_lightness(struct rgb c)
{
	double y = fx_luminance(c);

	return y > 216.0 / 24389.0 ? 116.0 * cbrt(y) - 16.0
				   : y * 24389.0 / 27.0;
}

#endif
