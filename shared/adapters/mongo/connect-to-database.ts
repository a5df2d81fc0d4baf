import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';

export interface ConnectedDatabase {
  client: MongoClient;
  db: Db;
}

/** Connects eagerly, so a wrong URL or an unreachable server fails at start-up, not at the first request. */
export const connectToDatabase = async (url: string, database: string): Promise<ConnectedDatabase> => {
  const client = new MongoClient(url);
  await client.connect();
  return { client, db: client.db(database) };
};
