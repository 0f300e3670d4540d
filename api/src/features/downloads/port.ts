/**
 * What other features may use of the downloads feature: the files feature stores each upload's
 * SHA-256 (computed while it streamed) with {@link recordDigest}, so /downloads never hashes per request.
 */
export { recordDigest, type DigestRecord } from './digests';
