#!/usr/bin/env python3
"""coverage.py - line and branch coverage per layer, from gcovr's summary.

Usage: coverage.py SUMMARY.json [--write RESULTS.md]

SUMMARY.json is what `gcovr --json-summary` writes: one entry per source
file with its lines and branches, total and covered. The files of src/LAYER/
are summed per layer, in the order of src/layers.txt (base up to app), and
printed as a Markdown table with the total under it. With --write, the
table replaces the "## Coverage" section of RESULTS.md (up to the next "## "
heading), or is added at its end; `make bench`, which writes the rest of
that file, keeps the section. Exits 2 on bad usage or an unreadable file."""

import json
import os
import re
import sys
import time

LAYERS = ['base', 'engine', 'model', 'render', 'views', 'io', 'app']


def percent(covered, total):
    """'93.1 %', or '-' when there is nothing to cover."""
    return '%.1f %%' % (100.0 * covered / total) if total else '-'


def sums(summary):
    """{layer: [lines covered, lines, branches covered, branches, files]}."""
    out = {layer: [0, 0, 0, 0, 0] for layer in LAYERS + ['all']}
    for f in summary['files']:
        m = re.match(r'src/([a-z]+)/', f['filename'])
        if not m or m.group(1) not in out:
            continue
        for key in (m.group(1), 'all'):
            row = out[key]
            row[0] += f['line_covered']
            row[1] += f['line_total']
            row[2] += f['branch_covered']
            row[3] += f['branch_total']
            row[4] += 1
    return out


def table(out):
    """The Markdown lines of the table."""
    lines = ['| layer | files | lines | line coverage | branches | branch coverage |',
             '| --- | --- | --- | --- | --- | --- |']
    for layer in LAYERS + ['all']:
        lc, lt, bc, bt, n = out[layer]
        name = 'all of src/' if layer == 'all' else 'src/%s' % layer
        lines.append('| %s | %d | %d of %d | %s | %d of %d | %s |'
                     % (name, n, lc, lt, percent(lc, lt), bc, bt, percent(bc, bt)))
    return lines


def section(lines):
    """The "## Coverage" section of RESULTS.md around the table."""
    return ['## Coverage', '',
            'Made by `make coverage` (%s): the program and the unit tests '
            'built with gcov\'s counters at -O0, then the unit tests and the '
            'suites of `make check` run on them (not the long ones that '
            'only `make test` runs: SLOW in tests/run-all.sh). Lines and '
            'branches as gcovr counts them, '
            'per folder of src/.' % time.strftime('%Y-%m-%d', time.gmtime()),
            ''] + lines + ['']


def write(path, new):
    """Replaces or appends the Coverage section of the file at path."""
    old = open(path, encoding='utf-8').read().split('\n') if os.path.exists(path) else []
    start = next((i for i, l in enumerate(old) if l == '## Coverage'), None)
    if start is None:
        while old and old[-1] == '':
            old.pop()
        text = old + [''] + new
    else:
        end = next((i for i in range(start + 1, len(old))
                    if old[i].startswith('## ')), len(old))
        text = old[:start] + new + old[end:]
    while text and text[-1] == '':
        text.pop()
    tmp = path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write('\n'.join(text) + '\n')
    os.replace(tmp, path)


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != '--write'):
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding='utf-8') as f:
            summary = json.load(f)
    except (OSError, ValueError) as e:
        print('coverage.py: %s: %s' % (argv[1], e), file=sys.stderr)
        return 2
    lines = table(sums(summary))
    print('\n'.join(lines))
    if len(argv) == 4:
        write(argv[3], section(lines))
        print('wrote the Coverage section of %s' % argv[3])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
