/**
 * A self-signed TLS certificate for 127.0.0.1/localhost (P-256, valid 2000-2099), only for the local
 * push-service peer in tests: web-push speaks HTTPS only, and the test's https.Agent trusts exactly
 * this certificate. Generated once with `openssl ca -selfsign` (no openssl needed at test time).
 * Never use it outside tests.
 */
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBZjCCAQ2gAwIBAgIBATAKBggqhkjOPQQDAjAUMRIwEAYDVQQDDAlsb2NhbGhv
c3QwIBcNMDAwMTAxMDAwMDAwWhgPMjA5OTEyMzEyMzU5NTlaMBQxEjAQBgNVBAMM
CWxvY2FsaG9zdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABPjAPUcwzCtLcShZ
0U1skUuHlY/tS/rDLDMDz9m7sIBG25h1jgMmTWSr7V3RrANTleiiFyjGgdl3umxa
ICb5jvGjTjBMMA8GA1UdEwEB/wQFMAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJbG9j
YWxob3N0MB0GA1UdDgQWBBRrCmpF6QXpAV7cTLfY+on5M+rxMDAKBggqhkjOPQQD
AgNHADBEAiA/NlyGcpV+rzWzHQW+6ZRol5ybtpbNVBAlaKtTM4t2DgIgVSUs9JY4
KxvUtmVVR/0Qs7iw/qVu00MsfcLw1Crs6EE=
-----END CERTIFICATE-----
`;

export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgAkkhMpVL1eu7bGsG
OFp3CGnc4Q3UmjAVAn2UCh1VD8GhRANCAAT4wD1HMMwrS3EoWdFNbJFLh5WP7Uv6
wywzA8/Zu7CARtuYdY4DJk1kq+1d0awDU5XoohcoxoHZd7psWiAm+Y7x
-----END PRIVATE KEY-----
`;
