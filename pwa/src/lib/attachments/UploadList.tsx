import { formatFileSize } from '@portal/shared';
import './attachments.css';

/** One queued file's progress (from the outbox, offline/uploads.ts `fileUploadViews`). */
export interface UploadRow {
  seq: number;
  fileName: string;
  size: number;
  sent: number;
  waiting: boolean;
}

/**
 * Progress of queued files (README "Attachments"): each file's percentage, or "waiting for
 * connection" while it cannot reach the server.
 */
export function UploadList({ rows, offline }: { rows: readonly UploadRow[]; offline: boolean }) {
  if (rows.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Files being sent">
      {rows.map((r) => {
        const percent = r.size > 0 ? Math.min(100, Math.round((r.sent / r.size) * 100)) : 0;
        const waiting = offline || r.waiting;
        return (
          <li key={r.seq} className="upload-row" role="status">
            <span className="upload-row-name">{r.fileName}</span>
            <progress max={100} value={percent} aria-label={`Sending ${r.fileName}`} />
            <span className="muted">{waiting ? 'waiting for connection' : `${percent}% of ${formatFileSize(r.size)}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
