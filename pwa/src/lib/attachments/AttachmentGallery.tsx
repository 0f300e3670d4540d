import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatFileSize, isPhoto, type AttachmentInfo } from '@portal/shared';
import './attachments.css';

/** URL of an attachment (or its thumbnail); the session cookie authorises it. */
export const attachmentUrl = (ticketId: string, a: Pick<AttachmentInfo, 'id'>, thumb = false) =>
  `/api/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(a.id)}${thumb ? '?thumb=1' : ''}`;

/**
 * A work-history entry's attachments (README "Attachments"): photo thumbnails that open a
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

/** Full-screen photo viewer; a horizontal swipe of 50 px or more moves to the next or previous photo. */
function PhotoViewer(props: { ticketId: string; photos: readonly AttachmentInfo[]; index: number; onIndex(i: number): void; onClose(): void }) {
  const { ticketId, photos, index, onIndex, onClose } = props;
  const start = useRef<number | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  const photo = photos[index]!;
  const go = (step: number) => onIndex((index + step + photos.length) % photos.length);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowRight') onIndex((index + 1) % photos.length);
      if (e.key === 'ArrowLeft') onIndex((index - 1 + photos.length) % photos.length);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, photos.length, onIndex, onClose]);
  return createPortal(
    <div
      className="attachment-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={photo.fileName}
      onPointerDown={(e) => (start.current = e.clientX)}
      onPointerUp={(e) => {
        if (start.current !== null && Math.abs(e.clientX - start.current) >= 50) go(e.clientX < start.current ? 1 : -1);
        start.current = null;
      }}
    >
      <div className="attachment-viewer-bar">
        <span>
          {photo.fileName} ({index + 1} of {photos.length})
        </span>
        <button ref={close} type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
      <img src={attachmentUrl(ticketId, photo)} alt={photo.fileName} draggable={false} />
      <div className="attachment-viewer-bar">
        <button type="button" className="btn btn-ghost" onClick={() => go(-1)} disabled={photos.length < 2}>
          Previous
        </button>
        <a href={attachmentUrl(ticketId, photo)} download={photo.fileName}>
          Download
        </a>
        <button type="button" className="btn btn-ghost" onClick={() => go(1)} disabled={photos.length < 2}>
          Next
        </button>
      </div>
    </div>,
    document.body,
  );
}
