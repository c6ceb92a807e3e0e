#!/usr/bin/env python3
"""strings.py - checks the table of Chinese (src/base/tr_zh.c) against the
sentences the code shows (tr.h says how they are written).

Usage: strings.py SRC_DIR GLOSSARY

The Chinese lessons, lessons/zh/*.txt beside GLOSSARY (assets/), are held
to the same words: no word the glossary avoids, no English word it does
not keep, outside commands (": view explore") and the header's keys.
Both the rows and the lessons write full-width punctuation next to Chinese:
a ',' ';' ':' '?' '!' or ')' right after a Chinese character, or a '('
after one around Chinese words, is refused.

Every tr(l, "...") and N_("...") sentence of SRC_DIR must have its row,
every row must be a sentence of the code, no English may come twice, each
Chinese must take the same printf conversions in the same order as its
English, and no Chinese may use a word assets/glossary.txt says to avoid
or keep an English word that is not one of the glossary's kept terms, a
':' command or an --option.
Prints one line per problem, "file:line: what", and exits 1 if any.
"""
import os
import re
import sys

LIT = re.compile(r'"(?:[^"\\\n]|\\.)*"')
CONV = re.compile(r"%[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?"
                  r"(?:hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGaAcspn%]")
WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9_]*")
# A ':' command as typed, with its words (ASCII up to two blanks), or a
# command-line option.
TYPED = re.compile(r":[A-Za-z](?:[\x21-\x7e]| (?! ))*|--[a-z][a-z-]*")
TABLE = os.path.join("base", "tr_zh.c")


# A string or character literal (left as it is), or a comment (blanked).
CODE_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\Z)|\'(?:[^\'\\]|\\.)*(?:\'|\Z)'
                        r'|/\*.*?(?:\*/|\Z)|//[^\n]*', re.S)


def blank_comments(text):
    """text with every comment replaced by spaces (newlines kept). One
    regular expression: a loop over the characters made `make strings` and
    its suite take seconds."""
    def blank(m):
        t = m.group(0)
        return t if t[0] in "\"'" else re.sub(r"[^\n]", " ", t)
    return CODE_TOKEN.sub(blank, text)


def literals_at(text, i):
    """The adjacent string literals starting at text[i] (after blanks):
    (their joined contents, the index after them), or (None, i)."""
    parts = []
    j = i
    while True:
        k = j
        while k < len(text) and text[k] in " \t\n":
            k += 1
        m = LIT.match(text, k)
        if not m:
            break
        parts.append(m.group(0)[1:-1])
        j = m.end()
    return ("".join(parts), j) if parts else (None, i)


def line_of(text, i):
    return text.count("\n", 0, i) + 1


def sentences(src):
    """{english: first "file:line"} of every tr() and N_() sentence."""
    found = {}
    call = re.compile(r"(?<![A-Za-z0-9_])(tr|N_)\(")
    for root, _, files in os.walk(src):
        for name in sorted(files):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, src)
            if not name.endswith((".c", ".h")) or rel == TABLE:
                continue
            text = blank_comments(open(path, encoding="utf-8").read())
            for m in call.finditer(text):
                i = m.end()
                if m.group(1) == "tr":
                    depth = 0
                    while i < len(text):
                        ch = text[i]
                        if ch == '"':
                            i = LIT.match(text, i).end()
                            continue
                        if ch in "([":
                            depth += 1
                        elif ch in ")]":
                            depth -= 1
                        elif ch == "," and depth == 0:
                            break
                        i += 1
                    i += 1
                en, end = literals_at(text, i)
                if en is None:
                    continue	# a sentence marked N_() elsewhere
                found.setdefault(en, f"{path}:{line_of(text, m.start())}")
    return found


def table(path):
    """[(english, chinese, line)] of the table's rows."""
    text = blank_comments(open(path, encoding="utf-8").read())
    rows = []
    for m in re.finditer(r"\{\s*(?=\")", text):
        en, j = literals_at(text, m.end())
        k = j
        while k < len(text) and text[k] in " \t\n,":
            k += 1
        zh, _ = literals_at(text, k)
        if en is None or zh is None:
            continue
        rows.append((en, zh, line_of(text, m.start())))
    return rows


def glossary(path):
    """(the avoid words with their preferred term, the kept terms)."""
    avoid, kept = [], set()
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        en, zh = cols[0], cols[1] if len(cols) > 1 else ""
        if en == zh:
            kept.update(WORD.findall(en))
        for w in (cols[2].split(",") if len(cols) > 2 else []):
            if w.strip():
                avoid.append((w.strip(), zh))
    return avoid, kept


# A half-width mark written as a Chinese sentence's punctuation: right
# after a Chinese character, or a bracket opened right after one around
# Chinese words ("得分(m)" is a formula, "（见图）" a remark). Chinese
# sentences take ，；：？！（）. (A key or a formula keeps its own marks,
# a blank apart: "按 : 输入命令", "PE(p) 和 PE(q)".)
HAN = "\u4e00-\u9fff\u3400-\u4dbf"
HALF_WIDTH = re.compile(f"[{HAN}][,;:?!)]|[{HAN}]\\((?=[^)]*[{HAN}])")


def half_width(text):
    """The half-width marks next to Chinese characters in text."""
    return [m.group(0) for m in HALF_WIDTH.finditer(text)]


def lesson_problems(folder, avoid, kept):
    """One line per problem in the Chinese lessons of folder."""
    problems = []
    if not os.path.isdir(folder):
        return [f"{folder}: no such folder of Chinese lessons"]
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        path = os.path.join(folder, name)
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            line = line.rstrip("\n")
            # comments, commands and a question's answer letter are no prose
            if line.startswith(("#", ":", "answer:")):
                continue
            for key in ("title:", "about:", "ask:"):
                if line.startswith(key):
                    line = line[len(key):]
            line = re.sub(r"^option [a-z]:", "", line)
            where = f"{path}:{n}"
            for w, term in avoid:
                if w in line:
                    problems.append(f"{where}: \"{w}\" in the lesson: the glossary says {term}")
            for w in english_words(line.lstrip("="), kept):
                problems.append(f"{where}: English word \"{w}\" in the lesson")
            for m in half_width(line):
                problems.append(f"{where}: half-width \"{m}\" in Chinese: write it full-width")
    return problems


def english_words(text, kept):
    """The English words of text that Chinese may not keep: words of 3 or
    more letters that are not kept terms, outside printf conversions, ':'
    commands and --options."""
    return [w for w in WORD.findall(TYPED.sub(" ", CONV.sub(" ", text)))
            if sum(ch.isalpha() for ch in w) >= 3 and w not in kept]


def main():
    src, gloss = sys.argv[1], sys.argv[2]
    used = sentences(src)
    path = os.path.join(src, TABLE)
    rows = table(path)
    avoid, kept = glossary(gloss)
    problems = []
    seen = {}
    for en, zh, line in rows:
        where = f"{path}:{line}"
        if en in seen:
            problems.append(f"{where}: \"{en}\" has a row already (line {seen[en]})")
        seen[en] = line
        if en not in used:
            problems.append(f"{where}: \"{en}\" is not a sentence of the code")
        if CONV.findall(en) != CONV.findall(zh):
            problems.append(f"{where}: conversions {CONV.findall(zh)} of the "
                            f"Chinese differ from {CONV.findall(en)} of \"{en}\"")
        for w, term in avoid:
            if w in zh:
                problems.append(f"{where}: \"{w}\" in the Chinese: the glossary says {term}")
        for w in english_words(zh, kept):
            problems.append(f"{where}: English word \"{w}\" in the Chinese of \"{en}\"")
        for m in half_width(zh):
            problems.append(f"{where}: half-width \"{m}\" in the Chinese of \"{en}\": write it full-width")
    for en, where in sorted(used.items(), key=lambda kv: kv[1]):
        if en not in seen:
            problems.append(f"{where}: no Chinese for \"{en}\" in {path}")
    lessons = os.path.join(os.path.dirname(os.path.abspath(gloss)),
                           "lessons", "zh")
    problems += lesson_problems(lessons, avoid, kept)
    for p in problems:
        print(p)
    if problems:
        print(f"strings: {len(problems)} problems", file=sys.stderr)
        return 1
    print(f"strings: {len(rows)} sentences, each in English and Chinese")
    return 0


if __name__ == "__main__":
    sys.exit(main())
