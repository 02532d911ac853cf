# The site and its API in one image: `docker build -t institution-site .`, then
#   docker run --read-only -v site-data:/data -p 8080:8080 institution-site
# serves the demo content on http://localhost:8080/ (docs/operations.md, section "Container").
#
# The base is a build argument: by default the official Node 24 image on Debian 12 (bookworm, slim).
# Any image with Node 24 and npm, and a `node` user of uid 1000, builds it the same way
# (`npm run test:container` makes one from Debian's packages where no registry can be reached).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# A certificate bundle for the registry, when the build's network passes through a proxy that
# signs TLS itself; it stays in this stage and never reaches the image that runs.
ARG NPM_CA_BUNDLE=""
# `npm ci` refuses a lock file made where the registry lacked other platforms' optional binaries: `npm install` then installs the same versions.
COPY package.json package-lock.json ./
RUN if [ -n "$NPM_CA_BUNDLE" ]; then printf '%s\n' "$NPM_CA_BUNDLE" > /tmp/npm-ca.pem; export NODE_EXTRA_CA_CERTS=/tmp/npm-ca.pem npm_config_cafile=/tmp/npm-ca.pem; fi \
  && { npm ci --no-audit --no-fund --loglevel=error || npm install --no-audit --no-fund --loglevel=error; } \
  && rm -f /tmp/npm-ca.pem
COPY . .
# The site (dist/) and the compiled server commands (build/server/).
RUN npm run build

# The built site without its source maps (8 MB of the image; a browser's developer tools ask for them,
# nothing else does).
FROM build AS site
RUN find dist -name '*.map' -delete

# The production packages alone, installed afresh: `npm prune` in a layer above the install moves
# every removed folder across overlay layers, which Docker's storage turns into copies (minutes).
FROM ${NODE_IMAGE} AS packages
WORKDIR /app
ARG NPM_CA_BUNDLE=""
COPY package.json package-lock.json ./
RUN if [ -n "$NPM_CA_BUNDLE" ]; then printf '%s\n' "$NPM_CA_BUNDLE" > /tmp/npm-ca.pem; export NODE_EXTRA_CA_CERTS=/tmp/npm-ca.pem npm_config_cafile=/tmp/npm-ca.pem; fi \
  && { npm ci --omit=dev --no-audit --no-fund --loglevel=error || npm install --omit=dev --no-audit --no-fund --loglevel=error; } \
  && rm -f /tmp/npm-ca.pem
# What the compiled server never reads (some 75 MB of the image's budget of 300): the packages' own
# source maps, type declarations and documents; esbuild and tsx, which `npm run build` and the
# development commands use but build/server/*.cjs never loads; and the ES-module and browser builds
# of the packages that ship several, since build/server/*.cjs `require`s their CommonJS one (RxJS's
# dist/cjs, fp-ts's lib/, colorjs.io's dist/color.cjs). `npm run test:container` serves pages, seeds
# and backs up with what is left.
RUN rm -rf node_modules/esbuild node_modules/@esbuild node_modules/tsx \
    node_modules/rxjs/dist/esm node_modules/rxjs/dist/esm5 node_modules/rxjs/dist/bundles node_modules/rxjs/src \
    node_modules/fp-ts/es6 node_modules/colorjs.io/src \
  && find node_modules/colorjs.io/dist -type f ! -name color.cjs -delete \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -iname '*.md' \) -delete
# Some 17 MB more that nothing requires at run time: the test suites, examples and benchmarks that
# packages ship (Fastify's, bintrees' and pino's are the largest), and React DOM's builds for other
# runtimes and modes. The image runs with NODE_ENV=production, where `react-dom/server` on Node loads
# only cjs/react-dom-server*.node.production.js and `react-dom/client` cjs/react-dom-client.production.js.
RUN find node_modules -regextype posix-extended -type d \
      -regex '(.*/)?node_modules/(@[^/]+/)?[^/]+/(test|tests|__tests__|example|examples|benchmark|benchmarks)' -prune -exec rm -rf {} + \
  && find node_modules/react-dom/cjs -type f \( -name '*.development.js' -o -name '*profiling*' -o -name '*.bun.*' -o -name '*.edge.*' -o -name '*.browser.*' \) -delete

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=packages /app/node_modules ./node_modules
COPY --from=build /app/build/server ./build/server
COPY --from=site /app/dist ./dist
COPY --from=build /app/profiles ./profiles
COPY scripts/container-start.sh ./scripts/container-start.sh
# DATA_DIR is the one place the server writes (the embedded database, the demo pictures, the backup
# socket): the root file system can be mounted read-only. A new named volume takes this owner.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Alive, not ready: a database that is late must not get the container killed (use /readyz in a load balancer).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops taking requests, answers those it holds, closes its database and exits 0.
STOPSIGNAL SIGTERM
CMD ["sh", "scripts/container-start.sh"]
