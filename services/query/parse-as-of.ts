import { z } from 'zod';
import { errors } from '../../shared/errors/app-error.js';
import type { AsOf } from '../../shared/read-model/document-as-of.js';

const REVISION = /^[0-9]{1,9}$/;
const timestamp = z.iso.datetime({ offset: true });

/** `as_of`: a stream revision (a whole number from 0) or an ISO 8601 timestamp with time zone. */
export const parseAsOf = (raw: unknown): AsOf => {
  if (typeof raw === 'string' && REVISION.test(raw)) return { revision: Number(raw) };
  if (typeof raw === 'string' && timestamp.safeParse(raw).success) return { time: new Date(raw).toISOString() };
  throw errors.badRequest(
    'invalid_as_of',
    `as_of takes a stream revision (a whole number from 0) or a timestamp with time zone such as 2026-03-01T10:00:00Z, not ${JSON.stringify(raw)}`,
    { parameter: 'as_of' },
  );
};
