import { availableParallelism } from 'node:os';
import sharp from 'sharp';

/**
 * libvips runs each image operation over one thread per core. sharp's default on glibc without jemalloc is one
 * thread (against the heap's fragmentation), which leaves a scan's clean-up before OCR (the 3×3 median, the
 * analyses' resizes, the lighting's division, the page's PNG: about half of its 1.2–1.5 s) on one core while
 * OCR's workers, which wait for it, leave the other idle. The operations give the same pixels on any number of
 * threads (libvips cuts the image into tiles each thread computes whole). Process-wide: sharp has one setting.
 */
export const imageOperationsOnEveryCore = (): void => {
  sharp.concurrency(availableParallelism());
};
