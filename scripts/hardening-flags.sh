# shellcheck shell=bash
# Debian's hardening flags for the C that `make install` and `make deb` build (libkinetic-client, kinetic-weston):
# fortified functions, stack protector, full RELRO and immediate binding, from dpkg-buildflags where it exists, else
# the same by hand. Sourced by scripts/install-c-client.sh and scripts/install-weston-module.sh; sets cflags and ldflags.
cflags="-g -O2 -fstack-protector-strong -Wformat -Werror=format-security -D_FORTIFY_SOURCE=2"
ldflags="-Wl,-z,relro -Wl,-z,now"
if command -v dpkg-buildflags >/dev/null; then
  cflags="$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
  ldflags="$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get LDFLAGS)"
fi
