import { AttachmentPicker } from '../../../lib/attachments/AttachmentPicker';
import type { PickedFile } from '../../../lib/attachments/prepare';

/**
 * The support form's 'Photos and files (optional)' section (README "Attachments"): up to 5 photos
 * or files, 'Add photo' opening the phone's camera. Its own chunk, loaded once the form is usable.
 */
export default function SupportAttachments({ files, onChange, disabled }: { files: readonly PickedFile[]; onChange(next: PickedFile[]): void; disabled: boolean }) {
  return (
    <fieldset className="form-attachments">
      <legend>Photos and files (optional)</legend>
      <AttachmentPicker files={files} onChange={onChange} disabled={disabled} />
    </fieldset>
  );
}
