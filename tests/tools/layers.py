#!/usr/bin/env python3
"""layers.py - checks that the includes of src/ point down, and that no
two files use each other's functions.

Usage: layers.py SRC_DIR [BUILD_DIR]

Reads SRC_DIR/layers.txt (the layers, lowest first, and what each may
include), then every .c and .h file under SRC_DIR, and prints one line per
problem, as FILE:LINE: what is wrong:
  - an #include "..." without its folder ("pe.h" instead of "engine/pe.h"),
    or of a file that does not exist;
  - an include of a layer the file's layer may not include (up or sideways);
  - an include circle between modules (x.c and x.h are one module), with
    every step of it;
  - <curses.h> (or ncurses, term.h, panel.h...) in any file but the one
    named by the `curses` line;
  - in views/ and render/, a struct cache reached into by hand, outside
    render/cache.c and .h: its done flag read or written (cache_done,
    cache_finish), its memory taken or cast (CACHE_MEM, CACHE_GET,
    CACHE_PART), its started or have flag written (cache_forget,
    cache_publish);
  - in views/, a size compared with a bare number (`in.h >= 12`, `w < 8`:
    a panel's sizes are tiers, tables read by TIER) or a panel's inside
    computed by hand (`r.x + 1, r.y + 1, r.w - 2, r.h - 2`: panel_inside
    and panel_open give it), outside views/panel.c; the tests of nothing
    left or of a negative (`> 0`, `< 1`, `<= 0`, `>= 1`, `== 0`, `< 0`,
    `>= 0`) are no threshold;
  - with BUILD_DIR (the objects of SRC_DIR's .c files, BUILD_DIR/LAYER/X.o):
    a circle between files at the symbol level, which includes cannot show
    (two .c files share one header, or each declares what it takes): file A
    uses a symbol B defines and B, through any number of files, one A
    defines. `nm` reads the objects; each step of a circle is printed with
    the symbols it takes. Objects without their .c file (left over from a
    file since removed) are skipped.
Exits 0 when there is nothing to say, 1 when there is, 2 on bad usage."""
import os
import re
import subprocess
import sys

CURSES = re.compile(r'#\s*include\s*<\s*(n?cursesw?/)?(n?curses|term|panel|menu|form)\.h\s*>')
LOCAL = re.compile(r'#\s*include\s*"([^"]+)"')
# A cache's insides that only render/cache.c touches (render/cache.h).
CACHE_LAYERS = ('views', 'render')
CACHE_FILES = ('render/cache.c', 'render/cache.h')
CACHE_INSIDES = [
    (re.compile(r'(\.|->)\s*done\b'),
     'reads or writes a cache\'s done flag; use cache_done or cache_finish'),
    (re.compile(r'(\.|->)\s*mem\b'),
     'takes a cache\'s memory by hand; use CACHE_MEM, CACHE_GET or CACHE_PART'),
    (re.compile(r'(\.|->)\s*(started|have)\s*=(?!=)'),
     'writes a cache\'s flag; use cache_forget, cache_start or cache_publish'),
]
# A size (.w, .h, ->w, w, h, ih, rows, cols, a *_w or *_h) compared with a
# bare number, the number not the start of an expression (`w > 2 * h`).
SIZE_LAYER = 'views'
SIZE_FILES = ('views/panel.c',)
SIZE = re.compile(r'\b((?:[a-z_]+(?:\.|->))*(?:w|h)|ih|iw|tw|rows|cols|'
                  r'height|width|[a-z]+_[wh])\s*(>=|<=|<|>|==)\s*([0-9]+)\b'
                  r'(?!\s*[-+*/.])')
NOTHING_LEFT = {('>', '0'), ('>=', '1'), ('<=', '0'), ('<', '1'), ('==', '0'),
                ('<', '0'), ('>=', '0')}
INSIDE = re.compile(r'\bx \+ 1,\s*[\w.>-]*\by \+ 1,\s*[\w.>-]*\bw - 2,'
                    r'\s*[\w.>-]*\bh - 2\b')
COMMENT = re.compile(r'/\*.*?\*/|//.*$|^\s*\*.*$|/\*.*$')


def read_table(path):
    order, allowed, curses_ok = [], {}, set()
    with open(path, encoding='utf-8') as f:
        for line in f:
            words = line.split('#', 1)[0].split()
            if not words:
                continue
            if words[0] == 'curses':
                curses_ok.update(words[1:])
                continue
            order.append(words[0])
            allowed[words[0]] = set(words[1:])
    return order, allowed, curses_ok


def sources(src):
    for folder, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            if name.endswith(('.c', '.h')):
                yield os.path.relpath(os.path.join(folder, name), src)


def module(rel):
    return os.path.splitext(rel)[0]


def circles(graph):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def symbols(objs):
    """The global symbols each of objs defines and uses, read by one run
    of nm: {obj: (defined, used)}."""
    table = {obj: (set(), set()) for obj in objs}
    if not objs:
        return table
    out = subprocess.run(['nm', '-A'] + objs, capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        obj, _, rest = line.partition(':')
        parts = rest.split()
        if obj not in table:
            continue
        if len(parts) == 2 and parts[0] == 'U':
            table[obj][1].add(parts[1])
        elif len(parts) == 3 and parts[1] in 'TDRBCGSVW':
            table[obj][0].add(parts[2])
    return table


def symbol_circles(src, build):
    """Problems: one per circle of files at the symbol level."""
    defined_by, uses, objs = {}, {}, {}
    for rel in sources(src):
        obj = os.path.join(build, module(rel) + '.o')
        if rel.endswith('.c') and os.path.exists(obj):
            objs[obj] = rel
    for obj, (defined, used) in symbols(sorted(objs)).items():
        uses[objs[obj]] = used
        for sym in defined:
            defined_by[sym] = objs[obj]
    graph, taken = {}, {}
    for rel, used in uses.items():
        for sym in used:
            owner = defined_by.get(sym)
            if owner and owner != rel:
                graph.setdefault(rel, set()).add(owner)
                taken.setdefault((rel, owner), set()).add(sym)
    problems = []
    shown = os.path.normpath(src)
    for comp in circles(graph):
        members = set(comp)
        steps = []
        for a in comp:
            for b in sorted(graph.get(a, ())):
                if b in members:
                    syms = sorted(taken[(a, b)])
                    more = f' and {len(syms) - 3} more' if len(syms) > 3 else ''
                    steps.append(f'{shown}/{a} uses {", ".join(syms[:3])}{more} '
                                 f'of {shown}/{b}')
        problems.append(f'file circle between {len(comp)} files: '
                        f'{", ".join(comp)}\n  ' + '\n  '.join(steps))
    return problems


def main(argv):
    if len(argv) not in (2, 3) or not all(map(os.path.isdir, argv[1:])):
        print('usage: layers.py SRC_DIR [BUILD_DIR]', file=sys.stderr)
        return 2
    src = argv[1]
    shown = os.path.normpath(src)
    order, allowed, curses_ok = read_table(os.path.join(src, 'layers.txt'))
    problems = []
    graph, where = {}, {}
    for rel in sources(src):
        layer = rel.split(os.sep)[0] if os.sep in rel else ''
        at = os.path.join(shown, rel)
        if layer not in allowed:
            problems.append(f'{at}:1: not inside a layer folder ({" ".join(order)})')
            continue
        with open(os.path.join(src, rel), encoding='utf-8', errors='replace') as f:
            lines = f.read().split('\n')
        cache_rules = (layer in CACHE_LAYERS and
                       rel.replace(os.sep, '/') not in CACHE_FILES)
        size_rules = (layer == SIZE_LAYER and
                      rel.replace(os.sep, '/') not in SIZE_FILES)
        for no, line in enumerate(lines, 1):
            code = COMMENT.sub('', line) if cache_rules or size_rules else ''
            for m in SIZE.finditer(code) if size_rules else ():
                if (m.group(2), m.group(3)) not in NOTHING_LEFT:
                    problems.append(f'{at}:{no}: compares a size with a bare '
                                    f'number ({m.group(0)}); give the panel a '
                                    f'tier table (views/panel.h)')
            if size_rules and INSIDE.search(code):
                problems.append(f'{at}:{no}: computes a panel\'s inside by '
                                f'hand; use panel_inside or panel_open '
                                f'(views/panel.h)')
            for pattern, what in CACHE_INSIDES if cache_rules else ():
                if pattern.search(code):
                    problems.append(f'{at}:{no}: {what} (render/cache.h)')
            if CURSES.search(line) and rel not in curses_ok:
                problems.append(f'{at}:{no}: includes curses; only '
                                f'{", ".join(sorted(curses_ok))} may')
            m = LOCAL.search(line)
            if not m:
                continue
            target = m.group(1)
            tlayer = target.split('/')[0] if '/' in target else ''
            if tlayer not in allowed:
                problems.append(f'{at}:{no}: includes "{target}" without its '
                                f'folder (write "LAYER/{os.path.basename(target)}")')
                continue
            if not os.path.exists(os.path.join(src, target)):
                problems.append(f'{at}:{no}: includes "{target}", which does not exist')
                continue
            if tlayer != layer and tlayer not in allowed[layer]:
                ok = ' '.join(sorted(allowed[layer], key=order.index)) or 'nothing'
                rank = 'up' if order.index(tlayer) > order.index(layer) else 'sideways'
                problems.append(f'{at}:{no}: includes "{target}": {layer}/ may not '
                                f'include {tlayer}/ ({rank}; it may include: {ok})')
            a, b = module(rel), module(target)
            if a != b:
                graph.setdefault(a, set()).add(b)
                where.setdefault((a, b), f'{at}:{no}')
    for comp in circles(graph):
        members = set(comp)
        steps = [where[(a, b)] + f': {a} -> {b}'
                 for a in comp for b in sorted(graph.get(a, ())) if b in members]
        problems.append(f'include circle between {len(comp)} modules: '
                        f'{", ".join(comp)}\n  ' + '\n  '.join(steps))
    if len(argv) == 3:
        problems += symbol_circles(src, argv[2])
    for p in problems:
        print(p)
    if problems:
        print(f'layers: {len(problems)} problem(s)', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
