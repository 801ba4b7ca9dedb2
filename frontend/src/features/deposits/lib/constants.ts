/** Values of the deposits API (platform/payments) the screens offer. */
export const DEPOSIT_STATUSES = ['waiting', 'pending', 'confirmed', 'paid_to_client', 'canceled', 'expired', 'refunded'] as const;
export const DEPOSIT_METHODS = ['billet', 'pix', 'card', 'wire'] as const;
export const CURRENCIES = ['BRL', 'USD'] as const;
/** Page sizes the API accepts (core.pagination.PAGE_SIZES). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SORTS = ['-created_at', 'created_at', '-amount', 'amount', '-due_date', 'due_date'] as const;
export const DEFAULT_SORT = '-created_at';
/** Latest deposits on the client home. */
export const HOME_LATEST_COUNT = 5;
/** PIX expiry choices (seconds); the plugin accepts 60 s to 30 days and defaults to 1 hour. */
export const PIX_EXPIRY_CHOICES = [30 * 60, 60 * 60, 24 * 60 * 60, 7 * 24 * 60 * 60, 30 * 24 * 60 * 60] as const;
export const DEFAULT_PIX_EXPIRY = 60 * 60;
/** Largest billet amount: ten digits of centavos in the barcode (brazil.boleto.MAX_AMOUNT_CENTAVOS). */
export const BILLET_MAX_CENTS = 9_999_999_999;
/** Largest PIX amount: field 54 of the BR Code (brazil.pix.MAX_AMOUNT_CENTAVOS). */
export const PIX_MAX_CENTS = 999_999_999_999;

export type CurrencyCode = (typeof CURRENCIES)[number];
