#!/bin/sh
# Runs node with its arguments under jemalloc where the host has it (`npm run serve`, the image).
#
# Why: glibc's malloc keeps, in its per-thread arenas, what V8's background threads freed after
# compiling PGlite's WebAssembly, and gives it back only on malloc_trim, which node never calls: the
# idle server's resident memory read 218-252 MB on glibc and 188-195 MB under jemalloc with its
# background thread, 60 MB less after a load too, at the same order latency (docs/decisions/005-jemalloc.md).
# ALLOCATOR=glibc keeps glibc's malloc; a host without jemalloc (macOS, or Linux without the
# package: `apt-get install libjemalloc2`) runs on its own allocator.
# `exec`: node replaces this shell, so signals (SIGTERM's graceful stop) reach the server itself.

if [ "${ALLOCATOR:-auto}" != glibc ] && [ "$(uname -s)" = Linux ]; then
  for candidate in \
    "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" \
    /usr/lib64/libjemalloc.so.2 \
    /usr/lib/libjemalloc.so.2; do
    if [ -r "$candidate" ]; then
      LD_PRELOAD="$candidate${LD_PRELOAD:+ $LD_PRELOAD}"
      # The background thread returns freed pages after 5 s unused without waiting for the next
      # allocation, so an idle server shrinks too; 1 s read the same idle figure and a worse p99.
      MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:5000,muzzy_decay_ms:0}"
      export LD_PRELOAD MALLOC_CONF
      break
    fi
  done
fi

exec node "$@"
