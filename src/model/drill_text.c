/* drill_text.c - what the drill says, in English and Chinese (see drill.h):
 * the mechanics kinds here, the concept kinds in drill_concepts.c.
 *
 * Each sentence is written twice, once per language, as the two arms of one
 * conditional format, so the compiler checks both against the same
 * arguments. The Chinese is written for Chinese readers, not translated word
 * for word, with the words of assets/glossary.txt; formulas and numbers are
 * the same in both. Formulas use a few non-ASCII symbols (π ω λ θ · ≤ ≈ ‖ √
 * Σ −); the drill panel spells them in ASCII when the terminal cannot show
 * them. */
#include "model/drill.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "model/drill_concepts.h"

/* ---- helpers ---- */

/* Cuts a string that snprintf may have truncated in the middle of a UTF-8
 * sequence back to the last whole character. */
static char *utf8_trim(char *buf)
{
	buf[utf8_cut(buf, strlen(buf))] = '\0';
	return buf;
}

const char *drill_base_text(double b, char *buf, size_t n)
{
	return fmt_double_compact(b, 6, buf, n);
}

const char *drill_num_text(double x, char *buf, size_t n)
{
	if (fabs(x) >= 1000.0 && fabs(x) < 1e15)
		snprintf(buf, n, "%.0f", x);
	else
		snprintf(buf, n, "%.4g", x);
	return buf;
}

static bool zh(enum lang l)
{
	return l == LANG_ZH;
}

static bool is_concept(enum drill_kind k)
{
	return k >= DRILL_SINE_AND_COSINE && k < DRILL_KINDS;
}

double drill_longest(int d, double b)
{
	struct pe_params p = { d, b, PE_INTERLEAVED };
	return pe_wavelength(&p, d / 2 - 1);
}

/* ---- the questions ---- */

/* The tolerance, appended to number questions. */
static void tolerance_text(const struct drill_question *q, enum lang l,
			   char *buf, size_t n)
{
	if (q->tol_rel)
		snprintf(buf, n, zh(l) ? "（误差 %g%% 以内算对）" : " (within %g%%)",
			 q->tol * 100.0);
	else
		snprintf(buf, n, zh(l) ? "（误差 ±%g 以内算对）" : " (within ±%g)",
			 q->tol);
}

static void mechanics_question(const struct drill_question *q, enum lang l,
			       char *buf, size_t n)
{
	char b[32];
	int d = q->pe.d_model;

	drill_base_text(q->pe.base, b, sizeof b);
	switch (q->kind) {
	case DRILL_LAST_WAVELENGTH:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s 时，最长的波长，也就是最后一个维度对（i = %d）的波长，是多少个位置？"
			 : "With d_model = %d and base = %s, what is the longest wavelength, that of the last pair (i = %d)?",
			 d, b, d / 2 - 1);
		break;
	case DRILL_FIRST_WAVELENGTH:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s 时，第一个维度对（i = 0）的波长是多少个位置？"
			 : "With d_model = %d and base = %s, what is the wavelength of the first pair (i = 0), in positions?",
			 d, b);
		break;
	case DRILL_CYCLES:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s 时，%d 个维度对里，有多少个在前 %lld 个位置之内至少转完一整圈（波长 ≤ %lld）？"
			 : "With d_model = %d and base = %s, how many of the %d pairs complete at least one full turn within the first %lld positions (wavelength ≤ %lld)?",
			 d, b, d / 2, q->len, q->len);
		break;
	case DRILL_SYMMETRY:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s，取 p = %lld，k = %lld。PE(p)·PE(p+k) 和 PE(p)·PE(p-k) 相比如何？"
			 : "With d_model = %d and base = %s, take p = %lld and k = %lld. How does PE(p)·PE(p+k) compare with PE(p)·PE(p-k)?",
			 d, b, q->pos, q->k);
		break;
	case DRILL_NORM:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s 时，位置 p = %lld 的编码向量的模长 ‖PE(p)‖ 是多少？"
			 : "With d_model = %d and base = %s, what is the norm ‖PE(p)‖ of the encoding of position p = %lld?",
			 d, b, q->pos);
		break;
	case DRILL_BASE_100:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，屏幕上显示 %lld 个位置。把 base 从 10000 降到 100，热力图会怎样变化？"
			 : "With d_model = %d and %lld positions on screen, the base drops from 10000 to 100. What happens to the heatmap?",
			 d, q->len);
		break;
	case DRILL_FAST_PAIRS:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s 时，哪些维度对最能把相邻的位置 p 和 p+1 区分开？"
			 : "With d_model = %d and base = %s, which pairs tell neighbouring positions p and p+1 apart best?",
			 d, b);
		break;
	case DRILL_OFFSET_ONLY:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s，固定偏移 k = %lld，让 p 变化。PE(p)·PE(p+k) 会跟着变吗？"
			 : "With d_model = %d and base = %s, fix the offset k = %lld and move p. Does PE(p)·PE(p+k) change?",
			 d, b, q->k);
		break;
	case DRILL_NTK_BASE:
		snprintf(buf, n, zh(l)
			 ? "一个 RoPE 模型，每个头的维度 d = %d，base = %s，在 %lld 个位置上训练，现在要处理 %g 倍长的输入。用 NTK-aware 缩放，新的 base 是多少？"
			 : "A RoPE model with head dimension d = %d and base %s was trained on %lld positions and must now read %g times as many. With NTK-aware scaling, what is the new base?",
			 d, b, q->train_len, q->scale);
		break;
	case DRILL_ROTATION:
		snprintf(buf, n, zh(l)
			 ? "d_model = %d，base = %s，k = %lld。PE(p+k) 和 PE(p) 是什么关系？"
			 : "With d_model = %d and base = %s, how does PE(p+k) relate to PE(p) for k = %lld?",
			 d, b, q->k);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

char *drill_text_question(const struct drill_question *q, enum lang l,
			  char *buf, size_t n)
{
	char tol[64];

	if (is_concept(q->kind))
		drill_concept_question(q, l, buf, n);
	else
		mechanics_question(q, l, buf, n);
	if (!q->choice) {
		size_t used = strlen(buf);
		tolerance_text(q, l, tol, sizeof tol);
		snprintf(buf + used, n - used, "%s", tol);
	}
	return utf8_trim(buf);
}

/* ---- the options of choice questions (option 0 is right) ---- */

struct options_text {
	enum drill_kind kind;
	const char *text[LANG_COUNT][DRILL_CHOICES];
};

static const struct options_text options[] = {
	{ DRILL_SYMMETRY, {
		{ "they are equal: the dot product cannot tell before from after",
		  "PE(p)·PE(p+k) is larger: later positions score higher",
		  "PE(p)·PE(p-k) is larger: earlier positions score higher",
		  "it depends on the layout, interleaved or concatenated" },
		{ "两者相等：只看点积，分不出前后",
		  "PE(p)·PE(p+k) 更大：后面的位置得分更高",
		  "PE(p)·PE(p-k) 更大：前面的位置得分更高",
		  "取决于布局是交错还是拼接" } } },
	{ DRILL_BASE_100, {
		{ NULL,	/* written with its number, see base100_right */
		  "every pair turns more slowly, so the map gets smoother",
		  "nothing: the base only rescales the values, not the pattern",
		  "the values grow past ±1 and the colours saturate" },
		{ NULL,
		  "每个维度对都转得更慢，热力图变得更平滑",
		  "没有变化：base 只缩放数值，不改变图案",
		  "数值超过 ±1，颜色饱和" } } },
	{ DRILL_FAST_PAIRS, {
		{ "the first pairs (small i): pair 0 turns a whole radian per position",
		  "the last pairs (large i): the low dimensions change slowly, the high ones fast",
		  "all pairs equally: each turns by the same angle per position",
		  "none: PE(p) and PE(p+1) are the same vector" },
		{ "前面的维度对（i 小）：第 0 个维度对每走一个位置就转 1 弧度",
		  "后面的维度对（i 大）：低维变化慢，高维变化快",
		  "所有维度对都一样：每走一个位置，各自转过的角度相同",
		  "都不能：PE(p) 和 PE(p+1) 是同一个向量" } } },
	{ DRILL_OFFSET_ONLY, {
		{ "no: it is Σ cos(k·ω_i), a function of the offset k alone",
		  "yes: it grows as p grows",
		  "yes: it shrinks as p grows, because far positions fade",
		  "only with the concatenated layout" },
		{ "不会：它等于 Σ cos(k·ω_i)，只取决于偏移 k",
		  "会：p 越大，它越大",
		  "会：p 越大，它越小，因为远处的位置会衰减",
		  "只有拼接布局时才会变" } } },
	{ DRILL_ROTATION, {
		{ "each (sin, cos) pair turns by the angle k·ω_i: one fixed matrix for every p",
		  "a rotation whose angle depends on p as well as k",
		  "PE(p+k) = PE(p) + k in every dimension",
		  "no fixed relation: you need p itself to get PE(p+k)" },
		{ "每个 (sin, cos) 维度对都转过角度 k·ω_i：对所有 p 都是同一个矩阵",
		  "是旋转，但角度既取决于 k，也取决于 p",
		  "每一维都满足 PE(p+k) = PE(p) + k",
		  "没有固定关系：必须知道 p 本身才能算出 PE(p+k)" } } },
};

/* The right option of DRILL_BASE_100 names the longest wavelength left. */
static void base100_right(const struct drill_question *q, enum lang l,
			  char *buf, size_t n)
{
	char w[32];

	snprintf(w, sizeof w, "%.0f", drill_longest(q->pe.d_model, 100.0));
	snprintf(buf, n, zh(l)
		 ? "每个维度对的波长都不超过约 %s 个位置：连最后几行也出现条纹，相距很远的位置可能重新变得相似"
		 : "every pair now repeats within ~%s positions: stripes reach the last rows, and far-apart positions can look alike again",
		 w);
}

/* The options of DRILL_LAST_WAVELENGTH are numbers: the right formula
 * and three that people write instead. */
static void last_wavelength_option(const struct drill_question *q,
				   enum lang l, int opt, char *buf, size_t n)
{
	char x[32];
	int d = q->pe.d_model;
	double b = q->pe.base;

	switch (opt) {
	case 0:
		drill_num_text(drill_longest(d, b), x, sizeof x);
		snprintf(buf, n, zh(l) ? "2π·base^((d-2)/d) ≈ %s 个位置"
				       : "2π·base^((d-2)/d) ≈ %s positions", x);
		break;
	case 1:
		drill_num_text(PE_TWO_PI * b, x, sizeof x);
		snprintf(buf, n, zh(l) ? "2π·base ≈ %s 个位置，与 d 无关"
				       : "2π·base ≈ %s positions, whatever d is", x);
		break;
	case 2:
		drill_base_text(b, x, sizeof x);
		snprintf(buf, n, zh(l) ? "base = %s 个位置" : "base = %s positions",
			 x);
		break;
	default:
		drill_num_text(PE_TWO_PI * pow(b, 2.0 / d), x, sizeof x);
		snprintf(buf, n, zh(l) ? "2π·base^(2/d) ≈ %s 个位置"
				       : "2π·base^(2/d) ≈ %s positions", x);
		break;
	}
}

/* Option opt (not letter) of a mechanics choice question. */
static void mechanics_option(const struct drill_question *q, enum lang l,
			     int opt, char *buf, size_t n)
{
	if (q->kind == DRILL_LAST_WAVELENGTH) {
		last_wavelength_option(q, l, opt, buf, n);
		return;
	}
	if (q->kind == DRILL_BASE_100 && opt == 0) {
		base100_right(q, l, buf, n);
		return;
	}
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
		if (options[i].kind == q->kind)
			snprintf(buf, n, "%s", options[i].text[zh(l)][opt]);
}

char *drill_text_choice(const struct drill_question *q, enum lang l,
			int letter, char *buf, size_t n)
{
	buf[0] = '\0';
	if (!q->choice || letter < 0 || letter >= DRILL_CHOICES)
		return buf;
	if (is_concept(q->kind))
		drill_concept_option(q, l, q->order[letter], buf, n);
	else
		mechanics_option(q, l, q->order[letter], buf, n);
	return utf8_trim(buf);
}

char *drill_text_answer(const struct drill_question *q, enum lang l,
			char *buf, size_t n)
{
	char opt[512];

	if (q->choice) {
		drill_text_choice(q, l, q->right, opt, sizeof opt);
		snprintf(buf, n, zh(l) ? "%c）%s" : "%c) %s", 'a' + q->right,
			 opt);
	} else if (q->kind == DRILL_CYCLES) {
		snprintf(buf, n, "%.0f", q->answer);
	} else if (!q->tol_rel) {
		snprintf(buf, n, "%.3f", q->answer);
	} else {
		drill_num_text(q->answer, buf, n);
	}
	return utf8_trim(buf);
}

/* ---- why ---- */

static void why_cycles(const struct drill_question *q, enum lang l,
		       char *buf, size_t n)
{
	int half = q->pe.d_model / 2, count = (int)q->answer;
	double edge = half * log((double)q->len / (PE_TWO_PI)) /
		      log(q->pe.base);

	if (count < half)
		snprintf(buf, n, zh(l)
			 ? "λ_i ≤ L 等价于 i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f，所以第 0 到第 %d 个维度对能转完一圈，共 %d 个；其余 %d 个在整个序列里转不满一圈。"
			 : "λ_i ≤ L exactly when i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f, so pairs 0 to %d finish a turn: %d pairs. The other %d turn less than once over the whole sequence.",
			 edge, count - 1, count, half - count);
	else
		snprintf(buf, n, zh(l)
			 ? "λ_i ≤ L 等价于 i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f，所以第 0 到第 %d 个维度对全都能转完一圈，共 %d 个。"
			 : "λ_i ≤ L exactly when i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f, so every pair, 0 to %d, finishes a turn: %d pairs.",
			 edge, count - 1, count);
}

static void why_numbers(const struct drill_question *q, enum lang l,
			char *buf, size_t n)
{
	char b[32], a[32];
	int d = q->pe.d_model;

	drill_base_text(q->pe.base, b, sizeof b);
	drill_num_text(q->answer, a, sizeof a);
	switch (q->kind) {
	case DRILL_FIRST_WAVELENGTH:
		snprintf(buf, n, zh(l)
			 ? "不管 d 和 base 取什么，ω_0 = base^0 = 1，所以 λ_0 = 2π ≈ 6.283 个位置：所有维度对里它转得最快。"
			 : "ω_0 = base^0 = 1 whatever d and base are, so λ_0 = 2π ≈ 6.283 positions: the fastest pair of all.");
		break;
	case DRILL_NORM:
		snprintf(buf, n, zh(l)
			 ? "每个维度对贡献 sin² + cos² = 1，所以 ‖PE(p)‖² = d/2 = %d，‖PE(p)‖ = √%d ≈ %s，对每个位置都一样。"
			 : "Each pair adds sin² + cos² = 1, so ‖PE(p)‖² = d/2 = %d and ‖PE(p)‖ = √%d ≈ %s, the same for every position.",
			 d / 2, d / 2, a);
		break;
	case DRILL_NTK_BASE:
		snprintf(buf, n, zh(l)
			 ? "NTK-aware 缩放取 base' = base·s^(d/(d-2)) = %s·%g^(%d/%d) ≈ %s（d 是每个头的维度）：频率最低的维度对正好被拉长 s 倍，第 0 个维度对保持不变。"
			 : "NTK-aware scaling sets base' = base·s^(d/(d-2)) = %s·%g^(%d/%d) ≈ %s, with d the head dimension: the slowest pair stretches exactly s times while pair 0 stays as it was.",
			 b, q->scale, d, d - 2, a);
		break;
	default:	/* DRILL_CYCLES */
		why_cycles(q, l, buf, n);
		break;
	}
}

static void why_last_wavelength(const struct drill_question *q, enum lang l,
				char *buf, size_t n)
{
	char a[32], x[32];
	int d = q->pe.d_model;
	double top = PE_TWO_PI * q->pe.base, last = drill_longest(d, q->pe.base);

	drill_num_text(last, a, sizeof a);
	drill_num_text(top, x, sizeof x);
	snprintf(buf, n, zh(l)
		 ? "λ_i = 2π·base^(2i/d)，最后一个维度对的 2i/d = %d/%d，所以 λ ≈ %s，只有 2π·base 的 %.0f%%（2π·base = %s）。只有维度很多时才接近它（d = 512、base = 10000 时为 96%%）。"
		 : "λ_i = 2π·base^(2i/d); the last pair has 2i/d = %d/%d, so λ ≈ %s, %.0f%% of 2π·base = %s. Only wide encodings come close (96%% at d = 512, base 10000).",
		 d - 2, d, a, 100.0 * last / top, x);
}

static void why_choices(const struct drill_question *q, enum lang l,
			char *buf, size_t n)
{
	char a[32], x[32];
	int d = q->pe.d_model, last = d / 2 - 1;
	double s = pe_similarity(&q->pe, (double)q->k, 0, d / 2);

	drill_num_text(s, a, sizeof a);
	switch (q->kind) {
	case DRILL_LAST_WAVELENGTH:
		why_last_wavelength(q, l, buf, n);
		break;
	case DRILL_SYMMETRY:
		snprintf(buf, n, zh(l)
			 ? "PE(p)·PE(q) = Σ cos((p-q)·ω_i)，而余弦是偶函数，所以这里两者都等于 %s。单靠这个点积，分不出哪个位置在前。"
			 : "PE(p)·PE(q) = Σ cos((p-q)·ω_i) and cosine is even, so both equal %s here: on its own this dot product cannot tell which position comes first.",
			 a);
		break;
	case DRILL_BASE_100:
		snprintf(a, sizeof a, "%.0f", drill_longest(d, 100.0));
		drill_num_text(drill_longest(d, 1e4), x, sizeof x);
		snprintf(buf, n, zh(l)
			 ? "波长从 2π 一直到 2π·base^((d-2)/d)：base 为 100 时最长只有 %s，base 为 10000 时是 %s。现在每个维度对都会在序列里转回原处，相距很远的位置可能重新变得相似。"
			 : "Wavelengths run from 2π up to 2π·base^((d-2)/d): %s with base 100 against %s with base 10000. Now every pair comes round again within the sequence, so far-apart positions can look alike.",
			 a, x);
		break;
	case DRILL_FAST_PAIRS:
		snprintf(x, sizeof x, "%.3g", pe_omega(&q->pe, last));
		snprintf(buf, n, zh(l)
			 ? "第 i 个维度对每走一个位置转 ω_i = base^(-2i/d) 弧度：第 0 个是 1，最后一个只有 %s。所以是低维变化快、高维变化慢，而不是反过来。"
			 : "Pair i turns ω_i = base^(-2i/d) radians per position: 1 for pair 0, only %s for the last pair. So the low dimensions change fast and the high ones slowly, not the other way round.",
			 x);
		break;
	case DRILL_OFFSET_ONLY:
		snprintf(buf, n, zh(l)
			 ? "对每个维度对，sin(pω)·sin((p+k)ω) + cos(pω)·cos((p+k)ω) = cos(kω)，p 被消掉了。这里不管 p 是多少，总和都是 %s。"
			 : "For each pair, sin(pω)·sin((p+k)ω) + cos(pω)·cos((p+k)ω) = cos(kω): p cancels out. Here the sum is %s for every p.",
			 a);
		break;
	default:	/* DRILL_ROTATION */
		snprintf(a, sizeof a, "%lld", q->k);
		snprintf(x, sizeof x, "%.3g", (double)q->k * pe_omega(&q->pe, last));
		snprintf(buf, n, zh(l)
			 ? "把 sin((p+k)ω) 和 cos((p+k)ω) 展开，得到的是 sin(pω)、cos(pω) 与 cos(kω)、sin(kω) 的组合：一个只由 k 决定的 2×2 旋转。k = %s 时，第 0 个维度对转 %s 弧度，最后一个只转 %s 弧度。"
			 : "Expanding sin((p+k)ω) and cos((p+k)ω) gives sin(pω) and cos(pω) times cos(kω) and sin(kω): a 2×2 rotation set by k alone. For k = %s, pair 0 turns %s rad and the last pair only %s rad.",
			 a, a, x);
		break;
	}
}

char *drill_text_why(const struct drill_question *q, enum lang l, char *buf,
		     size_t n)
{
	if (is_concept(q->kind))
		drill_concept_why(q, l, buf, n);
	else if (q->choice)
		why_choices(q, l, buf, n);
	else
		why_numbers(q, l, buf, n);
	return utf8_trim(buf);
}

const char *drill_text_kind(enum drill_kind kind, enum lang l)
{
	static const char *const names[DRILL_KINDS][LANG_COUNT] = {
		[DRILL_LAST_WAVELENGTH] = { "the longest wavelength", "最长的波长" },
		[DRILL_FIRST_WAVELENGTH] = { "first-pair wavelength", "第一个维度对的波长" },
		[DRILL_CYCLES] = { "pairs that finish a turn", "能转完一圈的维度对" },
		[DRILL_SYMMETRY] = { "the dot product is symmetric", "点积的对称性" },
		[DRILL_NORM] = { "norm of PE(p)", "PE(p) 的模长" },
		[DRILL_BASE_100] = { "the heatmap at base 100", "base = 100 时的热力图" },
		[DRILL_FAST_PAIRS] = { "which pairs resolve neighbours", "哪些维度对能分辨相邻位置" },
		[DRILL_OFFSET_ONLY] = { "the dot product depends on k only", "点积只取决于偏移" },
		[DRILL_NTK_BASE] = { "NTK-aware base", "NTK-aware 缩放后的 base" },
		[DRILL_ROTATION] = { "an offset is a rotation", "偏移就是旋转" },
		[DRILL_SINE_AND_COSINE] = { "why sine and cosine", "为什么 sin 和 cos 成对" },
		[DRILL_WHY_10000] = { "why base 10000", "为什么 base 取 10000" },
		[DRILL_ADD_OR_CONCAT] = { "add, not concatenate", "相加而不是拼接" },
		[DRILL_LEARNED] = { "learned or sinusoidal", "可学习的还是正弦的" },
		[DRILL_EXTRAPOLATION] = { "longer than trained", "超出训练长度" },
		[DRILL_RELATIVE] = { "relative schemes: Shaw, T5, ALiBi", "相对位置方案：Shaw、T5、ALiBi" },
		[DRILL_ROPE] = { "RoPE and sinusoidal PE", "RoPE 与正弦位置编码" },
		[DRILL_DECAY] = { "RoPE's long-term decay", "RoPE 的远程衰减" },
		[DRILL_PROJECTIONS] = { "W_Q, W_K and added PE", "W_Q、W_K 与相加的 PE" },
		[DRILL_LOW_PRECISION] = { "positions in bf16 and fp16", "bf16 和 fp16 中的位置" },
		[DRILL_CONTEXT_METHODS] = { "PI, NTK-aware and YaRN", "PI、NTK-aware 与 YaRN" },
	};

	if ((unsigned)kind >= DRILL_KINDS || (unsigned)l >= LANG_COUNT)
		return "?";
	return names[kind][l];
}
