#!/usr/bin/env bash
# Builds defaults-tui without Swift runtime libraries (the standard library and Foundation
# linked in) and installs it, its man page and its bash, zsh and fish completions under
# PREFIX (default /usr/local; DESTDIR is put in front of every path, for packaging).
#   bash Assets/install.sh                 # /usr/local/bin/defaults-tui, ...
#   PREFIX=~/.local bash Assets/install.sh # no root needed
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
root=${DESTDIR:-}
scratch=.build-static

swift build -c release --static-swift-stdlib --product defaults-tui --scratch-path "$scratch"
binary="$scratch/release/defaults-tui"

install -d "$root$prefix/bin" "$root$prefix/share/man/man1" \
	"$root$prefix/share/bash-completion/completions" "$root$prefix/share/zsh/site-functions" \
	"$root$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root$prefix/bin/defaults-tui"
install -m 644 Assets/defaults-tui.1 "$root$prefix/share/man/man1/defaults-tui.1"
"$binary" --generate-completion-script bash > "$root$prefix/share/bash-completion/completions/defaults-tui"
"$binary" --generate-completion-script zsh > "$root$prefix/share/zsh/site-functions/_defaults-tui"
"$binary" --generate-completion-script fish > "$root$prefix/share/fish/vendor_completions.d/defaults-tui.fish"
echo "installed defaults-tui, its man page and completions under $root$prefix"
