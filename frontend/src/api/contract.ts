// TEMPORARY until openapi.json lands
// Hand-written mirror of the backend contract (platform/accounts/schemas.py and the brief). Once
// `frontend/openapi.json` exists, `npm run gen:api` writes src/api/schema.gen.ts and src/api/types.ts
// takes its types from there; delete this file then.

export type ErrorOut = { code: string; message: string; fields?: Record<string, string> | null };
export type ClientOut = { name: string };
export type TenantOut = { slug: string; name: string; kind: 'platform' | 'client' | 'partner' };
export type MenuEntryOut = { route: string; group: string; badge?: string | null };
export type SessionUserOut = {
  id: number;
  email: string;
  userName: string;
  role: string;
  userRole: string;
  modules: string[];
  feature_toggles: string[];
  company_name: string;
  client: ClientOut | null;
  tenant: TenantOut;
  language: 'pt-BR' | 'en';
  avatar_url: string | null;
  interface_settings: Record<string, unknown>;
  home: string;
  menu: MenuEntryOut[];
};
export type LoginIn = { email: string; password: string };
export type ProfileIn = {
  name?: string | null;
  language?: 'pt-BR' | 'en' | null;
  interface_settings?: Record<string, unknown> | null;
};
export type PasswordIn = { current_password: string; new_password: string };
export type OkOut = { ok: boolean };
export type CsrfOut = { csrfToken: string };
export type ComplianceCountOut = { count: number };
export type NotificationOut = {
  id: number;
  type: { id: number };
  status: number;
  title: string;
  content: string;
  created_at: number;
  read: boolean;
};
export type NotificationListOut = { items: NotificationOut[]; unread: number };
