import type { FeeRate, Plugin } from '@/api/types';

/**
 * The fee-rate table as an operator reads it. A rate is per client (or the platform default), method
 * and currency: basis points plus fixed centavos. The fee a client pays is its own rate for the
 * (method, currency), else the platform default, else nothing (payments.fees.rate_for).
 */

/** Choices of the screen's filter besides the clients' slugs (a slug never starts with "*"). */
export const ALL_SCOPE = '*all';
export const PLATFORM_SCOPE = '*platform';

export type MethodKind = 'deposit' | 'payout';
export type MethodOption = { code: string; currencies: string[]; kind: MethodKind };

/** Payouts are charged from the same table, by payout method (payments.fees.PAYOUT_FEE_METHODS). */
export const PAYOUT_FEE_METHODS: readonly MethodOption[] = [
  { code: 'payout_pix', currencies: ['BRL'], kind: 'payout' },
  { code: 'payout_ted', currencies: ['BRL'], kind: 'payout' },
];

/** The built-in payment methods, used when the plugin list cannot be read. */
export const BUILT_IN_METHODS: readonly MethodOption[] = [
  { code: 'billet', currencies: ['BRL'], kind: 'deposit' },
  { code: 'pix', currencies: ['BRL'], kind: 'deposit' },
  { code: 'card', currencies: ['BRL', 'USD'], kind: 'deposit' },
  { code: 'wire', currencies: ['BRL'], kind: 'deposit' },
];

export const CURRENCIES = ['BRL', 'USD'] as const;
const METHOD_ORDER = ['billet', 'pix', 'card', 'wire'];

export function isPayoutMethod(code: string): boolean {
  return code.startsWith('payout_');
}

function methodRank(code: string): [number, string] {
  if (isPayoutMethod(code)) return [2, code];
  const known = METHOD_ORDER.indexOf(code);
  return known >= 0 ? [0, String(known)] : [1, code];
}

export function compareMethods(a: string, b: string): number {
  const [ra, ka] = methodRank(a);
  const [rb, kb] = methodRank(b);
  return ra - rb || ka.localeCompare(kb);
}

const compareCurrencies = (a: string, b: string) => CURRENCIES.indexOf(a as 'BRL') - CURRENCIES.indexOf(b as 'BRL') || a.localeCompare(b);

/** The methods a rate can be set for: the loaded payment methods (else the built-ins) and payouts. */
export function methodOptions(plugins: Plugin[] | undefined): MethodOption[] {
  const deposits = plugins
    ? plugins.filter((p) => p.kind === 'method').map((p) => ({ code: p.code, currencies: [...p.currencies], kind: 'deposit' as const }))
    : [...BUILT_IN_METHODS];
  return [...deposits, ...PAYOUT_FEE_METHODS].sort((a, b) => compareMethods(a.code, b.code));
}

export type RateSource = 'client' | 'platform' | 'none';
export type Rate = { percent_bp: number; fixed: number };

/** One (method, currency) of a client or of the platform: what is stored and what applies. */
export type RateRow = {
  method: string;
  currency: string;
  /** The rate stored for the row's own scope (the client's override, or the platform default). */
  own: FeeRate | undefined;
  /** The platform default for the same (method, currency). */
  platform: FeeRate | undefined;
  /** What a deposit or payout is charged: the client's rate, else the platform's, else nothing. */
  applies: RateSource;
  effective: Rate | undefined;
};

const key = (method: string, currency: string) => `${method}|${currency}`;

/** The rows of the platform's table (tenant null) or of one client's (slug), every known pair listed. */
export function rateRows(rates: FeeRate[], methods: MethodOption[], tenant: string | null): RateRow[] {
  const own = new Map<string, FeeRate>();
  const platform = new Map<string, FeeRate>();
  for (const rate of rates) {
    if (rate.tenant === null) platform.set(key(rate.method, rate.currency), rate);
    if (tenant !== null && rate.tenant === tenant) own.set(key(rate.method, rate.currency), rate);
  }
  const pairs = new Map<string, [string, string]>();
  for (const method of methods) for (const currency of method.currencies) pairs.set(key(method.code, currency), [method.code, currency]);
  for (const rate of [...platform.values(), ...own.values()]) pairs.set(key(rate.method, rate.currency), [rate.method, rate.currency]);
  return [...pairs.values()]
    .sort(([ma, ca], [mb, cb]) => compareMethods(ma, mb) || compareCurrencies(ca, cb))
    .map(([method, currency]) => {
      const mine = tenant === null ? platform.get(key(method, currency)) : own.get(key(method, currency));
      const fallback = platform.get(key(method, currency));
      const applies: RateSource = tenant !== null && mine ? 'client' : fallback ? 'platform' : 'none';
      const effective = applies === 'client' ? mine : fallback;
      return { method, currency, own: mine, platform: fallback, applies, effective };
    });
}

/** Every stored rate, platform defaults first, then clients by name. */
export function allRates(rates: FeeRate[], nameOf: (slug: string) => string): FeeRate[] {
  return [...rates].sort((a, b) => {
    if ((a.tenant === null) !== (b.tenant === null)) return a.tenant === null ? -1 : 1;
    const byClient = a.tenant && b.tenant ? nameOf(a.tenant).localeCompare(nameOf(b.tenant)) : 0;
    return byClient || compareMethods(a.method, b.method) || compareCurrencies(a.currency, b.currency);
  });
}

/** The rate that applies to a client for a pair, and where it comes from. */
export function effectiveRate(rates: FeeRate[], tenant: string | null, method: string, currency: string): { rate: Rate | undefined; source: RateSource } {
  const find = (owner: string | null) => rates.find((r) => r.tenant === owner && r.method === method && r.currency === currency);
  const mine = tenant !== null ? find(tenant) : undefined;
  if (mine) return { rate: mine, source: 'client' };
  const platform = find(null);
  return platform ? { rate: platform, source: 'platform' } : { rate: undefined, source: 'none' };
}

/** The fee of `amount` centavos (payments.fees.compute_fee): percentage rounded half up, plus fixed. */
export function computeFee(amount: number, rate: Rate | undefined): number {
  if (!rate || amount <= 0) return 0;
  const percentPart = Math.floor((amount * rate.percent_bp + 5000) / 10_000);
  return Math.min(amount, percentPart + rate.fixed);
}

/** The amount the confirmation step uses to show a fee: 100,00 in the rate's currency. */
export const EXAMPLE_AMOUNT = 10_000;
