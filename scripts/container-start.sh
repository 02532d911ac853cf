#!/bin/sh
# The container's command (Dockerfile): what `npm start` does once built. The demo content goes into
# an empty database only (an import or an earlier seed is kept, as `npm run seed -- --if-empty`
# keeps it), then the server replaces this shell, so that it is the process `docker stop` signals.
set -eu
# On the embedded database the seed is one more start of PGlite before the server's (seconds): once
# it has succeeded on this volume, and the database folder is still there, it is not run again.
seeded="$DATA_DIR/.demo-seeded"
if [ -n "${DATABASE_URL:-}" ] || [ ! -e "$seeded" ] || [ ! -e "$DATA_DIR/pglite/PG_VERSION" ]; then
  node --enable-source-maps build/server/seed.cjs --if-empty
  [ -n "${DATABASE_URL:-}" ] || touch "$seeded"
fi
exec node --optimize-for-size --enable-source-maps build/server/main.cjs
