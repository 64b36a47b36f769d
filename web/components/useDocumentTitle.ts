import { useEffect } from 'react';

/** '{title} · Splikz' in the tab while the screen is shown, as the settings pages do. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Splikz`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
