/**
 * The API types the app uses, by name. They come from the generated OpenAPI types (schema.gen.ts,
 * `npm run gen:api`) when available; see contract.ts.
 */
export type {
  ComplianceCountOut as ComplianceCount,
  CsrfOut,
  ErrorOut,
  LoginIn,
  MenuEntryOut as MenuEntry,
  NotificationListOut as NotificationList,
  NotificationOut as Notification,
  OkOut,
  PasswordIn,
  ProfileIn,
  SessionUserOut as SessionUser,
} from './contract';
