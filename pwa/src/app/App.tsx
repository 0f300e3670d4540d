import { Suspense, useEffect, useRef } from 'react';
import { IonApp, IonContent } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useLocation } from 'react-router-dom';
import { AuthProvider } from '../lib/auth';
import { persistOptions, queryClient } from '../lib/queryClient';
import { ToastProvider } from '../lib/toast';
import { Loading } from '../lib/ui/Loading';
import { OfflineSync } from '../offline';
import { AppHeader } from './AppHeader';
import { AppRoutes } from './AppRoutes';
import { NavMenu } from './NavMenu';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The application: providers (query cache, toasts, router, auth), the phone menu, the shared
 * header and one scrolling content area in which the routes render (SPEC.md 2: "a shared header
 * and a toast area surround all routes"). Routes are plain react-router routes inside
 * IonReactRouter, so every page is a normal scrollable document without stacked hidden pages.
 */
export function App() {
  return (
    <IonApp>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <ToastProvider>
          <IonReactRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <AuthProvider>
              <OfflineSync />
              <NavMenu />
              <div className="ion-page" id="main">
                <AppHeader />
                <MainContent />
              </div>
              {import.meta.env.PROD && <UpdatePrompt />}
            </AuthProvider>
          </IonReactRouter>
        </ToastProvider>
      </PersistQueryClientProvider>
    </IonApp>
  );
}

/** The scroll area; scrolls back to the top when the path changes. */
function MainContent() {
  const ref = useRef<HTMLIonContentElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    void ref.current?.scrollToTop(0);
  }, [pathname]);

  return (
    <IonContent ref={ref} id="main-content">
      <main className="main">
        <Suspense fallback={<Loading />}>
          <AppRoutes />
        </Suspense>
      </main>
    </IonContent>
  );
}
