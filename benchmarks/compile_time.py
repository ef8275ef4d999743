#!/usr/bin/python3
"""Compile time of onnx-compile against graph size.

    compile_time.py BUILD_DIR
        [--chain clip|dynamic-upsample|dynamic-resize|resize-rank]
        [--sizes 10,100,...] [--repeat N]

Writes chains of N nodes and times `onnx-compile -O3` on each, to a shared
library, best of --repeat runs:
  clip              Clip-13 nodes on a [1,8,16,16] float32 input (bounds as
                    initializers, alternating between two disjoint
                    intervals, so that no two neighbours are alike and the
                    canonicalizer cannot fold them into one Clip);
  dynamic-upsample  Upsample-9 nodes (nearest, scales [1, 1]) on an
                    [N, 4] input whose first dimension is symbolic: every
                    node's output shape is computed at run time, and each
                    node's shape checks follow the chain before it;
  dynamic-resize    Resize-19 nearest nodes alternating scales 2 and 0.5
                    on an [N, M] input, both dimensions symbolic: every
                    node's dimensions and tables are computed at run time
                    from the node before;
  resize-rank       one Resize-19 node of rank N (the size): linear on a
                    static [2, ..., 2] input and cubic on symbolic
                    dimensions, scale 2 on every axis. Past a few axes
                    both run one pass per axis, each over at most three
                    loops; what grows with N is the size arithmetic.
Prints a Markdown table: nodes, seconds, seconds per node, and the ratio to
the previous size.
"""

import argparse
import os
import subprocess
import tempfile
import time


def write_dynamic_upsample_chain(path, n):
    lines = ['<', '  ir_version: 8,', '  opset_import: ["" : 9]', '>',
             'chain (float[N,4] x) => (float[N,4] y)',
             '<float[2] s = {1.0, 1.0}>', '{']
    previous = 'x'
    for i in range(n):
        output = 'y' if i == n - 1 else 't%d' % i
        lines.append('  %s = Upsample(%s, s)' % (output, previous))
        previous = output
    lines.append('}')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def write_dynamic_resize_chain(path, n):
    lines = ['<ir_version: 8, opset_import: ["" : 19]>',
             'chain (float[N,M] x) => (float[A,B] y)',
             '<float[2] up = {2.0, 2.0}, float[2] down = {0.5, 0.5}>', '{']
    previous = 'x'
    for i in range(n):
        output = 'y' if i == n - 1 else 't%d' % i
        lines.append('  %s = Resize(%s, , %s)' % (
            output, previous, 'up' if i % 2 == 0 else 'down'))
        previous = output
    lines.append('}')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def write_resize_rank(path, rank):
    """A static rank-`rank` linear node and a symbolic cubic one."""
    scales = ', '.join(['2.0'] * rank)
    static = ','.join(['2'] * rank)
    symbolic = ','.join('N%d' % i for i in range(rank))
    outputs = ','.join('O%d' % i for i in range(rank))
    lines = ['<ir_version: 8, opset_import: ["" : 19]>',
             'g (float[%s] a, float[%s] b) => (float[%s] y, float[%s] z)' % (
                 static, symbolic, outputs, outputs),
             '<float[%d] s = {%s}>' % (rank, scales), '{',
             '  y = Resize<mode = "linear">(a, , s)',
             '  z = Resize<mode = "cubic">(b, , s)', '}']
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def write_chain(path, n):
    lines = ['<', '  ir_version: 8,', '  opset_import: ["" : 13]', '>',
             'chain (float[1,8,16,16] x) => (float[1,8,16,16] y)',
             '<float a = {-1.0}, float b = {1.0}, float c = {2.0}, '
             'float d = {3.0}>', '{']
    previous = 'x'
    for i in range(n):
        output = 'y' if i == n - 1 else 't%d' % i
        bounds = 'a, b' if i % 2 == 0 else 'c, d'
        lines.append('  %s = Clip(%s, %s)' % (output, previous, bounds))
        previous = output
    lines.append('}')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('build')
    parser.add_argument('--chain', choices=['clip', 'dynamic-upsample',
                                            'dynamic-resize', 'resize-rank'],
                        default='clip')
    parser.add_argument('--sizes', default='10,100,300,1000,3000,5000')
    parser.add_argument('--repeat', type=int, default=3)
    args = parser.parse_args()
    compiler = os.path.join(args.build, 'bin', 'onnx-compile')
    writers = {'clip': write_chain,
               'dynamic-upsample': write_dynamic_upsample_chain,
               'dynamic-resize': write_dynamic_resize_chain,
               'resize-rank': write_resize_rank}
    # The size is a node count, or a rank for resize-rank.
    size, unit = ('rank', 'axis') if args.chain == 'resize-rank' else (
        'nodes', 'node')
    print('| %s | seconds | ms per %s | vs previous %s |' % (size, unit,
                                                            size))
    print('|---:|---:|---:|---:|')
    previous = None
    with tempfile.TemporaryDirectory() as work:
        for n in (int(s) for s in args.sizes.split(',')):
            model = os.path.join(work, 'chain%d.onnxtxt' % n)
            writers[args.chain](model, n)
            best = None
            for _ in range(args.repeat):
                start = time.perf_counter()
                subprocess.run([compiler, model, '-O3', '-o',
                                os.path.join(work, 'chain.so')], check=True)
                elapsed = time.perf_counter() - start
                best = elapsed if best is None else min(best, elapsed)
            ratio = '' if previous is None else '%.1fx for %.3gx %s' % (
                best / previous[1], n / previous[0], size)
            print('| %d | %.2f | %.2f | %s |' % (n, best, 1000 * best / n,
                                                ratio))
            previous = (n, best)


if __name__ == '__main__':
    main()
