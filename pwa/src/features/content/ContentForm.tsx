import { useRef, useState } from 'react';
import { useForm, type Resolver, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTENT_CATEGORIES,
  CONTENT_TYPES,
  CONTENT_TYPE_LABELS,
  PLATFORMS,
  UPLOAD_ACCEPT,
  contentItemCreateSchema,
  fileNameProblem,
  formatFileSize,
  type ContentItem,
  type ContentItemCreate,
} from '@portal/shared';
import type { z } from 'zod';
import { failureText } from '../../lib/connection';
import { useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { UploadProgressBar } from '../../lib/ui/UploadProgressBar';
import { useStoredFiles } from './api/useStoredFiles';
import { useUploadFile } from '../../lib/useUploadFile';
import { FormActions } from '../../lib/ui/FormActions';

type Values = z.input<typeof contentItemCreateSchema>;
type Parsed = z.output<typeof contentItemCreateSchema>;
const resolver = zodResolver(contentItemCreateSchema) as unknown as Resolver<Values, unknown, Parsed>;

/** Form values of an item (strings for the inputs, '' for "none"). */
export function formDefaults(item: ContentItem | null, preset: Partial<Values> = {}): Values {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    type: item?.type ?? ('' as never),
    category: item?.category ?? ('' as never),
    fileName: item?.fileName ?? '',
    version: item?.version ?? '',
    platform: item?.platform ?? '',
    isActive: item?.isActive ?? true,
    ...preset,
  };
}

/** Field names the server may report errors for. */
const FIELDS = ['title', 'description', 'type', 'category', 'fileName', 'version', 'platform', 'isActive'] as const;

/**
 * Create / edit form of a content item (SPEC.md 2 "Content management", 3, 9): title,
 * description, type, category and platform from SPEC.md 9's lists, version, the file (one of the
 * uploaded files, or upload one here with a progress bar) and Active. Validates with the shared
 * schema (SPEC.md 5 messages under the fields); server field errors land under their fields too.
 * Upload outcomes toast 'File Uploaded' or 'Upload Failed: Failed to upload file. Try logging out
 * and back in.' (SPEC.md 8), the server's reason shown under the file field.
 */
export function ContentForm(props: {
  item: ContentItem | null;
  preset?: Partial<Values>;
  pending: boolean;
  onSubmit(values: ContentItemCreate, setServerErrors: (fieldErrors: Record<string, string[]>) => void): void;
  onCancel(): void;
}) {
  const { item, preset, pending, onSubmit, onCancel } = props;
  const upload = useUploadFile();
  const writeBlock = useWriteBlock();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({ resolver, defaultValues: formDefaults(item, preset) });

  const fileName = (watch('fileName') as string | null | undefined) ?? '';

  const setServerErrors = (fieldErrors: Record<string, string[]>) => {
    for (const field of FIELDS) {
      const message = fieldErrors[field]?.[0];
      if (message) setError(field, { type: 'server', message });
    }
  };

  const err = (name: keyof Values) => errors[name]?.message;
  return (
    <form className="form content-form" noValidate onSubmit={handleSubmit((values) => onSubmit(values, setServerErrors))}>
      <ContentDetailsFields register={register} err={err} />
      <ContentFileSection register={register} setValue={setValue} fileName={fileName} err={err} upload={upload} writeBlock={writeBlock} />

      <label className="checkbox-row" htmlFor="content-active">
        <input id="content-active" type="checkbox" {...register('isActive')} />
        <span>
          Active <span className="muted">(inactive items are hidden from technicians and from downloads)</span>
        </span>
      </label>

      {writeBlock && (
        <p className="muted" role="status">
          {writeBlock}
        </p>
      )}
      <FormActions label={pending ? 'Saving...' : item ? 'Save Changes' : 'Create'} pending={pending} disabled={upload.isPending || !!writeBlock} onCancel={onCancel} />
    </form>
  );
}

type FieldError = (name: keyof Values) => string | undefined;

/** Title, description, type, category, platform and version (SPEC.md 9's lists). */
function ContentDetailsFields({ register, err }: { register: UseFormRegister<Values>; err: FieldError }) {
  return (
    <>
      <FormField id="content-title" label="Title" error={err('title')}>
        <input id="content-title" className="input" autoComplete="off" {...fieldAria('content-title', err('title'))} {...register('title')} />
      </FormField>
      <FormField id="content-description" label="Description" optional error={err('description')}>
        <textarea
          id="content-description"
          className="input textarea"
          rows={3}
          {...fieldAria('content-description', err('description'))}
          {...register('description')}
        />
      </FormField>
      <div className="form-grid">
        <FormField id="content-type" label="Type" error={err('type')}>
          <select id="content-type" className="input" {...fieldAria('content-type', err('type'))} {...register('type')}>
            <option value="">Select a type</option>
            {CONTENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONTENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="content-category" label="Category" error={err('category')}>
          <select id="content-category" className="input" {...fieldAria('content-category', err('category'))} {...register('category')}>
            <option value="">Select a category</option>
            {CONTENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="content-platform" label="Platform" optional error={err('platform')}>
          <select id="content-platform" className="input" {...fieldAria('content-platform', err('platform'))} {...register('platform')}>
            <option value="">Any / not specified</option>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="content-version" label="Version" optional error={err('version')}>
          <input id="content-version" className="input" autoComplete="off" placeholder="e.g. 2.4.1" {...fieldAria('content-version', err('version'))} {...register('version')} />
        </FormField>
      </div>
    </>
  );
}

/**
 * The File section: one of the uploaded files, or upload one here with a progress bar; outcomes
 * toast 'File Uploaded' or 'Upload Failed' (SPEC.md 8) with the server's reason under the field.
 */
function ContentFileSection(props: {
  register: UseFormRegister<Values>;
  setValue: UseFormSetValue<Values>;
  fileName: string;
  err: FieldError;
  upload: ReturnType<typeof useUploadFile>;
  writeBlock: string | undefined;
}) {
  const { register, setValue, fileName, err, upload, writeBlock } = props;
  const toast = useToast();
  const files = useStoredFiles(true);
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string>();
  const options = files.data ?? [];
  const known = !fileName || options.some((f) => f.name === fileName);

  const startUpload = () => {
    if (!chosen) {
      setUploadError('Choose a file to upload');
      return;
    }
    const problem = fileNameProblem(chosen.name.normalize('NFC'));
    if (problem) {
      setUploadError(problem);
      return;
    }
    setUploadError(undefined);
    upload.mutate(chosen, {
      onSuccess: ({ file }) => {
        setValue('fileName', file.name, { shouldValidate: true });
        setChosen(null);
        if (fileInput.current) fileInput.current.value = '';
        toast.show({ title: 'File Uploaded', description: `${file.name} (${formatFileSize(file.size)}) is ready to use.` });
      },
      onError: (err) => {
        setUploadError(failureText(err, 'The upload failed. Please try again.'));
        toast.show({ title: 'Upload Failed', description: 'Failed to upload file. Try logging out and back in.', variant: 'destructive' });
      },
    });
  };

  return (
    <fieldset className="content-file">
      <legend className="form-label">File</legend>
      <FormField id="content-file" label="Uploaded file" optional error={err('fileName')} hint={files.isPending && !writeBlock ? 'Loading files...' : undefined}>
        <select id="content-file" className="input" {...fieldAria('content-file', err('fileName'))} {...register('fileName')}>
          <option value="">No file</option>
          {!known && <option value={fileName}>{fileName}</option>}
          {options.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name} ({formatFileSize(f.size)})
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="content-upload" label="Or upload a new file" optional error={uploadError}>
        <input
          ref={fileInput}
          id="content-upload"
          type="file"
          className="input file-input"
          accept={UPLOAD_ACCEPT}
          disabled={upload.isPending}
          {...fieldAria('content-upload', uploadError)}
          onChange={(e) => {
            setChosen(e.target.files?.[0] ?? null);
            setUploadError(undefined);
          }}
        />
      </FormField>
      {upload.progress && chosen && <UploadProgressBar fileName={chosen.name} progress={upload.progress} />}
      <button type="button" className="btn btn-outline btn-small" {...writeProps(writeBlock, upload.isPending || !chosen)} onClick={startUpload}>
        {upload.isPending ? 'Uploading...' : 'Upload File'}
      </button>
    </fieldset>
  );
}
