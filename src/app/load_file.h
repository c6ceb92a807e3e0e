/* load_file.h - --load FILE[:TENSOR]: a learned position matrix read
 * (io/matrix_file.h) and applied to the options: its width becomes
 * d_model, its rows the length, and opt->matrix the matrix, which the
 * dumps and the series read in place of the formula. */
#ifndef LOAD_FILE_H
#define LOAD_FILE_H

#include "app/cli.h"
#include "engine/pe_matrix.h"
#include "io/safetensors.h"

/* Reads the matrix arg names (FILE[:TENSOR]) into *m with --load's
 * checks: the file's (io/matrix_file.h), at most PE_LEN_MAX rows and an
 * even width from PE_D_MIN to PE_D_MAX. A safetensors file with no tensor
 * named tells each of its 2-D tensors (NULL: none). Returns 0, or the
 * status of load_file_read with one line in err (n bytes, language l);
 * then *m is empty, nothing of the file left mapped. What :open of a
 * scene naming a matrix reads it with (app/scene_file.h). */
int load_file_matrix(const char *arg, struct pe_matrix *m,
		     safetensors_each *each, enum lang l, char *err, size_t n);

/* Reads opt->load (when not NULL) into *m and applies it to opt.
 * Returns 0, or the exit status after saying one line: 66 the file cannot
 * be opened, 65 its contents are refused (an odd width or one above
 * PE_D_MAX too), 64 no tensor named (the file's 2-D tensors are listed on
 * standard output), a -p or -i beyond the matrix, or a mode that needs
 * the formula. */
int load_file_read(struct options *opt, struct pe_matrix *m);

#endif
