import type { Admin } from 'kafkajs';

/**
 * Messages of `topic` that `group` has not committed yet, over all partitions: the end offset minus the
 * group's committed offset (or the partition's start, when the group committed nothing there yet).
 * This is the lag every consumer of the group shares, whichever process asks.
 */
export const consumerLag = async (admin: Admin, group: string, topic: string): Promise<number> => {
  const [ends, [committed]] = await Promise.all([admin.fetchTopicOffsets(topic), admin.fetchOffsets({ groupId: group, topics: [topic] })]);
  const committedOf = new Map((committed?.partitions ?? []).map(({ partition, offset }) => [partition, Number(offset)]));
  return ends.reduce((lag, { partition, high, low }) => {
    const position = committedOf.get(partition) ?? -1;
    return lag + Math.max(0, Number(high) - (position >= 0 ? position : Number(low)));
  }, 0);
};
