import { PRODUCT_NAME } from '@candor/shared';
import { useEffect } from 'react';

/** Names the browser tab after the screen ('Practice · Candor'); restores the old title on leave. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
