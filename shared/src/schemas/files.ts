import { z } from 'zod';
import { fileNameProblem } from '../rules/files';

/**
 * Uploaded files (SPEC.md 2 "File management", 7): the name rule shared by uploads, content items
 * and the download and delete paths, and the API shapes of GET /api/admin/files and the upload.
 */

/** A safe stored file name (see `fileNameProblem`): the reason is the validation message. */
export const fileNameSchema = z.string({ error: 'File name is required' }).superRefine((name, ctx) => {
  const problem = fileNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** One stored file (SPEC.md 2: name, type, size, modified, isInstaller). */
export interface FileEntry {
  name: string;
  /** Content type it is served with. */
  type: string;
  /** Bytes. */
  size: number;
  /** ISO time of the last upload under this name. */
  modified: string;
  isInstaller: boolean;
}

/** POST /api/admin/files/upload response (SPEC.md 7 "file.name"); `replaced` when a file of that name existed. */
export interface FileUploaded {
  file: FileEntry;
  replaced: boolean;
  /** Hex SHA-256 of the stored bytes (computed while uploading; /downloads shows it). */
  sha256?: string;
}

/** 409 body of DELETE /api/admin/files/:name when content items still use the file. */
export interface FileInUseBody {
  message: string;
  code: 'conflict';
  /** The content items that use the file. */
  usedBy: { id: string; title: string }[];
}

/** GET /api/downloads/checksums: hex SHA-256 by file name of every built-in and uploaded download. */
export interface DownloadChecksums {
  checksums: Record<string, string>;
}
