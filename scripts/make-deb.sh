#!/usr/bin/env bash
# Builds the Debian packages (`make deb`): dist/kinetic_VERSION_ARCH.deb, and libkinetic-client1 and
# libkinetic-client-dev (the C client library, clients/c: the shared library, then its header, pkg-config file and
# link, Debian's usual split of a library), and kinetic-weston (the Weston module, clients/weston), then checks them
# with lintian.
#
# The binary (kineticd and kineticctl in one, kineticctl a link) links the Swift runtime and FoundationEssentials statically (the release configuration does, Package.swift; built
# into .build-deb, so that `make install`'s release build and this one never rebuild each other's work): the package
# depends only on what dpkg-shlibdeps finds (libc6, libstdc++6, libgcc-s1, libevdev2, libdrm2). The files are those of
# `make install` with PREFIX=/usr (scripts/install.sh), stripped; /etc/kinetic/kineticd.yaml is a conffile. The
# maintainer scripts create the kinetic group (sysusers.d) and /run/kinetic (tmpfiles.d), and enable and start
# kineticd.socket, as debhelper's generated snippets would. lintian's overrides, with their reasons, are in
# packaging/lintian-overrides.
# KINETIC_DEB_COMPRESSION (default xz:6, dpkg-deb's) sets dpkg-deb's compressor and level: the systemd VM suite,
# which installs the package and throws it away, uses gzip:1 (for the 140 MB of unoptimised static binaries,
# 3 CPU-seconds instead of 15 for xz at level 1, and 1 s instead of 2.6 for each of dpkg's and lintian's unpacking;
# 57 MB instead of 40; 2026-11-26, `/usr/bin/time` of the two compressors on the stripped binaries).
# KINETIC_DEB_CONFIGURATION chooses the build the binaries come from: release (the default; its flags
# KINETIC_DEB_BUILD_FLAGS, default `--scratch-path .build-deb`) or test, `make test`'s own unoptimised build
# (scripts/test-build-flags), which links the runtime statically too and which the systemd VM suite packages.
# KINETIC_DEB_LINTIAN=later leaves the lintian check (scripts/lint-deb.sh) to the caller.
set -euo pipefail
cd "$(dirname "$0")/.."

version="$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/KineticProtocol/Client/KineticVersion.swift)"
[ -n "$version" ] || { echo "make-deb: cannot find the version (KineticVersion.string)" >&2; exit 1; }
arch="$(dpkg --print-architecture)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/kinetic"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
changelog_date="$(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")"

DESTDIR="$stage" PREFIX=/usr SYSCONFDIR=/etc \
  KINETIC_BUILD_FLAGS="${KINETIC_DEB_BUILD_FLAGS:---scratch-path .build-deb}" \
  scripts/install.sh --configuration "${KINETIC_DEB_CONFIGURATION:-release}"

# The C client library's files go to its two packages.
library="$work/libkinetic-client1" development="$work/libkinetic-client-dev"
install -d "$library/usr/lib/$multiarch" "$development/usr/lib/$multiarch" "$development/usr/include"
mv "$stage/usr/lib/$multiarch/libkinetic-client.so.1" "$stage/usr/lib/$multiarch/libkinetic-client.so.1.0.0" \
  "$library/usr/lib/$multiarch/"
mv "$stage/usr/lib/$multiarch/libkinetic-client.so" "$stage/usr/lib/$multiarch/pkgconfig" "$development/usr/lib/$multiarch/"
mv "$stage/usr/include/kinetic-client.h" "$development/usr/include/"
# The Weston module goes to its own package.
module_dir="$(pkg-config --variable=libdir libweston-10)/weston"
weston_package="$work/kinetic-weston"
install -d "$weston_package$module_dir"
mv "$stage$module_dir/kinetic-weston.so" "$weston_package$module_dir/"
rmdir "$stage$module_dir"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$weston_package$module_dir/kinetic-weston.so"
chmod 0644 "$weston_package$module_dir/kinetic-weston.so"
rmdir "$stage/usr/include" "$stage/usr/lib/$multiarch"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$library/usr/lib/$multiarch/libkinetic-client.so.1.0.0"
chmod 0644 "$library/usr/lib/$multiarch/libkinetic-client.so.1.0.0"
# One executable: kineticctl is a link to kineticd (scripts/install.sh).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/kineticd"
scripts/check-no-icu.sh "$stage/usr/bin/kineticd"

# What every package here has: its copyright and changelog in /usr/share/doc, md5sums, and a control file from its
# template in packaging/ with the version, architecture, dependencies and installed size; then the .deb in dist/.
mkdir -p dist "$work/shlibs/debian"
compression="${KINETIC_DEB_COMPRESSION:-xz:6}"
debs=()
document() {  # document PACKAGE ROOT COPYRIGHT
  install -d "$2/usr/share/doc/$1" "$2/DEBIAN"
  install -m 0644 "$3" "$2/usr/share/doc/$1/copyright"
  sed "s/^kinetic (/$1 (/; s/@VERSION@/$version/; s/@DATE@/$changelog_date/" packaging/changelog \
    | gzip -9n > "$2/usr/share/doc/$1/changelog.gz"
  chmod 0644 "$2/usr/share/doc/$1/changelog.gz"
}
# Dependencies from a binary's own DT_NEEDED, as dpkg-shlibdeps does for debhelper (it wants a debian/control).
printf 'Source: kinetic\n\nPackage: kinetic\nArchitecture: any\n' > "$work/shlibs/debian/control"
shlib_depends() { (cd "$work/shlibs" && dpkg-shlibdeps "${@:2}" -O "$1" | sed -n 's/^shlibs:Depends=//p'); }  # BINARY [OPTION...]
package() {  # package PACKAGE ROOT DEPENDS
  (cd "$2" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) > "$2/DEBIAN/md5sums"
  chmod 0644 "$2/DEBIAN/md5sums"
  local size deb="dist/$1_${version}_${arch}.deb"
  size="$(du -sk --exclude=DEBIAN "$2" | cut -f1)"
  sed "s/@VERSION@/$version/g; s/@ARCH@/$arch/; s/@DEPENDS@/$3/; s/@SIZE@/$size/" "packaging/$1.control" > "$2/DEBIAN/control"
  # Root-owned files whoever builds it.
  dpkg-deb --root-owner-group -Z"${compression%%:*}" -z"${compression#*:}" --build "$2" "$deb" >/dev/null
  echo "make-deb: $deb ($(du -k "$deb" | cut -f1) KiB; installed $size KiB)${3:+, Depends: $3}"
  debs+=("$deb")
}

# kinetic: the daemon and the client tool, their units, configuration and documentation.
document kinetic "$stage" packaging/copyright
install -d "$stage/usr/share/lintian/overrides"
install -m 0644 packaging/lintian-overrides "$stage/usr/share/lintian/overrides/kinetic"
depends="$(shlib_depends "$stage/usr/bin/kineticd")"
# Packed relocations (Package.swift) need glibc 2.36's loader (the version GLIBC_ABI_DT_RELR), which dpkg-shlibdeps,
# reading symbols, does not see: raise libc6's minimum to it.
if readelf -V "$stage/usr/bin/kineticd" | grep -q GLIBC_ABI_DT_RELR; then
  depends="$(sed -E 's/libc6 \(>= [0-9.]+\)/libc6 (>= 2.36)/' <<< "$depends")"
fi
for script in postinst prerm postrm; do install -m 0755 "packaging/$script" "$stage/DEBIAN/$script"; done
echo "/etc/kinetic/kineticd.yaml" > "$stage/DEBIAN/conffiles"
chmod 0644 "$stage/DEBIAN/conffiles"
package kinetic "$stage" "$depends"

# The library: the shlibs and symbols files that tell dpkg-shlibdeps which package a program linked with it depends
# on (every symbol of the version script's KINETIC_CLIENT_1 node since this version), and the ldconfig trigger.
document libkinetic-client1 "$library" packaging/copyright-c-client
printf 'libkinetic-client 1 libkinetic-client1 (>= %s)\n' "$version" > "$library/DEBIAN/shlibs"
echo "activate-noawait ldconfig" > "$library/DEBIAN/triggers"
{ echo "libkinetic-client.so.1 libkinetic-client1 #MINVER#"
  echo "* Build-Depends-Package: libkinetic-client-dev"
  nm -D --defined-only "$library/usr/lib/$multiarch/libkinetic-client.so.1.0.0" | awk -v v="$version" \
    '{ name = $3; sub(/@@/, "@", name); if (name !~ /@/) name = name "@" name; print " " name " " v }' | sort; } \
  > "$library/DEBIAN/symbols"
chmod 0644 "$library/DEBIAN/shlibs" "$library/DEBIAN/triggers" "$library/DEBIAN/symbols"
package libkinetic-client1 "$library" "$(shlib_depends "$library/usr/lib/$multiarch/libkinetic-client.so.1.0.0")"

# Its development files.
document libkinetic-client-dev "$development" packaging/copyright-c-client
package libkinetic-client-dev "$development" ""

# The module: the libraries it links (libkinetic-client1 through the shlibs file above, which dpkg-shlibdeps reads from
# debian/shlibs.local as it would from the installed package), and Weston itself, which loads it and whose executable
# has the one symbol it takes from the frontend (wet_get_config).
document kinetic-weston "$weston_package" packaging/copyright-weston
cp "$library/DEBIAN/shlibs" "$work/shlibs/debian/shlibs.local"
weston_depends="$(shlib_depends "$weston_package$module_dir/kinetic-weston.so" -l"$library/usr/lib/$multiarch")"
package kinetic-weston "$weston_package" "weston (>= 10), $weston_depends"

[ "${KINETIC_DEB_LINTIAN:-now}" = later ] || scripts/lint-deb.sh "${debs[@]}"
