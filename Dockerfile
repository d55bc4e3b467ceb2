# One image recipe for every deployable; WORKSPACE names which (services/events, services/media, services/billing, services/download, services/backup, services/faces, gateway).
# Build context: the repository root (see docker-compose.yml).
# Node 22 LTS, the version the dependencies ask for (docs/development.md, "Node.js").
FROM node:22.23.5-bookworm-slim AS build
ARG WORKSPACE
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY packages/local-servers/package.json packages/local-servers/
COPY packages/testing/package.json packages/testing/
COPY services/events/package.json services/events/
COPY services/media/package.json services/media/
COPY services/billing/package.json services/billing/
COPY services/download/package.json services/download/
COPY services/backup/package.json services/backup/
COPY services/faces/package.json services/faces/
COPY gateway/package.json gateway/
COPY web/package.json web/
# onnxruntime-node (the faces service) carries its CPU library; its install script would only fetch CUDA's.
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --no-audit --no-fund
COPY packages packages
COPY ${WORKSPACE} ${WORKSPACE}
# The gateway serves the built web app and ships the supergraph composed from gateway/subgraphs; the other
# deployables need neither.
COPY web web
COPY infra/image-dependencies.mjs infra/
# npm prune keeps every workspace's dependencies (the test workspaces' embedded servers, the web app's React):
# image-dependencies.mjs then keeps only what this deployable and the workspaces it uses need at run time.
RUN npx tsc -b ${WORKSPACE} && \
    if [ "${WORKSPACE}" = gateway ]; then npm run supergraph -w gateway && npm run build -w web; fi && \
    npm prune --omit=dev && \
    node infra/image-dependencies.mjs ${WORKSPACE} --prune

FROM node:22.23.5-bookworm-slim
ARG WORKSPACE
ENV NODE_ENV=production
# The media service strips location, serial numbers and names from guests' copies with exiftool (Debian's
# libimage-exiftool-perl); no other deployable needs it.
RUN if [ "${WORKSPACE}" = services/media ]; then \
      apt-get update && apt-get install -y --no-install-recommends libimage-exiftool-perl && \
      rm -rf /var/lib/apt/lists/*; \
    fi
WORKDIR /app
COPY --from=build /app /app
WORKDIR /app/${WORKSPACE}
USER node
CMD ["node", "dist/main.js"]
