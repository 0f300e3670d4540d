import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@portal/shared';

/**
 * The login form's validation (shared `loginSchema`, SPEC.md 5). Its own module so zod loads after
 * the form is usable (LoginPage's lazy resolver).
 */
export const loginResolver = zodResolver(loginSchema);
