/* progress.c - percent of a long write (see progress.h). */
#include "io/progress.h"

void progress_tell(struct progress *p, long long done, long long total)
{
	int pct;

	if (!p || total <= 0)
		return;
	pct = (int)(done >= total ? 100 : done * 100 / total);
	if (pct != p->last) {
		p->last = pct;
		p->tell(p->arg, pct);
	}
}
