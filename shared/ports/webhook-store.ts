/** The document events a tenant can subscribe to; `document.corrected` lights up once corrections are recorded. */
export const WEBHOOK_EVENT_TYPES = ['document.done', 'document.failed', 'document.corrected'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookSubscription {
  id: string;
  tenantId: string;
  url: string;
  events: WebhookEventType[];
  /** `whsec_<base64>`, as Standard Webhooks has it: shown to the tenant once, kept to sign deliveries. */
  secret: string;
  /** ISO timestamp; only events recorded after it are delivered. */
  createdAt: string;
}

/** One try to deliver a message, as the tenant sees it. */
export interface DeliveryAttempt {
  at: string;
  /** The receiver's HTTP status, or null when no answer came (refused, timed out, blocked). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One message for one subscription, sent until the receiver answers 2xx or the retries run out. */
export interface WebhookDelivery {
  /** The message id (`webhook-id`), the same for every attempt, so a receiver can drop repeats. */
  id: string;
  tenantId: string;
  subscriptionId: string;
  documentId: string;
  eventType: WebhookEventType;
  /** The event's global position: a document's deliveries to one subscription go out in this order. */
  position: number;
  /** The exact JSON body that is signed and sent. */
  payload: string;
  createdAt: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (ISO); null once delivered or given up. */
  nextAttemptAt: string | null;
}

/** Webhook subscriptions of each tenant and the deliveries made for them. */
export interface WebhookStore {
  addSubscription(subscription: WebhookSubscription): Promise<void>;
  /** The tenant's subscriptions, oldest first. */
  subscriptions(tenantId: string): Promise<WebhookSubscription[]>;
  subscription(tenantId: string, id: string): Promise<WebhookSubscription | null>;
  /** Removes the subscription and its deliveries; false when the tenant has no such subscription. */
  removeSubscription(tenantId: string, id: string): Promise<boolean>;
  /** Adds the deliveries whose id is new; known ids are left as they are, so a replayed feed adds nothing. */
  enqueue(deliveries: WebhookDelivery[]): Promise<void>;
  /** Pending deliveries of every tenant by position (then id), at most `limit`. */
  pending(limit: number): Promise<WebhookDelivery[]>;
  /** Appends an attempt to a delivery and sets its status and next attempt. */
  recordAttempt(id: string, attempt: DeliveryAttempt, next: { status: DeliveryStatus; nextAttemptAt: string | null }): Promise<void>;
  /** The subscription's deliveries, newest (highest position) first, at most `limit`. */
  deliveries(tenantId: string, subscriptionId: string, limit: number): Promise<WebhookDelivery[]>;
  close(): Promise<void>;
}
