/** Durable positions of feed followers (the relay), so a restart resumes where it left off. */
export interface CheckpointStore {
  /** The saved position, or 0 when none was saved. */
  load(name: string): Promise<number>;
  save(name: string, position: number): Promise<void>;
  close(): Promise<void>;
}
