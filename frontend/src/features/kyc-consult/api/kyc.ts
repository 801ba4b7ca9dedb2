import { queryOptions } from '@tanstack/react-query';

import type { KycConsult } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/kyc/consult/{document}: what the platform knows of a CPF/CNPJ, in the clients the user may see. */
export function getKycConsultQueryOptions(document: string) {
  return queryOptions({
    queryKey: ['kyc', 'documents', document] as const,
    queryFn: ({ signal }) => api.get<KycConsult>(`/kyc/consult/${encodeURIComponent(document)}`, { signal }),
    retry: false,
  });
}
