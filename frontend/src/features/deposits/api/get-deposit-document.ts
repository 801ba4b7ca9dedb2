import { API_URL } from '@/lib/api-client';

/**
 * GET /api/deposits/{id}/document: the payer's document, a printable billet (HTML) or the PIX QR code
 * (SVG). The browser loads it itself (an <img> or a new tab, with the session cookie), so this is a URL.
 */
export function depositDocumentUrl(id: string): string {
  return `${API_URL}/deposits/${encodeURIComponent(id)}/document`;
}
