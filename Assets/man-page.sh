#!/usr/bin/env bash
# Generates defaults-tui's man page from its commands (swift-argument-parser's manual
# generation) into Assets/defaults-tui.1, or with --check compares it with the one there.
# The page's date is the one already in Assets/defaults-tui.1 (today's for a new page), and
# the settings file's place is written as ~/.config, whoever runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
page=Assets/defaults-tui.1
date=$(date +%Y-%m-%d)
if [ -f "$page" ]; then
	date=$(sed -n 's/^\.Dd //p' "$page" | head -n 1 | xargs -I{} date -d {} +%Y-%m-%d)
fi
env -u XDG_CONFIG_HOME HOME=/nonexistent-home swift package generate-manual \
	--configuration debug --date "$date" --authors "Defaults for Linux" >/dev/null
generated=.build/plugins/GenerateManual/outputs/defaults-tui/defaults-tui.1
sed -i 's|/nonexistent-home/.config|~/.config|g' "$generated"
if [ "${1:-}" = "--check" ]; then
	if ! diff -u "$page" "$generated"; then
		echo "man-page: $page does not match the commands; run bash Assets/man-page.sh" >&2
		exit 1
	fi
	echo "man-page: $page matches the commands"
else
	cp "$generated" "$page"
	echo "man-page: wrote $page"
fi
