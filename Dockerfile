# Kohyo's image: the API server (the default command) and the `kohyo` command line (collector, imports, usage log).
# Two stages from the same Node 20 base, so that better-sqlite3's native module, compiled in the first, runs in the
# second: the build stage has the compilers and every dependency; the runtime stage only the production ones.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# better-sqlite3 compiled against this image's Node and glibc (prebuild-install reads this setting), never a
# downloaded prebuilt binary; its SQLite built to map a file of up to 64 GiB whole, where its own build maps 2 GB and
# reads the rest of a dataset of all Japan through the page cache (docs/operating.md, "A dataset larger than the
# memory map")
RUN CFLAGS="-DSQLITE_MAX_MMAP_SIZE=0x1000000000" npm_config_build_from_source=true npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY demo ./demo
COPY scripts/build.mjs scripts/kohyo.mjs ./scripts/
# dist/src (the server, the command line) and dist/demo (the demo dataset the first start builds); then the
# development dependencies (the compilers, tsx) go
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    KOHYO_DB=/data/kohyo.sqlite
WORKDIR /app
# the code belongs to root and is only read by the service; /data (the dataset, the usage log and its secret),
# /datasets (where the collector publishes) and /sources (the operator's source files, where compose mounts them) are
# the node user's
RUN mkdir -p /data /datasets /sources && chown node:node /data /datasets /sources
# compiled code only: no src/, no TypeScript runner (tsx is a development dependency, pruned above)
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# `npm run kohyo -- …` runs scripts/kohyo.mjs, which runs dist/src/cli.js as it is where there is no src/ to build
# from; `node dist/src/cli.js …` is the same command line
COPY --from=build /app/scripts ./scripts
USER node
EXPOSE 3000
# node itself, since the slim image has no curl: healthy once /health answers 200 (the dataset is open); the first
# start may build the demo dataset first, hence the start period
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# what `npm start` starts, without npm in between (it would rebuild, and pass on SIGINT and SIGTERM alone, not SIGHUP)
CMD ["node", "--max-semi-space-size=64", "dist/src/main.js"]
