/** The 27 federative units (UF) a billet address may name, as the billet plugin accepts them. */
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** Zipcode (CEP) mask while typing: digits only, "01310100" -> "01310-100". */
export function maskZipcode(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

export function isValidZipcode(text: string): boolean {
  return /^[0-9]{5}-?[0-9]{3}$/.test(text.trim());
}

/** A pragmatic e-mail shape check; the server has the last word. */
export function isValidEmail(text: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text.trim());
}
