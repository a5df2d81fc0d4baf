# One image for every Kontor process; the command chooses the service:
#   node dist/services/<gateway|query|relay|downloader|converter|extractor|projector>/main.js
#   node dist/services/embedded/main.js   (the default: every service in one process)
# Reproducible from the lockfile (`npm ci`, never `npm install`). For releases, pin the base images by
# digest (node:20-bookworm-slim@sha256:…) as well.
ARG NODE_IMAGE=node:20-bookworm-slim

# Production dependencies only, installed from the lockfile on their own, so no build tool or type
# package reaches the runtime image.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# The TypeScript build, with the dev dependencies it needs.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY contracts contracts
COPY shared shared
COPY services services
RUN npm run build

FROM ${NODE_IMAGE}
# pdf2pic renders PDF pages through GraphicsMagick and Ghostscript (converter); poppler-utils gives pdftotext/pdfinfo for looking into a
# document from a shell in the pod; tini is PID 1 so SIGTERM reaches node and zombies are reaped.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ghostscript graphicsmagick poppler-utils tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# DATA_DIR is the embedded mode's event log, blobs and checkpoints; the distributed mode keeps nothing
# there. Source maps make stack traces in the logs point into the TypeScript sources. The telemetry
# preload starts OpenTelemetry (configured by the OTEL_* variables) before a service loads what its
# auto-instrumentation patches; other node commands (the health check) pass through it untouched.
ENV NODE_ENV=production DATA_DIR=/data PORT=8080 NODE_OPTIONS="--enable-source-maps --import=/app/dist/shared/telemetry/instrument.js"
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json ./
# The review page (/app/): plain ES modules, served as they are.
COPY web web
# The image's `node` user by number, so Kubernetes can check runAsNonRoot without a passwd lookup.
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000:1000
EXPOSE 8080
# Every process answers /readyz on PORT, whichever service it runs.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/services/embedded/main.js"]
