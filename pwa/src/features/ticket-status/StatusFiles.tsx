import { formatFileSize, statusAttachmentPath, type AttachmentInfo } from '@portal/shared';

/**
 * The files of one timeline event on /status/:token (docs/status-links.md): photos as thumbnails,
 * other files by name and size; each a same-origin link to the token-gated download
 * (`statusAttachmentPath`), saved with the `download` attribute. Loaded only when an event has files
 * (the page's JavaScript budget).
 */
export default function StatusFiles({ token, files }: { token: string; files: readonly AttachmentInfo[] }) {
  return (
    <ul className="status-files" aria-label="Files">
      {files.map((f) => (
        <li key={f.id}>
          <a className="status-file" href={statusAttachmentPath(token, f.id)} download={f.fileName}>
            {f.thumb ? <img src={statusAttachmentPath(token, f.id, true)} alt="" width={64} height={64} loading="lazy" /> : <span className="status-file-icon" aria-hidden="true">{(f.fileName.split('.').pop() ?? '').slice(0, 4).toUpperCase()}</span>}
            <span className="status-file-name">{f.fileName}</span>
            <span className="status-file-size">{formatFileSize(f.size)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
