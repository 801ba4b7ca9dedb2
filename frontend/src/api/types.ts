/**
 * The API types the app uses, by name. They come from the OpenAPI document of the backend
 * (`frontend/openapi.json` -> `npm run gen:api` -> schema.gen.ts); never write them by hand.
 */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type ErrorOut = Schemas['ErrorOut'];
export type CsrfOut = Schemas['CsrfOut'];
export type OkOut = Schemas['OkOut'];
export type LoginIn = Schemas['LoginIn'];
export type PasswordIn = Schemas['PasswordIn'];
export type ProfileIn = Schemas['ProfileIn'];
export type MenuEntry = Schemas['MenuEntryOut'];
export type SessionUser = Schemas['SessionUserOut'];

// Not in openapi.json yet: see contract.ts.
export type {
  ComplianceCountOut as ComplianceCount,
  NotificationListOut as NotificationList,
  NotificationOut as Notification,
} from './contract';
