// Currencies as ISO 4217 lists them, read from the JavaScript runtime's Intl (Node and every current
// browser carry the list with their ICU data), so that "40 CHF", "R$ 12" and "₹500" are amounts wherever
// they are written, not only in the currencies one corpus happened to use. No list of codes is written
// here: what Intl knows is what the verifier knows.
//
// The codes are read at once (one call). The signs and names take a few hundred number formats to read,
// about 50 ms, so they are read on first use: a page that never meets a currency sign never pays.

/** ISO 4217 codes ("USD", "CHF", "BOB"), as the runtime knows them; exact case, three capitals. */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/**
 * What a currency sign may look like where an amount is written: up to two capitals before a currency
 * symbol ("$", "€", "CA$", "R$", "E£", "GH₵"). Which currency it stands for is `currencyOfSign`'s answer.
 */
export const CURRENCY_SIGN_PATTERN = String.raw`\p{Lu}{0,2}\p{Sc}`;

const CURRENCY_SYMBOL = /\p{Sc}/u;

function currencyPart(code: string, display: Intl.NumberFormatOptions['currencyDisplay'], value: number) {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: display,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  })
    .formatToParts(value)
    .filter((part) => part.type === 'currency')
    .map((part) => part.value)
    .join('');
}

let signs: ReadonlyMap<string, string> | undefined;

/**
 * The signs English writes before an amount, each for one currency: first the sign Intl writes in
 * English ("$" is USD, "CA$" CAD, "¥" JPY), then a narrow local sign no other currency shares ("₽" RUB,
 * "₺" TRY); "kr" or "Rs", letters alone, are left to the code. A sign that several share ("$" of the
 * Mexican peso) is read as the one English gives it.
 */
function signsOf(): ReadonlyMap<string, string> {
  if (signs !== undefined) return signs;
  const map = new Map<string, string>();
  for (const code of CURRENCY_CODES) {
    const sign = currencyPart(code, 'symbol', 1);
    if (sign !== code && CURRENCY_SYMBOL.test(sign) && !map.has(sign)) map.set(sign, code);
  }
  const narrow = new Map<string, string[]>();
  for (const code of CURRENCY_CODES) {
    const sign = currencyPart(code, 'narrowSymbol', 1);
    if (sign !== code && CURRENCY_SYMBOL.test(sign)) narrow.set(sign, [...(narrow.get(sign) ?? []), code]);
  }
  for (const [sign, codes] of narrow) {
    if (codes.length === 1 && !map.has(sign)) map.set(sign, codes[0] as string);
  }
  signs = map;
  return map;
}

/** The currency a sign stands for ("€" is EUR), or undefined for a sign that is none's. */
export function currencyOfSign(sign: string): string | undefined {
  return signsOf().get(sign);
}

/** Every sign `currencyOfSign` knows, longest first, so that "CA$" is read before "$". */
export function currencySigns(): readonly string[] {
  return [...signsOf().keys()].sort((a, b) => b.length - a.length);
}

let names: ReadonlyMap<string, string> | undefined;

/**
 * Each currency's English name, singular and plural, in lower case ("swiss franc", "swiss francs"), to
 * its code. Units of account and metals (codes in X: "special drawing rights", "gold") and names with a
 * period of validity in brackets are left out: they name no money a price is written in.
 */
export function currencyNames(): ReadonlyMap<string, string> {
  if (names !== undefined) return names;
  const full = new Map<string, string>();
  for (const code of CURRENCY_CODES) {
    if (code.startsWith('X')) continue;
    for (const count of [1, 2]) {
      const name = currencyPart(code, 'name', count).toLowerCase();
      if (/^[\p{L}\p{M}ʻ' .-]+$/u.test(name) && !full.has(name)) full.set(name, code);
    }
  }
  names = full;
  return full;
}
