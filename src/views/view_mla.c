/* view_mla.c - the mla view: where RoPE goes when the keys are not kept.
 * DeepSeek's multi-head latent attention (MLA) caches one latent c_kv per
 * token and folds the up-projection of the keys into the query; a rotation
 * between them that changes with p − q stops the fold, so DeepSeek-V2/V3
 * turn 64 other dims of one key shared by every head. Beside it, what that
 * saves in the KV cache, and Llama 4's iRoPE, which leaves RoPE out of one
 * layer in four. The numbers are engine/mla.h's, from published configs.
 *
 *   ┌ Why RoPE does not fold ───────┐┌ One head of DeepSeek-V3 ──────┐
 *   │ no RoPE: ┌c_qᵀ┐┌W_UQᵀ┐┌W_UK┐… ││ [ q_C 128: folded ][ q_R 64 ] │
 *   │ RoPE:    ┌c_qᵀ┐┌W_UQᵀ┐┌R┐┌W_UK┐││ cache: c_kv 512 + k_R 64      │
 *   └───────────────────────────────┘└───────────────────────────────┘
 *   ┌ KV cache per token ───────────┐┌ Llama 4's iRoPE ──────────────┐
 *   │ MHA ████████████  3.81 MiB    ││ RRRNRRRNRRRN...               │
 *   │ MLA ▏             68.6 KiB    ││ temperature of the N layers   │
 *   └───────────────────────────────┘└───────────────────────────────┘
 *
 * Bodies too small for the four show the one the knob `part` names
 * (s/S), and say so on its lower border. Nothing is cached: a frame
 * draws some forty boxes and computes a handful of products. */
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "engine/mla.h"
#include "model/catalog.h"
#include "model/state.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum mla_part { MP_FOLD, MP_SPLIT, MP_CACHE, MP_IROPE, MP_COUNT };

enum { TEXT_MAX = 320, TERMS_MAX = 6 };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style bold = { ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD };
static const struct style box_style = { ROLE_BORDER, ROLE_DEFAULT, 0 };
static const struct style turned = { ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD };
static const struct style folded = { ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD };

/* The four panels together from this size of body, else the chosen one. */
static const struct tier grid_tiers[] = { { 110, 34, 1 }, { 0, 0, 0 } };
/* A panel's rows, fewest first in what they drop. */
static const struct tier chain_least[] = { { 20, 3, 1 } };

/* The symbols that have an ASCII spelling. */
struct symbols {
	const char *t, *times, *dot, *minus, *block, *rot, *none;
};

static const struct symbols utf8_sym = { "ᵀ", "×", "·", "−", "█", "■", "□" };
static const struct symbols ascii_sym = { "'", "x", "*", "-", "#", "#", "o" };

static const struct symbols *sym(const struct state *s)
{
	return s->ascii ? &ascii_sym : &utf8_sym;
}

/* Draws text wrapped from row y of in down to in's bottom; returns the
 * rows it took. */
static int para(struct canvas *c, struct rect in, int y, const char *text,
		struct style st)
{
	return paragraph_draw(c, (struct rect){ in.x, y, in.w,
						in.y + in.h - y }, text, st);
}

static const char *part_name(int i)
{
	static const char *const n[] = { "fold", "split", "cache", "irope" };

	return n[i];
}

/* ---- the fold: chains of matrices drawn as boxes ---- */

/* One factor of a product: its symbol in its box, its shape on the box's
 * lower border. */
struct term {
	char name[24];
	char shape[24];
	const struct style *st;
};

/* Draws the n terms side by side from (x, y) (three rows: the boxes'
 * tops, names, and bottoms with the shapes), at most to x + w; returns
 * the column where each box starts in at[] (n + 1 entries, the last its
 * end). */
static void chain_draw(struct canvas *c, int x, int y, int w,
		       const struct term *t, int n, int at[])
{
	at[0] = x;
	for (int i = 0; i < n; i++) {
		int bw = utf8_width(t[i].name), sw = utf8_width(t[i].shape);
		int inner = (bw > sw ? bw : sw) + 2;

		if (at[i] + inner + 2 > x + w) {
			for (int j = i; j < n; j++)
				at[j + 1] = at[i];
			return;
		}
		canvas_box(c, (struct rect){ at[i], y, inner + 2, 3 }, NULL,
			   box_style, box_style);
		canvas_text(c, at[i] + 1 + (inner - bw) / 2, y + 1, bw,
			    t[i].name, *t[i].st);
		canvas_text(c, at[i] + 1 + (inner - sw) / 2, y + 2, sw,
			    t[i].shape, dim_style);
		at[i + 1] = at[i] + inner + 2;
	}
}

static void term_set(struct term *t, const char *name, const char *sfx,
		     int rows, int cols, const char *times,
		     const struct style *st)
{
	snprintf(t->name, sizeof t->name, "%s%s", name, sfx);
	if (cols)
		snprintf(t->shape, sizeof t->shape, "%d%s%d", rows, times,
			 cols);
	else
		snprintf(t->shape, sizeof t->shape, "%d", rows);
	t->st = st;
}

static void fold_draw(const struct state *s, struct canvas *c,
		      struct rect r)
{
	const struct mla_config *m = mla_deepseek_v3();
	const struct symbols *y = sym(s);
	struct rect in = panel_open(c, r, tr(s->lang, "Why RoPE does not fold into MLA's up-projection"),
				    tr(s->lang, "Why RoPE does not fold"));
	struct term t[TERMS_MAX];
	int at[TERMS_MAX + 1], row = in.y, lead = 6;
	char buf[TEXT_MAX];
	int dh = m->qk_nope_head_dim, dc = m->kv_lora_rank,
	    dq = m->q_lora_rank;
	char eq[16], rot[16];

	if (!TIER(chain_least, in.w, in.h))
		return;
	snprintf(eq, sizeof eq, "q%sk =", y->dot);
	/* q = W_UQ c_q, k = W_UK c_kv: q·k = c_qᵀ W_UQᵀ W_UK c_kv */
	snprintf(buf, sizeof buf, tr(s->lang, "no RoPE: q%sk = c_q%s W_UQ%s W_UK c_kv"),
		 y->dot, y->t, y->t);
	row += para(c, in, row, buf, plain);
	term_set(&t[0], "c_q", y->t, dq, 0, y->times, &plain);
	term_set(&t[1], "W_UQ", y->t, dq, dh, y->times, &folded);
	term_set(&t[2], "W_UK", "", dh, dc, y->times, &folded);
	term_set(&t[3], "c_kv", "", dc, 0, y->times, &plain);
	if (row + 3 > in.y + in.h)
		return;
	chain_draw(c, in.x + lead, row, in.w - lead, t, 4, at);
	canvas_text(c, in.x, row + 1, lead, eq, plain);
	row += 3;
	if (row < in.y + in.h) {
		snprintf(buf, sizeof buf, tr(s->lang, "one %d%s%d matrix: cache c_kv alone"),
			 dq, y->times, dc);
		canvas_text(c, at[1], row++, in.x + in.w - at[1], buf,
			    folded);
	}
	if (row < in.y + in.h)
		row++;
	snprintf(buf, sizeof buf, tr(s->lang, "RoPE: q%sk = c_q%s W_UQ%s R(p%sq) W_UK c_kv"),
		 y->dot, y->t, y->t, y->minus);
	if (row < in.y + in.h)
		canvas_text(c, in.x, row++, in.w, buf, plain);
	snprintf(rot, sizeof rot, "R(p%sq)", y->minus);
	term_set(&t[2], rot, "", dh, dh, y->times, &turned);
	term_set(&t[3], "W_UK", "", dh, dc, y->times, &plain);
	term_set(&t[4], "c_kv", "", dc, 0, y->times, &plain);
	t[1].st = &plain;
	if (row + 3 > in.y + in.h)
		return;
	chain_draw(c, in.x + lead, row, in.w - lead, t, 5, at);
	canvas_text(c, in.x, row + 1, lead, eq, plain);
	row += 3;
	if (row < in.y + in.h)
		canvas_text(c, at[2], row++, in.x + in.w - at[2],
			    tr(s->lang, "turns with p − q: cannot fold"),
			    turned);
	if (row < in.y + in.h)
		para(c, in, row, tr(s->lang, "So MLA turns other dims: q_R and one key k_R per token, cached beside c_kv."),
				    dim_style);
}

/* ---- one head of DeepSeek-V3, split ---- */

/* Two boxes side by side across in's width at row y, split as a : b, with
 * their words inside: the part folded and the part turned. */
static void halves(const struct state *s, struct canvas *c, struct rect in,
		   int y, int a, int b, const char *left, const char *right)
{
	int wa = in.w * a / (a + b);

	(void)s;
	canvas_box(c, (struct rect){ in.x, y, wa, 3 }, NULL, folded, folded);
	canvas_box(c, (struct rect){ in.x + wa, y, in.w - wa, 3 }, NULL,
		   turned, turned);
	canvas_text(c, in.x + 1, y + 1, wa - 2, left, folded);
	canvas_text(c, in.x + wa + 1, y + 1, in.w - wa - 2, right, turned);
}

static void split_draw(const struct state *s, struct canvas *c,
		       struct rect r)
{
	const struct mla_config *m = mla_deepseek_v3();
	const struct symbols *y = sym(s);
	struct rect in = panel_open(c, r, tr(s->lang, "One head of DeepSeek-V3: 128 dims folded, 64 turned"),
				    tr(s->lang, "One head, split"));
	int nope = m->qk_nope_head_dim, rope = m->qk_rope_head_dim, row = in.y;
	char a[TEXT_MAX], b[TEXT_MAX];

	if (!TIER(chain_least, in.w, in.h))
		return;
	snprintf(a, sizeof a, tr(s->lang, "each of the %d query heads scores with %d + %d = %d dims (qk_nope_head_dim + qk_rope_head_dim):"),
		 m->heads, nope, rope, nope + rope);
	row += para(c, in, row, a, plain);
	if (row + 3 > in.y + in.h)
		return;
	snprintf(a, sizeof a, tr(s->lang, "q_C %d: not turned"), nope);
	snprintf(b, sizeof b, tr(s->lang, "q_R %d: turned"), rope);
	halves(s, c, in, row, nope, rope, a, b);
	row += 3;
	if (row + 3 > in.y + in.h)
		return;
	snprintf(a, sizeof a, tr(s->lang, "k_C %d: folded away"), nope);
	snprintf(b, sizeof b, tr(s->lang, "k_R %d: shared"), rope);
	halves(s, c, in, row, nope, rope, a, b);
	row += 3;
	snprintf(a, sizeof a, "q%sk = q_C%sk_C + q_R%sk_R", y->dot, y->dot,
		 y->dot);
	if (row < in.y + in.h)
		canvas_text(c, in.x, row++, in.w, a, bold);
	snprintf(a, sizeof a, tr(s->lang, "a token caches c_kv %d + k_R %d = %d numbers a layer, for all %d heads"),
		 m->kv_lora_rank, rope, m->kv_lora_rank + rope, m->heads);
	if (row < in.y + in.h)
		row += para(c, in, row, a, plain);
	if (row < in.y + in.h)
		para(c, in, row, tr(s->lang, "DeepSeek-V2 §2.1; deepseek-ai/DeepSeek-V3, inference/configs/config_671B.json"),
		     dim_style);
}

/* ---- the KV cache a token costs ---- */

enum { BYTES_PER_NUMBER = 2 };	/* bf16, as model.py's caches are */

/* bytes as people read them, in buf: "3.81 MiB", "68.6 KiB". */
static void bytes_text(double bytes, char *buf, size_t n)
{
	char v[32];
	int mib = bytes >= 1024.0 * 1024.0;

	fmt_double_compact(bytes / (mib ? 1024.0 * 1024.0 : 1024.0), 3, v,
			   sizeof v);
	snprintf(buf, n, "%s %s", v, mib ? "MiB" : "KiB");
}

static void cache_draw(const struct state *s, struct canvas *c,
		       struct rect r)
{
	const struct mla_config *v3 = mla_deepseek_v3(),
				*scout = mla_llama4_scout();
	const struct symbols *y = sym(s);
	struct rect in = panel_open(c, r, tr(s->lang, "KV cache a token costs, all layers, bf16"),
				    tr(s->lang, "KV cache a token"));
	struct {
		const char *kind, *model;
		const struct mla_config *m;
		enum mla_cache k;
	} row[] = {
		{ "MHA", "DeepSeek-V3", v3, MLA_CACHE_MHA },
		{ "GQA", N_("V3, 8 groups"), v3, MLA_CACHE_GQA },
		{ "MLA", "DeepSeek-V3", v3, MLA_CACHE_MLA },
		{ "GQA", "Llama 4 Scout", scout, MLA_CACHE_GQA },
	};
	enum { KIND_W = 4, MODEL_W = 14, FORM_W = 13, BYTES_W = 10 };
	double top = (double)mla_cache_elements(v3, MLA_CACHE_MHA);
	int bar_x = in.x + KIND_W + MODEL_W + FORM_W + BYTES_W;
	int bar_w = in.x + in.w - bar_x, yy = in.y;
	char buf[TEXT_MAX], f[64];

	if (!TIER(chain_least, in.w, in.h))
		return;
	for (size_t i = 0; i < sizeof row / sizeof row[0] &&
			   yy < in.y + in.h; i++, yy++) {
		const struct mla_config *m = row[i].m;
		long long e = mla_cache_elements(m, row[i].k);
		const struct style *st = row[i].k == MLA_CACHE_MLA ? &turned
								  : &plain;
		int cells;

		if (row[i].k == MLA_CACHE_MLA)
			snprintf(f, sizeof f, "(%d+%d)%s%d", m->kv_lora_rank,
				 m->qk_rope_head_dim, y->dot, m->layers);
		else
			snprintf(f, sizeof f, "2%s%d%s%d%s%d", y->dot,
				 row[i].k == MLA_CACHE_MHA ? m->heads
							    : m->kv_heads,
				 y->dot, m->head_dim, y->dot, m->layers);
		canvas_text(c, in.x, yy, KIND_W - 1, row[i].kind, *st);
		canvas_text(c, in.x + KIND_W, yy, MODEL_W - 1,
			    tr(s->lang, row[i].model), plain);
		canvas_text(c, in.x + KIND_W + MODEL_W, yy, FORM_W - 1, f,
			    dim_style);
		bytes_text((double)e * BYTES_PER_NUMBER, buf, sizeof buf);
		canvas_text(c, in.x + KIND_W + MODEL_W + FORM_W, yy,
			    BYTES_W - 1, buf, *st);
		/* at least one cell, so that the smallest still shows */
		cells = (int)((double)e / top * bar_w + 0.5);
		for (int x = 0; x < (cells > 0 ? cells : 1) && x < bar_w; x++)
			canvas_text(c, bar_x + x, yy, 1, y->block, *st);
	}
	snprintf(buf, sizeof buf, tr(s->lang, "MLA keeps 1/%.1f of MHA's bytes and 1/%.1f of Llama 4 Scout's GQA."),
		 top / (double)mla_cache_elements(v3, MLA_CACHE_MLA),
		 (double)mla_cache_elements(scout, MLA_CACHE_GQA) /
			 (double)mla_cache_elements(v3, MLA_CACHE_MLA));
	if (++yy < in.y + in.h)
		yy += para(c, in, yy, buf, plain);
	if (yy < in.y + in.h)
		para(c, in, yy, tr(s->lang, "DeepSeek-V2 Table 1: MHA 2·n_h·d_h·l, GQA 2·n_g·d_h·l, MLA (d_c + d_h^R)·l numbers; 2 bytes each"),
		     dim_style);
}

/* ---- Llama 4's iRoPE ---- */

static void irope_draw(const struct state *s, struct canvas *c,
		       struct rect r)
{
	const struct mla_config *m = mla_llama4_scout();
	const struct symbols *y = sym(s);
	struct rect in = panel_open(c, r, tr(s->lang, "Llama 4's iRoPE: no RoPE in one layer of four"),
				    tr(s->lang, "Llama 4's iRoPE"));
	static const long long at[] = { 0, 8190, 8191, 65535, 131071,
					1048575 };
	enum { LABEL_W = 8, COL_W = 9 };
	int row = in.y, x;
	char buf[TEXT_MAX];

	if (!TIER(chain_least, in.w, in.h))
		return;
	snprintf(buf, sizeof buf, tr(s->lang, "the %d layers of Llama 4 Scout, %s turned, %s not:"),
		 m->layers, y->rot, y->none);
	row += para(c, in, row, buf, plain);
	/* the layers, wrapped to the width */
	for (int i = 0; i < m->layers && row < in.y + in.h; i++) {
		bool rot = mla_irope_layer_rotates(i, MLA_NOPE_INTERVAL);
		int col = i % in.w;

		canvas_text(c, in.x + col, row, 1, rot ? y->rot : y->none,
			    rot ? turned : plain);
		if (col == in.w - 1 || i == m->layers - 1)
			row++;
	}
	snprintf(buf, sizeof buf, tr(s->lang, "%s RoPE, attention within chunks of %d tokens. %s no position, attention over all, q scaled by"),
		 y->rot, MLA_CHUNK, y->none);
	if (row < in.y + in.h)
		row += para(c, in, row, buf, plain);
	snprintf(buf, sizeof buf, "1 + %g%slog(floor((p + 1) / %d) + 1)",
		 MLA_ATTN_SCALE, y->dot, MLA_FLOOR_SCALE);
	if (row < in.y + in.h)
		canvas_text(c, in.x + 2, row++, in.w - 2, buf, turned);
	if (row + 1 >= in.y + in.h)
		return;
	canvas_text(c, in.x, row, LABEL_W, "p", dim_style);
	canvas_text(c, in.x, row + 1, LABEL_W, tr(s->lang, "scale"),
		    dim_style);
	x = in.x + LABEL_W;
	for (size_t i = 0; i < sizeof at / sizeof at[0] &&
			   x + COL_W <= in.x + in.w; i++, x += COL_W) {
		char p[32], t[32];

		snprintf(p, sizeof p, "%lld", at[i]);
		fmt_double_compact(mla_irope_temperature(at[i],
							 MLA_FLOOR_SCALE,
							 MLA_ATTN_SCALE),
				   4, t, sizeof t);
		canvas_text(c, x, row, COL_W - 1, p, plain);
		canvas_text(c, x, row + 1, COL_W - 1, t, bold);
	}
	row += 2;
	if (row < in.y + in.h)
		para(c, in, row, tr(s->lang, "transformers' Llama4TextConfig and Llama4TextAttention (modeling_llama4.py)"),
		     dim_style);
}

/* ---- the view ---- */

static void (*const part_draw[MP_COUNT])(const struct state *,
					 struct canvas *, struct rect) = {
	fold_draw, split_draw, cache_draw, irope_draw
};

static void mla_draw(const struct state *s, void *ctx, struct canvas *c,
		     struct rect r)
{
	int part = (int)state_view_knob(s, 0), wl = r.w / 2;
	char buf[TEXT_MAX];

	(void)ctx;
	if (TIER(grid_tiers, r.w, r.h)) {
		int ht = r.h / 2;

		fold_draw(s, c, (struct rect){ r.x, r.y, wl, ht });
		split_draw(s, c, (struct rect){ r.x + wl, r.y, r.w - wl, ht });
		cache_draw(s, c, (struct rect){ r.x, r.y + ht, wl, r.h - ht });
		irope_draw(s, c, (struct rect){ r.x + wl, r.y + ht, r.w - wl,
						 r.h - ht });
		return;
	}
	part_draw[part](s, c, r);
	snprintf(buf, sizeof buf, tr(s->lang, " %d/%d, s: next "), part + 1,
		 MP_COUNT);
	panel_mark(c, r, buf);
}

const struct view_spec view_mla = {
	.name = "mla",
	.said = N_("mla view"),
	.title = N_("DeepSeek's decoupled RoPE (MLA) and Llama 4's iRoPE"),
	.point = N_("a rotation between W_UQ and W_UK stops MLA's fold, so DeepSeek turns 64 separate dims and caches 576 numbers a token a layer; Llama 4 leaves RoPE out of one layer in four"),
	.nknobs = 1,
	.knob = { {
		.word = "part",
		.help = N_("the part shown on small screens: fold, split, cache, irope"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = MP_COUNT - 1,
		.start = KNOB_START_INIT, .init = MP_FOLD,
		.choice = part_name,
		.nsteps = 1,
		.step = { { 's', 'S', STEP_CYCLE, 1, N_("part") } },
	} },
	.draw = mla_draw,
};
