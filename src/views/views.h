/* views.h - pescope's views, as the catalog the model is handed.
 *
 * Each view is one file of this folder that defines its struct view_spec
 * (model/catalog.h): its name, title, knobs, draw function and context.
 * The list in views.c puts them in key order. To add a view: write its
 * file, and add one row to that list. */
#ifndef VIEWS_H
#define VIEWS_H

#include "model/catalog.h"

/* The catalog of every view, in key order (explore first). */
const struct catalog *views_catalog(void);

#endif
