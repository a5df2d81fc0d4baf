import { MongoServerError } from 'mongodb';

const DUPLICATE_KEY = 11000;

/** A write refused by a unique index: the conditional writes here read it as "someone else got there first". */
export const isDuplicateKeyError = (error: unknown): boolean => error instanceof MongoServerError && error.code === DUPLICATE_KEY;
