import { errors } from '../../shared/errors/app-error.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventBus } from '../../shared/ports/event-bus.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { createStepService } from '../../shared/runtime/step-service.js';
import type { ConverterConfig } from './converter-config.js';
import { decideConversion, filesToConvert, isConversionDue, type SourceRendering } from './converter-core.js';
import { renderSource } from './render-source.js';

export interface ConverterPorts {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  logger: Logger;
}

/**
 * Once every source is resolved, renders each stored file to page rasters, previews and a thumbnail in
 * the blob store, and records DocumentConverted. Files are rendered one after another, each within what
 * is left of the document's page limit.
 */
export const createConverter = (ports: ConverterPorts, config: ConverterConfig): Service =>
  createStepService({
    name: 'converter',
    store: ports.store,
    bus: ports.bus,
    logger: ports.logger,
    // Whichever of these resolves the last source makes the conversion due.
    triggers: ['DocumentSubmitted', 'SourceFileStored', 'DownloadFailed'],
    step: async ({ state, logger }) => {
      if (!isConversionDue(state)) return [];
      const renderings: SourceRendering[] = [];
      let pageCount = 0;
      for (const { index, file } of filesToConvert(state)) {
        const started = performance.now();
        const bytes = await ports.blobs.get(file.blob.hash);
        if (!bytes) throw errors.unavailable(`blob ${file.blob.hash} of source ${index} is missing from the blob store`);
        const rendering = await renderSource({ index, bytes, mimeType: file.mimeType }, config.CONVERT_MAX_PAGES - pageCount, ports.blobs, config);
        const ms = Math.round(performance.now() - started);
        if (rendering.outcome === 'rendered') {
          pageCount += rendering.pages.length;
          logger.info({ source_index: index, mime_type: file.mimeType, pages: rendering.pages.length, ms }, 'converter rendered source');
        } else {
          logger.warn({ source_index: index, mime_type: file.mimeType, code: rendering.code, detail: rendering.detail, ms }, 'converter could not render source');
        }
        renderings.push(rendering);
      }
      return decideConversion(state, renderings, config.CONVERT_MAX_PAGES);
    },
  });
