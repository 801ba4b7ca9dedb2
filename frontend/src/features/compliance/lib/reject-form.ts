/** The reason of a rejection: required (the client reads it), at most 200 characters. */
export function validateRejectReason(reason: string): { ok: true; reason: string } | { ok: false; error: 'required' } {
  const trimmed = reason.trim();
  return trimmed ? { ok: true, reason: trimmed.slice(0, 200) } : { ok: false, error: 'required' };
}
