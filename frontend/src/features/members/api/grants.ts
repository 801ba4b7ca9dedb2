import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { AssignmentIn, EmployeeClients, VisibleTenant } from '@/api/types';
import { api } from '@/lib/api-client';

const KEY = ['admin', 'employees', 'clients'] as const;

/** GET /api/admin/employees/clients: the clients each employee may see (object grants). */
export function getEmployeeClientsQueryOptions() {
  return queryOptions({ queryKey: KEY, queryFn: ({ signal }) => api.get<EmployeeClients[]>('/admin/employees/clients', { signal }), staleTime: 15_000 });
}

/** POST /api/admin/employees/{user_id}/clients: grant (assigned) or revoke a client, audited. */
export function useAssignClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: AssignmentIn & { userId: number }) => api.post<VisibleTenant>(`/admin/employees/${userId}/clients`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
