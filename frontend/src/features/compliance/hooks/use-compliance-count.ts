import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getComplianceCountQueryOptions } from '../api/get-compliance-count';

/**
 * The count for the badge of the admin/compliance entry. Only an admin session polls; the last
 * successful answer stays on the badge when a later call fails (the failure is only logged).
 */
export function useComplianceCount(sessionRole: string): number | undefined {
  const query = useQuery({ ...getComplianceCountQueryOptions(), enabled: sessionRole === 'admin' });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) console.error('Compliance count failed', error);
  }, [error, errorUpdatedAt]);
  return sessionRole === 'admin' ? query.data?.count : undefined;
}
