import { setTimeout as sleep } from 'node:timers/promises';
import type { Admin } from 'kafkajs';
import { errors } from '../../errors/app-error.js';
import { kafkaAppError } from './kafka-error.js';

const hasLeaders = (topic: { partitions: { leader: number }[] }) =>
  topic.partitions.length > 0 && topic.partitions.every((partition) => partition.leader >= 0);

/**
 * Creates the topics that do not exist yet and waits until every partition has a leader. kafkajs's own
 * `waitForLeaders` gives up when the broker has not yet learnt of a topic the controller just created, and does
 * not wait at all for a topic another process created a moment ago.
 */
export const ensureTopics = async (admin: Admin, topics: string[], numPartitions: number, timeoutMs = 30000): Promise<void> => {
  await admin.createTopics({ waitForLeaders: false, topics: topics.map((topic) => ({ topic, numPartitions })) });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const metadata = await admin.fetchTopicMetadata({ topics });
      if (metadata.topics.every(hasLeaders)) return;
    } catch (error) {
      const mapped = kafkaAppError(error, `could not read the metadata of ${topics.join(', ')}`);
      if (!mapped.retriable || Date.now() >= deadline) throw mapped;
    }
    if (Date.now() >= deadline) throw errors.unavailable(`topics ${topics.join(', ')} have no leaders after ${timeoutMs} ms`);
    await sleep(100);
  }
};
