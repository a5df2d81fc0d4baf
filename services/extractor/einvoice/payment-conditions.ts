import type { z } from 'zod';
import type { PaymentCondition } from '../../../contracts/events/extracted-data.js';
import { addDays, daysBetween, toIsoDate } from './calendar-date.js';
import { toDecimal } from './decimal.js';
import type { PaymentTermsFields } from './einvoice-fields.js';
import { plain, read } from './evidence-log.js';
import { skontoTerms } from './skonto-terms.js';

type Condition = z.infer<typeof PaymentCondition>;

const condition = (date: string | null, days: number | null, percentage: string | null): Condition => ({
  date,
  type: 'payment_condition',
  percentage,
  fixed_price: null,
  number_of_days: days,
});

const discountCondition = (fromDate: string | null, days: number, percent: string): Condition => {
  const percentage = toDecimal(percent);
  // "0 % within 30 days" is how the convention writes the net term.
  return condition(fromDate === null ? null : addDays(fromDate, days), days, percentage === '0' ? null : percentage);
};

/** Due date, then cash discounts (structured, or in XRechnung's `#SKONTO#` text), each pointing at its terms. */
export const paymentConditionsOf = (
  terms: PaymentTermsFields,
  invoiceDate: string | null,
): Array<{ path: string; condition: Condition }> => {
  const dueDate = read(terms.dueDate, toIsoDate);
  const due = dueDate
    ? [{ path: terms.dueDate!.path, condition: condition(dueDate, invoiceDate === null ? null : daysBetween(invoiceDate, dueDate), null) }]
    : [];
  const structured = terms.discounts.flatMap((discount) => {
    const days = read(discount.days, plain);
    const percent = read(discount.percent, plain);
    if (days === null || percent === null || !/^\d+$/.test(days)) return [];
    const fromDate = read(discount.basisDate, toIsoDate) ?? invoiceDate;
    return [{ path: discount.path, condition: discountCondition(fromDate, Number(days), percent) }];
  });
  const written = skontoTerms(terms.description?.value ?? '').map(({ days, percent }) => ({
    path: terms.description!.path,
    condition: discountCondition(invoiceDate, days, percent),
  }));
  return [...due, ...structured, ...written];
};
