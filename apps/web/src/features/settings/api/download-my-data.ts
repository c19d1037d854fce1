import { dataExportFileName, type DataExport } from '@candor/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/user/export, saved as `candor-data-<date>.json`: read through the API client (so a
 * failure shows the server's message) and handed to the browser as a file.
 */
export async function downloadMyData(): Promise<string> {
  const data = await api.get<DataExport>('/user/export');
  const name = dataExportFileName(new Date(data.exportedAt));
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has been handled: the browser has the file by then.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return name;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
