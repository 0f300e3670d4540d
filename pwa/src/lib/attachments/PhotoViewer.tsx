import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { AttachmentInfo } from '@portal/shared';
import { useModal } from '../ui/useModal';
import { attachmentUrl } from './url';

/** Marker of the history entry an open viewer adds (so Back closes the viewer, not the page). */
const VIEWER_STATE = 'photoViewer';
const ownsTopEntry = () => (window.history.state as Record<string, unknown> | null)?.[VIEWER_STATE] === true;

/**
 * Full-screen photo viewer (docs/attachments.md), above every sheet and dialog (issue 56: it opened
 * behind the Update Ticket sheet on phones). It is a modal like the others (`useModal`: the sheet
 * behind is inert, Escape closes only the viewer, focus returns to the thumbnail), and it adds a
 * history entry, so a phone's Back closes the viewer and leaves the sheet open. A horizontal swipe
 * of 50 px or more, or the arrow keys, move to the next or previous photo. Photos fill the screen
 * (object-fit: contain), so a small one is shown at a readable size on a desktop too.
 */
export function PhotoViewer(props: { ticketId: string; photos: readonly AttachmentInfo[]; index: number; onIndex(i: number): void; onClose(): void }) {
  const { ticketId, photos, index, onIndex, onClose } = props;
  const start = useRef<number | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  // Back (popstate) closes the viewer; closing it otherwise takes its history entry back off.
  useEffect(() => {
    window.history.pushState({ ...(window.history.state as object | null), [VIEWER_STATE]: true }, '');
    const onPop = () => onCloseRef.current();
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (ownsTopEntry()) window.history.back();
    };
  }, []);
  const ref = useModal({ open: true, onClose, initialFocus: close });
  const photo = photos[index]!;
  const go = (step: number) => onIndex((index + step + photos.length) % photos.length);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') onIndex((index + 1) % photos.length);
      if (e.key === 'ArrowLeft') onIndex((index - 1 + photos.length) % photos.length);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, photos.length, onIndex]);
  return createPortal(
    <div
      ref={ref}
      data-modal-root=""
      tabIndex={-1}
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
