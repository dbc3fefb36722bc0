# HyperCreate in one image: the API (which serves the web app) by default, a generation worker with
# `node apps/worker/dist/main.js`. See README › Deploy and compose.yaml.
#
# The build stage has the dev dependencies; the runtime stage gets only the production install
# that scripts/production-install.mjs lays out, the very script the production rehearsal test
# runs (scripts/deploy.test.mjs keeps the two in step): production-install.mjs sha256:63d9666b90a720a9

FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
RUN node scripts/production-install.mjs /opt/hypercreate

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/hypercreate
WORKDIR /opt/hypercreate
COPY --from=build --chown=node:node /opt/hypercreate /opt/hypercreate
RUN mkdir -p /var/lib/hypercreate && chown node:node /var/lib/hypercreate
USER node
EXPOSE 3000
# SIGTERM drains: requests and jobs in flight finish within SHUTDOWN_DEADLINE_SECONDS (25 s by
# default, inside the usual 30 s grace before SIGKILL).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The flags of SERVER_NODE_FLAGS (scripts/lib.mjs).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "apps/api/dist/server.js"]
