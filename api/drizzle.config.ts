/** drizzle-kit config: `npm run db:generate -w @portal/api` writes SQL migrations to api/drizzle. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
