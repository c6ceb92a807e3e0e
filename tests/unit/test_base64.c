/* test_base64.c - unit tests of base/base64.c against the test vectors of
 * RFC 4648, section 10, and bytes above 0x7f (UTF-8, as a command line in
 * Chinese has them) against Python's base64.b64encode. */
#include <criterion/criterion.h>
#include <string.h>

#include "base/base64.h"

static void expect(const char *in, const char *want)
{
	char out[64];
	size_t n = base64_encode(in, strlen(in), out);

	cr_expect_str_eq(out, want, "base64 of \"%s\"", in);
	cr_expect_eq(n, strlen(want));
	cr_expect_eq(base64_len(strlen(in)), strlen(want));
}

Test(base64, rfc4648_vectors)
{
	expect("", "");
	expect("f", "Zg==");
	expect("fo", "Zm8=");
	expect("foo", "Zm9v");
	expect("foob", "Zm9vYg==");
	expect("fooba", "Zm9vYmE=");
	expect("foobar", "Zm9vYmFy");
}

Test(base64, high_bytes)
{
	/* python3 -c 'import base64; print(base64.b64encode("--lang 中文 ÿ".encode()))' */
	expect("--lang \xe4\xb8\xad\xe6\x96\x87 \xc3\xbf", "LS1sYW5nIOS4reaWhyDDvw==");
}
