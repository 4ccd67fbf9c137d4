#!/usr/bin/env python3
"""Lists public declarations in Sources/<module> without a documentation comment.

    python3 .ci/undocumented.py                 # a count per module
    python3 .ci/undocumented.py Defaults        # every undocumented declaration of a module
    python3 .ci/undocumented.py --require DefaultsTUI DefaultsEtcd   # exit 1 if any of these has one

A declaration counts as documented when a `///` line or the end of a `/** */` block comes
right above it (above its attributes). Extensions themselves need none.

The cases of a public enum count as public declarations too: every `case` line directly in
the body of a `public enum` (at the enum's own nesting level, so not the `case` labels of a
`switch` inside it) needs a comment; `case a, b, c` is one declaration and needs one.
"""
import glob
import re
import sys

DECLARATION = re.compile(r'^(@\w+(\(.*\))?\s+)*(nonisolated(\(\w+\))?\s+)?(public|open)\s')
PUBLIC_ENUM = re.compile(
    r'^(@\w+(\(.*\))?\s+)*(nonisolated(\(\w+\))?\s+)?(indirect\s+)?(public|open)\s+(indirect\s+)?enum\s')
CASE = re.compile(r'^(@\w+(\(.*\))?\s+)*(indirect\s+)?case\s')


def code_only(line, state):
    """The line without comments and string literals (for counting braces), and the state
    (None, a block comment or a multi-line string) that carries over to the next line."""
    code, index = [], 0
    while index < len(line):
        if state == '/*':
            end = line.find('*/', index)
            if end < 0:
                return ''.join(code), state
            state, index = None, end + 2
        elif state == '"""':
            end = line.find('"""', index)
            if end < 0:
                return ''.join(code), state
            state, index = None, end + 3
        elif line.startswith('//', index):
            break
        elif line.startswith('/*', index):
            state, index = '/*', index + 2
        elif line.startswith('"""', index):
            state, index = '"""', index + 3
        elif line[index] == '"':
            index += 1
            while index < len(line) and line[index] != '"':
                index += 2 if line[index] == '\\' else 1
            index += 1
        else:
            code.append(line[index])
            index += 1
    return ''.join(code), state


def documented(lines, index):
    """Whether a `///` line or the end of a `/** */` block is right above line `index` (above its attributes)."""
    above = index - 1
    while above >= 0 and lines[above].strip().startswith('@'):
        above -= 1
    previous = lines[above].strip() if above >= 0 else ''
    return previous.startswith('///') or previous.endswith('*/')


def enum_cases(lines, start):
    """The indices of the `case` lines directly in the body of the enum declared on line `start`."""
    cases, depth, opened, state = [], 0, False, None
    for index in range(start, len(lines)):
        if opened and depth == 1 and state is None and CASE.match(lines[index].strip()):
            cases.append(index)
        code, state = code_only(lines[index], state)
        for character in code:
            if character == '{':
                depth, opened = depth + 1, True
            elif character == '}':
                depth -= 1
        if opened and depth <= 0:
            break
    return cases


def undocumented():
    found = {}
    for path in sorted(glob.glob('Sources/**/*.swift', recursive=True)):
        module = path.split('/')[1]
        lines = open(path, encoding='utf-8').read().split('\n')
        found.setdefault(module, [])
        missing = set()
        for index, line in enumerate(lines):
            text = line.strip()
            if not DECLARATION.match(text) or re.search(r'\bextension\b', text.split('{')[0]):
                continue
            if not documented(lines, index):
                missing.add(index)
            if PUBLIC_ENUM.match(text):
                missing.update(case for case in enum_cases(lines, index) if not documented(lines, case))
        for index in sorted(missing):
            found[module].append(f'{path}:{index + 1}: {lines[index].strip()[:100]}')
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
