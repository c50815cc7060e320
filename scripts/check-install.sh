#!/usr/bin/env bash
# `make test`'s check of `make install`: installs `make test`'s own build (scripts/test-build-flags) into a
# temporary DESTDIR with PREFIX=/usr and checks what a system needs is there and works: the binaries run, the installed configuration passes
# `kineticd --check-config`, the installed units pass `systemd-analyze verify` with no output, the man pages
# format without a warning (but for "cannot adjust line", which a long JSON example gives) and the completion scripts are the shells' own syntax.
set -euo pipefail
cd "$(dirname "$0")/.."
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
DESTDIR="$stage" PREFIX=/usr scripts/install.sh --configuration test 2>"$stage.log" || { cat "$stage.log" >&2; exit 1; }
rm -f "$stage.log"

expected=(
  usr/bin/kineticd
  usr/lib/systemd/system/kineticd.service usr/lib/systemd/system/kineticd.socket
  usr/lib/sysusers.d/kinetic.conf usr/lib/tmpfiles.d/kinetic.conf etc/kinetic/kineticd.yaml
  usr/share/man/man8/kineticd.8.gz usr/share/man/man1/kineticctl.1.gz usr/share/man/man5/kineticd.yaml.5.gz
  usr/share/bash-completion/completions/kineticd usr/share/bash-completion/completions/kineticctl
  usr/share/zsh/vendor-completions/_kineticd usr/share/zsh/vendor-completions/_kineticctl
  usr/share/fish/vendor_completions.d/kineticd.fish usr/share/fish/vendor_completions.d/kineticctl.fish
  usr/share/kinetic/kineticd-display.conf usr/include/kinetic-client.h "usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libkinetic-client.so.1.0.0"
  "usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/pkgconfig/kinetic-client.pc"
  "$(pkg-config --variable=libdir libweston-10 | cut -c2-)/weston/kinetic-weston.so"
)
for recording in Recordings/*.evemu Recordings/*.libinput.yml; do expected+=("usr/share/kinetic/recordings/${recording#Recordings/}"); done
for file in "${expected[@]}"; do
  [ -s "$stage/$file" ] || { echo "check-install: $file is missing or empty" >&2; exit 1; }
done
# One executable: kineticctl is a link to kineticd, which runs as the name it is called by.
[ "$(readlink "$stage/usr/bin/kineticctl")" = kineticd ] || { echo "check-install: usr/bin/kineticctl is not a link to kineticd" >&2; exit 1; }
"$stage/usr/bin/kineticctl" --version | grep -q '^kineticctl ' || { echo "check-install: the kineticctl link does not run kineticctl" >&2; exit 1; }
count=$(cd "$stage" && find . -type f | wc -l)
[ "$count" -eq "${#expected[@]}" ] || { echo "check-install: $count files installed, expected ${#expected[@]}:" >&2; (cd "$stage" && find . -type f | sort) >&2; exit 1; }

"$stage/usr/bin/kineticd" --check-config "$stage/etc/kinetic/kineticd.yaml" >/dev/null
grep -q '^ExecStart=/usr/bin/kineticd ' "$stage/usr/lib/systemd/system/kineticd.service"
# verify wants ExecStart's binary to exist at its path: point it at the staged one.
units="$(mktemp -d)"
trap 'rm -rf "$stage" "$units"' EXIT
sed "s|/usr/bin/kineticd|$stage/usr/bin/kineticd|" "$stage/usr/lib/systemd/system/kineticd.service" > "$units/kineticd.service"
cp "$stage/usr/lib/systemd/system/kineticd.socket" "$units/"
output="$(cd "$units" && systemd-analyze verify --man=no kineticd.socket kineticd.service 2>&1)" || { echo "$output" >&2; exit 1; }
[ -z "$output" ] || { echo "$output" >&2; echo "check-install: systemd-analyze verify printed warnings" >&2; exit 1; }

for page in man8/kineticd.8.gz man1/kineticctl.1.gz man5/kineticd.yaml.5.gz; do
  warnings="$(zcat "$stage/usr/share/man/$page" | groff -mdoc -ww -Wbreak -z 2>&1)"
  [ -z "$warnings" ] || { echo "$warnings" >&2; echo "check-install: $page formats with warnings" >&2; exit 1; }
done
for command in kineticd kineticctl; do
  bash -n "$stage/usr/share/bash-completion/completions/$command"
done
# libkinetic-client: pkg-config finds it as a compiler would under the staging root, and a program builds and links
# against the installed header and library with exactly those flags.
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
[ "$(readlink "$stage/usr/lib/$multiarch/libkinetic-client.so")" = libkinetic-client.so.1 ] ||
  { echo "check-install: libkinetic-client.so is not a link to the SONAME libkinetic-client.so.1" >&2; exit 1; }
flags="$(PKG_CONFIG_SYSROOT_DIR="$stage" PKG_CONFIG_LIBDIR="$stage/usr/lib/$multiarch/pkgconfig:/usr/lib/$multiarch/pkgconfig:/usr/share/pkgconfig"   pkg-config --cflags --libs kinetic-client)"
printf '#include <kinetic-client.h>\nint main(void) { return kinetic_status_name(KINETIC_E_VERSION)[0] != 0x4b; }\n' > "$units/use.c"
# shellcheck disable=SC2086 # the flags are words
cc -std=c11 -Werror "$units/use.c" $flags -o "$units/use"
LD_LIBRARY_PATH="$stage/usr/lib/$multiarch" "$units/use" || { echo "check-install: a program linked with libkinetic-client failed" >&2; exit 1; }
# kinetic-weston: in Weston's module folder, linked to the library's SONAME, and a headless Weston loads it (the module
# says so in Weston's log: with no kineticd at its socket it retries).
module="$stage$(pkg-config --variable=libdir libweston-10)/weston/kinetic-weston.so"
readelf -d "$module" | grep -q 'NEEDED.*\[libkinetic-client.so.1\]' ||
  { echo "check-install: kinetic-weston.so does not link to libkinetic-client.so.1" >&2; exit 1; }
mkdir -m 0700 "$units/runtime"
printf '[core]\nidle-time=0\n[kinetic]\nsocket=%s\n' "$units/absent.sock" > "$units/weston.ini"
XDG_RUNTIME_DIR="$units/runtime" LD_LIBRARY_PATH="$stage/usr/lib/$multiarch" timeout -k 5 60 weston --no-config \
  --config="$units/weston.ini" --backend=headless-backend.so --socket=kinetic-check --modules="$module" \
  --log="$units/weston.log" 2>> "$units/weston.log" & weston=$!
for _ in $(seq 600); do grep -q 'kinetic-weston: .*retrying' "$units/weston.log" 2>/dev/null && break; kill -0 $weston 2>/dev/null || break; sleep 0.1; done
kill $weston 2>/dev/null; wait $weston 2>/dev/null || true
grep -q 'kinetic-weston: .*retrying' "$units/weston.log" && ! grep -qi 'warning' "$units/weston.log" ||
  { cat "$units/weston.log" >&2; echo "check-install: headless Weston did not load the installed kinetic-weston.so, or warned (its log is above)" >&2; exit 1; }
echo "check-install: make install put ${#expected[@]} files in place; configuration, units, man pages and completions check out; pkg-config --cflags --libs kinetic-client gives $flags; headless Weston loads kinetic-weston.so from Weston's module folder"
