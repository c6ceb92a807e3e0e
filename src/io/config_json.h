/* config_json.h - a Hugging Face config.json read into the plain fields
 * of struct hf_config (engine/rope_model.h), through jansson: strict RFC
 * 8259 (no NaN or Infinity tokens, no duplicate keys, no nesting beyond
 * jansson's 2048 levels), errors with their line and column.
 *
 * Only the fields that decide the position encoding are read; every other
 * field is ignored. A field of the wrong JSON type is refused, naming it;
 * a null counts as absent. Multimodal configs whose top level holds no
 * width of its own (Llama 4) are read from their "text_config" object.
 * What the values mean and whether they make sense is model_config.c's
 * job, not this file's. */
#ifndef CONFIG_JSON_H
#define CONFIG_JSON_H

#include <stddef.h>

#include "engine/rope_model.h"
#include "base/lang.h"

/* The largest config file read: Phi-3's, with its two lists of 48
 * factors, is 4 kB; two lists of ROPE_FACTORS_MAX factors written out in
 * full take under 2 MB. */
#define CONFIG_JSON_MAX (4L << 20)

/* Parses the len bytes of text (not NUL-terminated) as a config named
 * name (for the messages) into *c, which it first sets with
 * hf_config_init. Returns 0, or 65 with one line in err (of size n, in
 * language l): "NAME:LINE:COLUMN: ..." for bad JSON, "NAME: FIELD ..." for
 * a field of the wrong type. On failure *c holds nothing to free. */
/* For tests only. */
int config_json_parse(const char *text, size_t len, const char *name,
		      struct hf_config *c, enum lang l, char *err, size_t n);

/* Reads the file at path and parses it as config_json_parse does. Returns
 * 0, 66 when it cannot be opened or is not a regular file (a folder, a
 * FIFO, a device such as /dev/zero), 65 when it is larger than
 * CONFIG_JSON_MAX or its contents are refused; one line in err. Never
 * blocks on a FIFO. */
int config_json_read(const char *path, struct hf_config *c, enum lang l,
		     char *err, size_t n);

#endif
