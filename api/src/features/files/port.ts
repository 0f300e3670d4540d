/** What other features may use of the files feature (DESIGN.md: features share only their port.ts). */
export { assertSafeName } from './service';
