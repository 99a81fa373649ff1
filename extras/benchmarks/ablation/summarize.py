#!/usr/bin/env python3
"""Summarises the ablation outputs of run.sh (out/NAME.KIND.txt) into a markdown table.

Usage: summarize.py [OUT_DIR] > table.md   (OUT_DIR defaults to extras/benchmarks/target/ablation/out)

Every ratio is head/variant, computed per pair (the head child and the variant child of one
pair) and reported as the median of the pairs, with the smallest and largest pair in brackets.
For req/s a ratio above 1 means head (the optimisation on) is faster; for CPU us/req, B/req and
the burst lags a ratio below 1 means head is cheaper or more precise.

"pays >= 3%?" is yes when, in timer or event-loop mode, head gives at least 3% more req/s
(req/s ratio >= 1.03) or the variant costs at least 3% more CPU per request (CPU ratio
<= 1/1.03); the reasons are listed. Burst lags are shown alongside but do not decide it.
"""

import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
THRESHOLD = 1.03

THROUGHPUT = re.compile(
    r'^([AB]) req/s=([\d.]+) cpu_us/req=([\d.]+) B/req=([\d.]+) errors=(?P<errors>\S+)')
BURST = re.compile(r'^([AB]) timeouts=(\d+) mean=([\d.]+) ms p99=([\d.]+) ms')


def read_variants():
    variants = []
    with open(os.path.join(HERE, 'variants.tsv')) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            name, lines, burst, branch, what = line.rstrip('\n').split('\t')
            variants.append({'name': name, 'lines': int(lines), 'burst': burst == 'yes',
                             'branch': branch, 'what': what})
    return variants


def pairs_of(path, pattern):
    """The (head, variant) samples of each complete pair, in file order: A is head, B the variant."""
    if not os.path.exists(path):
        return None
    samples = []
    with open(path) as f:
        for line in f:
            m = pattern.match(line.strip())
            if m:
                numbers = [float(x) for x in m.groups()[1:4]]
                samples.append((m.group(1), numbers, m.groupdict().get('errors')))
    pairs = []
    for i in range(0, len(samples) - 1, 2):
        first, second = samples[i], samples[i + 1]
        if {first[0], second[0]} != {'A', 'B'}:
            continue
        head, variant = (first, second) if first[0] == 'A' else (second, first)
        pairs.append((head, variant))
    return pairs


def load_of(path):
    """The 1-minute load average ab-jars.sh printed when the comparison started, or None."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for line in f:
            m = re.match(r'^server \S+, load ([\d.]+)', line)
            if m:
                return float(m.group(1))
    return None


def ratio(pairs, index):
    """Median, min and max over the pairs of head/variant of metric `index`, or None."""
    values = [h[1][index] / v[1][index] for h, v in pairs if v[1][index] > 0]
    if not values:
        return None
    return statistics.median(values), min(values), max(values)


def median_of(pairs, side, index):
    values = [p[side][1][index] for p in pairs]
    return statistics.median(values) if values else None


def fmt_ratio(r):
    if r is None:
        return 'n/a'
    med, lo, hi = r
    return '%.3f [%.3f-%.3f]' % (med, lo, hi) if lo != hi else '%.3f' % med


def fmt(value, pattern):
    return 'n/a' if value is None else pattern % value


def errors(pairs):
    bad = [s[2] for p in pairs for s in p if s[2] not in (None, '0')]
    return ', '.join(sorted(set(bad))) if bad else ''


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', 'target', 'ablation', 'out')
    variants = read_variants()
    rows = []
    details = []
    notes = []
    for v in variants:
        name = v['name']
        tput = {m: pairs_of(os.path.join(out, '%s.throughput-%s.txt' % (name, m)), THROUGHPUT)
                for m in ('timer', 'eventloop')}
        if all(p is None for p in tput.values()):
            rows.append('| %s | %d | not run | | | | | | | |' % (name, v['lines']))
            continue
        cells = {}
        reasons = []
        for mode, pairs in tput.items():
            if not pairs:
                cells[mode] = ('n/a', 'n/a', 'n/a')
                continue
            rps, cpu, alloc = ratio(pairs, 0), ratio(pairs, 1), ratio(pairs, 2)
            cells[mode] = (fmt_ratio(rps), fmt_ratio(cpu), fmt_ratio(alloc))
            if rps and rps[0] >= THRESHOLD:
                reasons.append('%s req/s +%.1f%%' % (mode, (rps[0] - 1) * 100))
            if cpu and cpu[0] <= 1 / THRESHOLD:
                reasons.append('%s CPU -%.1f%%' % (mode, (1 - cpu[0]) * 100))
            load = load_of(os.path.join(out, '%s.throughput-%s.txt' % (name, mode)))
            details.append('| %s | %s | %d | %s | %s / %s | %s / %s | %s / %s |' % (
                name, mode, len(pairs), fmt(load, '%.2f'),
                fmt(median_of(pairs, 0, 0), '%.0f'), fmt(median_of(pairs, 1, 0), '%.0f'),
                fmt(median_of(pairs, 0, 1), '%.2f'), fmt(median_of(pairs, 1, 1), '%.2f'),
                fmt(median_of(pairs, 0, 2), '%.0f'), fmt(median_of(pairs, 1, 2), '%.0f')))
            if errors(pairs):
                notes.append('%s %s: errors reported: %s' % (name, mode, errors(pairs)))
        burst = []
        for mode in ('eventloop', 'timer'):
            pairs = pairs_of(os.path.join(out, '%s.burst-%s.txt' % (name, mode)), BURST)
            if pairs:
                burst.append('%s: mean %s ms / %s ms (%s), p99 %s ms / %s ms (%s)' % (
                    mode,
                    fmt(median_of(pairs, 0, 1), '%.2f'), fmt(median_of(pairs, 1, 1), '%.2f'),
                    fmt_ratio(ratio(pairs, 1)),
                    fmt(median_of(pairs, 0, 2), '%.2f'), fmt(median_of(pairs, 1, 2), '%.2f'),
                    fmt_ratio(ratio(pairs, 2))))
            elif v['burst']:
                burst.append('%s: not run' % mode)
        for kind in ('throughput-timer', 'throughput-eventloop', 'burst-eventloop', 'burst-timer'):
            if os.path.exists(os.path.join(out, '%s.%s.failed' % (name, kind))):
                notes.append('%s %s: failed (see out/%s.%s.failed)' % (name, kind, name, kind))
        pays = ('yes (' + '; '.join(reasons) + ')') if reasons else 'no'
        rows.append('| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            name, v['lines'], cells['timer'][0], cells['eventloop'][0], cells['timer'][1],
            cells['eventloop'][1], cells['timer'][2], cells['eventloop'][2],
            '<br>'.join(burst) if burst else '', pays))

    print('# Ablation of the throughput micro-optimisations (issue 46)')
    print()
    print('Each variant is head with one optimisation switched off (branch ablate-NAME). Ratios '
          'are head/variant: median of the pairs [smallest-largest pair]. req/s above 1: the '
          'optimisation makes the client faster; CPU us/req and B/req below 1: it makes a request '
          'cheaper. "pays >= 3%?": req/s ratio >= 1.03 or CPU ratio <= 1/1.03 in either mode. '
          'Burst lags (timeout lateness, head / variant, ratio) are shown but do not decide.')
    print()
    print('| variant | lines | req/s timer | req/s event-loop | CPU us/req timer | '
          'CPU us/req event-loop | B/req timer | B/req event-loop | burst lag | pays >= 3%? |')
    print('|---|---:|---|---|---|---|---|---|---|---|')
    for row in rows:
        print(row)
    print()
    print('## Medians (head / variant)')
    print()
    print('Load: the 1-minute load average when the comparison started (%d cores here); a load '
          'near the core count makes the ratios noise.' % os.cpu_count())
    print()
    print('| variant | mode | pairs | load | req/s | CPU us/req | B/req |')
    print('|---|---|---:|---:|---|---|---|')
    for row in details:
        print(row)
    print()
    print('## Variants')
    print()
    for v in variants:
        print('- %s (branch %s, %d lines): off = %s' % (v['name'], v['branch'], v['lines'], v['what']))
    if notes:
        print()
        print('## Notes')
        print()
        for n in notes:
            print('- ' + n)


if __name__ == '__main__':
    main()
