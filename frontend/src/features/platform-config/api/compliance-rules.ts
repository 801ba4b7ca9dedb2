import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { ComplianceRule, ComplianceRuleIn } from '@/api/types';
import { api } from '@/lib/api-client';

const RULES_QUERY_KEY = ['admin', 'compliance-rules'] as const;

/** GET /api/admin/compliance-rules: each client's auto-approval threshold per currency. */
export function getComplianceRulesQueryOptions() {
  return queryOptions({
    queryKey: RULES_QUERY_KEY,
    queryFn: ({ signal }) => api.get<ComplianceRule[]>('/admin/compliance-rules', { signal }),
  });
}

/** PUT /api/admin/compliance-rules/{slug}: set a client's threshold (audited). */
export function useSetComplianceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: ComplianceRuleIn }) => api.put<ComplianceRule>(`/admin/compliance-rules/${encodeURIComponent(slug)}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY }),
  });
}
