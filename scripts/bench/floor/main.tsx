/**
 * The Lighthouse floor (issue 59): a bare React 19 page rendering a three-field form, react and
 * react-dom only, built by scripts/bench/floor.ts with the app's Vite build options and served by the
 * app's own server. What the app's pages score is judged against this page measured in the same run.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Form() {
  const [sent, setSent] = useState(false);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 480, margin: '0 auto', padding: 16 }}>
      <h1>Get IT support</h1>
      {sent ? (
        <p role="status">Thanks, we have your request.</p>
      ) : (
        <form aria-label="Floor form" onSubmit={(e) => { e.preventDefault(); setSent(true); }}>
          <label style={{ display: 'block', margin: '12px 0' }}>Your name<br /><input name="name" required /></label>
          <label style={{ display: 'block', margin: '12px 0' }}>E-mail<br /><input name="email" type="email" required /></label>
          <label style={{ display: 'block', margin: '12px 0' }}>What is wrong?<br /><textarea name="issue" rows={4} required /></label>
          <button type="submit">Submit</button>
        </form>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Form /></StrictMode>);
