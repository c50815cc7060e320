#!/usr/bin/env bash
# Installs kineticd and kineticctl with everything a system service needs (`make install`, `make deb`).
#
#   scripts/install.sh [--configuration release|test]
#
# Environment: DESTDIR (staging root, default empty), PREFIX (default /usr/local), SYSCONFDIR (default /etc), SWIFT
# (default swift), KINETIC_BUILD_FLAGS (more `swift build` flags for the release build: `make deb` builds into a
# folder of its own). The release configuration links the Swift runtime into both binaries (Package.swift). Installs:
#   $PREFIX/bin/kineticd, $PREFIX/bin/kineticctl
#   $PREFIX/lib/systemd/system/kineticd.{service,socket}   (ExecStart= points at $PREFIX/bin/kineticd)
#   $PREFIX/lib/sysusers.d/kinetic.conf, $PREFIX/lib/tmpfiles.d/kinetic.conf
#   $PREFIX/share/kinetic/kineticd-display.conf            (a drop-in to install for rate_hz: auto, phase: auto)
#   $SYSCONFDIR/kinetic/kineticd.yaml                      (the annotated example; an existing file is kept and
#                                                           the new one goes beside it as kineticd.yaml.dist)
#   $PREFIX/share/man/man8/kineticd.8, man1/kineticctl.1, man5/kineticd.yaml.5
#   bash, zsh and fish completions for both commands
#   libkinetic-client: $PREFIX/lib/<triplet>/libkinetic-client.so*, its pkg-config file, $PREFIX/include/kinetic-client.h
#                                                          (scripts/install-c-client.sh)
#   kinetic-weston: Weston's module folder, $(pkg-config --variable=libdir libweston-10)/weston/kinetic-weston.so,
#                   whatever the prefix (scripts/install-weston-module.sh)
# The release configuration (the default) builds what it installs, with the package trait AnimatableMacro off
# (neither binary uses the macro); `--configuration test` builds nothing and installs what `make test`'s own build
# made (scripts/test-build-flags, default traits included), so that its checks install what the tests ran. It does
# not call `swift build` to make sure: a call with nothing to do still plans the whole package
# (scripts/check-install.sh took 8.7 s and 10 CPU-seconds with three such calls, 1.2 s and 1 without,
# `/usr/bin/time`, 2026-11-26).
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=release
while [ $# -gt 0 ]; do
  case "$1" in
    --configuration) configuration="$2"; shift 2 ;;
    *) echo "install.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
SWIFT="${SWIFT:-swift}"
DESTDIR="${DESTDIR:-}"
PREFIX="${PREFIX:-/usr/local}"
SYSCONFDIR="${SYSCONFDIR:-/etc}"

# kinetic (kineticd and kineticctl in one executable, installed as kineticd with kineticctl a link to it) and
# swift-argument-parser's man page generator (a tool of a package we already depend on).
products=(kinetic generate-manual)
case "$configuration" in
  release)
    flags=(-c release --disable-default-traits)
    read -r -a extra <<< "${KINETIC_BUILD_FLAGS:-}"
    flags+=("${extra[@]}")
    for product in "${products[@]}"; do
      "$SWIFT" build "${flags[@]}" --product "$product" >&2
    done
    bin="$("$SWIFT" build "${flags[@]}" --show-bin-path)" ;;
  test)
    source scripts/test-build.sh
    bin="$(test_bin)"
    for product in "${products[@]}"; do
      [ -x "$bin/$product" ] || { echo "install.sh: $bin/$product is missing; --configuration test installs what make test's build made (the first commands of make test)" >&2; exit 1; }
    done ;;
  *) echo "install.sh: unknown configuration '$configuration' (use release or test)" >&2; exit 2 ;;
esac

root="$DESTDIR"
install -d "$root$PREFIX/bin" "$root$PREFIX/lib/systemd/system" "$root$PREFIX/lib/sysusers.d" "$root$PREFIX/lib/tmpfiles.d" \
  "$root$SYSCONFDIR/kinetic" "$root$PREFIX/share/man/man1" "$root$PREFIX/share/man/man5" "$root$PREFIX/share/man/man8" \
  "$root$PREFIX/share/bash-completion/completions" "$root$PREFIX/share/zsh/vendor-completions" \
  "$root$PREFIX/share/fish/vendor_completions.d" "$root$PREFIX/share/kinetic/recordings"

install -m 0755 "$bin/kinetic" "$root$PREFIX/bin/kineticd"
ln -sfn kineticd "$root$PREFIX/bin/kineticctl"
sed "s|/usr/bin/kineticd|$PREFIX/bin/kineticd|g" systemd/kineticd.service > "$root$PREFIX/lib/systemd/system/kineticd.service"
chmod 0644 "$root$PREFIX/lib/systemd/system/kineticd.service"
install -m 0644 systemd/kineticd.socket "$root$PREFIX/lib/systemd/system/"
install -m 0644 systemd/kinetic.sysusers.conf "$root$PREFIX/lib/sysusers.d/kinetic.conf"
install -m 0644 systemd/kinetic.tmpfiles.conf "$root$PREFIX/lib/tmpfiles.d/kinetic.conf"
# Not in force: the drop-in an administrator installs for rate_hz: auto and phase: auto (kineticd.yaml(5)).
install -m 0644 systemd/kineticd-display.conf "$root$PREFIX/share/kinetic/kineticd-display.conf"
if [ -e "$root$SYSCONFDIR/kinetic/kineticd.yaml" ]; then
  install -m 0644 systemd/kineticd.yaml "$root$SYSCONFDIR/kinetic/kineticd.yaml.dist"
  echo "install.sh: kept $root$SYSCONFDIR/kinetic/kineticd.yaml; the shipped one is kineticd.yaml.dist" >&2
else
  install -m 0644 systemd/kineticd.yaml "$root$SYSCONFDIR/kinetic/kineticd.yaml"
fi

date="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
"$bin/generate-manual" "$root$PREFIX/bin/kineticd" --section 8 --date "$date" --output-directory "$root$PREFIX/share/man/man8"
"$bin/generate-manual" "$root$PREFIX/bin/kineticctl" --section 1 --date "$date" --output-directory "$root$PREFIX/share/man/man1"
# The generator copies the help's blank lines as they are; in mdoc a paragraph break is .Pp.
sed -i 's/^$/.Pp/' "$root$PREFIX/share/man/man8/kineticd.8" "$root$PREFIX/share/man/man1/kineticctl.1"
install -m 0644 docs/kineticd.yaml.5 "$root$PREFIX/share/man/man5/"
# The recordings, for `kineticctl demo`, `replay` and `plot` on an installed system (the demo finds them here).
install -m 0644 Recordings/*.evemu Recordings/*.libinput.yml "$root$PREFIX/share/kinetic/recordings/"
gzip -9nf "$root$PREFIX/share/man/man8/kineticd.8" "$root$PREFIX/share/man/man1/kineticctl.1" \
  "$root$PREFIX/share/man/man5/kineticd.yaml.5"

for command in kineticd kineticctl; do
  # bash-completion sources the file: no #! line (Debian policy; lintian's bash-completion-with-hashbang).
  "$root$PREFIX/bin/$command" --generate-completion-script bash | sed '1{/^#!/d}' > "$root$PREFIX/share/bash-completion/completions/$command"
  "$root$PREFIX/bin/$command" --generate-completion-script zsh > "$root$PREFIX/share/zsh/vendor-completions/_$command"
  "$root$PREFIX/bin/$command" --generate-completion-script fish > "$root$PREFIX/share/fish/vendor_completions.d/$command.fish"
done
DESTDIR="$DESTDIR" PREFIX="$PREFIX" scripts/install-c-client.sh
DESTDIR="$DESTDIR" PREFIX="$PREFIX" scripts/install-weston-module.sh
echo "install.sh: installed into ${root:-/}$PREFIX ($configuration build)" >&2
