/** The profile fields the profile dialog edits (the CNPJ is read-only). */
export const PROFILE_FIELDS = ['legal_name', 'trade_name', 'phone', 'street', 'number', 'complement', 'neighborhood', 'city', 'state', 'zipcode'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The e-mails typed one per line (or separated by commas, semicolons or spaces), blanks dropped. */
export function emailList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);
}

/** A first check before the server's: something@domain.tld, no spaces. */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** The address on one line: "Street, number, complement - neighborhood, city/UF, CEP". */
export function addressLine(parts: { street: string; number: string; complement: string; neighborhood: string; city: string; state: string; zipcode: string }): string {
  const first = [parts.street, parts.number, parts.complement].filter(Boolean).join(', ');
  const place = [parts.city, parts.state].filter(Boolean).join('/');
  const zip = parts.zipcode.length === 8 ? `${parts.zipcode.slice(0, 5)}-${parts.zipcode.slice(5)}` : parts.zipcode;
  return [first, parts.neighborhood, place, zip].filter(Boolean).join(' - ');
}
