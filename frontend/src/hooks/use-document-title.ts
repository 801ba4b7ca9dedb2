import { useEffect } from 'react';

/** "<page> · Cofre" as the document title (screen readers announce it on navigation). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Cofre` : 'Cofre';
  }, [title]);
}
