import { defineMessages } from 'react-intl';

/** The modules and feature toggles a client can have (tenants.services' KNOWN_MODULES and
 * KNOWN_FEATURE_TOGGLES): the admin grants a partner some of them (admin/partners), the partner turns
 * those on or off on its clients (partner/users, Clientes). */
export type Feature = { code: 'direct_deposits' | 'manual_withdraws' | 'transactional_withdraws'; kind: 'module' | 'toggle' };

export const FEATURES: readonly Feature[] = [
  { code: 'direct_deposits', kind: 'module' },
  { code: 'manual_withdraws', kind: 'toggle' },
  { code: 'transactional_withdraws', kind: 'toggle' },
];

export const featureMessages = defineMessages({
  direct_deposits: { id: 'tenantFeatures.direct_deposits', defaultMessage: 'Deposits to the PIX key (module)' },
  manual_withdraws: { id: 'tenantFeatures.manual_withdraws', defaultMessage: 'Manual payouts' },
  transactional_withdraws: { id: 'tenantFeatures.transactional_withdraws', defaultMessage: 'Transactional payouts' },
});

/** The fee-rate methods of the built-in plugins: deposits by payment method, payouts by withdraw method. */
export const FEE_METHODS = ['pix', 'billet', 'card', 'wire', 'payout_pix', 'payout_ted'] as const;

export const feeMethodMessages = defineMessages({
  pix: { id: 'tenantFeatures.method.pix', defaultMessage: 'PIX' },
  billet: { id: 'tenantFeatures.method.billet', defaultMessage: 'Billet' },
  card: { id: 'tenantFeatures.method.card', defaultMessage: 'Card' },
  wire: { id: 'tenantFeatures.method.wire', defaultMessage: 'Wire transfer' },
  payout_pix: { id: 'tenantFeatures.method.payout_pix', defaultMessage: 'PIX payout' },
  payout_ted: { id: 'tenantFeatures.method.payout_ted', defaultMessage: 'TED payout' },
});
