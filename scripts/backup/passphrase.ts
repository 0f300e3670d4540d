/**
 * The operator's backup passphrase: `BACKUP_PASSPHRASE` from the environment, else asked on the
 * terminal without echo (twice when making a backup, and then at least 12 characters, like the variable). Without a terminal (CI, cron) and without the
 * variable, it stops with a message instead of waiting for input that never comes. Never printed.
 */
import readline from 'node:readline';

/** Reads one line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const rlOut = rl as unknown as { _writeToOutput: (s: string) => void };
    let prompted = false;
    rlOut._writeToOutput = (s: string) => {
      if (!prompted) {
        process.stdout.write(s);
        prompted = true;
      }
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** The passphrase (see module doc). @throws Error when there is neither the variable nor a terminal. */
export async function readPassphrase(confirm: boolean): Promise<string> {
  const fromEnv = process.env.BACKUP_PASSPHRASE;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new Error('No passphrase: set BACKUP_PASSPHRASE (there is no terminal to ask on).');
  const first = await askHidden('Backup passphrase: ');
  if (confirm && first.length < 12) throw new Error('The passphrase must be at least 12 characters.');
  if (!first) throw new Error('The passphrase may not be empty.');
  if (confirm && (await askHidden('Repeat the passphrase: ')) !== first) throw new Error('The passphrases do not match.');
  return first;
}

/** Loads `.env` like the app, then returns the positional arguments and flags of the command line. */
export function commandLine(): { args: string[]; flags: Set<string> } {
  const rest = process.argv.slice(2);
  return { args: rest.filter((a) => !a.startsWith('--')), flags: new Set(rest.filter((a) => a.startsWith('--'))) };
}
