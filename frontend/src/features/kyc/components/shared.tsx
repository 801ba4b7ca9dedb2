import { Badge } from '@chakra-ui/react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

import type { KycFile } from '@/api/types';

import { kycMessages as m } from '../messages';

export const STATUSES = ['draft', 'pending', 'under_review', 'approved', 'rejected', 'review_due'] as const;
export const STATUS_MESSAGES: Record<(typeof STATUSES)[number] | 'expiring', MessageDescriptor> = {
  draft: m.statusDraft,
  pending: m.statusPending,
  under_review: m.statusUnderReview,
  approved: m.statusApproved,
  rejected: m.statusRejected,
  review_due: m.statusReviewDue,
  expiring: m.statusExpiring,
};
const PALETTE = { draft: 'gray', pending: 'orange', under_review: 'blue', approved: 'green', rejected: 'red', review_due: 'yellow' } as const;
export const KIND_MESSAGES: Record<'articles' | 'id' | 'proof_of_address' | 'other', MessageDescriptor> = {
  articles: m.kindArticles,
  id: m.kindId,
  proof_of_address: m.kindProofOfAddress,
  other: m.kindOther,
};

/** The file's status as a badge (and "review due soon" beside an approved file near its review). */
export function StatusBadge({ item }: { item: Pick<KycFile, 'status' | 'expiring'> }) {
  const intl = useIntl();
  return (
    <>
      <Badge colorPalette={PALETTE[item.status]} data-kyc-status={item.status}>
        {intl.formatMessage(STATUS_MESSAGES[item.status])}
      </Badge>
      {item.expiring && (
        <Badge colorPalette="yellow" ms="1">
          {intl.formatMessage(m.statusExpiring)}
        </Badge>
      )}
    </>
  );
}

export { fileSize as sizeText } from '@/lib/format';
