/* test_dump.c - matrix dumps (npy bytes, csv round trip, the fast %.17g)
 * and atomic output files (nothing half-written, no temporaries left). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/signals.h"
#include "io/dump.h"
#include "engine/pe.h"

/* ---- helpers ---- */

/* The dump of spec in memory; *len gets its size. */
static unsigned char *dump_to_memory(const struct dump_spec *spec,
				     size_t *len)
{
	char *data = NULL;
	FILE *f = open_memstream(&data, len);

	cr_assert_not_null(f);
	cr_assert_eq(dump_write(f, spec, NULL), 0);
	cr_assert_eq(fclose(f), 0);
	return (unsigned char *)data;
}

static double get_le64(const unsigned char *p)
{
	uint64_t u = 0;
	double v;

	for (int i = 7; i >= 0; i--)
		u = u << 8 | p[i];
	memcpy(&v, &u, sizeof v);
	return v;
}

static float get_le32(const unsigned char *p)
{
	uint32_t u = 0;
	float v;

	for (int i = 3; i >= 0; i--)
		u = u << 8 | p[i];
	memcpy(&v, &u, sizeof v);
	return v;
}

/* The preamble np.save writes for a 2-D C-order array (NumPy 1.24). */
static size_t numpy_preamble(const char *descr, long long rows, int cols,
			     char *out)
{
	char dict[128];
	int n = snprintf(dict, sizeof dict,
			 "{'descr': '%s', 'fortran_order': False, "
			 "'shape': (%lld, %d), }", descr, rows, cols);
	size_t hlen = (size_t)n + 1;	/* with the final '\n' */
	int digits = snprintf(NULL, 0, "%lld", rows);

	hlen += (size_t)(21 - digits);	/* NumPy's room to grow */
	hlen += 64 - (10 + hlen) % 64;
	memcpy(out, "\x93NUMPY\x01\x00", 8);
	out[8] = (char)(hlen & 0xff);
	out[9] = (char)(hlen >> 8);
	memset(out + 10, ' ', hlen);
	memcpy(out + 10, dict, (size_t)n);
	out[10 + hlen - 1] = '\n';
	return 10 + hlen;
}

/* ---- npy ---- */

Test(dump, npy_header_bytes)
{
	static const struct {
		long long rows;
		int cols;
		enum dump_dtype dtype;
		const char *descr;
	} cases[] = {
		{ 16384, 4096, DUMP_FLOAT64, "<f8" },
		{ 1, 2, DUMP_FLOAT32, "<f4" },
		{ 123456789, 65536, DUMP_FLOAT64, "<f8" },
		{ 1000000000, 512, DUMP_FLOAT32, "<f4" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct dump_spec spec = {
			{ cases[i].cols, 10000, PE_INTERLEAVED },
			cases[i].rows, DUMP_NPY, cases[i].dtype, NULL, NULL
		};
		unsigned char got[DUMP_NPY_HEADER_MAX];
		char want[DUMP_NPY_HEADER_MAX];
		size_t n = dump_npy_header(&spec, got);
		size_t wn = numpy_preamble(cases[i].descr, cases[i].rows,
					   cases[i].cols, want);

		cr_assert_eq(n, wn, "case %zu: %zu bytes, want %zu", i, n, wn);
		cr_assert_eq(n % 64, 0);
		cr_assert_eq(got[n - 1], '\n');
		cr_assert_eq(memcmp(got, want, n), 0, "case %zu: %.*s", i,
			     (int)n - 10, (char *)got + 10);
	}
}

Test(dump, npy_header_as_numpy_wrote_it)
{
	/* np.save(f, np.zeros((16384, 4096))) with NumPy 1.24 */
	static const char start[] = "\x93NUMPY\x01\x00\x76\x00{'descr': '<f8', "
		"'fortran_order': False, 'shape': (16384, 4096), }";
	struct dump_spec spec = { { 4096, 10000, PE_INTERLEAVED }, 16384,
				  DUMP_NPY, DUMP_FLOAT64, NULL, NULL };
	unsigned char got[DUMP_NPY_HEADER_MAX];

	cr_assert_eq(dump_npy_header(&spec, got), 128);
	cr_assert_eq(memcmp(got, start, sizeof start - 1), 0);
	for (size_t i = sizeof start - 1; i < 127; i++)
		cr_assert_eq(got[i], ' ', "byte %zu", i);
	cr_assert_eq(got[127], '\n');
}

static void check_npy_values(int d, long long rows, enum pe_layout layout,
			     enum dump_dtype dtype)
{
	struct dump_spec spec = { { d, 10000, layout }, rows, DUMP_NPY,
				  dtype, NULL, NULL };
	unsigned char head[DUMP_NPY_HEADER_MAX];
	size_t hn = dump_npy_header(&spec, head), len;
	size_t width = dtype == DUMP_FLOAT32 ? 4 : 8;
	unsigned char *data = dump_to_memory(&spec, &len);

	cr_assert_eq(len, hn + (size_t)rows * (size_t)d * width,
		     "d=%d L=%lld: %zu bytes", d, rows, len);
	cr_assert_eq(memcmp(data, head, hn), 0);
	for (long long p = 0; p < rows; p++)
		for (int j = 0; j < d; j++) {
			const unsigned char *at =
				data + hn + ((size_t)p * (size_t)d + (size_t)j) * width;
			double want = pe_value(&spec.params, (double)p, j);
			double got = width == 8 ? get_le64(at) : get_le32(at);
			cr_assert_leq(fabs(got - want), width == 8 ? 1e-12 : 1e-6,
				      "d=%d p=%lld dim %d: %.17g, want %.17g",
				      d, p, j, got, want);
		}
	free(data);
}

Test(dump, npy_values_match_pe_value)
{
	check_npy_values(2, 1, PE_INTERLEAVED, DUMP_FLOAT64);
	check_npy_values(6, 70, PE_INTERLEAVED, DUMP_FLOAT64);
	check_npy_values(8, 200, PE_CONCAT, DUMP_FLOAT64);
	check_npy_values(512, 300, PE_INTERLEAVED, DUMP_FLOAT64);
	check_npy_values(4096, 3, PE_CONCAT, DUMP_FLOAT64);
}

Test(dump, npy_float32_values)
{
	check_npy_values(16, 129, PE_INTERLEAVED, DUMP_FLOAT32);
	check_npy_values(10, 65, PE_CONCAT, DUMP_FLOAT32);
}

Test(dump, npy_rows_larger_than_the_buffer)
{
	/* d = 65536: a float64 row is 512 KiB, two rows fill the buffer. */
	check_npy_values(65536, 3, PE_INTERLEAVED, DUMP_FLOAT64);
}

/* ---- csv and tsv ---- */

static void check_text_round_trip(int d, long long rows, enum pe_layout layout,
				  enum dump_format format)
{
	struct dump_spec spec = { { d, 10000, layout }, rows, format,
				  DUMP_FLOAT64, NULL, NULL };
	char sep = format == DUMP_TSV ? '\t' : ',';
	size_t len;
	char *text = (char *)dump_to_memory(&spec, &len);
	char *p = text;
	double *ws = malloc(sizeof *ws * (size_t)pe_rowgen_workspace(d));
	double *row = malloc(sizeof *row * (size_t)d);
	struct pe_rowgen gen;

	cr_assert_eq(strlen(text), len, "NUL inside the text");
	for (int j = 0; j < d; j++) {
		char want[32];
		int n = snprintf(want, sizeof want, "dim%d%c", j,
				 j + 1 < d ? sep : '\n');
		cr_assert_eq(strncmp(p, want, (size_t)n), 0,
			     "header field %d", j);
		p += n;
	}
	pe_rowgen_init(&gen, &spec.params, 0, ws);
	for (long long r = 0; r < rows; r++) {
		pe_rowgen_next(&gen, row);
		for (int j = 0; j < d; j++) {
			char *end;
			double v = strtod(p, &end);
			cr_assert_neq(end, p, "row %lld field %d", r, j);
			cr_assert_eq(*end, j + 1 < d ? sep : '\n',
				     "row %lld field %d ends with %#x", r, j,
				     *end);
			cr_assert_eq(v, row[j], "row %lld dim %d: %.*s", r, j,
				     (int)(end - p), p);
			cr_assert_leq(fabs(v - pe_value(&spec.params,
							 (double)r, j)),
				      1e-12);
			p = end + 1;
		}
	}
	cr_assert_eq(*p, '\0', "text after the last row");
	free(row);
	free(ws);
	free(text);
}

Test(dump, csv_reads_back_exactly)
{
	check_text_round_trip(2, 1, PE_INTERLEAVED, DUMP_CSV);
	check_text_round_trip(64, 300, PE_INTERLEAVED, DUMP_CSV);
	check_text_round_trip(10, 70, PE_CONCAT, DUMP_CSV);
	/* a header and rows larger than the 1 MiB buffer */
	check_text_round_trip(65536, 2, PE_INTERLEAVED, DUMP_CSV);
}

Test(dump, tsv_reads_back_exactly)
{
	check_text_round_trip(16, 100, PE_INTERLEAVED, DUMP_TSV);
	check_text_round_trip(6, 5, PE_CONCAT, DUMP_TSV);
}

Test(dump, csv_small_exact_text)
{
	struct dump_spec spec = { { 4, 10000, PE_INTERLEAVED }, 2, DUMP_CSV,
				  DUMP_FLOAT64, NULL, NULL };
	size_t len;
	char *text = (char *)dump_to_memory(&spec, &len);

	cr_assert_eq(strncmp(text, "dim0,dim1,dim2,dim3\n0,1,0,1\n0.8414709848078965,"
			     "0.54030230586813977,", 60), 0, "%s", text);
	free(text);
}

/* ---- the fast %.17g ---- */

static void same_as_printf(double x)
{
	char got[DUMP_DOUBLE_MAX + 1], want[64];
	int n = dump_format_double(x, got);
	int wn = snprintf(want, sizeof want, "%.17g", x);

	cr_assert_eq(n, wn, "%a: \"%s\", want \"%s\"", x, got, want);
	cr_assert_str_eq(got, want, "%a", x);
}

Test(dump, format_double_matches_printf)
{
	uint64_t s = 88172645463325252u;

	for (int i = 0; i < 300000; i++) {	/* any bit pattern */
		double x;
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		memcpy(&x, &s, sizeof x);
		if (!isnan(x))
			same_as_printf(x);
	}
	for (int i = 0; i < 300000; i++) {	/* values like a dump's */
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		double x = sin((double)(s >> 11) * 1e-6);
		same_as_printf(x);
		same_as_printf(ldexp(x, (int)(s % 90) - 70));
	}
	for (int k = -330; k <= 310; k++) {	/* next to powers of ten */
		double p = pow(10, k);
		same_as_printf(p);
		same_as_printf(-p);
		same_as_printf(nextafter(p, 0));
		same_as_printf(nextafter(p, INFINITY));
	}
	same_as_printf(0.0);
	same_as_printf(-0.0);
	same_as_printf(1.0);
	same_as_printf(-1.0);
	same_as_printf(1e-11);
	same_as_printf(99999999999999992.0);
	same_as_printf(5e-324);
	same_as_printf(INFINITY);
}

Test(dump, format_double_rounds_ties_to_even)
{
	/* n / 2^18 in [0.1, 1) and n / 2^17 in [1, 10) have 18 significant
	 * digits ending in 5: exact ties at the 17th digit. */
	for (int n = 26215; n < 262144; n += 2) {
		same_as_printf(n / 262144.0);
		same_as_printf(-n / 262144.0);
	}
	for (int n = 131073; n < 1310720; n += 2)
		same_as_printf(n / 131072.0);
}

/* ---- failures ---- */

Test(dump, write_error_is_reported)
{
	struct dump_spec spec = { { 512, 10000, PE_INTERLEAVED }, 1000,
				  DUMP_NPY, DUMP_FLOAT64, NULL, NULL };
	FILE *f = fopen("/dev/full", "w");

	cr_assert_not_null(f);
	cr_assert_eq(dump_write(f, &spec, NULL), ENOSPC);
	fclose(f);
	spec.format = DUMP_CSV;
	f = fopen("/dev/full", "w");
	cr_assert_eq(dump_write(f, &spec, NULL), ENOSPC);
	fclose(f);
}

Test(dump, cancel_stops_before_writing)
{
	struct dump_spec spec = { { 512, 10000, PE_INTERLEAVED }, 100000,
				  DUMP_CSV, DUMP_FLOAT64, NULL, NULL };
	volatile sig_atomic_t stop = 1;
	char *data = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&data, &len);

	cr_assert_eq(dump_write(f, &spec, &stop), ECANCELED);
	fclose(f);
	cr_assert_eq(len, 0);
	free(data);
}

/* ---- atomic files ---- */

static char dir[64];

static void make_dir(void)
{
	strcpy(dir, "/tmp/pescope-test-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[sizeof dir + sizeof e->d_name];

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		chmod(path, 0700);
		if (unlink(path) != 0)
			rmdir(path);
	}
	closedir(d);
	chmod(dir, 0700);
	rmdir(dir);
}

TestSuite(atomic, .init = make_dir, .fini = remove_dir);

static char *in_dir(const char *name)
{
	static char path[4][256];
	static int next;
	char *p = path[next++ % 4];

	snprintf(p, sizeof path[0], "%s/%s", dir, name);
	return p;
}

/* Entries in the test folder, and how many are our temporaries. */
static int entries(int *temps)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	*temps = 0;
	cr_assert_not_null(d);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		n++;
		if (!strncmp(e->d_name, ".pescope-", 9))
			(*temps)++;
	}
	closedir(d);
	return n;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
}

static void assert_file(const char *path, const char *text)
{
	char buf[256] = { 0 };
	FILE *f = fopen(path, "r");

	cr_assert_not_null(f, "%s missing", path);
	fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	cr_assert_str_eq(buf, text);
}

Test(atomic, new_file_appears_whole)
{
	struct atomic_file af;
	struct stat st;
	int temps;
	mode_t old = umask(022);

	cr_assert_eq(atomic_file_open(&af, in_dir("out.csv")), 0);
	cr_assert_eq(entries(&temps), 1);
	cr_assert_eq(temps, 1, "the temporary sits beside the target");
	fputs("new\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), 0);
	umask(old);
	assert_file(in_dir("out.csv"), "new\n");
	cr_assert_eq(stat(in_dir("out.csv"), &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0644, "mode %o", st.st_mode & 07777);
	cr_assert_eq(entries(&temps), 1);
	cr_assert_eq(temps, 0);
}

Test(atomic, replacing_keeps_the_mode)
{
	struct atomic_file af;
	struct stat st;
	int temps;

	write_file(in_dir("out.csv"), "old\n");
	cr_assert_eq(chmod(in_dir("out.csv"), 0640), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("out.csv")), 0);
	fputs("new\n", af.fp);
	assert_file(in_dir("out.csv"), "old\n");	/* not yet */
	cr_assert_eq(atomic_file_commit(&af), 0);
	assert_file(in_dir("out.csv"), "new\n");
	cr_assert_eq(stat(in_dir("out.csv"), &st), 0);
	cr_assert_eq(st.st_mode & 07777, 0640, "mode %o", st.st_mode & 07777);
	cr_assert_eq(entries(&temps), 1);
	cr_assert_eq(temps, 0);
}

Test(atomic, a_symlink_stays_a_link)
{
	struct atomic_file af;
	struct stat st;

	write_file(in_dir("real.csv"), "old\n");
	cr_assert_eq(symlink("real.csv", in_dir("link.csv")), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("link.csv")), 0);
	fputs("new\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), 0);
	cr_assert_eq(lstat(in_dir("link.csv"), &st), 0);
	cr_assert(S_ISLNK(st.st_mode));
	assert_file(in_dir("real.csv"), "new\n");
}

/* A shell's `>`: the link stays and the file it names is created. */
Test(atomic, a_dangling_symlink_gets_its_target_created)
{
	struct atomic_file af;
	struct stat st;
	int temps;

	cr_assert_eq(symlink("nowhere.csv", in_dir("link.csv")), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("link.csv")), 0);
	fputs("new\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), 0);
	cr_assert_eq(lstat(in_dir("link.csv"), &st), 0);
	cr_assert(S_ISLNK(st.st_mode));
	assert_file(in_dir("nowhere.csv"), "new\n");
	cr_assert_eq(entries(&temps), 2);
	cr_assert_eq(temps, 0);
}

/* The temporary is made in the folder of the file at the end of the
 * chain of links, so that the rename stays on its file system. */
Test(atomic, a_chain_of_links_writes_the_last_file)
{
	struct atomic_file af;
	struct stat st;

	cr_assert_eq(mkdir(in_dir("sub"), 0700), 0);
	write_file(in_dir("sub/real.csv"), "old\n");
	cr_assert_eq(symlink("real.csv", in_dir("sub/hop.csv")), 0);
	cr_assert_eq(symlink("sub/hop.csv", in_dir("link.csv")), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("link.csv")), 0);
	cr_assert(strstr(af.tmp, "/sub/.pescope-"), "temporary %s", af.tmp);
	fputs("new\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), 0);
	cr_assert_eq(lstat(in_dir("link.csv"), &st), 0);
	cr_assert(S_ISLNK(st.st_mode));
	cr_assert_eq(lstat(in_dir("sub/hop.csv"), &st), 0);
	cr_assert(S_ISLNK(st.st_mode));
	assert_file(in_dir("sub/real.csv"), "new\n");
	unlink(in_dir("sub/hop.csv"));
	unlink(in_dir("sub/real.csv"));
	cr_assert_eq(rmdir(in_dir("sub")), 0, "only the two files were there");
}

Test(atomic, a_circle_of_links_is_refused)
{
	struct atomic_file af;
	int temps;

	cr_assert_eq(symlink("b.csv", in_dir("a.csv")), 0);
	cr_assert_eq(symlink("a.csv", in_dir("b.csv")), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("a.csv")), ELOOP);
	cr_assert_eq(entries(&temps), 2);
	cr_assert_eq(temps, 0);
}

Test(atomic, a_link_into_a_missing_folder_is_refused)
{
	struct atomic_file af;

	cr_assert_eq(symlink("nodir/x.csv", in_dir("link.csv")), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("link.csv")), ENOENT);
}

Test(atomic, abort_leaves_the_old_file)
{
	struct atomic_file af;
	int temps;

	write_file(in_dir("out.csv"), "old\n");
	cr_assert_eq(atomic_file_open(&af, in_dir("out.csv")), 0);
	fputs("half", af.fp);
	atomic_file_abort(&af);
	assert_file(in_dir("out.csv"), "old\n");
	cr_assert_eq(entries(&temps), 1);
	cr_assert_eq(temps, 0);
}

Test(atomic, cannot_create)
{
	struct atomic_file af;
	int temps;

	write_file(in_dir("plain"), "x");
	cr_assert_eq(atomic_file_open(&af, in_dir("missing/out.npy")), ENOENT);
	cr_assert_eq(atomic_file_open(&af, in_dir("plain/out.npy")), ENOTDIR);
	cr_assert_eq(mkdir(in_dir("sub"), 0755), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("sub")), EISDIR);
	cr_assert_eq(atomic_file_open(&af, in_dir("sub/")), EISDIR);
	cr_assert_eq(entries(&temps), 2, "something was created");
	cr_assert_eq(temps, 0);
}

Test(atomic, read_only_folder)
{
	struct atomic_file af;
	int temps;

	if (geteuid() == 0) {
		remove_dir();	/* a skipped test does not get its .fini */
		cr_skip_test("root writes into read-only folders");
	}
	cr_assert_eq(chmod(dir, 0555), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("out.npy")), EACCES);
	cr_assert_eq(chmod(dir, 0700), 0);
	cr_assert_eq(entries(&temps), 0);
}

Test(atomic, failed_rename_removes_the_temporary)
{
	struct atomic_file af;
	int temps;

	cr_assert_eq(atomic_file_open(&af, in_dir("out.csv")), 0);
	fputs("new\n", af.fp);
	/* a non-empty folder appears where the file should go */
	cr_assert_eq(mkdir(in_dir("out.csv"), 0755), 0);
	write_file(in_dir("out.csv/x"), "x");
	cr_assert_neq(atomic_file_commit(&af), 0);
	cr_assert_eq(entries(&temps), 1);
	cr_assert_eq(temps, 0);
	unlink(in_dir("out.csv/x"));
}

Test(atomic, devices_are_written_in_place)
{
	struct atomic_file af;

	cr_assert_eq(atomic_file_open(&af, "/dev/null"), 0);
	cr_assert_null(af.tmp);
	fputs("gone\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), 0);

	cr_assert_eq(atomic_file_open(&af, "/dev/full"), 0);
	fputs("no room\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), ENOSPC);
}

Test(atomic, dash_means_stdout)
{
	struct atomic_file af;

	cr_assert_eq(atomic_file_open(&af, "-"), 0);
	cr_assert_eq(af.fp, stdout);
	atomic_file_abort(&af);
	cr_assert_eq(atomic_file_open(&af, NULL), 0);
	cr_assert_eq(af.fp, stdout);
	cr_assert_eq(atomic_file_commit(&af), 0);
}

/* ---- other users' files (issue 41): root only, as CI runs ---- */

/* Folder "shared" in the test folder, sticky and writable by all. */
static const char *shared_dir(void)
{
	cr_assert_eq(mkdir(in_dir("shared"), 0755), 0);
	cr_assert_eq(chmod(in_dir("shared"), 01777), 0);
	return in_dir("shared");
}

static void remove_shared(const char *const *names)
{
	for (; *names; names++)
		unlink(in_dir(*names));
	cr_assert_eq(rmdir(in_dir("shared")), 0);
}

Test(atomic, another_users_link_in_a_sticky_folder_is_refused)
{
	static const char *const made[] = { "shared/out.csv",
					    "shared/dangling.csv",
					    "shared/mine.csv", NULL };
	struct atomic_file af;
	struct stat st;

	if (geteuid() != 0)
		cr_skip_test("needs root, to give a link to another user");
	shared_dir();
	write_file(in_dir("real.csv"), "old\n");
	cr_assert_eq(symlink("../real.csv", in_dir("shared/out.csv")), 0);
	cr_assert_eq(lchown(in_dir("shared/out.csv"), 65534, 65534), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("shared/out.csv")), EACCES);
	assert_file(in_dir("real.csv"), "old\n");

	cr_assert_eq(symlink("../new.csv", in_dir("shared/dangling.csv")), 0);
	cr_assert_eq(lchown(in_dir("shared/dangling.csv"), 65534, 65534), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("shared/dangling.csv")),
		     EACCES);
	cr_assert_neq(stat(in_dir("new.csv"), &st), 0, "nothing created");

	/* our own link there is followed, as the kernel follows it */
	cr_assert_eq(symlink("../real.csv", in_dir("shared/mine.csv")), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("shared/mine.csv")), 0);
	fputs("new\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), 0);
	assert_file(in_dir("real.csv"), "new\n");
	remove_shared(made);
}

Test(atomic, a_replaced_file_keeps_its_owner_but_not_its_setuid)
{
	static const char *const made[] = { "shared/theirs", NULL };
	struct atomic_file af;
	struct stat st;

	if (geteuid() != 0)
		cr_skip_test("needs root, to write another user's file");
	shared_dir();
	write_file(in_dir("shared/theirs"), "old\n");
	cr_assert_eq(chown(in_dir("shared/theirs"), 65534, 65534), 0);
	cr_assert_eq(chmod(in_dir("shared/theirs"), 06755), 0);
	cr_assert_eq(atomic_file_open(&af, in_dir("shared/theirs")), 0);
	fputs("new\n", af.fp);
	cr_assert_eq(atomic_file_commit(&af), 0);
	assert_file(in_dir("shared/theirs"), "new\n");
	cr_assert_eq(stat(in_dir("shared/theirs"), &st), 0);
	cr_expect_eq(st.st_uid, 65534);
	cr_expect_eq(st.st_gid, 65534);
	cr_expect_eq(st.st_mode & 07777, 0755, "mode %o", st.st_mode & 07777);
	remove_shared(made);
}

Test(atomic, a_file_this_run_reads_is_not_written_over)
{
	struct atomic_file af;
	struct stat st;
	FILE *in;

	write_file(in_dir("lesson.txt"), "read me\n");
	cr_assert_eq(link(in_dir("lesson.txt"), in_dir("other-name.txt")), 0);
	cr_assert_eq(input_file_open(in_dir("lesson.txt"), false, &in, &st), 0);
	cr_assert_not_null(in);
	fclose(in);
	cr_assert_eq(atomic_file_open(&af, in_dir("other-name.txt")), ETXTBSY);
	assert_file(in_dir("lesson.txt"), "read me\n");
	cr_expect_str_eq(atomic_file_error(ETXTBSY),
			 "it is a file this run reads: choose another name");
}

/* A recording is whole at every moment: a request to stop (C-c) puts it
 * in place, where it cancels any other file. */
Test(atomic, a_whole_file_is_kept_when_a_signal_asks_to_stop)
{
	struct atomic_file af, whole;

	signals_catch();
	cr_assert_eq(atomic_file_open(&af, in_dir("dump.csv")), 0);
	fputs("half\n", af.fp);
	raise(SIGUSR1);
	cr_assert_eq(signals_pending(), SIGUSR1);
	cr_assert_eq(atomic_file_commit(&af), ECANCELED);
	cr_assert_eq(atomic_file_open(&whole, in_dir("rec.keys")), 0);
	whole.whole = true;
	fputs("key j\n", whole.fp);
	cr_assert_eq(atomic_file_commit(&whole), 0);
	assert_file(in_dir("rec.keys"), "key j\n");
}
