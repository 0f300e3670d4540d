import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { StepUpCancelled, isStepUpRequired } from './errors';

/** The dialog's code (and, from it, the passkey library) loads only when a step-up is asked for. */
const StepUpDialog = lazy(() => import('./StepUpDialog'));

export interface StepUpApi {
  /** Opens "Confirm it's you"; resolves true once confirmed, false when cancelled. */
  confirm(): Promise<boolean>;
  /**
   * Runs `action`; when the API answers 403 `step_up_required`, asks "Confirm it's you" in place and
   * runs it once more. @throws StepUpCancelled when the user cancels; any other error of `action`.
   */
  withStepUp<T>(action: () => Promise<T>): Promise<T>;
}

const StepUpContext = createContext<StepUpApi | null>(null);

/**
 * Provides the vault's step-up (README "Two-factor authentication": revealing a secret, granting an
 * offline device and exporting need a second factor from the last 15 minutes). Mounted once by the
 * app; one dialog at a time (a second request waits for the same answer).
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef<Promise<boolean> | null>(null);
  const resolveRef = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback(() => {
    if (pending.current) return pending.current;
    pending.current = new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
    setOpen(true);
    return pending.current;
  }, []);

  const done = useCallback((ok: boolean) => {
    setOpen(false);
    resolveRef.current?.(ok);
    resolveRef.current = null;
    pending.current = null;
  }, []);

  const withStepUp = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (err) {
        if (!isStepUpRequired(err)) throw err;
        if (!(await confirm())) throw new StepUpCancelled();
        return action();
      }
    },
    [confirm],
  );

  const value = useMemo(() => ({ confirm, withStepUp }), [confirm, withStepUp]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <StepUpDialog onDone={done} />
        </Suspense>
      )}
    </StepUpContext.Provider>
  );
}

/** Without a provider (a component rendered alone): no dialog, the action's own error stands. */
const NO_DIALOG: StepUpApi = { confirm: () => Promise.resolve(false), withStepUp: (action) => action() };

/** The step-up API of the nearest {@link StepUpProvider} (without one, actions run as they are). */
export function useStepUp(): StepUpApi {
  return useContext(StepUpContext) ?? NO_DIALOG;
}
