/* load_file.h - --load FILE[:TENSOR]: a learned position matrix read
 * (io/matrix_file.h) and applied to the options: its width becomes
 * d_model, its rows the length, and opt->matrix the matrix, which the
 * dumps and the series read in place of the formula. */
#ifndef LOAD_FILE_H
#define LOAD_FILE_H

#include "app/cli.h"
#include "engine/pe_matrix.h"

/* Reads opt->load (when not NULL) into *m and applies it to opt.
 * Returns 0, or the exit status after saying one line: 66 the file cannot
 * be opened, 65 its contents are refused (an odd width or one above
 * PE_D_MAX too), 64 no tensor named (the file's 2-D tensors are listed on
 * standard output), a -p or -i beyond the matrix, or a mode that needs
 * the formula. */
int load_file_read(struct options *opt, struct pe_matrix *m);

#endif
