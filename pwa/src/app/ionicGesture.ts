/**
 * Ionic's gesture module (`createGesture`: the menu's swipe, swipe back, a toast's swipe), on its
 * own so that {@link loadIonic} can fetch it beside Ionic. IonMenu imports it when it mounts; fetched
 * only then, a phone menu mounted after the first page (App.tsx) could find the signal gone and
 * leave the menu without its swipe and an unhandled rejection (docs/testing.md, "a page error in a
 * passing test"). Once fetched here, IonMenu's own import resolves from the module map.
 */
export { createGesture } from '@ionic/core/components';
