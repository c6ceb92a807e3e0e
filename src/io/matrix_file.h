/* matrix_file.h - --load FILE[:TENSOR]: a learned position matrix read
 * from a .npy (io/npy.h) or .safetensors (io/safetensors.h) file.
 *
 * The file is opened as every input is (io/input_file.h: a regular file
 * only, never waiting on a FIFO) and mapped read-only rather than read, so
 * that of a large safetensors file only the chosen tensor's pages are
 * touched; the matrix reads its numbers in the mapping, converting each
 * as it is read (engine/pe_matrix.h), and pe_matrix_free unmaps it. So
 * the file is never copied: peak memory is the tensor's pages, not
 * those and a copy of doubles. Which reader: the .npy magic bytes, else
 * the safetensors layout.
 *
 * A file that another program shortens while pescope shows it takes
 * pages from under the mapping: reading them raises SIGBUS, which
 * io/signals.h treats as a fault (the terminal restored, the process
 * ended by the signal, status 135), after one line naming the file
 * shown (matrix_file_watch). Linux has no way to keep a file
 * from being shortened, and catching the fault to go on would leave the
 * matrix without its numbers; a copy would make the peak memory the
 * one the mapping saves. */
#ifndef MATRIX_FILE_H
#define MATRIX_FILE_H

#include <stddef.h>
#include "engine/pe_matrix.h"
#include "io/safetensors.h"
#include "base/lang.h"

/* Reads the matrix that arg names into m: "FILE" or "FILE:TENSOR" (split
 * at the last ':' unless arg as a whole names a file). Returns 0, or the
 * exit status with one line in err (of size n, in language l): 66 when
 * the file cannot be opened or is not a regular file (a folder, a FIFO,
 * /dev/zero), 65 when its contents are refused, 71 without memory, 64
 * for a safetensors file and no tensor named (each of its 2-D tensors is
 * told to each, with ctx: safetensors.h) or a .npy file and a tensor. */
int matrix_file_read(const char *arg, struct pe_matrix *m,
		     safetensors_each *each, void *ctx, enum lang l,
		     char *err, size_t n);

/* Makes a SIGBUS name arg's file (in language l) from now on: for the
 * matrix m that arg was read into, once it is the one shown (a run shows
 * one at a time; a matrix read to be checked first, and perhaps refused,
 * must not take the line from the one on screen). Freeing m clears the
 * line; freeing another matrix does not. */
void matrix_file_watch(const struct pe_matrix *m, const char *arg,
		       enum lang l);

#endif
