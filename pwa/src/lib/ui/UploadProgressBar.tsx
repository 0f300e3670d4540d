import { formatFileSize } from '@portal/shared';
import type { UploadProgress } from '../upload';
import './ui.css';

/**
 * Upload progress: a native `<progress>` with its percentage and "sent of total" in the
 * shared size format, announced politely to screen readers.
 */
export function UploadProgressBar({ fileName, progress }: { fileName: string; progress: UploadProgress }) {
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <div className="upload-progress" role="status" aria-live="polite">
      <div className="upload-progress-head">
        <span className="upload-progress-name">Uploading {fileName}</span>
        <span>{percent}%</span>
      </div>
      <progress max={100} value={percent} aria-label={`Uploading ${fileName}`} />
      <p className="muted upload-progress-bytes">
        {formatFileSize(progress.loaded)} of {formatFileSize(progress.total)}
      </p>
    </div>
  );
}
