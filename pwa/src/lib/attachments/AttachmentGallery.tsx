import { useState } from 'react';
import { formatFileSize, isPhoto, type AttachmentInfo } from '@portal/shared';
import { PhotoViewer } from './PhotoViewer';
import { attachmentUrl } from './url';
import './attachments.css';

export { attachmentUrl };


/**
 * A work-history entry's attachments (docs/attachments.md): photo thumbnails that open a
 * full-screen viewer (swipe or arrows between photos, Escape or 'Close' to leave), and a download
 * link for every other file.
 */
export function AttachmentGallery({ ticketId, attachments }: { ticketId: string; attachments: readonly AttachmentInfo[] }) {
  const photos = attachments.filter(isPhoto);
  const files = attachments.filter((a) => !isPhoto(a));
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="attachment-gallery" aria-label="Attachments">
        {photos.map((a, i) => (
          <li key={a.id}>
            <button type="button" onClick={() => setOpen(i)} aria-label={`View ${a.fileName}`}>
              <img src={attachmentUrl(ticketId, a, a.thumb)} alt={a.fileName} loading="lazy" />
            </button>
          </li>
        ))}
        {files.map((a) => (
          <li key={a.id}>
            <a href={attachmentUrl(ticketId, a)} download={a.fileName}>
              {a.fileName} ({formatFileSize(a.size)})
            </a>
          </li>
        ))}
      </ul>
      {open !== null && photos[open] && <PhotoViewer ticketId={ticketId} photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}
