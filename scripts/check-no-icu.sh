#!/usr/bin/env bash
# Fails when a binary carries ICU: its data (which names itself icudtNNl, e.g. icudt76l, 34 MB in a static Foundation
# binary) or its functions (ucol_, uloc_, u_… — swift_-prefixed in Swift's own copy of ICU). Foundation links ICU;
# FoundationEssentials does not, and the shipped modules import only that (Package.swift, the FoundationGeometry trait).
# Run by `make test` on the binaries it built and by `make deb` on the stripped binaries it packages (the data check
# needs no symbols; the function check reads them where they are left).
# Usage: scripts/check-no-icu.sh BINARY...
set -euo pipefail
status=0
for binary in "$@"; do
  data=$(LC_ALL=C grep -acE 'icudt[0-9]+[lb]' "$binary" || true)
  functions=$(nm "$binary" 2>/dev/null | grep -cE ' [TtDdRrBb] _?(swift_)?(u|ucol|uloc|ubrk|unum|udat|ucnv|ures|udata|utrans|uregex)_[a-zA-Z]+(_[0-9]+)?$' || true)
  if [ "$data" != 0 ] || [ "$functions" != 0 ]; then
    echo "check-no-icu: $binary carries ICU ($data lines naming its data icudtNN, $functions of its functions): a module imports Foundation instead of FoundationEssentials, or a target was built with the FoundationGeometry trait" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "check-no-icu: no ICU in $(printf '%s ' "${@##*/}")"
exit "$status"
