import { catalogueExportSchema, type CatalogueExport } from '@candor/shared';
import { api } from '@/lib/api-client';
import { useCatalogueMutation } from './keys';

export { catalogueExportSchema as importCategoryInputSchema };

export interface ImportResult {
  categoryId: string;
  categories: number;
  sets: number;
  questions: number;
}

/**
 * Reads an export file and checks it whole with the shared schema before anything is sent; the
 * server checks again and writes all of it or nothing. Errors name the first bad field.
 */
export function parseImportFile(text: string): CatalogueExport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('The file is not valid JSON');
  }
  const parsed = catalogueExportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new Error(`${where}${issue?.message ?? 'Invalid file'}`);
  }
  return json as CatalogueExport;
}

export function importCategory(doc: CatalogueExport): Promise<ImportResult> {
  return api.post<ImportResult>('/admin/categories/import', doc);
}

export function useImportCategory() {
  return useCatalogueMutation(async (file: File) =>
    importCategory(parseImportFile(await file.text())),
  );
}
