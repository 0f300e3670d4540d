#!/usr/bin/env node
/**
 * First step of `npm test` and `npm run test:e2e`: makes sure the browser tests have
 * Chromium before any test runs. The path is CHROMIUM_PATH, else Debian's /usr/bin/chromium.
 * - present: nothing to do;
 * - missing at the default path, running as root with apt-get: installs Debian's `chromium` package;
 * - otherwise: prints one sentence saying what to install and how to set CHROMIUM_PATH, exits 1.
 * Plain Node (no TypeScript, no dependencies), so it runs right after `npm install`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DEFAULT_PATH = '/usr/bin/chromium';
const configured = process.env.CHROMIUM_PATH || '';
const target = configured || DEFAULT_PATH;

/** true when `file` exists and is executable. */
function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The full path of `command` on PATH, or null. */
function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

/** The one sentence printed when Chromium is missing and cannot be installed here. */
function missingSentence(where) {
  return (
    `The browser tests need Chromium, which is missing at ${where}: install Debian's package ` +
    `(sudo apt-get install -y chromium) or any Chromium build, and if it is not at ${DEFAULT_PATH} ` +
    `point CHROMIUM_PATH at its executable (for example CHROMIUM_PATH=/opt/chromium/chrome npm test).`
  );
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (executable(target)) process.exit(0);

// A CHROMIUM_PATH naming a missing file is a setup mistake: installing Debian's package would not fix it.
if (configured) fail(missingSentence(`CHROMIUM_PATH=${configured}`));

const aptGet = onPath('apt-get');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!aptGet || !isRoot) fail(missingSentence(DEFAULT_PATH));

process.stdout.write(`Chromium is missing at ${DEFAULT_PATH}: installing Debian's chromium package with apt-get...\n`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
  const run = spawnSync(aptGet, args, { stdio: 'inherit', env });
  if (run.status !== 0) fail(`apt-get ${args.join(' ')} failed (exit ${run.status ?? run.signal}). ${missingSentence(DEFAULT_PATH)}`);
}
if (!executable(DEFAULT_PATH)) fail(`apt-get installed chromium but ${DEFAULT_PATH} is still missing. ${missingSentence(DEFAULT_PATH)}`);
const version = execFileSync(DEFAULT_PATH, ['--version'], { encoding: 'utf8' }).trim();
process.stdout.write(`Installed ${version} at ${DEFAULT_PATH}.\n`);
