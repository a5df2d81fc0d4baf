/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same corpus on every machine,
 * which Math.random cannot. Each document draws from its own stream (`forDocument`), so generating
 * document 7 alone yields the same document as generating all of them.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A stream for one document of a corpus, independent of how many documents came before it. */
  static forDocument(seed: number, index: number, purpose = 0): SeededRandom {
    return new SeededRandom(
      Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35) ^ Math.imul(purpose + 1, 0x27d4eb2f),
    );
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A number in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(choices: readonly T[]): T {
    if (choices.length === 0) throw new Error('nothing to pick from');
    return choices[Math.floor(this.next() * choices.length)]!;
  }

  /** One of the choices, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [choice, weight] of choices) {
      point -= weight;
      if (point < 0) return choice;
    }
    return choices.at(-1)![0];
  }

  /** `length` digits, the first not zero unless `leadingZero`. */
  digits(length: number, leadingZero = false): string {
    let text = String(leadingZero ? this.int(0, 9) : this.int(1, 9));
    while (text.length < length) text += String(this.int(0, 9));
    return text;
  }

  /** Gaussian with mean 0 and standard deviation 1 (Box-Muller). */
  gaussian(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }
}
