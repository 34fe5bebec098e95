/**
 * The amount domains of the database (migration 0010: `coin_amount`, `btc_amount`,
 * `usd_amount`, `rate_value`), declared once. The migration's CHECK of each domain is exactly
 * `domainCheckSql(domain)` (test/amount-domains.test.ts compares this declaration with the
 * domains the database actually has, on both engines), and every parser of amounts (the CSV
 * imports' cells) checks a value with `checkDomainValue`, so no value passes the parser and
 * then fails the column's CHECK.
 */
type AmountDomain = {
  /** Most decimal places, counted as written (`scale(VALUE)`). */
  scale: number;
  /** Values are below 10^integerDigits: at most this many significant digits before the point. */
  integerDigits: number;
};

export const AMOUNT_DOMAINS = {
  coin_amount: { scale: 18, integerDigits: 20 },
  btc_amount: { scale: 8, integerDigits: 12 },
  usd_amount: { scale: 2, integerDigits: 16 },
  rate_value: { scale: 18, integerDigits: 20 },
} as const satisfies Record<string, AmountDomain>;

export type AmountDomainName = keyof typeof AMOUNT_DOMAINS;

/** The CHECK expression of a domain, as the migration writes it. */
export function domainCheckSql(name: AmountDomainName): string {
  const d = AMOUNT_DOMAINS[name];
  return `VALUE >= 0 AND scale(VALUE) <= ${d.scale} AND VALUE < 1e${d.integerDigits}`;
}

/** Why a plain decimal text (already checked for format) is outside a domain; null if inside. */
type DomainValueProblem =
  | { problem: 'negative' }
  | { problem: 'scale'; max: number }
  | { problem: 'integer_digits'; max: number };

/**
 * Checks a plain decimal text (`-?\d+(\.\d+)?`) against a domain exactly as its CHECK does:
 * not below 0 ('-0' and '-0.00' are 0), scale as written, below 10^integerDigits (leading zeros
 * do not count).
 */
export function checkDomainValue(name: AmountDomainName, text: string): DomainValueProblem | null {
  const d = AMOUNT_DOMAINS[name];
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const point = body.indexOf('.');
  const whole = (point < 0 ? body : body.slice(0, point)).replace(/^0+/, '');
  const fraction = point < 0 ? '' : body.slice(point + 1);
  if (negative && /[1-9]/.test(body)) return { problem: 'negative' };
  if (fraction.length > d.scale) return { problem: 'scale', max: d.scale };
  if (whole.length > d.integerDigits) return { problem: 'integer_digits', max: d.integerDigits };
  return null;
}
