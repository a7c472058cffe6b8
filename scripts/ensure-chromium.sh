#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (playwright-core never downloads a browser here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium from Debian's packages for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core >/dev/null
  exit 0
fi
echo "Chromium is missing at $CHROMIUM: install Debian's 'chromium' package or set CHROMIUM_PATH." >&2
exit 1
