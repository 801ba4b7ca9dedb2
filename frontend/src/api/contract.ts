// TEMPORARY until openapi.json lands
// The backend's openapi.json does not describe these endpoints yet (GET /api/notifications,
// POST /api/notifications/{id}/read, GET /api/payouts/compliance/count). These types mirror the
// agreed contract; when the endpoints appear in openapi.json, `npm run gen:api` and take them from
// schema.gen.ts in types.ts, then delete this file.

export type ComplianceCountOut = { count: number };
export type NotificationOut = {
  id: number;
  type: { id: number };
  status: number;
  title: string;
  content: string;
  /** unix seconds */
  created_at: number;
  read: boolean;
};
export type NotificationListOut = { items: NotificationOut[]; unread: number };
