/**
 * Work on a document begun before the step that needs it (while the document is still being converted),
 * kept by key until that step takes it over, running or done. Taken once: asking again does the work again.
 * Work that failed is forgotten, so the step that takes it does it again and reports the failure. At most
 * `kept` are kept; the oldest is dropped (a document whose step never came).
 */
export const createWorkAhead = <T>(kept: number) => {
  const begun = new Map<string, Promise<T>>();
  return {
    begin(key: string, work: () => Promise<T>): void {
      if (begun.has(key)) return;
      const running = work();
      running.catch(() => begun.get(key) === running && begun.delete(key));
      begun.set(key, running);
      // A Map iterates in insertion order: the oldest is dropped.
      if (begun.size > kept) begun.delete(begun.keys().next().value!);
    },
    /** The work begun under `key`, handed over once; else `work` done now. */
    take(key: string, work: () => Promise<T>): Promise<T> {
      const running = begun.get(key);
      begun.delete(key);
      return running ?? work();
    },
  };
};
export type WorkAhead<T> = ReturnType<typeof createWorkAhead<T>>;
