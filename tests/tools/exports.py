#!/usr/bin/env python3
"""exports.py - checks that what a file of src/ exports, another file uses.

Usage: exports.py SRC_DIR BUILD_DIR [TEST_OBJECT...]

`nm` reads the objects of the program (BUILD_DIR/LAYER/X.o for each
SRC_DIR/LAYER/X.c) and the TEST_OBJECTs (the unit tests, the fuzz targets,
the key mash, the benchmarks). Every global symbol a file of the program
defines must be one of:
  - used by another file of the program;
  - used only by tests, and marked so where it is declared: the comment of
    its declaration in a header says "for tests" (or "for the tests"),
    for example a line /* For tests only. */ just above it;
  - `main`.
A symbol that only its own file uses must be static (and its declaration
leaves the header). One line per problem, as FILE:LINE: what is wrong.
Objects without their .c file (left over from a file since removed) are
skipped. Exits 0 when there is nothing to say, 1 when there is, 2 on bad
usage."""
import os
import re
import sys

from layers import symbols  # the one reader of nm, beside this file

MARK = re.compile(r'\bfor (the )?tests\b', re.I)
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)


def blank_comments(text):
    """text with every comment's characters but newlines made spaces."""
    return COMMENT.sub(lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text)


def declaration(text, name):
    """(line, marked) of the first declaration of name in a header's text,
    or None. Its comment is the text between the end of the declaration
    before it (a ';', a '}' or a preprocessor line) and its own ';'."""
    code = blank_comments(text)
    # not a tag of the same name ("struct pe_base_min *s" in another
    # function's parameters)
    for m in re.finditer(r'(?<!struct )(?<!enum )(?<!union )\b%s\b'
                         % re.escape(name), code):
        end = code.find(';', m.end())
        if end < 0 or '{' in code[m.end():end]:
            continue
        start = max(code.rfind(';', 0, m.start()), code.rfind('}', 0, m.start()))
        pre = [i for i in (code.rfind('\n#', 0, m.start()),) if i > start]
        if pre:
            start = code.find('\n', pre[0] + 1)
        line = text.count('\n', 0, m.start()) + 1
        return line, bool(MARK.search(text[start + 1:end]))
    return None


def line_of(path, name):
    """The line of path where name is defined (a line starting with its
    type and holding 'name(' that is not a prototype), else 1."""
    pat = re.compile(r'^[A-Za-z_].*\b%s\s*[(\[=;]' % re.escape(name))
    with open(path, encoding='utf-8', errors='replace') as f:
        for no, line in enumerate(f, 1):
            if pat.search(line) and not line.startswith(('static', '#')) \
                    and not re.search(r'\)\s*;\s*$', line):
                return no
    return 1


def main(argv):
    if len(argv) < 3 or not all(map(os.path.isdir, argv[1:3])):
        print('usage: exports.py SRC_DIR BUILD_DIR [TEST_OBJECT...]',
              file=sys.stderr)
        return 2
    src, build, tests = argv[1], argv[2], argv[3:]
    shown = os.path.normpath(src)
    objs = {}
    for folder, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            if name.endswith('.c'):
                rel = os.path.relpath(os.path.join(folder, name), src)
                obj = os.path.join(build, rel[:-2] + '.o')
                if os.path.exists(obj):
                    objs[obj] = rel
    prog = symbols(sorted(objs))
    users = {}
    for obj, (_, used) in prog.items():
        for sym in used:
            users.setdefault(sym, set()).add(obj)
    test_users = {}
    for obj, (_, used) in symbols(sorted(tests)).items():
        for sym in used:
            test_users.setdefault(sym, set()).add(os.path.basename(obj))
    headers = {}
    for folder, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            if name.endswith('.h'):
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8', errors='replace') as f:
                    headers[os.path.relpath(path, src)] = f.read()
    problems = []
    for obj in sorted(objs):
        rel = objs[obj]
        for sym in sorted(prog[obj][0]):
            if sym == 'main' or users.get(sym, set()) - {obj}:
                continue
            where = f'{shown}/{rel}:{line_of(os.path.join(src, rel), sym)}'
            if sym not in test_users:
                problems.append(f'{where}: {sym} is used only in its own file: '
                                f'make it static (and take it out of its header)')
                continue
            own = rel[:-2] + '.h'
            order = [own] + sorted(h for h in headers if h != own)
            found = None
            for h in order:
                if h in headers:
                    d = declaration(headers[h], sym)
                    if d:
                        found = (h,) + d
                        break
            who = ', '.join(sorted(test_users[sym])[:3])
            if found is None:
                problems.append(f'{where}: {sym} is used only by tests ({who}) '
                                f'and declared in no header')
            elif not found[2]:
                problems.append(f'{shown}/{found[0]}:{found[1]}: {sym} is used '
                                f'only by tests ({who}): mark it, '
                                f'/* For tests only. */ above it')
    for p in problems:
        print(p)
    if problems:
        print(f'exports: {len(problems)} problem(s)', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
