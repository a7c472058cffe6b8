# The product's image: the compiled server and the built web app, run by an unprivileged user.
#
#   docker build -t tableorder .
#   docker run -p 8080:8080 -v tableorder-data:/app/data tableorder       # embedded database
#
# With PostgreSQL and several instances behind a load balancer: deploy/compose.yaml.

# The workspaces' package manifests, which both installs below start from.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/print-agent/package.json apps/print-agent/

# Build: every dependency, the web app (Vite) and the server (esbuild, plus the migrated
# new-database template a first embedded start copies).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npm run build:server

# Run-time dependencies only: the server's packages (sharp and argon2 bring their own binaries),
# not the web app's, the bench's or the tests'.
FROM manifests AS runtime-dependencies
RUN npm ci --omit=dev --workspace=apps/server --no-audit --no-fund

FROM node:20-bookworm-slim
# jemalloc, which apps/server/serve.sh preloads: the idle server holds 60 MB less than on glibc's malloc.
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-dependencies /app/node_modules node_modules
COPY --from=build /app/package.json package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/serve.sh apps/server/serve.sh
COPY --from=build /app/apps/web/dist apps/web/dist
# The image's user `node` (uid 1000) owns only the data directory; the code stays root's, read-only to it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# serve.sh execs node, which so becomes PID 1: SIGTERM from `docker stop` reaches the server's graceful stop.
CMD ["sh", "apps/server/serve.sh", "--enable-source-maps", "apps/server/dist/main.js"]
