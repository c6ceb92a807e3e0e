#!/usr/bin/env bash
# --model FILE: a config.json's wavelengths against a NumPy port of
# transformers' modeling_rope_utils.py (tests/e2e/rope_ref.py, which names
# the version) for every rope_type, partial rotary and MLA, at lengths
# below and above the trained one; the status line naming the model; and
# every bad input with its exit status and its one line.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
export LC_ALL=C.UTF-8
here=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")" && pwd)
P=${PESCOPE:-./pescope}

if ! "$PY" -c 'import numpy' 2>/dev/null; then
	not_ok "NumPy available for cross-checks" "install python3-numpy (make check does)"
	exit 1
fi

# The configs: one per rope_type and per way of choosing the rotated
# width. Made up for the test (the shipped models' own configs are in
# tests/fixtures/models); the numbers are chosen so that each formula's
# branches are taken: yarn's ramp inside the pairs, llama3's three bands,
# dynamic and longrope below and above their lengths.
factors() { # N VALUE0 STEP: a JSON list of N numbers
	"$PY" -c 'import sys; n, a, s = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]); print("[" + ", ".join(repr(a + s * i) for i in range(n)) + "]")' "$@"
}
cat >"$tmp/default.json" <<'J'
{"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000.0,
 "max_position_embeddings": 8192}
J
cat >"$tmp/linear.json" <<'J'
{"hidden_size": 2048, "num_attention_heads": 16, "max_position_embeddings": 4096,
 "rope_scaling": {"type": "linear", "factor": 4.0}}
J
cat >"$tmp/dynamic.json" <<'J'
{"head_dim": 64, "rope_theta": 10000.0, "max_position_embeddings": 2048,
 "rope_scaling": {"rope_type": "dynamic", "factor": 2.0}}
J
cat >"$tmp/yarn.json" <<'J'
{"hidden_size": 3584, "num_attention_heads": 28, "rope_theta": 1000000.0,
 "max_position_embeddings": 32768,
 "rope_scaling": {"rope_type": "yarn", "factor": 4.0}}
J
cat >"$tmp/yarn-untruncated.json" <<'J'
{"head_dim": 64, "rope_theta": 150000, "max_position_embeddings": 131072,
 "rope_parameters": {"rope_type": "yarn", "factor": 32.0, "beta_fast": 32.0,
  "beta_slow": 1.0, "truncate": false, "original_max_position_embeddings": 4096}}
J
cat >"$tmp/mla.json" <<'J'
{"hidden_size": 7168, "num_attention_heads": 128, "qk_rope_head_dim": 64,
 "qk_nope_head_dim": 128, "rope_theta": 10000, "max_position_embeddings": 163840,
 "rope_scaling": {"type": "yarn", "factor": 40, "beta_fast": 32, "beta_slow": 1,
  "mscale": 1.0, "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096}}
J
cat >"$tmp/llama3.json" <<'J'
{"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000.0,
 "max_position_embeddings": 131072,
 "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
  "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}}
J
printf '{"hidden_size": 3072, "num_attention_heads": 32, "rope_theta": 10000.0,
 "max_position_embeddings": 131072, "original_max_position_embeddings": 4096,
 "rope_scaling": {"type": "longrope", "short_factor": %s, "long_factor": %s}}\n' \
	"$(factors 48 1.0 0.01)" "$(factors 48 1.5 0.75)" >"$tmp/longrope.json"
# Phi-3's first configs name longrope "su"; transformers' Phi3Config
# renames it (and "yarn") for model_type phi3 only
sed -e 's/"type": "longrope"/"type": "su"/' -e 's/^{/{"model_type": "phi3", /' \
	"$tmp/longrope.json" >"$tmp/phi3-su.json"
sed 's/"type": "su"/"type": "yarn"/' "$tmp/phi3-su.json" >"$tmp/phi3-yarn.json"
cat >"$tmp/neox.json" <<'J'
{"hidden_size": 6144, "num_attention_heads": 64, "rotary_pct": 0.25,
 "rotary_emb_base": 10000, "max_position_embeddings": 2048}
J
cat >"$tmp/gptj.json" <<'J'
{"n_embd": 4096, "n_head": 16, "rotary_dim": 64, "n_positions": 2048}
J
cat >"$tmp/partial.json" <<'J'
{"hidden_size": 2560, "num_attention_heads": 32, "partial_rotary_factor": 0.4,
 "rope_theta": 10000.0, "max_position_embeddings": 2048}
J

# agree NAME LEN: pescope's wavelengths of config NAME at length LEN within
# 1e-12 of rope_ref.py's, pair by pair; the largest relative difference is
# printed for the report.
worst=0
agree() {
	local f=$tmp/$1.json out
	if ! "$P" --model "$f" --dump-series wavelengths -n "$2" >"$tmp/got" 2>"$tmp/err"; then
		not_ok "$1 at length $2: --dump-series wavelengths" "$(cat "$tmp/err")"
		return
	fi
	"$PY" "$here/rope_ref.py" "$f" "$2" >"$tmp/want"
	out=$("$PY" - "$tmp/got" "$tmp/want" <<'PYEOF'
import sys
import numpy as np
got = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1)
want = np.loadtxt(sys.argv[2], ndmin=1)
assert got.shape[0] == want.shape[0], "%d pairs, want %d" % (got.shape[0], want.shape[0])
assert (got[:, 0] == np.arange(want.shape[0])).all(), "pair column"
rel = np.max(np.abs(got[:, 1] - want) / want)
print("%.3g" % rel)
sys.exit(0 if rel <= 1e-12 else 1)
PYEOF
	) && ok "$1 at length $2: wavelengths match transformers' within 1e-12 (largest $out)" \
	  || not_ok "$1 at length $2: wavelengths match transformers' within 1e-12" "$out"
}
for c in default linear yarn yarn-untruncated mla llama3 neox gptj partial; do
	agree "$c" 128
done
# dynamic and longrope follow the length: at, just above and far above
# the length their formula switches at
for n in 2048 2049 8192 100000; do agree dynamic "$n"; done
for n in 4096 4097 131072; do agree longrope "$n"; done
for n in 4096 4097; do agree phi3-su "$n"; agree phi3-yarn "$n"; done
if "$P" --model "$tmp/phi3-su.json" --dump-series wavelengths -n 4097 >"$tmp/su.out" &&
   "$P" --model "$tmp/longrope.json" --dump-series wavelengths -n 4097 >"$tmp/lr.out" &&
   cmp -s "$tmp/su.out" "$tmp/lr.out"; then
	ok "Phi-3's \"su\" is longrope: the same wavelengths, digit for digit"
else
	not_ok "Phi-3's \"su\" is longrope: the same wavelengths, digit for digit" "$(head -c 300 "$tmp/su.out")"
fi

# The width, base and trained length reach the explorer; the status line
# names the model.
shot=$("$P" --model "$tmp/mla.json" --snapshot --size 100x30 --view context)
case $(printf '%s\n' "$shot" | head -n 1) in
*"mla  rotated=64 base=10000 "*) ok "status line names the model and the 64 dims it turns (not d_model=64: its d_model is 7168)" ;;
*) not_ok "status line names the model and the 64 dims it turns" "$(printf '%s\n' "$shot" | head -n 1)" ;;
esac
case $shot in
*"L0=4096 "*) ok "the trained length is the original 4096" ;;
*) not_ok "the trained length is the original 4096" ;;
esac

fixtures=$here/../fixtures/models

# The context view on a model shows the model's own scaling: the title
# names the model and its scaling, s is its factor and L0 its trained
# length, its kind's row is marked and computed with its config's settings
# (YaRN's beta_fast, beta_slow and attention factor; Llama 3.1's low and
# high factors), and its numbers are rope_ref.py's (NumPy port of
# transformers' modeling_rope_utils.py, v5 line; the version is named
# there): lambda_0, the last lambda and sim(k=1) = mean_i cos(omega_i),
# and for YaRN the score factor, the attention factor squared.
cat >"$tmp/yarn-own.json" <<'J'
{"head_dim": 64, "rope_theta": 10000, "max_position_embeddings": 65536,
 "rope_scaling": {"rope_type": "yarn", "factor": 16, "beta_fast": 8,
  "beta_slow": 2, "mscale": 0.5, "mscale_all_dim": 1.0,
  "original_max_position_embeddings": 4096}}
J
cat >"$tmp/llama3-own.json" <<'J'
{"head_dim": 128, "rope_theta": 500000.0, "max_position_embeddings": 131072,
 "rope_scaling": {"rope_type": "llama3", "factor": 16.0, "low_freq_factor": 2.0,
  "high_freq_factor": 8.0, "original_max_position_embeddings": 8192}}
J
own_view() { # WHAT CONFIG ARGS...: the context view's own row against NumPy
	local what=$1 cfg=$2 out
	shift 2
	if ! "$P" "$@" --snapshot --size 120x40 --view context >"$tmp/own.txt" 2>"$tmp/err"; then
		not_ok "context view on $what" "$(cat "$tmp/err")"
		return
	fi
	out=$("$PY" - "$tmp/own.txt" "$cfg" "$here" <<'PYEOF'
import math, re, sys
import numpy as np
sys.path.insert(0, sys.argv[3])
import rope_ref
import json
text = open(sys.argv[1], encoding="utf-8").read()
cfg = json.load(open(sys.argv[2]))
c, rp = rope_ref.normalise(cfg)
kind = rp["rope_type"]
label = {"default": "original", "linear": "PI", "dynamic": "dyn. NTK",
         "yarn": "YaRN", "longrope": "LongRoPE", "llama3": "Llama 3.1"}[kind]
if kind in ("yarn", "longrope") and "original_max_position_embeddings" in rp:
    factor = c["max_position_embeddings"] / rp["original_max_position_embeddings"]
else:
    factor = rp.get("factor", 1.0)
trained = rp.get("original_max_position_embeddings") \
    or c.get("original_max_position_embeddings") or c["max_position_embeddings"]
inv = rope_ref.inv_freq(cfg, 128)
lam = 2 * math.pi / inv
sim1 = float(np.mean(np.cos(inv)))
rows = re.findall(r"▶(original|PI|NTK|YaRN|dyn\. NTK|Llama 3\.1|LongRoPE) +(\S+) +(\S+) +(\S+)", text)
assert len(rows) == 1, "one marked row, got %r" % rows
name, l0, ll, sim = rows[0]
assert name == label, "marked %s, want %s" % (name, label)
for got, want in ((float(l0), lam[0]), (float(ll), lam[-1])):
    assert abs(got - want) <= 0.005 * want, "lambda %g, NumPy %g" % (got, want)
assert abs(float(sim) - sim1) <= 5e-5, "sim(k=1) %s, NumPy %.6f" % (sim, sim1)
assert "L0=%d " % trained in text, "L0 is not %d" % trained
if kind != "default":
    assert re.search(r"  s=%s " % re.escape(("%g" % factor)), text), "s is not %g" % factor
    title = "%s ×%g" % (label, factor)
else:
    title = "no scaling"
assert re.search(r"┌ Model \S+: %s \(m / M\)" % re.escape(title), text), "title: " + title
assert "← its own" in text or "'s own" in text, "no note on the row"
if kind == "yarn":
    a = rope_ref.yarn_attention(cfg)
    m = re.search(r"Temperature on q·k: (?:\S+ )?YaRN ×([0-9.]+)", text)
    assert m and abs(float(m.group(1)) - a * a) <= 5e-4, "scores %s, NumPy %.4f" % (m and m.group(1), a * a)
h = len(inv)
if kind == "yarn":
    # the ramp's ends, find_correction_range with the config's betas
    dim = 2 * h
    base = rp["rope_theta"]
    def corr(r):
        return dim * math.log(trained / (r * 2 * math.pi)) / (2 * math.log(base))
    lo = max(math.floor(corr(rp.get("beta_fast") or 32)), 0)
    hi = min(math.ceil(corr(rp.get("beta_slow") or 1)), dim - 1)
    m = re.search(r"YaRN: (?:ω kept to pair (\d+), ramp to pair (\d+)|ramp over pairs (\d+)-(\d+))", text)
    got = [int(g) for g in m.groups() if g is not None] if m else None
    assert got == [lo, hi], "YaRN's ramp %r, NumPy %d-%d" % (got, lo, hi)
if kind == "llama3":
    old = rp["original_max_position_embeddings"]
    wl = 2 * math.pi / rope_ref.default(c, rp, 2 * h, 128)
    kept = int(np.sum(wl < old / rp["high_freq_factor"]))
    div = int(np.argmax(wl > old / rp["low_freq_factor"]))
    m = re.search(r"Llama 3\.1: (\d+) (?:pairs )?kept.*?ω/s from (?:pair )?(\d+)", text)
    got = [int(g) for g in m.groups()] if m else None
    assert got == [kept, div], "Llama 3.1's bands %r, NumPy %d, %d" % (got, kept, div)
print("%s %s %s %s" % (name, l0, ll, sim))
PYEOF
	) && ok "context view on $what: its own row ($out), title, s, L0 as NumPy's" \
	  || not_ok "context view on $what: its own row, title, s, L0 as NumPy's" "$out"
}
own_view llama-3.1-8b "$fixtures/llama-3.1-8b.json" --model llama-3.1-8b
own_view deepseek-v3 "$fixtures/deepseek-v3.json" --model deepseek-v3
own_view qwen2.5-7b "$fixtures/qwen2.5-7b.json" --model qwen2.5-7b
own_view "a yarn config with its own betas and mscale" "$tmp/yarn-own.json" --model "$tmp/yarn-own.json"
own_view "a llama3 config with its own low and high factors" "$tmp/llama3-own.json" --model "$tmp/llama3-own.json"
# --set wins over the model's factor; without a model nothing is marked
if "$P" --model deepseek-v3 --set scale=2 --snapshot --size 120x40 --view context | grep -q "  s=2 "; then
	ok "--set scale= wins over the model's own factor"
else
	not_ok "--set scale= wins over the model's own factor"
fi
if ! "$P" --snapshot --size 120x40 --view context | grep -q "▶YaRN\|▶original\|'s own\|its own"; then
	ok "without a model no row is marked as a model's own"
else
	not_ok "without a model no row is marked as a model's own"
fi

# A learned table is named as such on the bottom line, at 80x24 too.
printf '{"n_embd": 768, "n_head": 12, "n_positions": 1024}' >"$tmp/gpt2.json"
got=$("$P" --model "$tmp/gpt2.json" --snapshot --size 80x24 | tail -n 1)
case $got in
"gpt2 learns its positions (a table); shown: the formula at d 768"*) ok "a learned table says so" ;;
*) not_ok "a learned table says so" "$got" ;;
esac

# :model FILE in the explorer: applied, or refused with the state kept.
printf 'key :\ntext model %s\nkey Enter\n' "$tmp/llama3.json" >"$tmp/k.ok"
got=$("$P" --keys "$tmp/k.ok" --size 100x30 | tail -n 1)
case $got in
*"llama3  rotated=128 base=500000 "*) ok ":model FILE shows the model and names it" ;;
*) not_ok ":model FILE shows the model and names it" "$got" ;;
esac
printf '{"head_dim": 64, "rope_theta": NaN}' >"$tmp/nan.json"
printf 'key :\ntext model %s\nkey Enter\n' "$tmp/nan.json" >"$tmp/k.bad"
got=$("$P" --keys "$tmp/k.bad" --size 100x30 --snapshot)
case $got in
*"nan.json:1:34: not valid JSON"*"d_model=128 base=10000 "*) ok ":model with a bad file says why and changes nothing" ;;
*) not_ok ":model with a bad file says why and changes nothing" "$(printf '%s\n' "$got" | tail -n 2 | tr '\n' ' ')" ;;
esac

# :model NAME takes a row of the presets table (as :preset did, and still
# does), and a word that is neither a name nor a file's gets the names.
printf 'key :\ntext model head-5e5\nkey Enter\n' >"$tmp/k.name"
got=$("$P" --keys "$tmp/k.name" --size 100x30 --snapshot | tail -n 2 | tr '\n' ' ')
case $got in
"128-wide head, base 500000: LLaMA 3, trained at 8192"*"d_model=128 base=500000 "*) ok ":model NAME applies the preset" ;;
*) not_ok ":model NAME applies the preset" "$got" ;;
esac
printf 'key :\ntext model head-1e7\nkey Enter\n' >"$tmp/k.noname"
got=$("$P" --keys "$tmp/k.noname" --size 100x30 --snapshot | tail -n 2 | tr '\n' ' ')
case $got in
'no model called "head-1e7": m and M step through the table'*"d_model=128 base=10000 "*) ok ":model with an unknown name says where the names are and changes nothing" ;;
*) not_ok ":model with an unknown name says where the names are and changes nothing" "$got" ;;
esac
# A lesson may name a preset with model.
mkdir -p "$tmp/lessons"
printf 'title: Models\nabout: one step\n\n== One\n: model head-1e6\nA head at base 1e6.\n' >"$tmp/lessons/one.txt"
if "$P" --lesson "$tmp/lessons/one.txt" --snapshot --size 100x30 >"$tmp/out" 2>"$tmp/err" &&
   grep -q "d_model=128 base=1e6 " "$tmp/out"; then
	ok "a lesson step can say model NAME"
else
	not_ok "a lesson step can say model NAME" "$(tail -n 2 "$tmp/out"; cat "$tmp/err")"
fi
# A lesson step's model FILE is named from the lesson's folder, wherever
# pescope was started, and read when the lesson is.
cp "$tmp/llama3.json" "$tmp/lessons/from-lesson.json"
printf 'title: Models\nabout: one step\n\n== One\n: model from-lesson.json\nA file.\n' >"$tmp/lessons/two.txt"
got=$(cd "$tmp" && "$P" --lesson lessons/two.txt --snapshot --size 100x30 2>&1)
case $got in
*"from-lesson  rotated=128 base=500000 "*) ok "a lesson step reads model FILE from the lesson's folder" ;;
*) not_ok "a lesson step reads model FILE from the lesson's folder" "$(printf '%s
' "$got" | tail -n 3)" ;;
esac
printf 'title: Models\nabout: one step\n\n== One\n: model gone.json\nA file.\n' >"$tmp/lessons/three.txt"
"$P" --lesson "$tmp/lessons/three.txt" --snapshot --size 100x30 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 65 ] && grep -q "three.txt:5: .*lessons/gone.json: cannot read" "$tmp/err"; then
	ok "a lesson whose model file is missing is refused when it is read, naming the line"
else
	not_ok "a lesson whose model file is missing is refused when it is read, naming the line" "rc $rc: $(cat "$tmp/err")"
fi

# refused NAME STATUS TEXT COMMAND...: exits STATUS with one line on
# standard error holding TEXT, and writes nothing to standard output.
# refused NAME STATUS TEXT CMD...: refuses_named (tap.bash) in a folder
# of its own, so that nothing may be left behind.
mkdir "$tmp/cwd"
refused() { refuses_named "$1" "$tmp/cwd" "${@:2}"; }
bad() { # NAME STATUS TEXT JSON
	printf '%s' "$4" >"$tmp/bad.json"
	refused "$1" "$2" "$3" "$P" --model "$tmp/bad.json" --dump-series wavelengths
}
bad "malformed JSON" 65 "bad.json:2:16: not valid JSON" '{"head_dim": 64,
 "rope_theta": }'
bad "NaN token" 65 "not valid JSON: invalid token near 'NaN'" '{"head_dim": 64, "rope_theta": NaN}'
bad "Infinity token" 65 "not valid JSON: invalid token near 'Infinity'" '{"head_dim": 64, "rope_theta": Infinity}'
bad "a string for a number" 65 "rope_theta must be a number, not a string" '{"head_dim": 64, "rope_theta": "1e4"}'
bad "a number for a string" 65 "rope_scaling.rope_type must be a string, not a number" '{"head_dim": 64, "rope_scaling": {"rope_type": 3}}'
bad "rope_theta 1" 65 "rope_theta is 1; it must be above 1" '{"head_dim": 64, "rope_theta": 1}'
bad "rope_theta huge" 65 "rope_theta is 10000000000000; it must be above 1 and at most 1e+12" '{"head_dim": 64, "rope_theta": 1e13}'
bad "head_dim odd" 65 "the head width 65 is odd" '{"head_dim": 65}'
bad "head_dim 0" 65 "head_dim is 0; it must be a whole number from 2 to 65536" '{"head_dim": 0}'
bad "head_dim above 65536" 65 "head_dim is 65538; it must be a whole number from 2 to 65536" '{"head_dim": 65538}'
bad "partial_rotary_factor 0" 65 "partial_rotary_factor is 0; it must be above 0 and at most 1" '{"head_dim": 64, "partial_rotary_factor": 0}'
bad "partial_rotary_factor 1.25" 65 "partial_rotary_factor is 1.25" '{"head_dim": 64, "partial_rotary_factor": 1.25}'
bad "long_factor of the wrong length" 65 "long_factor has 3 numbers; it needs 32, one per pair of the 64 rotated dims" \
	"{\"head_dim\": 64, \"max_position_embeddings\": 8192, \"original_max_position_embeddings\": 2048, \"rope_scaling\": {\"type\": \"longrope\", \"short_factor\": $(factors 32 1 0), \"long_factor\": [1, 2, 3]}}"
bad "unknown rope_type" 65 "rope_type \"dynamic-yarn\" is not one pescope knows" '{"head_dim": 64, "rope_scaling": {"rope_type": "dynamic-yarn", "factor": 2}}'
bad "learned table's wavelengths" 65 "its positions are a learned table, which has no wavelengths" '{"n_embd": 768, "n_head": 12, "n_positions": 1024}'
"$PY" -c 'import sys; sys.stdout.write("[" * 10000 + "]" * 10000)' >"$tmp/deep.json"
refused "10000 levels of nesting" 65 "deep.json:1:2049: not valid JSON: maximum parsing depth reached" \
	"$P" --model "$tmp/deep.json" --dump-series wavelengths
truncate -s 100M "$tmp/big.json"
refused "a 100 MB file" 65 "big.json: larger than 4194304 bytes" \
	"$P" --model "$tmp/big.json" --dump-series wavelengths
refused "a missing file" 66 "missing.json: cannot read: No such file or directory" \
	"$P" --model "$tmp/missing.json" --dump-series wavelengths
refused "a folder" 66 "is a folder, not a config file" \
	"$P" --model "$tmp" --dump-series wavelengths
mkfifo "$tmp/fifo"
refused "a FIFO, without waiting for a writer" 66 "fifo: not a regular file" \
	"$P" --model "$tmp/fifo" --dump-series wavelengths
refused "/dev/zero" 66 "/dev/zero: not a regular file" \
	"$P" --model /dev/zero --dump-series wavelengths
# A path kept for the screen's command line and scene holds 255 bytes: a
# longer one is refused, not kept cut (a cut path would be saved).
long="$tmp/$(printf 'm%.0s' $(seq 300)).json"
refused "a --model path over 255 bytes" 64 "(a path of at most 255 bytes)" \
	"$P" --model "$long" --dump-series wavelengths
refused "--model with -d" 64 "--model sets d_model and the base" \
	"$P" --model "$tmp/default.json" -d 64 --dump-series wavelengths
refused "--model with --scaling" 64 "--model brings its own scaling" \
	"$P" --model "$tmp/default.json" --scaling pi --scale 2 --train 100 --dump-series wavelengths
refused "--dim beyond the model's width" 64 "--dim must be below the model's width 64, got 100" \
	"$P" --model "$tmp/mla.json" --dim 100 --dump-series wave
# --model NAME is --preset NAME: one table on the command line too
got=$("$P" --model head-5e5 --snapshot --size 100x30)
case $got in
*"d_model=128 base=500000 "*) ok "--model NAME starts from the preset" ;;
*) not_ok "--model NAME starts from the preset" "$(printf '%s\n' "$got" | tail -n 2)" ;;
esac
refused "--model with a word that is no preset" 64 \
	'--model must be a preset (transformer, head-1e4, head-5e5, head-1e6, gpt2, bert-base, llama-2-7b, llama-3-8b, llama-3.1-8b, mistral-7b, qwen2.5-7b, qwen2-vl-7b, deepseek-v3, gpt-neox-20b, gpt-j-6b or gemma-2-2b) or a file name with a / or .json, got "llama"' \
	"$P" --model llama --snapshot

# The table of models: every shipped row is its config.json, kept in
# tests/fixtures/models under the row's name (README.md there cites each):
# the same wavelengths digit for digit below and above the trained length
# (a learned table refused alike), the same status line and trained
# length, and the file's wavelengths within 1e-12 of rope_ref.py's.

rows=0
while IFS=$'\t' read -r name what source; do
	case $source in */*) ;; *) continue ;; esac	# hand-made rows
	rows=$((rows + 1))
	f=$fixtures/$name.json
	if [ ! -f "$f" ]; then
		not_ok "$name: its config is kept as $f"
		continue
	fi
	same=1
	for n in 128 100000; do
		"$P" --model "$name" --dump-series wavelengths -n "$n" >"$tmp/row.out" 2>/dev/null
		rc_row=$?
		"$P" --model "$f" --dump-series wavelengths -n "$n" >"$tmp/file.out" 2>/dev/null
		rc_file=$?
		if [ "$rc_row" != "$rc_file" ] || ! cmp -s "$tmp/row.out" "$tmp/file.out" ||
		   { [ "$rc_row" != 0 ] && [ "$rc_row" != 65 ]; }; then
			same=0
			not_ok "$name: --model $name and its config agree at length $n" \
				"exit $rc_row and $rc_file; $(head -c 200 "$tmp/row.out")"
		fi
	done
	[ "$same" = 1 ] && ok "$name: the row's wavelengths are its config's, at lengths 128 and 100000 (exit $rc_row)"
	row_shot=$("$P" --model "$name" --snapshot --size 120x40 --view context)
	file_shot=$("$P" --model "$f" --snapshot --size 120x40 --view context)
	row_l0=$(printf '%s\n' "$row_shot" | grep -o 'L0=[0-9]*' | head -n 1)
	file_l0=$(printf '%s\n' "$file_shot" | grep -o 'L0=[0-9]*' | head -n 1)
	if [ "$(printf '%s\n' "$row_shot" | head -n 1)" = "$(printf '%s\n' "$file_shot" | head -n 1)" ] &&
	   [ -n "$row_l0" ] && [ "$row_l0" = "$file_l0" ]; then
		ok "$name: the same status line and $row_l0 as its config"
	else
		not_ok "$name: the same status line and trained length as its config" \
			"$(printf '%s\n' "$row_shot" | head -n 1) $row_l0 / $file_l0"
	fi
	if [ "$rc_row" = 0 ]; then
		cp "$f" "$tmp/fixture-$name.json"
		agree "fixture-$name" 128
	fi
done < <("$P" --list models)
if [ "$rows" -ge 12 ] && [ "$(find "$fixtures" -name '*.json' | wc -l)" -eq "$rows" ]; then
	ok "--list models: $rows shipped rows, one kept config each"
else
	not_ok "--list models: the shipped rows and the kept configs match" \
		"$rows rows, $(find "$fixtures" -name '*.json' | wc -l) configs"
fi
got=$("$P" --list models | grep -c "$(printf '\t')")
[ "$got" -ge 16 ] && ok "--list models: name, line and source, tab-separated" \
	|| not_ok "--list models: name, line and source, tab-separated" "$got rows"
# M steps forward through every row, m back: from the last hand-made
# row into the shipped ones, and from the start back to the last row
got=$(yes 'key M' | head -n 5 | "$P" --keys - --snapshot --size 100x30 | head -n 1)
case $got in
*" gpt2  d_model=768 "*) ok "M steps into the shipped rows: gpt2 after head-1e6" ;;
*) not_ok "M steps into the shipped rows: gpt2 after head-1e6" "$got" ;;
esac
got=$(printf 'key m\n' | "$P" --keys - --snapshot --size 100x30 | head -n 1)
case $got in
*" gemma-2-2b  rotated=256 "*) ok "m from the start goes round to the last row" ;;
*) not_ok "m from the start goes round to the last row" "$got" ;;
esac

# the messages are in Chinese too
printf '%s' '{"head_dim": 64, "rope_scaling": {"type": "su"}}' >"$tmp/bad.json"
refused "a Chinese message" 65 "pescope 不认识 rope_type \"su\"" \
	"$P" --lang zh --model "$tmp/bad.json" --snapshot

finish
