/* panel_lesson.h - what lessons put on the screen: the caption of the step
 * under the view, and the lesson chooser over it. Pure drawing from the
 * state into the canvas, like the other panels. */
#ifndef PANEL_LESSON_H
#define PANEL_LESSON_H

#include "model/state.h"
#include "render/cache.h"
#include "render/canvas.h"

/* Takes the caption's rows off the bottom of *body and returns them; an
 * empty rectangle (body untouched) when no lesson is open or the body is
 * too short to share. The height fits the longest caption of the lesson
 * (so the view does not jump between steps), at most 2/5 of the body (1/2
 * in presenter mode) and at least 4 rows; the lesson's tallest caption at
 * this width is kept in memo (the screen's). screen_draw and the mouse hit
 * test both call it, so clicks map to what is drawn. */
struct rect caption_split(const struct state *s, struct cache *memo,
			  struct rect *body);

/* Draws the open lesson's current step into r (from caption_split): a box
 * titled with the lesson, the step number and the step's title, the
 * caption (or the step's question waiting, or its verdict over the
 * caption: lesson_shown, the first paragraph in bold) wrapped by display
 * width (Chinese breaks between characters,
 * never inside one), and the lesson keys on the bottom border. A caption
 * longer than the box ends in an ellipsis. In presenter mode the text is
 * bold, indented further, with a blank row between paragraphs and between
 * lines when they fit. The border takes the focus colour while the caption
 * has the arrow keys. */
void caption_draw(const struct state *s, struct canvas *c, struct rect r);

/* The lesson chooser, centred on a w x h screen: entry 0 closes the
 * lesson, entries 1.. are the book's lessons (their numbers pick them), the
 * highlighted one in reverse video with its `about` line below the list,
 * which scrolls to keep it in view. */
void chooser_draw(const struct state *s, struct canvas *c, int w, int h);

#endif
