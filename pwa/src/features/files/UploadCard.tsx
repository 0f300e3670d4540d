import { useRef, useState, type FormEvent } from 'react';
import { UPLOAD_ACCEPT, fileNameProblem, formatFileSize } from '@portal/shared';
import { failureText } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';
import { UploadProgressBar } from '../../lib/ui/UploadProgressBar';
import { useUploadFile } from '../../lib/useUploadFile';

/**
 * Upload card of /admin/file-management (SPEC.md 2, 8): choose a file, 'Upload', a progress bar
 * while it is sent; 'File Uploaded' or 'Failed to upload file' with the server's reason (unsafe
 * name, type not matching the content, too large), which also shows under the field. A name the
 * server would refuse is caught before anything is sent.
 */
export function UploadCard() {
  const toast = useToast();
  const upload = useUploadFile();
  const writeBlock = useWriteBlock();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const fail = (reason: string) => {
    setError(reason);
    toast.show({ title: 'Failed to upload file', description: reason, variant: 'destructive' });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError('Choose a file to upload');
      return;
    }
    const problem = fileNameProblem(file.name.normalize('NFC'));
    if (problem) {
      fail(problem);
      return;
    }
    setError(undefined);
    upload.mutate(file, {
      onSuccess: ({ file: stored, replaced }) => {
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
        toast.show({
          title: 'File Uploaded',
          description: `${stored.name} (${formatFileSize(stored.size)})${replaced ? ' replaced the earlier file of that name' : ''}.`,
        });
      },
      onError: (err) => fail(failureText(err, 'The upload failed. Please try again.')),
    });
  };

  return (
    <section className="card upload-card" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload File</h2>
      <p className="muted upload-lead">Installers, documents, guides and scripts. A file with the name of an existing one replaces it.</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormField id="upload-file" label="File" error={error}>
          <input
            ref={inputRef}
            id="upload-file"
            type="file"
            className="input file-input"
            accept={UPLOAD_ACCEPT}
            disabled={upload.isPending}
            {...fieldAria('upload-file', error)}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(undefined);
            }}
          />
        </FormField>
        {upload.progress && file && <UploadProgressBar fileName={file.name} progress={upload.progress} />}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" {...writeProps(writeBlock, upload.isPending)}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </button>
        </div>
      </form>
    </section>
  );
}
