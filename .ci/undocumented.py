#!/usr/bin/env python3
"""Lists public declarations in Sources/<module> without a documentation comment.

    python3 .ci/undocumented.py                 # a count per module
    python3 .ci/undocumented.py Defaults        # every undocumented declaration of a module
    python3 .ci/undocumented.py --require DefaultsTUI DefaultsEtcd   # exit 1 if any of these has one

A declaration counts as documented when a `///` line or the end of a `/** */` block comes
right above it (above its attributes). Extensions themselves need none.
"""
import glob
import re
import sys

DECLARATION = re.compile(r'^(@\w+(\(.*\))?\s+)*(nonisolated(\(\w+\))?\s+)?(public|open)\s')


def undocumented():
    found = {}
    for path in sorted(glob.glob('Sources/**/*.swift', recursive=True)):
        module = path.split('/')[1]
        lines = open(path, encoding='utf-8').read().split('\n')
        found.setdefault(module, [])
        for index, line in enumerate(lines):
            text = line.strip()
            if not DECLARATION.match(text) or re.search(r'\bextension\b', text.split('{')[0]):
                continue
            above = index - 1
            while above >= 0 and lines[above].strip().startswith('@'):
                above -= 1
            previous = lines[above].strip() if above >= 0 else ''
            if not (previous.startswith('///') or previous.endswith('*/')):
                found[module].append(f'{path}:{index + 1}: {text[:100]}')
    return found


def main(arguments):
    found = undocumented()
    if arguments[:1] == ['--require']:
        missing = [entry for module in arguments[1:] for entry in found.get(module, [])]
        for entry in missing:
            print(entry)
        if missing:
            print(f'undocumented: {len(missing)} public declarations need a documentation comment', file=sys.stderr)
        return 1 if missing else 0
    if arguments:
        for module in arguments:
            print('\n'.join(found.get(module, [])))
        return 0
    for module, entries in sorted(found.items()):
        print(f'{module}: {len(entries)} undocumented')
    return 0


sys.exit(main(sys.argv[1:]))
