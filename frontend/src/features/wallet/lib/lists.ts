/** The customer's activity (atividade) on the list kit: filters in the URL with the API's names. */
import { defineList } from '@/components/kit';

export const ACTIVITY_KINDS = ['deposit', 'withdraw'] as const;
export const ACTIVITY_STATUSES = ['waiting', 'pending', 'approved', 'confirmed', 'paid_to_client', 'rejected', 'canceled', 'expired', 'refunded', 'reversed'] as const;
export const CURRENCIES = ['BRL', 'USD'] as const;

export const walletActivityList = defineList({
  id: 'wallet-activity',
  filters: { kind: { values: ACTIVITY_KINDS }, status: { values: ACTIVITY_STATUSES }, currency: { values: CURRENCIES } },
  sorts: ['-created_at'] as const,
  defaultSort: '-created_at',
});
