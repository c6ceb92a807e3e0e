/* config_json.c - a config.json into struct hf_config (see config_json.h).
 * jansson parses; this file only walks the objects it returns. */
#include "io/config_json.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/tr.h"
#include "io/input_file.h"

/* Where a field is refused: the file's name and the object's path for
 * the message ("rope_scaling.factor"). */
struct walk {
	const char *name;
	const char *where;	/* "" at the top, else "rope_scaling." ... */
	enum lang l;
	char *err;
	size_t n;
};

/* What a JSON value is, for "must be a number, not a string". */
static const char *kind_of(enum lang l, const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return tr(l, "an object");
	case JSON_ARRAY:
		return tr(l, "a list");
	case JSON_STRING:
		return tr(l, "a string");
	case JSON_INTEGER:
	case JSON_REAL:
		return tr(l, "a number");
	case JSON_TRUE:
	case JSON_FALSE:
		return "true/false";	/* JSON's words */
	default:
		return "null";
	}
}

static int wrong(const struct walk *w, const char *key, const char *want,
		 const json_t *v)
{
	snprintf(w->err, w->n, tr(w->l, "%s: %s%s must be %s, not %s"),
		 w->name, w->where, key, want, kind_of(w->l, v));
	return 65;
}

/* The number at key into *out (left as it is when absent or null). */
static int number(const struct walk *w, const json_t *obj, const char *key,
		  double *out)
{
	const json_t *v = json_object_get(obj, key);

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_number(v))
		return wrong(w, key, tr(w->l, "a number"), v);
	*out = json_number_value(v);
	return 0;
}

/* The string at key into out[size] (left as it is when absent or null);
 * a longer string is cut, which names no rope_type pescope knows. */
static int string(const struct walk *w, const json_t *obj, const char *key,
		  char *out, size_t size)
{
	const json_t *v = json_object_get(obj, key);

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return wrong(w, key, tr(w->l, "a string"), v);
	snprintf(out, size, "%s", json_string_value(v));
	return 0;
}

/* A list of numbers at key into a new array *out of *count. */
static int numbers(const struct walk *w, const json_t *obj, const char *key,
		   double **out, int *count)
{
	const json_t *v = json_object_get(obj, key), *x;
	size_t i;

	if (!v || json_is_null(v))
		return 0;
	if (!json_is_array(v))
		return wrong(w, key, tr(w->l, "a list of numbers"), v);
	if (json_array_size(v) > ROPE_FACTORS_MAX) {
		snprintf(w->err, w->n,
			 tr(w->l, "%s: %s%s has more than %d numbers"), w->name,
			 w->where, key, ROPE_FACTORS_MAX);
		return 65;
	}
	*out = malloc((json_array_size(v) + 1) * sizeof **out);
	if (!*out) {
		snprintf(w->err, w->n, tr(w->l, "%s: out of memory"), w->name);
		return 65;
	}
	json_array_foreach(v, i, x) {
		if (!json_is_number(x))
			return wrong(w, key, tr(w->l, "a list of numbers"), x);
		(*out)[i] = json_number_value(x);
	}
	*count = (int)json_array_size(v);
	return 0;
}

/* rope_scaling or rope_parameters. */
static int scaling(struct walk *w, const json_t *s, struct hf_config *c)
{
	const json_t *t = json_object_get(s, "truncate");
	int err;

	c->has_scaling = true;
	err = string(w, s, "type", c->rope_type, sizeof c->rope_type);
	err = err ? err : string(w, s, "rope_type", c->rope_type,
				 sizeof c->rope_type);
	err = err ? err : number(w, s, "rope_theta", &c->rope_theta);
	err = err ? err : number(w, s, "factor", &c->factor);
	err = err ? err : number(w, s, "beta_fast", &c->beta_fast);
	err = err ? err : number(w, s, "beta_slow", &c->beta_slow);
	err = err ? err : number(w, s, "mscale", &c->mscale);
	err = err ? err : number(w, s, "mscale_all_dim", &c->mscale_all_dim);
	err = err ? err : number(w, s, "attention_factor",
				 &c->attention_factor);
	err = err ? err : number(w, s, "low_freq_factor", &c->low_freq_factor);
	err = err ? err : number(w, s, "high_freq_factor",
				 &c->high_freq_factor);
	err = err ? err : number(w, s, "original_max_position_embeddings",
				 &c->scale_original);
	err = err ? err : numbers(w, s, "short_factor", &c->short_factor,
				  &c->n_short);
	err = err ? err : numbers(w, s, "long_factor", &c->long_factor,
				  &c->n_long);
	if (!err && t && !json_is_null(t)) {
		if (!json_is_boolean(t))
			return wrong(w, "truncate", "true/false", t);
		c->truncate = json_is_true(t);
	}
	return err;
}

/* The fields of the top level (or of text_config). */
static int fields(struct walk *w, const json_t *o, struct hf_config *c)
{
	/* the newer name first: transformers v5 moves rope_scaling into
	 * rope_parameters */
	static const char *const key[2] = { "rope_parameters", "rope_scaling" };
	static const char *const where[2] = { "rope_parameters.",
					      "rope_scaling." };
	char pos_type[32] = "";
	const json_t *s = NULL;
	int k;
	int err = number(w, o, "n_embd", &c->hidden_size);

	err = err ? err : number(w, o, "hidden_size", &c->hidden_size);
	err = err ? err : number(w, o, "n_head", &c->num_attention_heads);
	err = err ? err : number(w, o, "num_attention_heads",
				 &c->num_attention_heads);
	err = err ? err : number(w, o, "head_dim", &c->head_dim);
	err = err ? err : number(w, o, "rotary_pct", &c->partial_rotary_factor);
	err = err ? err : number(w, o, "partial_rotary_factor",
				 &c->partial_rotary_factor);
	err = err ? err : number(w, o, "rotary_dim", &c->rotary_dim);
	err = err ? err : number(w, o, "qk_rope_head_dim", &c->qk_rope_head_dim);
	err = err ? err : number(w, o, "qk_nope_head_dim", &c->qk_nope_head_dim);
	err = err ? err : number(w, o, "rotary_emb_base", &c->rope_theta);
	err = err ? err : number(w, o, "rope_theta", &c->rope_theta);
	err = err ? err : number(w, o, "max_position_embeddings",
				 &c->max_position_embeddings);
	err = err ? err : number(w, o, "original_max_position_embeddings",
				 &c->original_max_position_embeddings);
	err = err ? err : number(w, o, "n_positions", &c->n_positions);
	err = err ? err : string(w, o, "position_embedding_type", pos_type,
				 sizeof pos_type);
	err = err ? err : string(w, o, "model_type", c->model_type,
				 sizeof c->model_type);
	if (err)
		return err;
	c->absolute = strcmp(pos_type, "absolute") == 0;
	for (k = 0; k < 2 && !json_is_object(s); k++) {
		s = json_object_get(o, key[k]);
		if (s && !json_is_null(s) && !json_is_object(s))
			return wrong(w, key[k], tr(w->l, "an object"), s);
	}
	if (!json_is_object(s))
		return 0;
	w->where = where[k - 1];
	return scaling(w, s, c);
}

/* Whether the object names a width of its own. */
static bool has_width(const json_t *o)
{
	return json_object_get(o, "hidden_size") ||
	       json_object_get(o, "n_embd") || json_object_get(o, "head_dim");
}

int config_json_parse(const char *text, size_t len, const char *name,
		      struct hf_config *c, enum lang l, char *err, size_t n)
{
	struct walk w = { name, "", l, err, n };
	json_error_t je;
	json_t *root, *text_config;
	int rc;

	hf_config_init(c);
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		snprintf(err, n, tr(l, "%s:%d:%d: not valid JSON: %s"), name,
			 je.line, je.column, je.text);
		return 65;
	}
	if (!json_is_object(root)) {
		snprintf(err, n, tr(l, "%s: must be a JSON object, not %s"),
			 name, kind_of(l, root));
		json_decref(root);
		return 65;
	}
	text_config = json_object_get(root, "text_config");
	if (!has_width(root) && json_is_object(text_config)) {
		w.where = "text_config.";
		rc = fields(&w, text_config, c);
	} else {
		rc = fields(&w, root, c);
	}
	json_decref(root);
	if (rc)
		hf_config_free(c);
	return rc;
}

/* Opens path through input_file_open (no wait on a FIFO, remembered as
 * an input so no output replaces it), as a regular file only: its stream,
 * or NULL with the message written. */
static FILE *open_config(const char *path, struct stat *st, enum lang l,
			 char *err, size_t n)
{
	FILE *f;
	int e = input_file_open(path, false, &f, st);

	if (e)
		snprintf(err, n, tr(l, "%s: cannot read: %s"), path,
			 strerror(e));
	else if (!f)
		snprintf(err, n, "%s: %s", path,
			 S_ISDIR(st->st_mode)
				 ? tr(l, "is a folder, not a config file")
				 : tr(l, "not a regular file"));
	return f;
}

int config_json_read(const char *path, struct hf_config *c, enum lang l,
		     char *err, size_t n)
{
	struct stat st;
	FILE *f = open_config(path, &st, l, err, n);
	char *text;
	size_t len;
	int rc;

	hf_config_init(c);
	if (!f)
		return 66;
	if (st.st_size > CONFIG_JSON_MAX) {
		snprintf(err, n, tr(l, "%s: larger than %ld bytes"), path,
			 CONFIG_JSON_MAX);
		fclose(f);
		return 65;
	}
	text = malloc(CONFIG_JSON_MAX + 1);
	if (!text) {
		snprintf(err, n, tr(l, "%s: out of memory"), path);
		fclose(f);
		return 71;
	}
	/* the file may grow after fstat: read one byte past the bound */
	len = fread(text, 1, CONFIG_JSON_MAX + 1, f);
	if (ferror(f)) {
		snprintf(err, n, tr(l, "%s: cannot read: %s"), path,
			 strerror(errno));
		free(text);
		fclose(f);
		return 66;
	}
	fclose(f);
	if (len > CONFIG_JSON_MAX) {
		snprintf(err, n, tr(l, "%s: larger than %ld bytes"), path,
			 CONFIG_JSON_MAX);
		free(text);
		return 65;
	}
	rc = config_json_parse(text, len, path, c, l, err, n);
	free(text);
	return rc;
}
