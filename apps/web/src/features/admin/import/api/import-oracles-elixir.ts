import { IMPORT_MESSAGES, MESSAGES } from '@fantarift/core';
import type { ApiSchema } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';

export type SeriesStatus = ImportSeries['status'];

export type ImportSeries = ImportSummary['series'][number];

export type ImportSource = ImportSummary['sources'][number];

/** The answer of POST /api/admin/leagues/:leagueId/import/oracles-elixir (dry run or import). */
export type ImportSummary = ApiSchema<'OraclesElixirImportSummary'>;

export interface ImportRequest {
  leagueId: string;
  file: File;
  source?: string;
  from?: string;
  to?: string;
  dryRun: boolean;
  teamMap: Record<string, string>;
  includeIncomplete: boolean;
}

export type ImportProgress = { phase: 'upload'; percent: number } | { phase: 'server' };

export function importUrl(r: Omit<ImportRequest, 'file'>): string {
  const query = new URLSearchParams({ dryRun: String(r.dryRun) });
  if (r.source) query.set('source', r.source);
  if (r.from) query.set('from', r.from);
  if (r.to) query.set('to', r.to);
  if (Object.keys(r.teamMap).length > 0) query.set('teamMap', JSON.stringify(r.teamMap));
  if (r.includeIncomplete) query.set('includeIncomplete', 'true');
  return `/api/admin/leagues/${encodeURIComponent(r.leagueId)}/import/oracles-elixir?${query}`;
}

/**
 * Sends the CSV as the request body (text/csv, streamed by the server). XMLHttpRequest rather than
 * fetch: its upload events give the progress of a 90 MB file.
 */
export function importOraclesElixir(
  r: ImportRequest,
  onProgress?: (p: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', importUrl(r));
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        onProgress?.({ phase: 'upload', percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.upload.onload = () => onProgress?.({ phase: 'server' });
    xhr.onload = () => {
      const body = xhr.response as
        | (ImportSummary & { code?: string; message?: string; details?: unknown })
        | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body);
      reject(
        new ApiError(
          xhr.status,
          body?.code ?? 'HTTP_ERROR',
          body?.message ?? (xhr.status >= 500 ? MESSAGES.common.serverError : IMPORT_MESSAGES.uploadFailed),
          body?.details,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.common.networkError));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(r.file);
  });
}
