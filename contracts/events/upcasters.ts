import type { DocumentEventType } from './document-events.js';

/**
 * Upcasters lift a payload from version N to N+1 of the same event type, so events written years ago
 * are read in today's shape. Key: `<type>@<from version>`. None are needed while every type is at v1;
 * the mechanism is exercised by `registry.test.ts`.
 */
export type Upcaster = (data: unknown) => unknown;
export type UpcasterTable = Partial<Record<`${DocumentEventType}@${number}`, Upcaster>>;

export const upcasters: UpcasterTable = {};
