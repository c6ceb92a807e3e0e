/* load_file.c - --load FILE[:TENSOR] (see load_file.h). */
#include "app/load_file.h"

#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "app/say.h"
#include "io/matrix_file.h"
#include "base/tr.h"
#include "views/views.h"

/* The series that a loaded matrix has: its values (wave), the cosine of
 * its rows (similarity) and each dimension's period (wavelengths). */
static bool series_of_matrix(int kind)
{
	return kind == SERIES_WAVE || kind == SERIES_SIMILARITY ||
	       kind == SERIES_WAVELENGTHS;
}

/* A tensor of the file, when none was named: "NAME<TAB>L x d<TAB>DTYPE",
 * the names escaped as messages are. */
static void list_tensor(void *ctx, const char *name, long long rows,
			long long cols, const char *dtype)
{
	(void)ctx;
	say_put(stdout, name);
	printf("\t%lld x %lld\t", rows, cols);
	say_put(stdout, dtype);
	putchar('\n');
}

/* Says why the matrix is refused: "SCENE:LINE: why" for one a scene
 * named (its `load:` line), else as any message. Returns rc. */
static int refuse(const struct options *opt, int rc, const char *why)
{
	if (opt->scene_load_line > 0)
		say_at("%s:%d: %s", opt->scene, opt->scene_load_line, why);
	else
		say("%s", why);
	return rc;
}

int load_file_matrix(const char *arg, struct pe_matrix *m,
		     safetensors_each *each, enum lang l, char *err, size_t n)
{
	int rc = matrix_file_read(arg, m, each, NULL, l, err, n);

	if (rc)
		return rc;
	if (m->rows > PE_LEN_MAX) {
		snprintf(err, n, tr(l, "%s: %lld positions, more than %lld"),
			 arg, m->rows, PE_LEN_MAX);
		rc = EX_DATAERR;
	} else if (m->cols % 2 != 0 || m->cols < PE_D_MIN ||
		   m->cols > PE_D_MAX) {
		snprintf(err, n, tr(l, "%s: %d dimensions; --load takes an "
				    "even number from %d to %d"), arg, m->cols,
			 PE_D_MIN, PE_D_MAX);
		rc = EX_DATAERR;
	}
	if (rc)
		pe_matrix_free(m);	/* unmapped: nothing of it stays */
	return rc;
}

int load_file_read(struct options *opt, struct pe_matrix *m)
{
	enum lang l = (enum lang)opt->lang;
	char err[CLI_ERR_MAX];
	int rc;

	memset(m, 0, sizeof *m);
	if (!opt->load)
		return 0;
	if (opt->mode == CLI_SERIES && !series_of_matrix(opt->series)) {
		say(tr(l, "--dump-series with --load writes %s, not the "
			  "formula's other series"),
		    "wavelengths, similarity, wave");
		return EX_USAGE;
	}
	/* Lessons, the drill and scenes set d_model, base and the length
	 * themselves; a view that draws only the formula has nothing of the
	 * matrix to show (state.h: shows_matrix). */
	if (opt->lesson || opt->drill || (opt->scene && !opt->scene_load_line)) {
		say(tr(l, "--load FILE works without --lesson, --drill and "
			  "--scene, which set d_model and the length"));
		return EX_USAGE;
	}
	if (!views_catalog()->view[opt->view]->shows_matrix) {
		char names[64];

		say(tr(l, "--view %s draws the formula only; with --load, "
			  "use %s"), views_catalog()->view[opt->view]->name,
		    catalog_matrix_views(views_catalog(), names, sizeof names));
		return EX_USAGE;
	}
	rc = load_file_matrix(opt->load, m, list_tensor, l, err, sizeof err);
	if (rc)
		return refuse(opt, rc, err);
	if (opt->position >= m->rows) {
		say(tr(l, "--position must be below the matrix's %lld "
			  "positions, got %lld"), m->rows, opt->position);
		return EX_USAGE;
	}
	if (opt->dim >= m->cols) {
		say(tr(l, "--dim must be below the matrix's %d dimensions, "
			  "got %d"), m->cols, opt->dim);
		return EX_USAGE;
	}
	opt->pe.d_model = m->cols;
	opt->pe.layout = PE_INTERLEAVED;	/* dimension 2i + fn is slot
						 * (i, fn): the plan's rows
						 * map to the matrix's
						 * columns in order */
	opt->length = m->rows;
	opt->matrix = m;
	matrix_file_watch(m, opt->load, l);
	return 0;
}
