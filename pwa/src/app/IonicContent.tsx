import { useEffect, useRef, type ReactNode } from 'react';
import { IonContent } from '@ionic/react';

/**
 * The staff screens' scroll area: Ionic's IonContent with id `main-content` (the tickets list
 * virtualises against its scroll element), scrolled back to the top when `pathname` changes.
 * Loaded with Ionic by App.tsx only when a staff route opens.
 */
export default function IonicContent({ pathname, children }: { pathname: string; children: ReactNode }) {
  const ref = useRef<HTMLIonContentElement>(null);
  useEffect(() => {
    void ref.current?.scrollToTop(0);
  }, [pathname]);
  return (
    <IonContent ref={ref} id="main-content">
      {children}
    </IonContent>
  );
}
