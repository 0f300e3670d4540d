import { useRef, useState } from 'react';
import { ATTACHMENTS_PER_REQUEST, ATTACHMENT_ACCEPT, formatFileSize } from '@portal/shared';
import { prepareFile, type PickedFile } from './prepare';
import './attachments.css';

/**
 * Photos and files for a ticket (docs/attachments.md): 'Add photo' opens the phone's camera
 * (`capture`), 'Add file' the file picker; each picked file shows a thumbnail (or its name and
 * size) with 'Remove'. At most `max` files (default {@link ATTACHMENTS_PER_REQUEST}, a ticket
 * write's limit; a close-out takes VISIT_PHOTOS_MAX); photos are compressed on the device
 * (prepare.ts). Controlled: the parent keeps the list (and revokes previews it drops).
 */
export function AttachmentPicker({ files, onChange, disabled, max = ATTACHMENTS_PER_REQUEST }: { files: readonly PickedFile[]; onChange(next: PickedFile[]): void; disabled?: boolean; max?: number }) {
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const room = max - files.length;

  const add = async (list: FileList | null) => {
    if (!list?.length) return;
    setBusy(true);
    const picked: PickedFile[] = [];
    const problems: string[] = [];
    for (const file of Array.from(list)) {
      if (picked.length >= room) {
        problems.push(`At most ${max} files can be attached.`);
        break;
      }
      const result = await prepareFile(file);
      if ('error' in result) problems.push(result.error);
      else picked.push(result);
    }
    setErrors(problems);
    setBusy(false);
    onChange([...files, ...picked]);
  };

  const remove = (id: string) => {
    const gone = files.find((f) => f.id === id);
    if (gone?.preview) URL.revokeObjectURL(gone.preview);
    onChange(files.filter((f) => f.id !== id));
  };

  return (
    <div className="attachment-picker">
      <div className="attachment-actions">
        <button type="button" className="btn btn-outline" disabled={disabled || busy || room <= 0} onClick={() => camera.current?.click()}>
          Add photo
        </button>
        <button type="button" className="btn btn-outline" disabled={disabled || busy || room <= 0} onClick={() => picker.current?.click()}>
          Add file
        </button>
        <span className="muted">{busy ? 'Preparing...' : `${files.length} of ${max}`}</span>
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Add photo"
        data-testid="attachment-camera"
        onChange={(e) => {
          void add(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <input
        ref={picker}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        multiple
        hidden
        aria-label="Add file"
        data-testid="attachment-files"
        onChange={(e) => {
          void add(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {errors.map((m) => (
        <p key={m} className="field-error" role="alert">
          {m}
        </p>
      ))}
      {files.length > 0 && (
        <ul className="attachment-thumbs" aria-label="Attached files">
          {files.map((f) => (
            <li key={f.id} className="attachment-thumb">
              {f.preview ? <img src={f.preview} alt={f.name} /> : <span className="attachment-file">{f.name}</span>}
              <span className="muted">{formatFileSize(f.file.size)}</span>
              <button type="button" className="btn btn-outline btn-small" aria-label={`Remove ${f.name}`} disabled={disabled} onClick={() => remove(f.id)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
