/** What other features may use of the files feature (DESIGN.md: features share only their port.ts). */
export { assertSafeName } from './service';
/** Content sniffing of uploaded bytes against the name's extension (ticket attachments use it too). */
export { checkContent } from './inspect';
/** SHA-256 of the uploaded files, stored per version (the downloads feature shows them: digests.ts). */
export { uploadedDigests } from './digests';
