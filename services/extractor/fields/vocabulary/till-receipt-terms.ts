import { labelPattern } from '../layout/labels.js';
import type { Concept } from './concepts.js';
import { de } from './de.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';

/**
 * The words of a till receipt (English and the Malay of Malaysian tills, which print in both), apart
 * from the invoice vocabulary: tills label their totals, tenders and headers in their own way. European
 * tills label their totals as invoices in their languages do ("SUMME EUR", "zu zahlen", "TOTAAL", "À PAYER"):
 * those are the invoice vocabulary's.
 */

/** The invoice vocabulary's words for a concept in the languages of European tills (English tills have words of their own). */
const europeanTerms = (...concepts: Concept[]): string[] =>
  [de, fr, it, nl].flatMap((vocabulary) => concepts.flatMap((concept) => vocabulary[concept] ?? []));

/** A label either pattern matches (a till's own words, or the invoice vocabulary's; cash, or a card). */
const either = (one: RegExp, other: RegExp): RegExp => new RegExp(`(?:${one.source})|(?:${other.source})`, 'iu');

// European tills' tenders and change (regex sources): their card schemes and payments ("EC-Karte", "Girocard", "Carte
// bancaire"), their cash, which opens its line ("Bar 27,40", "Espèces 18.50"; "bar" inside a line is a name: "Salad Bar"),
// the change given back ("Rückgeld 2,60").
const EUROPEAN_CARDS =
  'ec-?karte|girocard|kartenzahlung|kreditkarte|maestro|v ?pay|carte bancaire|carte bleue|bancomat|carta di credito|pinpas|twint';
const EUROPEAN_CASH = 'bar|bargeld|barzahlung|espèces|contanti|contant';
const EUROPEAN_CHANGE = 'rückgeld|zurück|rendu|monnaie rendue|resto|wisselgeld';

/** Lines only a till prints: the cashier, the cash tendered and the change given, a rounding adjustment. */
export const TILL_MARKS = [
  /(?<!\p{L})cashier(?!\p{L})/iu,
  /(?<!\p{L})(?:change|baki|kembalian)(?!\p{L}).*\d[.,]\d{2}/iu,
  /(?<!\p{L})(?:rounding|round(?:ing)? adj\p{L}*|pembundaran)(?!\p{L})/iu,
  // The amount's cents as OCR may space them ("Paid RM7.0 0", "RM1. 00").
  /(?<!\p{L})(?:cash|tunai|tendered|paid)(?!\p{L}).*\d[.,] ?\d ?\d/iu,
  // A cash sale's title: "Cash Sale", "CASH BILL".
  /^\s*cash (?:sales?|bill)\s*$/iu,
  // A card tender with its amount: the card terminal's line ("EDC", "VISA", "MASTER CARD").
  /^\s*(?:edc|visa|master ?card|credit card|debit card|amex)(?!\p{L}).*\d[.,]\d{2}/iu,
  // Thanks in any language count once.
  /(?<!\p{L})(?:thank you|terima kasih|please come again|vielen dank|merci|grazie|bedankt)(?!\p{L})/iu,
  // The tender and the change of a European till, with their amounts: "Bar 27,40", "Espèces 18.50", "Rückgeld 2,60".
  new RegExp(String.raw`^\s*(?:${EUROPEAN_CASH}|pin)(?!\p{L}).*\d[.,]\d{2}`, 'iu'),
  new RegExp(String.raw`(?<!\p{L})(?:${EUROPEAN_CHANGE})(?!\p{L}).*\d[.,]\d{2}`, 'iu'),
  // A European card tender and its amount alone on a line: "EC-Karte 20,58", "Girocard 16,22", "Carte bancaire 23,92",
  // "CB 25.31".
  new RegExp(String.raw`^\s*(?:${EUROPEAN_CARDS}|cb)\s+(?:EUR|CHF|€)?\s*\d+[.,]\d{2}\s*$`, 'iu'),
  // The shop's return policy: "NO CASH REFUND", "EXCHANGE ARE ALLOWED WITHIN 7 DAYS", "wang tidak dapat di kembalikan".
  /(?<!\p{L})(?:goods sold are not|no (?:cash )?refunds?|not (?:returnable|refundable|exchangeable)|exchanges? (?:are |is )?allowed|tidak dapat (?:di ?)?kembalikan)(?!\p{L})/iu,
  // A restaurant's guests and table: "Pax: 6", "Table: 25".
  /(?<!\p{L})(?:pax|table(?: no\.?)?)\s*:\s*\d+(?!\S)/iu,
  // A European till's cashier, register and branch: "Es bediente Sie", "Bediener: 110", "Kasse: 05R", "Filiale 547", "Caissière".
  /(?<!\p{L})(?:es bediente sie|bediener(?:in)?|bed\.? ?nr|kassierer(?:in)?|caissi[eè]re?|cassiere)(?!\p{L})/iu,
  /(?<!\p{L})(?:kasse|filiale|caisse|cassa|kassa)\s*(?:nr\.?)?\s*:?\s*\d/iu,
  // The slip's own name and its keeping: "Kundenbeleg", "Bitte Beleg aufbewahren", "Kassenbon", "Ticket de caisse", "Scontrino".
  /(?<!\p{L})(?:kundenbeleg|h(?:ä|ae)ndlerbeleg|beleg aufbewahren|kassenbon|kassenbeleg|ticket de caisse|scontrino|kassabon)(?!\p{L})/iu,
  // A card terminal's slip printed with the receipt: "Terminal-ID", "TA-Nr.", "VU-Nr.", "Trace-Nr.", "Zahlung erfolgt", "EMV-AID".
  /(?<!\p{L})(?:terminal-?id|ta-nr|vu-nr|trace-nr|genehmigungs-?nr|zahlung erfolgt|autorisierung erfolgt|emv-(?:aid|data)|n° (?:de )?transaction)(?!\p{L})/iu,
  // Germany's till signing unit (Technische Sicherheitseinrichtung), which every till prints since 2020.
  /(?<!\p{L})TSE(?!\p{L})/u,
  // The count of items a till prints under them: "Item(s) : 8", "Item Count 2", "Qty(s) : 11".
  /^\s*(?:item\(s\)|items? count|qty\(s\)|total items?|total qty\.?|no\.? of items?)\s*:?\s*\d+(?!\S*[.,]\d)/iu,
];

/** A legal form that makes a line a company's name (as the invoice vocabulary's, plus Malaysian and Asian ones; Dutch, Austrian, Italian and French partnerships). */
export const COMPANY_FORM =
  /(?<!\p{L})(?:s[do0]n\.? ?[b8]hd|bhd|berhad|s\/b|enterprise|enterprises|trading|restaurant|restoran|store|stores|mart|supermarket|hypermarket|bakery|cafe|kedai|perniagaan|syarikat|gmbh|ag|sa|sàrl|sarl|ltd|limited|inc|llc|plc|co|corp|company|s\.p\.a\.|srl|sagl|snc|s\.n\.c\.|s\.a\.s\.|eurl|kg|og|ohg|b\.v\.|n\.v\.|v\.o\.f\.|vof|pte)(?!\p{L})\.?/iu;

/**
 * A registered legal form or business name (Malaysia's "SDN BHD", "BHD", "S/B"; its registered "ENTERPRISE" and
 * "TRADING" names; Europe's GmbH, Ltd, SARL, B.V. …): the company a receipt is issued by. The trade words of
 * COMPANY_FORM ("restaurant", "mart", "cafe") also name an outlet or a brand printed above or below it.
 */
export const LEGAL_FORM =
  /(?<!\p{L})(?:s[do0eui]?n\.? ?[b83]hd|sdn\.? ?[re]hd|s[do0]n\.? ?b[i1n]?d|bhd|berhad|s\/b|enterprises?|trading|gmbh|ag|sàrl|sarl|ltd|limited|inc|llc|plc|corp|s\.p\.a\.|srl|s\.r\.l|s\.a\.r\.l|s\.p\.a|sagl|snc|s\.n\.c\.|s\.a\.s\.|eurl|kg|og|ohg|b\.v\.|n\.v\.|v\.o\.f\.|vof|pte)(?!\p{L})\.?/iu;

/**
 * What ends a receipt's header: contact details, tax and register labels, titles, document meta data (a European till's
 * too: "Datum", "Kasse", "Bon-Nr.", "Bed.Nr.", a date printed with full stops, "27.02.2020"). An "@" between words is a
 * place's "at" ("WELLMART @ KP2"), no e-mail address.
 */
export const HEADER_END =
  /(?<!\p{L})(?:tel|telefon|telephone|phone|ph|h\/p|hp|fax|e-?mail|www|website|gst|sst|vat|mwst|tva|iva|tax|bill|cash sales?|date|tarikh|time|cashier|doc(?:ument)? ?no|order|table|member|counter|pos|terminal|uid|ust|datum|uhrzeit|kasse|bon|bed|kassierer|caisse|ticket|steuer-?nr|st-?nr)(?!\p{L})|@(?!(?<=\p{L}\s@)\s\p{L})|invoice|receipt|(?<!\d)\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?![\d.])/iu;

/** Total labels of a till, most final first: rounded, nett and grand totals before the plain one. */
export const FINAL_TOTAL_LABEL = either(
  /(?<!\p{L})(?:(?:total )?rounded(?: total)?|total (?:after|aft\.?) (?:rounding|adj\p{L}*)|total round(?:ed)?|nett? total|total nett?|grand total|amount due|total due|total payable|amount payable|(?:amount )?to be paid|balance due|jumlah(?: bersih| besar)?)(?!\p{L})/iu,
  labelPattern(...europeanTerms('grossTotalLabel', 'amountDueLabel')),
);
export const TOTAL_LABEL = either(/(?<!\p{L})(?:total|ttl|jumlah)(?!\p{L})/iu, labelPattern(...europeanTerms('totalLabel')));

/** Totals that are not what was paid: a subtotal, the tax, the discount, counts of items. */
export const NOT_PAID_TOTAL = either(
  /(?<!\p{L})(?:sub[\s-]?total|total (?:qty|quantity|items?|tax|gst|sst|vat|disc\p{L}*|saving\p{L}*|excl\p{L}*|exclusive|before)|(?:excl|exclusive|excluded|excluding|before)(?!\p{L})|qty|quantity|item\(?s\)?|savings?|discount|gst|sst|vat|tax)(?!\p{L})/iu,
  labelPattern(...europeanTerms('notTheTotal', 'subtotalLabel')),
);

/**
 * The rounding adjustment line, its amount: what the till added to the total to reach a payable sum (Swiss tills and
 * invoices round to 5 Rappen and say so in German, French or Italian).
 */
export const ROUNDING_LABEL =
  /(?<!\p{L})(?:rounding|round(?:ing)?[\s.]*adj\p{L}*|adj\p{L}*|pembundaran|rundung(?:sdifferenz)?|arrondi(?:ssement)?|arrotondamento)(?!\p{L})/iu;
/** A card the terminal charged ("VISA RM 88.17", "MASTER CARD", "Girocard 12,40", "PIN"): the sum it names is what was paid. */
export const CARD_LABEL = new RegExp(
  String.raw`(?<!\p{L})(?:visa|master ?card|credit card|debit card|amex|${EUROPEAN_CARDS})(?!\p{L})|^\s*(?:pin|cb)(?!\p{L})`,
  'iu',
);
/** What was tendered: cash, "gegeben", or a card the terminal charged; the sum "to be paid" is the total. */
export const CASH_LABEL = either(
  new RegExp(
    String.raw`(?<!\p{L})(?:cash|tunai|tendered|payment|(?<!to be )paid|gegeben)(?!\p{L})|^\s*(?:${EUROPEAN_CASH})(?!\p{L})`,
    'iu',
  ),
  CARD_LABEL,
);
export const CHANGE_LABEL = new RegExp(String.raw`(?<!\p{L})(?:change|baki|kembalian|${EUROPEAN_CHANGE})(?!\p{L})`, 'iu');

/**
 * "SDN BHD" (Malaysia's private limited company) as OCR misreads it: "SON BHD", "SDN 8HD", "S0N BHD", "Sn Bhd" (the D
 * lost), "SEN 3HD", "SUN BHD", "SIN BHD", "Sdn.Rhd", "SDN EHD", "SON BD" (the H lost), "SDN BID", "Sdn Bnd" (the h's
 * ascender lost: an n).
 */
export const MISREAD_SDN_BHD = /(?<!\p{L})(?:(?:S[DOEUI0]?N\.?\s?[B83]|SDN\.?\s?[RE])HD|S[DO0]N\.?\s?B[I1N]?D)(?!\p{L})/giu;

/** A till's closing words ("THANK YOU, PLEASE COME AGAIN"), printed under the receipt: never a shop's name, even where a scan shows the previous receipt's end above the header. */
export const CLOSING_WORDS = /(?<!\p{L})(?:thank you|terima kasih|please come again|come again)(?!\p{L})/iu;

/**
 * Malaysia's street words as OCR misreads them, one letter off in a way no address word is spelled: "Jajan", "Jatan"
 * (JALAN), "JUN" before a street's name (JLN), "TANAN", "TAMAM" (TAMAN), "THN" (TMN); an address's first word:
 * a shop number's S read as a dollar sign ("$117, Second Floor"), a lot whose L OCR lost or read as a mark ("„OT 1-0-2"),
 * a lot read as digits before its number ("107 1851-A": no address opens with two numbers), the house number's "NO" with
 * its O read as G or 0 ("NG 8, Jalan 7/118B"), a floor's ordinal with an S for the 3 ("SRD FLR"); a section's SS read as
 * digits ("JALAN 5515/4D"). Each with the word it stands for.
 */
export const MISREAD_STREET_WORDS: [RegExp, string][] = [
  [/(?<!\p{L})ja[jti1|]an(?!\p{L})/giu, 'jalan'],
  [/(?<!\p{L})jun(?= +\p{L})/giu, 'jln'],
  [/(?<!\p{L})ta(?:nan|mam)(?!\p{L})/giu, 'taman'],
  [/(?<!\p{L})thn(?= +\p{L})/giu, 'tmn'],
  [/^\$(?=\d)/u, 'S'],
  [/^[„,.]?OT(?= ?\d)/u, 'LOT'],
  [/^[1Il|][O0][T7](?= \d+(?:-[\p{L}\d]+)*(?:[,\s]|$))/u, 'LOT'],
  [/^N[G0](?=[ .]*\d)/u, 'NO'],
  [/(?<![\p{L}\d])SRD(?= ?(?:FLR|FLOOR)(?!\p{L}))/giu, '3rd'],
  // A section's "SS" (Subang and Petaling Jaya's sections: "JALAN SS15/4D", "JLN PERBANDARAN SS6/4") read as 55, S5 or 5S
  // before the section's and road's numbers, after a street's word: no road is numbered 5515/40 or 556/4 (a lot's or
  // unit's number may be).
  [/(?<=(?<![\p{L}\d])\p{L}{3,} )(?<!(?<!\p{L})(?:lot|unit|suite) )(?:55|S5|5S)(?=\d{1,2}\p{L}?\/[\p{L}\d])/giu, 'SS'],
];

/**
 * The words Malaysian addresses are made of that a till prints most: street and place words, the states, the towns. A
 * word of an address one character off one of these, and no known word itself, is that word as OCR misread it ("SHAH
 * ALAN", "SARAKAK", "SE_ANGOR", "Shah 4lam").
 */
export const ADDRESS_WORDS: ReadonlySet<string> = new Set(
  (
    'JALAN LORONG PERSIARAN LEBUHRAYA TAMAN BANDAR KAWASAN PERINDUSTRIAN SEKSYEN SUNGAI SUNGEI KAMPUNG PUSAT ' +
    'SELANGOR DARUL EHSAN TAKZIM JOHOR MELAKA PAHANG PERAK KEDAH KELANTAN TERENGGANU SABAH SARAWAK PERLIS PINANG ' +
    'NEGERI SEMBILAN PUTRAJAYA LABUAN MALAYSIA KUALA LUMPUR BAHRU SHAH ALAM PETALING KLANG SUBANG PUCHONG CHERAS ' +
    'KAJANG KEMBANGAN SKUDAI KUCHING SEREMBAN AMPANG KEPONG DAMANSARA BALAKONG TAMPOI TEBRAU PENANG TANJONG ' +
    'MUKIM CENTRE PLAZA GROUND FLOOR ' +
    // Malaysia's address words and towns at large, from a map rather than from the receipts read: street and building
    // words, then towns and districts of the Klang Valley, Johor, Penang, Perak, the east coast and Borneo.
    'PERUMAHAN KOMPLEKS PANGSAPURI MENARA BANGUNAN WISMA TINGKAT SIMPANG MEDAN PEKAN INDUSTRI ' +
    'SELAYANG RAWANG GOMBAK SETAPAK SENTUL SEGAMBUT BANGSAR BRICKFIELDS SERDANG SEMENYIH BANGI CYBERJAYA SEPANG ' +
    'BANTING JENJAROM KAPAR MERU BOTANIC PELABUHAN BERANANG LANGAT SALAK BINTANG CHERAS MAHKOTA SETIAWANGSA ' +
    'KULAI PASIR GUDANG MASAI PAHAT KLUANG SEGAMAT PONTIAN TINGGI MUAR ' +
    'BUTTERWORTH MERTAJAM GEORGETOWN BAYAN LEPAS IPOH TAIPING KAMPAR TELUK INTAN MANJUNG ' +
    'ALOR SETAR PETANI KANGAR KUANTAN TEMERLOH BENTONG GENTING HIGHLANDS CAMERON TERENGGANU BHARU ' +
    'DICKSON NILAI RANTAU KOTA KINABALU SANDAKAN TAWAU MIRI SIBU BINTULU'
  ).split(' '),
);

/** Words that name a place in an address without a number: Malaysia's towns and states, a mall. */
export const PLACE_WORDS: ReadonlySet<string> = new Set([
  ...[...ADDRESS_WORDS].filter((word) => !['GROUND', 'FLOOR', 'CENTRE'].includes(word)),
  'MALL',
  'MEGAMALL',
]);

/**
 * The words a shop names its trade with on a till's header, in English and Malay: a word of a shop's name one
 * character off one of these, and no known word itself, is that word as OCR misread it ("ENTFRPRISE", "BAKFRIES").
 */
export const SHOP_WORDS: ReadonlySet<string> = new Set(
  (
    'ENTERPRISE ENTERPRISES TRADING STATIONERY BOOKSTORE BOOKSTORES BOOKSHOP BAKERY BAKERIES HARDWARE RESTAURANT ' +
    'RESTORAN PHARMACY FARMASI MARKETING DISTRIBUTOR DISTRIBUTORS SUPERMARKET HYPERMARKET MINIMARKET MARKET ' +
    'FURNITURE FURNISHING ELECTRICAL ELECTRONICS PERNIAGAAN KEDAI PASARAYA BORONG HOLDINGS INDUSTRIES SERVICES ' +
    'CORPORATION COMPANY MALAYSIA CATERING BEVERAGES KITCHEN TRADERS SUPPLIES MANAGEMENT STATION ' +
    'GROCERY BUTCHERY FLORIST OPTICAL CLINIC MEDICAL BOOKCENTRE'
  ).split(' '),
);

/** Words of shops' names one character off a word of SHOP_WORDS, printed so: never taken for its misread. */
export const SHOP_WORDS_NEAR: ReadonlySet<string> = new Set(
  'TRADER SERVICE MARKETS BAKERS KITCHENS STATIONS STATIONERS GROCERS BUTCHERS SUPPLIER KEDAH'.split(' '),
);

/** Words of Malaysian addresses one character off a word of ADDRESS_WORDS, printed so: never taken for its misread ("UTARA", "KELANG"). */
export const ADDRESS_WORDS_NEAR: ReadonlySet<string> = new Set(
  'UTARA UTAMA SELATAN TIMUR BARAT TENGAH KELANG KELANA SEGAR SETAR LAMA BARU BATU JAYA INDAH PERDANA SUNGAI SUNGEI TAMAN KEDAI TANJUNG JAPAN'.split(
    ' ',
  ),
);
