/**
 * The API benchmark's settings (api.ts describes them): the environment's BENCH_API_* and
 * BENCH_PG_URL variables with their defaults, and the fixed admin password of the seeded apps.
 */
const env = process.env;
export const CONNECTIONS = Number(env.BENCH_API_CONNECTIONS ?? 50);
export const SECONDS = Number(env.BENCH_API_SECONDS ?? 10);
export const DBS = (env.BENCH_API_DBS ?? 'pglite,postgres').split(',').filter(Boolean) as ('pglite' | 'postgres')[];
export const SIZES = (env.BENCH_API_SIZES ?? '200,100000').split(',').map(Number);
export const TARGETS = (env.BENCH_API_TARGETS ?? 'bare,health,list,listu,searchu,clients,clientsu,listw,create,createk,stats,commit,procs2,floor').split(',').filter(Boolean);
/** Clients seeded with the tickets (issue 50: 5,000; nine tickets in ten belong to one). */
export const CLIENTS = Number(env.BENCH_API_CLIENTS ?? 5000);
export const ENCODINGS = (env.BENCH_API_ENCODINGS ?? 'none,browser').split(',').filter(Boolean) as ('none' | 'browser')[];
export const PROCS2 = (env.BENCH_API_PROCS2 ?? 'health,list,create').split(',').filter(Boolean);
/** Chromium's Accept-Encoding. */
export const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
export const PG_URL = env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
export const ADMIN_PASSWORD = 'bench-admin-password';
