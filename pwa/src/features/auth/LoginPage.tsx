import { Suspense, lazy, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_RELOAD_DELAY_MS, LOGIN_MSG, type LoginChallenge, type LoginInput, type LoginResponse } from '@portal/shared';
import { PAGE_INTROS } from '../../lib/pageIntros';
import { isApiError } from '../../lib/api';
import { failureText } from '../../lib/connection';
import { useAuth } from '../../lib/auth';
import { whenIdle } from '../../lib/idle';
import { lazyModule } from '../../lib/lazyModule';
import { lazyResolver } from '../../lib/lazyResolver';
import { keepToastForNextLoad, useToast } from '../../lib/toast';
import { recoveryNotice } from './recoveryNotice';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { Loading } from '../../lib/ui/Loading';
import { Spinner } from '../../lib/ui/Spinner';
import { useLogin } from './api/useLogin';
import { loginLanding } from './landing';
import { lockoutMessage } from './lockout';

/**
 * The second-factor step (TwoFactorStep.tsx: code form, passkeys) in its own chunk: it shows only
 * after a challenge, so it loads when the form is idle, not before the form is usable (the
 * public-route budget).
 */
const loadTwoFactorStep = lazyModule(() => import('./TwoFactorStep'));
const TwoFactorStep = lazy(() => loadTwoFactorStep().then((m) => ({ default: m.TwoFactorStep })));

/** The shared login schema, loaded when the form is idle (loginResolver.ts). */
const resolver = lazyResolver<LoginInput, unknown, LoginInput>(() => import('./loginResolver').then((m) => m.loginResolver));

/** The heading and intro the build also prerenders into /login's HTML (lib/pageIntros.ts). */
const INTRO = PAGE_INTROS['/login'];

/**
 * /login (SPEC.md 2 / 4 / 5 / 8): 'Admin Login'. Idle -> pending ('Signing in...', button
 * disabled, spinner) -> success (session stored, toast 'Login Successful' / 'Welcome back,
 * {username}!', go to the page that sent them here, else /technician for staff and / for `user`
 * (landing.ts, docs/decisions.md), reload after LOGIN_RELOAD_DELAY_MS) or failure (toast 'Login
 * Failed' with the server's message or 'Invalid username or password', or lib/connection's
 * NO_CONNECTION_TEXT when the server was not reached: a password is not wrong then; a lockout (429) says how
 * long from Retry-After, 'Try again in 15 minutes' (lockout.ts); the form stays). When a second factor is
 * due the password step answers a challenge and {@link TwoFactorStep} follows in place (README
 * "Two-factor authentication"); a session that must first set up a factor goes to /account/security.
 */
export default function LoginPage() {
  const login = useLogin();
  const { signIn } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const { state } = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver, defaultValues: { username: '', password: '' } });

  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  useEffect(
    () =>
      whenIdle(() => {
        void resolver.preload();
        void loadTwoFactorStep().catch(() => undefined);
      }),
    [],
  );

  const signedIn = (res: LoginResponse) => {
    signIn(res);
    if (res.recoveryCodesLeft === undefined) {
      toast.show({ title: 'Login Successful', description: `Welcome back, ${res.user.username}!` });
    } else {
      // Shown now and again after the reload below, until closed: the user must know what is left.
      const notice = recoveryNotice(res.recoveryCodesLeft);
      toast.show({ ...notice, duration: Infinity });
      keepToastForNextLoad(notice);
    }
    navigate(res.twoFactorEnrolmentRequired ? '/account/security' : loginLanding(res.user.role, state), { replace: true });
    setTimeout(() => window.location.reload(), LOGIN_RELOAD_DELAY_MS);
  };

  const onSubmit = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: (res) => ('twoFactorRequired' in res ? setChallenge(res) : signedIn(res)),
      onError: (error) => {
        toast.show({
          title: 'Login Failed',
          description: isApiError(error, 429)
            ? lockoutMessage(error.retryAfterMs, error.serverMessage ?? LOGIN_MSG.tooManyRequests)
            : failureText(error, LOGIN_MSG.invalidCredentials),
          variant: 'destructive',
        });
      },
    });

  if (challenge) {
    return (
      <div className="page page-auth">
        <Suspense fallback={<Loading />}>
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={signedIn}
            onRestart={(message) => {
              setChallenge(null);
              if (message) toast.show({ title: 'Login Failed', description: message, variant: 'destructive' });
            }}
          />
        </Suspense>
      </div>
    );
  }

  const pending = login.isPending;
  const userErr = errors.username?.message;
  const passErr = errors.password?.message;
  return (
    <div className={INTRO.frame[0]}>
      <form className={INTRO.frame[1]} noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="login-title">
        <h1 id="login-title">{INTRO.heading}</h1>
        <p className={INTRO.introClass}>{INTRO.intro}</p>
        <FormField id="username" label="Username" error={userErr}>
          <input
            id="username"
            className="input"
            placeholder="Enter your username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...fieldAria('username', userErr)}
            {...register('username')}
          />
        </FormField>
        <FormField id="password" label="Password" error={passErr}>
          <input
            id="password"
            type="password"
            className="input"
            placeholder="Enter your password"
            autoComplete="current-password"
            {...fieldAria('password', passErr)}
            {...register('password')}
          />
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending && <Spinner className="btn-spinner" />}
          {pending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </div>
  );
}
