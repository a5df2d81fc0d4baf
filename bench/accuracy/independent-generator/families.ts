import {
  bankLines,
  baseCss,
  date,
  escape,
  itemTable,
  lines,
  metaPairs,
  money,
  postalLines,
  receiverLines,
  senderIdLines,
  taxTable,
  totalsTable,
} from './blocks.js';
import type { Facts } from './facts.js';
import { qrBillPart } from './qr-bill.js';
import type { Style } from './style.js';

/**
 * The layout families: whole arrangements of a page, each after a kind of invoice seen in the wild.
 * Tuning families may be looked at while fixing the extractor; held-out families are only measured.
 */
export const TUNING_FAMILIES = ['band', 'letterhead', 'boxed-grid', 'slip'] as const;
export const HELD_OUT_FAMILIES = ['key-value-right', 'footer-sender', 'swiss'] as const;
export type Family = (typeof TUNING_FAMILIES)[number] | (typeof HELD_OUT_FAMILIES)[number];

export const isHeldOut = (family: Family): boolean => (HELD_OUT_FAMILIES as readonly string[]).includes(family);

const html = (style: Style, css: string, body: string, pageWidth?: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${baseCss(style, pageWidth)}${css}</style></head><body><div class="page">${body}</div></body></html>`;

const senderPostal = (facts: Facts) => postalLines(facts.sender, facts.sender.country, facts.locale.language);
const title = (style: Style) => escape(style.words.invoiceTitle[0]!);
const pairsTable = (pairs: [string, string][], className: string, colon = true) =>
  `<table class="${className}">${pairs.map(([label, value]) => `<tr><td class="label">${escape(label)}${colon ? ':' : ''}</td><td>${escape(value)}</td></tr>`).join('')}</table>`;
const bottom = (facts: Facts, style: Style) =>
  `<div class="bottom">${taxTable(facts, style)}<p class="small">${escape(style.words.thanks[0]!)}</p></div>`;

/** A coloured band across the top with title and number; bill-to on the left, the sender on the right. */
const band = (facts: Facts, style: Style): string =>
  html(
    style,
    `.band { background: ${style.accent}; color: #fff; padding: 8mm 15mm; display: flex; justify-content: space-between; align-items: flex-end; }
     .band h1 { margin: 0; font-size: 2.2em; letter-spacing: 0.05em; }
     .parties { display: flex; justify-content: space-between; padding: 8mm 15mm 0; }
     .billto .head, .from .head { color: ${style.accent}; font-weight: bold; text-transform: uppercase; font-size: 0.85em; margin-bottom: 1mm; }
     .from { text-align: right; } .from .name { font-weight: bold; font-size: 1.15em; }
     .meta { padding: 4mm 15mm 0; } .meta td { padding: 0.5mm 6mm 0.5mm 0; } .meta .label { color: #444; }
     .body { padding: 0 15mm; } .totals { margin-left: auto; margin-top: 4mm; } .bottom { padding: 0 15mm; }`,
    `<div class="band"><h1>${title(style)}</h1><div>${escape(style.words.number[0]!)} ${escape(facts.number)}<br>${escape(date(facts.invoiceDate, facts, style))}</div></div>
     <div class="parties"><div class="billto"><div class="head">${escape(style.words.billTo[0]!)}</div>${lines(receiverLines(facts, style))}</div>
     <div class="from"><div class="name">${escape(facts.sender.company)}</div>${lines([...senderPostal(facts), ...senderIdLines(facts, style)])}</div></div>
     <div class="meta">${pairsTable(metaPairs(facts, style).slice(2), 'kv')}</div>
     <div class="body">${itemTable(facts, style)}${totalsTable(facts, style)}</div>${bottom(facts, style)}
     <div class="bottom small">${lines(bankLines(facts, style))}</div>`,
  );

/** The sender only as a logo-like name at the top; its address, ids and bank in a three-column footer. */
const letterhead = (facts: Facts, style: Style): string => {
  const initials = facts.sender.company
    .split(' ')
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  return html(
    style,
    `.logo { display: flex; align-items: center; gap: 4mm; padding: 12mm 20mm 0; }
     .mark { width: 14mm; height: 14mm; border-radius: 50%; background: ${style.accent}; color: #fff; font-size: 1.6em; font-weight: bold; display: flex; align-items: center; justify-content: center; }
     .brand { font-size: 1.8em; letter-spacing: 0.12em; text-transform: uppercase; color: ${style.accent}; }
     .window { position: absolute; top: 50mm; left: 20mm; width: 85mm; }
     .meta { position: absolute; top: 50mm; right: 20mm; } .meta td { padding: 0.4mm 0 0.4mm 5mm; } .meta td:last-child { text-align: right; }
     h1 { position: absolute; top: 92mm; left: 20mm; margin: 0; font-size: 1.5em; }
     .body { position: absolute; top: 102mm; left: 20mm; right: 20mm; } .totals { margin-left: auto; margin-top: 3mm; }
     .footer { position: absolute; bottom: 10mm; left: 20mm; right: 20mm; border-top: 0.5px solid #999; padding-top: 2mm; display: flex; justify-content: space-between; font-size: 0.75em; color: #444; }`,
    `<div class="logo"><div class="mark">${escape(initials)}</div><div class="brand">${escape(facts.sender.company)}</div></div>
     <div class="window">${lines(receiverLines(facts, style))}</div>
     <div class="meta">${pairsTable(metaPairs(facts, style), 'kv', false)}</div>
     <h1>${title(style)}</h1>
     <div class="body">${itemTable(facts, style)}${totalsTable(facts, style)}${bottom(facts, style)}</div>
     <div class="footer">${lines([facts.sender.company, ...senderPostal(facts)])}${lines(senderIdLines(facts, style))}${lines(bankLines(facts, style))}</div>`,
  );
};

/** A bordered grid under the title: a row of label cells above a row of value cells. */
const boxedGrid = (facts: Facts, style: Style): string => {
  const pairs = metaPairs(facts, style);
  return html(
    style,
    `.top { display: flex; justify-content: space-between; padding: 14mm 18mm 0; }
     .sender .name { font-weight: bold; font-size: 1.3em; }
     .receiver { width: 80mm; padding-top: 14mm; }
     h1 { margin: 10mm 18mm 2mm; font-size: 1.6em; font-weight: normal; }
     .grid { margin: 0 18mm; width: calc(100% - 36mm); } .grid td { border: 0.8px solid #333; padding: 1.2mm 2mm; }
     .grid tr:first-child td { background: #eee; font-size: 0.8em; text-transform: uppercase; }
     .body { margin: 0 18mm; } .totals { margin-left: auto; margin-top: 3mm; } .totals td { border: 0.8px solid #333; }
     .bottom { margin: 0 18mm; } .foot { position: absolute; bottom: 10mm; left: 18mm; right: 18mm; }`,
    `<div class="top"><div class="sender"><div class="name">${escape(facts.sender.company)}</div>${lines([...senderPostal(facts), ...senderIdLines(facts, style)], 'small')}</div>
     <div class="receiver">${lines(receiverLines(facts, style))}</div></div>
     <h1>${title(style)}</h1>
     <table class="grid"><tr>${pairs.map(([label]) => `<td>${escape(label)}</td>`).join('')}</tr><tr>${pairs.map(([, value]) => `<td>${escape(value)}</td>`).join('')}</tr></table>
     <div class="body">${itemTable(facts, style)}${totalsTable(facts, style)}</div>${bottom(facts, style)}
     <div class="foot small">${lines(bankLines(facts, style))}</div>`,
  );
};

/** Receiver left under a small sender line; a two-column key/value block on the right, values right-aligned. */
const keyValueRight = (facts: Facts, style: Style): string =>
  html(
    style,
    `.senderline { position: absolute; top: 42mm; left: 22mm; font-size: 0.7em; text-decoration: underline; }
     .head { position: absolute; top: 12mm; right: 18mm; text-align: right; } .head .name { font-size: 1.4em; font-weight: bold; }
     .window { position: absolute; top: 47mm; left: 22mm; }
     .kv { position: absolute; top: 47mm; right: 18mm; } .kv td { padding: 0.6mm 0 0.6mm 6mm; } .kv td:last-child { text-align: right; font-weight: bold; }
     h1 { position: absolute; top: 88mm; left: 22mm; margin: 0; font-size: 1.4em; }
     .body { position: absolute; top: 98mm; left: 22mm; right: 18mm; } .totals { margin-left: auto; margin-top: 3mm; }`,
    `<div class="senderline">${escape([facts.sender.company, ...senderPostal(facts)].join(' · '))}</div>
     <div class="head"><div class="name">${escape(facts.sender.company)}</div>${lines([...senderPostal(facts), ...senderIdLines(facts, style)], 'small')}</div>
     <div class="window">${lines(receiverLines(facts, style))}</div>
     ${pairsTable(metaPairs(facts, style), 'kv')}
     <h1>${title(style)}</h1>
     <div class="body">${itemTable(facts, style)}${totalsTable(facts, style)}${bottom(facts, style)}${lines(bankLines(facts, style), 'small')}</div>`,
  );

/** Nothing of the sender at the top: its name, address, ids and bank only in a one-line footer. */
const footerSender = (facts: Facts, style: Style): string =>
  html(
    style,
    `.title { padding: 15mm 20mm 0; display: flex; justify-content: space-between; } .title h1 { margin: 0; font-size: 2em; color: ${style.accent}; }
     .window { padding: 10mm 20mm 0; } .meta { padding: 6mm 20mm 0; } .meta td { padding: 0.4mm 8mm 0.4mm 0; }
     .body { padding: 0 20mm; } .totals { margin-left: auto; margin-top: 3mm; } .bottom { padding: 0 20mm; }
     .footer { position: absolute; bottom: 8mm; left: 20mm; right: 20mm; text-align: center; font-size: 0.75em; color: #444; border-top: 0.5px solid #aaa; padding-top: 2mm; }`,
    `<div class="title"><h1>${title(style)}</h1></div>
     <div class="window">${lines(receiverLines(facts, style))}</div>
     <div class="meta">${pairsTable(metaPairs(facts, style), 'kv')}</div>
     <div class="body">${itemTable(facts, style)}${totalsTable(facts, style)}</div>${bottom(facts, style)}
     <div class="footer"><div>${escape([facts.sender.company, ...senderPostal(facts)].join(' | '))}</div><div>${escape([...senderIdLines(facts, style), ...bankLines(facts, style).slice(1)].join(' | '))}</div></div>`,
  );

/** Swiss business letter: sender top left, receiver in a right window, meta lines, a QR-bill payment part at the foot. */
const swiss = (facts: Facts, style: Style): string =>
  html(
    style,
    `.sender { position: absolute; top: 15mm; left: 20mm; } .sender .name { font-weight: bold; }
     .window { position: absolute; top: 50mm; left: 118mm; }
     .meta { position: absolute; top: 82mm; left: 20mm; } .meta td { padding: 0.3mm 6mm 0.3mm 0; }
     h1 { position: absolute; top: 74mm; left: 20mm; margin: 0; font-size: 1.3em; }
     .body { position: absolute; top: 108mm; left: 20mm; right: 15mm; } .totals { margin-left: auto; margin-top: 2mm; }`,
    `<div class="sender"><div class="name">${escape(facts.sender.company)}</div>${lines([...senderPostal(facts), ...senderIdLines(facts, style)], 'small')}</div>
     <div class="window">${lines(receiverLines(facts, style))}</div>
     <h1>${title(style)}</h1>
     <div class="meta">${pairsTable(metaPairs(facts, style), 'kv')}</div>
     <div class="body">${itemTable(facts, style)}${totalsTable(facts, style)}${facts.qrBill ? '' : lines(bankLines(facts, style), 'small')}</div>
     ${facts.qrBill ? qrBillPart(facts) : ''}`,
  );

const RECEIPT_NUMBER = { en: 'Receipt #', de: 'Bon-Nr.', fr: 'Ticket n°', it: 'Scontrino n.', nl: 'Bonnr.' };
const TOTAL_WORD = { en: 'TOTAL', de: 'SUMME', fr: 'TOTAL TTC', it: 'TOTALE COMPLESSIVO', nl: 'TOTAAL' };

/** A till slip, 80 mm wide, monospaced: shop header, items with quantity lines, total, payment, tax codes. */
const slip = (facts: Facts, style: Style): string => {
  const locale = facts.locale;
  const codes = new Map(facts.taxParts.map((part, index) => [part.rate, String.fromCharCode(65 + index)]));
  const row = (left: string, right: string, className = '') =>
    `<div class="row ${className}"><span>${escape(left)}</span><span>${escape(right)}</span></div>`;
  const items = facts.items
    .map((item) => {
      const quantity = item.quantity === 100 ? '' : `<div class="qty">${item.quantity / 100} x ${money(item.unitPriceCents, locale)}</div>`;
      return `${quantity}${row(item.title, `${money(item.totalCents, locale)} ${codes.get(item.taxRate)}`)}`;
    })
    .join('');
  const time = `${String(8 + ((facts.number.length * 3) % 12)).padStart(2, '0')}:${facts.number.slice(-2).padStart(2, '0')}`;
  return html(
    style,
    `.page { padding: 5mm 4mm; } .center { text-align: center; } .shop { font-weight: bold; font-size: 1.2em; }
     .row { display: flex; justify-content: space-between; gap: 3mm; } .qty { padding-left: 3mm; }
     .rule { border-top: 1px dashed #000; margin: 2mm 0; } .grand { font-weight: bold; font-size: 1.15em; }
     .taxes td { padding: 0 2mm 0 0; }`,
    `<div class="center"><div class="shop">${escape(facts.sender.company)}</div>${lines([...senderPostal(facts), `${style.words.phone} ${facts.sender.phone}`, ...(facts.sender.vatId ? [`${style.words.vatId[0]} ${facts.sender.vatId}`] : [])])}</div>
     <div class="rule"></div>${row(`${RECEIPT_NUMBER[locale.language]} ${facts.number}`, `${date(facts.invoiceDate, facts, style)} ${time}`)}<div class="rule"></div>
     ${items}<div class="rule"></div>
     ${row(`${TOTAL_WORD[locale.language]} ${locale.currency}`, money(facts.grossCents, locale), 'grand')}
     ${row(style.words.paidBy[0]!, money(facts.grossCents, locale))}<div class="rule"></div>
     <table class="taxes"><tr><td></td><td>${style.words.taxBreakdown.rate}</td><td class="num">${style.words.taxBreakdown.net}</td><td class="num">${style.words.taxBreakdown.tax}</td><td class="num">${style.words.taxBreakdown.gross}</td></tr>
     ${facts.taxParts.map((part) => `<tr><td>${codes.get(part.rate)}</td><td>${part.rate.replace('.', locale.decimal)}%</td><td class="num">${money(part.netCents, locale)}</td><td class="num">${money(part.taxCents, locale)}</td><td class="num">${money(part.grossCents, locale)}</td></tr>`).join('')}</table>
     <div class="rule"></div><div class="center small">${escape(style.words.thanks[0]!)}</div>`,
    '80mm',
  );
};

export const renderHtml = (family: Family, facts: Facts, style: Style): string =>
  ({
    band,
    letterhead,
    'boxed-grid': boxedGrid,
    'key-value-right': keyValueRight,
    'footer-sender': footerSender,
    swiss,
    slip,
  })[family](facts, style);
