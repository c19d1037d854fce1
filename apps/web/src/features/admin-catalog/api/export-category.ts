import type { CatalogueExport } from '@candor/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A category with its sets and questions, in the document the import call accepts. */
export function exportCategory(id: string): Promise<CatalogueExport> {
  return api.get<CatalogueExport>(`/admin/categories/${id}/export`);
}

/** Hands the browser a JSON file named after the category. */
export function downloadExport(doc: CatalogueExport) {
  const name = doc.category.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name || 'category'}.candor.json`;
  a.click();
  URL.revokeObjectURL(url);
}

export function useExportCategory() {
  return useMutation({ mutationFn: exportCategory, onSuccess: downloadExport });
}
