/* drill_concepts.c - the texts of the drill's concept kinds, the questions
 * interviewers ask about positional encodings (see drill_concepts.h).
 *
 * Each kind has a row: its question, its four options (option 0 is the
 * right one; the others are the wrong answers people give, the common one
 * first where there is one) and why, in English and Chinese. A NULL text is
 * written by the functions below it, with the question's numbers. The
 * claims and their sources:
 *   - sine and cosine: the paper (Vaswani et al. 2017, section 3.5), a
 *     linear map M_k from PE(p) to PE(p+k);
 *   - learned embeddings: the paper's Table 3, row (E);
 *   - extrapolation: Press, Smith and Lewis 2022 (ALiBi), Figure 1;
 *   - relative schemes: Shaw et al. 2018, Raffel et al. 2020 (T5, section
 *     2.1), Press et al. 2022;
 *   - RoPE and its long-term decay: Su et al. (RoFormer), sections 3.2 and
 *     3.4.3; the bound's values are checked in tests/unit/test_drill.c;
 *   - PI: Chen et al. 2023; NTK-aware: bloc97 2023; YaRN: Peng et al. 2023;
 *   - bf16 (8 significant bits) and fp16 (11): IEEE 754 and bfloat16. */
#include "model/drill_concepts.h"

#include <math.h>
#include <stdio.h>

struct concept {
	enum drill_kind kind;
	const char *question[LANG_COUNT];
	const char *option[LANG_COUNT][DRILL_CHOICES];
	const char *why[LANG_COUNT];
};

static const struct concept concepts[] = {
	{ DRILL_SINE_AND_COSINE,
	  { "Each pair i of PE holds sin(p·ω_i) and cos(p·ω_i), at the same frequency. Why both, rather than the sine alone?",
	    "PE 的每个维度对 i 在同一频率上放了 sin(p·ω_i) 和 cos(p·ω_i)。为什么两个都要，而不是只用正弦？" },
	  { { "so that one matrix M_k takes PE(p) to PE(p+k) for every p; with sines alone no linear map does",
	      "to keep every value between -1 and 1",
	      "the cosine turns at a second, slower frequency, which reaches further",
	      "the cosine's sign tells the direction: positive after p, negative before" },
	    { "这样对每个 p，同一个矩阵 M_k 都能把 PE(p) 变成 PE(p+k)；只用正弦，没有这样的线性映射",
	      "为了让每个值都在 -1 到 1 之间",
	      "余弦用另一个更慢的频率，能覆盖更远的距离",
	      "余弦的正负表示方向：p 之后为正，之前为负" } },
	  { "sin((p+k)ω) = sin(pω)·cos(kω) + cos(pω)·sin(kω) needs cos(pω), which a vector of sines lacks. With both, M_k turns pair i by k·ω_i at every p: the paper's reason, to make attending by relative position easy.",
	    "sin((p+k)ω) = sin(pω)·cos(kω) + cos(pω)·sin(kω)，离不开 cos(pω)，只有正弦的向量里没有它。两者都有时，M_k 在每个 p 上都把维度对 i 转 k·ω_i：论文正是为此选它，便于按相对位置做注意力。" } },
	{ DRILL_WHY_10000,
	  { NULL, NULL },
	  { { NULL,
	      "the longest input the model can take: 10000 tokens",
	      "the wavelength of the fastest pair",
	      "little: any base above d_model gives the same encoding" },
	    { NULL,
	      "模型能接受的最长输入：10000 个词元",
	      "频率最高的那个维度对的波长",
	      "影响不大：只要 base 大于 d_model，编码都一样" } },
	  { NULL, NULL } },
	{ DRILL_ADD_OR_CONCAT,
	  { "The Transformer adds PE(p) to the word embedding instead of concatenating the two. Which is true?",
	    "Transformer 把 PE(p) 加到词向量上，而不是把两者拼接起来。哪种说法对？" },
	  { { "adding keeps the width d_model and loses little: after a linear layer, [x; PE] is a sum W_x·x + W_p·PE anyway",
	      "the sum mixes the two beyond repair: the model can no longer tell word from position",
	      "concatenating would make attention depend on the offset only",
	      "the paper tried both, and concatenating scored clearly worse" },
	    { "相加保持宽度 d_model，损失也不大：经过一个线性层后，[x; PE] 反正也是一个和 W_x·x + W_p·PE",
	      "相加把两者混得无法分开：模型再也分不清词和位置",
	      "拼接能让注意力只取决于偏移",
	      "论文两种都试过，拼接的效果明显更差" } },
	  { "Any linear map of [x; PE] is W_x·x + W_p·PE, so concatenating before W_Q, W_K, W_V is a sum too; adding shares one d_model-wide space and saves width. In many dimensions, position and meaning can keep to nearly separate directions.",
	    "对 [x; PE] 的线性映射就是 W_x·x + W_p·PE，所以先拼接再乘 W_Q、W_K、W_V 也是相加；直接相加共用一个 d_model 维空间，省下宽度。维度很多时，位置和词义可以各占几乎互不干扰的方向。" } },
	{ DRILL_LEARNED,
	  { "The paper also trained the model with learned position embeddings in place of the sinusoids. What did it find?",
	    "论文也试过用可学习的位置嵌入代替正弦编码。结果如何？" },
	  { { "nearly the same (Table 3, row E: BLEU 25.7 against 25.8); it kept the sinusoids in the hope that they extrapolate",
	      "learned embeddings were clearly better, but cost too much memory",
	      "the sinusoids were clearly better, which is why the paper chose them",
	      "learned embeddings would not train unless the sinusoids were added too" },
	    { "结果几乎一样（表 3 第 E 行：BLEU 25.7 对 25.8）；保留正弦编码，是希望它能外推",
	      "可学习的嵌入明显更好，只是太占内存",
	      "正弦编码明显更好，所以论文选了它",
	      "可学习的嵌入必须再加上正弦编码才训练得起来" } },
	  { "Table 3, row E (learned positional embedding): perplexity 4.92 and BLEU 25.7 on the development set, against 4.92 and 25.8 for the base model. The paper hoped sinusoids extrapolate; BERT and GPT-2 later learned theirs.",
	    "表 3 的 E 行（可学习的位置嵌入）：开发集上困惑度 4.92、BLEU 25.7，基础模型是 4.92 和 25.8。论文寄希望于正弦编码能外推；后来 BERT 和 GPT-2 都用可学习的位置嵌入。" } },
	{ DRILL_EXTRAPOLATION,
	  { NULL, NULL },
	  { { NULL,
	      "yes: sin and cos are defined for every position, so any length works as well as the trained ones",
	      "no, because PE is undefined past position 10000",
	      "yes, as long as the layout is concatenated" },
	    { NULL,
	      "能：sin 和 cos 对每个位置都有定义，多长都和训练时一样好",
	      "不能，因为位置超过 10000 后 PE 就没有定义了",
	      "能，只要用拼接布局" } },
	  { "Defined is not learned: past the trained length come angle combinations of the slow pairs and distances never seen. Press et al. (2022) measured a sinusoidal model's perplexity climbing soon past it; ALiBi was built to extrapolate.",
	    "有定义不等于学过：超出训练长度后，低频维度对的角度组合和词元间的距离都是没见过的。Press 等人（2022）测得正弦编码模型一超过训练长度，困惑度就很快上升；ALiBi 正是为外推而设计的。" } },
	{ DRILL_RELATIVE,
	  { "Shaw et al. (2018), T5 and ALiBi make attention depend on how far apart two tokens are. Where does that distance go?",
	    "Shaw 等人（2018）、T5 和 ALiBi 都让注意力取决于两个词元相距多远。这个距离放在哪里？" },
	  { { "into each layer's attention scores: learned offset vectors (Shaw), a learned bias per offset bucket (T5), a fixed -m·|p-q| (ALiBi)",
	      "into the input, once: a vector for each offset is added to the word embeddings",
	      "into the softmax temperature, which grows with the distance",
	      "each token renumbers the input from itself, then sinusoidal PE is added as usual" },
	    { "放进每一层的注意力得分：按偏移学到的向量（Shaw）、按偏移分桶学到的偏置（T5）、固定的 -m·|p-q|（ALiBi）",
	      "放进输入，只放一次：给词向量加上每个偏移对应的向量",
	      "放进 softmax 的温度，距离越远温度越高",
	      "每个词元从自己起给输入重新编号，再照常加上正弦编码" } },
	  { "A distance belongs to a pair of tokens, so it goes where pairs meet, the score: Shaw adds a learned vector per clipped offset to the key, T5 a learned number per bucket and head, ALiBi -m·|p-q| with slopes 2^(-8h/H).",
	    "距离属于一对词元，只能放在两两相遇的地方，也就是得分：Shaw 给键加上按（截断的）偏移学到的向量，T5 为每个偏移桶和每个头学一个数，ALiBi 加 -m·|p-q|，斜率为 2^(-8h/H)。" } },
	{ DRILL_ROPE,
	  { "How does RoPE (rotary position embedding) bring in positions, compared with the paper's sinusoidal PE?",
	    "和论文的正弦位置编码相比，RoPE（旋转位置编码）怎样引入位置？" },
	  { { "it rotates each pair of q and k by position·θ_i in every attention layer, so q·k depends on the offset only; nothing is added to the input",
	      "it adds the same sinusoids to the input, only with another base",
	      "it rotates the word embeddings once, before the first layer",
	      "it multiplies every attention score by cos(p-q)" },
	    { "在每一层注意力里，把 q 和 k 的每个维度对旋转 位置 × θ_i 的角度，于是 q·k 只取决于偏移；输入上什么也不加",
	      "和论文一样把正弦编码加到输入上，只是换了一个 base",
	      "在第一层之前把词向量旋转一次",
	      "把每个注意力得分乘以 cos(p-q)" } },
	  { "With R_m turning pair i by m·θ_i, (R_m q)·(R_n k) = qᵀR_(n-m)k: only the offset is left, whatever W_Q and W_K are, as the rotation comes after them. θ_i = base^(-2i/d) are the paper's frequencies, d the head's width.",
	    "记 R_m 为把维度对 i 转 m·θ_i 的旋转，(R_m q)·(R_n k) = qᵀR_(n-m)k：只剩偏移，与 W_Q、W_K 无关，因为旋转在投影之后。θ_i = base^(-2i/d) 就是论文的频率，d 取每个头的维度。" } },
	{ DRILL_DECAY,
	  { "RoFormer says RoPE has long-term decay. For a head of dimension d = 128, what decays as the offset m between query and key grows?",
	    "RoFormer 说 RoPE 有远程衰减。每个头的维度 d = 128 时，随着查询与键之间的偏移 m 变大，衰减的是什么？" },
	  { { "an upper bound on the score: it falls on average as m grows, while one score can still be large far away",
	      "every attention weight, at every offset: a farther token always gets less",
	      "the vectors themselves: q and k get shorter as they are rotated further",
	      "the frequencies: far tokens are rotated by the slow pairs only" },
	    { "得分的一个上界：它随 m 增大平均下降，而单个得分在远处仍可能很大",
	      "每一个注意力权重，在每个偏移上都如此：越远的词元得到的一定越少",
	      "向量本身：q 和 k 转得越多，就变得越短",
	      "频率：远处的词元只用低频维度对旋转" } },
	  { "RoFormer bounds |score| by a constant set by q and k times Σ_j |S_j|, S_j = Σ_(l<j) e^(i·m·θ_l); (1/64)·Σ_j |S_j| is 32.5 at m = 0, 18.0 at 10, 10.2 at 100, 6.5 at 250. A bound only: learned q and k can still favour a far token.",
	    "RoFormer 证明 |得分| ≤ 由 q、k 决定的常数 × Σ_j |S_j|，S_j = Σ_(l<j) e^(i·m·θ_l)；(1/64)·Σ_j |S_j| 在 m = 0、10、100、250 时为 32.5、18.0、10.2、6.5。这只是上界：学到的 q 和 k 仍可偏向远处的词元。" } },
	{ DRILL_PROJECTIONS,
	  { "With PE added to the input, a layer scores positions p and q by (x_p+PE_p)ᵀW_QᵀW_K(x_q+PE_q). Is that a function of p - q alone?",
	    "PE 加在输入上时，一层注意力给位置 p 和 q 的得分是 (x_p+PE_p)ᵀW_QᵀW_K(x_q+PE_q)。它只取决于 p - q 吗？" },
	  { { "no: it has word-position cross terms, and W_QᵀW_K breaks even the position-position term; this is what RoPE fixes",
	      "yes: PE_p·PE_q depends only on p - q, so the score does too",
	      "yes, as long as the layout is interleaved",
	      "yes, once d_model is large enough for the cross terms to cancel" },
	    { "不是：展开后有词与位置的交叉项，而且 W_QᵀW_K 连位置与位置那一项也会破坏；RoPE 正是为了解决这一点",
	      "是：PE_p·PE_q 只取决于 p - q，所以得分也一样",
	      "是，只要用交错布局",
	      "是，只要 d_model 足够大，交叉项就会互相抵消" } },
	  { "With W = W_QᵀW_K the score is x_pᵀW·x_q + x_pᵀW·PE_q + PE_pᵀW·x_q + PE_pᵀW·PE_q: the cross terms see p and q on their own, and the last is relative only if W commutes with the pair rotations. RoPE rotates after W.",
	    "记 W = W_QᵀW_K，得分 = x_pᵀW·x_q + x_pᵀW·PE_q + PE_pᵀW·x_q + PE_pᵀW·PE_q：交叉项各自取决于 p 或 q 本身，最后一项只有 W 与维度对的旋转可交换时才是相对的。RoPE 在 W 之后才旋转。" } },
	{ DRILL_LOW_PRECISION,
	  { NULL, NULL },
	  { { NULL,
	      "65504: a 16-bit float holds whole numbers that far",
	      "no limit: the sinusoids are computed in float32 afterwards, which undoes the rounding",
	      "32767, the largest 16-bit integer" },
	    { NULL,
	      "65504：16 位浮点数能精确表示到那么大的整数",
	      "没有上限：之后用 float32 计算正弦，舍入就被抵消了",
	      "32767，那是 16 位整数的最大值" } },
	  { NULL, NULL } },
	{ DRILL_CONTEXT_METHODS,
	  { NULL, NULL },
	  { { "it works fairly well without fine-tuning: raising the base keeps the fast pairs as trained and stretches mostly the slow ones",
	      "it divides every position by s, so no angle goes beyond those seen in training",
	      "it keeps q·k a function of the offset, which PI breaks",
	      "it changes nothing: RoPE already reads any length as well as the trained one" },
	    { "不微调也相当好用：调大 base 后，高频维度对保持训练时的样子，被拉长的主要是低频维度对",
	      "它把每个位置都除以 s，所以所有角度都不超出训练时见过的范围",
	      "它让 q·k 仍只取决于偏移，而 PI 做不到",
	      "什么都不改：RoPE 本来就能读任意长度，和训练长度一样好" } },
	  { NULL, NULL } },
};

/* l as an index of the texts: English for a value that is no language. */
static int lang_index(enum lang l)
{
	return (unsigned)l < LANG_COUNT ? (int)l : LANG_EN;
}

static const struct concept *concept_of(enum drill_kind kind)
{
	for (size_t i = 0; i < sizeof concepts / sizeof concepts[0]; i++)
		if (concepts[i].kind == kind)
			return &concepts[i];
	return NULL;
}

/* ---- the texts written with the question's numbers ---- */

/* What a precision question's format is: its name, significant bits and
 * the largest integer up to which it holds every integer (2^bits). */
struct format {
	const char *name;
	int bits;
	int exact;
};

static struct format format_of(const struct drill_question *q)
{
	return q->fp16 ? (struct format){ "fp16", 11, 2048 }
		       : (struct format){ "bf16", 8, 256 };
}

static void numbered_question(const struct drill_question *q, enum lang l,
			      char *buf, size_t n)
{
	switch (q->kind) {
	case DRILL_WHY_10000:
		snprintf(buf, n, l == LANG_ZH
			 ? "论文取 base = 10000。d_model = %d、序列最长 %lld 个词元时，这个取值决定了什么？"
			 : "The paper's base is 10000. With d_model = %d and sequences of up to %lld tokens, what does that choice set?",
			 q->pe.d_model, q->train_len);
		break;
	case DRILL_EXTRAPOLATION:
		snprintf(buf, n, l == LANG_ZH
			 ? "一个用正弦位置编码的模型在最长 %lld 个词元的序列上训练。它能读好长几倍的序列吗？"
			 : "A model with sinusoidal PE was trained on sequences of up to %lld tokens. Does it read sequences several times longer well?",
			 q->train_len);
		break;
	case DRILL_LOW_PRECISION:
		snprintf(buf, n, l == LANG_ZH
			 ? "一个模型在计算正弦编码之前，先把位置编号转成 %s。位置到多少为止，所有位置都还能区分开？"
			 : "A model casts its position ids to %s before computing the sinusoids. Up to which position are all positions still told apart?",
			 format_of(q).name);
		break;
	case DRILL_CONTEXT_METHODS:
		snprintf(buf, n, l == LANG_ZH
			 ? "一个 RoPE 模型在 %lld 个词元上训练，现在要读 %lld 个（s = %g）。2023 年 NTK-aware 缩放为什么能和位置插值（PI）一起流行起来？"
			 : "A RoPE model trained on %lld tokens must read %lld (s = %g). Why did NTK-aware scaling catch on in 2023, beside position interpolation (PI)?",
			 q->train_len, q->len, q->scale);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

static void numbered_right(const struct drill_question *q, enum lang l,
			   char *buf, size_t n)
{
	char w[32];
	struct format f = format_of(q);

	switch (q->kind) {
	case DRILL_WHY_10000:
		drill_num_text(drill_longest(q->pe.d_model, q->pe.base), w,
			       sizeof w);
		snprintf(buf, n, l == LANG_ZH
			 ? "最长的波长，这里约 %s 个位置，远超 %lld，所以频率最低的维度对在一个序列里转不回原处"
			 : "the longest wavelength, ≈ %s positions here: far beyond %lld, so the slowest pairs never come round within a sequence",
			 w, q->train_len);
		break;
	case DRILL_EXTRAPOLATION:
		snprintf(buf, n, l == LANG_ZH
			 ? "通常不能：PE(p) 对每个 p 都有定义，但模型从没学过 %lld 之后的位置是什么样"
			 : "usually not: PE(p) is defined for every p, but the model never learned what positions past %lld look like",
			 q->train_len);
		break;
	case DRILL_LOW_PRECISION:
		snprintf(buf, n, l == LANG_ZH
			 ? "%d：再往上 %s 表示不了每个整数（%d 会舍入成 %d），相邻位置开始共用编码"
			 : "%d: above that %s skips integers (%d rounds to %d), so neighbours start to share encodings",
			 f.exact, f.name, f.exact + 1, f.exact);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

static void numbered_why(const struct drill_question *q, enum lang l,
			 char *buf, size_t n)
{
	char w[32], r[32], w100[32], nb[32];
	struct format f = format_of(q);
	double d = q->pe.d_model, top = drill_longest(q->pe.d_model, q->pe.base);

	switch (q->kind) {
	case DRILL_WHY_10000:
		drill_num_text(top, w, sizeof w);
		snprintf(r, sizeof r, "%.3g", top / (double)q->train_len);
		drill_num_text(drill_longest(q->pe.d_model, 100.0), w100,
			       sizeof w100);
		snprintf(buf, n, l == LANG_ZH
			 ? "λ 从 2π 增长到 2π·base^((d-2)/d)，这里约 %s，为序列长度的 %s 倍（%lld 个词元），频率最低的维度对在一个序列里转不满一圈（base 取 100 时最长只有 %s）。位置并不在 10000 处截止；长上下文的 RoPE 模型会调大 base。"
			 : "λ runs from 2π to 2π·base^((d-2)/d) ≈ %s here, %s times the sequence (%lld tokens): the slowest pairs turn less than once over it (base 100 would stop at %s). Nothing ends at position 10000; long-context RoPE models raise the base.",
			 w, r, q->train_len, w100);
		break;
	case DRILL_LOW_PRECISION:
		snprintf(buf, n, l == LANG_ZH
			 ? "%s 只有 %d 位有效位：整数只精确到 2^%d = %d，再往上相邻的数相差 2、4 乃至更多。bf16 精确到 256，fp16 到 2048（最大只到 65504）。位置编号保持为整数，角度至少用 float32 计算。"
			 : "%s keeps %d significant bits: whole numbers are exact up to 2^%d = %d, then 2 apart, then 4 and more. bf16 holds integers to 256, fp16 to 2048 (and ends at 65504). Keep ids as integers; form angles in float32 or wider.",
			 f.name, f.bits, f.bits, f.exact);
		break;
	case DRILL_CONTEXT_METHODS:
		drill_num_text(q->pe.base * pow(q->scale, d / (d - 2.0)), nb,
			       sizeof nb);
		snprintf(buf, n, l == LANG_ZH
			 ? "PI 用 p/s：每个波长都变成 s 倍，相邻位置挤在一起，要配合微调。NTK-aware 用 base·s^(d/(d-2)) = %s：第 0 个维度对不变，频率最低的正好变长 s 倍。YaRN 主要拉长低频维度对并加上注意力温度，所需微调比 PI 少。"
			 : "PI uses p/s: every wavelength grows s times, neighbours crowd, and it is meant to be fine-tuned. NTK-aware uses base·s^(d/(d-2)) = %s: pair 0 stays, the slowest pair grows s times. YaRN stretches mainly the slow pairs, adds a temperature, and needs less fine-tuning than PI.",
			 nb);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* ---- the interface ---- */

void drill_concept_question(const struct drill_question *q, enum lang l,
			    char *buf, size_t n)
{
	const struct concept *c = concept_of(q->kind);

	buf[0] = '\0';
	if (c && c->question[lang_index(l)])
		snprintf(buf, n, "%s", c->question[lang_index(l)]);
	else if (c)
		numbered_question(q, l, buf, n);
}

void drill_concept_option(const struct drill_question *q, enum lang l,
			  int opt, char *buf, size_t n)
{
	const struct concept *c = concept_of(q->kind);

	buf[0] = '\0';
	if (!c || opt < 0 || opt >= DRILL_CHOICES)
		return;
	if (c->option[lang_index(l)][opt])
		snprintf(buf, n, "%s", c->option[lang_index(l)][opt]);
	else
		numbered_right(q, l, buf, n);
}

void drill_concept_why(const struct drill_question *q, enum lang l,
		       char *buf, size_t n)
{
	const struct concept *c = concept_of(q->kind);

	buf[0] = '\0';
	if (c && c->why[lang_index(l)])
		snprintf(buf, n, "%s", c->why[lang_index(l)]);
	else if (c)
		numbered_why(q, l, buf, n);
}
