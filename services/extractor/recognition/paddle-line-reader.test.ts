import { expect } from 'chai';
import { decodeSteps } from './paddle-line-reader.js';

const CLASSES = ['', 'A', 'B', ' '];
/** The network's output for steps whose likeliest classes are given, each at probability 0.9. */
const output = (likeliest: number[]) => {
  const probabilities = new Float32Array(likeliest.length * CLASSES.length).fill(0.1 / (CLASSES.length - 1));
  likeliest.forEach((klass, step) => (probabilities[step * CLASSES.length + klass] = 0.9));
  return probabilities;
};

describe('extractor: the PaddleOCR line reader decoding its network', () => {
  it('given a class repeated over steps, then it is one character, at the centre of its run', () => {
    const characters = decodeSteps(output([1, 1, 0, 2]), 4, CLASSES, 8);

    expect(characters).to.have.length(2);
    expect(characters[0]).to.deep.include({ text: 'A', x: 8 });
    expect(characters[1]).to.deep.include({ text: 'B', x: 28 });
    expect(characters[0]!.probability).to.be.closeTo(0.9, 1e-6);
  });

  it('given a blank between two runs of one class, then it is the character twice', () => {
    expect(decodeSteps(output([1, 0, 1, 3, 2]), 5, CLASSES, 8).map((character) => character.text)).to.deep.equal(['A', 'A', ' ', 'B']);
  });
});
