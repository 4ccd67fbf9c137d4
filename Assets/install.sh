#!/usr/bin/env bash
# Builds defaults-tui without Swift runtime libraries (the standard library, Foundation and the C++
# library the runtime uses linked in) and installs it, its man page and its bash, zsh and fish
# completions under PREFIX (default /usr/local; DESTDIR is put in front of every path, for packaging).
#   bash Assets/install.sh                 # /usr/local/bin/defaults-tui, ...
#   PREFIX=~/.local bash Assets/install.sh # no root needed
#   PIE=1 bash Assets/install.sh           # a position-independent executable (starts about 0.5 ms slower)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
root=${DESTDIR:-}
scratch=.build-static

# Built for a fast start (defaults-tui get runs in scripts' loops; README's "Speed" has the numbers):
# - generic types are made through their metadata functions rather than looked up by mangled
#   name, each lookup a search of every protocol conformance in the binary (a third of a `get`);
# - not position-independent: the loader then relocates none of its 77,000 pointers, which saves
#   some 200 page faults a start. The shared libraries, the heap and the stack are still placed at
#   random. PIE=1 builds a position-independent executable instead.
# - the C++ library the Swift runtime uses (libstdc++) linked in as well: loading the shared one
#   costs the loader some 1,700 symbol look-ups (1.7 million instructions) a start;
# - no $ORIGIN in the library search path, which made the loader look for each library in a
#   dozen folders beside the binary first.
flags=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors --disable-local-rpath)
if [ "${PIE:-0}" != 1 ]; then
	flags+=(-Xswiftc -Xclang-linker -Xswiftc -no-pie)
fi
# The linker takes libstdc++.a when it is the only libstdc++ in the first folder it searches (the
# Swift runtime's link options name -lstdc++); without the archive (Debian's libstdc++-12-dev),
# the shared library is used.
cxx_archive=$(clang -print-file-name=libstdc++.a 2>/dev/null || true)
if [ -f "$cxx_archive" ]; then
	mkdir -p "$scratch/static-libstdc++"
	ln -sf "$cxx_archive" "$scratch/static-libstdc++/libstdc++.a"
	flags+=(-Xswiftc -L -Xswiftc "$PWD/$scratch/static-libstdc++")
else
	echo "install.sh: libstdc++.a not found (install libstdc++-12-dev): linking the shared libstdc++, which starts slower" >&2
fi
# libyaml, which the YAML format links (-lyaml), linked in the same way when its archive is there
# (Debian's libyaml-dev): the installed tool then needs no libyaml at run time.
yaml_archive=$(clang -print-file-name=libyaml.a 2>/dev/null || true)
if [ -f "$yaml_archive" ]; then
	mkdir -p "$scratch/static-libyaml"
	ln -sf "$yaml_archive" "$scratch/static-libyaml/libyaml.a"
	flags+=(-Xswiftc -L -Xswiftc "$PWD/$scratch/static-libyaml")
fi
swift build -c release --static-swift-stdlib --product defaults-tui --scratch-path "$scratch" "${flags[@]}"
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
