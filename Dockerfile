# syntax=docker/dockerfile:1
# Clean Up Edinburgh on the official Node image. Two stages: the first installs everything and builds
# the client; the second keeps only the production modules, the server's sources and the built client,
# and runs as the image's unprivileged `node` user with DATA_DIR on a volume.
#
#   docker build -t cleanup-edinburgh .
#   docker run -d -p 3000:3000 -v cleanup-data:/data -e PUBLIC_URL=https://cleanup.example.org cleanup-edinburgh

# The newest LTS line of Node (the app also runs on the older LTS lines and on Node 20.19).
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles itself when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Exactly the locked tree: the lock file lists every platform's optional binaries.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/dist/client ./dist/client
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the database answers, photos can be stored, migrations are current, not shutting down.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The server itself, not `npm start`: the client is already built, and npm would not pass SIGTERM on
# as cleanly (the server drains uploads in flight on SIGTERM).
CMD ["node", "--import", "tsx", "src/server/main.ts"]
