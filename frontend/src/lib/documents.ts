/**
 * CPF and CNPJ check digits, mirroring platform/brazil/documents.py (the server validates again).
 * Normalised forms: CPF = 11 digits; CNPJ = 14 upper-case characters, 12 alphanumerics + 2 check
 * digits (the alphanumeric CNPJ of IN RFB 2.229/2024).
 */
export type DocumentKind = 'cpf' | 'cnpj';
export type DocumentError = 'invalid_cpf' | 'invalid_cnpj' | 'invalid_document';
export type DocumentResult = { ok: true; kind: DocumentKind; value: string } | { ok: false; error: DocumentError };

const SEPARATORS = /[\s./-]/g;
const CPF_FORMAT = /^[0-9]{11}$/;
const CNPJ_FORMAT = /^[0-9A-Z]{12}[0-9]{2}$/;
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Remove punctuation and spaces and upper-case; does not validate. */
export function stripDocument(text: string): string {
  return text.replace(SEPARATORS, '').toUpperCase();
}

// Receita Federal rule shared by CPF and CNPJ: remainder 0 or 1 -> 0, otherwise 11 - remainder.
function mod11(values: readonly number[], weights: readonly number[]): number {
  const remainder = values.reduce((sum, value, index) => sum + value * weights[index]!, 0) % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

// Alphanumeric CNPJ: each character is worth its ASCII code minus 48 ('0' -> 0, 'A' -> 17).
const charValue = (char: string): number => char.charCodeAt(0) - 48;

// 000.000.000-00, 111.111.111-11 ... pass the checksum but are never issued.
const isRepeated = (value: string): boolean => new Set(value).size === 1;

export function cpfCheckDigits(base: string): string {
  const values = [...base].map(Number);
  const first = mod11(values, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...values, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

export function cnpjCheckDigits(base: string): string {
  const values = [...base].map(charValue);
  const first = mod11(values, CNPJ_WEIGHTS_1);
  const second = mod11([...values, first], CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

export function isValidCpf(text: string): boolean {
  const value = stripDocument(text);
  return CPF_FORMAT.test(value) && !isRepeated(value) && cpfCheckDigits(value.slice(0, 9)) === value.slice(9);
}

export function isValidCnpj(text: string): boolean {
  const value = stripDocument(text);
  return CNPJ_FORMAT.test(value) && !isRepeated(value) && cnpjCheckDigits(value.slice(0, 12)) === value.slice(12);
}

/** Classify by normalised length (11: CPF, 14: CNPJ) and validate, as the server does. */
export function validateDocument(text: string): DocumentResult {
  const value = stripDocument(text);
  if (value.length === 11) return isValidCpf(value) ? { ok: true, kind: 'cpf', value } : { ok: false, error: 'invalid_cpf' };
  if (value.length === 14) return isValidCnpj(value) ? { ok: true, kind: 'cnpj', value } : { ok: false, error: 'invalid_cnpj' };
  return { ok: false, error: 'invalid_document' };
}

/** Punctuated form for display ("390.533.447-05", "12.ABC.345/01DE-35"); anything else as given. */
export function formatDocument(text: string): string {
  const value = stripDocument(text);
  if (CPF_FORMAT.test(value)) return `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;
  if (CNPJ_FORMAT.test(value)) {
    return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
  }
  return text;
}

/**
 * A Brazilian phone as people read it: "1134567890" -> "(11) 3456-7890", "11934567890" -> "(11) 93456-7890",
 * with the country code when stored with it ("+55 (11) 93456-7890"). Anything else is shown as stored.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = (d: string) => (d.length === 10 ? `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}` : `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`);
  if (digits.length === 10 || digits.length === 11) return national(digits);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return `+55 ${national(digits.slice(2))}`;
  return value;
}

/**
 * The mask while typing a CPF or CNPJ: the characters a document may hold are kept (digits; for a CNPJ
 * also letters, upper-cased) up to its length, and the punctuation is put back as they come
 * ("1234567" -> "123.456.7" as a CPF, "11222333000" -> "11.222.333/000" as a CNPJ). Without a kind,
 * up to 11 digits read as a CPF and more as a CNPJ.
 */
export function maskDocument(text: string, kind?: DocumentKind): string {
  const raw = documentCharacters(text, kind);
  const asCpf = kind === 'cpf' || (kind === undefined && raw.length <= 11 && /^[0-9]*$/.test(raw));
  const cuts = asCpf ? CPF_CUTS : CNPJ_CUTS;
  let out = '';
  for (const [index, char] of [...raw].entries()) {
    out += (cuts[index] ?? '') + char;
  }
  return out;
}

/** What a document field keeps of the text typed: its characters without punctuation, at most its length. */
export function documentCharacters(text: string, kind?: DocumentKind): string {
  const upper = text.toUpperCase();
  if (kind === 'cpf') return upper.replace(/[^0-9]/g, '').slice(0, 11);
  return upper.replace(/[^0-9A-Z]/g, '').slice(0, 14);
}

// The separator written before the character at each position.
const CPF_CUTS: Record<number, string> = { 3: '.', 6: '.', 9: '-' };
const CNPJ_CUTS: Record<number, string> = { 2: '.', 5: '.', 8: '/', 12: '-' };
