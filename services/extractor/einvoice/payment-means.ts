import type { PaymentMethod } from '../fields/readers/payment-method.js';

/*
 * Payment means codes (UNTDID 4461) as the payment methods the text extractor names. Codes that name no
 * one way of paying, or none of those methods, give none: 1 "not defined", 20 cheque, 57 "standing
 * agreement", 68 "online payment service", 97 "clearing between partners", ZZZ "mutually defined".
 */
const METHODS: Record<string, PaymentMethod> = {
  '10': 'cash',
  '30': 'bank_transfer', // credit transfer
  '31': 'bank_transfer', // "debit transfer", used by XRechnung for transfers outside SEPA
  '42': 'bank_transfer', // payment to bank account
  '58': 'bank_transfer', // SEPA credit transfer
  '49': 'direct_debit',
  '59': 'direct_debit', // SEPA direct debit
  '48': 'debit_card', // "bank card": a card issued by a bank (girocard, Maestro)
  '54': 'credit_card',
  '55': 'debit_card',
};

export const paymentMethodOf = (typeCode: string): PaymentMethod | null => METHODS[typeCode.trim()] ?? null;

/** Direct debits name the payer's account, not one to pay into. */
export const isDirectDebit = (typeCode: string | null): boolean => paymentMethodOf(typeCode ?? '') === 'direct_debit';
