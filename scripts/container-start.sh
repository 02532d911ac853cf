#!/bin/sh
# The container's command (Dockerfile): what `npm start` does once built. The demo content goes into
# an empty database only (an import or an earlier seed is kept, as `npm run seed -- --if-empty`
# keeps it), then the server replaces this shell, so that it is the process `docker stop` signals.
set -eu
node --enable-source-maps build/server/seed.cjs --if-empty
exec node --optimize-for-size --enable-source-maps build/server/main.cjs
