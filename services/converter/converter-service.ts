import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventBus } from '../../shared/ports/event-bus.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { createStepService } from '../../shared/runtime/step-service.js';
import type { ConverterConfig } from './converter-config.js';
import { decideConversion, filesToConvert, isConversionDue, type SourceRendering } from './converter-core.js';
import { publishDocument } from './publish-document.js';
import { decidePublished, isPublishingDue } from './publishing-core.js';
import { renderSource } from './render-source.js';
import { announceRenderer } from './rendering/announce-renderer.js';
import { warmUpRenderer } from './rendering/warm-up-renderer.js';
import { createPdfRenderer } from './rendering/create-pdf-renderer.js';
import { createPublishingThread } from './publishing-thread/publishing-thread.js';
import type { SigningIdentity } from '../../shared/signing/p12-identity.js';
import { storedFileBytes } from '../../shared/files/stored-file-bytes.js';

export interface ConverterPorts {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  logger: Logger;
}

export interface ConverterSettings extends ConverterConfig {
  /** What the signed PDF is signed with: the configured PKCS#12 file, or the data directory's self-signed one (see loadSigningIdentity). */
  signingIdentity: SigningIdentity;
  /** Documents each step handles at once. */
  concurrency?: number;
}

/**
 * Two steps. Conversion: once every source is resolved, renders each stored file to upright page
 * rasters, previews and a thumbnail in the blob store, and records DocumentConverted; files are rendered
 * one after another, each within what is left of the document's page limit. Publishing: once the text
 * is recognized, builds the searchable PDF and its signed copy and records DocumentSigned. Separate
 * consumer groups, so a document's publishing never waits behind another's rendering.
 */
export const createConverter = (ports: ConverterPorts, config: ConverterSettings): Service => {
  const publishingThread = createPublishingThread(config.signingIdentity);
  const renderer = createPdfRenderer(config.CONVERT_PDF_RENDERER, config.CONVERT_PAGE_TIMEOUT_MS);

  const conversion = createStepService({
    name: 'converter',
    stage: 'render',
    store: ports.store,
    bus: ports.bus,
    logger: ports.logger,
    // Whichever of these resolves the last source makes the conversion due.
    triggers: ['DocumentSubmitted', 'SourceFileStored', 'DownloadFailed', 'ReprocessingRequested'],
    concurrency: config.concurrency,
    step: async ({ state, logger }) => {
      if (!isConversionDue(state)) return [];
      const renderings: SourceRendering[] = [];
      let pageCount = 0;
      for (const { index, file } of filesToConvert(state)) {
        const started = performance.now();
        const bytes = await storedFileBytes(ports.blobs, file, `source file ${index}`);
        const rendering = await renderSource(
          { index, bytes, mimeType: file.mimeType },
          config.CONVERT_MAX_PAGES - pageCount,
          ports.blobs,
          config,
          renderer,
        );
        const ms = Math.round(performance.now() - started);
        if (rendering.outcome === 'rendered') {
          pageCount += rendering.pages.length;
          const withoutRaster = rendering.pages.filter((page) => page.image === null).length;
          logger.info(
            { source_index: index, mime_type: file.mimeType, pages: rendering.pages.length, pages_without_raster: withoutRaster, ms },
            'converter rendered source',
          );
        } else {
          logger.warn(
            { source_index: index, mime_type: file.mimeType, code: rendering.code, detail: rendering.detail, ms },
            'converter could not render source',
          );
        }
        renderings.push(rendering);
      }
      return decideConversion(state, renderings, config.CONVERT_MAX_PAGES);
    },
  });

  const publishing = createStepService({
    name: 'converter-publishing',
    stage: 'sign',
    store: ports.store,
    bus: ports.bus,
    logger: ports.logger,
    // TextRecognized makes it due; DataExtracted catches documents whose TextRecognized was handled before this step existed.
    triggers: ['TextRecognized', 'DataExtracted'],
    // Extraction runs beside it and the searchable PDF does not read the extracted data.
    unaffectedBy: ['DataExtracted'],
    concurrency: config.concurrency,
    step: async ({ state, logger }) => {
      if (!isPublishingDue(state)) return [];
      const started = performance.now();
      const { buildSigned } = publishingThread;
      const pdfs = await publishDocument(state, { blobs: ports.blobs, buildSigned, renderer, dpi: config.CONVERT_OCR_DPI, logger });
      const ms = Math.round(performance.now() - started);
      logger.info({ pages: state.conversion!.pages.length, signed: pdfs.signedPdf !== null, ms }, 'converter published searchable PDF');
      return decidePublished(state, pdfs);
    },
  });

  return {
    name: 'converter',
    async start() {
      await announceRenderer(renderer, ports.logger);
      await warmUpRenderer(renderer, ports.logger);
      await conversion.start();
      await publishing.start();
    },
    async stop() {
      await conversion.stop();
      await publishing.stop();
      await renderer.stop();
      await publishingThread.stop();
    },
  };
};
