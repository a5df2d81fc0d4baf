/**
 * Saves a follower's checkpoint without queueing one save per position: a position asked for while a save is
 * being written waits for it, and of all the positions that waited only the newest is written next. A burst of
 * appends so costs a save (a temp file, two fsyncs, a rename, in the embedded checkpoint store) per save's
 * duration instead of one per event, and the checkpoint still only ever holds a position asked for, in order.
 */
export interface NewestPositionSaver {
  /** Asks for `position` to be saved; resolves once it, or a newer position, has been (or failed: `onError`). */
  save(position: number): Promise<void>;
  /** Resolves when nothing asked for is left unwritten. */
  settled(): Promise<void>;
}

export const createNewestPositionSaver = (
  write: (position: number) => Promise<void>,
  onError: (error: unknown) => void,
): NewestPositionSaver => {
  let next: number | null = null;
  let writing: Promise<void> | null = null;

  const writeWhileAsked = async () => {
    while (next !== null) {
      const position = next;
      next = null;
      try {
        await write(position);
      } catch (error) {
        onError(error);
      }
    }
    writing = null;
  };

  return {
    save(position) {
      next = next === null ? position : Math.max(next, position);
      writing ??= writeWhileAsked();
      return writing;
    },
    settled: () => writing ?? Promise.resolve(),
  };
};
