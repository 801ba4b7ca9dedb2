import type { MessageDescriptor } from 'react-intl';

import type { KycFile, KycInput } from '@/api/types';
import { documentCharacters, isValidCnpj, isValidCpf } from '@/lib/documents';

import { kycMessages as m } from '../messages';

export type PersonRow = { role: 'representative' | 'owner'; name: string; cpf: string; share: string };
export type KycValues = { legal_name: string; trade_name: string; cnpj: string; people: PersonRow[] };
export type KycErrors = Record<string, MessageDescriptor>;

export const DOCUMENT_KINDS = ['articles', 'id', 'proof_of_address', 'other'] as const;

/** A share typed as percent ("25,5", "25.50") in basis points; null when it is not one. */
export function shareToBp(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const bp = Math.round(Number(cleaned) * 100);
  return bp > 0 && bp <= 10_000 ? bp : null;
}

export function bpToShare(bp: number, locale: string): string {
  return bp ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(bp / 100) : '';
}

export function kycValues(file: KycFile, locale: string): KycValues {
  return {
    legal_name: file.legal_name,
    trade_name: file.trade_name,
    cnpj: documentCharacters(file.cnpj, 'cnpj'),
    people: file.people.map((p) => ({ role: p.role === 'owner' ? 'owner' : 'representative', name: p.name, cpf: documentCharacters(p.cpf, 'cpf'), share: p.role === 'owner' ? bpToShare(p.share_bp, locale) : '' })),
  };
}

/** Check what the API would refuse, on its field (paths as the API names them), and build the body. */
export function checkKyc(values: KycValues): { body: KycInput | null; errors: KycErrors } {
  const errors: KycErrors = {};
  if (values.cnpj.trim() && !isValidCnpj(values.cnpj)) errors.cnpj = m.invalidCnpj;
  let total = 0;
  const people = values.people.map((person, index) => {
    if (!person.name.trim()) errors[`people.${index}.name`] = m.required;
    if (!isValidCpf(person.cpf)) errors[`people.${index}.cpf`] = m.invalidCpf;
    let share: number | null = null;
    if (person.role === 'owner') {
      share = shareToBp(person.share);
      if (share === null) errors[`people.${index}.share_bp`] = m.invalidShare;
      else total += share;
    }
    return { role: person.role, name: person.name.trim(), cpf: documentCharacters(person.cpf, 'cpf'), share_bp: share };
  });
  if (total > 10_000) errors.people = m.sharesOver100;
  if (Object.keys(errors).length) return { body: null, errors };
  return { body: { legal_name: values.legal_name.trim(), trade_name: values.trade_name.trim(), cnpj: documentCharacters(values.cnpj, 'cnpj'), people }, errors };
}

/** The API's field codes in words. */
export const SERVER_CODES: Record<string, MessageDescriptor> = {
  required: m.required,
  invalid_cnpj: m.invalidCnpj,
  invalid_cpf: m.invalidCpf,
  invalid_share: m.invalidShare,
  share_required: m.invalidShare,
  shares_over_100: m.sharesOver100,
  duplicate_person: m.duplicatePerson,
  representative_required: m.representativeRequired,
  owner_required: m.ownerRequired,
  document_required: m.documentRequired,
};
