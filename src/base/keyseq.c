/* keyseq.c - the ends of escape sequences (see keyseq.h; ECMA-48 5.4 for
 * CSI: parameter bytes 0x30-0x3f, then intermediates 0x20-0x2f, then one
 * final byte 0x40-0x7e). */
#include "base/keyseq.h"

enum { ESC = 0x1b };

static bool is_param(unsigned c) { return c >= 0x30 && c <= 0x3f; }
static bool is_inter(unsigned c) { return c >= 0x20 && c <= 0x2f; }
static bool is_final(unsigned c) { return c >= 0x40 && c <= 0x7e; }

/* An SGR mouse report: s[0..2] is ESC [ <, then digits and semicolons,
 * then M or m. Any other byte, a final byte of CSI though it be, cuts it:
 * ESC [ < 0 ; 5 ; q is a report cut short and a q. */
static enum keyseq_state scan_sgr_mouse(const unsigned char *s, size_t n)
{
	for (size_t i = 3; i < n; i++) {
		if ((s[i] >= '0' && s[i] <= '9') || s[i] == ';')
			continue;
		if (s[i] == 'M' || s[i] == 'm')
			return i == n - 1 ? KEYSEQ_WHOLE : KEYSEQ_CUT;
		return KEYSEQ_CUT;
	}
	return KEYSEQ_MORE;
}

/* CSI: s[0..1] is ESC [. The X10 mouse report ESC [ M takes three raw
 * bytes (any value from 32) after its final M. */
static enum keyseq_state scan_csi(const unsigned char *s, size_t n)
{
	bool inter = false;

	if (n >= 3 && s[2] == 'M') {
		if (n == 3)
			return KEYSEQ_MORE;
		if (s[n - 1] < 0x20)
			return KEYSEQ_CUT;
		return n == 6 ? KEYSEQ_WHOLE : KEYSEQ_MORE;
	}
	if (n >= 3 && s[2] == '<')
		return scan_sgr_mouse(s, n);
	for (size_t i = 2; i < n; i++) {
		unsigned c = s[i];

		if (is_param(c) && !inter)
			continue;
		if (is_inter(c)) {
			inter = true;
			continue;
		}
		if (is_final(c))
			return i == n - 1 ? KEYSEQ_WHOLE : KEYSEQ_CUT;
		return KEYSEQ_CUT;
	}
	return KEYSEQ_MORE;
}

/* The bytes after ESC that begin a control string: OSC, DCS, APC, PM, SOS
 * (ECMA-48 5.6). */
static bool starts_string(unsigned c)
{
	return c == ']' || c == 'P' || c == '_' || c == '^' || c == 'X';
}

/* The private markers that begin a terminal's report in CSI (DA1 ?,
 * DA2 >, DA3 =, DECRPM ?); '<' is the SGR mouse report's. */
static bool starts_report(unsigned c)
{
	return c == '?' || c == '>' || c == '=';
}

/* SS3: s[0..1] is ESC O, then one final byte (some terminals put
 * parameters before it, as in ESC O 1 ; 2 P). */
static enum keyseq_state scan_ss3(const unsigned char *s, size_t n)
{
	for (size_t i = 2; i < n; i++) {
		if (is_param(s[i]))
			continue;
		if (is_final(s[i]))
			return i == n - 1 ? KEYSEQ_WHOLE : KEYSEQ_CUT;
		return KEYSEQ_CUT;
	}
	return KEYSEQ_MORE;
}

enum keyseq_state keyseq_scan(const unsigned char *s, size_t n)
{
	enum keyseq_state st;

	if (n < 2)
		return KEYSEQ_MORE;
	if (starts_string(s[1]) || (n == 3 && s[1] == '[' &&
				    starts_report(s[2])))
		return KEYSEQ_ANSWER;
	if (s[1] == '[')
		st = scan_csi(s, n);
	else if (s[1] == 'O')
		st = scan_ss3(s, n);
	else
		return KEYSEQ_ALT;
	if (st == KEYSEQ_MORE && n >= KEYSEQ_MAX)
		return KEYSEQ_CUT;
	return st;
}

void keyseq_answer_begin(struct keyseq_answer *a, const unsigned char *s,
			 size_t n)
{
	a->string = n >= 2 && starts_string(s[1]);
	a->esc = false;
	a->bytes = (long)n;
}

enum keyseq_answer_state keyseq_answer_byte(struct keyseq_answer *a, int c)
{
	bool esc = a->esc;

	a->esc = false;
	if (c < 0 || c > 0xff || ++a->bytes > KEYSEQ_ANSWER_MAX)
		return esc ? KEYSEQ_ANSWER_CUT_ESC : KEYSEQ_ANSWER_CUT;
	if (!a->string)	/* CSI: parameters and intermediates, then a final */
		return is_final((unsigned)c) ? KEYSEQ_ANSWER_END :
		       c >= 0x20 && c <= 0x3f ? KEYSEQ_ANSWER_IN :
		       KEYSEQ_ANSWER_CUT;
	if (esc)	/* ST, or an ESC that starts something else */
		return c == '\\' ? KEYSEQ_ANSWER_END : KEYSEQ_ANSWER_CUT_ESC;
	if (c == ESC) {
		a->esc = true;
		return KEYSEQ_ANSWER_IN;
	}
	if (c == 0x07 || c == 0x18 || c == 0x1a)	/* BEL; CAN, SUB cancel */
		return KEYSEQ_ANSWER_END;
	return c < 0x20 || c == 0x7f ? KEYSEQ_ANSWER_CUT : KEYSEQ_ANSWER_IN;
}

/* The kind of button code b (SGR's, or X10's less 32). */
static enum keyseq_mouse_kind mouse_kind(unsigned b, bool release)
{
	b &= ~(4u | 8u | 16u);	/* Shift, Alt, Ctrl */
	if (release || (b & 32u))
		return KEYSEQ_OTHER;	/* a release or a move */
	switch (b) {
	case 0: return KEYSEQ_CLICK;
	case 64: return KEYSEQ_WHEEL_UP;
	case 65: return KEYSEQ_WHEEL_DOWN;
	default: return KEYSEQ_OTHER;
	}
}

/* A decimal number at s[*i], up to a byte that is not a digit. */
static bool number_at(const unsigned char *s, size_t n, size_t *i,
		      unsigned *v)
{
	size_t start = *i;

	*v = 0;
	while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
		if (*v > 100000)
			return false;
		*v = *v * 10 + (unsigned)(s[*i] - '0');
		(*i)++;
	}
	return *i > start;
}

bool keyseq_mouse(const unsigned char *s, size_t n, struct keyseq_mouse *m)
{
	unsigned b, x, y;
	size_t i = 3;

	if (n == 6 && s[0] == ESC && s[1] == '[' && s[2] == 'M') {
		if (s[3] < 32 || s[4] < 33 || s[5] < 33)
			return false;
		b = s[3] - 32u;
		/* X10 says a release as button 3, the wheel aside */
		m->kind = mouse_kind(b, (b & 64u) == 0 && (b & 3u) == 3u);
		m->x = s[4] - 33;
		m->y = s[5] - 33;
		return true;
	}
	if (n < 9 || s[0] != ESC || s[1] != '[' || s[2] != '<' ||
	    (s[n - 1] != 'M' && s[n - 1] != 'm'))
		return false;
	if (!number_at(s, n, &i, &b) || s[i++] != ';' ||
	    !number_at(s, n, &i, &x) || s[i++] != ';' ||
	    !number_at(s, n, &i, &y) || i != n - 1 || x < 1 || y < 1)
		return false;
	m->kind = mouse_kind(b, s[n - 1] == 'm');
	m->x = (int)x - 1;
	m->y = (int)y - 1;
	return true;
}
