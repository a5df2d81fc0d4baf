/** What every service factory returns: the embedded runner and each `main.ts` only start and stop. */
export interface Service {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}
