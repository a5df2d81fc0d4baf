import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import Tesseract from 'tesseract.js';
import { languageDataFile, linkLanguageData } from '../../services/extractor/index.js';
import { median, timed } from './measure.js';

/**
 * The least any scan can take in Kontor: one recognition of the page by tesseract.js (the OCR engine the design
 * fixes, Tesseract compiled to WebAssembly) in one warm worker, with the service's language data and nothing else
 * (no conversion, no rereads, no extraction), its wall and CPU time. Set beside the native CLI, it shows how much of the scan row's
 * ratio is the engine's own.
 */
export const tesseractJsMs = async (page: string, languages: readonly string[], runs: number): Promise<{ ms: number; cpuMs: number }> => {
  const languageDirectory = await linkLanguageData(languages, os.tmpdir());
  try {
    const worker = await Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, {
      langPath: languageDirectory,
      cacheMethod: 'none',
      gzip: true,
    });
    try {
      const image = await readFile(page);
      await worker.recognize(image);
      const durations: number[] = [];
      const cpuTimes: number[] = [];
      for (let run = 0; run < runs; run++) {
        // The worker is a thread of this process: the process's CPU time is the recognition's.
        const cpuBefore = process.cpuUsage();
        durations.push((await timed(() => worker.recognize(image, {}, { blocks: true }))).ms);
        const cpu = process.cpuUsage(cpuBefore);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
      }
      return { ms: median(durations), cpuMs: median(cpuTimes) };
    } finally {
      await worker.terminate();
    }
  } finally {
    await rm(languageDirectory, { recursive: true, force: true });
  }
};

/**
 * A tessdata directory holding the service's own models (the npm packages' integer "best" networks), unpacked, for
 * the tesseract CLI (`TESSDATA_PREFIX`): Debian's packages ship the smaller "fast" networks, so the CLI on its own
 * data and the service do not read with the same models. Removed by the caller.
 */
export const serviceModelsForCli = async (languages: readonly string[]): Promise<string> => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-tessdata-'));
  for (const code of languages) {
    const file = languageDataFile(code);
    if (!file) throw new Error(`no language data installed for OCR language "${code}"`);
    await writeFile(path.join(directory, `${code}.traineddata`), gunzipSync(await readFile(file)));
  }
  return directory;
};
